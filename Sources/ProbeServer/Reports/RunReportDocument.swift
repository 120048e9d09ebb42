import Foundation
import ProbeCatalog
import ProbeStore

/// The JSON report: a versioned envelope around a run, its diff, its results and its
/// uploads. The CLI decodes it to render the other formats locally, so it carries
/// everything they show (timings come from the results).
public struct RunReportDocument: Codable, Sendable, Equatable {
    /// Bumped when a field changes meaning or disappears; adding a field keeps the version.
    public static let currentSchema = "probe-server.report/2"
    /// Schema 1 reports lack the findings' `causes`; they are read the same way.
    public static let readableSchemas = ["probe-server.report/1", currentSchema]

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
        public var observed: JSONValue
        public var elapsedMs: Double?
        public var at: Date?
        public var receivedAt: Date?
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

    /// The document for a stored run.
    public init(run: RunRecord, report: DiffReport, results: [ResultRecord], uploads: [UploadRecord],
                generatedAt: Date = Date()) {
        self.init(run: run, report: report, records: results, parsed: results.map(RunJudge.probeResult),
                  uploads: uploads, generatedAt: generatedAt)
    }

    /// The document for a stored run whose results the judge has parsed already (`parsed`:
    /// `records` as the catalog's results, same order), so no observation is parsed twice.
    public init(run: RunRecord, report: DiffReport, records: [ResultRecord], parsed: [ProbeResult], uploads: [UploadRecord],
                generatedAt: Date = Date()) {
        let metadata = (try? JSONDecoder().decode(JSONValue.self, from: Data(run.metadata.utf8))) ?? .object([:])
        self.init(
            generatedAt: generatedAt,
            run: Run(
                id: run.id, label: run.label, platform: run.platform, detectedPlatform: run.detectedPlatform,
                requirementSet: run.requirementSet, metadata: metadata, userAgent: run.userAgent,
                createdAt: run.createdAt, completedAt: run.completedAt, verdict: run.verdict),
            diff: report,
            results: zip(records, parsed).map { record, result in
                Attempt(probe: record.probe, attempt: record.attempt, status: record.status, reason: record.reason,
                        observed: .object(result.observed), elapsedMs: record.elapsedMs, at: record.at, receivedAt: record.receivedAt)
            },
            uploads: uploads.map {
                Upload(id: $0.id, probe: $0.probe, fileName: $0.fileName, declaredType: $0.declaredType,
                       sniffedType: $0.sniffedType, size: $0.size, sha256: $0.sha256, receivedAt: $0.receivedAt)
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
                at: entry.at.map { ISO8601DateFormatter().string(from: $0) } ?? "1970-01-01T00:00:00Z")
        }
    }

    /// The run as a record, for `RunJudge` (the dates a judge does not read are filled in).
    public var runRecord: RunRecord {
        let metadataText = (try? JSONEncoder().encode(run.metadata)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return RunRecord(
            id: run.id, label: run.label, platform: run.platform, requirementSet: run.requirementSet,
            metadata: metadataText, userAgent: run.userAgent, createdAt: run.createdAt ?? generatedAt,
            completedAt: run.completedAt, verdict: run.verdict, detectedPlatform: run.detectedPlatform)
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
        // Plain data (no floats that are not finite: the store refuses those); cannot fail.
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    public static func decode(_ bytes: [UInt8]) throws -> RunReportDocument {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(RunReportDocument.self, from: Data(bytes))
    }
}
