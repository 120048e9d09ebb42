import Foundation
import Testing
@testable import ProbeServer
@testable import ProbeHTTP
@testable import ProbeStore

/// The pure parts of run capabilities: who may read or write, which origins are ours,
/// what the access log keeps of a target.
@Suite struct RunAccessTests {
    static let key = RunKey.generate()
    static func run(chosen: Bool, key: String? = RunAccessTests.key) -> RunRecord {
        RunRecord(id: chosen ? "ci-4711" : RunID.generate(), requirementSet: "liveform", createdAt: Date(),
                  writeKeyDigest: key.map(RunKey.digest), idChosen: chosen)
    }

    @Test func WriteKey_Is128RandomBits_NotDerivedFromTheId() {
        let keys = (0..<100).map { _ in RunKey.generate() }
        #expect(Set(keys).count == 100)
        #expect(keys.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
        #expect(RunKey.digest(Self.key).count == 64 && RunKey.digest(Self.key) != Self.key)
    }

    @Test func Writes_NeedTheKeyOrTheToken() {
        let run = Self.run(chosen: false)
        #expect(RunAccess(key: Self.key, hasToken: false).allows(.write, run))
        #expect(RunAccess(key: nil, hasToken: true).allows(.write, run))
        #expect(!RunAccess(key: nil, hasToken: false).allows(.write, run))
        #expect(!RunAccess(key: "", hasToken: false).allows(.write, run))
        #expect(!RunAccess(key: RunKey.generate(), hasToken: false).allows(.write, run))
        #expect(!RunAccess(key: RunKey.digest(Self.key), hasToken: false).allows(.write, run), "the stored digest is not a key")
    }

    @Test func RunFromBeforeKeys_TakesWritesWithTheTokenOnly() {
        let legacy = Self.run(chosen: false, key: nil)
        #expect(!RunAccess(key: Self.key, hasToken: false).allows(.write, legacy))
        #expect(RunAccess(key: nil, hasToken: true).allows(.write, legacy))
    }

    @Test func GeneratedId_IsAReadCapability_ChosenId_NeedsTheKeyToBeRead() {
        #expect(RunAccess(key: nil, hasToken: false).allows(.read, Self.run(chosen: false)))
        let chosen = Self.run(chosen: true)
        #expect(!RunAccess(key: nil, hasToken: false).allows(.read, chosen))
        #expect(!RunAccess(key: RunKey.generate(), hasToken: false).allows(.read, chosen))
        #expect(RunAccess(key: Self.key, hasToken: false).allows(.read, chosen))
        #expect(RunAccess(key: nil, hasToken: true).allows(.read, chosen))
    }

    @Test func TokenComparison_HidesLengthAndPrefix() {
        #expect(AccessToken.constantTimeEquals("secret-token", "secret-token"))
        #expect(!AccessToken.constantTimeEquals("secret-toke", "secret-token"))
        #expect(!AccessToken.constantTimeEquals("secret-token-and-more", "secret-token"))
        #expect(!AccessToken.constantTimeEquals("", "secret-token"))
    }

    @Test func WrongTokenGuesses_AreThrottledPerAddress_EvenARightOneAfterTheBurst() throws {
        let token = AccessToken(value: "right")
        let burst = Int(RateLimiter.tokenGuesses.burst)
        for _ in 0..<burst { #expect(try token.check("wrong", from: "10.0.0.1", nowNanos: 1_000) == false) }
        #expect(throws: HTTPError.self) { try token.check("right", from: "10.0.0.1", nowNanos: 1_000) }
        // Another address is not held back, and the first recovers at the rule's rate.
        #expect(try token.check("right", from: "10.0.0.2", nowNanos: 1_000))
        #expect(try token.check("right", from: "10.0.0.1", nowNanos: 1_000 + UInt64(1e9 / RateLimiter.tokenGuesses.rate)))
        // Right tokens cost nothing.
        for _ in 0..<(burst * 2) { #expect(try token.check("right", from: "10.0.0.3", nowNanos: 1_000)) }
    }
}

@Suite struct CrossSiteWritesTests {
    static func request(host: String = "192.168.1.23:8443", secure: Bool = true) -> Request {
        var r = Request(head: RequestHead(method: "POST", target: "/api/runs", version: .http1_1, headers: HTTPHeaders([("Host", host)]),
                                          path: "/api/runs", query: "", contentLength: nil, isChunked: false))
        r.isSecure = secure
        return r
    }
    static let plan = OriginPlan(secondPort: 8444, insecurePort: 8080, hostName: "lab", addresses: ["192.168.1.23", "fe80::1"])

    @Test func OwnOrigins_AreThePrimaryAndSecondOriginOfThisMachineOnly() {
        let r = Self.request()
        for own in ["https://192.168.1.23:8443", "https://192.168.1.23:8444", "https://lab.local:8443", "https://localhost:8443",
                    "https://[fe80::1]:8444", "HTTPS://192.168.1.23:8443/"] {
            #expect(Self.plan.isOwn(own, for: r), "\(own)")
        }
        for foreign in ["https://evil.example", "https://192.168.1.23:9999", "http://192.168.1.23:8443", "https://192.168.1.24:8443",
                        "https://192.168.1.23.evil.example:8443", "null", "https://192.168.1.23:8080"] {
            #expect(!Self.plan.isOwn(foreign, for: r), "\(foreign)")
        }
    }

    @Test func CrossSiteRequests_AreRefusedNamingTheOrigin_HeaderlessClientsPass() {
        let own: (String) -> Bool = { $0 == "https://h:8443" }
        let refused = CrossSiteWrites.refusal(origin: "https://evil.example", fetchSite: "cross-site", isOwn: own)
        #expect(refused?.status == .forbidden && refused?.code == "cross_origin")
        #expect(refused?.message.contains("https://evil.example") == true)
        #expect(CrossSiteWrites.refusal(origin: nil, fetchSite: "cross-site", isOwn: own)?.code == "cross_origin")
        #expect(CrossSiteWrites.refusal(origin: nil, fetchSite: "same-site", isOwn: own)?.code == "cross_origin")
        #expect(CrossSiteWrites.refusal(origin: "https://h:8443", fetchSite: "cross-site", isOwn: own)?.code == "cross_origin")
        #expect(CrossSiteWrites.refusal(origin: "https://h:8443", fetchSite: "same-site", isOwn: own) == nil)
        #expect(CrossSiteWrites.refusal(origin: "https://h:8443", fetchSite: "same-origin", isOwn: own) == nil)
        #expect(CrossSiteWrites.refusal(origin: nil, fetchSite: "none", isOwn: own) == nil)
        #expect(CrossSiteWrites.refusal(origin: nil, fetchSite: nil, isOwn: own) == nil)
    }

    @Test func JSONEndpoints_TakeJSONOnly() throws {
        func body(_ type: String?, _ bytes: String) -> Request {
            var headers = HTTPHeaders()
            if let type { headers.add("Content-Type", type) }
            return Request(head: RequestHead(method: "POST", target: "/", version: .http1_1, headers: headers, path: "/", query: "",
                                             contentLength: bytes.utf8.count, isChunked: false), body: Array(bytes.utf8))
        }
        try CrossSiteWrites.requireBodyType(body("application/json", "{}"), CrossSiteWrites.jsonType)
        try CrossSiteWrites.requireBodyType(body("Application/JSON; charset=utf-8", "{}"), CrossSiteWrites.jsonType)
        try CrossSiteWrites.requireBodyType(body(nil, ""), CrossSiteWrites.jsonType)
        for type in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", nil] as [String?] {
            #expect(throws: HTTPError.self) { try CrossSiteWrites.requireBodyType(body(type, "{}"), CrossSiteWrites.jsonType) }
        }
        #expect(throws: HTTPError.self) { try CrossSiteWrites.requireBodyType(body(nil, ""), CrossSiteWrites.multipartType, evenWhenEmpty: true) }
    }
}

@Suite struct LoggedTargetTests {
    @Test func AccessLog_KeepsNoTokenOrKey() {
        let secrets = ProbeService.secretQueryParameters
        #expect(LoggedTarget.redacted("/runs?token=s3cret", hiding: secrets) == "/runs?token=REDACTED")
        #expect(LoggedTarget.redacted("/?run=abc&key=k&mode=unattended", hiding: secrets) == "/?run=abc&key=REDACTED&mode=unattended")
        #expect(LoggedTarget.redacted("/runs?%74oken=s3cret&TOKEN=x", hiding: secrets) == "/runs?%74oken=REDACTED&TOKEN=REDACTED")
        #expect(LoggedTarget.redacted("/api/runs/abc/results?key=", hiding: secrets) == "/api/runs/abc/results?key=REDACTED")
        #expect(LoggedTarget.redacted("/api/runs?label=token", hiding: secrets) == "/api/runs?label=token")
        #expect(LoggedTarget.redacted("/plain", hiding: secrets) == "/plain")
    }
}
