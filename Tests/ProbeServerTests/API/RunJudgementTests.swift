import Foundation
import Testing
@testable import ProbeServer
import ProbeCatalog
@testable import ProbeHTTP
@testable import ProbeStore
@testable import ProbeStoreTesting
@testable import ProbeServerTesting
import ProbeRuns

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
        #expect(row.verdict?.rawValue == stored.verdict)
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
        _ = try api.document(id, access, nil)
        #expect(api.judgements.judged == 1)
        let rejudged = try #require(try s.service.store.judgement(runID: id))
        #expect(rejudged.catalogVersion == api.judgements.version.value)
        _ = try api.document(id, access, nil)
        _ = try api.diff(id, access, requirementSet: nil, platform: nil, requireTaps: nil, allowance: nil)
        _ = try api.judgements.judgements(of: [try #require(try s.service.store.run(id: id))])
        #expect(api.judgements.judged == 1, "judged once for the new catalog, then read back")
    }

    /// An open run whose `count` results observe `varied`, posted by its creator (no token).
    static func runObservingVaried(_ s: TestService, count: Int) throws -> String {
        let id = try s.createRun()
        let posted = (1...count).map { TestService.result(id, "storage.local", attempt: $0, observed: Self.varied) }
        let reply = try s.request("POST", "/api/runs/\(id)/results", body: "{\"results\":[" + posted.joined(separator: ",") + "]}")
        guard reply.status == 200 else { throw SocketError(call: "post results: \(reply.status) \(reply.text)", code: 0, detail: "") }
        return id
    }

    /// Observations of every JSON shape, escapes and non-ASCII text included.
    static let varied = #"{"available":true,"n":-0.5e3,"list":[1,"a\u00e9\"b",null,{"x":[]}],"text":"ÿ ☃ \\ \/","nested":{"deep":{"k":false}}}"#

    @Test(arguments: StoreEngine.available)
    func ACompletedRunsReaders_ParseNoObservation_AndReportJSONCarriesEachAsPosted(engine: StoreEngine) throws {
        let s = try Self.service(engine)
        let id = try Self.runObservingVaried(s, count: 40)
        #expect(try s.request("POST", "/api/runs/\(id)/complete", body: "{}").status == 200)
        let parsed = s.service.api.judgements.judgedObservationBytes
        #expect(parsed > 0, "complete judged the run, parsing its observations once")
        for path in ["/api/runs/\(id)/report.json", "/api/runs/\(id)/report.md", "/api/runs/\(id)/report.junit.xml",
                     "/api/runs/\(id)/diff", "/runs/\(id)", "/runs"] {
            #expect(try Self.read(s, path).status == 200, "\(path)")
            #expect(try s.request("GET", path).status == (path == "/runs" ? 401 : 200), "\(path) without the token")
        }
        #expect(s.service.api.judgements.judgedObservationBytes == parsed, "every reader read the kept judgement back")
        let json = try Self.read(s, "/api/runs/\(id)/report.json")
        let document = try RunReportDocument.decode(json.body)
        let expected = try #require(JSONValue.parse(text: Self.varied))
        #expect(document.results.count == 40)
        #expect(document.results.allSatisfy { $0.observed == expected }, "each observation is the value the page posted")
        let metrics = try Self.read(s, "/metrics").text
        #expect(metrics.contains("probe_judged_observation_bytes_total \(parsed)"))
    }

    @Test func ACompletedRunsReport_IsTheTextOfItsJudgement_AndADeletedChosenIdMadeAgainGetsItsOwn() throws {
        let s = try TestService()
        let id = try Self.completedRun(s, label: "first")
        let judgedAt = try #require(try s.service.store.judgement(runID: id)).judgedAt
        for format in ["report.json", "report.md", "report.junit.xml"] {
            let first = try Self.read(s, "/api/runs/\(id)/\(format)")
            let second = try Self.read(s, "/api/runs/\(id)/\(format)")
            #expect(first.status == 200 && first.body == second.body, "\(format)")
        }
        let document = try RunReportDocument.decode(try Self.read(s, "/api/runs/\(id)/report.json").body)
        #expect(RFC3339.formatSeconds(document.generatedAt) == RFC3339.formatSeconds(judgedAt), "generated when it was judged")
        let page = try Self.read(s, "/runs/\(id)").text
        #expect(page == (try Self.read(s, "/runs/\(id)").text))
        // A chosen id deleted and made again is another run, with its own report.
        let chosen = try s.createRun(#"{"id":"ci-4711","label":"first-of-ci-4711"}"#)
        _ = try s.request("POST", "/api/runs/\(chosen)/complete", body: "{}")
        #expect(try Self.read(s, "/api/runs/\(chosen)/report.md").text.contains("first-of-ci-4711"))
        #expect(try s.request("DELETE", "/api/runs/\(chosen)", headers: ["Authorization": "Bearer \(s.token)"]).status == 204)
        _ = try s.createRun(#"{"id":"ci-4711","label":"second-of-ci-4711"}"#)
        _ = try s.request("POST", "/api/runs/\(chosen)/complete", body: "{}")
        let again = try Self.read(s, "/api/runs/\(chosen)/report.md").text
        #expect(again.contains("second-of-ci-4711") && !again.contains("first-of-ci-4711"))
    }

    @Test(arguments: StoreEngine.available)
    func AnonymousJudging_BeyondTheAddressesShare_Is429NamingTheLimit_WhileTheTokenHolderIsServed(engine: StoreEngine) throws {
        let s = try Self.service(engine)
        let id = try Self.runObservingVaried(s, count: 20)
        // Another profile of a run is judged at each read: the address pays for it.
        let path = "/api/runs/\(id)/diff?platform=ios-safari"
        #expect(try s.request("GET", path).status == 200)
        // Spend the address's share, as a client that asked for many full runs would have.
        s.service.api.judgedObservations.exhaust(AddressBlock.key("127.0.0.1"), for: 600, nowNanos: EventLoop.monotonicNow().nanoseconds)
        let before = s.service.api.judgements.judgedObservationBytes
        let refused = try s.request("GET", path)
        #expect(refused.status == 429)
        #expect((refused.json["error"] as? [String: Any])?["code"] as? String == "too_many_judgements")
        #expect(refused.text.contains("4 MiB a second"), "the refusal names the limit")
        #expect(refused.headers["Retry-After"] != nil)
        #expect(try s.request("GET", "/api/runs/\(id)/report.json").status == 429, "a report of an open run judges it too")
        #expect(s.service.api.judgements.judgedObservationBytes == before, "nothing was parsed for the refused reads")
        #expect(try Self.read(s, path).status == 200, "the token holder is not counted")
    }

    @Test func OneAddress_AddsAtMostItsShareOfTheStoreAnHour_AndTheTokenHolderIsNotCounted() throws {
        // A 4 MiB store: one address may add 1 MiB an hour without the token.
        let s = try TestService { $0.quotas.maxStoreBytes = 4 * 1024 * 1024 }
        let id = try s.createRun()
        let big = #"{"note":""# + String(repeating: "x", count: 200_000) + #""}"#
        var statuses: [Int] = []
        for attempt in 1...6 {
            statuses.append(try s.request("POST", "/api/runs/\(id)/results", body: TestService.result(id, "storage.local", attempt: attempt, observed: big)).status)
        }
        #expect(statuses.prefix(3).allSatisfy { $0 == 200 } && statuses.last == 429, "\(statuses)")
        let refused = try s.request("POST", "/api/runs/\(id)/results", body: TestService.result(id, "storage.local", attempt: 9, observed: big))
        #expect((refused.json["error"] as? [String: Any])?["code"] as? String == "address_bytes_quota")
        #expect(refused.errorMessage.contains("1 MiB an hour") && refused.errorMessage.contains("--max-store"), "\(refused.errorMessage)")
        #expect(refused.headers["Retry-After"] != nil)
        #expect(try s.service.store.results(runID: id).count == statuses.filter { $0 == 200 }.count, "nothing refused was stored")
        // The token holder posts on.
        let withToken = try s.request("POST", "/api/runs/\(id)/results", body: TestService.result(id, "storage.local", attempt: 10, observed: big),
                                      headers: ["Authorization": "Bearer \(s.token)"])
        #expect(withToken.status == 200)
    }

    @Test(arguments: StoreEngine.available)
    func RunsPage_JudgesOpenRunsUpToItsBound_AndShowsTheRestAsRunning(engine: StoreEngine) throws {
        let s = try Self.service(engine)
        var ids: [String] = []
        for _ in 0..<3 { ids.append(try Self.runObservingVaried(s, count: 10)) }
        let runs = try s.service.store.listRuns(filter: RunFilter(limit: 60)).items
        let oneRun = RunJudgements.observationBytes(try s.service.store.results(runID: ids[0]))
        let judgements = RunJudgements(store: s.service.store, catalog: .standard, version: s.service.api.judgements.version,
                                       matrixBudget: 2 * oneRun)
        let (reports, deferred) = try judgements.judgements(of: runs)
        #expect(reports.count == 2 && deferred.count == 1, "two runs' observations fit the bound, the third waits")
        #expect(judgements.judgedObservationBytes == 2 * oneRun)
        #expect(deferred.contains(ids[0]), "the newest runs are judged first")
        let html = RunMatrixPage.html(rows: runs.map { RunMatrixRow(run: $0, report: reports[$0.id], deferred: deferred.contains($0.id)) },
                                      filter: RunMatrixFilter())
        #expect(html.contains("still running, not judged on this page"))
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
            #expect(try store.run(id: run.id)?.verdict == .notReady)
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

    @Test func AJudgedRun_SaysWhichBuildJudgedIt_InItsDiffAndItsReport() throws {
        let s = try TestService()
        let id = try RunJudgementTests.completedRun(s)
        let diff = try JSONDecoder().decode(DiffReport.self, from: Data(try RunJudgementTests.read(s, "/api/runs/\(id)/diff").text.utf8))
        let judge = try #require(diff.judgedBy, "the diff names its judge")
        #expect(judge.version == ProbeService.version)
        #expect(judge.build == BuildIdentity.current && judge.build != "unknown", "the executable's own hash")
        #expect(judge.key == s.service.api.judgements.version.value, "the key the verdict was kept under")
        #expect(try RunJudgementTests.read(s, "/runs/\(id)").text.contains("judged by probe-server \(ProbeService.version), build \(judge.build.prefix(12))"))
    }
}
