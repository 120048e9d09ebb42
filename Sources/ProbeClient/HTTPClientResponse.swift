import ProbeHTTP

/// A response as the client read it.
public struct HTTPClientResponse: Sendable, Equatable {
    public var status: Int
    public var reason: String
    /// In the order received; names as sent.
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(status: Int, reason: String = "", headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
    }

    /// The first value of a header, case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    public var text: String { String(decoding: body, as: UTF8.self) }
    public var isSuccess: Bool { (200..<300).contains(status) }

    public static func == (lhs: HTTPClientResponse, rhs: HTTPClientResponse) -> Bool {
        lhs.status == rhs.status && lhs.reason == rhs.reason && lhs.body == rhs.body
            && lhs.headers.map { "\($0.name):\($0.value)" } == rhs.headers.map { "\($0.name):\($0.value)" }
    }
}

/// Reads one HTTP/1.1 response from bytes as they arrive (RFC 9112). A value fed bytes,
/// so the framing is tested without a socket. Knows the three ways a body ends (§6.3):
/// chunked, Content-Length, or the connection closing.
public struct ClientResponseParser: Sendable {
    public enum Failure: Error, Equatable, Sendable {
        case malformed(String)
        case tooLarge
    }

    /// Largest status line plus headers: servers send a few hundred bytes.
    public static let maxHeadBytes = 64 * 1024
    /// Largest body the CLI accepts: the biggest thing it fetches is a report (tens of KiB).
    public static let maxBodyBytes = 32 * 1024 * 1024

    private enum State {
        case head
        case fixed(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailers
        case untilClose
        case done
    }

    /// The request's method: a HEAD response has no body whatever its headers say.
    let isHeadRequest: Bool
    private var state = State.head
    private var buffer: [UInt8] = []
    private var response = HTTPClientResponse(status: 0)

    public init(isHeadRequest: Bool = false) { self.isHeadRequest = isHeadRequest }

    /// Feeds bytes; returns the response once it is complete. Bytes after it are ignored
    /// (the client sends `Connection: close`, so there are none).
    public mutating func feed(_ bytes: some Collection<UInt8>) throws(Failure) -> HTTPClientResponse? {
        buffer.append(contentsOf: bytes)
        return try advance()
    }

    /// The connection closed: a body delimited by the close ends here; anything else is cut short.
    public mutating func finish() throws(Failure) -> HTTPClientResponse {
        if case .untilClose = state {
            response.body += buffer
            buffer.removeAll()
            state = .done
            return response
        }
        if case .done = state { return response }
        if case .head = state { throw .malformed(buffer.isEmpty ? "no response" : "the response head was cut short") }
        throw .malformed("the body was cut short")
    }

    private mutating func advance() throws(Failure) -> HTTPClientResponse? {
        while true {
            switch state {
            case .done:
                return response
            case .head:
                guard let end = find([13, 10, 13, 10]) else {
                    if buffer.count > Self.maxHeadBytes { throw .tooLarge }
                    return nil
                }
                try parseHead(Array(buffer[..<end]))
                buffer.removeFirst(end + 4)
            case .fixed(let remaining):
                guard try takeBody(remaining, awaiting: { .fixed(remaining: $0) }) else { return nil }
                state = .done
            case .chunkSize:
                guard let end = find([13, 10]) else {
                    if buffer.count > 1024 { throw .malformed("chunk size line too long") }
                    return nil
                }
                let line = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeFirst(end + 2)
                // RFC 9112 §7.1.1: chunk extensions follow a `;` and are ignored.
                let sizeText = line.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
                guard let size = Int(sizeText.trimmingSpaces(), radix: 16), size >= 0 else {
                    throw .malformed("bad chunk size \(line.prefix(20))")
                }
                state = size == 0 ? .trailers : .chunkData(remaining: size)
            case .chunkData(let remaining):
                guard try takeBody(remaining, awaiting: { .chunkData(remaining: $0) }) else { return nil }
                state = .chunkDataEnd
            case .chunkDataEnd:
                guard buffer.count >= 2 else { return nil }
                guard buffer[0] == 13, buffer[1] == 10 else { throw .malformed("chunk not followed by CRLF") }
                buffer.removeFirst(2)
                state = .chunkSize
            case .trailers:
                // §7.1.2: trailer fields, then an empty line.
                guard let end = find([13, 10]) else { return nil }
                buffer.removeFirst(end + 2)
                if end == 0 { state = .done }
            case .untilClose:
                if buffer.count + response.body.count > Self.maxBodyBytes { throw .tooLarge }
                return nil
            }
        }
    }

    private mutating func parseHead(_ head: [UInt8]) throws(Failure) {
        let text = String(decoding: head, as: UTF8.self)
        var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        let statusLine = lines.removeFirst()
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3, let status = Int(parts[1]) else {
            throw .malformed("bad status line \(statusLine.prefix(40))")
        }
        response.status = status
        response.reason = parts.count > 2 ? String(parts[2]) : ""
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { throw .malformed("bad header line \(line.prefix(40))") }
            response.headers.append((String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingSpaces()))
        }
        // §6.3: no body after HEAD, 1xx, 204 and 304.
        if isHeadRequest || status == 204 || status == 304 || (100..<200).contains(status) {
            state = .done
            return
        }
        if let encoding = response.header("transfer-encoding") {
            // §6.3 rule 4: chunked must be the final coding; we ask for no other.
            guard encoding.lowercased().split(separator: ",").last?.trimmingSpaces() == "chunked" else {
                throw .malformed("unsupported Transfer-Encoding \(encoding)")
            }
            state = .chunkSize
        } else if let lengthText = response.header("content-length") {
            guard let length = Int(lengthText), length >= 0 else { throw .malformed("bad Content-Length \(lengthText)") }
            if length > Self.maxBodyBytes { throw .tooLarge }
            state = length == 0 ? .done : .fixed(remaining: length)
        } else {
            state = .untilClose
        }
    }

    /// Moves what has arrived of the `remaining` bytes of a body (or of a chunk) from the
    /// buffer to the body. True when all of them have; otherwise the state becomes
    /// `awaiting` the bytes still to come, and false.
    private mutating func takeBody(_ remaining: Int, awaiting: (Int) -> State) throws(Failure) -> Bool {
        let take = min(remaining, buffer.count)
        try appendBody(buffer[..<take])
        buffer.removeFirst(take)
        if take == remaining { return true }
        state = awaiting(remaining - take)
        return false
    }

    private mutating func appendBody(_ bytes: ArraySlice<UInt8>) throws(Failure) {
        if response.body.count + bytes.count > Self.maxBodyBytes { throw .tooLarge }
        response.body += bytes
    }

    private func find(_ pattern: [UInt8]) -> Int? {
        guard buffer.count >= pattern.count else { return nil }
        var i = 0
        while i <= buffer.count - pattern.count {
            if buffer[i] == pattern[0] && Array(buffer[i..<(i + pattern.count)]) == pattern { return i }
            i += 1
        }
        return nil
    }
}

extension StringProtocol {
    func trimmingSpaces() -> String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}
