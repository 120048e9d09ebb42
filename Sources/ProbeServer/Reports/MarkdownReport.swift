#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProbeCatalog

/// Markdown for a pull-request comment: the verdict, what to fix for the detected wrapper,
/// and the checklist coverage. Every value from the run is escaped (`ReportText.markdown`),
/// so a hostile label or error message cannot inject HTML, links or table cells.
enum MarkdownReport {
    /// A PR comment is read, not searched: past this many rows the rest is counted, not listed.
    static let maxRows = 50

    static func render(_ document: RunReportDocument) -> String {
        let diff = document.diff
        let platform = diff.platform.platform
        let esc = ReportText.markdown
        var out: [String] = []
        let symbol: String
        switch diff.verdict {
        case .ready: symbol = "✅"
        case .notReady: symbol = "❌"
        case .incomplete: symbol = "⚠️"
        }
        out.append("### \(symbol) probe-server: **\(ReportFacts.verdictTitle(diff.verdict))** (\(diff.verdict.rawValue))")
        out.append("")
        var context = "Run \(esc(document.run.id))"
        if let label = document.run.label { context += " · \(esc(label))" }
        context += " · \(esc(ReportFacts.platformSummary(diff.platform)))"
        context += " · requirement set \(esc(diff.requirementSet))"
        out.append(context)
        out.append("")
        if document.run.label == nil { out += ["_\(esc(ReportFacts.runLabel(document.run, platform: diff.platform)))_", ""] }
        // The certification summary on one line: what an integrator's request asks first.
        out.append(ReportFacts.summary(document).map { "**\(esc($0.name))** \(esc($0.value))" }.joined(separator: " · "))
        out.append("")
        for reason in diff.verdictReasons { out.append("- \(esc(reason))") }
        if !diff.verdictReasons.isEmpty { out.append("") }

        let actionable = ReportFacts.leading(diff)
        let wrapper = Wrapper(app: platform)
        if actionable.isEmpty {
            out.append("No failed or warning findings.")
        } else {
            let fixHeader = (ReportFacts.frameworkTitle(diff.platform) ?? wrapper?.title).map { "Fix (\($0))" } ?? "Fix"
            out.append("| Verdict | Severity | Probe | Observed | Diagnosis | \(fixHeader) |")
            out.append("|---|---|---|---|---|---|")
            for finding in actionable.prefix(maxRows) {
                let fixes = ReportFacts.relevantRemedies(finding.remedy, platform: platform)
                let fix = fixes.map { ($0.wrapper, ReportText.markdownCode(ReportFacts.codeHeadline($0.fix))) }
                    .map { wrapper == nil ? "\(esc($0.0)): \($0.1)" : $0.1 }
                    .joined(separator: " · ")
                out.append("| \(finding.verdict == .fail ? "❌ fail" : "⚠️ warn") | \(finding.severity.rawValue) | \(esc(finding.title)) | \(esc(finding.observed)) | \(esc(finding.diagnosis ?? ""))\(finding.causes.isEmpty ? "" : " Sources: " + finding.causes.map { sourceLink($0.source) }.joined(separator: " ")) | \(fix.isEmpty ? "—" : fix) |")
            }
            if actionable.count > maxRows { out += ["", "…and \(actionable.count - maxRows) more; see the full report."] }
            fixes(&out, actionable.prefix(maxRows), diff)
        }
        out.append("")
        let counts = ReportFacts.coverageCounts(diff.coverage).map { "\($0.status) \($0.count)" }.joined(separator: " · ")
        out.append("**Checklist coverage** (\(diff.coverage.items.count) items): \(counts)")
        if let fromHost = ReportFacts.fromHostReport(diff.coverage) { out += ["", "From the host report: \(esc(fromHost))"] }
        let questions = ReportFacts.integratorQuestions(diff.coverage, platform: platform)
        if !questions.isEmpty {
            out += ["", "**For the integrator to answer** (the phone does not ask):"]
            out += questions.map { "- \(esc($0.question)) (\(esc($0.state)))" }
        }
        let verdictCounts = Finding.Verdict.allCases.compactMap { verdict -> String? in
            let count = diff.counts[verdict.rawValue] ?? 0
            return count > 0 ? "\(verdict.rawValue) \(count)" : nil
        }.joined(separator: " · ")
        out.append("")
        out.append("**Probes** (\(diff.findings.count)): \(verdictCounts)")
        if let camera = CameraModes(document) { out += [""] + camera.markdown }
        if !diff.unknownProbes.isEmpty {
            out.append("")
            out.append("Unknown probe ids in the results: \(diff.unknownProbes.map(\.rawValue).map(esc).joined(separator: ", "))")
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// A cause's public source as a Markdown link named by its host: device text has its bare
    /// URLs broken (`ReportText.autolinkSafe`), so the catalog's own are written as links.
    static func sourceLink(_ url: String) -> String {
        let host = URL(string: url)?.host ?? url
        return "[\(ReportText.markdown(host))](\(ReportText.markdownURL(url)))"
    }

    /// Each finding's fix as a fenced block in its language with the documentation link (the
    /// app's own wrapper only when one was detected), and what fails because of it.
    static func fixes(_ out: inout [String], _ findings: ArraySlice<Finding>, _ diff: DiffReport) {
        let esc = ReportText.markdown
        var heading = false
        for finding in findings {
            let (fixes, forThisApp) = ReportFacts.codeFixes(finding, platform: diff.platform.platform)
            let following = ReportFacts.consequences(of: finding, in: diff)
            if !heading { out += ["", "#### Fixes"]; heading = true }
            out += ["", "**\(esc(finding.title))**", "", "_Details: " + ReportFacts.detailsParts(finding).map { "\($0.name) " + $0.ids.map(ReportText.markdownCode).joined(separator: ", ") }.joined(separator: " · ") + "_"]
            if fixes.isEmpty { out += ["", "No code fix: see the diagnosis above."] }
            for fix in forThisApp ? Array(fixes.prefix(1)) : fixes {
                out += ["", "Fix in \(esc(fix.label))\(forThisApp ? " (this app)" : "") · [Documentation](\(ReportText.markdownURL(fix.docs)))", ""]
                out.append(ReportText.markdownFence(fix.code, language: fix.fence))
            }
            if forThisApp, fixes.count > 1 {
                out += ["", "The same fix in \(fixes.dropFirst().map { esc($0.label) }.joined(separator: ", ")): in the full report."]
            }
            if !following.isEmpty {
                out += ["", "Also failing because of this: " + following.map { esc($0.title) }.joined(separator: ", ")]
            }
        }
    }
}
