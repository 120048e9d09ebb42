import BeyondEssentials
import ProbeHTTP

/// Token buckets per client address. A device farm behind one NAT posts thousands of
/// results at once, so the result bucket is deep; run creation is the cheap thing to abuse.
public final class RateLimiter: @unchecked Sendable {
    public struct Rule: Sendable {
        /// Tokens added per second.
        public var rate: Double
        /// Largest burst.
        public var burst: Double
        public init(rate: Double, burst: Double) {
            self.rate = rate
            self.burst = burst
        }
    }

    /// Run creation: 10 a second sustained, 100 at once (a farm starting a matrix).
    public static let runCreation = Rule(rate: 10, burst: 100)
    /// Results: 2,000 a second sustained, 20,000 at once, per address.
    public static let results = Rule(rate: 2_000, burst: 20_000)
    /// Lookups of one run (`GET /api/runs/{id}` and its diff, wait, reports, `/runs/{id}`,
    /// `/api/config?run=`) without the token: 20 a second, 100 at once. The page makes three
    /// per run and a report page one; a farm of 30 devices behind one NAT starting together
    /// stays under the burst, while guessing a caller-chosen id (which also needs its key) is
    /// held to 20 tries a second.
    public static let runLookups = Rule(rate: 20, burst: 100)
    /// Wrong access tokens: 1 a second, 10 at once (a person mistyping, a CI job with a stale
    /// secret), so a short hand-chosen `--token` is not brute-forced at 14,000 a second.
    public static let tokenGuesses = Rule(rate: 1, burst: 10)
    /// Observations judged for one address without the token, in bytes parsed: 4 MiB a
    /// second, 32 MiB at once. Judging reads every observation of a run (its diff, a report,
    /// `/runs/{id}` of an open run, or of a completed one against another profile), ~50 ms
    /// of CPU per MiB parsed (docs/performance.md), so an address costs at most ~0.2 s of CPU a
    /// second. A real run holds ~200 KiB and the page reads its judgement once or twice: 30
    /// devices behind one NAT finishing together stay within the burst. A completed run's own
    /// judgement is kept and read back without judging, so it costs nothing here.
    public static let judgedObservations = Rule(rate: 4 * 1024 * 1024, burst: 32 * 1024 * 1024)
    /// `/probe/bytes`, in bytes: 2 MiB a second, 16 MiB at once. fetch.integrity downloads
    /// 128 KiB per run, so 128 devices can start together behind one address; serving anyone
    /// 380 MB/s (what one client drew before) costs the whole CPU.
    public static let generatedBytes = Rule(rate: 2 * 1024 * 1024, burst: 16 * 1024 * 1024)
    /// Buckets kept before idle ones are dropped; bounds memory under address spraying.
    static let maxBuckets = 10_000

    private let rule: Rule
    private let lock = Lock()
    private var buckets: [String: (tokens: Double, at: UInt64)] = [:]

    public init(_ rule: Rule) { self.rule = rule }

    /// Takes `cost` tokens for `key` at `nowNanos`; false (and seconds to wait) when empty.
    public func take(_ key: String, cost: Double = 1, nowNanos: UInt64) -> (allowed: Bool, retryAfter: Int) {
        lock.withLock {
            if buckets.count > Self.maxBuckets { forgetIdle(nowNanos: nowNanos) }
            var bucket = buckets[key] ?? (rule.burst, nowNanos)
            let elapsed = Double(nowNanos &- bucket.at) / 1e9
            bucket.tokens = min(rule.burst, bucket.tokens + max(0, elapsed) * rule.rate)
            bucket.at = nowNanos
            guard bucket.tokens >= cost else {
                buckets[key] = bucket
                return (false, max(1, Int(((cost - bucket.tokens) / rule.rate).rounded(.up))))
            }
            bucket.tokens -= cost
            buckets[key] = bucket
            return (true, 0)
        }
    }

    /// Drops the buckets that refilled (the same as none), then, when addresses are sprayed
    /// faster than buckets refill (an hour for the stored bytes), all but the most recently
    /// used half: a dropped address starts again with a full bucket, which is what a new
    /// address gets anyway. Leaves at most half of `maxBuckets`, so it runs once per
    /// `maxBuckets / 2` new addresses, not on every take once the map is full. Under `lock`.
    private func forgetIdle(nowNanos: UInt64) {
        let cutoff = nowNanos &- UInt64(rule.burst / rule.rate * 1e9)
        buckets = buckets.filter { $0.value.at > cutoff }
        guard buckets.count > Self.maxBuckets / 2 else { return }
        let recent = buckets.sorted { $0.value.at > $1.value.at }.prefix(Self.maxBuckets / 2)
        buckets = Dictionary(uniqueKeysWithValues: recent.map { ($0.key, $0.value) })
    }

    /// Buckets held now, for the tests.
    var bucketCount: Int { lock.withLock { buckets.count } }

    /// Leaves `key` owing `seconds` of refill, as a client that spent its burst and more
    /// would; for tests, which cannot spend a real burst faster than it refills.
    func exhaust(_ key: String, for seconds: Double, nowNanos: UInt64) {
        lock.withLock { buckets[key] = (-seconds * rule.rate, nowNanos) }
    }

    /// Seconds until `key` could take `cost` (0: it can now), without taking anything.
    public func wait(_ key: String, cost: Double = 1, nowNanos: UInt64) -> Int {
        lock.withLock {
            guard let bucket = buckets[key] else { return 0 }
            let elapsed = Double(nowNanos &- bucket.at) / 1e9
            let tokens = min(rule.burst, bucket.tokens + max(0, elapsed) * rule.rate)
            return tokens >= cost ? 0 : max(1, Int(((cost - tokens) / rule.rate).rounded(.up)))
        }
    }

    /// Throws 429 with `Retry-After` when the client is over its rate.
    public func check(_ request: Request, cost: Double = 1, what: String, code: String? = nil) throws(HTTPError) {
        let (allowed, retry) = take(request.quotaKey, cost: cost, nowNanos: EventLoop.monotonicNow().nanoseconds)
        if !allowed {
            throw HTTPError(.tooManyRequests, code: code, "too many \(what) from this address; retry in \(retry) s",
                            headers: HTTPHeaders([("Retry-After", String(retry))]))
        }
    }
}
