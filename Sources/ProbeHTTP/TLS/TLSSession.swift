import COpenSSL
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A server-side TLS session over an accepted, non-blocking socket.
///
/// Owned by one event-loop thread; not `Sendable`. It never closes the descriptor: the
/// connection owns it, and must close it only after this session is gone or shut down.
///
/// How a loop drives it:
/// - `handshake()` until `.bytes(0)`, waiting for the readiness it asks for. A TLS session
///   may ask for *writability* while reading and *readability* while writing (a handshake
///   message, a TLS 1.3 ticket or key update to flush), so wait for what the result says,
///   not for what the call was.
/// - `read(into:)` **until it returns `.wantRead`** (or `.closed`/`.failed`). OpenSSL decrypts
///   whole records (up to 16 KiB, RFC 8446 §5.1) and may hold plaintext beyond what fitted in
///   the buffer (`bufferedPlaintextCount`); the kernel socket is then empty, so epoll will not
///   report it readable again and stopping early strands those bytes.
/// - `write(from:)` may write part of the buffer (`.bytes(n)`, n ≤ count). After `.wantWrite`
///   or `.wantRead`, call again with the same unsent bytes (they may live at a new address,
///   but must be the same bytes, at least as many).
/// - The process must ignore SIGPIPE: OpenSSL writes to the socket with write(2), which
///   raises SIGPIPE when the peer has gone.
public final class TLSSession: Transport {
    /// Keeps the SSL_CTX this session was made from alive across a `TLSContext.reload`.
    private let context: SSLContext
    private let ssl: OpaquePointer
    /// After SSL_ERROR_SSL or SSL_ERROR_SYSCALL OpenSSL forbids further I/O, even SSL_shutdown.
    private var hasFailed = false
    private var hasSentCloseNotify = false
    /// The socket, for the look at the first bytes before OpenSSL reads any.
    private let fileDescriptor: Int32
    /// The first bytes were looked at (`PlainHTTPOnTLSPort`): once is enough.
    private var firstBytesChecked = false
    /// The client spoke plain HTTP to this TLS port and was answered in plain HTTP.
    public private(set) var answeredPlainHTTP = false

    /// The host name the client sent in SNI (RFC 6066 §3), if any. Clients send none when
    /// they connect by IP address.
    public private(set) var serverName: String?

    /// A session over `fileDescriptor` (accepted, non-blocking) using the certificate that
    /// `context` serves at this moment. Same as `context.makeSession(fileDescriptor:)`.
    public init(context: TLSContext, fileDescriptor: Int32) throws {
        self.context = context.snapshot()
        self.fileDescriptor = fileDescriptor
        OpenSSLErrorQueue.clear()
        guard let ssl = SSL_new(self.context.pointer) else {
            throw TLSError.configurationFailed(step: "SSL_new", reason: OpenSSLErrorQueue.drain())
        }
        self.ssl = ssl
        guard SSL_set_fd(ssl, fileDescriptor) == 1 else {
            throw TLSError.configurationFailed(step: "SSL_set_fd", reason: OpenSSLErrorQueue.drain())
        }
        SSL_set_accept_state(ssl)
        // Slot 0 is OpenSSL's "app data": lets the C callbacks find this object. Unretained:
        // the SSL object dies in our deinit, so it never outlives us.
        SSL_set_ex_data(ssl, 0, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit { SSL_free(ssl) }

    /// The session whose SSL object this is, for callbacks that only get the SSL pointer.
    static func owning(_ ssl: OpaquePointer) -> TLSSession? {
        guard let data = SSL_get_ex_data(ssl, 0) else { return nil }
        return Unmanaged<TLSSession>.fromOpaque(data).takeUnretainedValue()
    }

    func recordServerName(_ name: String) { serverName = name }

    // MARK: Transport

    public func handshake() -> TransportResult {
        if !firstBytesChecked {
            var first = [UInt8](repeating: 0, count: PlainHTTPOnTLSPort.peekBytes)
            let n = recv(fileDescriptor, &first, first.count, Int32(MSG_PEEK))
            if n > 0 {
                firstBytesChecked = true
                if PlainHTTPOnTLSPort.isPlainHTTP(first.prefix(n)) {
                    answerPlainHTTP()
                    return .failed("plain HTTP on the HTTPS port: answered 400 with the https:// address")
                }
            }
        }
        let (outcome, alert) = SSLIO.handshakeReadingAlert(ssl)
        switch outcome.result {
        case .failed, .closed:
            // A cipher is chosen once a ClientHello was accepted, and the server's flight,
            // certificate included, goes out in the same call; before that (a port scan, a
            // plain-HTTP request, a malformed hello) there is none.
            handshakeRefusal = HandshakeRefusal.classify(peerAlert: alert, hungUpAfterHello: SSL_get_current_cipher(ssl) != nil)
        default:
            break
        }
        return settle(outcome)
    }

    /// Plain HTTP on the TLS port: one answer in plain HTTP naming the https:// address, then
    /// the write side shut (`PlainHTTPOnTLSPort`). The request is read first: a close with
    /// unread data sends a reset (RFC 2525 §2.17), which can discard the answer before the
    /// client reads it. A fresh socket's send buffer takes a few hundred bytes at once; a
    /// client that does not take them loses only the hint.
    private func answerPlainHTTP() {
        answeredPlainHTTP = true
        hasFailed = true
        var request = [UInt8](repeating: 0, count: PlainHTTPOnTLSPort.requestBytes)
        let n = recv(fileDescriptor, &request, request.count, 0)
        let response = PlainHTTPOnTLSPort.response(request: Array(request.prefix(max(0, n))))
        _ = response.withUnsafeBytes { send(fileDescriptor, $0.baseAddress, $0.count, Socket.sendFlags) }
        LibC.shutdown(fileDescriptor, Int32(SHUT_WR))
    }

    /// Set when the handshake failed in a way that says the client refused the certificate.
    public private(set) var handshakeRefusal: HandshakeRefusal?

    public func read(into buffer: UnsafeMutableRawBufferPointer) -> TransportResult { settle(SSLIO.read(ssl, into: buffer)) }

    public func write(from buffer: UnsafeRawBufferPointer) -> TransportResult { settle(SSLIO.write(ssl, from: buffer)) }

    /// The head and the start of the body as one full record, then the rest of the body
    /// straight from the caller's buffer. Written in turn, the head was a record of its own:
    /// a 700-byte record costs a seal, a system call and a segment like a full one, and a
    /// 27 KB script took three records and three writes instead of two (strace, bench/). Only
    /// the first record's bytes are copied; a record holds at most 16 KiB (RFC 8446 §5.1).
    public func write(vectored head: UnsafeRawBufferPointer, _ body: UnsafeRawBufferPointer) -> TransportResult {
        let first = min(Self.maxRecordBytes, head.count + body.count)
        guard head.count < first else { return writeInTurn(head, body) }
        let fromBody = first - head.count
        let sent = withUnsafeTemporaryAllocation(byteCount: first, alignment: 1) { record -> TransportResult in
            record.copyMemory(from: head)
            UnsafeMutableRawBufferPointer(rebasing: record[head.count...]).copyMemory(from: UnsafeRawBufferPointer(rebasing: body[..<fromBody]))
            return write(from: UnsafeRawBufferPointer(record))
        }
        // A short or refused first write: the caller retries from its own copy of the rest,
        // which starts with the same bytes (what OpenSSL requires of a retried write).
        guard case .bytes(let n) = sent, n == first, fromBody < body.count else { return sent }
        switch write(from: UnsafeRawBufferPointer(rebasing: body[fromBody...])) {
        case .bytes(let more): return .bytes(first + more)
        default: return .bytes(first)
        }
    }

    /// Decrypted bytes or whole or partial records read ahead (SSL_has_pending(3)).
    public var holdsReadBytes: Bool { SSL_has_pending(ssl) == 1 }

    /// The largest plaintext a TLS record carries (RFC 8446 §5.1, RFC 5246 §6.2.1).
    static let maxRecordBytes = 16 * 1024

    /// Sends close_notify (RFC 8446 §6.1) once, without waiting for the peer's: the
    /// connection closes the socket right after, and HTTP/1.1 needs nothing more.
    /// Skipped before the handshake is done and after a fatal error, where OpenSSL forbids it.
    public func shutdown() {
        guard !hasFailed, !hasSentCloseNotify, SSL_is_init_finished(ssl) == 1 else { return }
        hasSentCloseNotify = true
        OpenSSLErrorQueue.clear()
        _ = SSL_shutdown(ssl)
        OpenSSLErrorQueue.clear()
    }

    /// The ALPN protocol chosen in the handshake (`http/1.1`), or nil when the client
    /// offered none we speak.
    public var negotiatedProtocol: String? { SSLIO.negotiatedProtocol(ssl) }

    // MARK: For logs and tests

    /// True when the handshake resumed an earlier session (ticket or session id).
    public var isResumed: Bool { SSL_session_reused(ssl) == 1 }

    /// `TLSv1.2` or `TLSv1.3` once the handshake is done.
    public var protocolVersion: String { String(cString: SSL_get_version(ssl)) }

    /// The OpenSSL name of the cipher suite in use, once the handshake is done.
    public var cipherSuite: String? {
        guard let cipher = SSL_get_current_cipher(ssl) else { return nil }
        return String(cString: SSL_CIPHER_get_name(cipher))
    }

    /// Decrypted bytes OpenSSL holds beyond what the last `read` returned.
    public var bufferedPlaintextCount: Int { Int(SSL_pending(ssl)) }

    // MARK: Errors

    /// Remembers a fatal outcome: no close_notify after it.
    private func settle(_ outcome: SSLIO.Outcome) -> TransportResult {
        if outcome.fatal { hasFailed = true }
        return outcome.result
    }
}
