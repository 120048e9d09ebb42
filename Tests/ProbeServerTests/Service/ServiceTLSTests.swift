#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import ProbeServer
@testable import ProbeHTTP
@testable import ProbeHTTPTesting
@testable import ProbeServerTesting

@Suite struct ServiceTLSTests {
    @Test func TLSClientStallingInTheHandshake_IsClosedAtTheHeaderTimeout() throws {
        let s = try TestService { o in
            o.plainHTTP = false
            o.timeouts.headerRead = .milliseconds(300)
        }
        // The client waits 30 s: a close before that is the server's header timeout.
        let c = try RawClient(port: s.port, receiveTimeout: 30)
        // Half a ClientHello: a record header promising more than is sent.
        c.send([0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00])
        #expect(c.isClosedByPeer())
    }

    @Test func ForwardedHeaders_AreBelievedFromTrustedProxiesOnly() throws {
        let trusted = try TestService { $0.trustedProxies = TrustedProxies([TrustedProxies.Range("127.0.0.0/8")!]) }
        let headers = ["X-Forwarded-Proto": "https", "X-Forwarded-Host": "probe.example.com", "X-Forwarded-For": "203.0.113.7"]
        let r = try trusted.request("GET", "/api/config", headers: headers)
        #expect((r.json["origins"] as? [String: Any])?["primary"] as? String == "https://probe.example.com")

        let untrusted = try TestService { $0.trustedProxies = TrustedProxies([TrustedProxies.Range("10.0.0.0/8")!]) }
        let u = try untrusted.request("GET", "/api/config", headers: headers)
        #expect((u.json["origins"] as? [String: Any])?["primary"] as? String == "http://127.0.0.1:\(untrusted.port)")
    }

    @Test func TrustedProxyRanges_MatchByPrefix() {
        let r = TrustedProxies([TrustedProxies.Range("10.1.0.0/16")!, TrustedProxies.Range("::1")!])
        #expect(r.contains("10.1.200.3"))
        #expect(!r.contains("10.2.0.1"))
        #expect(r.contains("::1"))
        #expect(!r.contains("::2"))
        #expect(TrustedProxies.Range("10.0.0.0/33") == nil)
        #expect(TrustedProxies.Range("nonsense") == nil)
    }

    @Test func HSTS_IsSentOnHTTPSOnly_WhenConfigured() throws {
        let s = try TestService { o in
            o.plainHTTP = false
            o.hstsMaxAge = 300
            o.setupPort = 0
        }
        let setup = try #require(s.service.server.port(of: "setup"))
        let plain = try s.request("GET", "/setup", port: setup)
        #expect(plain.status == 200)
        #expect(plain.headers["strict-transport-security"] == nil)
        // The HTTPS side is checked with curl, which verifies against the local CA.
        let out = Pipe()
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        curl.arguments = ["-sS", "-D", "-", "-o", "/dev/null", "--cacert", s.dataDirectory + "/ca.pem",
                          "https://localhost:\(s.port)/api/health"]
        curl.standardOutput = out
        try curl.run()
        curl.waitUntilExit()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).lowercased()
        #expect(curl.terminationStatus == 0)
        #expect(text.contains("strict-transport-security: max-age=300"))
    }
}
