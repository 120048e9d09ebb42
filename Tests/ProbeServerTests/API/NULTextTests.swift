import Foundation
import ProbeCatalog
import Testing
@testable import ProbeServer
@testable import ProbeHTTP
@testable import ProbeStore
@testable import ProbeStoreTesting

/// Text with U+0000 is refused with a 400 naming the field, on SQLite and PostgreSQL alike:
/// PostgreSQL's text cannot hold it, and libpq's text parameters end at it, so
/// `before\0after` used to be stored as `before` there (and a retried result became a
/// conflict), while SQLite kept it.
@Suite struct NULTextTests {
    /// `route` of the real run API on `engine`, called with `body`; the error it threw, or nil.
    static func error(_ engine: StoreEngine, _ method: String, _ path: (String) -> String, body: String,
                      key: Bool = true) throws -> HTTPError? {
        try StoreFixtures.withStore(engine) { store, directory in
            let api = RunAPI(store: store, token: AccessToken(value: "t"), origins: OriginPlan(),
                             dataDirectory: directory, serverVersion: "test")
            var router = Router()
            api.register(into: &router)
            let writeKey = RunKey.generate()
            let run = RunRecord(requirementSet: Catalog.defaultRequirementSet, createdAt: Date(), writeKeyDigest: RunKey.digest(writeKey))
            try store.createRun(run)
            let target = path(run.id)
            guard case .matched(let route, let parameters) = router.lookup(method: method, path: target) else {
                Issue.record("no route \(method) \(target)")
                return nil
            }
            var head = RequestHead(method: method, target: target, version: .http1_1,
                                   headers: HTTPHeaders([("Host", "h"), ("Content-Type", "application/json"), ("X-Probe-Key", writeKey)]),
                                   path: target, query: "", contentLength: body.utf8.count, isChunked: false)
            head.headers.add("Content-Length", String(body.utf8.count))
            var request = Request(head: head, body: Array(body.utf8))
            request.parameters = parameters
            request.remoteAddress = "127.0.0.1"
            do {
                let reply = try route.handler(request)
                // A handler that went on to the store has accepted the text: wait for its answer.
                if case .later(let start) = reply {
                    let done = DispatchSemaphore(value: 0)
                    start(ReplyPromise(render: { _ in Response(status: .internalServerError) }, deliver: { _ in done.signal() }))
                    done.wait()
                    Issue.record("\(method) \(target) was accepted")
                }
                return nil
            } catch let error as HTTPError {
                return error
            } catch let error as any HTTPErrorConvertible {
                return error.httpError
            }
        }
    }

    @Test(arguments: StoreEngine.available) func LabelWithNUL_Is400NamingTheField(engine: StoreEngine) throws {
        let error = try #require(try Self.error(engine, "POST", { _ in "/api/runs" }, body: #"{"label":"before\u0000after"}"#))
        #expect(error.status == .badRequest)
        #expect(error.field == "label")
        #expect(error.message.contains("U+0000"))
    }

    @Test(arguments: StoreEngine.available) func MetadataWithNUL_InAValueOrAKey_Is400NamingTheField(engine: StoreEngine) throws {
        let value = try #require(try Self.error(engine, "POST", { _ in "/api/runs" }, body: #"{"metadata":{"build":"1\u0000"}}"#))
        #expect(value.status == .badRequest && value.field == "metadata.build")
        let key = try #require(try Self.error(engine, "POST", { _ in "/api/runs" }, body: #"{"metadata":{"a\u0000b":"1"}}"#))
        #expect(key.status == .badRequest && key.field == #"metadata.a\u0000b"#)
    }

    @Test(arguments: StoreEngine.available) func ResultWithNUL_InReasonOrObserved_Is400NamingTheField(engine: StoreEngine) throws {
        let reason = try #require(try Self.error(engine, "POST", { "/api/runs/\($0)/results" }, body:
            #"{"run":"RUN","probe":"camera.getUserMedia","attempt":1,"status":"fail","reason":"x\u0000y","observed":{},"at":"2026-11-30T03:00:00Z"}"#))
        #expect(reason.status == .badRequest && reason.field == "reason")
        let observed = try #require(try Self.error(engine, "POST", { "/api/runs/\($0)/results" }, body:
            #"{"results":[{"run":"RUN","probe":"camera.getUserMedia","attempt":1,"status":"pass","observed":{"label":["ok","a\u0000"]},"at":"2026-11-30T03:00:00Z"}]}"#))
        #expect(observed.status == .badRequest && observed.field == "results[0].observed.label[1]")
    }

    /// An escaped backslash before `u0000` is no NUL: the text is kept.
    @Test func EscapedBackslashBeforeU0000_IsNoNUL() throws {
        let bytes = Array(#"{"label":"a\\u0000"}"#.utf8)
        #expect(NULText.mayBeIn(json: bytes))
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
        #expect(NULText.path(in: value) == nil)
    }

    /// The store's own check, the last line for text that does not come through the JSON door
    /// (a multipart file name, a list filter): the same refusal on both engines.
    @Test(arguments: StoreEngine.available) func StoredTextWithNUL_IsRefusedNotCut(engine: StoreEngine) throws {
        try StoreFixtures.withStore(engine) { store, _ in
            let run = StoreFixtures.run(label: "before\u{0}after")
            let error = try #require(throws: StoreError.self) { try store.createRun(run) }
            #expect(error.isClientError)
            #expect(error.localizedDescription.contains("label"))
            #expect(try store.run(id: run.id) == nil)
            let kept = StoreFixtures.run(label: "before")
            try store.createRun(kept)
            var result = StoreFixtures.result(kept.id)
            result.reason = "x\u{0}y"
            #expect(throws: StoreError.self) { try store.appendResults([result]) }
            #expect(try store.results(runID: kept.id).isEmpty)
            #expect(throws: StoreError.self) { try store.listRuns(filter: RunFilter(label: "before\u{0}after")) }
        }
    }

    /// libpq passes text parameters as C strings: the connection refuses a NUL rather than
    /// send the text cut short.
    @Test(.enabled(if: PostgresTestServer.binaryDirectory != nil)) func PostgresParameterWithNUL_IsRefusedNeverCut() throws {
        let server = try #require(PostgresTestServer.shared)
        let connection = try PostgresConnection(location: try server.makeDatabase())
        #expect(try connection.execute("SELECT $1::text", ["before"]).rows == [["before"]])
        let error = try #require(throws: PostgresError.self) { try connection.execute("SELECT $1::text", ["before\u{0}after"]) }
        #expect(error.sqlState == PostgresError.characterNotInRepertoire)
        #expect(StoreError.postgres(error).httpError.status == .badRequest)
    }
}
