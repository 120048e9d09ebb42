#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials
import ProbeCatalog
import ProbeServer
import ProbeStore

/// `probe-server runs`: the recent runs on a server, filtered.
enum RunsCommand: Command {
    static let name = "runs"
    static let summary = "List recent runs on a server (needs the access token)."

    static let options: [Arguments.Option] = [
        .init(long: "label", short: "l", valueName: "LABEL", help: "Only runs with this label."),
        .init(long: "platform", short: nil, valueName: "PLATFORM", help: "Only runs on this platform."),
        .init(long: "verdict", short: nil, valueName: "VERDICT", help: "Only runs with this verdict: ready, not-ready or incomplete."),
        .init(long: "since", short: nil, valueName: "TIME", help: "Only runs created at or after TIME (ISO 8601)."),
        .init(long: "limit", short: "n", valueName: "N", help: "At most N runs (default 50)."),
        .init(long: "json", short: nil, valueName: nil, help: "Print the server's JSON instead of a table."),
        .init(long: "pin", short: nil, valueName: "ID", help: "Pin run ID so --keep-days never purges it (needs an admin token)."),
        .init(long: "unpin", short: nil, valueName: "ID", help: "Unpin run ID: retention applies to it again."),
    ] + ServerOptions.options

    static let usage = [
        "runs [--server URL] [--label L] [--platform P] [--verdict V] [--json]",
        "runs --pin ID | --unpin ID",
    ]
    static let exitStatuses: [ExitStatusNote] = [
        ExitStatusNote(ExitCode.ready, "listed (or pinned)"),
        ExitStatusNote(ExitCode.noInput, "no such run to pin"),
        .serverUnreachable, .tokenRefused,
    ]

    static func run(_ args: Arguments) throws -> Int32 {
        if let verdict = args.value("verdict"), !["ready", "not-ready", "incomplete"].contains(verdict) {
            throw UsageError("--verdict must be ready, not-ready or incomplete; got \(verdict)")
        }
        let limit = try args.int("limit", Int.self, range: 1...1000) ?? 50
        let api = try ServerOptions.client(args, command: "runs", requireToken: true)
        if let id = args.value("pin") ?? args.value("unpin") {
            guard RunID.isWellFormed(id) else { throw UsageError("--pin/--unpin needs a run id: 1 to 64 characters of A-Z a-z 0-9 - _") }
            let pinned = args.value("pin") != nil
            _ = try api.pin(id, pinned)
            try Output.write("run \(id) \(pinned ? "pinned: --keep-days keeps it" : "unpinned")\n")
            return ExitCode.ready
        }
        let list = try api.runs(label: args.value("label"), platform: args.value("platform"), verdict: args.value("verdict"),
                                since: args.value("since"), limit: limit)
        if args.flag("json") {
            try Output.write(DiffCommand.jsonText(RunListJSON(list)))
            return ExitCode.ready
        }
        try Output.write(table(list.runs, style: Output.style))
        if list.nextCursor != nil { try Output.write("(more runs: raise --limit or narrow the filter)\n") }
        return ExitCode.ready
    }

    /// One line per run within 80 columns (the full 32-character id, so it can be pasted into
    /// `report` or `wait`), and under it what a person recognises the run by: the label, then
    /// the app, version and tester the page asked for, cut with "…" at the width.
    static func table(_ runs: [RunView], style: TerminalStyle, width: Int = TerminalText.columns) -> String {
        guard !runs.isEmpty else { return "no runs\n" }
        let clean = ReportText.terminal
        let rows = runs.map { run -> [String] in
            // The platform the run is judged as (an override wins over detection, as in the
            // filter), and a run not completed as incomplete (as `--verdict incomplete` finds it).
            [clean(run.id), clean(run.verdict?.rawValue ?? "incomplete"), clean(shortDate(run.createdAt)),
             clean((run.platform ?? run.detectedPlatform)?.rawValue ?? "-")]
        }
        let header = ["RUN", "VERDICT", "CREATED (UTC)", "PLATFORM"]
        let widths = (0..<header.count).map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String], colourVerdict: Bool) -> String {
            cells.enumerated().map { index, cell in
                let padded = index == cells.count - 1 ? cell : cell.paddedWithSpaces(toLength: widths[index])
                guard colourVerdict, index == 1 else { return padded }
                switch cell {
                case "ready": return style.green(padded)
                case "not-ready": return style.red(padded)
                case "incomplete": return style.yellow(padded)
                default: return padded
                }
            }.joined(separator: "  ")
        }
        var lines = [style.bold(line(header, colourVerdict: false))]
        for (run, row) in zip(runs, rows) {
            lines.append(line(row, colourVerdict: true))
            let about = described(run).map(clean)
            if !about.isEmpty { lines.append(cut("  " + about.joined(separator: " · "), width: width)) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `2026-11-30 03:10` (UTC).
    static func shortDate(_ date: Date) -> String {
        let chars = Array(RFC3339.formatSeconds(date))
        return String(chars[0..<10]) + " " + String(chars[11..<16])
    }

    /// The label, then the app with its version, then the tester (run metadata from the page).
    static func described(_ run: RunView) -> [String] {
        func field(_ key: String) -> String? {
            guard case .string(let value)? = run.metadata[key], !value.isEmpty else { return nil }
            return value
        }
        var parts: [String] = []
        if let label = run.label, !label.isEmpty { parts.append(label) }
        let app = [field("appName"), field("appVersion")].compactMap { $0 }.joined(separator: " ")
        if !app.isEmpty { parts.append(app) }
        if let tester = field("tester") { parts.append("tester " + tester) }
        return parts
    }

    static func cut(_ text: String, width: Int) -> String {
        text.count <= width ? text : String(text.prefix(width - 1)) + "…"
    }
}

/// `runs --json`: the list re-encoded from what was read, with stable key order.
struct RunListJSON: Encodable {
    struct Run: Encodable {
        let id: String
        let label: String?
        let platform: Platform?
        let detectedPlatform: Platform?
        let requirementSet: String
        let createdAt: Date
        let completedAt: Date?
        let verdict: DiffReport.Verdict?
        let reportUrl: String
    }
    let runs: [Run]
    let nextCursor: String?

    init(_ list: RunListView) {
        runs = list.runs.map {
            Run(id: $0.id, label: $0.label, platform: $0.platform, detectedPlatform: $0.detectedPlatform,
                requirementSet: $0.requirementSet, createdAt: $0.createdAt, completedAt: $0.completedAt,
                verdict: $0.verdict, reportUrl: $0.reportUrl)
        }
        nextCursor = list.nextCursor
    }
}
