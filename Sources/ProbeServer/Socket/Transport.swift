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
    /// Best-effort orderly shutdown (TLS close_notify). Never closes the file descriptor:
    /// the connection owns it.
    func shutdown()
    /// ALPN result, if any (`http/1.1`).
    var negotiatedProtocol: String? { get }
    /// After a failed handshake: whether the client refused the server's certificate.
    var handshakeRefusal: HandshakeRefusal? { get }
}

extension Transport {
    public var handshakeRefusal: HandshakeRefusal? { nil }
}
