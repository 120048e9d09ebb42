#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials
import ProbeCatalog

/// What CI or the page said about a run (`POST /api/runs`'s `metadata`): the app's version,
/// the device model, the build, and free keys, each a string, number, boolean or null (the
/// API's `Metadata` schema), beside the settings the server keeps there (`wrapper`,
/// `requireTaps`). A JSON object on the wire and, as text, in the store's `metadata` column.
public struct RunMetadata: Equatable, Sendable, Codable {
    /// Every key as sent.
    public var fields: [String: JSONValue]

    public init(_ fields: [String: JSONValue] = [:]) { self.fields = fields }

    public subscript(key: String) -> JSONValue? {
        get { fields[key] }
        set { fields[key] = newValue }
    }

    /// The keys that name the device: the page's introduction sends `deviceModel`, a script
    /// may send `device`; the reports read either, the first one first. `POST /api/runs` holds
    /// each to `StoreLimits.maxDeviceModelBytes`.
    public static let deviceKeys = ["deviceModel", "device"]

    /// The app's version (`appVersion`), when sent as a string.
    public var appVersion: String? { fields["appVersion"]?.stringValue }
    /// The device model (`deviceModel`, else `device`), when sent as a string.
    public var deviceModel: String? { Self.deviceKeys.lazy.compactMap { fields[$0]?.stringValue }.first }
    /// The app's build (`build`), when sent as a string.
    public var build: String? { fields["build"]?.stringValue }

    /// As the API shows it: the object, every key.
    public var json: JSONValue { .object(fields) }

    public init(from decoder: any Decoder) throws {
        fields = try decoder.singleValueContainer().decode([String: JSONValue].self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(fields)
    }
}

extension RunMetadata {
    /// The column's text as a store keeps it. Text that is not a JSON object (a row written by
    /// hand, or damaged) reads as no metadata, as the API always showed it: the run reads, and
    /// the text stays as it was until the row is written again.
    public init(storedText text: String) {
        self.init(JSONValue.parse(text: text)?.objectValue ?? [:])
    }

    /// The column's text: the object with sorted keys (`JSONCoding`), as `POST /api/runs`
    /// always wrote it; `{}` for none.
    public var storedText: String {
        if fields.isEmpty { return "{}" }
        return (try? JSONCoding.encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
