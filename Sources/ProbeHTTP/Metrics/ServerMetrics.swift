import Synchronization

/// What `/metrics` counts, updated where the server already does the work (the access-log
/// line, the handshake refusal, the acknowledged batch, the judged run). One lock; each
/// update is a few additions, far below a request's cost.
public final class ServerMetrics: Sendable {
    /// Upper bounds in seconds: a static file or lookup answers in milliseconds, a batch
    /// commit waits for an fsync (tens of ms on a laptop disk), a long poll takes up to
    /// `RunWaiters.maxWaitSeconds`. Few buckets keep the series per route small.
    public static let latencyBuckets: [Double] = [0.005, 0.025, 0.1, 0.5, 2.5, 10]

    struct Histogram {
        var buckets = [UInt64](repeating: 0, count: ServerMetrics.latencyBuckets.count)
        var count: UInt64 = 0
        var sum: Double = 0

        mutating func record(_ seconds: Double) {
            for i in buckets.indices where seconds <= ServerMetrics.latencyBuckets[i] { buckets[i] += 1 }
            count += 1
            sum += seconds
        }
    }

    /// The five status classes' label values, made once rather than per request.
    static let statusClasses = ["1xx", "2xx", "3xx", "4xx", "5xx"]

    /// The labels of one request series: both from closed sets (`MetricLabels`).
    struct SeriesKey: Hashable, Comparable {
        let method: String
        let route: String
        static func < (a: SeriesKey, b: SeriesKey) -> Bool { (a.method, a.route) < (b.method, b.route) }
    }

    /// Request series kept at most. The labels are closed sets (each route's own method, and
    /// `static`/`unmatched` for the dozen known methods and `other`), about 100 series today;
    /// this bound holds the scrape under `maxScrapeBytes` even if a later route labelled by
    /// something open: a series past it is counted under `other`/`unmatched`.
    static let maxRequestSeries = 256
    /// The scrape's size bound (docs/security.md): `maxRequestSeries` histograms of 9 lines
    /// of at most ~140 bytes, plus the few fixed families, stays below it.
    public static let maxScrapeBytes = 384 * 1024
    static let overflowSeries = SeriesKey(method: MetricLabels.otherMethod, route: MetricLabels.unmatchedRoute)

    struct State {
        var requests: [SeriesKey: Histogram] = [:]
        var requestsByStatus: [String: UInt64] = [:]
        var verdicts: [String: UInt64] = [:]
        var resultsIngested: UInt64 = 0
        var tlsRefusals: [String: UInt64] = [:]
        var readinessProbes: UInt64 = 0
    }

    private let state = Mutex(State())
    /// Connections accepted and not yet closed, all loops together.
    let openConnections = Atomic<Int>(0)

    public init() {}

    /// One answered request: its route template (`/api/runs/:id`, or `static` for files),
    /// its method (`MetricLabels.method`), its status class, its duration.
    func observeRequest(route: String, method: String, status: Int, seconds: Double) {
        state.withLock { s in
            var key = SeriesKey(method: method, route: route)
            // One place stays for the series everything past the bound is counted under.
            if s.requests[key] == nil, s.requests.count >= Self.maxRequestSeries - 1 {
                key = Self.overflowSeries
            }
            // Updated in place: a copy out and back would copy the buckets array per request.
            s.requests[key, default: Histogram()].record(seconds)
            // A status is the server's own three digits; its class is one of five.
            s.requestsByStatus[Self.statusClasses[min(max(status / 100, 1), 5) - 1], default: 0] += 1
        }
    }

    /// Request series held now (tests check the bound).
    var requestSeriesCount: Int { state.withLock { $0.requests.count } }

    package func judged(verdict: String) { state.withLock { $0.verdicts[verdict, default: 0] += 1 } }
    package func ingested(results: Int) { state.withLock { $0.resultsIngested += UInt64(results) } }
    func refusedHandshake(sign: String) { state.withLock { $0.tlsRefusals[sign, default: 0] += 1 } }
    /// One `/readyz` write probe run (`ReadinessProbe`): the count shows the probe writes at
    /// most once a second whatever the request rate.
    package func probedReadiness() { state.withLock { $0.readinessProbes += 1 } }
    func connectionOpened() { openConnections.add(1, ordering: .relaxed) }
    func connectionClosed() { openConnections.subtract(1, ordering: .relaxed) }

    /// The gauges read at scrape time from their owners.
    public struct Gauges: Sendable {
        public var storeBytes: Int64
        public var storeLimitBytes: Int64
        public var longPolls: Int
        /// Observation bytes parsed to judge runs since the start (a counter its owner keeps):
        /// a completed run's kept judgement is read back without adding to it.
        public var observationBytesJudged: Int
        public init(storeBytes: Int64, storeLimitBytes: Int64, longPolls: Int, observationBytesJudged: Int = 0) {
            self.storeBytes = storeBytes; self.storeLimitBytes = storeLimitBytes; self.longPolls = longPolls
            self.observationBytesJudged = observationBytesJudged
        }
    }

    public func render(_ gauges: Gauges) -> String {
        let s = state.withLock { $0 }
        var out = MetricsExposition()
        out.family("probe_runs_judged_total", .counter, help: "Runs judged since the server started, by verdict.")
        for (verdict, n) in s.verdicts.sorted(by: { $0.key < $1.key }) {
            out.sample("probe_runs_judged_total", [("verdict", verdict)], Double(n))
        }
        out.family("probe_results_ingested_total", .counter, help: "Results acknowledged as newly stored since the server started.")
        out.sample("probe_results_ingested_total", [], Double(s.resultsIngested))
        out.family("probe_http_requests_total", .counter, help: "Requests answered, by status class.")
        for (status, n) in s.requestsByStatus.sorted(by: { $0.key < $1.key }) {
            out.sample("probe_http_requests_total", [("code", status)], Double(n))
        }
        out.family("probe_http_request_duration_seconds", .histogram,
                   help: "Time from the request's first byte to its response being queued, by route template.")
        for (key, h) in s.requests.sorted(by: { $0.key < $1.key }) {
            let labels = [("method", key.method), ("route", key.route)]
            for (i, bound) in Self.latencyBuckets.enumerated() {
                out.sample("probe_http_request_duration_seconds_bucket", labels + [("le", MetricsExposition.number(bound))], Double(h.buckets[i]))
            }
            out.sample("probe_http_request_duration_seconds_bucket", labels + [("le", "+Inf")], Double(h.count))
            out.sample("probe_http_request_duration_seconds_sum", labels, h.sum)
            out.sample("probe_http_request_duration_seconds_count", labels, Double(h.count))
        }
        out.family("probe_tls_refusals_total", .counter,
                   help: "TLS handshakes the client ended by refusing the certificate (alert) or hanging up after it.")
        for sign in ["alert", "hungUp"] {
            out.sample("probe_tls_refusals_total", [("sign", sign)], Double(s.tlsRefusals[sign] ?? 0))
        }
        out.family("probe_readiness_probes_total", .counter,
                   help: "Write probes /readyz ran (a synced file and a store write each); answers within a second share one.")
        out.sample("probe_readiness_probes_total", [], Double(s.readinessProbes))
        out.family("probe_judged_observation_bytes_total", .counter,
                   help: "Bytes of stored observations parsed to judge runs since the server started.")
        out.sample("probe_judged_observation_bytes_total", [], Double(gauges.observationBytesJudged))
        out.family("probe_store_bytes", .gauge, help: "Size of the store: database and uploads.")
        out.sample("probe_store_bytes", [], Double(gauges.storeBytes))
        out.family("probe_store_limit_bytes", .gauge, help: "The store's limit (--max-store).")
        out.sample("probe_store_limit_bytes", [], Double(gauges.storeLimitBytes))
        out.family("probe_open_connections", .gauge, help: "Client connections open now.")
        out.sample("probe_open_connections", [], Double(max(0, openConnections.load(ordering: .relaxed))))
        out.family("probe_long_polls", .gauge, help: "Requests waiting in GET /api/runs/{id}/wait now.")
        out.sample("probe_long_polls", [], Double(gauges.longPolls))
        return out.text
    }
}
