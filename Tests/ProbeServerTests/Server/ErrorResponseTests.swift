import Foundation
import Testing
@testable import ProbeServer
@testable import ProbeHTTP
@testable import ProbeStore
@testable import ProbeHTTPTesting
@testable import ProbeServerTesting

/// One error road: a handler, its offloaded work and its promise throw; only the server turns
/// what they throw into a response, the `{"error":{"code","message","field"}}` shape, and no
/// error's own text reaches a client unless the error was written for one.
@Suite struct ErrorResponseTests {
    /// An error no layer knows how to answer, whose text must stay on the server.
    struct Unexpected: Error, CustomStringConvertible {
        var description: String { "SQL near /var/secret/path: constraint run_pk" }
    }

    static let secret = "/var/secret/path"

    static func errorObject(_ body: [UInt8]) throws -> [String: Any] {
        let json = try #require(JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
        return try #require(json["error"] as? [String: Any])
    }

    @Test func UnexpectedError_FromAHandlerItsOffloadOrItsPromise_Is500WithAGenericMessage() throws {
        var router = Router()
        router.add("GET", "/now") { _ in throw Unexpected() }
        router.add("GET", "/offload") { _ in .offload { throw Unexpected() } }
        router.add("GET", "/later") { _ in .later { promise in DispatchQueue.global().async { promise.fail(Unexpected()) } } }
        let server = try TestServer(router: router)
        for path in ["/now", "/offload", "/later"] {
            let c = try server.client()
            c.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            let r = try #require(c.readResponse(), "\(path): no answer")
            #expect(r.status == 500, "\(path)")
            #expect(r.headers["content-type"] == "application/json", "\(path)")
            let error = try Self.errorObject(r.body)
            #expect(error["code"] as? String == "internal_error", "\(path)")
            #expect((error["message"] as? String)?.contains("server log") == true, "\(path)")
            #expect(!String(decoding: r.body, as: UTF8.self).contains(Self.secret), "\(path) leaked the error's text")
        }
    }

    @Test func ErrorThatKnowsItsAnswer_IsRenderedTheSameFromEveryRoad() throws {
        var router = Router()
        let refusal = HTTPError(.conflict, code: "run_exists", "a run with id x already exists", field: "id")
        router.add("GET", "/now") { _ in throw refusal }
        router.add("GET", "/offload") { _ in .offload { throw StoreError.runExists("x") } }
        router.add("GET", "/later") { _ in .later { promise in promise.complete { throw StoreError.runExists("x") } } }
        let server = try TestServer(router: router)
        var bodies: Set<String> = []
        for path in ["/now", "/offload", "/later"] {
            let c = try server.client()
            c.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            let r = try #require(c.readResponse(), "\(path): no answer")
            #expect(r.status == 409, "\(path)")
            let error = try Self.errorObject(r.body)
            #expect(error["code"] as? String == "run_exists")
            #expect(error["field"] as? String == "id")
            bodies.insert(String(decoding: r.body, as: UTF8.self))
        }
        #expect(bodies.count == 1, "the three roads answered differently: \(bodies)")
    }

    static func uploadBody(run: String, key: String, boundary: String) -> [UInt8] {
        var body = Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"run\"\r\n\r\n\(run)\r\n".utf8)
        body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"key\"\r\n\r\n\(key)\r\n".utf8)
        body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"probe\"\r\n\r\nfile.accept\r\n".utf8)
        body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\nContent-Type: image/png\r\n\r\n".utf8)
        body += [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3] + Array("\r\n--\(boundary)--\r\n".utf8)
        return body
    }

    static func postUpload(_ body: [UInt8], port: UInt16, boundary: String) throws -> RawClient.Reply {
        let c = try RawClient(port: port)
        c.send("POST /probe/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=\(boundary)\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n")
        c.send(body)
        return try #require(c.readResponse())
    }

    @Test func UploadThatCannotBeKept_AnswersJSONNamingWhatWasWrong() throws {
        let s = try TestService()
        let id = try s.createRun()
        // The uploads folder cannot be made: a file stands where it goes.
        try Data("in the way".utf8).write(to: URL(fileURLWithPath: s.dataDirectory + "/uploads"))
        let r = try Self.postUpload(Self.uploadBody(run: id, key: try #require(s.key(id)), boundary: "B0"), port: s.port, boundary: "B0")
        #expect(r.status == 503)
        let error = try Self.errorObject(r.body)
        #expect(error["code"] as? String == "store_unavailable")
        #expect((error["message"] as? String)?.contains("cannot create the upload folder") == true, "\(error)")
    }

    @Test func UploadWhoseKeepingFailsUnexpectedly_Is500WithoutTheErrorText() throws {
        var config = ProbeEndpointsConfig(primaryOrigins: ["http://127.0.0.1/"])
        config.saveUpload = { _ in throw Unexpected() }
        var router = Router()
        ProbeEndpoints.register(into: &router, config: config)
        let server = try TestServer(router: router)
        let r = try Self.postUpload(Self.uploadBody(run: "r1", key: "k", boundary: "B1"), port: server.port, boundary: "B1")
        #expect(r.status == 500)
        #expect(try Self.errorObject(r.body)["code"] as? String == "internal_error")
        #expect(!String(decoding: r.body, as: UTF8.self).contains(Self.secret))
    }
}
