// A testing library: compiled in debug builds only. `swift build -c release` builds every
// library target of the package, and `@testable import` needs the modules compiled for
// testing, which SwiftPM does in debug (the configuration `swift test` uses).
#if DEBUG
#if canImport(Glibc)
import Glibc
#endif
import Foundation
@testable import ProbeHTTP

/// A blocking TCP client that sends raw bytes and reads raw responses: the server is tested
/// over real sockets exactly as a device would reach it.
final class RawClient {
    let fd: Int32

    /// `source`: the local address to connect from (127.0.0.0/8 stands for separate devices).
    init(port: UInt16, host: String = "127.0.0.1", source: String? = nil, receiveTimeout: Double = 5) throws {
        let address = SocketAddress(ip: host, port: port)!
        fd = socket(host.contains(":") ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if let source, let local = SocketAddress(ip: source, port: 0) {
            guard local.withSockAddr({ bind(fd, $0, $1) }) == 0 else { throw SocketError.failed("bind \(source)") }
        }
        var tv = timeval(tv_sec: Int(receiveTimeout), tv_usec: Int((receiveTimeout - Double(Int(receiveTimeout))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        let rc = address.withSockAddr { connect(fd, $0, $1) }
        guard rc == 0 else { throw SocketError.failed("connect") }
    }

    deinit { close(fd) }

    func send(_ text: String) { send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            offset += n
        }
    }

    func shutdownWrite() { Glibc.shutdown(fd, Int32(SHUT_WR)) }

    /// True when the server has sent something (or closed) that has not been read yet.
    /// Tests use it to order events ("answered while the client was still sending")
    /// instead of timing them.
    /// `waitingUpTo` milliseconds for it to come (poll(2)); at once by default.
    func hasPendingInput(waitingUpTo milliseconds: Int32 = 0) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, milliseconds) > 0 && p.revents != 0
    }

    private var buffer: [UInt8] = []

    /// Set when the last read saw EOF (as opposed to a timeout or an error).
    private(set) var sawEOF = false

    /// Reads more bytes; false on EOF, error or timeout.
    @discardableResult
    func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n == 0 { sawEOF = true }
        if n < 0 && errno == ECONNRESET { sawEOF = true }
        if n <= 0 { return false }
        buffer.append(contentsOf: chunk[0..<n])
        return true
    }

    /// True when the server closed the connection (EOF or reset) within the receive
    /// timeout; false when it was still open when the timeout passed.
    func isClosedByPeer() -> Bool {
        while fill() {}
        return sawEOF
    }

    /// Reads every remaining byte until EOF or timeout (check `sawEOF` to tell which).
    func readToEnd() -> [UInt8] {
        while fill() {}
        defer { buffer.removeAll() }
        return buffer
    }

    struct Reply {
        let status: Int
        let headers: HTTPHeaders
        let body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// Reads one response; `head` says whether it answers a HEAD (no body).
    func readResponse(head: Bool = false) -> Reply? {
        while true {
            if let r = tryParse(head: head) { return r }
            if !fill() { return tryParse(head: head, eof: true) }
        }
    }

    private func tryParse(head: Bool, eof: Bool = false) -> Reply? {
        let sep: [UInt8] = [13, 10, 13, 10]
        guard let end = buffer.firstRange(of: sep) else { return nil }
        let headText = String(decoding: buffer[0..<end.lowerBound], as: UTF8.self)
        var lines = headText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { return nil }
        var headers = HTTPHeaders()
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.add(String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
        }
        let bodyStart = end.upperBound
        var length = Int(headers["content-length"] ?? "")
        if head || status == 304 || status == 204 || status < 200 { length = 0 }
        if let length {
            guard buffer.count - bodyStart >= length else { return nil }
            let body = Array(buffer[bodyStart..<(bodyStart + length)])
            buffer.removeFirst(bodyStart + length)
            return Reply(status: status, headers: headers, body: body)
        }
        guard eof else { return nil }
        let body = Array(buffer[bodyStart...])
        buffer.removeAll()
        return Reply(status: status, headers: headers, body: body)
    }
}
#endif
