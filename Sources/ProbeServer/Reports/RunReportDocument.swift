#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProbeCatalog
import ProbeStore

/// The JSON report: a versioned envelope around a run, its diff, its results and its
/// uploads. The CLI decodes it to render the other formats locally, so it carries
/// everything they show (timings come from the results).
public struct RunReportDocument: Codable, Sendable, Equatable {
    /// Bumped when a field changes meaning or disappears; adding a field keeps the version.
    public static let currentSchema = "probe-server.report/3"
    /// Schema 1 reports lack the findings' `causes`; they are read the same way.
    public static let readableSchemas = ["probe-server.report/1", "probe-server.report/2", currentSchema]

    public var schema: String
    public var generatedAt: Date
    public var run: Run
    public var diff: DiffReport
    /// Every attempt of every probe, in the order the store returned them.
    public var results: [Attempt]
    public var uploads: [Upload]

    /// The run as stored, without anything internal to the server.
    public struct Run: Codable, Sendable, Equatable {
        public var id: String
        public var label: String?
        /// The `?platform=` override, when one was given.
        public var platform: String?
        public var detectedPlatform: String?
        public var requirementSet: String
        public var metadata: JSONValue = .object([:])
        public var userAgent: String?
        public var createdAt: Date?
        public var completedAt: Date?
        public var verdict: String?
    }

    public struct Attempt: Codable, Sendable, Equatable {
        public var probe: String
        public var attempt: Int
        public var status: String
        public var reason: String?
        /// What the probe observed: the stored text as it was accepted, or a value.
        public var observation: Observation
        public var elapsedMs: Double?
        public var at: Date?
        public var receivedAt: Date?

        /// The observation as a value (a stored text is parsed here, once per call).
        public var observed: JSONValue {
            get { observation.value }
            set { observation = .value(newValue) }
        }

        public init(probe: String, attempt: Int, status: String, reason: String?, observed: JSONValue,
                    elapsedMs: Double?, at: Date?, receivedAt: Date?) {
            self.init(probe: probe, attempt: attempt, status: status, reason: reason, observation: .value(observed),
                      elapsedMs: elapsedMs, at: at, receivedAt: receivedAt)
        }

        public init(probe: String, attempt: Int, status: String, reason: String?, observation: Observation,
                    elapsedMs: Double?, at: Date?, receivedAt: Date?) {
            self.probe = probe
            self.attempt = attempt
            self.status = status
            self.reason = reason
            self.observation = observation
            self.elapsedMs = elapsedMs
            self.at = at
            self.receivedAt = receivedAt
        }

        enum CodingKeys: String, CodingKey { case probe, attempt, status, reason, observed, elapsedMs, at, receivedAt }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            self.init(probe: try c.decode(String.self, forKey: .probe), attempt: try c.decode(Int.self, forKey: .attempt),
                      status: try c.decode(String.self, forKey: .status), reason: try c.decodeIfPresent(String.self, forKey: .reason),
                      observed: try c.decode(JSONValue.self, forKey: .observed),
                      elapsedMs: try c.decodeIfPresent(Double.self, forKey: .elapsedMs),
                      at: try c.decodeIfPresent(Date.self, forKey: .at), receivedAt: try c.decodeIfPresent(Date.self, forKey: .receivedAt))
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(probe, forKey: .probe)
            try c.encode(attempt, forKey: .attempt)
            try c.encode(status, forKey: .status)
            try c.encodeIfPresent(reason, forKey: .reason)
            switch observation {
            case .value(let value): try c.encode(value, forKey: .observed)
            case .text(let text):
                // `jsonText` writes the stored text in this placeholder's place; any other encoder gets the value.
                if let placeholder = ObservationSplice.placeholder(for: text, in: encoder) {
                    try c.encode(placeholder, forKey: .observed)
                } else {
                    try c.encode(observation.value, forKey: .observed)
                }
            }
            try c.encodeIfPresent(elapsedMs, forKey: .elapsedMs)
            try c.encodeIfPresent(at, forKey: .at)
            try c.encodeIfPresent(receivedAt, forKey: .receivedAt)
        }
    }

    /// An observation as a report holds it. A stored run's are the texts the store keeps (the
    /// page's own bytes, checked by the result decoder when they arrived), written into
    /// `report.json` as they are: a report of a run at its 8 MiB quota parses and encodes
    /// nothing of them (docs/performance.md). A value where the document was made from one.
    public enum Observation: Sendable, Equatable {
        case text(String)
        case value(JSONValue)

        /// The value; a text that is not a JSON object (a row written by hand) reads as `{}`.
        public var value: JSONValue {
            switch self {
            case .value(let value): value
            case .text(let text): JSONValue.parse(text: text).flatMap { $0.objectValue == nil ? nil : $0 } ?? .object([:])
            }
        }

        public static func == (a: Observation, b: Observation) -> Bool {
            if case .text(let x) = a, case .text(let y) = b, x == y { return true }
            return a.value == b.value
        }
    }

    /// An upload as the report shows it; where the bytes lie on the server stays private.
    public struct Upload: Codable, Sendable, Equatable {
        public var id: String
        public var probe: String
        public var fileName: String
        public var declaredType: String?
        public var sniffedType: String?
        public var size: Int64
        public var sha256: String
        public var receivedAt: Date?
        /// The camera preview's first frame, as a `data:` URI the report shows inline
        /// (`CameraSnapshot`); nil for every other upload.
        public var preview: String? = nil
    }

    public init(schema: String = Self.currentSchema, generatedAt: Date, run: Run, diff: DiffReport,
                results: [Attempt], uploads: [Upload]) {
        self.schema = schema
        self.generatedAt = generatedAt
        self.run = run
        self.diff = diff
        self.results = results
        self.uploads = uploads
    }

    /// The document for a stored run: its observations kept as the stored texts (`Observation`).
    public init(run: RunRecord, report: DiffReport, results: [ResultRecord], uploads: [UploadRecord],
                generatedAt: Date = Date()) {
        self.init(run: run, report: report, records: results, uploads: uploads, generatedAt: generatedAt)
    }

    /// `previews`: upload id → `data:` URI of the uploads a report shows inline (`CameraSnapshot`).
    public init(run: RunRecord, report: DiffReport, records: [ResultRecord], uploads: [UploadRecord],
                generatedAt: Date = Date(), previews: [String: String] = [:]) {
        self.init(
            generatedAt: generatedAt,
            run: Run(
                id: run.id, label: run.label, platform: run.platform?.rawValue, detectedPlatform: run.detectedPlatform?.rawValue,
                requirementSet: run.requirementSet, metadata: run.metadata.json, userAgent: run.userAgent,
                createdAt: run.createdAt, completedAt: run.completedAt, verdict: run.verdict?.rawValue),
            diff: report,
            results: records.map { record in
                Attempt(probe: record.probe, attempt: record.attempt, status: record.status, reason: record.reason,
                        observation: .text(record.observed), elapsedMs: record.elapsedMs, at: record.at, receivedAt: record.receivedAt)
            },
            uploads: uploads.map {
                Upload(id: $0.id, probe: $0.probe, fileName: $0.fileName, declaredType: $0.declaredType,
                       sniffedType: $0.sniffedType, size: $0.size, sha256: $0.sha256, receivedAt: $0.receivedAt,
                       preview: previews[$0.id])
            })
    }

    /// A document around a diff made offline (`probe-server diff FILE`): no stored run.
    public init(diff: DiffReport, results: [ProbeResult], generatedAt: Date = Date()) {
        self.init(
            generatedAt: generatedAt,
            run: Run(id: diff.run ?? "offline", platform: diff.platform.overridden ? diff.platform.platform.rawValue : nil,
                     detectedPlatform: diff.platform.platform.rawValue, requirementSet: diff.requirementSet,
                     userAgent: results.last { $0.probe == .envPlatform }?.observed["userAgent"]?.stringValue,
                     verdict: diff.verdict.rawValue),
            diff: diff,
            results: results.map {
                Attempt(probe: $0.probe.rawValue, attempt: $0.attempt, status: $0.status.rawValue, reason: $0.reason,
                       observed: .object($0.observed), elapsedMs: $0.elapsedMs, at: nil, receivedAt: nil)
            },
            uploads: [])
    }

    /// The catalog's results again, to judge the same run against another profile.
    public var probeResults: [ProbeResult] {
        results.map { entry in
            ProbeResult(
                run: run.id, probe: ProbeID(rawValue: entry.probe), attempt: entry.attempt,
                status: ProbeResult.Status(rawValue: entry.status) ?? .error, reason: entry.reason,
                observed: entry.observed.objectValue ?? [:], elapsedMs: entry.elapsedMs ?? 0,
                at: entry.at.map(RFC3339.formatSeconds) ?? "1970-01-01T00:00:00Z")
        }
    }

    /// The run as a record, for `RunJudge` (the dates a judge does not read are filled in). The
    /// document's texts read as a store's columns do (`RunRecord(storedPlatform:…)`): a value
    /// this build does not know reads as nil, metadata that is not an object as none.
    public var runRecord: RunRecord {
        RunRecord(
            id: run.id, label: run.label, platform: run.platform.flatMap(Platform.init(rawValue:)), requirementSet: run.requirementSet,
            metadata: RunMetadata(run.metadata.objectValue ?? [:]), userAgent: run.userAgent, createdAt: run.createdAt ?? generatedAt,
            completedAt: run.completedAt, verdict: run.verdict.flatMap(DiffReport.Verdict.init(rawValue:)),
            detectedPlatform: run.detectedPlatform.flatMap(Platform.init(rawValue:)))
    }

    /// The latest attempt of a probe, whose timing the report shows.
    public func latestAttempt(for probe: String) -> Attempt? {
        results.filter { $0.probe == probe }.max { $0.attempt < $1.attempt }
    }

    // MARK: JSON

    /// Pretty, keys sorted, ISO 8601 dates: stable text that diffs well between runs.
    public func jsonText() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        // Stored observations go in as they are: each is encoded as a placeholder string that
        // names it by index with a random mark no device text can know (`ObservationSplice`),
        // and the placeholders are replaced by the texts in one pass over the output.
        let splice = ObservationSplice()
        encoder.userInfo[ObservationSplice.key] = splice
        // Plain data (no floats that are not finite: the store refuses those); cannot fail.
        guard let data = try? encoder.encode(self) else { return "{}" }
        return splice.fill(data) + "\n"
    }

    public static func decode(_ bytes: [UInt8]) throws -> RunReportDocument {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(RunReportDocument.self, from: Data(bytes))
    }
}
