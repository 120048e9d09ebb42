/// A dotted version such as `17.4.1` or `120.0.6099.193`, compared component by component
/// (missing components count as zero, so `17` == `17.0`).
public struct Version: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let components: [Int]

    public init(_ components: [Int]) { self.components = components }

    /// Parses `17_4_1`, `17.4.1` or `14.0.0`; stops at the first non-numeric component.
    public init?(_ text: String) {
        var parts: [Int] = []
        for piece in text.split(whereSeparator: { $0 == "." || $0 == "_" }) {
            guard let number = Int(piece) else { break }
            parts.append(number)
        }
        guard !parts.isEmpty else { return nil }
        components = parts
    }

    public var major: Int { components.first ?? 0 }

    public var description: String { components.map(String.init).joined(separator: ".") }

    public static func < (lhs: Version, rhs: Version) -> Bool {
        let count = max(lhs.components.count, rhs.components.count)
        for index in 0..<count {
            let left = index < lhs.components.count ? lhs.components[index] : 0
            let right = index < rhs.components.count ? rhs.components[index] : 0
            if left != right { return left < right }
        }
        return false
    }

    public static func == (lhs: Version, rhs: Version) -> Bool { !(lhs < rhs) && !(rhs < lhs) }
    public func hash(into hasher: inout Hasher) {
        var trimmed = components
        while trimmed.last == 0 { trimmed.removeLast() }
        hasher.combine(trimmed)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let parsed = Version(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a version: \(text)"))
        }
        self = parsed
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
