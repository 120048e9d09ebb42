/// A dotted version such as `17.4.1` or `120.0.6099.193`, compared component by component
/// (missing components count as zero, so `17` == `17.0`). A package's pre-release, `1.0.0-beta.14`,
/// sorts before its release and by its identifiers among the others, and build metadata,
/// pub's `2.0.1+1`, is kept in the text and left out of the order, as semantic versioning
/// orders them (https://semver.org/#spec-item-10, #spec-item-11): Capacitor's and Cordova's
/// releases are npm packages, whose first releases were betas; flutter_inappwebview's are pub's.
public struct Version: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let components: [Int]
    /// The identifiers after `-` (`["beta", "14"]`); empty for a release.
    public let prerelease: [String]
    /// What follows `+` (`"1"` of `2.0.1+1`): in the text only.
    public let build: String?

    public init(_ components: [Int], prerelease: [String] = [], build: String? = nil) {
        self.components = components
        self.prerelease = prerelease
        self.build = build
    }

    /// Parses `17_4_1`, `17.4.1`, `14.0.0`, `1.0.0-beta.14` or `2.0.1+1`; the numbers stop at
    /// the first non-numeric component.
    public init?(_ whole: String) {
        let plus = whole.firstIndex(of: "+")
        let text = whole[..<(plus ?? whole.endIndex)]
        build = plus.map { String(whole[whole.index(after: $0)...]) }
        let dash = text.firstIndex(of: "-")
        var parts: [Int] = []
        for piece in text[..<(dash ?? text.endIndex)].split(whereSeparator: { $0 == "." || $0 == "_" }) {
            guard let number = Int(piece) else { break }
            parts.append(number)
        }
        guard !parts.isEmpty else { return nil }
        components = parts
        prerelease = dash.map { text[text.index(after: $0)...].split(separator: ".").map(String.init) } ?? []
    }

    public var major: Int { components.first ?? 0 }

    public var description: String {
        components.map(String.init).joined(separator: ".") + (prerelease.isEmpty ? "" : "-" + prerelease.joined(separator: "."))
            + (build.map { "+" + $0 } ?? "")
    }

    public static func < (lhs: Version, rhs: Version) -> Bool {
        let count = max(lhs.components.count, rhs.components.count)
        for index in 0..<count {
            let left = index < lhs.components.count ? lhs.components[index] : 0
            let right = index < rhs.components.count ? rhs.components[index] : 0
            if left != right { return left < right }
        }
        // A pre-release comes before its release; two pre-releases compare identifier by
        // identifier, numbers as numbers, and the shorter list first when one starts the other.
        switch (lhs.prerelease.isEmpty, rhs.prerelease.isEmpty) {
        case (true, _): return false
        case (false, true): return true
        default: break
        }
        for (left, right) in zip(lhs.prerelease, rhs.prerelease) where left != right {
            switch (Int(left), Int(right)) {
            case let (l?, r?): return l < r
            case (.some, nil): return true
            case (nil, .some): return false
            default: return left < right
            }
        }
        return lhs.prerelease.count < rhs.prerelease.count
    }

    public static func == (lhs: Version, rhs: Version) -> Bool { !(lhs < rhs) && !(rhs < lhs) }
    public func hash(into hasher: inout Hasher) {
        var trimmed = components
        while trimmed.last == 0 { trimmed.removeLast() }
        hasher.combine(trimmed)
        hasher.combine(prerelease)
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
