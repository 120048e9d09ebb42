#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Unicode scalars to trim: what `trimmingCharacters(in:)` with Foundation's `CharacterSet`
/// did here, which FoundationEssentials does not have (CharacterSet and the String methods
/// over it live in FoundationInternationalization/swift-corelibs-foundation:
/// https://github.com/swiftlang/swift-foundation). The sets are CoreFoundation's, which
/// swift-corelibs-foundation answers with on Linux (CFCharacterSet.c, `__CFCSetIsWhitespace`).
public struct ScalarSet: Sendable, ExpressibleByStringLiteral {
    private let test: @Sendable (Unicode.Scalar) -> Bool

    public init(_ test: @escaping @Sendable (Unicode.Scalar) -> Bool) { self.test = test }

    /// The scalars of `literal`, as `CharacterSet(charactersIn:)`.
    public init(stringLiteral literal: String) {
        let scalars = Set(literal.unicodeScalars)
        test = { scalars.contains($0) }
    }

    public func contains(_ scalar: Unicode.Scalar) -> Bool { test(scalar) }

    /// Space separators (Zs) and the tab: `CharacterSet.whitespaces`.
    public static let whitespaces = ScalarSet { scalar in
        switch scalar.value {
        case 0x20, 0x09, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// Line feed, vertical tab, form feed, carriage return, NEL, the line and paragraph
    /// separators: `CharacterSet.newlines`.
    public static let newlines = ScalarSet { scalar in
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// `CharacterSet.whitespacesAndNewlines`.
    public static let whitespacesAndNewlines = ScalarSet { whitespaces.contains($0) || newlines.contains($0) }
}

extension StringProtocol {
    /// The text without the scalars of `set` at either end, as `trimmingCharacters(in:)`:
    /// scalars, not characters, so a trailing "\r\n" goes with `.newlines`.
    public func trimming(_ set: ScalarSet) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !set.contains($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !set.contains($0) })!
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: scalars[first...last])
        return String(kept)
    }

    /// Each occurrence of `target` replaced by `replacement`, compared as UTF-8 bytes (as
    /// Foundation's `replacingOccurrences(of:with:)` found an ASCII target): "\n" is found
    /// inside "\r\n", and NUL before a combining mark, where a search by `Character` is not.
    public func replacingEach(_ target: String, with replacement: String) -> String {
        let needle = Array(target.utf8)
        guard let head = needle.first else { return String(self) }
        let bytes = Array(utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == head, i + needle.count <= bytes.count, bytes[i..<(i + needle.count)].elementsEqual(needle) {
                out.append(contentsOf: replacement.utf8)
                i += needle.count
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension String {
    /// printf(3)'s spelling of numbers ("%.3f", "%02x"): what Foundation's `String(format:)`
    /// gave here, which FoundationEssentials does not have; CoreFoundation's own formatting
    /// hands numbers to the C library's snprintf too, so the text is the same.
    public init(printf format: String, _ arguments: CVarArg...) {
        var buffer = [CChar](repeating: 0, count: 64)
        let needed = Int(withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) })
        if needed >= buffer.count {
            buffer = [CChar](repeating: 0, count: needed + 1)
            _ = withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) }
        }
        self = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension StringProtocol {
    /// The text cut or padded with spaces to `length` UTF-16 units: Foundation's
    /// `padding(toLength:withPad:" ",startingAt:0)`, which FoundationEssentials does not have.
    public func paddedWithSpaces(toLength length: Int) -> String {
        let units = utf16.count
        if units >= length { return String(decoding: Array(utf16.prefix(length)), as: UTF16.self) }
        return String(self) + String(repeating: " ", count: length - units)
    }
}

extension String {
    /// The path's last component, as `NSString.lastPathComponent` (FoundationEssentials has
    /// no NSString): "/tmp/a/" → "a", "/" → "/", "" → "".
    public var lastPathComponent: String {
        let path = withoutTrailingSlashes
        if path == "/" { return path }
        return path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// The path without its last component, as `NSString.deletingLastPathComponent`:
    /// "/tmp/a/" → "/tmp", "/tmp" → "/", "/" → "/", "a" → "".
    public var deletingLastPathComponent: String {
        let path = withoutTrailingSlashes
        if path == "/" { return path }
        guard let slash = path.lastIndex(of: "/") else { return "" }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash]).withoutTrailingSlashes
    }

    /// `component` below this path, as `NSString.appendingPathComponent`: "/tmp" + "a" →
    /// "/tmp/a", "/tmp/" + "a" → "/tmp/a", "" + "a" → "a".
    public func appendingPathComponent(_ component: String) -> String {
        if isEmpty { return component }
        let head = withoutTrailingSlashes
        return (head == "/" ? "/" : head + "/") + component
    }

    private var withoutTrailingSlashes: String {
        var path = self
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }
}

extension StringProtocol {
    /// Whether `token` occurs in the text as the same UTF-8 bytes: for ASCII tokens (a user
    /// agent's "Android", "FBAV/") the answer of `contains(_:)`, without the Character-by-
    /// Character search behind the standard library's, which took 5 % of a farm burst's
    /// server CPU in user-agent matching alone (perf record, docs/performance.md).
    public func containsBytes(_ token: some StringProtocol) -> Bool {
        firstBytesRange(of: token) != nil
    }

    /// Where `token` first occurs as the same UTF-8 bytes (`containsBytes`), as indices of the text.
    public func firstBytesRange(of token: some StringProtocol) -> Range<Index>? {
        let needle = Array(token.utf8)
        let offset = utf8.withContiguousStorageIfAvailable { Self.offset(of: needle, in: $0) }
            ?? Array(utf8).withUnsafeBufferPointer { Self.offset(of: needle, in: $0) }
        guard let offset else { return nil }
        let lower = utf8.index(startIndex, offsetBy: offset)
        return lower..<utf8.index(lower, offsetBy: needle.count)
    }

    private static func offset(of needle: [UInt8], in hay: UnsafeBufferPointer<UInt8>) -> Int? {
        // An empty token is found nowhere, as with `contains(_:)`.
        guard let first = needle.first else { return nil }
        guard hay.count >= needle.count else { return nil }
        var i = 0
        while i <= hay.count - needle.count {
            if hay[i] == first {
                var j = 1
                while j < needle.count, hay[i + j] == needle[j] { j += 1 }
                if j == needle.count { return i }
            }
            i += 1
        }
        return nil
    }
}
