/// The name of a probe (.storageLocal): what the page posts, the store keeps and every
/// cause, diagnosis, wrapper row and checklist item points at. A typed name, not a string, so
/// that a misspelt probe in the catalog fails to compile instead of silently matching nothing;
/// the standard probes' names are declared beside the probes themselves (`Areas/<Area>/*.swift`).
/// On the wire it is the bare string, as a value and as an object key.
public struct ProbeID: RawRepresentable, Hashable, Comparable, Sendable, Codable, CodingKeyRepresentable,
    CustomStringConvertible
{
    public let rawValue: String

    /// A name read from outside the catalog (a posted result, a path, a stored row): whether it
    /// names a known probe is for the catalog to say (`Catalog.probe(_:)`).
    public init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }
    public static func < (a: ProbeID, b: ProbeID) -> Bool { a.rawValue < b.rawValue }

    public var codingKey: any CodingKey { Key(stringValue: rawValue) }
    public init?<T: CodingKey>(codingKey: T) { self.init(rawValue: codingKey.stringValue) }

    private struct Key: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
