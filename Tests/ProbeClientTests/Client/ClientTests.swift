import Foundation
import Glibc
import Testing
@testable import ProbeHTTP
@testable import ProbeClient
@testable import ProbeHTTPTesting

/// The CLI's HTTP client: framing on raw bytes, then real requests to the real server over
/// plain TCP and over TLS with the local CA.
@Suite struct ClientTests {
    // MARK: Framing

    static func parse(_ chunks: [String], head: Bool = false) throws -> HTTPClientResponse? {
        var parser = ClientResponseParser(isHeadRequest: head)
        for chunk in chunks {
            if let response = try parser.feed(Array(chunk.utf8)) { return response }
        }
        return try parser.finish()
    }

    @Test func ContentLengthBody_IsReadAcrossReads() throws {
        let response = try #require(try Self.parse(["HTTP/1.1 200 OK\r\nContent-Le", "ngth: 5\r\nX-A: b\r\n\r\nhe", "llo"]))
        #expect(response.status == 200)
        #expect(response.reason == "OK")
        #expect(response.text == "hello")
        #expect(response.header("x-a") == "b")
    }

    @Test func ChunkedBody_WithExtensionsAndTrailers_IsReassembled() throws {
        let response = try #require(try Self.parse([
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4;ext=1\r\nWiki\r", "\n5\r\npedia\r\n0\r\nX-Trailer: 1\r\n", "\r\n",
        ]))
        #expect(response.text == "Wikipedia")
    }

    @Test func BodyWithoutLength_EndsWithTheConnection() throws {
        let response = try #require(try Self.parse(["HTTP/1.1 200 OK\r\n\r\npart one, ", "part two"]))
        #expect(response.text == "part one, part two")
    }

    @Test func NoContentAndHEAD_HaveNoBody() throws {
        var parser = ClientResponseParser()
        #expect(try parser.feed(Array("HTTP/1.1 204 No Content\r\n\r\n".utf8))?.body == [])
        var head = ClientResponseParser(isHeadRequest: true)
        #expect(try head.feed(Array("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n".utf8))?.body == [])
    }

    @Test func TruncatedOrGarbledResponses_AreErrors() {
        #expect(throws: ClientResponseParser.Failure.self) { try Self.parse(["HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort"]) }
        #expect(throws: ClientResponseParser.Failure.self) { try Self.parse(["SSH-2.0-OpenSSH_9.2\r\n\r\n"]) }
        #expect(throws: ClientResponseParser.Failure.self) { try Self.parse(["HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"]) }
        #expect(throws: ClientResponseParser.Failure.tooLarge) {
            try Self.parse(["HTTP/1.1 200 OK\r\nContent-Length: \(ClientResponseParser.maxBodyBytes + 1)\r\n\r\n"])
        }
    }

    // MARK: URLs

    @Test func ServerURL_ParsesHostsPortsAndBasePaths() throws {
        let plain = try ServerURL(parsing: "http://localhost:8080")
        #expect(plain.scheme == .http && plain.host == "localhost" && plain.port == 8080 && plain.basePath == "")
        let secure = try ServerURL(parsing: "https://Probe.Example/prober/")
        #expect(secure.port == 443 && secure.host == "probe.example" && secure.basePath == "/prober")
        #expect(secure.hostHeader == "probe.example")
        let v6 = try ServerURL(parsing: "https://[::1]:8443")
        #expect(v6.host == "::1" && v6.port == 8443 && v6.hostHeader == "[::1]:8443" && v6.hostIsIPAddress)
        #expect(!secure.hostIsIPAddress)
        for bad in ["localhost:8080", "ftp://x", "http://", "http://x:0", "http://x:99999", "http://u:p@x", "http://x/?q"] {
            #expect(throws: HTTPClientError.self) { try ServerURL(parsing: bad) }
        }
    }

    // MARK: A real server

    /// `held` answers `GET /api/slow` only once the test lets it go.
    static func router(held: HeldHandler = HeldHandler()) -> Router {
        var router = Router()
        router.get("/api/hello") { request in
            .json(["hello": "world", "auth": request.headers["authorization"] ?? "none"])
        }
        router.post("/api/echo") { request in
            Response(status: .created, headers: HTTPHeaders([("Content-Type", "application/json")]), body: request.body)
        }
        router.delete("/api/thing") { _ in Response(status: .noContent) }
        router.get("/api/missing") { _ in throw HTTPError(.notFound, "no run with id x; list runs with GET /api/runs", field: "id") }
        router.add("GET", "/api/slow") { _ in .offload { held.hold(); return .text("late") } }
        return router
    }

    @Test func HTTPClient_TalksToTheRealServer() throws {
        let server = try TestServer(router: Self.router())
        let client = try HTTPClient(server: ServerURL(scheme: .http, host: "127.0.0.1", port: server.port), token: "secret")
        let hello = try client.get("/api/hello")
        #expect(hello.status == 200)
        #expect(hello.text.contains("\"auth\":\"Bearer secret\""))
        let body = Array(#"{"label":"x"}"#.utf8)
        let echoed = try client.post("/api/echo", json: body)
        #expect(echoed.status == 201 && echoed.body == body)
        #expect(try client.delete("/api/thing").status == 204)
    }

    @Test func SlowServer_TimesOutWithAdvice() throws {
        let held = HeldHandler()
        let server = try TestServer(router: Self.router(held: held))
        let client = try HTTPClient(server: ServerURL(scheme: .http, host: "127.0.0.1", port: server.port), timeout: 0.5)
        #expect {
            _ = try client.get("/api/slow")
        } throws: { error in
            guard case .timedOut = error as? HTTPClientError else { return false }
            return (error as? HTTPClientError)?.localizedDescription.contains("--timeout") == true
        }
        #expect(held.started.wait(timeout: .now() + 10) == .success, "the request never reached the server")
        // The server answers only now, after the client has given up.
        held.release()
    }

    @Test func ClosedPort_SaysTheServerIsNotRunning() throws {
        // Port 1 (tcpmux) is not served on a test machine.
        let unused = try HTTPClient(server: ServerURL(scheme: .http, host: "127.0.0.1", port: 1), timeout: 2)
        #expect {
            _ = try unused.get("/")
        } throws: { error in
            (error as? HTTPClientError)?.localizedDescription.contains("is `probe-server serve` running") == true
        }
    }

    @Test func RawChunkedServer_IsReadThroughTheClient() async throws {
        let listener = try TLSTestServer()
        let port = listener.port
        let listening = listener.listener
        let served = Thread.detachNewThreadWithResult {
            var entry = pollfd(fd: listening, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 10_000) > 0 else { return }
            let fd = Glibc.accept(listening, nil, nil)
            guard fd >= 0 else { return }
            var buffer = [UInt8](repeating: 0, count: 4096)
            _ = recv(fd, &buffer, buffer.count, 0)
            let reply = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n3\r\nabc\r\n3\r\ndef\r\n0\r\n\r\n"
            _ = reply.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
            close(fd)
        }
        let client = try HTTPClient(server: ServerURL(scheme: .http, host: "127.0.0.1", port: port), timeout: 10)
        let response = try await TLSTestSupport.onThread { try client.get("/chunked") }
        served.wait()
        withExtendedLifetime(listener) {}
        #expect(response.text == "abcdef")
    }

    // MARK: TLS

    static let certificates: LocalCertificates = {
        try! CertificateDirectory(path: TLSTestSupport.temporaryDirectory()).prepare(hostName: "probebox", addresses: [])
    }()

    static func tlsServer(host: String = "127.0.0.1") throws -> TestServer {
        try TestServer.secure(router: router(), certificates: certificates, host: host)
    }

    @Test func HTTPS_WithTheLocalCA_VerifiesByNameAndByAddress() throws {
        let server = try Self.tlsServer()
        for host in ["localhost", "127.0.0.1"] {
            let client = try HTTPClient(server: ServerURL(scheme: .https, host: host, port: server.port),
                                        trust: .caFile(Self.certificates.authorityCertificateFile))
            let response = try client.get("/api/hello")
            #expect(response.status == 200, "\(host)")
        }
    }

    @Test func HTTPS_UntrustedCertificate_SaysToPassCacert() throws {
        let server = try Self.tlsServer()
        let client = try HTTPClient(server: ServerURL(scheme: .https, host: "localhost", port: server.port), trust: .system)
        #expect {
            _ = try client.get("/api/hello")
        } throws: { error in
            guard case .certificateNotTrusted = error as? HTTPClientError else { return false }
            return error.localizedDescription.contains("--cacert DATA_DIR/ca.pem")
        }
    }

    @Test func HTTPS_OtherCA_IsRejected() throws {
        let server = try Self.tlsServer()
        let other = try CertificateDirectory(path: TLSTestSupport.temporaryDirectory()).prepare(hostName: "otherbox", addresses: [])
        let client = try HTTPClient(server: ServerURL(scheme: .https, host: "localhost", port: server.port),
                                    trust: .caFile(other.authorityCertificateFile))
        #expect {
            _ = try client.get("/api/hello")
        } throws: { error in
            guard case .certificateNotTrusted(_, _, let caFile) = error as? HTTPClientError else { return false }
            return caFile == other.authorityCertificateFile
        }
    }

    @Test func HTTPS_AddressNotInTheCertificate_IsAHostNameMismatch() throws {
        // 127.0.0.2 is loopback on Linux but not among the certificate's addresses.
        let server = try Self.tlsServer(host: "127.0.0.2")
        let client = try HTTPClient(server: ServerURL(scheme: .https, host: "127.0.0.2", port: server.port),
                                    trust: .caFile(Self.certificates.authorityCertificateFile))
        #expect {
            _ = try client.get("/api/hello")
        } throws: { error in
            guard case .hostNameMismatch = error as? HTTPClientError else { return false }
            return true
        }
    }

    @Test func MissingCAFile_IsReportedByPath() {
        #expect {
            _ = try HTTPClient(server: ServerURL(scheme: .https, host: "localhost", port: 1), trust: .caFile("/nonexistent/ca.pem"))
        } throws: { error in
            error.localizedDescription.contains("/nonexistent/ca.pem") && error.localizedDescription.contains("--cacert")
        }
    }

    @Test func ClientTrust_PrefersCacertThenTheDataDirectoryThenTheSystem() throws {
        let directory = TLSTestSupport.temporaryDirectory()
        defer { TLSTestSupport.remove(directory) }
        #expect(ClientTrust.resolve(caFile: "/x.pem", dataDirectory: directory) == .caFile("/x.pem"))
        #expect(ClientTrust.resolve(caFile: nil, dataDirectory: directory) == .system)
        try Data("x".utf8).write(to: URL(fileURLWithPath: directory + "/ca.pem"))
        #expect(ClientTrust.resolve(caFile: nil, dataDirectory: directory) == .caFile(directory + "/ca.pem"))
    }
}

extension Thread {
    /// Runs `body` on a new thread; `wait()` blocks until it is done.
    final class Completion: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        func signal() { done.signal() }
        func wait() { done.wait() }
    }

    static func detachNewThreadWithResult(_ body: @escaping @Sendable () -> Void) -> Completion {
        let completion = Completion()
        Thread.detachNewThread {
            body()
            completion.signal()
        }
        return completion
    }
}
