#if canImport(Glibc)
import Glibc
#endif
import Foundation
@testable import ProbeServer

/// The assembled service (store, API, setup port) on ephemeral loopback ports, plain HTTP
/// so the tests can speak to it with `RawClient`; TLS is covered by the system tests.
final class TestService: @unchecked Sendable {
    let service: ProbeService
    let dataDirectory: String
    var port: UInt16 { service.server.port }
    var token: String { service.token.value }

    init(configure: (inout ServiceOptions) -> Void = { _ in }) throws {
        let base = NSTemporaryDirectory() + "probe-service-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: base + "/Public", withIntermediateDirectories: true)
        try "<!doctype html><title>probe</title>\n".write(toFile: base + "/Public/index.html", atomically: true, encoding: .utf8)
        dataDirectory = base + "/data"
        var o = ServiceOptions(publicDirectory: base + "/Public")
        o.host = "127.0.0.1"
        o.port = 0
        o.plainHTTP = true
        o.dataDirectory = dataDirectory
        o.logLevel = .error
        o.eventLoops = 2
        configure(&o)
        service = try ProbeService(options: o)
    }

    deinit {
        service.shutdown()
        try? FileManager.default.removeItem(atPath: (dataDirectory as NSString).deletingLastPathComponent)
    }

    struct Reply {
        let status: Int
        let headers: HTTPHeaders
        let body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:] }
        var errorMessage: String { (json["error"] as? [String: Any])?["message"] as? String ?? "" }
        var errorField: String? { (json["error"] as? [String: Any])?["field"] as? String }
    }

    /// One request on a fresh connection.
    func request(_ method: String, _ path: String, body: String? = nil, headers: [String: String] = [:],
                 port: UInt16? = nil) throws -> Reply {
        let c = try RawClient(port: port ?? self.port)
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port ?? self.port)\r\nConnection: close\r\n"
        for (k, v) in headers { head += "\(k): \(v)\r\n" }
        if let body {
            head += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body
        } else {
            head += "\r\n"
        }
        c.send(head)
        guard let r = c.readResponse(head: method == "HEAD") else { throw SocketError(call: "read response", code: 0, detail: "") }
        return Reply(status: r.status, headers: r.headers, body: r.body)
    }

    func createRun(_ body: String = "{}") throws -> String {
        let r = try request("POST", "/api/runs", body: body)
        guard r.status == 201, let id = r.json["id"] as? String else {
            throw SocketError(call: "create run: \(r.status) \(r.text)", code: 0, detail: "")
        }
        return id
    }

    static func result(_ run: String, _ probe: String, attempt: Int = 1, status: String = "pass",
                       observed: String = "{}", reason: String? = nil) -> String {
        let r = reason.map { ",\"reason\":\"\($0)\"" } ?? ""
        return "{\"run\":\"\(run)\",\"probe\":\"\(probe)\",\"attempt\":\(attempt),\"status\":\"\(status)\"\(r),"
            + "\"observed\":\(observed),\"elapsedMs\":2.5,\"at\":\"2026-11-30T03:00:00Z\"}"
    }
}
