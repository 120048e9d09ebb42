import Foundation
import Glibc
import Testing
@testable import ProbeHTTP
@testable import ProbeHTTPTesting

/// The real binary: a second `probe-server` on a served port exits 71.
@Suite struct SecondServerTests {
    static func freePort() throws -> UInt16 {
        let fd = try Socket.listen(on: SocketAddress(ip: "127.0.0.1", port: 0)!, reusePort: false, backlog: 1)
        defer { close(fd) }
        return Socket.localAddress(fd)!.port
    }

    @Test func SecondServerOnAServedPort_Exits71NamingThePortAndTheFirstServer() throws {
        let port = try Self.freePort()
        let first = TLSTestSupport.temporaryDirectory(), second = TLSTestSupport.temporaryDirectory()
        defer { TLSTestSupport.remove(first); TLSTestSupport.remove(second) }
        let common = ["serve", "--host", "127.0.0.1", "--port", "\(port)", "--second-port", "off", "--setup-port", "off",
                      "--log-level", "error"]
        let server = Process()
        server.executableURL = URL(fileURLWithPath: CLITests.binary)
        server.arguments = common + ["-d", first]
        let banner = Pipe()
        server.standardOutput = banner
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer { server.terminate(); server.waitUntilExit() }
        // The banner is printed once every port is bound.
        let firstLine = banner.fileHandleForReading.availableData
        #expect(String(decoding: firstLine, as: UTF8.self).contains("listening on"))

        let output = try CLITests.run(common + ["-d", second])
        #expect(output.status == 71)
        #expect(output.stderr.contains("port \(port) is already served by pid \(server.processIdentifier)"))
        #expect(output.stderr.contains("--port"))
    }
}
