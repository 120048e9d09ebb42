/// A diff report as plain text, for the CLI (`probe-server wait`) and logs: the verdict,
/// the failures and warnings with their fixes for the detected wrapper, and the coverage.
public enum ReportText {
    public static func render(_ report: DiffReport) -> String {
        var lines: [String] = []
        let platform = report.platform
        var where_ = "\(platform.platform.rawValue) (\(platform.confidence.rawValue) confidence"
        if let version = platform.osVersion { where_ += ", \(platform.os) \(version)" }
        if let engine = platform.engineVersion { where_ += ", \(platform.engine) \(engine)" }
        if let wrapper = platform.wrapper { where_ += ", \(wrapper)" }
        where_ += ")"
        lines.append("run \(report.run ?? "?") on \(where_), requirement set \(report.requirementSet)")
        lines.append("verdict: \(report.verdict.rawValue)" + (report.verdictReasons.first.map { " — \($0)" } ?? ""))
        for reason in report.verdictReasons.dropFirst() { lines.append("  \(reason)") }
        let shown = report.findings.filter { $0.verdict == .fail || $0.verdict == .warn }
        if !shown.isEmpty { lines.append("") }
        for finding in shown {
            lines.append("\(finding.verdict.rawValue.uppercased()) \(finding.probe) [\(finding.severity.rawValue)]: \(finding.observed)")
            if let diagnosis = finding.diagnosis { lines.append("  why: \(diagnosis)") }
            for (index, cause) in finding.causes.enumerated() { lines.append("  \(index == 0 ? "cause" : "or"): \(cause.reportLine)") }
            if let remedy = finding.remedy?.relevant(to: platform.platform) {
                if let text = remedy.iosSwift { lines.append("  fix (iOS Swift): \(text)") }
                if let text = remedy.androidKotlin { lines.append("  fix (Android Kotlin): \(text)") }
                if let text = remedy.reactNative { lines.append("  fix (React Native): \(text)") }
            }
        }
        lines.append("")
        let counts = Finding.Verdict.allCases.map { "\(report.counts[$0.rawValue] ?? 0) \($0.rawValue)" }
        lines.append("probes: " + counts.joined(separator: ", "))
        let coverage = ChecklistCoverage.Status.allCases.map { "\(report.coverage.counts[$0.rawValue] ?? 0) \($0.rawValue)" }
        lines.append("checklist (\(report.coverage.items.count) items): " + coverage.joined(separator: ", "))
        return lines.joined(separator: "\n") + "\n"
    }
}
