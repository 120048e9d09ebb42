import Foundation
import ProbeServer

/// `probe-server report RUN`: a run's report from a server in any format.
enum ReportCommand {
    static let abstract = "Fetch a run's report: text, json, junit, md or html."

    static let options: [Arguments.Option] = [
        .init(long: "format", short: "f", valueName: "FORMAT", help: "text (default), json, junit, md or html."),
        .init(long: "output", short: "o", valueName: "FILE", help: "Write the report to FILE instead of stdout."),
    ] + ServerOptions.options + [
        .init(long: "help", short: "h", valueName: nil, help: "Show this help."),
    ]

    static var help: String {
        """
        OVERVIEW: \(abstract)

        USAGE: probe-server report <run-id> [--server URL] [--format FORMAT] [--output FILE]

        The JSON report is fetched from the server and the other formats are rendered from it
        here, exactly as the server renders them. The HTML page links /assets/report.css on
        the server, so open it from the server (/runs/<run-id>) to see it styled.

        OPTIONS:
        \(Arguments.helpText(options))

        EXIT STATUS:
          0 the report was written (whatever its verdict), 64 usage error, 66 no such run,
          69 the server cannot be reached, 73 FILE cannot be written, 77 the token is wrong.
        """
    }

    enum Format: String { case text, json, junit, md, html }

    static func run(_ argv: [String]) throws -> Int32 {
        let args = try Arguments(options: options, arguments: argv)
        if args.flag("help") {
            print(Arguments.fitted(help))
            return ExitCode.ready
        }
        guard let target = args.positionals.first else { throw UsageError("report needs a run id") }
        if args.positionals.count > 1 { throw UsageError("report takes one run id, got also \(args.positionals[1])") }
        let id = try ServerOptions.runID(target)
        let formatText = args.value("format") ?? "text"
        guard let format = Format(rawValue: formatText == "markdown" ? "md" : formatText) else {
            throw UsageError("--format must be text, json, junit, md or html; got \(formatText)")
        }
        let api = try ServerOptions.client(args, command: "report")
        let text: String
        do {
            if format == .json {
                text = String(decoding: try api.report(id, format: .json), as: UTF8.self)
            } else {
                let document = try api.reportDocument(id)
                switch format {
                case .text: text = RunReports.text(document, style: args.value("output") == nil ? Output.style : .plain)
                case .junit: text = RunReports.junit(document)
                case .md: text = RunReports.markdown(document)
                case .html: text = RunReportPage.html(document)
                case .json: text = ""
                }
            }
        } catch {
            throw CommandFailure.from(error)
        }
        try Output.emit(text, output: args.value("output"), what: "\(format.rawValue) report")
        return ExitCode.ready
    }
}
