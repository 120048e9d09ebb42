#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials
import ProbeCatalog
import ProbeClient
import ProbeStore

/// `GET /api/runs/{id}/wait` → `{"completed":…,"run":…,"verdict":…}`.
public struct RemoteWait: Decodable, Sendable {
    public let completed: Bool
    public let run: RunView?
    public let verdict: String?

    enum CodingKeys: String, CodingKey { case completed, run, verdict }

    /// Only `completed` is needed to go on; the rest is read when it reads.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        completed = try container.decode(Bool.self, forKey: .completed)
        run = try? container.decodeIfPresent(RunView.self, forKey: .run)
        verdict = try? container.decodeIfPresent(String.self, forKey: .verdict)
    }
}

/// What the API answered instead of the expected body: the server's own message
/// (`{"error":{"code","message","field"}}`) and the status.
public struct ProbeAPIError: Error, LocalizedError, Sendable, Equatable {
    public let status: Int
    public let code: String
    public let message: String
    public let field: String?

    public var errorDescription: String? {
        var text = "the server answered \(status): \(message)"
        if status == 401 || status == 403 {
            text += " (pass the access token with --token T or PROBE_TOKEN; `probe-server serve` keeps it in DATA_DIR/token, and showed it at a first start at a terminal)"
        }
        return text
    }
}

/// The probe-server API as the CLI calls it. Each method is one request.
public struct ProbeAPIClient: Sendable {
    public let http: HTTPClient

    public init(http: HTTPClient) { self.http = http }

    /// Report formats the server renders under `/api/runs/{id}/report.*`.
    public enum ReportFormat: String, Sendable {
        case json = "report.json"
        case junit = "report.junit.xml"
        case markdown = "report.md"

        /// The server's format of the same name: its route is `APIRoute.report(route)`.
        var route: RunReports.Format {
            switch self {
            case .json: .json
            case .junit: .junit
            case .markdown: .markdown
            }
        }
    }

    public func createRun(label: String? = nil, platform: String? = nil, requirementSet: String? = nil,
                          requireTaps: Bool = false, metadata: [String: JSONValue]? = nil) throws -> RunView {
        var body: [String: JSONValue] = [:]
        if let label { body["label"] = .string(label) }
        if let platform { body["platform"] = .string(platform) }
        if let requirementSet { body["requirementSet"] = .string(requirementSet) }
        if requireTaps { body["requireTaps"] = .bool(true) }
        if let metadata { body["metadata"] = .object(metadata) }
        let bytes = [UInt8]((try? JSONEncoder().encode(JSONValue.object(body))) ?? Data("{}".utf8))
        return try decode(RunView.self, try http.post(APIRoute.createRun.path(), json: bytes))
    }

    /// Pins (or unpins) a run so `--keep-days` keeps it; needs an admin token.
    public func pin(_ id: String, _ pinned: Bool) throws -> RemotePin {
        let route = pinned ? APIRoute.pin : APIRoute.unpin
        return try decode(RemotePin.self, pinned ? try http.post(route.path(id), json: Array("{}".utf8)) : try http.delete(route.path(id)))
    }

    public func run(_ id: String) throws -> RunView {
        try decode(RunView.self, try http.get(APIRoute.run.path(id)))
    }

    public func runs(label: String? = nil, platform: String? = nil, verdict: String? = nil, since: String? = nil,
                     limit: Int? = nil, cursor: String? = nil) throws -> RunListView {
        let query = Self.query([("label", label), ("platform", platform), ("verdict", verdict), ("since", since),
                                ("limit", limit.map(String.init)), ("cursor", cursor)])
        return try decode(RunListView.self, try http.get(APIRoute.listRuns.path() + query))
    }

    /// One long poll: the server answers when the run completes or after `seconds`. The
    /// request's own timeout leaves the server `waitGraceSeconds` to answer.
    public func wait(_ id: String, seconds: Int) throws -> RemoteWait {
        try decode(RemoteWait.self, try http.get(APIRoute.wait.path(id) + "?timeout=\(seconds)",
                                                timeout: Double(seconds) + Self.waitGraceSeconds))
    }

    /// Time for the server to answer a long poll after its timeout passed, and for the
    /// network: one slow answer should not fail a CI job.
    public static let waitGraceSeconds = 15.0

    /// `requireTaps`: judged with the tap steps nobody tapped counting as not run (true) or
    /// left to a person (false); nil, as the run was created. A server older than the option
    /// ignores it: `ServerIgnoredRequireTaps`.
    public func diff(_ id: String, profile: String?, platform: String?, requireTaps: Bool? = nil) throws -> DiffReport {
        let query = Self.query([("profile", profile), ("platform", platform), ("requireTaps", requireTaps.map(String.init))])
        let diff = try decode(DiffReport.self, try http.get(APIRoute.diff.path(id) + query))
        try checkRequireTaps(requireTaps, diff)
        return diff
    }

    public func report(_ id: String, format: ReportFormat, requireTaps: Bool? = nil) throws -> [UInt8] {
        let query = Self.query([("requireTaps", requireTaps.map(String.init))])
        let response = try http.get(APIRoute.report(format.route).path(id) + query)
        try Self.check(response)
        return response.body
    }

    /// The JSON report. A server without the report routes (older than this CLI) still has
    /// the run and its diff: the document is then put together from those two, without
    /// observed fields and uploads. `requireTaps`: as `diff`.
    public func reportDocument(_ id: String, requireTaps: Bool? = nil) throws -> RunReportDocument {
        let bytes: [UInt8]
        do {
            bytes = try report(id, format: .json, requireTaps: requireTaps)
        } catch let error as ProbeAPIError where error.status == 404 {
            // `run` throws its own 404 when the run itself is missing.
            return try assembledDocument(run: run(id), diff: diff(id, profile: nil, platform: nil, requireTaps: requireTaps))
        }
        let document: RunReportDocument
        do {
            document = try RunReportDocument.decode(bytes)
        } catch {
            throw HTTPClientError.malformedResponse(server: http.server.description, reason: "report.json is not a \(RunReportDocument.currentSchema) document: \(error)")
        }
        try checkRequireTaps(requireTaps, document.diff)
        return document
    }

    /// A server that judged without `requireTaps` when it was asked for: one older than the
    /// option drops the query it does not know, and its verdict would not be the one asked.
    public func checkRequireTaps(_ asked: Bool?, _ diff: DiffReport) throws {
        guard asked == true, !diff.requireTaps else { return }
        throw ServerIgnoredRequireTaps(server: http.server.description)
    }

    func assembledDocument(run: RunView, diff: DiffReport) -> RunReportDocument {
        let summary = RunReportDocument.Run(
            id: run.id, label: run.label, platform: run.platform?.rawValue, detectedPlatform: run.detectedPlatform?.rawValue,
            requirementSet: run.requirementSet, metadata: run.metadata.json,
            userAgent: run.userAgent, createdAt: run.createdAt,
            completedAt: run.completedAt, verdict: run.verdict?.rawValue)
        let results = (run.results ?? []).map {
            RunReportDocument.Attempt(probe: $0.probe, attempt: $0.attempt, status: $0.status, reason: $0.reason,
                                      observed: .object([:]), elapsedMs: $0.elapsedMs, at: nil, receivedAt: nil)
        }
        return RunReportDocument(generatedAt: Date(), run: summary, diff: diff, results: results, uploads: [])
    }

    public func compare(_ a: String, _ b: String) throws -> RunComparison {
        try decode(RunComparison.self, try http.get(APIRoute.compare.path() + Self.query([("a", a), ("b", b)])))
    }

    // MARK: Plumbing

    func decode<T: Decodable>(_ type: T.Type, _ response: HTTPClientResponse) throws -> T {
        try Self.check(response)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try decoder.decode(T.self, from: Data(response.body))
        } catch {
            throw HTTPClientError.malformedResponse(
                server: http.server.description, reason: "unexpected JSON for \(T.self): \(error)")
        }
    }

    /// A non-2xx answer becomes `ProbeAPIError` with the server's message.
    static func check(_ response: HTTPClientResponse) throws {
        guard !response.isSuccess else { return }
        struct Envelope: Decodable {
            struct Inner: Decodable { let code: String?; let message: String?; let field: String? }
            let error: Inner
        }
        if let envelope = try? JSONDecoder().decode(Envelope.self, from: Data(response.body)) {
            throw ProbeAPIError(status: response.status, code: envelope.error.code ?? "error",
                                message: envelope.error.message ?? response.reason, field: envelope.error.field)
        }
        let text = response.text.trimming(.whitespacesAndNewlines)
        throw ProbeAPIError(status: response.status, code: "error",
                            message: text.isEmpty ? response.reason : ReportText.terminal(String(text.prefix(200))), field: nil)
    }

    /// `?a=1&b=2` from the pairs that have a value; "" when none has.
    static func query(_ pairs: [(String, String?)]) -> String {
        let present = pairs.compactMap { name, value in value.map { "\(name)=\(RunReportPage.percentEncoded($0))" } }
        return present.isEmpty ? "" : "?" + present.joined(separator: "&")
    }
}

/// The server judged without `requireTaps` although it was asked for.
public struct ServerIgnoredRequireTaps: Error, LocalizedError, Sendable {
    public let server: String
    public var errorDescription: String? {
        "\(server) judged the run without requireTaps: it is older than this CLI; upgrade the server, "
            + "or create the run with \"requireTaps\": true (POST /api/runs)"
    }
}

/// `POST/DELETE /api/runs/{id}/pin`.
public struct RemotePin: Codable, Sendable {
    public let id: String
    public let pinned: Bool
}
