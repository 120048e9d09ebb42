// A testing library: compiled in debug builds only. `swift build -c release` builds every
// library target of the package, and `@testable import` needs the modules compiled for
// testing, which SwiftPM does in debug (the configuration `swift test` uses).
#if DEBUG
import Foundation
import Glibc
@testable import ProbeHTTP

/// A loopback listener and a tiny poll loop that drives a `TLSSession` the way the event
/// loop will: call, and on `wantRead`/`wantWrite` wait for that readiness, then call again.
final class TLSTestServer {
    /// Generous: two cores are shared with other builds.
    static let deadlineSeconds = 20.0

    let listener: Int32
    let port: UInt16

    init() throws {
        signal(SIGPIPE, SIG_IGN)
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(listener, generic, length) == 0 && listen(listener, 8) == 0
                    && getsockname(listener, generic, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw CocoaError(.fileWriteUnknown)
        }
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(listener) }

    /// Accepts one connection and makes it non-blocking; -1 after the deadline.
    func accept(deadline: Date) -> Int32 {
        guard wait(listener, for: Int16(POLLIN), until: deadline) else { return -1 }
        let descriptor = Glibc.accept(listener, nil, nil)
        if descriptor >= 0 { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) }
        return descriptor
    }

    /// Repeats `step` until it returns something other than `wantRead`/`wantWrite`.
    func drive(_ descriptor: Int32, until deadline: Date, _ step: () -> TransportResult) -> TransportResult {
        while true {
            let result = step()
            let events: Int16
            switch result {
            case .wantRead: events = Int16(POLLIN)
            case .wantWrite: events = Int16(POLLOUT)
            default: return result
            }
            guard wait(descriptor, for: events, until: deadline) else { return .failed("test deadline passed") }
        }
    }

    private func wait(_ descriptor: Int32, for events: Int16, until deadline: Date) -> Bool {
        let remaining = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
        var entry = pollfd(fd: descriptor, events: events, revents: 0)
        return poll(&entry, 1, remaining) > 0
    }

    /// What the server side saw during one connection.
    struct Record: Sendable {
        var handshake: TransportResult = .failed("no connection")
        var received: [UInt8] = []
        var afterEcho: TransportResult?
        var negotiatedProtocol: String?
        var serverName: String?
        var protocolVersion = ""
        var cipherSuite: String?
        var isResumed = false
        var errorQueueWasEmpty = true
    }

    /// Accepts one connection, handshakes, echoes `echoBytes` bytes back, then either sends
    /// close_notify or runs `afterEcho`, and closes the socket.
    func serveEcho(context: TLSContext, echoBytes: Int,
                   afterEcho: ((TLSSession, Int32, Date) -> TransportResult)? = nil) -> Record {
        let deadline = Date() + Self.deadlineSeconds
        var record = Record()
        let descriptor = accept(deadline: deadline)
        guard descriptor >= 0 else { return record }
        defer { close(descriptor) }
        guard let session = try? context.makeSession(fileDescriptor: descriptor) else {
            record.handshake = .failed("makeSession failed")
            return record
        }
        return serveEcho(session: session, descriptor: descriptor, echoBytes: echoBytes, deadline: deadline,
                         afterEcho: afterEcho)
    }

    /// The same over a session made by the caller (whose socket the caller closes).
    func serveEcho(session: TLSSession, descriptor: Int32, echoBytes: Int, deadline: Date,
                   afterEcho: ((TLSSession, Int32, Date) -> TransportResult)? = nil) -> Record {
        var record = Record()
        record.handshake = drive(descriptor, until: deadline) { session.handshake() }
        record.errorQueueWasEmpty = OpenSSLErrorQueue.isEmpty
        guard record.handshake == .bytes(0) else { return record }
        record.negotiatedProtocol = session.negotiatedProtocol
        record.serverName = session.serverName
        record.protocolVersion = session.protocolVersion
        record.cipherSuite = session.cipherSuite
        record.isResumed = session.isResumed

        var buffer = [UInt8](repeating: 0, count: 4096)
        echo: while record.received.count < echoBytes {
            let result = buffer.withUnsafeMutableBytes { raw in
                drive(descriptor, until: deadline) { session.read(into: raw) }
            }
            guard case .bytes(let count) = result else { break echo }
            record.received += buffer[0..<count]
            var sent = 0
            while sent < count {
                let written = buffer[sent..<count].withUnsafeBytes { raw in
                    drive(descriptor, until: deadline) { session.write(from: raw) }
                }
                guard case .bytes(let n) = written else { break echo }
                sent += n
            }
        }
        if let afterEcho {
            record.afterEcho = afterEcho(session, descriptor, deadline)
        } else {
            session.shutdown()
        }
        record.errorQueueWasEmpty = record.errorQueueWasEmpty && OpenSSLErrorQueue.isEmpty
        return record
    }
}
#endif
