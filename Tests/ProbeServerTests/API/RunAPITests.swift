import Foundation
import Testing
@testable import ProbeServer
import ProbeCatalog
@testable import ProbeHTTP
@testable import ProbeStore
@testable import ProbeHTTPTesting
@testable import ProbeServerTesting
import ProbeRuns

/// The run API over real sockets against the real store.
@Suite struct RunAPITests {
    @Test func CreatedRun_HasA128BitIdAndItsURLs() throws {
        let s = try TestService()
        let r = try s.request("POST", "/api/runs", body: #"{"label":"pixel-7 nightly","metadata":{"appVersion":"2.3.1","build":42}}"#)
        #expect(r.status == 201)
        let id = try #require(r.json["id"] as? String)
        #expect(id.count == 32)
        let key = try #require(r.json["writeKey"] as? String)
        #expect(key.count == 32 && key != id)
        #expect(r.json["url"] as? String == "/?run=\(id)&key=\(key)")
        #expect(r.headers["location"] == "/api/runs/\(id)")
        #expect((r.json["metadata"] as? [String: Any])?["build"] as? Int == 42)
        let got = try s.request("GET", "/api/runs/\(id)")
        #expect(got.json["label"] as? String == "pixel-7 nightly")
    }

    @Test func PostedResult_IsStoredBeforeItIsAcknowledged_AndResendingIsIdempotent() throws {
        let s = try TestService()
        let id = try s.createRun()
        let body = TestService.result(id, "storage.local", observed: #"{"available":true}"#)
        let first = try s.request("POST", "/api/runs/\(id)/results", body: body)
        #expect(first.status == 200)
        #expect(first.json["accepted"] as? Int == 1)
        // The acknowledgement means committed: a reader sees it at once.
        #expect(try s.service.store.results(runID: id).count == 1)
        let again = try s.request("POST", "/api/runs/\(id)/results", body: body)
        #expect(again.json["accepted"] as? Int == 0)
        #expect(again.json["duplicates"] as? Int == 1)
        let different = try s.request("POST", "/api/runs/\(id)/results",
                                       body: TestService.result(id, "storage.local", status: "fail", observed: #"{"available":false}"#))
        #expect(different.json["conflicts"] as? Int == 1)
        #expect(try s.service.store.results(runID: id).first?.status == "pass")
    }

    @Test func StepStartedMarker_IsAccepted_AndAStopAfterItIsJudgedWithTheTime() throws {
        let s = try TestService()
        let id = try s.createRun()
        let marker = #"{"run":"RUN","probe":"step.started","attempt":1,"status":"info","observed":{"step":"camera.getUserMedia","stepAttempt":1},"elapsedMs":0,"at":"2026-12-01T09:00:00Z"}"#
        let r = try s.request("POST", "/api/runs/\(id)/results", body: marker.replacingOccurrences(of: "RUN", with: id))
        #expect(r.status == 200)
        #expect(r.json["accepted"] as? Int == 1)
        let run = try #require(try s.service.store.run(id: id))
        let records = try s.service.store.results(runID: id)
        let later = try #require(records.first?.receivedAt).addingTimeInterval(Diff.stalledStepSeconds + 1)
        let judged = try RunJudge.report(run: run, records: records, now: later)
        #expect(judged.finding("camera.getUserMedia")?.verdict == .fail)
        #expect(judged.unknownProbes.isEmpty)
        let diff = try s.request("GET", "/api/runs/\(id)/diff")
        #expect(diff.status == 200, "just posted: not yet a stop")
    }

    @Test func Batch_IsStoredWhole() throws {
        let s = try TestService()
        let id = try s.createRun()
        let batch = "{\"results\":[" + [
            TestService.result(id, "storage.local"), TestService.result(id, "storage.session"),
            TestService.result(id, "nav.windowOpen", status: "skipped", reason: "needs-operator"),
        ].joined(separator: ",") + "]}"
        let r = try s.request("POST", "/api/runs/\(id)/results", body: batch)
        #expect(r.status == 200)
        #expect(r.json["accepted"] as? Int == 3)
        let stored = try s.service.store.results(runID: id)
        #expect(stored.map(\.probe) == ["storage.local", "storage.session", "nav.windowOpen"])
        #expect(stored.last?.reason == "needs-operator")
    }

    /// The decoder and the store share one limit: the largest batch the API takes is stored
    /// whole, and one more result is the client's 400 naming `results`, never the store's refusal.
    @Test func LargestAcceptedBatch_IsOneStoreWrite_AndOneMoreIs400() throws {
        let s = try TestService()
        let id = try s.createRun()
        func batch(_ n: Int) -> String {
            "{\"results\":[" + (1...n).map { TestService.result(id, "storage.local", attempt: $0) }.joined(separator: ",") + "]}"
        }
        let over = try s.request("POST", "/api/runs/\(id)/results", body: batch(ResultDecoder.maxBatchCount + 1))
        #expect(over.status == 400)
        #expect(over.errorField == "results")
        let full = try s.request("POST", "/api/runs/\(id)/results", body: batch(ResultDecoder.maxBatchCount))
        #expect(full.status == 200, "\(full.text)")
        #expect(full.json["accepted"] as? Int == ResultDecoder.maxBatchCount)
        #expect(StoreLimits.maxResultsPerWrite == ResultDecoder.maxBatchCount)
    }

    @Test(arguments: [
        ("not json", "invalid_json", nil as String?),
        (#"{"run":"RUN","probe":"storage.local","attempt":"one","status":"pass","observed":{},"elapsedMs":1,"at":"2026-11-30T03:00:00Z"}"#, "invalid_field", "attempt"),
        (#"{"results":[{"run":"RUN","probe":"no.such.probe","attempt":1,"status":"pass","observed":{},"elapsedMs":1,"at":"2026-11-30T03:00:00Z"}]}"#, "unknown_probe", "results[0].probe"),
        (#"{"run":"other","probe":"storage.local","attempt":1,"status":"pass","observed":{},"elapsedMs":1,"at":"2026-11-30T03:00:00Z"}"#, "invalid_field", "run"),
        (#"{"run":"RUN","probe":"storage.local","attempt":1,"status":"maybe","observed":{},"elapsedMs":1,"at":"2026-11-30T03:00:00Z"}"#, "invalid_field", "status"),
        (#"{"results":[]}"#, "empty_batch", "results"),
        (#"{"run":"RUN","probe":"storage.local","attempt":1e400,"status":"pass","observed":{},"elapsedMs":1,"at":"2026-11-30T03:00:00Z"}"#, nil, nil),
    ])
    func MalformedResult_Is400NamingTheField_AndNothingIsStored(body: String, code: String?, field: String?) throws {
        let s = try TestService()
        let id = try s.createRun()
        let r = try s.request("POST", "/api/runs/\(id)/results", body: body.replacingOccurrences(of: "RUN", with: id))
        #expect(r.status == 400, "\(r.text)")
        if let code { #expect((r.json["error"] as? [String: Any])?["code"] as? String == code, "\(r.text)") }
        if let field { #expect(r.errorField == field, "\(r.text)") }
        #expect(!r.errorMessage.isEmpty)
        #expect(try s.service.store.results(runID: id).isEmpty)
    }

    @Test func ResultsForAnUnknownRun_Are404() throws {
        let s = try TestService()
        let r = try s.request("POST", "/api/runs/abcdef/results", body: TestService.result("abcdef", "storage.local"))
        #expect(r.status == 404)
        #expect(r.errorMessage.contains("POST /api/runs"))
    }

    @Test func InvalidRunId_Is400() throws {
        let s = try TestService()
        for path in ["/api/runs/a%20b", "/api/runs/%3Cscript%3E", "/api/runs/" + String(repeating: "a", count: 65)] {
            let r = try s.request("GET", path)
            #expect(r.status == 400, "\(path) → \(r.status)")
            #expect(r.errorField == "run")
        }
    }

    @Test func OversizedResultBody_Is413() throws {
        let s = try TestService()
        let id = try s.createRun()
        let big = String(repeating: "x", count: 1_200_000)
        let r = try s.request("POST", "/api/runs/\(id)/results", body: "{\"pad\":\"\(big)\"}")
        #expect(r.status == 413)
    }

    @Test func UnknownRequirementSetOrPlatform_Is400() throws {
        let s = try TestService()
        #expect(try s.request("POST", "/api/runs", body: #"{"requirementSet":"nope"}"#).errorField == "requirementSet")
        #expect(try s.request("POST", "/api/runs", body: #"{"platform":"windows-phone"}"#).errorField == "platform")
        #expect(try s.request("POST", "/api/runs", body: #"{"metadata":{"nested":{"a":1}}}"#).status == 400)
        #expect(try s.request("POST", "/api/runs", body: #"{"label":5}"#).errorField == "label")
    }

    @Test func Complete_JudgesTheRun_AndWaitReturnsTheVerdict() throws {
        let s = try TestService()
        let id = try s.createRun(#"{"platform":"android-webview"}"#)
        _ = try s.request("POST", "/api/runs/\(id)/results", body: TestService.result(id, "storage.local", status: "fail",
                                                                                       observed: #"{"available":false,"errorName":"SecurityError"}"#))
        let before = try s.request("GET", "/api/runs/\(id)/wait?timeout=0")
        #expect(before.json["completed"] as? Bool == false)
        let registered = DispatchSemaphore(value: 0)
        s.service.api.waiters.onRegistered = { run in if run == id { registered.signal() } }
        let done = DispatchSemaphore(value: 0)
        let waited = LockedBox<TestService.Reply?>(nil)
        Thread {
            // Its own timer is far off: only `complete` can answer it while the client listens.
            waited.value = try? s.request("GET", "/api/runs/\(id)/wait?timeout=600")
            done.signal()
        }.start()
        try #require(registered.wait(timeout: .now() + 60) == .success, "the wait never registered")
        let complete = try s.request("POST", "/api/runs/\(id)/complete")
        #expect(complete.status == 200)
        #expect(complete.json["verdict"] as? String == "not-ready")
        #expect(done.wait(timeout: .now() + 60) == .success)
        #expect(waited.value?.json["completed"] as? Bool == true)
        #expect(waited.value?.json["verdict"] as? String == "not-ready")
        let diff = try s.request("GET", "/api/runs/\(id)/diff")
        let findings = diff.json["findings"] as? [[String: Any]] ?? []
        let storage = findings.first { $0["probe"] as? String == "storage.local" }
        #expect(storage?["verdict"] as? String == "fail")
        let fixes = (storage?["remedy"] as? [String: Any])?["fixes"] as? [[String: Any]] ?? []
        #expect(fixes.contains { $0["wrapper"] as? String == "native-android" && $0["code"] is String })
    }

    @Test func Complete_CarryingTheLastResults_StoresThemBeforeItJudges() throws {
        let s = try TestService()
        let id = try s.createRun(#"{"platform":"android-webview"}"#)
        let last = TestService.result(id, "storage.local", status: "fail", observed: #"{"available":false,"errorName":"SecurityError"}"#)
        let complete = try s.request("POST", "/api/runs/\(id)/complete", body: #"{"results":["# + last + "]}")
        #expect(complete.status == 200)
        #expect(complete.json["verdict"] as? String == "not-ready")
        let storage = (complete.json["findings"] as? [[String: Any]] ?? []).first { $0["probe"] as? String == "storage.local" }
        #expect(storage?["verdict"] as? String == "fail", "the carried result was judged")
        #expect(try s.service.store.results(runID: id).count == 1)
        // Frozen after it: a later batch is refused, a later completion answers the same verdict.
        #expect(try s.request("POST", "/api/runs/\(id)/results", body: TestService.result(id, "storage.session")).status == 409)
        #expect(try s.request("POST", "/api/runs/\(id)/complete", body: "{}").json["verdict"] as? String == "not-ready")
    }

    @Test func Complete_CarryingABadResult_IsRefusedWithItsField_AndLeavesTheRunOpen() throws {
        let s = try TestService()
        let id = try s.createRun()
        let bad = try s.request("POST", "/api/runs/\(id)/complete", body: #"{"results":[{"run":"\#(id)","probe":"no.such","attempt":1,"status":"pass","observed":{},"elapsedMs":1,"at":"2026-12-05T00:00:00Z"}]}"#)
        #expect(bad.status == 400)
        #expect(bad.json["error"].flatMap { ($0 as? [String: Any])?["code"] as? String } == "unknown_probe")
        #expect(try s.request("GET", "/api/runs/\(id)").json["completedAt"] == nil)
    }

    /// A run's later results POSTs check its key without reading the run (`WrittenRuns`); the
    /// check and the store still refuse what they refused before.
    @Test func RunKeptForItsResults_StillRefusesAStranger_AndItsDeletionAndCompletion() throws {
        let s = try TestService()
        let id = try s.createRun()
        #expect(try s.request("POST", "/api/runs/\(id)/results", body: TestService.result(id, "storage.local")).status == 200)
        #expect(s.service.api.writtenRuns.run(id) != nil, "the first batch keeps the run")
        #expect(try s.request("POST", "/api/runs/\(id)/results", body: TestService.result(id, "storage.session"), as: .stranger).status == 404)
        #expect(try s.request("POST", "/api/runs/\(id)/results", body: TestService.result(id, "storage.session"), as: .key("0" + String(repeating: "1", count: 31))).status == 404)
        #expect(try s.request("POST", "/api/runs/\(id)/complete", body: "{}").status == 200)
        #expect(s.service.api.writtenRuns.run(id) == nil, "its completion forgets it")
        #expect(try s.request("POST", "/api/runs/\(id)/results", body: TestService.result(id, "storage.indexedDB")).status == 409)

        let deleted = try s.createRun()
        #expect(try s.request("POST", "/api/runs/\(deleted)/results", body: TestService.result(deleted, "storage.local")).status == 200)
        // Deleted behind this instance's back (another instance of a team's store): the
        // record kept here still passes the key, and the store refuses the results.
        _ = try s.service.store.deleteRun(id: deleted)
        #expect(s.service.api.writtenRuns.run(deleted) != nil)
        #expect(try s.request("POST", "/api/runs/\(deleted)/results", body: TestService.result(deleted, "storage.session")).status == 404)

        // A run whose id was chosen is never kept: it may be made again with another key.
        let chosen = try s.createRun(#"{"id":"chosen-run-kept-never"}"#)
        #expect(try s.request("POST", "/api/runs/\(chosen)/results", body: TestService.result(chosen, "storage.local")).status == 200)
        #expect(s.service.api.writtenRuns.run(chosen) == nil)
    }

    @Test func ListingAndDeleting_NeedTheToken() throws {
        let s = try TestService { $0.token = "secret-token" }
        let id = try s.createRun(#"{"label":"one"}"#)
        #expect(try s.request("GET", "/api/runs").status == 401)
        #expect(try s.request("GET", "/api/runs", headers: ["Authorization": "Bearer wrong"]).status == 401)
        let list = try s.request("GET", "/api/runs?label=one", headers: ["Authorization": "Bearer secret-token"])
        #expect((list.json["runs"] as? [[String: Any]])?.first?["id"] as? String == id)
        #expect(try s.request("DELETE", "/api/runs/\(id)").status == 401)
        #expect(try s.request("DELETE", "/api/runs/\(id)", headers: ["Cookie": "probe_token=secret-token"]).status == 204)
        #expect(try s.request("GET", "/api/runs/\(id)").status == 404)
    }

    /// A listing's platform or verdict is one a run can have: anything else is a 400 naming the
    /// values (it would list nothing, which reads as "no such runs"), its text sanitized; empty,
    /// as a form's "any" sends it, is no filter.
    @Test func ListingByAnUnknownPlatformOrVerdict_IsRefusedNamingTheValues() throws {
        let s = try TestService(transport: .router) { $0.token = "secret-token" }
        _ = try s.createRun(#"{"label":"one"}"#)
        let token = ["Authorization": "Bearer secret-token"]
        let platform = try s.request("GET", "/api/runs?platform=ipad%1B%5B31m", headers: token)
        #expect(platform.status == 400 && platform.errorField == "platform")
        #expect(platform.errorMessage.contains("android-webview") && !platform.errorMessage.contains("\u{1B}"), "\(platform.errorMessage)")
        let verdict = try s.request("GET", "/api/runs?verdict=passed", headers: token)
        #expect(verdict.status == 400 && verdict.errorField == "verdict" && verdict.errorMessage.contains("not-ready"))
        let any = try s.request("GET", "/api/runs?platform=&verdict=incomplete", headers: token)
        #expect(any.status == 200 && (any.json["runs"] as? [[String: Any]])?.count == 1)
        #expect(try s.request("GET", "/runs?platform=ipad", headers: token).status == 400)
    }

    @Test func GeneratedToken_IsKeptOwnerOnlyAndReused() throws {
        let s = try TestService()
        var st = stat()
        #expect(stat(s.dataDirectory + "/token", &st) == 0)
        #expect(st.st_mode & 0o777 == 0o600)
        #expect(s.service.token.wasGenerated)
        let again = try AccessToken.resolve(explicit: nil, dataDirectory: s.dataDirectory)
        #expect(again.value == s.token && !again.wasGenerated)
    }

    @Test func Config_GivesOriginsCatalogAndTheRun() throws {
        let s = try TestService()
        let id = try s.createRun()
        let r = try s.request("GET", "/api/config?run=\(id)")
        let origins = try #require(r.json["origins"] as? [String: Any])
        #expect(origins["primary"] as? String == "http://127.0.0.1:\(s.port)")
        #expect(origins["secondHost"] as? String == "http://localhost:\(s.port)")
        let second = try #require(s.service.server.port(of: "second"))
        #expect(origins["secondPort"] as? String == "http://127.0.0.1:\(second)")
        #expect(((r.json["catalog"] as? [String: Any])?["probes"] as? [Any])?.count ?? 0 > 30)
        #expect((r.json["run"] as? [String: Any])?["id"] as? String == id)
    }

    @Test func Catalog_AndProfiles_AreServed() throws {
        let s = try TestService()
        #expect(try s.request("GET", "/api/catalog").json["probes"] != nil)
        #expect(((try s.request("GET", "/api/profiles").json["profiles"]) as? [Any])?.isEmpty == false)
    }

    @Test func RunCreation_IsRateLimitedPerAddress() throws {
        let s = try TestService()
        var limited: TestService.Reply?
        // Far more than the burst: the bucket refills while the requests go out, the more so
        // on a loaded machine, so the test does not count on how fast they are sent.
        for _ in 0..<(Int(RateLimiter.runCreation.burst) * 20) {
            let r = try s.request("POST", "/api/runs", body: "{}")
            if r.status == 429 { limited = r; break }
        }
        let r = try #require(limited)
        #expect(r.headers["retry-after"] != nil)
        #expect(r.errorMessage.contains("retry"))
    }

    @Test func SetupPort_ServesSetupAndTheSecondOriginServesThePage() throws {
        let s = try TestService { $0.setupPort = 0 }
        let setupPort = try #require(s.service.server.port(of: "setup"))
        let page = try s.request("GET", "/setup", port: setupPort)
        #expect(page.status == 200)
        #expect(page.text.contains("<svg"))
        #expect(try s.request("GET", "/", port: setupPort).headers["location"] == "/setup")
        // The setup port serves only its own pages, not the API.
        #expect(try s.request("GET", "/api/catalog", port: setupPort).status == 404)
        let second = try #require(s.service.server.port(of: "second"))
        #expect(try s.request("GET", "/", port: second).status == 200)
    }
}

/// The `<noscript>` beacons of a service as each is settled, stored or not, in that order.
final class BeaconOutcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var outcomes: [Bool] = []
    private let settled = DispatchSemaphore(value: 0)

    init(_ s: TestService) {
        s.service.api.onNoscriptBeaconSettled = { [self] _, stored in
            lock.withLock { outcomes.append(stored) }
            settled.signal()
        }
    }

    /// Whether the next beacon to settle was stored; waits for it (the deadline is a bound
    /// against a beacon that is never settled, not a speed).
    func next() throws -> Bool {
        try #require(settled.wait(timeout: .now() + 60) == .success, "a beacon was never settled")
        return lock.withLock { outcomes.removeFirst() }
    }
}

final class LockedBox<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: T
    init(_ value: T) { stored = value }
    var value: T {
        get { lock.lock(); defer { lock.unlock() }; return stored }
        set { lock.lock(); stored = newValue; lock.unlock() }
    }
}

@Suite struct RunReportRoutesTests {
    @Test func ReportFormats_AreServedForARun() throws {
        let s = try TestService()
        let id = try s.createRun(#"{"label":"<script>alert(1)</script>"}"#)
        _ = try s.request("POST", "/api/runs/\(id)/results", body: TestService.result(id, "storage.local", observed: #"{"available":true}"#))
        let json = try s.request("GET", "/api/runs/\(id)/report.json")
        #expect(json.status == 200)
        #expect(json.json["schema"] as? String == "probe-server.report/3")
        let junit = try s.request("GET", "/api/runs/\(id)/report.junit.xml")
        #expect(junit.headers["content-type"]?.hasPrefix("application/xml") == true)
        #expect(junit.text.contains("<testsuite"))
        let md = try s.request("GET", "/api/runs/\(id)/report.md")
        #expect(md.status == 200)
        let page = try s.request("GET", "/runs/\(id)")
        #expect(page.status == 200)
        #expect(!page.text.contains("<script>alert"))
        #expect(page.text.contains("&lt;script&gt;"))
        #expect(try s.request("GET", "/runs/nosuchrun").status == 404)
        #expect(try s.request("GET", "/assets/report.css").headers["content-type"]?.hasPrefix("text/css") == true)
    }

    @Test func RunsPage_TakesTheTokenOnceAndKeepsItInAStrictHttpOnlyCookie() throws {
        let s = try TestService { $0.token = "tok" }
        _ = try s.createRun()
        #expect(try s.request("GET", "/runs").status == 401)
        // From the address bar (Fetch Metadata): a query token is taken from nowhere else.
        let addressBar = ["Sec-Fetch-Site": "none", "Sec-Fetch-Dest": "document"]
        #expect(try s.request("GET", "/runs?token=wrong", headers: addressBar).status == 401)
        #expect(try s.request("GET", "/runs?token=tok").status == 400)
        let login = try s.request("GET", "/runs?token=tok", headers: addressBar)
        #expect(login.status == 302)
        #expect(login.headers["location"] == "/runs")
        let cookie = try #require(login.headers["set-cookie"])
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
        let page = try s.request("GET", "/runs", headers: ["Cookie": "probe_token=tok"])
        #expect(page.status == 200)
        #expect(page.text.contains("<table") || page.text.contains("Recent runs"))
    }

    @Test func RunsPage_LinksOlderRunsAPageAtATime_AndIsGzippedForABrowser() throws {
        let s = try TestService { $0.token = "tok" }
        let ids = try (0..<(RunAPI.matrixRuns + 2)).map { _ in try s.createRun() }
        let cookie = ["Cookie": "probe_token=tok"]
        let first = try s.request("GET", "/runs", headers: cookie)
        #expect(first.status == 200)
        let marker = "<a rel=\"next\" href=\""
        let start = try #require(first.text.range(of: marker)).upperBound
        let link = String(first.text[start...].prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&")
        #expect(link.hasPrefix("/runs?cursor="))
        let older = try s.request("GET", link, headers: cookie)
        #expect(older.status == 200)
        // Every run on exactly one of the two pages (runs created in the same millisecond
        // are ordered by id: the cursor is keyset, not offset), two of them on the older.
        let onFirst = ids.filter { first.text.contains("href=\"/runs/\($0)\"") }
        let onOlder = ids.filter { older.text.contains("href=\"/runs/\($0)\"") }
        #expect(onFirst.count == RunAPI.matrixRuns && onOlder.count == 2 && Set(onFirst + onOlder).count == ids.count)
        #expect(!older.text.contains(marker) && older.text.contains(">Newest runs</a>"))
        #expect(try s.request("GET", "/runs?cursor=nonsense", headers: cookie).status == 400)
        let gzipped = try s.request("GET", "/runs", headers: cookie.merging(["Accept-Encoding": "gzip"]) { $1 })
        #expect(gzipped.headers["content-encoding"] == "gzip" && gzipped.headers["vary"] == "Accept-Encoding")
        #expect(first.headers["content-encoding"] == nil)
    }

    @Test func RunsPage_WithoutTheToken_AsksABrowserToSignIn_AndAnAPIClientGetsJSON() throws {
        let s = try TestService { $0.token = "tok" }
        let browser = ["Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"]
        let page = try s.request("GET", "/runs", headers: browser)
        #expect(page.status == 401)
        #expect(page.headers["content-type"]?.hasPrefix("text/html") == true)
        #expect(page.headers["www-authenticate"]?.hasPrefix("Bearer") == true)
        #expect(page.text.contains("<form method=\"get\" action=\"/runs\">"))
        #expect(page.text.contains("name=\"token\" type=\"password\""))
        let wrong = try s.request("GET", "/runs?token=wrong", headers: browser.merging(["Sec-Fetch-Site": "same-origin", "Sec-Fetch-Dest": "document"]) { $1 })
        #expect(wrong.status == 401 && wrong.text.contains("That token is not this server&#39;s"))
        let stale = try s.request("GET", "/runs", headers: browser.merging(["Cookie": "probe_token=old"]) { $1 })
        #expect(stale.status == 401 && stale.text.contains("sign in again"))
        let api = try s.request("GET", "/runs")
        #expect(api.status == 401)
        #expect(api.headers["content-type"]?.hasPrefix("application/json") == true)
        #expect(api.text.contains("\"code\":\"unauthorized\""))
    }

    @Test func ReportAssets_AreServed_ThePrintSheetOnlyForARunID() throws {
        let s = try TestService()
        let script = try s.request("GET", "/assets/report.js")
        #expect(script.status == 200 && script.headers["content-type"]?.hasPrefix("text/javascript") == true)
        let sheet = try s.request("GET", "/assets/report-print.css?run=ci-4711")
        #expect(sheet.status == 200 && sheet.text.contains("Run ci-4711"))
        let bad = try s.request("GET", "/assets/report-print.css?run=a%22b")
        #expect(bad.status == 400 && bad.text.contains("\"field\":\"run\""))
    }
}

@Suite struct ProbeEndpointStorageTests {
    @Test func UploadOfARun_IsKeptOnDiskAndListedInTheReport_WithItsNameAsTextOnly() throws {
        let s = try TestService()
        let id = try s.createRun()
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3, 4]
        let hostileName = "../../etc/passwd<img src=x onerror=alert(1)>.png"
        let boundary = "XyZ"
        var body = Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"run\"\r\n\r\n\(id)\r\n".utf8)
        body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"key\"\r\n\r\n\(s.key(id)!)\r\n".utf8)
        body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"probe\"\r\n\r\nfile.accept\r\n".utf8)
        body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(hostileName)\"\r\nContent-Type: image/png\r\n\r\n".utf8)
        body += png + Array("\r\n--\(boundary)--\r\n".utf8)
        let c = try RawClient(port: s.port)
        c.send("POST /probe/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=\(boundary)\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n")
        c.send(body)
        let r = try #require(c.readResponse())
        #expect(r.status == 200, "\(r.text)")
        let uploads = try s.service.store.uploads(runID: id)
        #expect(uploads.count == 1)
        let upload = try #require(uploads.first)
        #expect(upload.fileName == hostileName)
        #expect(upload.sniffedType == "image/png")
        #expect(upload.sha256 == Digest.hex(Digest.sha256(png)))
        #expect(!upload.storedPath.contains(".."))
        let stored = try Data(contentsOf: URL(fileURLWithPath: s.dataDirectory + "/" + upload.storedPath))
        #expect([UInt8](stored) == png)
        let page = try s.request("GET", "/runs/\(id)")
        #expect(!page.text.contains("<img src=x"))
        // Deleting the run deletes the file.
        #expect(try s.request("DELETE", "/api/runs/\(id)", headers: ["Authorization": "Bearer \(s.token)"]).status == 204)
        #expect(!FileManager.default.fileExists(atPath: s.dataDirectory + "/" + upload.storedPath))
    }

    @Test func NoscriptBeaconWithTheKey_RecordsJavaScriptOff_ButNeverCompletesTheRun() throws {
        let s = try TestService()
        let id = try s.createRun(#"{"platform":"android-webview"}"#)
        let key = try #require(s.key(id))
        let settled = BeaconOutcomes(s)
        let r = try s.request("GET", "/probe/noscript.gif", headers: ["Referer": "https://127.0.0.1/?run=\(id)&key=\(key)"])
        #expect(r.status == 200)
        #expect(try settled.next() == true, "the beacon with the key was not stored")
        let results = try s.request("GET", "/api/runs/\(id)").json["results"] as? [[String: Any]] ?? []
        let script = results.first { $0["probe"] as? String == "env.script" }
        #expect(script?["status"] as? String == "fail")
        let waited = try s.request("GET", "/api/runs/\(id)/wait?timeout=0")
        #expect(waited.json["completed"] as? Bool == false)
    }

    @Test func NoscriptBeaconWithoutTheKey_IsIgnored_AndStillAnswersTheImage() throws {
        let s = try TestService()
        let id = try s.createRun()
        let settled = BeaconOutcomes(s)
        for referer in ["https://evil.example/?run=\(id)", "https://evil.example/?run=\(id)&key=\(String(repeating: "0", count: 32))"] {
            let r = try s.request("GET", "/probe/noscript.gif", headers: ["Referer": referer], as: .stranger)
            #expect(r.status == 200 && r.headers["content-type"] == "image/gif")
        }
        let r = try s.request("GET", "/probe/noscript.gif?run=\(id)", as: .stranger)
        #expect(r.status == 200)
        // All three settled, none stored; a store read now would see any that had been.
        for _ in 0..<3 { #expect(try settled.next() == false, "a beacon without the key was stored") }
        #expect(try s.request("POST", "/api/runs/\(id)/results", body: TestService.result(id, "storage.local")).status == 200)
        let probes = (try s.request("GET", "/api/runs/\(id)").json["results"] as? [[String: Any]] ?? []).compactMap { $0["probe"] as? String }
        #expect(probes == ["storage.local"])
    }
}
