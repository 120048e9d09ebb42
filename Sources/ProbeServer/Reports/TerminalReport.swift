#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials
import ProbeCatalog

/// The CLI's rendering: the verdict, then each failed or warning finding with its
/// diagnosis and the fix for the detected wrapper. Colour is decided by the caller
/// (`TerminalStyle.detect`), so the same text goes to a pipe without escape codes. Text is
/// broken at words within `TerminalText.columns`, under its label; a fix's code keeps its
/// own lines, indented under the "fix" label.
enum TerminalReport {
    /// Where a finding's fields start: "     observed:  " is 16 columns.
    static let fieldIndent = String(repeating: " ", count: 16)
    /// Where a fix's code lines start, under "     fix".
    static let codeIndent = String(repeating: " ", count: 8)

    /// `label` and `text` on one line, continued under the text where it wraps.
    static func field(_ label: String, _ text: String) -> String {
        hanging("     " + label.paddedWithSpaces(toLength: fieldIndent.count - 5), text)
    }

    /// `head` then `text` broken at words, each further line starting under the text.
    static func hanging(_ head: String, _ text: String) -> String {
        let lines = TerminalText.wrap(text, width: TerminalText.columns - head.count, indent: "")
            .split(separator: "\n", omittingEmptySubsequences: false)
        let under = String(repeating: " ", count: head.count)
        return lines.enumerated().map { ($0.offset == 0 ? head : under) + $0.element }.joined(separator: "\n")
    }

    /// A fix: on the label's line when it is one line that fits, else the label and then each
    /// line of code under it (a line longer than the terminal wraps with a deeper indent).
    static func fix(_ wrapper: String, _ code: String, style: TerminalStyle) -> [String] {
        let clean = ReportText.terminal
        let label = "     fix (\(clean(wrapper))):"
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false).map { clean(String($0)) }
        if lines.count == 1, label.count + 1 + lines[0].count <= TerminalText.columns {
            return [label + " " + style.cyan(lines[0])]
        }
        return [label] + lines.flatMap { line -> [String] in
            guard !line.isEmpty else { return [""] }
            return TerminalText.wrap(codeIndent + line, indent: "    ").split(separator: "\n", omittingEmptySubsequences: false)
                .map { style.cyan(String($0)) }
        }
    }

    static func render(_ document: RunReportDocument, style: TerminalStyle) -> String {
        let diff = document.diff
        let platform = diff.platform.platform
        let clean = ReportText.terminal
        var out: [String] = []
        var heading = "run \(clean(document.run.id))"
        if let label = document.run.label { heading += " (\(clean(label)))" }
        out.append(style.bold(heading))
        out.append(hanging("  platform:  ", clean(ReportFacts.platformSummary(diff.platform))))
        out.append(hanging("  profile:   ", clean(diff.requirementSet)))
        out.append("  verdict:   " + verdictText(diff.verdict, style: style))
        for reason in diff.verdictReasons { out.append(hanging("             ", clean(reason))) }

        // A consequence is said under its cause, not as a failure of its own (`Finding.consequenceOf`).
        let actionable = ReportFacts.actionable(diff).filter { $0.consequenceOf == nil }
        let knockOns = Dictionary(grouping: diff.findings.filter { $0.consequenceOf != nil }, by: { $0.consequenceOf! })
        if !actionable.isEmpty { out.append("") }
        for finding in actionable {
            let tag = finding.verdict == .fail ? style.red("FAIL") : style.yellow("WARN")
            out.append("\(tag) \(finding.severity.rawValue.paddedWithSpaces(toLength: 8)) \(style.bold(clean(finding.title)))")
            out.append(field("observed:", clean(finding.observed)))
            out.append(field("expected:", clean(finding.expected)))
            if let diagnosis = Words.diagnosis(finding) { out.append(field("diagnosis:", clean(diagnosis))) }
            for (index, cause) in finding.causes.enumerated() { out.append(field(index == 0 ? "cause:" : "or:", clean(Words.causeLine(cause, in: finding)))) }
            for (wrapper, code) in ReportFacts.relevantRemedies(finding.remedy, platform: platform) {
                out += fix(wrapper, code, style: style)
            }
            out.append(style.dim(field("details:", clean(ReportFacts.detailsText(finding)))))
            if let following = knockOns[finding.probe] {
                // One per line: a title never breaks, and a long list stays within 80 columns.
                out.append("     also fails because of it:")
                out += following.map { hanging("       ", "\(clean($0.title)) (\(Words.verdict($0.verdict)))") }
            }
        }
        out.append("")
        let probes = Finding.Verdict.allCases.compactMap { verdict -> String? in
            let count = diff.counts[verdict.rawValue] ?? 0
            return count > 0 ? "\(count) \(Words.verdict(verdict))" : nil
        }
        out.append(hanging("probes:    ", probes.joined(separator: ", ")))
        out.append(hanging("checklist: ", ReportFacts.coverageCounts(diff.coverage).map { "\($0.count) \($0.status)" }.joined(separator: ", ")))
        if let fromHost = ReportFacts.fromHostReport(diff.coverage) { out.append(hanging("from the host report: ", clean(fromHost))) }
        if !diff.unknownProbes.isEmpty {
            out.append(hanging("unknown probe ids: ", diff.unknownProbes.map(\.rawValue).map(clean).joined(separator: ", ")))
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
