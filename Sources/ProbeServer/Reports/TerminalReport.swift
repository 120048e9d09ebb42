import Foundation
import ProbeCatalog

/// The CLI's rendering: the verdict, then each failed or warning finding with its
/// diagnosis and the fix for the detected wrapper. Colour is decided by the caller
/// (`TerminalStyle.detect`), so the same text goes to a pipe without escape codes.
enum TerminalReport {
    static func render(_ document: RunReportDocument, style: TerminalStyle) -> String {
        let diff = document.diff
        let platform = diff.platform.platform
        let clean = ReportText.terminal
        var out: [String] = []
        var heading = "run \(clean(document.run.id))"
        if let label = document.run.label { heading += " (\(clean(label)))" }
        out.append(style.bold(heading))
        out.append("  platform:  \(platform.rawValue): \(clean(ReportFacts.platformSummary(diff.platform)))")
        out.append("  profile:   \(clean(diff.requirementSet))")
        out.append("  verdict:   " + verdictText(diff.verdict, style: style))
        for reason in diff.verdictReasons { out.append("             \(clean(reason))") }

        // A consequence is said under its cause, not as a failure of its own (`Finding.consequenceOf`).
        let actionable = ReportFacts.actionable(diff).filter { $0.consequenceOf == nil }
        let knockOns = Dictionary(grouping: diff.findings.filter { $0.consequenceOf != nil }, by: { $0.consequenceOf! })
        if !actionable.isEmpty { out.append("") }
        for finding in actionable {
            let tag = finding.verdict == .fail ? style.red("FAIL") : style.yellow("WARN")
            out.append("\(tag) \(finding.severity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) \(style.bold(clean(finding.probe)))  \(clean(finding.title))")
            out.append("     observed:  \(clean(finding.observed))")
            out.append("     expected:  \(clean(finding.expected))")
            if let diagnosis = finding.diagnosis { out.append("     diagnosis: \(clean(diagnosis))") }
            for (index, cause) in finding.causes.enumerated() { out.append("     \(index == 0 ? "cause:    " : "or:       ") \(clean(cause.reportLine))") }
            for (wrapper, fix) in ReportFacts.relevantRemedies(finding.remedy, platform: platform) {
                out.append("     fix (\(wrapper)): \(style.cyan(clean(fix)))")
            }
            if let following = knockOns[finding.probe] {
                out.append("     also fails because of it: " + following.map { "\(clean($0.title)) (\($0.verdict.rawValue))" }.joined(separator: ", "))
            }
        }
        out.append("")
        let probes = Finding.Verdict.allCases.compactMap { verdict -> String? in
            let count = diff.counts[verdict.rawValue] ?? 0
            return count > 0 ? "\(count) \(verdict.rawValue)" : nil
        }
        out.append("probes:    " + probes.joined(separator: ", "))
        out.append("checklist: " + ReportFacts.coverageCounts(diff.coverage).map { "\($0.count) \($0.status)" }.joined(separator: ", "))
        if let fromHost = ReportFacts.fromHostReport(diff.coverage) { out.append("from the host report: " + clean(fromHost)) }
        if !diff.unknownProbes.isEmpty {
            out.append("unknown probe ids: " + diff.unknownProbes.map(clean).joined(separator: ", "))
        }
        return out.joined(separator: "\n") + "\n"
    }

    static func verdictText(_ verdict: DiffReport.Verdict, style: TerminalStyle) -> String {
        let text = ReportFacts.verdictTitle(verdict).uppercased()
        switch verdict {
        case .ready: return style.bold(style.green(text))
        case .notReady: return style.bold(style.red(text))
        case .incomplete: return style.bold(style.yellow(text))
        }
    }
}

/// ANSI colour when a person is watching: stdout is a terminal, `NO_COLOR` is unset or
/// empty (https://no-color.org: "present and not an empty string" turns colour off), and
/// `TERM` is not `dumb`.
public struct TerminalStyle: Sendable {
    public let colour: Bool

    public init(colour: Bool) { self.colour = colour }

    public static let plain = TerminalStyle(colour: false)

    /// `isTerminal`: `isatty(1)`; `environment`: the process environment.
    public static func detect(isTerminal: Bool, environment: [String: String]) -> TerminalStyle {
        TerminalStyle(colour: isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb")
    }

    func wrap(_ code: String, _ text: String) -> String { colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
    public func bold(_ text: String) -> String { wrap("1", text) }
    public func red(_ text: String) -> String { wrap("31", text) }
    public func green(_ text: String) -> String { wrap("32", text) }
    public func yellow(_ text: String) -> String { wrap("33", text) }
    public func cyan(_ text: String) -> String { wrap("36", text) }
    public func dim(_ text: String) -> String { wrap("2", text) }
}
