#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials

/// U+0000 in posted JSON text. JSON can carry it (`\u0000`, RFC 8259 §7), but no store keeps
/// it as sent: PostgreSQL's text cannot hold it ("the character with code zero (sometimes
/// called NUL) cannot be stored", PostgreSQL manual §8.3), and C strings end at it. So the
/// server refuses it at the door, in every string and key, naming where it is.
public enum NULText {
    /// What the 400 says about the field.
    public static let problem = "contains U+0000 (NUL), which the store cannot keep as sent; remove it"

    /// `\u0000`: the only way a NUL gets into valid JSON (a raw control byte in a string is
    /// invalid, RFC 8259 §7). Hex digits are case-insensitive, but `0` has no case.
    static let escape = Array(#"\u0000"#.utf8)

    /// Whether `bytes` may hold a NUL once decoded: a byte search, so the common body costs
    /// no second walk. `\\u0000` (an escaped backslash) is a false positive the walk settles.
    public static func mayBeIn(json bytes: [UInt8]) -> Bool {
        guard bytes.count >= escape.count else { return false }
        var i = 0
        let last = bytes.count - escape.count
        while i <= last {
            if bytes[i] == escape[0], bytes[i + 1] == escape[1], bytes[i + 2...i + 5].allSatisfy({ $0 == 0x30 }) { return true }
            i += 1
        }
        return false
    }

    /// The path of the first string or key holding U+0000 (`observed.name`, `results[2].reason`),
    /// keys in sorted order so the answer is the same every time; nil when there is none.
    public static func path(in value: JSONValue, at path: String = "") -> String? {
        switch value {
        case .string(let text):
            return text.utf8.contains(0) ? path : nil
        case .array(let items):
            for (i, item) in items.enumerated() {
                if let found = Self.path(in: item, at: "\(path)[\(i)]") { return found }
            }
            return nil
        case .object(let fields):
            for key in fields.keys.sorted() {
                let here = path.isEmpty ? shown(key) : "\(path).\(shown(key))"
                if key.utf8.contains(0) { return here }
                if let found = Self.path(in: fields[key]!, at: here) { return found }
            }
            return nil
        case .null, .bool, .number:
            return nil
        }
    }

    /// A key as a path shows it: its NUL written `\u0000`, so the answer holds no NUL either.
    static func shown(_ key: String) -> String {
        key.replacingEach("\u{0}", with: #"\u0000"#)
    }
}
