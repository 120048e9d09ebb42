import ProbeHTTP

/// A `multipart/form-data` body parser (RFC 7578 on top of RFC 2046 §5.1), as a value fed
/// bytes: no I/O, no allocation beyond its buffer, so it can be fuzzed and tested on raw bodies.
///
/// Feed it the body in any slices; it returns events as soon as they are certain. A part's
/// body comes out in chunks, so a caller can hash or store it without holding it twice.
/// Call `finish()` at the end of the input: a body without its close delimiter is an error,
/// because a truncated upload must not look like a complete file.
public struct MultipartParser: Sendable {
    /// Limits on what one body may make the parser do. A browser's upload has a few parts
    /// with a few headers each; anything near these limits is broken or hostile.
    public struct Limits: Sendable, Equatable {
        /// Header block of one part. A browser sends two lines (Content-Disposition with a
        /// file name, Content-Type); 8 KiB fits a 4 KiB file name. → `headerTooLarge`.
        public var partHeaderBytes = 8 * 1024
        /// Header fields of one part. Browsers send 2. → `tooManyHeaderFields`.
        public var partHeaderFields = 16
        /// Body of one part. The route's body limit bounds the whole upload; this bounds a
        /// part when the parser is used elsewhere. → `partTooLarge`.
        public var partBodyBytes = 32 * 1024 * 1024
        /// Parts in one body. The file probes send one file and one or two fields. → `tooManyParts`.
        public var parts = 32
        /// Bytes before the first boundary (RFC 2046 calls it the preamble; browsers send none). → `preambleTooLarge`.
        public var preambleBytes = 4 * 1024

        public init() {}
    }

    /// The head of one part: its headers and what Content-Disposition says.
    public struct PartHead: Sendable, Equatable {
        /// Header fields, names lower-cased, in order.
        public var headers: [(name: String, value: String)]
        /// The form field name (`name=` of Content-Disposition).
        public var name: String?
        /// The client's file name (`filename=`), exactly as sent: attacker-controlled, never a path.
        public var filename: String?
        /// The declared Content-Type of the part, or nil.
        public var contentType: String?

        public static func == (lhs: PartHead, rhs: PartHead) -> Bool {
            lhs.name == rhs.name && lhs.filename == rhs.filename && lhs.contentType == rhs.contentType
                && lhs.headers.elementsEqual(rhs.headers) { $0.name == $1.name && $0.value == $1.value }
        }
    }

    public enum Event: Sendable, Equatable {
        case partBegan(PartHead)
        /// Some bytes of the current part's body, in order.
        case body([UInt8])
        case partEnded
        /// The close delimiter was read; the rest of the input (the epilogue) is ignored.
        case finished
    }

    enum State: Equatable {
        /// Before the first boundary.
        case preamble
        /// Just after a delimiter: `--` closes, optional padding and CRLF opens a part.
        case afterDelimiter
        case headers
        case body
        /// After the close delimiter.
        case epilogue
        /// An error was thrown; the parser refuses more input.
        case failed
    }

    public let boundary: String
    public let limits: Limits
    /// `CRLF--boundary`: every delimiter but the first has the CRLF (RFC 2046 §5.1.1: the
    /// CRLF before a boundary belongs to the boundary, not to the part's body).
    let delimiter: [UInt8]
    var buffer: [UInt8]
    /// Bytes of `buffer` already consumed; compacted when it passes half the buffer.
    var start = 0
    /// Where the next search may start: bytes before it were searched already (no rescans).
    var scanFrom = 0
    var state = State.preamble
    var preambleSeen = 0
    var partCount = 0
    var partBytes = 0

    /// `boundary` is the parameter of the Content-Type (see `boundary(fromContentType:)`).
    public init(boundary: String, limits: Limits = Limits()) throws(MultipartError) {
        // RFC 2046 §5.1.1: 1 to 70 characters from a restricted set, not ending in a space.
        guard !boundary.isEmpty, boundary.utf8.count <= 70, boundary.last != " ",
              boundary.utf8.allSatisfy(Self.isBoundaryByte)
        else { throw .invalidBoundary }
        self.boundary = boundary
        self.limits = limits
        delimiter = Array("\r\n--\(boundary)".utf8)
        // A virtual CRLF so that a boundary on the very first line matches the same delimiter.
        buffer = [13, 10]
    }

    /// The `boundary` parameter of a `multipart/form-data` Content-Type, unquoted.
    public static func boundary(fromContentType contentType: String) throws(MultipartError) -> String {
        let parts = contentType.split(separator: ";").map { $0.trimmingCharacters(in: " \t") }
        guard let type = parts.first, type.lowercased() == "multipart/form-data" else { throw .notMultipart }
        for parameter in parts.dropFirst() {
            guard let eq = parameter.firstIndex(of: "=") else { continue }
            guard parameter[..<eq].trimmingCharacters(in: " \t").lowercased() == "boundary" else { continue }
            var value = parameter[parameter.index(after: eq)...].trimmingCharacters(in: " \t")
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = value.dropFirst().dropLast()
            }
            return String(value)
        }
        throw .missingBoundary
    }

    static func isBoundaryByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            return true
        default:
            return Array("'()+_,-./:=? ".utf8).contains(b)
        }
    }

    /// True once the close delimiter was read.
    public var isFinished: Bool { state == .epilogue }

    /// Feeds the next bytes of the body; returns the events they complete.
    public mutating func feed(_ bytes: some Collection<UInt8>) throws(MultipartError) -> [Event] {
        guard state != .failed else { throw .alreadyFailed }
        if state == .epilogue { return [] }
        buffer.append(contentsOf: bytes)
        var events: [Event] = []
        do {
            while try step(&events) {}
        } catch {
            state = .failed
            throw error
        }
        compact()
        return events
    }

    /// Ends the input. Throws when the close delimiter never came (a truncated upload).
    public mutating func finish() throws(MultipartError) {
        guard state == .epilogue else {
            let wasFailed = state == .failed
            state = .failed
            throw wasFailed ? .alreadyFailed : .missingFinalBoundary
        }
    }

    /// One step of the state machine; false when it needs more input.
    mutating func step(_ events: inout [Event]) throws(MultipartError) -> Bool {
        switch state {
        case .preamble:
            if let at = find(delimiter) {
                preambleSeen += at - start
                guard preambleSeen <= limits.preambleBytes + 2 else { throw .preambleTooLarge(limits.preambleBytes) }
                consume(upTo: at + delimiter.count)
                state = .afterDelimiter
                return true
            }
            // Keep a tail that could still be the start of a split delimiter.
            let keep = min(delimiter.count - 1, buffer.count - start)
            preambleSeen += buffer.count - start - keep
            guard preambleSeen <= limits.preambleBytes + 2 else { throw .preambleTooLarge(limits.preambleBytes) }
            consume(upTo: buffer.count - keep)
            return false

        case .afterDelimiter:
            // RFC 2046 §5.1.1: `--` closes; else transport padding (spaces, tabs) then CRLF.
            guard buffer.count - start >= 2 else { return false }
            if buffer[start] == UInt8(ascii: "-") && buffer[start + 1] == UInt8(ascii: "-") {
                consume(upTo: buffer.count)
                state = .epilogue
                events.append(.finished)
                return false
            }
            var i = start
            while i < buffer.count, buffer[i] == 32 || buffer[i] == 9 {
                i += 1
                guard i - start <= Self.maxTransportPadding else { throw .malformedDelimiter }
            }
            guard buffer.count - i >= 2 else { return false }
            guard buffer[i] == 13, buffer[i + 1] == 10 else { throw .malformedDelimiter }
            guard partCount < limits.parts else { throw .tooManyParts(limits.parts) }
            consume(upTo: i + 2)
            state = .headers
            return true

        case .headers:
            // A part with no header lines starts with the blank line at once.
            if buffer.count - start >= 2, buffer[start] == 13, buffer[start + 1] == 10 {
                consume(upTo: start + 2)
                try beginPart(headerBytes: [], &events)
                return true
            }
            guard let end = find(Self.headerEnd) else {
                // Up to 3 bytes of the blank line may be buffered already: they are not header
                // bytes, or a block at the limit would pass whole and fail when sliced.
                guard buffer.count - start <= limits.partHeaderBytes + Self.headerEnd.count - 1 else {
                    throw .headerTooLarge(limits.partHeaderBytes)
                }
                return false
            }
            guard end - start <= limits.partHeaderBytes else { throw .headerTooLarge(limits.partHeaderBytes) }
            let block = Array(buffer[start..<end])
            consume(upTo: end + Self.headerEnd.count)
            try beginPart(headerBytes: block, &events)
            return true

        case .body:
            if let at = find(delimiter) {
                try emitBody(upTo: at, &events)
                consume(upTo: at + delimiter.count)
                events.append(.partEnded)
                state = .afterDelimiter
                return true
            }
            let keep = min(delimiter.count - 1, buffer.count - start)
            try emitBody(upTo: buffer.count - keep, &events)
            return false

        case .epilogue, .failed:
            return false
        }
    }

    /// Transport padding longer than this is not padding (RFC 2046 allows it; nobody sends it).
    static let maxTransportPadding = 64
    static let headerEnd: [UInt8] = [13, 10, 13, 10]

    mutating func beginPart(headerBytes: [UInt8], _ events: inout [Event]) throws(MultipartError) {
        var head = PartHead(headers: [], name: nil, filename: nil, contentType: nil)
        if !headerBytes.isEmpty {
            for line in headerBytes.split(separator: 10, omittingEmptySubsequences: false) {
                var line = line
                if line.last == 13 { line = line.dropLast() }
                // RFC 7578 §4.8: only Content-Type, Content-Disposition and
                // Content-Transfer-Encoding matter; obsolete line folding is refused.
                guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
                      line.first != 32, line.first != 9
                else { throw .malformedHeader(String(decoding: line.prefix(60), as: UTF8.self)) }
                let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
                let value = Substring(String(decoding: line[(colon + 1)...], as: UTF8.self)).trimmingCharacters(in: " \t")
                head.headers.append((name, String(value)))
                guard head.headers.count <= limits.partHeaderFields else { throw .tooManyHeaderFields(limits.partHeaderFields) }
            }
        }
        for (name, value) in head.headers {
            switch name {
            case "content-disposition":
                let disposition = ContentDisposition(value)
                head.name = disposition.parameters["name"]
                head.filename = disposition.parameters["filename"]
            case "content-type":
                head.contentType = value
            default:
                break
            }
        }
        partCount += 1
        partBytes = 0
        state = .body
        events.append(.partBegan(head))
    }

    mutating func emitBody(upTo end: Int, _ events: inout [Event]) throws(MultipartError) {
        guard end > start else { return }
        partBytes += end - start
        guard partBytes <= limits.partBodyBytes else { throw .partTooLarge(limits.partBodyBytes) }
        events.append(.body(Array(buffer[start..<end])))
        consume(upTo: end)
    }

    mutating func consume(upTo index: Int) {
        start = index
        scanFrom = max(scanFrom, start)
    }

    /// Drops consumed bytes once they are half the buffer, so appends stay amortised O(1).
    mutating func compact() {
        guard start > 0, start >= buffer.count / 2 else { return }
        buffer.removeFirst(start)
        scanFrom -= start
        start = 0
    }

    /// First index at or after `start` where `pattern` begins. Remembers how far it got so a
    /// pattern split across feeds is found without searching the same bytes again.
    mutating func find(_ pattern: [UInt8]) -> Int? {
        let first = pattern[0]
        let lastStart = buffer.count - pattern.count
        var i = max(start, scanFrom)
        let found: Int? = buffer.withUnsafeBufferPointer { b -> Int? in
            while i <= lastStart {
                if b[i] == first {
                    var k = 1
                    while k < pattern.count, b[i + k] == pattern[k] { k += 1 }
                    if k == pattern.count { return i }
                }
                i += 1
            }
            return nil
        }
        // Next time, start where an unfinished match could still begin.
        scanFrom = found ?? max(start, buffer.count - pattern.count + 1)
        return found
    }
}
