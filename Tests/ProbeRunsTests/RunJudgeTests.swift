import Foundation
import ProbeCatalog
import ProbeRuns
import ProbeStore
@testable import ProbeStoreTesting
import Testing

/// The one judge (`RunJudge.report`): stored records and a file's results reach the same diff.
@Suite struct RunJudgeTests {
    static func records(_ run: RunRecord) -> [ResultRecord] {
        [
            StoreFixtures.result(run.id, "storage.local", observed: #"{"available":true}"#),
            StoreFixtures.result(run.id, "camera.getUserMedia", status: "fail",
                                 observed: #"{"outcome":"error","errorName":"NotAllowedError","elapsedMs":8,"promptShown":false}"#),
        ]
    }

    @Test func StoredRecords_AndTheirParsedResults_AreJudgedAlike() throws {
        let run = StoreFixtures.run()
        let records = Self.records(run)
        let now = StoreFixtures.epoch.addingTimeInterval(3600)
        let stored = try RunJudge.report(run: run, records: records, now: now)
        let parsed = try RunJudge.report(run: run, results: records.map(RunJudge.probeResult),
                                         lastActivity: records.map(\.receivedAt).max(), now: now)
        #expect(stored == parsed)
        #expect(stored.finding(ProbeID(rawValue: "camera.getUserMedia"))?.verdict == .fail)
    }

    @Test func AStopInsideAStep_IsFoundFromTheLastActivity() throws {
        let run = StoreFixtures.run()
        let marker = ProbeResult(run: run.id, probe: ProbeID(rawValue: "step.started"), attempt: 1, status: .info,
                                 observed: ["step": .string("camera.getUserMedia"), "stepAttempt": .number(1)],
                                 elapsedMs: 0, at: "2026-12-01T09:00:00Z")
        let last = StoreFixtures.epoch
        let fresh = try RunJudge.report(run: run, results: [marker], lastActivity: last, now: last)
        let stalled = try RunJudge.report(run: run, results: [marker], lastActivity: last,
                                          now: last.addingTimeInterval(Diff.stalledStepSeconds + 1))
        #expect(fresh.finding(ProbeID(rawValue: "camera.getUserMedia"))?.verdict != .fail)
        #expect(stalled.finding(ProbeID(rawValue: "camera.getUserMedia"))?.verdict == .fail)
    }

    @Test func AnUnknownProfile_IsItsOwnError() {
        let run = StoreFixtures.run()
        #expect(throws: RunJudge.UnknownRequirementSet.self) {
            try RunJudge.report(run: run, results: [], lastActivity: nil, requirementSet: "no-such-set")
        }
    }
}
