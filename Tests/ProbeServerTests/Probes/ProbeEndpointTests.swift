import Foundation
import Testing
@testable import ProbeServer
@testable import ProbeHTTP
@testable import ProbeHTTPTesting

/// The probe-support endpoints, called through the router as the server calls them.
@Suite struct ProbeEndpointTests {
    static let primary = "https://probe.test:8443"

    static func router(_ config: ProbeEndpointsConfig = ProbeEndpointsConfig(primaryOrigins: [primary + "/"])) -> Router {
        var router = Router()
        ProbeEndpoints.register(into: &router, config: config)
        return router
    }

    /// Sends a request through `router` in this process, as the server hands it to a route
    /// (`HTTPServer.respond`): no socket.
    static func call(
        _ router: Router, _ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = [],
        secure: Bool = false
    ) throws -> Response {
        let server = HTTPServer(configuration: ServerConfiguration(), router: router, staticFiles: nil)
        return server.respond(method, target, headers: headers, body: body, secure: secure)
    }

    static func json(_ response: Response) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    @Test func EveryDocumentedRoute_IsRegistered() {
        let router = Self.router()
        for route in ProbeEndpoints.routes {
            guard case .matched = router.lookup(method: route.method, path: route.pattern) else {
                Issue.record("\(route.method) \(route.pattern) is documented but not routed"); continue
            }
        }
    }

    // MARK: cookies

    @Test func ServerCookie_IsHttpOnly_AndSecureOnLocalhost() throws {
        let r = try Self.call(Self.router(), "GET", "/probe/cookie/set?v=run123", headers: [("Host", "localhost:8080")])
        let cookie = try #require(r.headers["set-cookie"])
        #expect(cookie.hasPrefix("probe_http=run123;"))
        #expect(cookie.contains("HttpOnly"))
        #expect(cookie.contains("Secure"))
        #expect(try Self.json(r)["setCookie"] as? Bool == true)
    }

    @Test func ServerCookie_IsNotSecureOnAPlainLANAddress() throws {
        let r = try Self.call(Self.router(), "GET", "/probe/cookie/set", headers: [("Host", "192.168.1.20:8080")])
        #expect(r.headers["set-cookie"]?.contains("Secure") == false)
    }

    @Test func CookieValue_CannotInjectAttributes() throws {
        let r = try Self.call(Self.router(), "GET", "/probe/cookie/set?v=a%3B%20Domain%3Devil.test", headers: [("Host", "localhost")])
        let cookie = try #require(r.headers["set-cookie"])
        #expect(cookie.hasPrefix("probe_http=aDomaineviltest;"))
    }

    @Test func ThirdPartyCookie_IsSameSiteNoneAndSecure() throws {
        let r = try Self.call(Self.router(), "GET", "/probe/cookie/third-party/set?v=x", headers: [("Host", "other.test:8443")])
        let cookie = try #require(r.headers["set-cookie"])
        #expect(cookie.hasPrefix("probe_3p=x;"))
        #expect(cookie.contains("SameSite=None"))
        #expect(cookie.contains("Secure"))
    }

    @Test func CookieEcho_ReturnsOnlyProbeCookies() throws {
        let r = try Self.call(Self.router(), "GET", "/probe/cookie/echo",
                              headers: [("Cookie", "session=secret; probe_http=abc; probe_doc=1"), ("Cookie", "probe_3p=z")])
        let body = try Self.json(r)
        #expect(body["cookies"] as? [String: String] == ["probe_http": "abc", "probe_doc": "1", "probe_3p": "z"])
        #expect(body["otherCookies"] as? Int == 1)
    }

    @Test func NoscriptBeacon_ReportsTheRunAndKeyFromTheQueryOrTheReferer() throws {
        final class Seen: @unchecked Sendable { var runs: [String] = [] }
        let seen = Seen()
        let router = Self.router(ProbeEndpointsConfig(onNoscriptBeacon: { run, key, _ in seen.runs.append(run + "/" + (key ?? "-")) }))
        let a = try Self.call(router, "GET", "/probe/noscript.gif?run=abc&key=k1")
        _ = try Self.call(router, "GET", "/probe/noscript.gif", headers: [("Referer", "https://h:1/?mode=x&run=def&key=k2#top")])
        _ = try Self.call(router, "GET", "/probe/noscript.gif", headers: [("Referer", "https://h:1/?run=ghi")])
        _ = try Self.call(router, "GET", "/probe/noscript.gif", headers: [("Referer", "https://h:1/")])
        #expect(seen.runs == ["abc/k1", "def/k2", "ghi/-"])
        #expect(a.headers["content-type"] == "image/gif")
        #expect(Array(a.body.prefix(6)) == Array("GIF89a".utf8))
    }

    // MARK: bodies

    @Test func Echo_ReturnsTheBodyByteForByte_WithItsHash() throws {
        let body: [UInt8] = (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let r = try Self.call(Self.router(), "POST", "/probe/echo", headers: [("Content-Type", "application/json")], body: body)
        #expect(r.body == body)
        #expect(r.headers["content-type"] == "application/json")
        #expect(r.headers["x-probe-sha256"] == Digest.hex(Digest.sha256(body)))
    }

    @Test func OneMebibyte_IsHashedOnUpload() throws {
        let body = [UInt8](repeating: 0xA5, count: 1 << 20)
        let r = try Self.call(Self.router(), "POST", "/probe/sha256", body: body)
        let json = try Self.json(r)
        #expect(json["bytes"] as? Int == 1 << 20)
        #expect(json["sha256"] as? String == Digest.hex(Digest.sha256(body)))
    }

    @Test func GeneratedBytes_AreReproducibleAndCarryTheirHash() throws {
        let a = try Self.call(Self.router(), "GET", "/probe/bytes?size=1048576&seed=42")
        let b = try Self.call(Self.router(), "GET", "/probe/bytes?size=1048576&seed=42")
        let c = try Self.call(Self.router(), "GET", "/probe/bytes?size=1048576&seed=43")
        #expect(a.body.count == 1 << 20)
        #expect(a.body == b.body)
        #expect(a.body != c.body)
        #expect(a.headers["x-probe-sha256"] == Digest.hex(Digest.sha256(a.body)))
    }

    @Test func GeneratedBytes_AboveTheLimit_Are400() throws {
        let r = try Self.call(Self.router(), "GET", "/probe/bytes?size=\(ProbeEndpoints.maxGeneratedBytes + 1)")
        #expect(r.status.code == 400)
        #expect(try Self.json(r)["error"] != nil)
    }

    // MARK: CORS

    @Test func CORS_AllowsThePrimaryOriginWithCredentials() throws {
        let r = try Self.call(Self.router(), "GET", "/probe/cors/ping", headers: [("Origin", Self.primary)])
        #expect(r.headers["access-control-allow-origin"] == Self.primary)
        #expect(r.headers["access-control-allow-credentials"] == "true")
        #expect(r.headers["vary"] == "Origin")
    }

    @Test func CORS_GivesOtherOriginsNothing() throws {
        for origin in ["https://evil.test", "https://probe.test:8444", "http://probe.test:8443", "null"] {
            let r = try Self.call(Self.router(), "GET", "/probe/cors/ping", headers: [("Origin", origin)])
            #expect(r.headers["access-control-allow-origin"] == nil, "\(origin)")
        }
    }

    @Test func CORS_AllowsThisMachinesOtherNames_OnThePrimaryPortOnly() throws {
        let plan = OriginPlan(secondPort: 8444, hostName: "laptop", addresses: ["192.168.1.20", "fe80::1"])
        let router = Self.router(ProbeEndpointsConfig(origins: plan, primaryPort: 8443))
        func allowed(_ origin: String, host: String = "localhost:8444") throws -> Bool {
            let r = try Self.call(router, "GET", "/probe/cors/ping", headers: [("Host", host), ("Origin", origin)], secure: true)
            return r.headers["access-control-allow-origin"] == origin
        }
        #expect(try allowed("https://localhost:8443"))
        #expect(try allowed("https://127.0.0.1:8443"))
        #expect(try allowed("https://laptop.local:8443", host: "192.168.1.20:8443"))
        #expect(try allowed("https://192.168.1.20:8443", host: "laptop.local:8443"))
        #expect(try allowed("https://[fe80::1]:8443"))
        #expect(try !allowed("https://localhost:9999"))
        #expect(try !allowed("http://localhost:8443"))
        #expect(try !allowed("https://evil.test:8443"))
        #expect(try !allowed("https://localhost.evil.test:8443"))
    }

    @Test func Preflight_AllowsPOSTWithThePageHeaders_FromThePrimaryOnly() throws {
        let ok = try Self.call(Self.router(), "OPTIONS", "/probe/cors/echo", headers: [
            ("Origin", Self.primary), ("Access-Control-Request-Method", "POST"),
            ("Access-Control-Request-Headers", "content-type,x-probe-run"),
        ])
        #expect(ok.status.code == 204)
        #expect(ok.headers["access-control-allow-origin"] == Self.primary)
        #expect(ok.headers["access-control-allow-credentials"] == "true")

        let evil = try Self.call(Self.router(), "OPTIONS", "/probe/cors/echo", headers: [
            ("Origin", "https://evil.test"), ("Access-Control-Request-Method", "POST"),
        ])
        #expect(evil.status.code == 403)
        #expect(evil.headers["access-control-allow-origin"] == nil)

        let put = try Self.call(Self.router(), "OPTIONS", "/probe/cors/echo", headers: [
            ("Origin", Self.primary), ("Access-Control-Request-Method", "PUT"),
        ])
        #expect(put.status.code == 403)
    }

    @Test func CrossOriginPOST_ReportsBodyHashAndCookies() throws {
        let r = try Self.call(Self.router(), "POST", "/probe/cors/echo",
                              headers: [("Origin", Self.primary), ("Cookie", "probe_3p=1; other=2")], body: Array("{}".utf8))
        let json = try Self.json(r)
        #expect(json["bytes"] as? Int == 2)
        #expect(json["cookies"] as? [String] == ["probe_3p"])
        #expect(r.headers["access-control-allow-origin"] == Self.primary)
    }

    // MARK: pages

    @Test func ErrorPage_Answers500WithHTML() throws {
        let r = try Self.call(Self.router(), "GET", "/probe/status/500")
        #expect(r.status.code == 500)
        #expect(r.headers["content-type"]?.hasPrefix("text/html") == true)
    }

    @Test func MixedContentPixel_IsAPNG() throws {
        let r = try Self.call(Self.router(), "GET", "/probe/mixed/pixel.png")
        #expect(ImageFormat.sniff(r.body) == .png)
    }
}
