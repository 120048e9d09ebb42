import Foundation
import ProbeCatalog
@testable import ProbeRuns
import ProbeStore
@testable import ProbeStoreTesting
import Testing

/// The judge→keep sequence without the server (`RunJudgements`): a completed run is judged
/// once per catalog and read back, an open run at each read; on SQLite and PostgreSQL alike.
@Suite struct RunJudgementsTests {
    /// A run with a platform and a camera failure in `store`, completed when `completed`.
    static func run(in store: any TestedStore, completed: Bool) throws -> RunRecord {
        let run = StoreFixtures.run()
        try store.createRun(run)
        _ = try store.appendResults([
            StoreFixtures.result(run.id, "storage.local", observed: #"{"available":true}"#),
            StoreFixtures.result(run.id, "camera.getUserMedia", status: "fail",
                                 observed: #"{"outcome":"error","errorName":"NotAllowedError","elapsedMs":8,"promptShown":false}"#),
        ])
        if completed { try store.completeRun(id: run.id, at: StoreFixtures.epoch.addingTimeInterval(60)) }
        return try #require(try store.run(id: run.id))
    }

    static func judgements(_ store: any RunStore, serverVersion: String = "1.0") -> RunJudgements {
        RunJudgements(store: store, catalog: .standard, version: CatalogVersion(catalog: .standard, serverVersion: serverVersion))
    }

    @Test(arguments: StoreEngine.available)
    func ACompletedRun_IsJudgedOnce_KeptWithTheKey_AndReadBack(engine: StoreEngine) throws {
        try StoreFixtures.withStore(engine) { store, _ in
            let run = try Self.run(in: store, completed: true)
            let judgements = Self.judgements(store)
            let first = try judgements.judgement(of: run)
            #expect(first.isFresh && first.report.judgedBy == judgements.version.judgedBy)
            let kept = try #require(try store.judgement(runID: run.id))
            #expect(kept.catalogVersion == judgements.version.value)
            #expect(kept.verdict == first.report.verdict.rawValue)
            let again = try judgements.judgement(of: run)
            #expect(!again.isFresh && again.stored?.report == kept.report)
            #expect(judgements.judged == 1)
            // Another build or version judges it once more, and keeps that.
            let other = Self.judgements(store, serverVersion: "1.1")
            #expect(try other.judgement(of: run).isFresh)
            #expect(try store.judgement(runID: run.id)?.catalogVersion == other.version.value)
        }
    }

    @Test(arguments: StoreEngine.available)
    func AnOpenRun_IsJudgedAtEachRead_AndNeverKept(engine: StoreEngine) throws {
        try StoreFixtures.withStore(engine) { store, _ in
            let run = try Self.run(in: store, completed: false)
            let judgements = Self.judgements(store)
            _ = try judgements.judgement(of: run)
            _ = try judgements.judgement(of: run)
            #expect(judgements.judged == 2)
            #expect(try store.judgement(runID: run.id) == nil)
        }
    }

    @Test func AnotherProfile_IsAnAnswerNotKept() throws {
        try StoreFixtures.withStore { store, _ in
            let run = try Self.run(in: store, completed: true)
            let judgements = Self.judgements(store)
            let other = try #require(Catalog.standard.requirementSets.first { $0.id != run.requirementSet }?.id)
            let answer = try judgements.judgement(of: run, requirementSet: other, platform: nil)
            #expect(answer.stored == nil && answer.report.requirementSet == other)
            #expect(try store.judgement(runID: run.id) == nil)
            #expect(RunJudgements.isOwn(run, requirementSet: run.requirementSet) && !RunJudgements.isOwn(run, requirementSet: other))
        }
    }

    /// An allowance that refuses: nothing is parsed nor counted.
    struct Spent: JudgingAllowance {
        struct Refused: Error {}
        func spend(_ bytes: Int) throws { throw Refused() }
    }

    @Test func ASpentAllowance_StopsTheJudgementBeforeAnyParse() throws {
        try StoreFixtures.withStore { store, _ in
            let run = try Self.run(in: store, completed: false)
            let judgements = Self.judgements(store)
            #expect(throws: Spent.Refused.self) { try judgements.judgement(of: run, allowance: Spent()) }
            #expect(judgements.judged == 0 && judgements.judgedObservationBytes == 0)
        }
    }
}
