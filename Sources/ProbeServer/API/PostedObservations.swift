
/// The `observed` object of each result in a posted body, as the bytes the page sent, so a
/// result goes to the store as it was accepted: the decoder (`ResultDecoder.decodePosted`)
/// parsed and checked the body once, and writing its value out again (`JSONEncoder`) only
/// to parse it at the next judgement would cost a second encoding per result on the hot path.
///
/// A scan of a body that already parsed: it only finds where values start and end
/// (RFC 8259's grammar: strings, and nesting of `{}` and `[]`). It reads the shapes the
/// decoder takes (one result, `{"results": […]}`, a bare array) and gives up, for the caller
/// to encode the decoded value instead, on what could make its choice differ from the
/// decoder's: a member name written with escapes, or a name given twice.
enum PostedObservations {
    /// One entry per result, in order: the byte range of its `observed` value, or nil when it
    /// has none (absent or `null`, which the decoder reads as `{}`). Nil when the scan gave up.
    static func ranges(in body: [UInt8]) -> [Range<Int>?]? {
        body.withUnsafeBufferPointer { bytes in
            var scanner = Scanner(bytes: bytes)
            guard let top = scanner.value() else { return nil }
            let results: [Range<Int>]
            switch bytes[top.lowerBound] {
            case UInt8(ascii: "["):
                guard let items = scanner.elements(of: top) else { return nil }
                results = items
            case UInt8(ascii: "{"):
                guard let members = scanner.members(of: top) else { return nil }
                if let list = members["results"] {
                    guard bytes[list.lowerBound] == UInt8(ascii: "["), let items = scanner.elements(of: list) else { return nil }
                    results = items
                } else {
                    results = [top]
                }
            default:
                return nil
            }
            var observed: [Range<Int>?] = []
            observed.reserveCapacity(results.count)
            for result in results {
                guard bytes[result.lowerBound] == UInt8(ascii: "{"), let members = scanner.members(of: result) else { return nil }
                guard let value = members["observed"] else {
                    observed.append(nil)
                    continue
                }
                switch bytes[value.lowerBound] {
                case UInt8(ascii: "{"): observed.append(value)
                case UInt8(ascii: "n"): observed.append(nil)
                default: return nil  // the decoder refused anything else
                }
            }
            return observed
        }
    }

    /// Finds value boundaries in JSON text known to be valid.
    struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func skipSpace() {
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x09, 0x0A, 0x0D: position += 1
                default: return
                }
            }
        }

        /// The next value's range (after white space); nil at the end of the text.
        mutating func value() -> Range<Int>? {
            skipSpace()
            guard position < bytes.count else { return nil }
            let start = position
            switch bytes[position] {
            case UInt8(ascii: "\""):
                guard string() != nil else { return nil }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                while position < bytes.count {
                    switch bytes[position] {
                    case UInt8(ascii: "\""):
                        guard string() != nil else { return nil }
                        continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        if depth == 0 {
                            position += 1
                            return start..<position
                        }
                    default: break
                    }
                    position += 1
                }
                return nil
            default:
                // A number, true, false or null: up to the next delimiter.
                while position < bytes.count {
                    switch bytes[position] {
                    case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D:
                        return start..<position
                    default: position += 1
                    }
                }
            }
            return start..<position
        }

        /// Skips the string at `position`; whether it holds an escape. Nil if it never ends.
        mutating func string() -> Bool? {
            var escaped = false
            position += 1
            while position < bytes.count {
                switch bytes[position] {
                case UInt8(ascii: "\\"):
                    escaped = true
                    position += 2
                case UInt8(ascii: "\""):
                    position += 1
                    return escaped
                default:
                    position += 1
                }
            }
            return nil
        }

        /// Moves past white space and commas to the next item of the object or array at
        /// `range`: true there, false at its `closer`, nil when the range ends first.
        mutating func atNextItem(of range: Range<Int>, closedBy closer: UInt8) -> Bool? {
            while true {
                skipSpace()
                guard position < range.upperBound else { return nil }
                if bytes[position] == closer { return false }
                guard bytes[position] == UInt8(ascii: ",") else { return true }
                position += 1
            }
        }

        /// The members of the object at `range` by name; nil for an escaped or repeated name.
        mutating func members(of range: Range<Int>) -> [String: Range<Int>]? {
            position = range.lowerBound + 1
            var members: [String: Range<Int>] = [:]
            while true {
                guard let more = atNextItem(of: range, closedBy: UInt8(ascii: "}")) else { return nil }
                guard more else { return members }
                guard bytes[position] == UInt8(ascii: "\"") else { return nil }
                let nameStart = position + 1
                guard let escaped = string(), !escaped else { return nil }
                let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<(position - 1)]), as: UTF8.self)
                skipSpace()
                guard position < range.upperBound, bytes[position] == UInt8(ascii: ":") else { return nil }
                position += 1
                guard let value = value(), members.updateValue(value, forKey: name) == nil else { return nil }
            }
        }

        /// The elements of the array at `range`.
        mutating func elements(of range: Range<Int>) -> [Range<Int>]? {
            position = range.lowerBound + 1
            var elements: [Range<Int>] = []
            while true {
                guard let more = atNextItem(of: range, closedBy: UInt8(ascii: "]")) else { return nil }
                guard more else { return elements }
                guard let value = value() else { return nil }
                elements.append(value)
            }
        }
    }
}
