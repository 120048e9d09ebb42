#if canImport(Glibc)
import Glibc
#endif
import Foundation
@testable import ProbeServer
@testable import ProbeHTTP

/// A real server on an ephemeral loopback port, serving a temporary `Public/` folder.
final class TestServer {
    let server: HTTPServer
    let root: String
    let outside: String
    var port: UInt16 { server.port }

    /// A 25 KB script, like the page's main script.
    static let script: [UInt8] = Array((0..<25_000).map { i in "abcdefghijklmnopqrstuvwxyz\n".utf8.map { $0 }[i % 27] })

    init(timeouts: HTTPTimeouts = HTTPTimeouts(), router: Router? = nil, configure: (inout ServerConfiguration) -> Void = { _ in }) throws {
        let base = NSTemporaryDirectory() + "probe-test-\(UUID().uuidString)"
        root = base + "/Public"
        outside = base + "/outside"
        let fm = FileManager.default
        try fm.createDirectory(atPath: root + "/media", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try "<!doctype html><title>probe</title><p>hello</p>\n".write(toFile: root + "/index.html", atomically: true, encoding: .utf8)
        try Data(Self.script).write(to: URL(fileURLWithPath: root + "/app.js"))
        try "secret\n".write(toFile: outside + "/secret.txt", atomically: true, encoding: .utf8)
        try "sub index\n".write(toFile: root + "/media/index.html", atomically: true, encoding: .utf8)
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: URL(fileURLWithPath: root + "/media/pixel.png"))
        // A symlink inside the root that points out of it.
        try fm.createSymbolicLink(atPath: root + "/escape", withDestinationPath: outside)
        try fm.createSymbolicLink(atPath: root + "/escape.txt", withDestinationPath: outside + "/secret.txt")

        var config = ServerConfiguration()
        config.host = "127.0.0.1"
        config.port = 0
        config.eventLoops = 2
        config.timeouts = timeouts
        config.logLevel = .error
        config.shutdownGrace = .seconds(2)
        configure(&config)
        var r = router ?? Router()
        if router == nil {
            r.get("/api/echo-query") { req in .json(req.queryItems) }
            r.post("/api/echo") { req in Response(status: .ok, headers: HTTPHeaders([("Content-Type", "application/octet-stream")]), body: req.body) }
            r.add("POST", "/api/slow") { req in .offload { usleep(50_000); return .text("slow \(req.body.count)") } }
        }
        server = HTTPServer(configuration: config, router: r, staticFiles: try StaticFiles(root: root))
        try server.start()
    }

    func client(timeout: Double = 5) throws -> RawClient { try RawClient(port: port, receiveTimeout: timeout) }

    deinit {
        server.shutdown(grace: .milliseconds(200))
        try? FileManager.default.removeItem(atPath: (root as NSString).deletingLastPathComponent)
    }
}
