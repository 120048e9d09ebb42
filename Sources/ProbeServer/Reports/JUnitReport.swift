import Foundation
import ProbeCatalog

/// JUnit XML for CI: one `<testsuite>` per run, one `<testcase>` per probe (class = the
/// probe's phase), in the shape junitparser, Jenkins and GitLab read:
/// - fail → `<failure message="diagnosis" type="severity">` with expected, observed and fixes;
/// - skipped and not-run → `<skipped message="…">` (a farm without a person is not a failure);
/// - warn → passes, with the warning in `<system-out>`;
/// - the platform, versions and verdict as `<properties>`.
enum JUnitReport {
    static func render(_ document: RunReportDocument, catalog: Catalog = .standard) -> String {
        let diff = document.diff
        let failures = diff.findings.filter { $0.verdict == .fail }.count
        let skipped = diff.findings.filter { $0.verdict == .skipped || $0.verdict == .notRun }.count
        let seconds = diff.findings.reduce(0.0) { $0 + (document.latestAttempt(for: $1.probe)?.elapsedMs ?? 0) } / 1000
        let suiteName = "probe-server run \(document.run.id)"
        let counts = "tests=\"\(diff.findings.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\" time=\"\(format(seconds))\""

        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"probe-server\" \(counts)>\n"
        xml += "  <testsuite name=\"\(attribute(suiteName))\" \(counts)"
        if let created = document.run.createdAt {
            // JUnit's timestamp is ISO 8601 without a zone designator.
            xml += " timestamp=\"\(String(ReportFacts.iso8601(created).dropLast()))\""
        }
        xml += ">\n"
        xml += "    <properties>\n"
        for (name, value) in properties(document) {
            xml += "      <property name=\"\(attribute(name))\" value=\"\(attribute(value))\"/>\n"
        }
        xml += "    </properties>\n"
        for finding in diff.findings {
            xml += testcase(finding, document: document, catalog: catalog)
        }
        xml += "  </testsuite>\n"
        xml += "</testsuites>\n"
        return xml
    }

    static func properties(_ document: RunReportDocument) -> [(String, String)] {
        let diff = document.diff
        let detected = diff.platform
        var list: [(String, String)] = [
            ("run", document.run.id),
            ("verdict", diff.verdict.rawValue),
            ("requirementSet", diff.requirementSet),
            ("platform", detected.platform.rawValue),
            ("os", detected.os),
            ("osVersion", detected.osVersion?.description ?? ""),
            ("engine", detected.engine),
            ("engineVersion", detected.engineVersion?.description ?? ""),
            ("platformConfidence", detected.confidence.rawValue),
        ]
        if let wrapper = detected.wrapper { list.append(("wrapper", wrapper)) }
        if let label = document.run.label { list.append(("label", label)) }
        if let userAgent = document.run.userAgent { list.append(("userAgent", userAgent)) }
        for (index, reason) in diff.verdictReasons.enumerated() { list.append(("verdictReason.\(index + 1)", reason)) }
        for (key, value) in ReportFacts.metadataPairs(document.run.metadata) { list.append(("metadata.\(key)", value)) }
        for (status, count) in ReportFacts.coverageCounts(diff.coverage) { list.append(("checklist.\(status)", String(count))) }
        return list
    }

    static func testcase(_ finding: Finding, document: RunReportDocument, catalog: Catalog) -> String {
        let phase = ReportFacts.phase(of: finding.probe, in: catalog)
        let time = (document.latestAttempt(for: finding.probe)?.elapsedMs ?? 0) / 1000
        var xml = "    <testcase classname=\"\(attribute(phase))\" name=\"\(attribute(finding.probe))\" time=\"\(format(time))\""
        let details = detailText(finding, platform: document.diff.platform.platform)
        switch finding.verdict {
        case .fail:
            let message = finding.diagnosis ?? finding.observed
            xml += ">\n      <failure message=\"\(attribute(message))\" type=\"\(finding.severity.rawValue)\">"
            xml += text(details) + "</failure>\n    </testcase>\n"
        case .skipped, .notRun:
            xml += ">\n      <skipped message=\"\(attribute(finding.verdict.rawValue + ": " + finding.observed))\"/>\n    </testcase>\n"
        case .warn:
            xml += ">\n      <system-out>" + text("warning: " + details) + "</system-out>\n    </testcase>\n"
        case .pass, .info:
            xml += ">\n      <system-out>" + text("\(finding.verdict.rawValue): \(finding.observed)") + "</system-out>\n    </testcase>\n"
        }
        return xml
    }

    /// The failure body: what a developer reads in the CI test view.
    static func detailText(_ finding: Finding, platform: Platform) -> String {
        var lines = [finding.title, "expected: \(finding.expected)", "observed: \(finding.observed)"]
        if let diagnosis = finding.diagnosis { lines.append("diagnosis: \(diagnosis)") }
        if let layer = finding.layer { lines.append("layer: \(layer.rawValue)") }
        for (wrapper, fix) in ReportFacts.relevantRemedies(finding.remedy, platform: platform) {
            lines.append("fix (\(wrapper)): \(fix)")
        }
        if !finding.checklistItems.isEmpty { lines.append("checklist: \(finding.checklistItems.joined(separator: ", "))") }
        return lines.joined(separator: "\n")
    }

    static func attribute(_ value: String) -> String { ReportText.xml(value, attribute: true) }
    static func text(_ value: String) -> String { ReportText.xml(value) }
    static func format(_ seconds: Double) -> String { String(format: "%.3f", seconds) }
}
