import Foundation
import Testing
@testable import ProbeServer
@testable import ProbeHTTP
@testable import ProbeServerTesting

/// Field lines of one name are one list (RFC 9110 §5.3), and the client behind trusted
/// proxies is the rightmost `X-Forwarded-For` hop that is not one of them.
@Suite struct ForwardedHeadersTests {
    static func request(from peer: String, _ fields: [(String, String)]) -> Request {
        let head = RequestHead(method: "GET", target: "/", version: .http1_1, headers: HTTPHeaders([("Host", "server.local")] + fields),
                               path: "/", query: "", contentLength: nil, isChunked: false)
        var request = Request(head: head)
        request.remoteAddress = peer
        return request
    }

    static func proxies(_ ranges: String...) -> TrustedProxies {
        TrustedProxies(ranges.map { TrustedProxies.Range($0)! })
    }

    static func applied(_ proxies: TrustedProxies, from peer: String = "127.0.0.1", _ fields: [(String, String)]) -> Request {
        var request = request(from: peer, fields)
        proxies.apply(to: &request)
        return request
    }

    @Test func Combined_JoinsEveryLineOfANameInOrder() {
        let headers = HTTPHeaders([("X-Forwarded-For", "6.6.6.6"), ("Accept", "text/html"), ("x-forwarded-for", "203.0.113.7, 10.0.0.2")])
        #expect(headers.combined("X-Forwarded-For") == "6.6.6.6, 203.0.113.7, 10.0.0.2")
        #expect(headers.elements("x-forwarded-for") == ["6.6.6.6", "203.0.113.7", "10.0.0.2"])
        #expect(headers.combined("accept") == "text/html")
        #expect(headers.combined("if-none-match") == nil)
        #expect(headers.elements("if-none-match").isEmpty)
    }

    /// HAProxy's `option forwardfor` adds a line of its own after the client's.
    @Test func TwoForwardedForLines_TheClientsFirst_TheProxysLineNamesTheClient() {
        let r = Self.applied(Self.proxies("127.0.0.1"), [("X-Forwarded-For", "6.6.6.6"), ("X-Forwarded-For", "203.0.113.7")])
        #expect(r.remoteAddress == "203.0.113.7")
    }

    @Test func ProxyWalk_SkipsTrustedHopsFromTheRight() {
        let trusted = Self.proxies("127.0.0.1", "10.0.0.0/8")
        #expect(Self.applied(trusted, [("X-Forwarded-For", "6.6.6.6, 203.0.113.7, 10.0.0.2")]).remoteAddress == "203.0.113.7")
        #expect(Self.applied(trusted, [("X-Forwarded-For", "6.6.6.6, 203.0.113.7"), ("X-Forwarded-For", "10.0.0.2")]).remoteAddress == "203.0.113.7")
    }

    @Test func ProxyWalk_AllHopsTrusted_IsTheLeftmost() {
        let r = Self.applied(Self.proxies("127.0.0.1", "10.0.0.0/8"), [("X-Forwarded-For", "10.0.0.9, 10.0.0.2")])
        #expect(r.remoteAddress == "10.0.0.9")
    }

    @Test func ProxyWalk_AHopThatIsNoAddress_StopsAtTheTrustedHopRightOfIt() {
        let trusted = Self.proxies("127.0.0.1", "10.0.0.0/8")
        #expect(Self.applied(trusted, [("X-Forwarded-For", "6.6.6.6, unknown, 10.0.0.2")]).remoteAddress == "10.0.0.2")
        #expect(Self.applied(trusted, [("X-Forwarded-For", "6.6.6.6, unknown")]).remoteAddress == "127.0.0.1")
    }

    @Test func FromAnUntrustedPeer_ForwardedHeadersAreIgnored() {
        let r = Self.applied(Self.proxies("127.0.0.1"), from: "192.0.2.5",
                             [("X-Forwarded-For", "203.0.113.7"), ("X-Forwarded-Proto", "https"), ("X-Forwarded-Host", "evil.example")])
        #expect(r.remoteAddress == "192.0.2.5")
        #expect(!r.isSecure)
        #expect(r.headers["host"] == "server.local")
    }

    /// A proxy that sets Proto and Host (one value) while the client sent its own lines first.
    @Test func ProtoAndHost_TheClientsLinesFirst_TheProxysValuesCount() {
        let r = Self.applied(Self.proxies("127.0.0.1"), [
            ("X-Forwarded-For", "6.6.6.6"), ("X-Forwarded-For", "203.0.113.7"),
            ("X-Forwarded-Proto", "http"), ("X-Forwarded-Proto", "https"),
            ("X-Forwarded-Host", "evil.example"), ("X-Forwarded-Host", "probe.example"),
        ])
        #expect(r.remoteAddress == "203.0.113.7")
        #expect(r.isSecure)
        #expect(r.headers["host"] == "probe.example")
    }

    /// Every proxy appended to all three: Proto and Host are taken at the client's hop.
    @Test func ProtoAndHost_OnePerHop_FollowTheClientsHop() {
        let r = Self.applied(Self.proxies("127.0.0.1", "10.0.0.0/8"), [
            ("X-Forwarded-For", "6.6.6.6, 203.0.113.7, 10.0.0.2"),
            ("X-Forwarded-Proto", "http, https, http"),
            ("X-Forwarded-Host", "evil.example, probe.example, inner.local"),
        ])
        #expect(r.remoteAddress == "203.0.113.7")
        #expect(r.isSecure)
        #expect(r.headers["host"] == "probe.example")
    }

    @Test func DeviceRoute_ThroughTwoProxies_IsProxied() {
        let trusted = Self.proxies("127.0.0.1", "10.0.0.0/8")
        let r = Self.applied(trusted, [("X-Forwarded-For", "203.0.113.7"), ("X-Forwarded-For", "10.0.0.2")])
        #expect(DeviceRoute.of(remoteAddress: r.remoteAddress, forwardedFor: r.headers.combined("x-forwarded-for"),
                               trustedProxies: trusted) == .proxied)
    }

    /// End to end: the real server behind `--trust-proxy 127.0.0.1` with `--runs-per-hour 2`.
    /// A client that puts a new address in its own first line every time is still counted
    /// under the address the proxy appended.
    @Test func RunsPerHour_BehindAProxyAddingALine_CountsTheProxysAddressForTheClient() throws {
        let service = try TestService { o in
            o.trustedProxies = Self.proxies("127.0.0.1")
            o.quotas.runsPerAddressPerHour = 2
        }
        var statuses: [Int] = []
        for i in 1...4 {
            let r = try service.request("POST", "/api/runs", body: "{}", headers: [:], extraLines: [
                ("X-Forwarded-For", "198.51.100.\(i)"), ("X-Forwarded-For", "203.0.113.7"),
            ])
            statuses.append(r.status)
        }
        #expect(statuses == [201, 201, 429, 429])
        // Another real client behind the same proxy has its own quota.
        let other = try service.request("POST", "/api/runs", body: "{}", extraLines: [("X-Forwarded-For", "203.0.113.8")])
        #expect(other.status == 201)
    }
}
