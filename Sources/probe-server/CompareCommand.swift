#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials
import ProbeCatalog
import ProbeServer

/// `probe-server compare A B`: what changed between two runs (before and after an app update).
enum CompareCommand: Command {
    static let name = "compare"
    static let summary = "Compare two runs (before, after); exit 1 when the second is worse."

    static let options: [Arguments.Option] = [
        .init(long: "json", short: nil, valueName: nil, help: "Print the RunComparison as JSON."),
    ] + ServerOptions.options

    static let usage = ["compare <before-run> <after-run> [--server URL] [--json]"]
    static let operands = Operands.exactly(2, "two run ids, before and after")
    static let exitStatuses: [ExitStatusNote] = [
        ExitStatusNote(ExitCode.ready, "same, better or changed"),
        ExitStatusNote(ExitCode.findings, "worse"),
        .noSuchRun, .serverUnreachable, .tokenRefused,
    ]

    static func run(_ args: Arguments) throws -> Int32 {
        let before = try ServerOptions.runID(args.positionals[0])
        let after = try ServerOptions.runID(args.positionals[1])
        let api = try ServerOptions.client(args, command: "compare", requireToken: true)
        let comparison = try api.compare(before, after)
        if args.flag("json") {
            try Output.write(DiffCommand.jsonText(comparison))
        } else {
            try Output.write(text(comparison, style: Output.style))
        }
        return comparison.direction == .worse ? ExitCode.findings : ExitCode.ready
    }

    static func text(_ comparison: RunComparison, style: TerminalStyle) -> String {
        let clean = ReportText.terminal
        func coloured(_ direction: RunComparison.Direction) -> String {
            switch direction {
            case .better: return style.green("better")
            case .worse: return style.red("WORSE")
            case .same: return "same"
            case .changed: return style.yellow("changed")
            }
        }
        var lines = [
            "\(clean(comparison.runBefore ?? "?")) → \(clean(comparison.runAfter ?? "?")): \(coloured(comparison.direction))",
            "verdict: \(comparison.verdictBefore.rawValue) → \(comparison.verdictAfter.rawValue)",
        ]
        if comparison.changes.isEmpty { lines.append("no probe changed verdict") }
        for change in comparison.changes {
            var line = "  \(coloured(change.direction).paddedWithSpaces(toLength: style.colour ? 16 : 7)) \(clean(change.probe.rawValue)): \(change.before.rawValue) → \(change.after.rawValue)"
            if change.direction == .worse, let diagnosis = change.diagnosisAfter {
                line += "\n" + TerminalText.wrap("           " + clean(diagnosis), indent: "")
            }
            lines.append(line)
        }
        if !comparison.checklistChanges.isEmpty {
            lines.append("checklist:")
            for item in comparison.checklistChanges {
                lines.append("  \(clean(item.id)): \(item.before.rawValue) → \(item.after.rawValue)")
            }
        }
        // Long ids and titles wrap under themselves; a diagnosis wraps under its first word.
        return TerminalText.wrap(lines.joined(separator: "\n"), indent: "    ") + "\n"
    }
}
