#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The plain TCP transport: `recv`/`send` on a non-blocking socket.
package final class PlainTransport: Transport {
    private let fd: Int32

    package init(fd: Int32) { self.fd = fd }

    package func handshake() -> TransportResult { .bytes(0) }

    package func read(into buffer: UnsafeMutableRawBufferPointer) -> TransportResult {
        while true {
            let n = recv(fd, buffer.baseAddress, buffer.count, 0)
            if n > 0 { return .bytes(n) }
            if n == 0 { return .closed }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wantRead
            case ECONNRESET: return .closed
            default: return .failed("recv: \(String(cString: strerror(errno)))")
            }
        }
    }

    package func write(from buffer: UnsafeRawBufferPointer) -> TransportResult {
        while true {
            // MSG_NOSIGNAL: a peer that went away is an error code, not a SIGPIPE.
            let n = send(fd, buffer.baseAddress, buffer.count, Socket.sendFlags)
            if n >= 0 { return .bytes(n) }
            if let failure = Self.writeFailure(of: "send") { return failure }
        }
    }

    /// Gathers both buffers into one `sendmsg` (writev(2) with flags): nginx's sendfile saves
    /// the same copy of a body into a buffer of its own.
    package func write(vectored head: UnsafeRawBufferPointer, _ body: UnsafeRawBufferPointer) -> TransportResult {
        var vectors = [iovec(iov_base: UnsafeMutableRawPointer(mutating: head.baseAddress), iov_len: head.count),
                       iovec(iov_base: UnsafeMutableRawPointer(mutating: body.baseAddress), iov_len: body.count)]
        // sendmsg, not writev: MSG_NOSIGNAL, as in `write(from:)`.
        var message = msghdr()
        return vectors.withUnsafeMutableBufferPointer { v in
            message.msg_iov = v.baseAddress
            message.msg_iovlen = numericCast(v.count)  // size_t in glibc, int in Darwin
            while true {
                let n = sendmsg(fd, &message, Socket.sendFlags)
                if n >= 0 { return .bytes(n) }
                if let failure = Self.writeFailure(of: "sendmsg") { return failure }
            }
        }
    }

    /// What `errno` after a failed `send` or `sendmsg` (`call`) means; nil for EINTR, after
    /// which the same call is made again.
    private static func writeFailure(of call: String) -> TransportResult? {
        switch errno {
        case EINTR: nil
        case EAGAIN, EWOULDBLOCK: .wantWrite
        case EPIPE, ECONNRESET: .closed
        default: .failed("\(call): \(String(cString: strerror(errno)))")
        }
    }

    package func shutdown() {}

    package var negotiatedProtocol: String? { nil }
}
