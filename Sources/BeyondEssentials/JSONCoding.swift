#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Shared JSON settings: sorted keys for stable output, ISO 8601 dates. Below every module
/// that writes JSON: the server's responses (ProbeHTTP re-exports it) and the judgements
/// ProbeRuns keeps, which are served as they were stored, so both must write alike.
public enum JSONCoding {
    public static let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        e.dateEncodingStrategy = .iso8601
        return e
    }()

    public static let decoder: JSONDecoder = {
        let d = JSONDecoder()
        d.dateDecodingStrategy = .iso8601
        return d
    }()
}
