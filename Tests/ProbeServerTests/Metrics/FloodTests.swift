import Foundation
import Synchronization
import Testing
@testable import ProbeServer
@testable import ProbeHTTP

/// Cheap floods: what a client sends must not grow `/metrics`, `/readyz` must not write per
/// call, and per-address quotas must count what one client controls (docs/security.md).
@Suite struct FloodTests {
    // MARK: metrics

    @Test func JunkMethods_AreCountedAsOther_NeverAsTheirOwnLabel() {
        #expect(MetricLabels.method("GET") == "GET")
        #expect(MetricLabels.method("CONNECT") == "CONNECT")
        #expect(MetricLabels.method(String(repeating: "X", count: 4096)) == MetricLabels.otherMethod)
        #expect(MetricLabels.method("get") == MetricLabels.otherMethod)  // methods are case-sensitive (RFC 9110 §9.1)
    }

    @Test func RequestSeries_StayWithinTheirBound_AndTheScrapeWithinItsSize() {
        let metrics = ServerMetrics()
        // Even a route labelled by something open (none is) cannot grow the scrape past its bound.
        for i in 0..<5_000 {
            metrics.observeRequest(route: "/api/" + String(repeating: "r", count: 40) + "\(i)", method: "OPTIONS", status: 200, seconds: 0.01)
        }
        #expect(metrics.requestSeriesCount <= ServerMetrics.maxRequestSeries)
        let text = metrics.render(.init(storeBytes: 1, storeLimitBytes: 2, longPolls: 0))
        #expect(text.utf8.count < ServerMetrics.maxScrapeBytes, "\(text.utf8.count) bytes")
        #expect(text.contains("method=\"other\",route=\"unmatched\""))
    }

    // MARK: readiness

    /// A check that the test completes by hand, so callers can pile up while it runs.
    final class HeldCheck: Sendable {
        let runs = Atomic<Int>(0)
        let pending = Mutex<[@Sendable ([String]) -> Void]>([])
        func start(_ done: @escaping @Sendable ([String]) -> Void) {
            runs.add(1, ordering: .relaxed)
            pending.withLock { $0.append(done) }
        }
        func finish(_ failing: [String]) {
            for done in pending.withLock({ p in defer { p = [] }; return p }) { done(failing) }
        }
    }

    @Test func Readiness_ConcurrentCallersShareOneCheck_AndAnAnswerIsAtMostASecondOld() {
        let clock = Atomic<UInt64>(1_000)
        let check = HeldCheck()
        let probe = ReadinessProbe(now: { clock.load(ordering: .relaxed) }) { check.start($0) }
        let answers = Mutex<[[String]]>([])
        for _ in 0..<100 { probe.answer { a in answers.withLock { $0.append(a) } } }
        #expect(check.runs.load(ordering: .relaxed) == 1)
        #expect(answers.withLock { $0.isEmpty })
        check.finish(["store: stuck"])
        #expect(answers.withLock { $0.count } == 100)
        #expect(answers.withLock { $0.allSatisfy { $0 == ["store: stuck"] } })
        // Within the second: answered from that check, at once.
        clock.store(1_000 + ReadinessProbe.maxAgeNanos - 1, ordering: .relaxed)
        for _ in 0..<1_000 { probe.answer { a in answers.withLock { $0.append(a) } } }
        #expect(check.runs.load(ordering: .relaxed) == 1)
        #expect(answers.withLock { $0.count } == 1_100)
        // A second later: one new check.
        clock.store(1_000 + ReadinessProbe.maxAgeNanos, ordering: .relaxed)
        probe.answer { a in answers.withLock { $0.append(a) } }
        probe.answer { a in answers.withLock { $0.append(a) } }
        #expect(check.runs.load(ordering: .relaxed) == 2)
        check.finish([])
        #expect(answers.withLock { Array($0.suffix(2)) } == [[], []])
    }

    // MARK: per-address keys

    @Test func AddressBlock_KeysIPv6ByItsSlash64_AndIPv4ByAddress() {
        let block = AddressBlock.key("2001:db8:1:2::1")
        for sameHost in ["2001:db8:1:2::2", "2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:0db8:0001:0002:1234:5678:9abc:def0", "2001:DB8:1:2::7"] {
            #expect(AddressBlock.key(sameHost) == block, "\(sameHost)")
        }
        #expect(block == "2001:db8:1:2::/64")
        #expect(AddressBlock.key("2001:db8:1:3::1") != block)
        #expect(AddressBlock.key("::1") == "0:0:0:0::/64")
        #expect(AddressBlock.key("192.168.1.23") == "192.168.1.23")
        #expect(AddressBlock.key("192.168.1.24") != AddressBlock.key("192.168.1.23"))
        #expect(AddressBlock.key("::ffff:192.168.1.23") == "192.168.1.23")
        #expect(AddressBlock.key("not an address") == "not an address")
    }

    static func request(from address: String) -> Request {
        var r = Request(head: RequestHead(method: "POST", target: "/api/runs", version: .http1_1, headers: HTTPHeaders([("Host", "x")]),
                                          path: "/api/runs", query: "", contentLength: nil, isChunked: false))
        r.remoteAddress = address
        return r
    }

    @Test func RunsFromManyAddressesInOneSlash64_ShareOneQuota() throws {
        // --runs-per-hour 1, as in the attack: 12,000 addresses were 12,000 quotas before.
        let limiter = RateLimiter(RateLimiter.Rule(rate: 1.0 / 3600, burst: 1))
        try limiter.check(Self.request(from: "2001:db8:1:2::1"), what: "runs")
        var refused = 0
        for i in 2..<1_000 {
            do { try limiter.check(Self.request(from: "2001:db8:1:2::\(String(i, radix: 16))"), what: "runs") } catch { refused += 1 }
        }
        #expect(refused == 998)
        // Another /64 and another IPv4 address are other clients.
        try limiter.check(Self.request(from: "2001:db8:1:3::1"), what: "runs")
        try limiter.check(Self.request(from: "192.168.1.23"), what: "runs")
        try limiter.check(Self.request(from: "192.168.1.24"), what: "runs")
        #expect(throws: HTTPError.self) { try limiter.check(Self.request(from: "::ffff:192.168.1.24"), what: "runs") }
    }

    @Test func SprayedAddresses_OnAnHourlyBucket_StayWithinTheBound_ForgottenInBatches() {
        // The stored-bytes bucket refills over an hour: no bucket of a sprayed address refills
        // before the map is full, so the bound must drop the least recent ones in one batch.
        let limiter = RateLimiter(RateLimiter.Rule(rate: 1024, burst: 1024 * 3600))
        let now = EventLoop.monotonicNow().nanoseconds
        var largest = 0
        for i in 0...(RateLimiter.maxBuckets * 2) {
            #expect(limiter.take("10.\(i >> 16).\((i >> 8) & 255).\(i & 255)", cost: 100, nowNanos: now + UInt64(i)).allowed)
            largest = max(largest, limiter.bucketCount)
        }
        #expect(largest == RateLimiter.maxBuckets + 1)
        #expect(limiter.bucketCount <= RateLimiter.maxBuckets / 2 + RateLimiter.maxBuckets / 2 + 1)
        // The most recent address kept its spending; a dropped one starts full, as a new one does.
        let last = RateLimiter.maxBuckets * 2
        #expect(!limiter.take("10.\(last >> 16).\((last >> 8) & 255).\(last & 255)", cost: 1024 * 3600, nowNanos: now + UInt64(last)).allowed)
        #expect(limiter.take("10.0.0.0", cost: 1024 * 3600, nowNanos: now + UInt64(last)).allowed)
    }

    @Test func TokenGuesses_FromOneSlash64_ShareOneBudget() throws {
        let token = AccessToken(value: "right", wasGenerated: false)
        var refused: HTTPError?
        for i in 0..<(Int(RateLimiter.tokenGuesses.burst) * 4) {
            var r = Self.request(from: "2001:db8:9:9::\(String(i + 1, radix: 16))")
            r.head.headers = HTTPHeaders([("Authorization", "Bearer wrong")])
            do { _ = try token.scope(of: r) } catch { refused = error; break }
        }
        #expect(refused?.status == .tooManyRequests)
    }

    // MARK: QR codes

    @Test func QRImageCache_KeepsTheLatestWithinItsCapacity() {
        let cache = QRImageCache()
        for i in 0..<(QRImageCache.capacity * 3) { cache["https://x/\(i)"] = [UInt8(i % 256)] }
        #expect(cache.count == QRImageCache.capacity)
        #expect(cache["https://x/0"] == nil)
        #expect(cache["https://x/\(QRImageCache.capacity * 3 - 1)"] != nil)
    }
}
