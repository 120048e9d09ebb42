/// JSON text (RFC 8259) read straight into a `JSONValue`, in one pass over the bytes.
///
/// Why not `JSONDecoder`: decoding into `JSONValue` through `Codable` tries each JSON type in
/// turn and throws a `DecodingError` for every miss (an object costs four), which made the
/// posted results' decoding a quarter of the server's CPU per result (`perf`,
/// docs/performance.md). This reads what `JSONDecoder` reads, to the same values, and refuses
/// what it refuses; `JSONParseTests` and the `result-decoder` fuzz target hold the two
/// side by side. Two differences are on purpose, both where `JSONDecoder` reads more than
/// RFC 8259 allows: a trailing comma (`[1,]`, `{"a":1,}`) is refused, and so is UTF-16 or
/// UTF-32 text, which `JSONDecoder` converts (§8.1: JSON between systems is UTF-8).
extension JSONValue {
    public struct SyntaxError: Error, Equatable, Sendable {
        /// Byte offset of the first byte that is not valid JSON.
        public let offset: Int
        public let problem: String
    }

    /// Nesting deeper than this is refused, as `JSONDecoder` refuses it: the parser recurses
    /// once per level, and a body of `[[[[…` must not exhaust the stack.
    public static let maxDepth = 512

    public static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(SyntaxError) -> JSONValue in try parse(buffer) }
    }

    /// Stored JSON text (an observation, a run's metadata), read in place; nil when it is not
    /// JSON (a row written by hand), which the callers read as empty.
    public static func parse(text: String) -> JSONValue? {
        var text = text
        return text.withUTF8 { bytes in try? parse(bytes) }
    }

    /// The same for bytes already in memory (a stored text's UTF-8), without copying them.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(SyntaxError) -> JSONValue {
        var reader = JSONReader(bytes)
        return try reader.document()
    }
}

/// The parser's position in the text; one value per call.
private struct JSONReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var at = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    func fail(_ problem: String, at offset: Int? = nil) -> JSONValue.SyntaxError {
        JSONValue.SyntaxError(offset: offset ?? at, problem: problem)
    }

    mutating func document() throws(JSONValue.SyntaxError) -> JSONValue {
        // RFC 8259 §8.1: a parser may ignore a UTF-8 byte order mark.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { at = 3 }
        let value = try value(depth: 1)
        skipSpace()
        guard at == bytes.count else { throw fail("unexpected text after the JSON value") }
        return value
    }

    mutating func skipSpace() {
        while at < bytes.count {
            switch bytes[at] {
            case 0x20, 0x09, 0x0A, 0x0D: at += 1
            default: return
            }
        }
    }

    mutating func value(depth: Int) throws(JSONValue.SyntaxError) -> JSONValue {
        skipSpace()
        guard at < bytes.count else { throw fail("the text ends where a value should be") }
        switch bytes[at] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw fail("unexpected character")
        }
    }

    mutating func literal(_ word: StaticString) throws(JSONValue.SyntaxError) {
        let count = word.utf8CodeUnitCount
        guard bytes.count - at >= count else { throw fail("unexpected character") }
        for i in 0..<count where bytes[at + i] != word.utf8Start[i] { throw fail("unexpected character", at: at + i) }
        at += count
    }

    mutating func nested(_ depth: Int) throws(JSONValue.SyntaxError) {
        if depth > JSONValue.maxDepth { throw fail("nested deeper than \(JSONValue.maxDepth) arrays or objects") }
    }

    mutating func array(depth: Int) throws(JSONValue.SyntaxError) -> JSONValue {
        try nested(depth)
        at += 1
        var items: [JSONValue] = []
        skipSpace()
        if at < bytes.count, bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
        repeat {
            items.append(try value(depth: depth + 1))
        } while try anotherMember(before: "]", in: "an array")
        return .array(items)
    }

    mutating func object(depth: Int) throws(JSONValue.SyntaxError) -> JSONValue {
        try nested(depth)
        at += 1
        var members: [String: JSONValue] = [:]
        skipSpace()
        if at < bytes.count, bytes[at] == UInt8(ascii: "}") { at += 1; return .object(members) }
        repeat {
            skipSpace()
            guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { throw fail("expected a member name in quotes") }
            let name = try string()
            skipSpace()
            guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { throw fail("expected : after a member name") }
            at += 1
            // A repeated name keeps its first value, as JSONDecoder does.
            let member = try value(depth: depth + 1)
            if members[name] == nil { members[name] = member }
        } while try anotherMember(before: "}", in: "an object")
        return .object(members)
    }

    /// After a member of an array or an object: true past a comma (another member follows),
    /// false past the closing bracket `close`; `what` names the container in the errors.
    mutating func anotherMember(before close: Unicode.Scalar, in what: String) throws(JSONValue.SyntaxError) -> Bool {
        skipSpace()
        guard at < bytes.count else { throw fail("the text ends inside \(what)") }
        switch bytes[at] {
        case UInt8(ascii: ","): at += 1; return true
        case UInt8(ascii: close): at += 1; return false
        default: throw fail("expected , or \(close) in \(what)")
        }
    }

    /// A string from its opening quote; `at` ends after the closing one.
    mutating func string() throws(JSONValue.SyntaxError) -> String {
        let start = at
        at += 1
        // The common case, no escape: the bytes between the quotes are the string.
        var end = at
        while end < bytes.count {
            let b = bytes[end]
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b < 0x20 { break }
            end += 1
        }
        guard end < bytes.count else { throw fail("the text ends inside a string", at: start) }
        if bytes[end] == UInt8(ascii: "\"") {
            guard let text = String(validating: UnsafeBufferPointer(rebasing: bytes[at..<end]), as: UTF8.self) else {
                throw fail("a string that is not valid UTF-8", at: start)
            }
            at = end + 1
            return text
        }
        var out: [UInt8] = Array(bytes[at..<end])
        at = end
        while true {
            guard at < bytes.count else { throw fail("the text ends inside a string", at: start) }
            let b = bytes[at]
            if b == UInt8(ascii: "\"") { break }
            if b < 0x20 { throw fail("a control character inside a string (escape it)") }
            if b != UInt8(ascii: "\\") { out.append(b); at += 1; continue }
            guard at + 1 < bytes.count else { throw fail("the text ends inside a string", at: start) }
            let escape = bytes[at + 1]
            at += 2
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"): appendUTF8(of: try unicodeEscape(), to: &out)
            default: throw fail("an unknown escape in a string", at: at - 2)
            }
        }
        guard let text = String(validating: out, as: UTF8.self) else { throw fail("a string that is not valid UTF-8", at: start) }
        at += 1
        return text
    }

    /// `XXXX` after `\u`, and a low surrogate's `\uXXXX` after a high one.
    mutating func unicodeEscape() throws(JSONValue.SyntaxError) -> Unicode.Scalar {
        let first = try hex4()
        if (0xDC00...0xDFFF).contains(first) { throw fail("a low surrogate escape without a high one", at: at - 6) }
        guard (0xD800...0xDBFF).contains(first) else { return Unicode.Scalar(first)! }
        guard bytes.count - at >= 6, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") else {
            throw fail("a high surrogate escape without a low one", at: at - 6)
        }
        at += 2
        let second = try hex4()
        guard (0xDC00...0xDFFF).contains(second) else { throw fail("a high surrogate escape without a low one", at: at - 12) }
        return Unicode.Scalar(0x10000 + ((UInt32(first) - 0xD800) << 10) + (UInt32(second) - 0xDC00))!
    }

    mutating func hex4() throws(JSONValue.SyntaxError) -> UInt16 {
        guard bytes.count - at >= 4 else { throw fail("a \\u escape needs four hex digits") }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let b = bytes[at]
            let digit: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - UInt8(ascii: "A") + 10
            default: throw fail("a \\u escape needs four hex digits")
            }
            value = value << 4 | UInt16(digit)
            at += 1
        }
        return value
    }

    func appendUTF8(of scalar: Unicode.Scalar, to out: inout [UInt8]) {
        UTF8.encode(scalar) { out.append($0) }
    }

    /// RFC 8259 §6: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, to a finite Double.
    mutating func number() throws(JSONValue.SyntaxError) -> Double {
        let start = at
        func isDigit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9") }
        var negative = false
        if bytes[at] == UInt8(ascii: "-") { negative = true; at += 1 }
        guard isDigit(at) else { throw fail("a number needs a digit here") }
        var integer: UInt64 = 0
        var digits = 0
        if bytes[at] == UInt8(ascii: "0") {
            at += 1
            if isDigit(at) { throw fail("a number with a leading zero", at: start) }
        } else {
            while isDigit(at) {
                if digits < 18 { integer = integer * 10 + UInt64(bytes[at] - UInt8(ascii: "0")) }
                digits += 1
                at += 1
            }
        }
        var simple = digits <= 15
        if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
            simple = false
            at += 1
            guard isDigit(at) else { throw fail("a number needs a digit after its decimal point") }
            while isDigit(at) { at += 1 }
        }
        if at < bytes.count, bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E") {
            simple = false
            at += 1
            if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
            guard isDigit(at) else { throw fail("a number needs a digit in its exponent") }
            while isDigit(at) { at += 1 }
        }
        // Up to 15 digits an integer is exact in a Double; anything else is rounded once, by
        // the standard library's correctly rounded conversion of the same text.
        if simple { return negative ? -Double(integer) : Double(integer) }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw fail("a number out of range (a JSON number here is at most ±1.8e308)", at: start)
        }
        // Too small for a Double, as JSONDecoder refuses it: a non-zero mantissa read as 0.
        if value == 0, bytes[start..<at].prefix(while: { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") })
            .contains(where: { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }) {
            throw fail("a number too close to zero for a double (below about 4.9e-324)", at: start)
        }
        return value
    }
}
