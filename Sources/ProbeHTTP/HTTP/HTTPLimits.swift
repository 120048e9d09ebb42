/// Every limit the HTTP layer enforces, in one place, each with the reason for its value.
///
/// A limit that is hit is answered with the status named beside it, `Connection: close`,
/// and a one-line body that says which limit it was.
public struct HTTPLimits: Sendable, Equatable {
    /// Request line (method, target, version). 8 KiB is what nginx and NIO allow by default;
    /// the probe URLs are under 200 bytes, so anything near this is an attack. → 414.
    public var requestLineBytes = 8 * 1024
    /// All header lines of one request together, trailers included. 64 KiB leaves room for
    /// large cookies while bounding memory per connection (NIO uses 80 KiB). → 431.
    public var headerBytes = 64 * 1024
    /// Header fields per request. Browsers send 10–20; 100 also bounds the work of lookups. → 431.
    public var headerFields = 100
    /// One chunk-size line with its extensions (RFC 9112 §7.1.1). Nothing legitimate is long. → 400.
    public var chunkLineBytes = 4 * 1024
    /// Body of an ordinary API request (a result batch, a run). A full run is ~40 results of
    /// ~1 KB; 1 MiB also fits the integrity probe's upload (128 KiB) eight times. → 413.
    public var jsonBodyBytes = 1024 * 1024 + 64 * 1024
    /// Body of an upload route (file probes). Phone photos are 2–12 MB; HEIC bursts more. → 413.
    public var uploadBodyBytes = 32 * 1024 * 1024
    /// Requests a client may queue behind one in flight before we stop reading its socket.
    /// Bounds the memory a pipelining client can pin (SwiftNIO discipline).
    public var pipelinedBytes = 1024 * 1024
    /// Request bodies over `jsonBodyBytes` (uploads) read at once, server-wide. An upload
    /// is buffered whole and copied by the multipart parser and the file write: ~4 times its
    /// size at its peak, so 64 concurrent 32 MiB uploads cost 1.6 GB. Four at a time bound it
    /// near 512 MiB; a fifth is refused at its head, before its body is read. → 503 with
    /// Retry-After (the page's file probe reports the status; a phone uploads one at a time).
    public var concurrentLargeBodies = 4
    /// Connections open at once from one address (an IPv6 /64 or an IPv4 address,
    /// `AddressBlock`), server-wide; the server holds to the lower of this and a quarter of
    /// its descriptor limit (`connectionsPerAddress(descriptorLimit:)`), so one address can
    /// never take the descriptors every other device needs. A device farm behind one NAT is
    /// one address, so this is sized for one: 80 devices whose browsers each keep 6
    /// connections to each of the page's two origins (the per-host limit of Chrome and
    /// Firefox, `network.http.max-persistent-connections-per-server`) is 960, plus the CI
    /// job's 64 long polls (`RunWaiters.maxWaitsPerAddress`). A TLS connection costs ~17 KiB,
    /// so one address holds ~17 MiB at most. A configured trusted proxy (`--trust-proxy`)
    /// is not counted: every client behind it shares its address, and the proxy bounds them
    /// itself (nginx `limit_conn`). → refused at accept: a 503 on plain HTTP, a close on TLS
    /// (no handshake is spent on it).
    public var connectionsPerAddress = 1024
    /// Requests answered on one connection; the last one says `Connection: close` (RFC 9112
    /// §9.6), so no connection is kept for ever by a client that keeps asking. nginx's
    /// `keepalive_requests` default (https://nginx.org/en/docs/http/ngx_http_core_module.html#keepalive_requests):
    /// a browser opens a new connection without a visible cost; the page makes ~150 requests a run.
    public var requestsPerConnection = 1000

    public init() {}

    /// The per-address bound the server holds to: `connectionsPerAddress`, or a quarter of
    /// the process's descriptor limit (getrlimit(2)) when that is lower, and never fewer
    /// than 16 unless configured so (a phone's browser opens 6 at once, and its page a few
    /// to the second origin). `descriptorLimit` 0 (unknown): as configured.
    public func connectionsPerAddress(descriptorLimit: UInt64) -> Int {
        guard descriptorLimit > 0 else { return connectionsPerAddress }
        return min(connectionsPerAddress, max(16, Int(clamping: descriptorLimit / 4)))
    }
}

/// Timeouts of one connection. See `ConnectionTimeouts` for the state machine that applies them.
public struct HTTPTimeouts: Sendable, Equatable {
    /// From the first byte of a request to the end of its head. A slowloris sends a header
    /// byte every few seconds; 10 s is ample for a phone on weak Wi-Fi. → 408 and close.
    public var headerRead: Duration = .seconds(10)
    /// Longest wait for the next body byte. Uploads from phones stall on radio handovers;
    /// 30 s tolerates that. → 408 and close.
    public var bodyProgress: Duration = .seconds(30)
    /// Idle keep-alive connection. Browsers keep connections ~60–300 s; 60 s bounds idle fds.
    public var idle: Duration = .seconds(60)
    /// Longest wait for the client to accept more response bytes. → close.
    public var writeStall: Duration = .seconds(30)
    /// Longest life of a keep-alive connection: the first answer after it says
    /// `Connection: close`, and an idle connection closes at it. Without it any request
    /// renews the idle clock, and one every 59 s keeps a connection for ever. nginx's
    /// `keepalive_time` default (https://nginx.org/en/docs/http/ngx_http_core_module.html#keepalive_time).
    public var connectionLifetime: Duration = .seconds(3600)

    public init() {}
}
