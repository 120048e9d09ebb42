/// Run ids: 128 random bits as 32 lowercase hex characters.
///
/// 128 bits because the id is the only credential a device has for its run: it must not be
/// guessable from other ids, and collisions must be out of the question without a lookup.
public enum RunID {
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()  // getrandom(2) on Linux
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        return hex(high) + hex(low)
    }

    /// Whether `id` is acceptable as a run id (generated, or chosen by a CI system): 1 to
    /// `StoreLimits.maxRunIDBytes` characters of `A-Z a-z 0-9 - _`, safe in URLs and paths.
    public static func isWellFormed(_ id: String) -> Bool {
        let bytes = id.utf8
        guard !bytes.isEmpty, bytes.count <= StoreLimits.maxRunIDBytes else { return false }
        return bytes.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                true
            default: false
            }
        }
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
