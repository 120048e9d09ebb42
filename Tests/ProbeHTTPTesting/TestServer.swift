// A testing library: compiled in debug builds only. `swift build -c release` builds every
// library target of the package, and `@testable import` needs the modules compiled for
// testing, which SwiftPM does in debug (the configuration `swift test` uses).
#if DEBUG
#if canImport(Glibc)
import Glibc
#endif
import Foundation
@testable import ProbeHTTP

/// A real server on an ephemeral loopback port, serving a temporary `Public/` folder.
final class TestServer {
    let server: HTTPServer
    let root: String
    let outside: String
    var port: UInt16 { server.port }
    /// `POST /api/held`: a request in flight for exactly as long as the test says.
    let held = HeldHandler()

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
            let held = self.held
            r.add("POST", "/api/held") { req in .offload { held.hold(); return .text("held \(req.body.count)") } }
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

/// An offloaded handler that holds its request until the test lets it go: "in flight" is an
/// event the test waits for (`started`), not a duration it hopes is long enough.
final class HeldHandler: @unchecked Sendable {
    /// Signalled each time a request reaches the handler.
    let started = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)

    /// Lets one held request answer.
    func release() { released.signal() }

    func hold() {
        started.signal()
        // A safety net for a test that failed before releasing it, so the server can stop.
        _ = released.wait(timeout: .now() + 30)
    }
}
#endif
