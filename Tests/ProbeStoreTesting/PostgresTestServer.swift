// A testing library: compiled in debug builds only. `swift build -c release` builds every
// library target of the package, and `@testable import` needs the modules compiled for
// testing, which SwiftPM does in debug (the configuration `swift test` uses).
#if DEBUG
#if canImport(Glibc)
import Glibc
#endif
import Foundation
@testable import ProbeStore

/// A real PostgreSQL server for the tests: Debian's `postgresql` binaries, a throwaway
/// cluster in a temp folder on a free loopback port, run as the `postgres` user when the
/// tests run as root (the server refuses root). Stopped when the test process exits.
///
/// nil when the binaries are not installed (`apt-get install postgresql`); the reliability
/// suite installs them and runs the team-instance fault test, so the engine is always
/// exercised in CI. `PROBE_REQUIRE_POSTGRES=1` turns absence into a failing test here too.
final class PostgresTestServer: @unchecked Sendable {
    let directory: String
    let port: UInt16
    private let binaries: String

    /// The cluster shared by the contract tests (each takes a database of its own).
    static let shared: PostgresTestServer? = try? PostgresTestServer()

    static var binaryDirectory: String? {
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return versions.sorted { (Int($0) ?? 0) > (Int($1) ?? 0) }.map { "\(root)/\($0)/bin" }
            .first { FileManager.default.isExecutableFile(atPath: "\($0)/initdb") }
    }

    static var isRequired: Bool { ProcessInfo.processInfo.environment["PROBE_REQUIRE_POSTGRES"] == "1" }

    struct StartError: Error, CustomStringConvertible {
        let description: String
    }

    init() throws {
        guard let binaries = Self.binaryDirectory else {
            throw StartError(description: "no /usr/lib/postgresql/*/bin/initdb: apt-get install postgresql")
        }
        self.binaries = binaries
        directory = NSTemporaryDirectory() + "probe-pg-\(RunID.generate().prefix(12))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        if getuid() == 0, let user = getpwnam("postgres") {
            chown(directory, user.pointee.pw_uid, user.pointee.pw_gid)
        }
        port = Self.freePort()
        try run("initdb", ["-D", "\(directory)/data", "-A", "trust", "-U", "probe", "-E", "UTF8", "--no-sync"])
        try start()
        Self.started.append(self)
        if Self.started.count == 1 { atexit { for server in PostgresTestServer.started { server.discard() } } }
    }

    nonisolated(unsafe) private static var started: [PostgresTestServer] = []

    func start() throws {
        try run("pg_ctl", ["-D", "\(directory)/data", "-l", "\(directory)/log", "-w", "-t", "30", "-o",
                           "-p \(port) -k \(directory) -c listen_addresses=127.0.0.1", "start"])
    }

    func stop() {
        try? run("pg_ctl", ["-D", "\(directory)/data", "-m", "fast", "-w", "stop"])
    }

    /// Stops the server and removes its cluster. Idempotent.
    func discard() {
        stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// A fresh, empty database on this server.
    func makeDatabase() throws -> PostgresLocation {
        let name = "probe_\(RunID.generate().prefix(16))"
        let admin = try PostgresConnection(location: location(database: "postgres"))
        try admin.execute("CREATE DATABASE \(name)")
        return location(database: name)
    }

    func location(database: String) -> PostgresLocation {
        PostgresLocation("postgres://probe@127.0.0.1:\(port)/\(database)")!
    }

    /// Runs a PostgreSQL tool and waits for it. posix_spawn and waitpid, not Foundation's
    /// Process: the server pg_ctl leaves behind inherits what Process sets up, and a wait on
    /// it was seen to hang in the test process.
    private func run(_ tool: String, _ arguments: [String]) throws {
        let argv = getuid() == 0
            ? ["/usr/sbin/runuser", "-u", "postgres", "--", "\(binaries)/\(tool)"] + arguments
            : ["\(binaries)/\(tool)"] + arguments
        let outputPath = "\(directory)/\(tool).out"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let cArguments = argv.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, nil, cArguments, environ)
        guard spawned == 0 else { throw StartError(description: "cannot start \(argv[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        guard exited == 0 else {
            let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
            throw StartError(description: "\(tool) exited \(exited): \(text)")
        }
    }

    /// A port the kernel had free a moment ago (bind to 0, read it, close).
    static func freePort() -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return UInt16(bigEndian: address.sin_port)
    }
}
#endif
