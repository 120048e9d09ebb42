#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProbeServer

/// `probe-server report RUN`: a run's report from a server in any format.
enum ReportCommand: Command {
    static let name = "report"
    static let summary = "Fetch a run's report: text, json, junit, md or html."

    static let options: [Arguments.Option] = [
        .init(long: "format", short: "f", valueName: "FORMAT", help: "text (default), json, junit, md or html."),
        .init(long: "output", short: "o", valueName: "FILE", help: "Write the report to FILE instead of stdout."),
        .init(long: "require-taps", short: nil, valueName: nil, help: "Judge the run as `wait --require-taps` does: the tap steps nobody tapped count as not run."),
    ] + ServerOptions.options

    static let usage = ["report <run-id> [--server URL] [--format FORMAT] [--output FILE] [--require-taps]"]
    static let operands = Operands.exactly(1, "a run id")
    static let discussion = """
        The JSON report is fetched from the server and the other formats are rendered from it
        here, exactly as the server renders them. The HTML page links /assets/report.css on
        the server, so open it from the server (/runs/<run-id>) to see it styled.
        """
    static let exitStatuses: [ExitStatusNote] = [
        ExitStatusNote(ExitCode.ready, "the report was written (whatever its verdict)"),
        .noSuchRun, .serverUnreachable,
        ExitStatusNote(ExitCode.cannotCreate, "FILE cannot be written"),
        .stdoutUnwritable, .tokenRefused,
    ]

    enum Format: String { case text, json, junit, md, html }

    static func run(_ args: Arguments) throws -> Int32 {
        let id = try ServerOptions.runID(args.positionals[0])
        let formatText = args.value("format") ?? "text"
        guard let format = Format(rawValue: formatText == "markdown" ? "md" : formatText) else {
            throw UsageError("--format must be text, json, junit, md or html; got \(formatText)")
        }
        let api = try ServerOptions.client(args, command: "report")
        let requireTaps: Bool? = args.flag("require-taps") ? true : nil
        let text: String
        if format == .json {
            let bytes = try api.report(id, format: .json, requireTaps: requireTaps)
            if requireTaps != nil { try api.checkRequireTaps(requireTaps, try RunReportDocument.decode(bytes).diff) }
            text = String(decoding: bytes, as: UTF8.self)
        } else {
            let document = try api.reportDocument(id, requireTaps: requireTaps)
            switch format {
            case .text: text = RunReports.text(document, style: args.value("output") == nil ? Output.style : .plain)
            case .junit: text = RunReports.junit(document)
            case .md: text = RunReports.markdown(document)
            case .html: text = RunReportPage.html(document)
            case .json: text = ""
            }
        }
        try Output.emit(text, output: args.value("output"), what: "\(format.rawValue) report")
        return ExitCode.ready
    }
}
