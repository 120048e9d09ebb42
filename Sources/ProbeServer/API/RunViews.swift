#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProbeCatalog
import ProbeHTTP
import ProbeStore

/// `POST /api/runs` body. Every field is optional: CI may create a run with `{}`.
public struct CreateRunRequest: Decodable, Sendable {
    public var label: String?
    public var platform: String?
    /// The app framework (`Wrapper`'s raw value), like `platform` an override of detection;
    /// kept in the run's metadata as `wrapper`.
    public var wrapper: String?
    public var requirementSet: String?
    /// A farm script that taps: the tap steps nobody tapped hold the verdict back
    /// (`Diff.overall`); kept in the run's metadata as `requireTaps`.
    public var requireTaps: Bool?
    /// App version, device model, build, and free keys: strings, numbers or booleans.
    public var metadata: [String: JSONValue]?
    /// A run id chosen by the caller (a CI job id); generated when absent.
    public var id: String?
}

/// `GET /api/tls/refusals`: the latest handshakes whose client refused the certificate.
struct RefusalsView: Encodable, Sendable {
    let refusals: [CertificateRefusal]
}

/// A run as the API shows it (`GET /api/runs/{id}`, the lists, `POST /api/runs`' 201, a
/// wait's answer): what the server encodes and what the CLI's client (`ProbeAPIClient`)
/// decodes, one type for both. A platform or verdict the client does not know (a newer
/// server's) decodes as nil, as a store reads one (`RunRecord`).
public struct RunView: Codable, Sendable, Equatable {
    public let id: String
    public let url: String
    /// `url` on the origin the creating request came in on, so a script opens it as it is
    /// (only in the answer to `POST /api/runs`).
    public var absoluteUrl: String?
    public let reportUrl: String
    public let label: String?
    public let platform: Platform?
    public let detectedPlatform: Platform?
    public let requirementSet: String
    public let metadata: RunMetadata
    public let userAgent: String?
    public let createdAt: Date
    public let completedAt: Date?
    public let verdict: DiffReport.Verdict?
    public let results: [ResultSummary]?
    /// For a run with no result yet: TLS clients that refused the certificate since the run
    /// was created, newest last (why a device never reached the page). Absent otherwise.
    public var certificateRefusals: [CertificateRefusal]?
    /// The run's write key: only in the 201 of `POST /api/runs` (the store keeps its digest,
    /// so no later answer can show it). Also in `url`, for the device.
    public let writeKey: String?

    public struct ResultSummary: Codable, Sendable, Equatable {
        public let probe: String
        public let attempt: Int
        public let status: String
        public let reason: String?
        public let elapsedMs: Double?

        public init(probe: String, attempt: Int, status: String, reason: String?, elapsedMs: Double?) {
            self.probe = probe
            self.attempt = attempt
            self.status = status
            self.reason = reason
            self.elapsedMs = elapsedMs
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, url, absoluteUrl, reportUrl, label, platform, detectedPlatform, requirementSet, metadata, userAgent
        case createdAt, completedAt, verdict, results, certificateRefusals, writeKey
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        // An enum's raw value; nil when absent or not one this build knows.
        func known<T: RawRepresentable>(_ key: CodingKeys, _: T.Type) -> T? where T.RawValue == String {
            ((try? c.decodeIfPresent(String.self, forKey: key)) ?? nil).flatMap(T.init(rawValue:))
        }
        id = try c.decode(String.self, forKey: .id)
        url = try c.decode(String.self, forKey: .url)
        absoluteUrl = try c.decodeIfPresent(String.self, forKey: .absoluteUrl)
        reportUrl = try c.decode(String.self, forKey: .reportUrl)
        label = try c.decodeIfPresent(String.self, forKey: .label)
        platform = known(.platform, Platform.self)
        detectedPlatform = known(.detectedPlatform, Platform.self)
        requirementSet = try c.decode(String.self, forKey: .requirementSet)
        metadata = try c.decode(RunMetadata.self, forKey: .metadata)
        userAgent = try c.decodeIfPresent(String.self, forKey: .userAgent)
        createdAt = try c.decode(Date.self, forKey: .createdAt)
        completedAt = try c.decodeIfPresent(Date.self, forKey: .completedAt)
        verdict = known(.verdict, DiffReport.Verdict.self)
        results = try c.decodeIfPresent([ResultSummary].self, forKey: .results)
        certificateRefusals = try c.decodeIfPresent([CertificateRefusal].self, forKey: .certificateRefusals)
        writeKey = try c.decodeIfPresent(String.self, forKey: .writeKey)
    }

    init(_ run: RunRecord, results: [ResultRecord]? = nil, writeKey: String? = nil) {
        id = run.id
        self.writeKey = writeKey
        let key = writeKey.map { "\(RunKey.queryName)=\($0)" }
        url = "/?run=\(run.id)" + (key.map { "&" + $0 } ?? "")
        // A chosen id needs the key to be read, so its report link carries it.
        reportUrl = "/runs/\(run.id)" + (run.idChosen ? key.map { "?" + $0 } ?? "" : "")
        label = run.label
        platform = run.platform
        detectedPlatform = run.detectedPlatform
        requirementSet = run.requirementSet
        metadata = run.metadata
        userAgent = run.userAgent
        createdAt = run.createdAt
        completedAt = run.completedAt
        verdict = run.verdict
        self.results = results?.map {
            ResultSummary(probe: $0.probe, attempt: $0.attempt, status: $0.status, reason: $0.reason, elapsedMs: $0.elapsedMs)
        }
    }
}

/// The answer to posting results: what happened to each, by count.
public struct ResultsAcknowledgement: Encodable, Sendable {
    public let accepted: Int
    public let duplicates: Int
    public let conflicts: Int
    /// `run/probe/attempt` keys whose different earlier body was kept (first write wins).
    public let conflicting: [String]
}

/// A page of runs (`GET /api/runs`).
public struct RunListView: Codable, Sendable {
    public let runs: [RunView]
    public let nextCursor: String?
}
