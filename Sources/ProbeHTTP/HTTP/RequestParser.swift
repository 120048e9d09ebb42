#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a request was refused, with the status to answer. The message is one line a person
/// can act on; it goes into the response body and the log.
public struct HTTPParseError: Error, Equatable, Sendable, CustomStringConvertible {
    public let status: HTTPStatus
    public let message: String

    public init(_ status: HTTPStatus, _ message: String) {
        self.status = status
        self.message = message
    }

    public var description: String { "\(status.code): \(message)" }
}

/// What the parser produced.
public enum ParseEvent: Equatable, Sendable {
    /// The head of a request. Before asking for the next event, the caller may set
    /// `bodyLimit` for this route and answer `100 Continue`.
    case head(RequestHead)
    /// The whole body (empty when there is none) and the trailers of a chunked body.
    case message(body: [UInt8], trailers: HTTPHeaders)
}

/// An incremental HTTP/1.1 request parser (RFC 9112): a value fed bytes, with no I/O.
///
/// It keeps the unconsumed bytes and the offset up to which it has already looked for a
/// line end, so that input fed one byte at a time is scanned once: linear in its input.
/// (FlyingFox rescans its buffer per byte; a 256 KiB header line took it 36 s.)
/// It is strict where leniency enables request smuggling: a bare LF, obs-fold, whitespace
/// before a colon, Content-Length with Transfer-Encoding, and conflicting lengths are errors.
public struct RequestParser: Sendable {
    public var limits: HTTPLimits
    /// The body limit of the request being read. Reset to `limits.jsonBodyBytes` at each
    /// request; the server raises it for upload routes after seeing the head.
    public var bodyLimit: Int

    private var buffer: [UInt8] = []
    /// First byte not yet consumed.
    private var start = 0
    /// Where the search for the next LF resumes; bytes before it hold no LF.
    private var scanFrom = 0
    private var state: State = .requestLine

    // The request being assembled.
    private var method = ""
    private var target = ""
    private var version = HTTPVersion.http1_1
    private var headers = HTTPHeaders()
    private var trailers = HTTPHeaders()
    private var body: [UInt8] = []
    private var headerBytes = 0
    private var preambleBytes = 0
    private var framing = Framing.none

    private enum Framing: Equatable { case none, length(Int), chunked }

    private enum State: Equatable {
        case requestLine, headers, headDelivered
        case body(remaining: Int)
        case chunkSize, chunkData(remaining: Int), chunkDataEnd, trailers
        case failed(HTTPParseError)
    }

    public init(limits: HTTPLimits = HTTPLimits()) {
        self.limits = limits
        self.bodyLimit = limits.jsonBodyBytes
    }

    /// Bytes received and not yet consumed by a complete request.
    public var bufferedBytes: Int { buffer.count - start }

    /// True when bytes of a request that is not complete have been received: the header
    /// timeout runs from then.
    public var isInsideRequest: Bool {
        switch state {
        case .requestLine: return bufferedBytes > 0
        case .failed: return false
        default: return true
        }
    }

    /// True once the head has been delivered and the body is being read.
    public var isReadingBody: Bool {
        switch state {
        case .headDelivered, .body, .chunkSize, .chunkData, .chunkDataEnd, .trailers: return true
        default: return false
        }
    }

    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        compact()
        buffer.append(contentsOf: bytes)
    }

    public mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Drops consumed bytes when that is cheap relative to what was consumed (amortised linear).
    private mutating func compact() {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 256 * 1024)
            start = 0
            scanFrom = 0
        } else if start >= 4096 && start * 2 >= buffer.count {
            buffer.removeFirst(start)
            scanFrom -= start
            start = 0
        }
    }

    /// The next event, or nil when more bytes are needed. After an error, every call
    /// throws the same error: the connection must answer it and close.
    public mutating func next() throws(HTTPParseError) -> ParseEvent? {
        do {
            return try step()
        } catch {
            state = .failed(error)
            throw error
        }
    }

    private mutating func step() throws(HTTPParseError) -> ParseEvent? {
        while true {
            switch state {
            case .failed(let error):
                throw error

            case .requestLine:
                guard let line = try nextLine(limit: limits.requestLineBytes, tooLong: Self.requestLineTooLong)
                else { return nil }
                if line.isEmpty {
                    // RFC 9112 §2.2: ignore empty lines before a request line, within bounds.
                    preambleBytes += 2
                    if preambleBytes > limits.requestLineBytes { throw Self.requestLineTooLong }
                    continue
                }
                try parseRequestLine(line)
                state = .headers

            case .headers, .trailers:
                let inTrailers = state == .trailers
                let remainingBudget = limits.headerBytes - headerBytes
                guard let line = try nextLine(limit: remainingBudget, tooLong: Self.headersTooLarge)
                else { return nil }
                headerBytes += line.count + 2
                if line.isEmpty {
                    if inTrailers {
                        return finishMessage()
                    }
                    let head = try finishHead()
                    state = .headDelivered
                    return .head(head)
                }
                try parseField(line, intoTrailers: inTrailers)

            case .headDelivered:
                switch framing {
                case .none:
                    return finishMessage()
                case .length(let n):
                    if n > bodyLimit { throw Self.bodyTooLarge(n, bodyLimit) }
                    if n == 0 { return finishMessage() }
                    body.reserveCapacity(n)
                    state = .body(remaining: n)
                case .chunked:
                    state = .chunkSize
                }

            case .body(let remaining):
                let take = takeBody(remaining)
                if take == 0 { return nil }
                if take == remaining { return finishMessage() }
                state = .body(remaining: remaining - take)

            case .chunkSize:
                guard let line = try nextLine(
                    limit: limits.chunkLineBytes,
                    tooLong: HTTPParseError(.badRequest, "chunk-size line longer than \(limits.chunkLineBytes) bytes"))
                else { return nil }
                let size = try parseChunkSize(line)
                if size == 0 {
                    state = .trailers
                } else {
                    if body.count + size > bodyLimit { throw Self.bodyTooLarge(body.count + size, bodyLimit) }
                    state = .chunkData(remaining: size)
                }

            case .chunkData(let remaining):
                let take = takeBody(remaining)
                if take == 0 { return nil }
                state = take == remaining ? .chunkDataEnd : .chunkData(remaining: remaining - take)

            case .chunkDataEnd:
                // RFC 9112 §7.1: chunk-data is followed by exactly CRLF.
                if bufferedBytes < 2 { return nil }
                guard buffer[start] == Self.cr && buffer[start + 1] == Self.lf else {
                    throw HTTPParseError(.badRequest, "chunk data is not followed by CRLF (wrong chunk size?)")
                }
                start += 2
                scanFrom = start
                state = .chunkSize
            }
        }
    }

    // MARK: Lines

    static let cr = UInt8(ascii: "\r")
    static let lf = UInt8(ascii: "\n")
    static let sp = UInt8(ascii: " ")
    static let htab = UInt8(ascii: "\t")

    static let requestLineTooLong = HTTPParseError(.uriTooLong, "request line longer than the limit of 8 KiB")
    static let headersTooLarge = HTTPParseError(.headerFieldsTooLarge, "request headers larger than the limit of 64 KiB")

    static func bodyTooLarge(_ size: Int, _ limit: Int) -> HTTPParseError {
        HTTPParseError(.contentTooLarge, "request body of \(size) bytes exceeds this endpoint's limit of \(limit) bytes")
    }

    /// Moves what is buffered of the `remaining` bytes of a body (or of a chunk) into `body`;
    /// returns how many, 0 (and nothing touched) while none has arrived.
    private mutating func takeBody(_ remaining: Int) -> Int {
        let take = min(remaining, bufferedBytes)
        guard take > 0 else { return 0 }
        body.append(contentsOf: buffer[start..<(start + take)])
        start += take
        scanFrom = start
        return take
    }

    /// The next CRLF-terminated line without its CRLF, as a range into `buffer`; nil when
    /// no full line is buffered yet. `limit` counts the line with its CRLF.
    private mutating func nextLine(limit: Int, tooLong: HTTPParseError) throws(HTTPParseError) -> Range<Int>? {
        let from = max(scanFrom, start)
        let count = buffer.count
        let lfIndex: Int? = buffer.withUnsafeBufferPointer { p -> Int? in
            guard from < count, let base = p.baseAddress else { return nil }
            guard let hit = memchr(base + from, Int32(Self.lf), count - from) else { return nil }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }
        guard let lf = lfIndex else {
            scanFrom = count
            if count - start > limit { throw tooLong }
            return nil
        }
        if lf + 1 - start > limit { throw tooLong }
        // RFC 9112 §2.2 lets a recipient accept a bare LF; we do not, because a proxy in
        // front may not, and the disagreement is how requests are smuggled.
        guard lf > start, buffer[lf - 1] == Self.cr else {
            throw HTTPParseError(.badRequest, "line ends in a bare LF; HTTP lines end in CRLF")
        }
        let line = start..<(lf - 1)
        start = lf + 1
        scanFrom = start
        return line
    }

    // MARK: Request line

    private mutating func parseRequestLine(_ line: Range<Int>) throws(HTTPParseError) {
        // RFC 9112 §3: method SP request-target SP HTTP-version, single spaces.
        guard let firstSpace = buffer[line].firstIndex(of: Self.sp),
              let lastSpace = buffer[line].lastIndex(of: Self.sp), firstSpace < lastSpace
        else {
            throw HTTPParseError(.badRequest, "malformed request line: expected METHOD TARGET HTTP/1.1")
        }
        let methodBytes = buffer[line.lowerBound..<firstSpace]
        let targetBytes = buffer[(firstSpace + 1)..<lastSpace]
        let versionBytes = buffer[(lastSpace + 1)..<line.upperBound]

        guard !methodBytes.isEmpty, methodBytes.allSatisfy(Self.isTokenChar) else {
            throw HTTPParseError(.badRequest, "malformed request line: the method is not a token")
        }
        guard !targetBytes.isEmpty else {
            throw HTTPParseError(.badRequest, "malformed request line: empty target")
        }
        for b in targetBytes where b <= 0x20 || b >= 0x7F {
            throw HTTPParseError(.badRequest, b == Self.sp
                ? "malformed request line: a space in the target (encode it as %20)"
                : "the request target contains a control or non-ASCII byte; percent-encode it")
        }
        version = try Self.parseVersion(versionBytes)
        method = String(decoding: methodBytes, as: UTF8.self)
        target = String(decoding: targetBytes, as: UTF8.self)
        if method == "CONNECT" {
            throw HTTPParseError(.notImplemented, "CONNECT is not supported: this is not a proxy")
        }
    }

    private static func parseVersion(_ v: ArraySlice<UInt8>) throws(HTTPParseError) -> HTTPVersion {
        let bytes = Array(v)
        let prefix: [UInt8] = Array("HTTP/".utf8)
        guard bytes.count == 8, Array(bytes[0..<5]) == prefix, bytes[6] == UInt8(ascii: "."),
              let major = digit(bytes[5]), let minor = digit(bytes[7])
        else {
            throw HTTPParseError(.badRequest, "malformed HTTP version; expected HTTP/1.1")
        }
        guard major == 1 else {
            throw HTTPParseError(.httpVersionNotSupported, "HTTP/\(major).\(minor) is not supported; use HTTP/1.1")
        }
        // RFC 9110 §6.2: a higher minor version is processed as the highest we implement.
        return minor == 0 ? .http1_0 : .http1_1
    }

    private static func digit(_ b: UInt8) -> Int? {
        b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") ? Int(b - UInt8(ascii: "0")) : nil
    }

    // MARK: Fields

    private mutating func parseField(_ line: Range<Int>, intoTrailers: Bool) throws(HTTPParseError) {
        let first = buffer[line.lowerBound]
        if first == Self.sp || first == Self.htab {
            // RFC 9112 §5.2: a server must reject obs-fold or replace it; we reject.
            throw HTTPParseError(.badRequest, "obsolete line folding in a header (a line starting with whitespace)")
        }
        guard let colon = buffer[line].firstIndex(of: UInt8(ascii: ":")) else {
            throw HTTPParseError(.badRequest, "header line without a colon")
        }
        let nameBytes = buffer[line.lowerBound..<colon]
        guard !nameBytes.isEmpty else { throw HTTPParseError(.badRequest, "header with an empty name") }
        for b in nameBytes where !Self.isTokenChar(b) {
            // RFC 9112 §5.1: no whitespace between the field name and the colon.
            throw HTTPParseError(.badRequest, b == Self.sp || b == Self.htab
                ? "whitespace before the colon of a header name"
                : "invalid character in a header name")
        }
        var lo = colon + 1
        var hi = line.upperBound
        while lo < hi, buffer[lo] == Self.sp || buffer[lo] == Self.htab { lo += 1 }
        while hi > lo, buffer[hi - 1] == Self.sp || buffer[hi - 1] == Self.htab { hi -= 1 }
        for i in lo..<hi {
            let b = buffer[i]
            // RFC 9110 §5.5: field-vchar / obs-text / SP / HTAB. CR, LF, NUL, DEL are refused.
            if (b < 0x20 && b != Self.htab) || b == 0x7F {
                throw HTTPParseError(.badRequest, "control character in the value of header \(String(decoding: nameBytes, as: UTF8.self))")
            }
        }
        if headers.count + trailers.count + 1 > limits.headerFields {
            throw HTTPParseError(.headerFieldsTooLarge, "more than \(limits.headerFields) header fields")
        }
        var lowered = [UInt8](nameBytes)
        for i in lowered.indices where lowered[i] >= 0x41 && lowered[i] <= 0x5A { lowered[i] |= 0x20 }
        let name = String(decoding: lowered, as: UTF8.self)
        let value = String(decoding: buffer[lo..<hi], as: UTF8.self)
        if intoTrailers {
            trailers.appendLowercased(name, value)
        } else {
            headers.appendLowercased(name, value)
        }
    }

    static func isTokenChar(_ b: UInt8) -> Bool {
        // RFC 9110 §5.6.2 tchar.
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(b)
        }
    }

    // MARK: Framing

    private mutating func finishHead() throws(HTTPParseError) -> RequestHead {
        let transferCodings = headers.tokens("transfer-encoding")
        let lengthValues = headers.values("content-length")
        let hasTransferEncoding = !headers.values("transfer-encoding").isEmpty

        if hasTransferEncoding {
            // RFC 9112 §6.1: a message with both is an attempt at smuggling.
            if !lengthValues.isEmpty {
                throw HTTPParseError(.badRequest, "Content-Length together with Transfer-Encoding (RFC 9112 §6.1)")
            }
            if version == .http1_0 {
                throw HTTPParseError(.badRequest, "Transfer-Encoding in an HTTP/1.0 request")
            }
            if transferCodings == ["chunked"] {
                framing = .chunked
            } else if transferCodings.filter({ $0 == "chunked" }).count > 1 {
                throw HTTPParseError(.badRequest, "chunked applied more than once (RFC 9112 §7)")
            } else if transferCodings.last != "chunked" {
                // RFC 9112 §6.3: in a request, chunked must be the final coding, or the length is unknowable.
                throw HTTPParseError(.badRequest, "Transfer-Encoding must end with chunked")
            } else {
                let other = transferCodings.first { $0 != "chunked" } ?? ""
                throw HTTPParseError(.notImplemented, "Transfer-Encoding \(other) is not supported; send chunked or Content-Length")
            }
        } else if !lengthValues.isEmpty {
            var length: Int?
            for value in lengthValues {
                for element in value.split(separator: ",", omittingEmptySubsequences: false) {
                    let digits = element.trimmingCharacters(in: " \t")
                    guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
                        throw HTTPParseError(.badRequest, "invalid Content-Length: \(Self.printable(value))")
                    }
                    // 18 digits cannot overflow Int64; anything longer is far past every limit.
                    guard digits.utf8.count <= 18, let n = Int(digits) else {
                        throw HTTPParseError(.contentTooLarge, "Content-Length \(Self.printable(String(digits))) exceeds every body limit")
                    }
                    if let previous = length, previous != n {
                        throw HTTPParseError(.badRequest, "conflicting Content-Length values")
                    }
                    length = n
                }
            }
            framing = .length(length ?? 0)
        } else {
            framing = .none
        }

        // RFC 9112 §3.2: an HTTP/1.1 request has exactly one Host.
        let hosts = headers.values("host")
        if hosts.count > 1 {
            throw HTTPParseError(.badRequest, "more than one Host header")
        }
        if version == .http1_1 && hosts.isEmpty {
            throw HTTPParseError(.badRequest, "missing Host header (required in HTTP/1.1)")
        }

        let (path, query) = try Self.splitTarget(target, method: method)
        var contentLength: Int?
        if case .length(let n) = framing { contentLength = n }
        return RequestHead(
            method: method, target: target, version: version, headers: headers,
            path: path, query: query, contentLength: contentLength, isChunked: framing == .chunked)
    }

    /// Splits an origin-form or absolute-form target into its path and query (RFC 9112 §3.2).
    static func splitTarget(_ target: String, method: String) throws(HTTPParseError) -> (String, String) {
        var rest = Substring(target)
        if target == "*" {
            guard method == "OPTIONS" else {
                throw HTTPParseError(.badRequest, "the asterisk target is only for OPTIONS")
            }
            return ("*", "")
        }
        if !target.hasPrefix("/") {
            let lower = target.lowercased()
            guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
                throw HTTPParseError(.badRequest, "the request target must start with / (origin-form)")
            }
            let afterScheme = rest.drop { $0 != ":" }.dropFirst(3)
            if let slash = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" }) {
                rest = afterScheme[slash...]
                if rest.first == "?" { rest = "/" + rest }
            } else {
                rest = "/"
            }
        }
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        if let q = rest.firstIndex(of: "?") {
            return (String(rest[..<q]), String(rest[rest.index(after: q)...]))
        }
        return (String(rest), "")
    }

    private func parseChunkSize(_ line: Range<Int>) throws(HTTPParseError) -> Int {
        var size = 0
        var i = line.lowerBound
        var digits = 0
        while i < line.upperBound, let v = PercentDecoding.hexValue(buffer[i]) {
            digits += 1
            // 15 hex digits stay below 2^60: no overflow, and far past any body limit.
            if digits > 15 { throw HTTPParseError(.badRequest, "chunk size overflows") }
            size = size << 4 | Int(v)
            i += 1
        }
        guard digits > 0 else { throw HTTPParseError(.badRequest, "invalid chunk size") }
        // RFC 9112 §7.1.1: chunk extensions after BWS ";"; we skip them but refuse controls.
        while i < line.upperBound, buffer[i] == Self.sp || buffer[i] == Self.htab { i += 1 }
        if i < line.upperBound {
            guard buffer[i] == UInt8(ascii: ";") else { throw HTTPParseError(.badRequest, "invalid chunk size") }
            for j in i..<line.upperBound where (buffer[j] < 0x20 && buffer[j] != Self.htab) || buffer[j] == 0x7F {
                throw HTTPParseError(.badRequest, "control character in a chunk extension")
            }
        }
        return size
    }

    private mutating func finishMessage() -> ParseEvent {
        let event = ParseEvent.message(body: body, trailers: trailers)
        state = .requestLine
        headers = HTTPHeaders()
        trailers = HTTPHeaders()
        body = []
        headerBytes = 0
        preambleBytes = 0
        framing = .none
        bodyLimit = limits.jsonBodyBytes
        return event
    }

    /// A header value made safe to quote in a one-line error message.
    static func printable(_ s: String) -> String {
        let cut = s.prefix(40)
        return String(cut.unicodeScalars.map { $0.value >= 0x20 && $0.value < 0x7F ? Character($0) : "?" })
    }
}
