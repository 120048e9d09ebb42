// A testing library: compiled in debug builds only. `swift build -c release` builds every
// library target of the package, and `@testable import` needs the modules compiled for
// testing, which SwiftPM does in debug (the configuration `swift test` uses).
#if DEBUG
#if canImport(Glibc)
import Glibc
#endif
import Foundation
@testable import ProbeServer
@testable import ProbeHTTP
@testable import ProbeHTTPTesting

/// The assembled service (store, API, setup port) on ephemeral loopback ports, plain HTTP
/// so the tests can speak to it with `RawClient`; TLS is covered by the system tests.
/// `transport` says how `request` reaches it: through its router in this process (`.router`:
/// a route's test needs no port) or over a socket (`.live`: what the connection adds).
final class TestService: @unchecked Sendable {
    let service: ProbeService
    let dataDirectory: String
    let transport: TestTransport
    var port: UInt16 { service.server.port }
    var token: String { service.token.value }

    init(transport: TestTransport = .live, configure: (inout ServiceOptions) -> Void = { _ in }) throws {
        self.transport = transport
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
        // The router mode binds nothing: a route is tested without a port.
        o.listens = transport == .live
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

    /// Who sends a request: the device that created the run (its write key, in `X-Probe-Key`,
    /// as the page would send it), or someone who knows at most the id.
    enum Caller {
        case creator
        case stranger
        case key(String)
    }

    /// Write keys of the runs `createRun` made, by id.
    private let keysLock = NSLock()
    private var keys: [String: String] = [:]
    func key(_ id: String) -> String? { keysLock.withLock { keys[id] } }

    /// The run a path is about: `/api/runs/ID…`, `/runs/ID`, or `?run=ID`.
    static func runID(in path: String) -> String? {
        let bare = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path
        let parts = bare.split(separator: "/").map(String.init)
        if parts.count >= 3, parts[0] == "api", parts[1] == "runs" { return parts[2] }
        if parts.count == 2, parts[0] == "runs" { return parts[1] }
        if let q = path.firstIndex(of: "?") {
            for pair in path[path.index(after: q)...].split(separator: "&") where pair.hasPrefix("run=") {
                return String(pair.dropFirst(4))
            }
        }
        return nil
    }

    /// How long a request waits for its reply before it fails the test.
    static let replyTimeout: Double = 60

    /// One request on a fresh connection. `extraLines` are sent in order after `headers`,
    /// repeated names as separate field lines (what a proxy that adds its own line sends).
    func request(_ method: String, _ path: String, body: String? = nil, headers: [String: String] = [:],
                 extraLines: [(String, String)] = [], port: UInt16? = nil, as caller: Caller = .creator) throws -> Reply {
        var fields = [("Host", "127.0.0.1:\(port ?? self.port)"), ("Connection", "close")]
        fields += headers.map { ($0.key, $0.value) }
        fields += extraLines
        switch caller {
        case .creator:
            if let id = Self.runID(in: path), let key = key(id) { fields.append(("X-Probe-Key", key)) }
        case .stranger: break
        case .key(let key): fields.append(("X-Probe-Key", key))
        }
        if let body { fields += [("Content-Type", "application/json"), ("Content-Length", "\(body.utf8.count)")] }
        if transport == .router {
            let r = service.server.respond(method, path, headers: fields, body: Array((body ?? "").utf8),
                                           endpoint: endpoint(of: port), timeout: Self.replyTimeout)
            return Reply(status: r.status.code, headers: r.headers, body: method == "HEAD" ? [] : r.body)
        }
        // A bound against a hung server, not a speed: on a loaded 2-core machine (a fresh root
        // beside another test run) a debug build took longer than the client's default 5 s.
        let c = try RawClient(port: port ?? self.port, receiveTimeout: Self.replyTimeout)
        var head = "\(method) \(path) HTTP/1.1\r\n"
        for (k, v) in fields { head += "\(k): \(v)\r\n" }
        head += "\r\n" + (body ?? "")
        c.send(head)
        guard let r = c.readResponse(head: method == "HEAD") else { throw SocketError(call: "read response", code: 0, detail: "") }
        return Reply(status: r.status, headers: r.headers, body: r.body)
    }

    /// The endpoint a port belongs to (`second`, `setup`), for a request sent in this process.
    private func endpoint(of port: UInt16?) -> String {
        guard let port, port != self.port else { return Endpoint.primary }
        for endpoint in service.server.context.configuration.additionalEndpoints where service.server.port(of: endpoint.name) == port {
            return endpoint.name
        }
        return Endpoint.primary
    }

    /// Creates a run (with the token when `body` chooses the id) and keeps its write key.
    func createRun(_ body: String = "{}") throws -> String {
        let headers = body.contains("\"id\"") ? ["Authorization": "Bearer \(token)"] : [:]
        let r = try request("POST", "/api/runs", body: body, headers: headers)
        guard r.status == 201, let id = r.json["id"] as? String, let key = r.json["writeKey"] as? String else {
            throw SocketError(call: "create run: \(r.status) \(r.text)", code: 0, detail: "")
        }
        keysLock.withLock { keys[id] = key }
        return id
    }

    static func result(_ run: String, _ probe: String, attempt: Int = 1, status: String = "pass",
                       observed: String = "{}", reason: String? = nil) -> String {
        let r = reason.map { ",\"reason\":\"\($0)\"" } ?? ""
        return "{\"run\":\"\(run)\",\"probe\":\"\(probe)\",\"attempt\":\(attempt),\"status\":\"\(status)\"\(r),"
            + "\"observed\":\(observed),\"elapsedMs\":2.5,\"at\":\"2026-11-30T03:00:00Z\"}"
    }
}
#endif
