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
    /// ~1 KB; 1 MiB also fits the 1 MiB integrity probe upload. → 413.
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

    public init() {}
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

    public init() {}
}
