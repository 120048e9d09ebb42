import Foundation
import Glibc
import Testing
@testable import ProbeHTTP
@testable import ProbeHTTPTesting

/// Real handshakes between `TLSSession` and `openssl s_client`, over loopback TCP.
@Suite struct TLSSessionTests {
    /// One local CA and leaf for the suite, issued for 127.0.0.1 and localhost.
    static let certificates: LocalCertificates = {
        let path = TLSTestSupport.temporaryDirectory()
        return try! CertificateDirectory(path: path).prepare(hostName: "probebox", addresses: [])
    }()
    static let context = try! TLSContext(
        certificateChainFile: certificates.certificateChainFile, privateKeyFile: certificates.privateKeyFile)

    /// Runs s_client against a fresh listener served by `context`; returns both sides' view.
    static func exchange(
        _ clientArguments: [String], input: [UInt8] = Array("ping\n".utf8), environment: [String: String] = [:],
        context: TLSContext = context, caFile: String = certificates.authorityCertificateFile
    ) async throws -> (server: TLSTestServer.Record, client: TLSTestSupport.Output) {
        try await TLSTestSupport.onThread {
            let server = try TLSTestServer()
            let client = try RunningProcess(
                "openssl",
                ["s_client", "-connect", "127.0.0.1:\(server.port)", "-ign_eof", "-nocommands",
                 "-CAfile", caFile, "-verify_return_error"] + clientArguments,
                input: input, environment: environment)
            let record = server.serveEcho(context: context, echoBytes: input.count)
            return (record, client.finish())
        }
    }

    @Test func TLSHandshake_NegotiatesTLS13AndHTTP11ViaALPN() async throws {
        let (server, client) = try await Self.exchange(["-alpn", "h2,http/1.1", "-verify_hostname", "localhost"])
        #expect(server.handshake == .bytes(0))
        #expect(server.protocolVersion == "TLSv1.3")
        #expect(server.negotiatedProtocol == "http/1.1")
        #expect(server.received == Array("ping\n".utf8))
        #expect(client.stdout.contains("ALPN protocol: http/1.1"))
        #expect(client.stdout.contains("Verify return code: 0 (ok)"))
        #expect(client.stdout.contains("ping\n"))
        #expect(server.errorQueueWasEmpty)
    }

    @Test func TLSHandshake_AcceptsTLS12WithForwardSecretAEAD() async throws {
        let (server, client) = try await Self.exchange(["-tls1_2", "-alpn", "http/1.1", "-verify_ip", "127.0.0.1"])
        #expect(server.handshake == .bytes(0))
        #expect(server.protocolVersion == "TLSv1.2")
        #expect(server.cipherSuite?.hasPrefix("ECDHE-ECDSA-") == true)
        #expect(server.cipherSuite.map { $0.contains("GCM") || $0.contains("CHACHA20") } == true)
        #expect(server.negotiatedProtocol == "http/1.1")
        #expect(client.stdout.contains("Verify return code: 0 (ok)"), "\(client.combined)")
        #expect(client.stdout.contains("ping\n"))
    }

    @Test func TLSHandshake_RefusesTLS11() async throws {
        // The client's own defaults forbid TLS 1.1; lift them so the refusal is the server's.
        let (server, client) = try await Self.exchange(
            ["-tls1_1", "-cipher", "DEFAULT@SECLEVEL=0"], environment: ["OPENSSL_CONF": "/dev/null"])
        guard case .failed(let reason) = server.handshake else {
            Issue.record("TLS 1.1 handshake was not refused: \(server.handshake)")
            return
        }
        #expect(reason.contains("unsupported protocol"), "\(reason)")
        #expect(client.status != 0)
        #expect(server.errorQueueWasEmpty)
    }

    @Test func TLSHandshake_RefusesCBCSuitesOnTLS12() async throws {
        let (server, client) = try await Self.exchange(["-tls1_2", "-cipher", "ECDHE-ECDSA-AES128-SHA:AES128-SHA"])
        guard case .failed(let reason) = server.handshake else {
            Issue.record("CBC suite accepted: \(server.cipherSuite ?? "?")")
            return
        }
        #expect(reason.contains("no shared cipher"), "\(reason)")
        #expect(client.status != 0)
    }

    @Test func TLSHandshake_ProceedsWithoutALPNWhenNothingOverlaps() async throws {
        let (server, client) = try await Self.exchange(["-alpn", "h2,spdy/3"])
        #expect(server.handshake == .bytes(0))
        #expect(server.negotiatedProtocol == nil)
        #expect(server.received == Array("ping\n".utf8))
        #expect(client.stdout.contains("No ALPN negotiated"))
    }

    @Test func TLSHandshake_RecordsTheServerNameTheClientSent() async throws {
        let (server, client) = try await Self.exchange(["-servername", "localhost", "-verify_hostname", "localhost"])
        #expect(server.serverName == "localhost")
        #expect(client.stdout.contains("Verify return code: 0 (ok)"))
        let (byAddress, _) = try await Self.exchange(["-noservername", "-verify_ip", "127.0.0.1"])
        #expect(byAddress.handshake == .bytes(0))
        #expect(byAddress.serverName == nil)
    }

    @Test func TLSHandshake_ClientRejectsAWrongHostName() async throws {
        let (_, client) = try await Self.exchange(["-verify_hostname", "example.com"])
        #expect(client.status != 0)
        #expect(client.combined.contains("hostname mismatch"))
    }

    @Test func TLSSession_ResumesTLS13WithATicket() async throws {
        try await expectResumption(["-tls1_3"])
    }

    @Test func TLSSession_ResumesTLS12WithATicket() async throws {
        try await expectResumption(["-tls1_2"])
    }

    @Test func TLSSession_ResumesTLS12FromTheServerSessionCache() async throws {
        try await expectResumption(["-tls1_2", "-no_ticket"])
    }

    private func expectResumption(_ arguments: [String]) async throws {
        let directory = TLSTestSupport.temporaryDirectory()
        defer { TLSTestSupport.remove(directory) }
        let file = "\(directory)/session.pem"
        let (first, _) = try await Self.exchange(arguments + ["-sess_out", file])
        #expect(first.handshake == .bytes(0))
        #expect(!first.isResumed)
        let (second, client) = try await Self.exchange(arguments + ["-sess_in", file])
        #expect(second.handshake == .bytes(0))
        #expect(second.isResumed, "\(client.stdout)")
        #expect(client.stdout.contains("Reused, TLSv1."))
        #expect(second.received == Array("ping\n".utf8))
    }

    @Test func TLSSession_EchoesLargeBodiesAcrossManyRecords() async throws {
        // 200 KB spans a dozen 16 KiB records (RFC 8446 §5.1), so reads see buffered
        // plaintext and writes see partial progress.
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)
        let payload = (0..<200_000).map { alphabet[($0 * 7 + $0 / 13) % alphabet.count] }
        let (server, client) = try await Self.exchange([], input: payload)
        #expect(server.received.count == payload.count)
        #expect(server.received == payload)
        #expect(client.stdout.contains(String(decoding: payload, as: UTF8.self)))
    }

    @Test func TLSSession_TreatsEOFWithoutCloseNotifyAsClosed() async throws {
        // Python's ssl client reads the whole echo, then exits without close_notify: the
        // kernel sends a plain FIN (a kill of s_client could leave unread bytes, which turns
        // the FIN into a reset).
        let script = """
            import os, socket, ssl, sys
            context = ssl.create_default_context(cafile=sys.argv[2])
            tls = context.wrap_socket(socket.create_connection(("127.0.0.1", int(sys.argv[1]))),
                                      server_hostname="localhost")
            tls.sendall(b"ping\\n")
            echoed = b""
            while len(echoed) < 5:
                echoed += tls.recv(5 - len(echoed))
            print(tls.version(), echoed, flush=True)
            os._exit(0)
            """
        let (server, client) = try await TLSTestSupport.onThread {
            let server = try TLSTestServer()
            let client = try RunningProcess(
                "python3", ["-c", script, "\(server.port)", Self.certificates.authorityCertificateFile])
            let record = server.serveEcho(context: Self.context, echoBytes: 5) { session, descriptor, deadline in
                var byte = [UInt8](repeating: 0, count: 16)
                return byte.withUnsafeMutableBytes { raw in
                    server.drive(descriptor, until: deadline) { session.read(into: raw) }
                }
            }
            return (record, client.finish())
        }
        #expect(client.stdout.contains("TLSv1.3 b'ping\\n'"), "\(client.combined)")
        #expect(server.received == Array("ping\n".utf8))
        #expect(server.afterEcho == .closed)
        #expect(server.errorQueueWasEmpty)
    }

    @Test func TLSSession_AnswersPlainHTTPInPlainHTTP_BeforeOpenSSLReadsIt_AndLeavesNoErrorQueued() async throws {
        let record = try await TLSTestSupport.onThread {
            let server = try TLSTestServer()
            let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(client) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = server.port.bigEndian
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            let request = Array("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8)
            _ = request.withUnsafeBytes { Glibc.write(client, $0.baseAddress, $0.count) }
            let record = server.serveEcho(context: Self.context, echoBytes: 1)
            // The session answered before OpenSSL read a byte, then shut its side.
            var answer: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = recv(client, &chunk, chunk.count, 0)
                if n <= 0 { break }
                answer += chunk.prefix(n)
            }
            return (record, String(decoding: answer, as: UTF8.self))
        }
        guard case .failed(let reason) = record.0.handshake else {
            Issue.record("plain HTTP was not refused: \(record.0.handshake)")
            return
        }
        #expect(reason.contains("plain HTTP"), "\(reason)")
        #expect(record.1.hasPrefix("HTTP/1.1 400"), "\(record.1.prefix(80))")
        #expect(record.1.contains("https://localhost"), "the answer names the https:// address")
        #expect(record.0.errorQueueWasEmpty)
    }

    @Test func TLSSession_ClientThatHangsUpBeforeHandshakeIsClosed() async throws {
        let record = try await TLSTestSupport.onThread {
            let server = try TLSTestServer()
            let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = server.port.bigEndian
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            close(client)
            return server.serveEcho(context: Self.context, echoBytes: 1)
        }
        #expect(record.handshake == .closed)
        #expect(record.errorQueueWasEmpty)
    }
}
