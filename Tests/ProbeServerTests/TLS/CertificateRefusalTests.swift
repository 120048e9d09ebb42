#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import ProbeServer
@testable import ProbeHTTP
@testable import ProbeClient
@testable import ProbeHTTPTesting
@testable import ProbeServerTesting

@Suite struct HandshakeRefusalTests {
    @Test func CertificateAlerts_AreRefusals_NamedAsTheRFCNamesThem() {
        #expect(HandshakeRefusal.classify(peerAlert: 48, hungUpAfterHello: false) == .alert("unknown_ca"))
        #expect(HandshakeRefusal.classify(peerAlert: 46, hungUpAfterHello: false) == .alert("certificate_unknown"))
        #expect(HandshakeRefusal.classify(peerAlert: 42, hungUpAfterHello: true) == .alert("bad_certificate"))
        #expect(HandshakeRefusal.classify(peerAlert: 45, hungUpAfterHello: false) == .alert("certificate_expired"))
    }

    @Test func OtherAlerts_AndHangUpsBeforeTheCertificate_AreNotRefusals() {
        // protocol_version (70) and handshake_failure (40) are about versions and ciphers.
        #expect(HandshakeRefusal.classify(peerAlert: 70, hungUpAfterHello: false) == nil)
        #expect(HandshakeRefusal.classify(peerAlert: 40, hungUpAfterHello: true) == nil)
        #expect(HandshakeRefusal.classify(peerAlert: nil, hungUpAfterHello: false) == nil)
        #expect(HandshakeRefusal.classify(peerAlert: nil, hungUpAfterHello: true) == .hungUp)
    }

    @Test func TheLog_KeepsTheLatestOnly() {
        let log = CertificateRefusals()
        let start = Date(timeIntervalSince1970: 1_000_000)
        for i in 0..<(CertificateRefusals.capacity + 5) {
            log.record(client: "10.0.0.\(i % 250)", serverName: nil, refusal: .hungUp, at: start + Double(i))
        }
        #expect(log.list().count == CertificateRefusals.capacity)
        #expect(log.list().first?.at == start + 5)
        #expect(log.list(since: start + Double(CertificateRefusals.capacity + 3)).count == 2)
    }

    @Test func AClientThatCompletesAHandshake_HasItsRefusalsMarkedAcceptedLater_NotDropped() {
        let log = CertificateRefusals()
        for _ in 0..<9 { log.record(client: "::1", serverName: "localhost", refusal: .alert("certificate_unknown")) }
        log.record(client: "10.0.0.2", serverName: nil, refusal: .hungUp)
        #expect(log.noteAccepted(client: "::1"))
        #expect(!log.noteAccepted(client: "::1"), "said once")
        #expect(log.list().count == 10)
        #expect(log.list().filter { $0.acceptedLater == true }.map(\.client) == Array(repeating: "::1", count: 9))
        #expect(log.list().last?.acceptedLater == nil)
    }

    @Test func RefusalsFromOneClient_AreLoggedOnceAMinute() {
        let log = CertificateRefusals()
        let t = Date(timeIntervalSince1970: 2_000_000)
        #expect(log.shouldLog(client: "::1", at: t))
        #expect(!log.shouldLog(client: "::1", at: t + 5))
        #expect(log.shouldLog(client: "10.0.0.9", at: t + 5))
        #expect(log.shouldLog(client: "::1", at: t + CertificateRefusals.logInterval))
    }
}

/// Over real sockets and TLS: a client that does not trust the local CA is seen, named,
/// and shown where a person or a CI job looks.
@Suite struct CertificateRefusalServiceTests {
    static func service() throws -> (TestService, HTTPClient) {
        let s = try TestService { o in
            o.plainHTTP = false
            o.setupPort = 0
            // One loop: every connection's events are handled in order on one thread, so a
            // request answered after the refusing client left was read after its alert.
            o.eventLoops = 1
        }
        let trusted = try HTTPClient(server: ServerURL(scheme: .https, host: "127.0.0.1", port: s.port),
                                     trust: .caFile(s.dataDirectory + "/ca.pem"), token: s.token)
        return (s, trusted)
    }

    static func json(_ response: HTTPClientResponse) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
    }

    @Test func ARunWithNoResult_ShowsTheClientsThatRefusedTheCertificate_ToTheTokenOnly() throws {
        let (s, trusted) = try Self.service()
        let created = Self.json(try trusted.post("/api/runs", json: Array("{}".utf8)))
        let run = try #require(created["id"] as? String)
        try s.refuseCertificate()
        let view = Self.json(try trusted.get("/api/runs/\(run)"))
        let refusals = try #require(view["certificateRefusals"] as? [[String: Any]])
        #expect(refusals.count == 1)
        #expect(refusals.first?["alert"] as? String == "unknown_ca")
        #expect(refusals.first?["sign"] as? String == "alert")
        #expect(refusals.first?["client"] as? String == "127.0.0.1")
        #expect((refusals.first?["explanation"] as? String)?.contains("does not trust the local CA") == true)
        // The list is the whole server's (addresses, names asked for): not for whoever has a run id.
        let anonymous = try HTTPClient(server: ServerURL(scheme: .https, host: "127.0.0.1", port: s.port),
                                       trust: .caFile(s.dataDirectory + "/ca.pem"))
        #expect(Self.json(try anonymous.get("/api/runs/\(run)"))["certificateRefusals"] == nil)

        // Once the page posts, the run speaks for itself.
        let result = TestService.result(run, "env.script")
        _ = try trusted.post("/api/runs/\(run)/results", json: Array(result.utf8))
        #expect(Self.json(try trusted.get("/api/runs/\(run)"))["certificateRefusals"] == nil)
    }

    @Test func TheRefusalList_NeedsTheToken_AndIgnoresPortScans() throws {
        let (s, trusted) = try Self.service()
        // A scanner: connects and closes, or sends no TLS at all.
        let scan = try RawClient(port: s.port)
        scan.shutdownWrite()
        _ = scan.isClosedByPeer()
        let junk = try RawClient(port: s.port, receiveTimeout: 2)
        junk.send("GET / HTTP/1.1\r\n\r\n")
        _ = junk.isClosedByPeer()
        try s.refuseCertificate()
        let list = Self.json(try trusted.get("/api/tls/refusals"))
        let refusals = try #require(list["refusals"] as? [[String: Any]])
        #expect(refusals.count == 1, "\(refusals.map { $0["sign"] ?? "" })")
        let anonymous = try HTTPClient(server: ServerURL(scheme: .https, host: "127.0.0.1", port: s.port),
                                       trust: .caFile(s.dataDirectory + "/ca.pem"))
        #expect(try anonymous.get("/api/tls/refusals").status == 401)
    }

    @Test func TheSetupPage_TellsTheDeviceThatRefusedIt() throws {
        let (s, _) = try Self.service()
        let setup = try #require(s.service.server.port(of: "setup"))
        #expect(!(try s.request("GET", "/setup", port: setup).text.contains("id=\"refused\"")))
        try s.refuseCertificate()
        let page = try s.request("GET", "/setup", port: setup).text
        #expect(page.contains("id=\"refused\""))
        #expect(page.contains("This device (127.0.0.1)"))
        #expect(page.contains("unknown_ca"))
    }
}
