import Foundation
import Testing
@testable import ProbeServer
import ProbeCatalog
@testable import ProbeHTTP
@testable import ProbeStore

/// A run judged once per catalog (`RunJudgements`): a completed run's judgement is kept with
/// the catalog's version and read back by every reader, on SQLite and PostgreSQL alike. The
/// judge's counter (`RunJudgements.judged`) says how often a run was judged.
@Suite struct RunJudgementTests {
    /// The service on `engine` (PostgreSQL: a fresh database on the test server).
    static func service(_ engine: StoreEngine) throws -> TestService {
        switch engine {
        case .sqlite: return try TestService()
        case .postgres:
            let server = try #require(PostgresTestServer.shared, "the PostgreSQL test server did not start")
            let location = try server.makeDatabase()
            return try TestService { $0.store = .postgres(location) }
        }
    }

    static func judged(_ s: TestService) -> Int { s.service.api.judgements.judged }

    /// A run with a few results, completed through the API (which judges it once).
    static func completedRun(_ s: TestService, label: String = "farm") throws -> String {
        let id = try s.createRun(#"{"label":"\#(label)"}"#)
        let batch = "{\"results\":[" + [
            RunPlatformTests.platformResult(id, userAgent: RunPlatformTests.webView),
            TestService.result(id, "storage.local", observed: #"{"available":true}"#),
            TestService.result(id, "camera.getUserMedia", status: "fail", observed: #"{"outcome":"error","errorName":"NotAllowedError","elapsedMs":8,"promptShown":false}"#),
        ].joined(separator: ",") + "]}"
        let posted = try s.request("POST", "/api/runs/\(id)/results", body: batch)
        guard posted.status == 200 else { throw SocketError(call: "post results: \(posted.status) \(posted.text)", code: 0, detail: "") }
        let completed = try s.request("POST", "/api/runs/\(id)/complete", body: "{}")
        guard completed.status == 200 else { throw SocketError(call: "complete: \(completed.status) \(completed.text)", code: 0, detail: "") }
        return id
    }

    static func read(_ s: TestService, _ path: String) throws -> TestService.Reply {
        try s.request("GET", path, headers: ["Authorization": "Bearer \(s.token)"])
    }

    @Test(arguments: StoreEngine.available)
    func RunsWith60CompletedRuns_JudgesNoneThatAlreadyHasAVerdictOfTheCurrentCatalog(engine: StoreEngine) throws {
        let s = try Self.service(engine)
        let ids = try (0..<RunAPI.matrixRuns).map { try Self.completedRun(s, label: "farm-\($0)") }
        #expect(Self.judged(s) == RunAPI.matrixRuns, "complete judged each run once")
        let before = Self.judged(s)
        let page = try Self.read(s, "/runs")
        #expect(page.status == 200)
        for id in ids { #expect(page.text.contains("href=\"/runs/\(id)\"")) }
        #expect(page.text.contains("✗ FAIL"), "the stored judgements are what the matrix shows")
        _ = try Self.read(s, "/runs")
        #expect(Self.judged(s) == before, "the matrix read every verdict back")
    }

    @Test(arguments: StoreEngine.available)
    func EveryReaderOfACompletedRun_ReadsItsStoredJudgement_AndAgreesWithIt(engine: StoreEngine) throws {
        let s = try Self.service(engine)
        let id = try Self.completedRun(s)
        let other = try Self.completedRun(s)
        let stored = try #require(try s.service.store.judgement(runID: id))
        #expect(stored.catalogVersion == s.service.api.judgements.version.value)
        let before = Self.judged(s)
        let diff = try Self.read(s, "/api/runs/\(id)/diff")
        #expect(diff.text == stored.report, "/diff answers the stored judgement as it is")
        let again = try s.request("POST", "/api/runs/\(id)/complete", body: "{}")
        #expect(again.text == stored.report, "a repeated complete answers it too")
        for format in RunReports.Format.allCases {
            #expect(try Self.read(s, "/api/runs/\(id)/\(format.rawValue)").status == 200, "\(format)")
        }
        #expect(try Self.read(s, "/runs/\(id)").text.contains("Not ready"))
        #expect(try Self.read(s, "/api/compare?a=\(id)&b=\(other)").status == 200)
        #expect(try Self.read(s, "/api/runs/\(id)/diff?requirementSet=liveform").text == stored.report,
                "the run's own profile asked by name is the stored judgement")
        #expect(Self.judged(s) == before)
        let row = try #require(try s.service.store.run(id: id))
        #expect(row.verdict == stored.verdict)
        // Another profile is another question: answered, never kept.
        #expect(try Self.read(s, "/api/runs/\(id)/diff?requirementSet=video-only").status == 200)
        #expect(Self.judged(s) == before + 1)
        #expect(try s.service.store.judgement(runID: id) == stored)
    }

    @Test(arguments: StoreEngine.available)
    func ACatalogChange_ReJudgesAStoredRunOnce(engine: StoreEngine) throws {
        let s = try Self.service(engine)
        let id = try Self.completedRun(s)
        let first = try #require(try s.service.store.judgement(runID: id))
        // The same store read by a server with another catalog: one requirement set fewer.
        let changed = Catalog(probes: Catalog.standard.probes, requirementSets: Catalog.standard.requirementSets.filter { $0.id == Catalog.defaultRequirementSet },
                              checklist: Catalog.standard.checklist)
        let api = RunAPI(store: s.service.store, catalog: changed, token: AccessToken(value: "t"), origins: OriginPlan(),
                         dataDirectory: s.dataDirectory, serverVersion: ProbeService.version)
        #expect(api.judgements.version.value != first.catalogVersion)
        let access = RunAccess(key: nil, hasToken: true)
        _ = try api.document(id, access)
        #expect(api.judgements.judged == 1)
        let rejudged = try #require(try s.service.store.judgement(runID: id))
        #expect(rejudged.catalogVersion == api.judgements.version.value)
        _ = try api.document(id, access)
        _ = try api.diff(id, access, requirementSet: nil, platform: nil)
        _ = try api.judgements.judgements(of: [try #require(try s.service.store.run(id: id))])
        #expect(api.judgements.judged == 1, "judged once for the new catalog, then read back")
    }

    @Test(arguments: StoreEngine.available)
    func AnOpenRun_IsJudgedAtEachRead_AndNeverKept(engine: StoreEngine) throws {
        let s = try Self.service(engine)
        let id = try s.createRun()
        _ = try s.request("POST", "/api/runs/\(id)/results", body: TestService.result(id, "storage.local", observed: #"{"available":true}"#))
        let before = Self.judged(s)
        _ = try Self.read(s, "/api/runs/\(id)/diff")
        _ = try Self.read(s, "/runs")
        #expect(Self.judged(s) == before + 2, "whether it stopped in a step depends on the time of the read")
        #expect(try s.service.store.judgement(runID: id) == nil)
    }

    @Test(arguments: StoreEngine.available)
    func ARunCompletedBeforeJudgementsWereKept_IsJudgedOnceByItsFirstReader(engine: StoreEngine) throws {
        let s = try Self.service(engine)
        let store = s.service.store
        let run = RunRecord(requirementSet: Catalog.defaultRequirementSet, createdAt: Date())
        try store.createRun(run)
        _ = try store.appendResults([ResultRecord(runID: run.id, probe: "storage.local", attempt: 1, status: "pass",
                                                  observed: #"{"available":true}"#, receivedAt: Date())])
        try store.completeRun(id: run.id, at: Date())
        try store.setVerdict(id: run.id, verdict: "incomplete")
        let before = Self.judged(s)
        _ = try Self.read(s, "/runs/\(run.id)")
        _ = try Self.read(s, "/runs/\(run.id)")
        _ = try Self.read(s, "/runs")
        #expect(Self.judged(s) == before + 1)
        #expect(try store.judgement(runID: run.id)?.verdict == "incomplete")
    }

    @Test func CatalogVersion_FollowsTheExportAndTheServer_AndIsComputedOnce() {
        let standard = CatalogVersion(catalog: .standard, serverVersion: "1.0").value
        #expect(standard == CatalogVersion(catalog: .standard, serverVersion: "1.0").value)
        #expect(standard != CatalogVersion(catalog: .standard, serverVersion: "1.1").value)
        let fewer = Catalog(probes: Catalog.standard.probes, requirementSets: Array(Catalog.standard.requirementSets.prefix(1)), checklist: Catalog.standard.checklist)
        #expect(standard != CatalogVersion(catalog: fewer, serverVersion: "1.0").value)
        #expect(standard.count == 32 && standard.allSatisfy(\.isHexDigit))
    }
}

/// The store's side: a judgement kept with a verdict, replaced, read one or a page at a time.
@Suite struct StoredJudgementTests {
    static func judgement(_ version: String, _ verdict: String = "ready") -> StoredJudgement {
        StoredJudgement(catalogVersion: version, verdict: verdict, report: #"{"verdict":"\#(verdict)"}"#,
                        judgedAt: Date(unixMillis: 1_790_000_100_000))
    }

    @Test(arguments: StoreEngine.available) func JudgementKeptWithTheVerdict_IsReplacedForAnotherCatalog_AndTheVerdictFollows(engine: StoreEngine) throws {
        try StoreFixtures.withStore(engine) { store, _ in
            let run = StoreFixtures.run()
            try store.createRun(run)
            #expect(throws: StoreError.invalid(StoredJudgement.notCompleteProblem(run.id))) {
                try store.storeJudgement(id: run.id, Self.judgement("a"))
            }
            try store.completeRun(id: run.id, at: StoreFixtures.epoch.addingTimeInterval(60))
            #expect(try store.setVerdict(id: run.id, verdict: "ready", judgement: Self.judgement("a")))
            #expect(try store.judgement(runID: run.id) == Self.judgement("a"))
            // Another instance lost the race: its judgement does not replace the announced one's.
            #expect(try store.setVerdict(id: run.id, verdict: "not-ready", judgement: Self.judgement("b", "not-ready")) == false)
            #expect(try store.judgement(runID: run.id) == Self.judgement("a"))
            try store.storeJudgement(id: run.id, Self.judgement("b", "not-ready"))
            #expect(try store.judgement(runID: run.id) == Self.judgement("b", "not-ready"))
            #expect(try store.run(id: run.id)?.verdict == "not-ready")
            #expect(throws: StoreError.runNotFound("missing")) { try store.storeJudgement(id: "missing", Self.judgement("a")) }
        }
    }

    @Test(arguments: StoreEngine.available) func JudgementKeptBeforeTheVerdict_LeavesTheVerdictToItsAnnouncement(engine: StoreEngine) throws {
        try StoreFixtures.withStore(engine) { store, _ in
            let run = StoreFixtures.run()
            try store.createRun(run)
            try store.completeRun(id: run.id, at: StoreFixtures.epoch.addingTimeInterval(60))
            try store.storeJudgement(id: run.id, Self.judgement("a", "not-ready"))
            #expect(try store.run(id: run.id)?.verdict == nil)
            #expect(try store.setVerdict(id: run.id, verdict: "not-ready"))
        }
    }

    @Test(arguments: StoreEngine.available) func JudgementsOfAPage_AreReadInOneCall_AndGoWithTheirRun(engine: StoreEngine) throws {
        try StoreFixtures.withStore(engine) { store, _ in
            let runs = (0..<3).map { _ in StoreFixtures.run() }
            for run in runs {
                try store.createRun(run)
                try store.completeRun(id: run.id, at: StoreFixtures.epoch.addingTimeInterval(60))
            }
            try store.storeJudgement(id: runs[0].id, Self.judgement("a"))
            try store.storeJudgement(id: runs[2].id, Self.judgement("b"))
            let found = try store.judgements(runIDs: runs.map(\.id) + ["no-such-run"])
            #expect(found == [runs[0].id: Self.judgement("a"), runs[2].id: Self.judgement("b")])
            #expect(try store.judgements(runIDs: []) == [:])
            _ = try store.deleteRun(id: runs[0].id)
            #expect(try store.judgement(runID: runs[0].id) == nil)
        }
    }
}
