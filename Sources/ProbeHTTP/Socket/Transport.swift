/// What a connection reads from and writes to: the plain socket, or a TLS session over it.
///
/// Every call is non-blocking. The event loop maps `wantRead`/`wantWrite` onto epoll
/// readiness (for TLS, a read may need the socket to be writable during renegotiation or a
/// handshake, and the other way round), so neither side ever blocks a loop thread.
public enum TransportResult: Equatable, Sendable {
    /// `n` bytes moved. For `handshake()`, `.bytes(0)` means the handshake is complete.
    case bytes(Int)
    /// Call again when the socket is readable.
    case wantRead
    /// Call again when the socket is writable.
    case wantWrite
    /// The peer closed the stream cleanly (EOF, or TLS close_notify).
    case closed
    /// A fatal error; the connection must be closed. The text is for the log.
    case failed(String)
}

public protocol Transport: AnyObject {
    /// Advances the handshake. Plain sockets are always complete.
    func handshake() -> TransportResult
    func read(into buffer: UnsafeMutableRawBufferPointer) -> TransportResult
    func write(from buffer: UnsafeRawBufferPointer) -> TransportResult
    /// Writes `head`, then `body`, as one stream without first copying them together (a
    /// response head and a body kept elsewhere, such as a cached file). Same results as
    /// `write(from:)`; `.bytes(n)` counts from the start of `head`, and after a short count
    /// the caller continues with `write(from:)` on the unsent rest of the two.
    func write(vectored head: UnsafeRawBufferPointer, _ body: UnsafeRawBufferPointer) -> TransportResult
    /// Best-effort orderly shutdown (TLS close_notify). Never closes the file descriptor:
    /// the connection owns it.
    func shutdown()
    /// ALPN result, if any (`http/1.1`).
    var negotiatedProtocol: String? { get }
    /// After a failed handshake: whether the client refused the server's certificate.
    var handshakeRefusal: HandshakeRefusal? { get }
    /// The host name the client asked for in SNI (RFC 6066 §3), for the log; nil on plain
    /// sockets and from clients that connect by IP address.
    var serverName: String? { get }
    /// After a failed handshake: the client spoke plain HTTP and was answered in plain HTTP
    /// with the https:// address (`PlainHTTPOnTLSPort`).
    var answeredPlainHTTP: Bool { get }
    /// True when the transport holds bytes read from the socket that a `read` would return
    /// without the socket (TLS records read ahead): epoll cannot report those.
    var holdsReadBytes: Bool { get }
}

extension Transport {
    public var handshakeRefusal: HandshakeRefusal? { nil }
    public var serverName: String? { nil }
    public var holdsReadBytes: Bool { false }
    public var answeredPlainHTTP: Bool { false }

    /// `write(vectored:)` as two writes in turn: for transports that frame what they send
    /// themselves (TLS records), where one system call cannot carry both buffers anyway.
    public func writeInTurn(_ head: UnsafeRawBufferPointer, _ body: UnsafeRawBufferPointer) -> TransportResult {
        var written = 0
        for buffer in [head, body] {
            var offset = 0
            while offset < buffer.count {
                switch write(from: UnsafeRawBufferPointer(rebasing: buffer[offset...])) {
                case .bytes(let n):
                    offset += n
                    written += n
                case let other:
                    // Bytes already taken are reported; the caller retries the rest, which
                    // starts with the bytes this call was refused (what OpenSSL requires).
                    return written > 0 ? .bytes(written) : other
                }
            }
        }
        return .bytes(written)
    }
}
