import Foundation
import ProbeCatalog
@testable import ProbeRuns
import ProbeStore
@testable import ProbeStoreTesting
import Synchronization
import Testing

/// The `complete → judge → keep → announce` sequence without the server (`RunCompletion`),
/// against the real stores, with an announcer that records what it was asked to do.
@Suite struct RunCompletionTests {
    /// Every step an announcer was asked for, in order.
    final class RecordingAnnouncer: RunAnnouncer {
        enum Step: Equatable {
            case staged(run: String, verdict: DiffReport.Verdict)
            case withdrawn(run: String)
            case announced(run: String, verdict: DiffReport.Verdict)
        }
        struct Refused: Error {}

        let steps = Mutex<[Step]>([])
        /// Refuses to stage, as a full webhook outbox does.
        let refuses: Bool
        /// What the store held when `announce` was called: the verdict must be on it.
        let store: any RunStore
        let verdictStoredBeforeAnnounce = Mutex<Bool?>(nil)

        init(store: any RunStore, refuses: Bool = false) {
            self.store = store
            self.refuses = refuses
        }

        var recorded: [Step] { steps.withLock { $0 } }

        func stage(_ run: RunRecord, _ report: DiffReport) throws -> String {
            if refuses { throw Refused() }
            steps.withLock { $0.append(.staged(run: run.id, verdict: report.verdict)) }
            return run.id
        }

        func withdraw(_ staged: String) {
            steps.withLock { $0.append(.withdrawn(run: staged)) }
        }

        func announce(_ run: RunRecord, _ report: DiffReport, _ staged: String) {
            let stored = (try? store.run(id: run.id))??.verdict == report.verdict
            verdictStoredBeforeAnnounce.withLock { $0 = stored }
            steps.withLock { $0.append(.announced(run: staged, verdict: report.verdict)) }
        }
    }

    static func completion(_ store: any RunStore) -> RunCompletion {
        RunCompletion(judgements: RunJudgementsTests.judgements(store))
    }

    static let completedAt = StoreFixtures.epoch.addingTimeInterval(60)

    @Test(arguments: StoreEngine.available)
    func TheFirstCompletion_JudgesKeepsAndAnnouncesOnce(engine: StoreEngine) throws {
        try StoreFixtures.withStore(engine) { store, _ in
            let run = try RunJudgementsTests.run(in: store, completed: false)
            let completion = Self.completion(store)
            let announcer = RecordingAnnouncer(store: store)
            let judgement = try completion.completeAndWait(run.id, at: Self.completedAt, announcer: announcer)
            let verdict = judgement.report.verdict
            #expect(announcer.recorded == [.staged(run: run.id, verdict: verdict), .announced(run: run.id, verdict: verdict)])
            #expect(announcer.verdictStoredBeforeAnnounce.withLock { $0 } == true, "announced after the verdict's commit")
            let stored = try #require(try store.run(id: run.id))
            #expect(stored.isCompleted && stored.verdict == verdict)
            let kept = try #require(try store.judgement(runID: run.id))
            #expect(kept.catalogVersion == completion.judgements.version.value)
            #expect(kept.report == judgement.stored?.report)
            #expect(completion.judgements.judged == 1)
        }
    }

    @Test(arguments: StoreEngine.available)
    func ASecondCompletion_AnnouncesNothing_AndAnswersTheSameReport(engine: StoreEngine) throws {
        try StoreFixtures.withStore(engine) { store, _ in
            let run = try RunJudgementsTests.run(in: store, completed: false)
            let completion = Self.completion(store)
            let first = try completion.completeAndWait(run.id, at: Self.completedAt, announcer: RecordingAnnouncer(store: store))
            let again = RecordingAnnouncer(store: store)
            let second = try completion.completeAndWait(run.id, at: Self.completedAt.addingTimeInterval(5), announcer: again)
            #expect(again.recorded.isEmpty)
            #expect(second.stored?.report == first.stored?.report)
            #expect(second.report == first.report)
            #expect(completion.judgements.judged == 1, "the kept judgement is read back, not judged again")
            // Another process on the same store (a restart) answers the same, announcing nothing.
            let restarted = RecordingAnnouncer(store: store)
            let third = try Self.completion(store).completeAndWait(run.id, at: Self.completedAt, announcer: restarted)
            #expect(restarted.recorded.isEmpty && third.stored?.report == first.stored?.report)
        }
    }

    @Test(arguments: StoreEngine.available)
    func ARefusedAnnouncement_LeavesTheRunCompleteButNotJudged_AndARetryJudgesIt(engine: StoreEngine) throws {
        try StoreFixtures.withStore(engine) { store, _ in
            let run = try RunJudgementsTests.run(in: store, completed: false)
            let completion = Self.completion(store)
            let full = RecordingAnnouncer(store: store, refuses: true)
            #expect(throws: RecordingAnnouncer.Refused.self) {
                try completion.completeAndWait(run.id, at: Self.completedAt, announcer: full)
            }
            #expect(full.recorded.isEmpty)
            let refused = try #require(try store.run(id: run.id))
            #expect(refused.isCompleted && refused.verdict == nil && !refused.isAnnounced)
            #expect(try store.judgement(runID: run.id) == nil)
            // The outbox drained: the retried completion judges and announces.
            let drained = RecordingAnnouncer(store: store)
            let judgement = try completion.completeAndWait(run.id, at: Self.completedAt, announcer: drained)
            #expect(drained.recorded == [.staged(run: run.id, verdict: judgement.report.verdict),
                                         .announced(run: run.id, verdict: judgement.report.verdict)])
            #expect(try store.run(id: run.id)?.verdict == judgement.report.verdict)
        }
    }

    @Test func AnUnknownRun_IsAnErrorAndAnnouncesNothing() throws {
        try StoreFixtures.withStore(.sqlite) { store, _ in
            let announcer = RecordingAnnouncer(store: store)
            #expect(throws: (any Error).self) {
                try Self.completion(store).completeAndWait(RunID.generate(), at: Self.completedAt, announcer: announcer)
            }
            #expect(announcer.recorded.isEmpty)
        }
    }

    @Test func CallsAtOnce_AreJudgedAndAnnouncedOnce() throws {
        try StoreFixtures.withStore(.sqlite) { store, _ in
            let run = try RunJudgementsTests.run(in: store, completed: false)
            let completion = Self.completion(store)
            let announcer = RecordingAnnouncer(store: store)
            let reports = Mutex<[String?]>([])
            let answered = DispatchGroup()
            for _ in 0..<8 {
                answered.enter()
                completion.complete(run.id, at: Self.completedAt, announcer: announcer) { outcome in
                    reports.withLock { $0.append((try? outcome.get())?.stored?.report) }
                    answered.leave()
                }
            }
            answered.wait()
            let answers = reports.withLock { $0 }
            #expect(answers.count == 8 && Set(answers).count == 1 && answers[0] != nil)
            #expect(announcer.recorded.filter { if case .announced = $0 { true } else { false } }.count == 1)
            #expect(completion.judgements.judged == 1)
        }
    }
}
