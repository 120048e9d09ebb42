#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProbeCatalog
import ProbeServer
import ProbeHTTP
import ProbeRuns
import ProbeStore

/// `probe-server diff FILE|RUN`: a run's results against a profile, offline from a file or
/// from a server; the exit status is the verdict.
enum DiffCommand: Command {
    static let name = "diff"
    static let summary = "Compare results with a profile; exit 0 ready, 1 findings, 2 incomplete."

    static let options: [Arguments.Option] = [
        .init(long: "profile", short: "P", valueName: "SET", help: "Requirement set to judge against (default \(Catalog.defaultRequirementSet); see `probe-server profiles`)."),
        .init(long: "platform", short: nil, valueName: "PLATFORM", help: "Judge as this platform instead of the detected one (\(Platform.allCases.map(\.rawValue).joined(separator: ", ")))."),
        .init(long: "format", short: "f", valueName: "FORMAT", help: "text (default), json (the DiffReport), junit or md."),
        .init(long: "output", short: "o", valueName: "FILE", help: "Write the report to FILE instead of stdout."),
        .init(long: "require-taps", short: nil, valueName: nil, help: "Count the tap steps of an unattended run nobody tapped as not run: incomplete (exit 2) unless they were tapped (as `wait --require-taps`)."),
    ] + ServerOptions.options

    static let usage = [
        "diff <file> [--profile SET] [--platform PLATFORM] [--format FORMAT] [--require-taps]",
        "diff <run-id> [--server URL] [--profile SET] [--format FORMAT] [--require-taps]",
    ]
    static let operands = Operands.exactly(1, "a results file or a run id")
    static let argumentHelp: [(name: String, help: String)] = [
        ("<file>", "A JSON file of results: one result, {\"results\": [...]}, a bare array, "
            + "or a JSON report (probe-server.report/3, /2 or /1). `-` reads stdin. Offline."),
        ("<run-id>", "A run on the server: --server, else $PROBE_SERVER, else "
            + "\(ServerOptions.defaultServer) (the data folder's CA and token)."),
    ]
    static let exitStatuses: [ExitStatusNote] = [
        .ready, .findings,
        ExitStatusNote(ExitCode.incomplete, "incomplete"),
        ExitStatusNote(ExitCode.dataError, "the file is not results"),
        ExitStatusNote(ExitCode.noInput, "no such file or run"),
        .serverUnreachable, .tokenRefused,
    ]

    enum Format: String { case text, json, junit, md }

    static func run(_ args: Arguments) throws -> Int32 {
        let target = args.positionals[0]
        let format = try parseFormat(args.value("format"))
        let requirementSet = args.value("profile") ?? Catalog.defaultRequirementSet
        guard Catalog.standard.requirementSet(id: requirementSet) != nil else {
            throw UsageError("unknown profile \(requirementSet); known: \(Catalog.standard.requirementSets.map(\.id).joined(separator: ", "))")
        }
        let platform = args.value("platform")
        if let platform, Platform(rawValue: platform) == nil {
            throw UsageError("unknown platform \(platform); known: \(Platform.allCases.map(\.rawValue).joined(separator: ", "))")
        }

        // Nil, not false, without the flag: the run's own setting decides.
        let requireTaps: Bool? = args.flag("require-taps") ? true : nil
        let document: RunReportDocument
        if target == "-" || FileManager.default.fileExists(atPath: target) {
            document = try offline(path: target, requirementSet: requirementSet, platform: platform, requireTaps: requireTaps)
        } else if ServerOptions.serverText(args) != nil || RunID.isWellFormed(target) {
            // Not a file: a run id, on the given server or the local one's default.
            let id = try ServerOptions.runID(target)
            let api = try ServerOptions.client(args, command: "diff")
            let diff = try api.diff(id, profile: requirementSet, platform: platform, requireTaps: requireTaps)
            document = RunReportDocument(diff: diff, results: [])
        } else {
            throw CommandFailure("no such file: \(Logger.sanitize(target, max: 200)); a run id is 1 to 64 characters of A-Z a-z 0-9 - _", exitCode: ExitCode.noInput)
        }

        let text: String
        switch format {
        case .text: text = RunReports.text(document, style: args.value("output") == nil ? Output.style : .plain)
        case .json: text = jsonText(document.diff)
        case .junit: text = RunReports.junit(document)
        case .md: text = RunReports.markdown(document)
        }
        try Output.emit(text, output: args.value("output"), what: "\(format.rawValue) report")
        return ExitCode.verdict(document.diff.verdict)
    }

    static func parseFormat(_ text: String?) throws -> Format {
        guard let text else { return .text }
        guard let format = Format(rawValue: text == "markdown" ? "md" : text) else {
            throw UsageError("--format must be text, json, junit or md; got \(text)")
        }
        return format
    }

    /// Reads results (or a report) from a file and judges them here. `requireTaps`: nil, the
    /// stored run's own setting (a report's `metadata.requireTaps`).
    static func offline(path: String, requirementSet: String, platform: String?, requireTaps: Bool? = nil) throws -> RunReportDocument {
        let bytes: [UInt8]
        if path == "-" {
            bytes = try Output.readStandardInput()
        } else {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CommandFailure("cannot read \(path); check the path and its permissions", exitCode: ExitCode.noInput)
            }
            bytes = [UInt8](data)
        }
        let input = try ResultsInput.parse(bytes, source: path)
        let results = input.results
        let run = input.run
        // A file is a run as it was when it was written: judged now, a step it began and
        // never ended (its last result that long ago) is a run that stopped there, as the
        // server judges it, by the same judge (`RunJudge.report`). The page's own times stand
        // in for the store's receipts.
        var report: DiffReport
        do {
            report = try RunJudge.report(run: run, results: results, lastActivity: results.compactMap { RFC3339.parse($0.at) }.max(),
                                         requirementSet: requirementSet, platformOverride: platform, requireTaps: requireTaps, now: Date())
        } catch {
            throw UsageError("no profile for \(error.requirementSet) on \(error.platform.rawValue)")
        }
        report.judgedBy = .thisBuild
        if var document = input.document {
            // Keep the stored run's facts (label, device, uploads); replace the judgement.
            document.diff = report
            return document
        }
        return RunReportDocument(diff: report, results: results)
    }

    static func jsonText<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return ((try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}") + "\n"
    }
}
