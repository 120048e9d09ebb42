#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import COpenSSL

/// The non-blocking SSL calls and their mapping onto `TransportResult`, shared by the
/// server's `TLSSession` and the CLI's client transport: each call starts and ends with an
/// empty error queue, so one connection's errors never leak into another's.
package enum SSLIO {
    /// The outcome of a call, and whether it was fatal (no more I/O, no close_notify).
    package typealias Outcome = (result: TransportResult, fatal: Bool)

    package static func handshake(_ ssl: OpaquePointer) -> Outcome {
        handshakeReadingAlert(ssl).outcome
    }

    /// The handshake, and the alert the peer sent when that is what ended it (read from
    /// the error queue before `failure` drains it).
    static func handshakeReadingAlert(_ ssl: OpaquePointer) -> (outcome: Outcome, peerAlert: UInt8?) {
        if SSL_is_init_finished(ssl) == 1 { return ((.bytes(0), false), nil) }
        OpenSSLErrorQueue.clear()
        errno = 0
        let status = SSL_do_handshake(ssl)
        if status == 1 { return ((.bytes(0), false), nil) }
        let alert = peerAlert(inError: ERR_peek_error())
        return (failure(ssl, status, during: "TLS handshake"), alert)
    }

    /// OpenSSL files a received alert as an SSL-library error whose reason is
    /// SSL_AD_REASON_OFFSET (1000) plus the alert's description number.
    static func peerAlert(inError code: UInt) -> UInt8? {
        guard code != 0, ERR_GET_LIB(code) == ERR_LIB_SSL else { return nil }
        let description = Int(ERR_GET_REASON(code)) - Int(SSL_AD_REASON_OFFSET)
        return (0...255).contains(description) ? UInt8(description) : nil
    }

    package static func read(_ ssl: OpaquePointer, into buffer: UnsafeMutableRawBufferPointer) -> Outcome {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return (.bytes(0), false) }
        return transfer(ssl, during: "TLS read") { count in SSL_read_ex(ssl, base, buffer.count, &count) }
    }

    package static func write(_ ssl: OpaquePointer, from buffer: UnsafeRawBufferPointer) -> Outcome {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return (.bytes(0), false) }
        return transfer(ssl, during: "TLS write") { count in SSL_write_ex(ssl, base, buffer.count, &count) }
    }

    /// One `SSL_read_ex` or `SSL_write_ex` (`call`, which sets the bytes it moved): the error
    /// queue and errno are cleared first, so `failure` reads only what this call left.
    private static func transfer(_ ssl: OpaquePointer, during: String, _ call: (inout Int) -> Int32) -> Outcome {
        OpenSSLErrorQueue.clear()
        errno = 0
        var count = 0
        let status = call(&count)
        if status == 1 { return (.bytes(count), false) }
        return failure(ssl, status, during: during)
    }

    /// The ALPN protocol chosen in the handshake, or nil.
    package static func negotiatedProtocol(_ ssl: OpaquePointer) -> String? {
        var data: UnsafePointer<UInt8>?
        var length: UInt32 = 0
        SSL_get0_alpn_selected(ssl, &data, &length)
        guard let data, length > 0 else { return nil }
        return String(decoding: UnsafeBufferPointer(start: data, count: Int(length)), as: UTF8.self)
    }

    /// Maps a failed SSL call, leaving the thread's error queue empty.
    static func failure(_ ssl: OpaquePointer, _ status: Int32, during operation: String) -> Outcome {
        let savedErrno = errno
        let code = SSL_get_error(ssl, status)
        switch code {
        case SSL_ERROR_WANT_READ:
            OpenSSLErrorQueue.clear()
            return (.wantRead, false)
        case SSL_ERROR_WANT_WRITE:
            OpenSSLErrorQueue.clear()
            return (.wantWrite, false)
        case SSL_ERROR_ZERO_RETURN:
            // close_notify, or (SSL_OP_IGNORE_UNEXPECTED_EOF) a TCP EOF without one.
            OpenSSLErrorQueue.clear()
            return (.closed, false)
        case SSL_ERROR_SYSCALL:
            let queued = OpenSSLErrorQueue.drain(fallback: "")
            if !queued.isEmpty { return (.failed("\(operation): \(queued)"), true) }
            // Empty queue and no errno: the peer closed the TCP stream (a client that gave up
            // during the handshake; a server closing after `Connection: close`, where HTTP
            // framing tells whether the body was complete).
            if savedErrno == 0 { return (.closed, true) }
            return (.failed("\(operation): \(String(cString: strerror(savedErrno))) (errno \(savedErrno))"), true)
        case SSL_ERROR_SSL:
            return (.failed("\(operation): \(OpenSSLErrorQueue.drain())"), true)
        default:
            // WANT_X509_LOOKUP, WANT_ASYNC and friends need callbacks we never install.
            return (.failed("\(operation): unexpected SSL_get_error \(code): \(OpenSSLErrorQueue.drain())"), true)
        }
    }
}
