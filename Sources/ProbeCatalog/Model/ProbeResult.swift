#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One probe's result as the page posts it (docs/requirements.md#product-rules):
/// `{schema?, run, probe, attempt, status, reason?, observed{…}, elapsedMs, at}`.
/// Re-sending the same `(run, probe, attempt)` is idempotent: `key` identifies it.
public struct ProbeResult: Sendable, Equatable, Codable {
    /// The schema version this module writes and reads. A result without `schema` is version 1.
    public static let schemaVersion = 1

    /// What the page says happened. The diff decides the verdict from `observed` and the
    /// profile; the status is the page's own reading.
    public enum Status: String, Sendable, Codable, CaseIterable {
        case pass, fail, error, skipped, info
    }

    public var schema: Int
    public var run: String
    public var probe: ProbeID
    /// 1 for the first attempt; a retry posts 2, 3, ….
    public var attempt: Int
    public var status: Status
    /// Why it was skipped or errored, e.g. `needs-operator`.
    public var reason: String?
    public var observed: [String: JSONValue]
    public var elapsedMs: Double
    /// ISO 8601 time the probe ended, as the device's clock says.
    public var at: String

    public init(
        run: String, probe: ProbeID, attempt: Int = 1, status: Status, reason: String? = nil,
        observed: [String: JSONValue] = [:], elapsedMs: Double = 0, at: String = "1970-01-01T00:00:00Z"
    ) {
        self.schema = Self.schemaVersion
        self.run = run
        self.probe = probe
        self.attempt = attempt
        self.status = status
        self.reason = reason
        self.observed = observed
        self.elapsedMs = elapsedMs
        self.at = at
    }

    public struct Key: Hashable, Sendable {
        public let run: String
        public let probe: ProbeID
        public let attempt: Int
    }

    public var key: Key { Key(run: run, probe: probe, attempt: attempt) }

    public subscript(field: String) -> JSONValue? { observed[field] }

    /// Decodes through `ResultDecoder` so that `JSONDecoder` users get the same checks.
    public init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        let path = decoder.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        self = try ResultDecoder().result(from: value, path: path.hasPrefix(".") ? String(path.dropFirst()) : path)
    }

    enum CodingKeys: String, CodingKey {
        case schema, run, probe, attempt, status, reason, observed, elapsedMs, at
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schema, forKey: .schema)
        try container.encode(run, forKey: .run)
        try container.encode(probe, forKey: .probe)
        try container.encode(attempt, forKey: .attempt)
        try container.encode(status, forKey: .status)
        try container.encodeIfPresent(reason, forKey: .reason)
        try container.encode(observed, forKey: .observed)
        try container.encode(elapsedMs, forKey: .elapsedMs)
        try container.encode(at, forKey: .at)
    }
}
