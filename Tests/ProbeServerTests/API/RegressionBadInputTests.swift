import Foundation
import Testing
@testable import ProbeServer
import ProbeCatalog
@testable import ProbeHTTP
@testable import ProbeStore
@testable import ProbeStoreTesting

/// Regressions found by the bad-input suite (Tests/reliability/test_bad_input.py): each
/// was a 500 or a misleading message for a request that is simply wrong.
@Suite struct RegressionBadInputTests {
    /// Runs `POST /api/runs` through the real route with `body` and `headers`; the HTTP error
    /// it throws before anything is stored, or nil when it went on to store the run.
    func createRunError(_ body: String, headers: [(String, String)] = []) throws -> HTTPError? {
        try StoreFixtures.withStore { store, directory in
            let api = RunAPI(store: store, token: AccessToken(value: "t"), origins: OriginPlan(),
                             dataDirectory: directory, serverVersion: "test")
            var router = Router()
            api.register(into: &router)
            guard case .matched(let route, _) = router.lookup(method: "POST", path: "/api/runs") else {
                Issue.record("no POST /api/runs route")
                return nil
            }
            var head = RequestHead(method: "POST", target: "/api/runs", version: .http1_1,
                                   headers: HTTPHeaders([("Host", "h"), ("Content-Type", "application/json")] + headers),
                                   path: "/api/runs", query: "", contentLength: body.utf8.count, isChunked: false)
            head.headers.add("Content-Length", String(body.utf8.count))
            var request = Request(head: head, body: Array(body.utf8))
            request.remoteAddress = "127.0.0.1"
            do {
                _ = try route.handler(request)
                return nil
            } catch let error as HTTPError {
                return error
            }
        }
    }

    @Test func LabelOverTheStoreLimit_Is400NamingTheLimit_Not500() throws {
        let label = String(repeating: "x", count: StoreLimits.maxLabelBytes + 1)
        let error = try #require(try createRunError(#"{"label":"\#(label)"}"#))
        #expect(error.status == .badRequest)
        #expect(error.message.contains("label"))
        #expect(error.message.contains("\(StoreLimits.maxLabelBytes)"))
    }

    @Test func LongUserAgent_DoesNotFailRunCreation() throws {
        let ua = String(repeating: "é", count: StoreLimits.maxUserAgentBytes)
        #expect(try createRunError("{}", headers: [("User-Agent", ua)]) == nil)
    }

    @Test func IntegralNumberBeyondInt_IsNotCalledAnInteger() {
        // `attempt: 1e20` was refused with "expected an integer, got an integer".
        let body = Array(#"{"run":"r","probe":"p","attempt":1e20,"status":"pass","at":"t"}"#.utf8)
        do {
            _ = try ResultDecoder().decode(body)
            Issue.record("attempt 1e20 was accepted")
        } catch {
            #expect("\(error)" == "attempt: expected an integer, got a number")
        }
    }

    @Test func NumberOutOfRange_IsNamedAsSuch_NotAsAMissingObject() throws {
        // `{"metadata":{"n":1e999}}` was refused with "metadata.n: expected an object".
        let error = try #require(try createRunError(#"{"metadata":{"n":1e999}}"#))
        #expect(error.status == .badRequest)
        #expect(error.field == "metadata.n")
        #expect(error.message.contains("out of range"))
    }

    @Test func MalformedRunInConfig_Is400() throws {
        try StoreFixtures.withStore { store, directory in
            let api = RunAPI(store: store, token: AccessToken(value: "t"), origins: OriginPlan(),
                             dataDirectory: directory, serverVersion: "test")
            let head = RequestHead(method: "GET", target: "/api/config?run=%zz", version: .http1_1,
                                   headers: HTTPHeaders([("Host", "h")]), path: "/api/config", query: "run=%zz",
                                   contentLength: nil, isChunked: false)
            let refusal = #expect(throws: HTTPError.self) { try api.config(Request(head: head), RunAccess(key: nil, hasToken: false)) }
            #expect(refusal?.status == .badRequest && refusal?.code == "invalid_run_id")
            let unknown = RequestHead(method: "GET", target: "/api/config?run=gone", version: .http1_1,
                                      headers: HTTPHeaders([("Host", "h")]), path: "/api/config", query: "run=gone",
                                      contentLength: nil, isChunked: false)
            let found = try api.config(Request(head: unknown), RunAccess(key: nil, hasToken: false))
            #expect(found.status == .ok)
        }
    }
}
