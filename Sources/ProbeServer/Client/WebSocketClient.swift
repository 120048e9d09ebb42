#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A minimal blocking WebSocket client (RFC 6455) for a loopback peer: text messages only,
/// which is all the Chrome DevTools Protocol speaks
/// (https://chromedevtools.github.io/devtools-protocol/). Not for the internet: no TLS, no
/// extensions, no proxy.
public final class WebSocketClient: @unchecked Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// A DevTools message is a few KiB; an event with a whole DOM can be MiBs. Past this the
    /// peer is not what we think it is.
    static let maxMessageBytes = 64 * 1024 * 1024

    private let fd: Int32
    private var buffered: [UInt8] = []
    /// Where the unread bytes of `buffered` start: reading moves it, not the bytes.
    private var readOffset = 0
    private var isClosed = false

    /// Connects to `ws://127.0.0.1:PORT/PATH` and completes the opening handshake (RFC 6455 §4.1).
    public init(port: UInt16, path: String, timeoutSeconds: Double) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var timeout = timeval(tv_sec: Int(timeoutSeconds), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(fd)
            throw Failure(description: "cannot connect to 127.0.0.1:\(port): \(reason)")
        }
        do {
            try handshake(port: port, path: path)
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    public func close() {
        guard !isClosed else { return }
        isClosed = true
        Glibc.close(fd)
    }

    private func handshake(port: UInt16, path: String) throws {
        var nonce = [UInt8](repeating: 0, count: 16)
        for i in nonce.indices { nonce[i] = UInt8.random(in: 0...255) }
        let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: \(Data(nonce).base64EncodedString())\r\nSec-WebSocket-Version: 13\r\n\r\n"
        try send(Array(request.utf8))
        var head: [UInt8] = []
        let end: [UInt8] = [13, 10, 13, 10]
        while !(head.count >= 4 && Array(head.suffix(4)) == end) {
            head.append(try readByte())
            if head.count > 16 * 1024 { throw Failure(description: "the WebSocket handshake answer is too long") }
        }
        let status = String(decoding: head.prefix { $0 != 13 }, as: UTF8.self)
        guard status.hasPrefix("HTTP/1.1 101") else { throw Failure(description: "the WebSocket handshake was refused: \(status)") }
    }

    /// Sends one text message in one masked frame (RFC 6455 §5.2, §5.3: a client masks).
    public func send(text: String) throws {
        let payload = Array(text.utf8)
        var frame: [UInt8] = [0x81]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            frame.append(0x80 | 126)
            frame += [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            frame.append(0x80 | 127)
            frame += (0..<8).reversed().map { UInt8((UInt64(payload.count) >> (8 * UInt64($0))) & 0xFF) }
        }
        let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        try send(frame)
    }

    /// The next text message; pings are answered, fragments joined. nil when the peer
    /// closed the connection; throws when nothing came within the socket's timeout.
    public func receive() throws -> String? {
        var message: [UInt8] = []
        while true {
            let first = try readByte()
            let second = try readByte()
            let opcode = first & 0x0F
            var length = UInt64(second & 0x7F)
            if length == 126 {
                length = (UInt64(try readByte()) << 8) | UInt64(try readByte())
            } else if length == 127 {
                length = 0
                for _ in 0..<8 { length = (length << 8) | UInt64(try readByte()) }
            }
            guard length <= UInt64(Self.maxMessageBytes) else { throw Failure(description: "a WebSocket frame of \(length) bytes") }
            var mask: [UInt8]?
            if second & 0x80 != 0 { mask = [try readByte(), try readByte(), try readByte(), try readByte()] }
            var payload = try read(count: Int(length))
            if let mask { payload = payload.enumerated().map { $0.element ^ mask[$0.offset % 4] } }
            switch opcode {
            case 0x8:
                return nil
            case 0x9:
                try sendControl(opcode: 0xA, payload: payload)
                continue
            case 0xA:
                continue
            default:
                message += payload
                guard message.count <= Self.maxMessageBytes else { throw Failure(description: "a WebSocket message over the limit") }
                if first & 0x80 != 0 { return String(decoding: message, as: UTF8.self) }
            }
        }
    }

    private func sendControl(opcode: UInt8, payload: [UInt8]) throws {
        let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
        try send([0x80 | opcode, 0x80 | UInt8(min(payload.count, 125))] + mask
            + payload.prefix(125).enumerated().map { $0.element ^ mask[$0.offset % 4] })
    }

    private func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw Failure(description: "the DevTools connection closed while sending (\(String(cString: strerror(errno))))") }
            sent += n
        }
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { throw Failure(description: "no DevTools message in time") }
            guard n > 0 else { throw Failure(description: "the DevTools connection closed") }
            if readOffset > 0 {
                buffered.removeFirst(readOffset)
                readOffset = 0
            }
            buffered += chunk[..<n]
            return
        }
    }

    private var unread: Int { buffered.count - readOffset }

    private func readByte() throws -> UInt8 {
        if unread == 0 { try fill() }
        defer { readOffset += 1 }
        return buffered[readOffset]
    }

    private func read(count: Int) throws -> [UInt8] {
        while unread < count { try fill() }
        let bytes = Array(buffered[readOffset..<(readOffset + count)])
        readOffset += count
        return bytes
    }
}
