#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials
import ProbeCatalog

/// JUnit XML for CI: one `<testsuite>` per run, one `<testcase>` per probe (class = the
/// probe's phase), in the shape junitparser, Jenkins and GitLab read, and valid against
/// Jenkins' JUnit schema (junit-10.xsd of github.com/jenkinsci/xunit-plugin, committed as
/// Tests/reports/junit-10.xsd):
/// - fail → `<failure message="diagnosis" type="severity">` with the same text, expected,
///   observed and fixes in the body (Azure DevOps shows the message, GitLab and Jenkins the body);
/// - skipped and not-run → `<skipped message="…">`; a step left to a person in an unattended
///   run is `<skipped message="needs operator">` (a farm without a person is not a failure);
/// - a run that has not completed (a `wait` that timed out), or whose verdict is incomplete, is
///   one more testcase, first, with `<error>` and the suite's `errors="1"`: CI viewers show a
///   suite of skips as passed, so without it a run that never finished would read green
///   (`<error>`: "the test had an unexpected error during execution", as against `<failure>`, a
///   check that failed: https://github.com/testmoapp/junitxml#complete-junit-xml-example);
/// - warn → passes, with the warning in `<system-out>`;
/// - the run id, platform, wrapper, versions and verdict as `<properties>`;
/// - `classname` + `name` unique per testcase: GitLab keys test cases by the pair and drops
///   repeats (https://docs.gitlab.com/ci/testing/unit_test_reports/).
enum JUnitReport {
    /// The file name CI picks up without configuration: Azure Pipelines' PublishTestResults
    /// task looks for `**/TEST-*.xml` by default
    /// (https://learn.microsoft.com/azure/devops/pipelines/tasks/reference/publish-test-results-v2),
    /// as Maven Surefire names its reports.
    static let defaultFileName = "TEST-probe-server.xml"
    /// The `<skipped>` message of a step only a person could complete.
    static let needsOperatorMessage = "needs operator"
    /// The `wrapper` property when no wrapper was seen (a browser, or a WebView without a bridge).
    static let noWrapper = "none"

    /// The testcase that carries an unfinished run's `<error>`: its own class, apart from the
    /// probes' phases.
    static let runClassname = "run"
    static let runTestName = "verdict"

    static func render(_ document: RunReportDocument, catalog: Catalog = .standard) -> String {
        let diff = document.diff
        let unfinished = unfinishedRun(document, catalog: catalog)
        let tests = diff.findings.count + (unfinished == nil ? 0 : 1)
        let errors = unfinished == nil ? 0 : 1
        let failures = diff.findings.filter { $0.verdict == .fail }.count
        let skipped = diff.findings.filter { $0.verdict == .skipped || $0.verdict == .notRun }.count
        let seconds = diff.findings.reduce(0.0) { $0 + (document.latestAttempt(for: $1.probe.rawValue)?.elapsedMs ?? 0) } / 1000
        let suiteName = "probe-server run \(document.run.id)"
        let counts = "tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\" time=\"\(format(seconds))\""

        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        // junit-10.xsd gives <testsuites> no `skipped`; the suite below carries it.
        let totals = "tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(format(seconds))\""
        xml += "<testsuites name=\"probe-server\" \(totals)>\n"
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
        var names = TestcaseNames()
        if let unfinished {
            let name = names.unique(runClassname, runTestName)
            xml += "    <testcase classname=\"\(runClassname)\" name=\"\(attribute(name))\" time=\"0.000\">\n"
            xml += "      <error message=\"\(attribute(unfinished.message))\" type=\"\(unfinished.type)\">"
            xml += text(([unfinished.message] + unfinished.details).joined(separator: "\n")) + "</error>\n    </testcase>\n"
        }
        // The findings to act on first, in the order every report uses; CI shows them in it.
        for finding in ReportFacts.ordered(diff) {
            let phase = ReportFacts.phase(of: finding.probe, in: catalog)
            xml += testcase(finding, document: document, classname: phase, name: names.unique(phase, finding.probe.rawValue))
        }
        xml += "  </testsuite>\n"
        xml += "</testsuites>\n"
        return xml
    }

    /// Why the run has no verdict to pass on: it has not completed (`type` "not-completed"), or
    /// it completed incomplete ("incomplete"). Nil for a run judged ready or not ready. A
    /// document made offline from results (`diff FILE`, no stored run) is judged as it is.
    static func unfinishedRun(_ document: RunReportDocument, catalog: Catalog) -> (type: String, message: String, details: [String])? {
        let diff = document.diff
        if document.run.createdAt != nil && document.run.completedAt == nil {
            let posted = document.results.filter { $0.probe != StepMarker.probe.rawValue }.count
            let waiting = StalledRun.waitingFor(StalledRun.waitingStep(document.results, catalog: catalog))
            let message = posted == 0
                ? "the run has not completed: no result arrived (the page never ran on the device)"
                : "the run has not completed: \(posted) result\(posted == 1 ? "" : "s") so far, \(waiting)"
            return ("not-completed", message, ["no verdict until the device completes the run"] + diff.verdictReasons)
        }
        guard diff.verdict == .incomplete else { return nil }
        let first = diff.verdictReasons.first ?? "a required step has no result"
        return ("incomplete", "the run is incomplete: \(first)", Array(diff.verdictReasons.dropFirst()))
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
            // One confidence for what was detected: the lower of the platform's and the framework's.
            ("confidence", ReportFacts.confidence(detected).rawValue),
        ]
        list.append(("wrapper", detected.wrapper ?? noWrapper))
        // Judged with the untapped tap steps counting (`Diff.overall`): said, as the verdict depends on it.
        if diff.requireTaps { list.append(("requireTaps", "true")) }
        if let label = document.run.label { list.append(("label", label)) }
        if let userAgent = document.run.userAgent { list.append(("userAgent", userAgent)) }
        for (index, reason) in diff.verdictReasons.enumerated() { list.append(("verdictReason.\(index + 1)", reason)) }
        for (key, value) in ReportFacts.metadataPairs(document.run.metadata) { list.append(("metadata.\(key)", value)) }
        for (status, count) in ReportFacts.coverageCounts(diff.coverage) { list.append(("checklist.\(status)", String(count))) }
        return list
    }

    static func testcase(_ finding: Finding, document: RunReportDocument, classname: String, name: String) -> String {
        let latest = document.latestAttempt(for: finding.probe.rawValue)
        let time = (latest?.elapsedMs ?? 0) / 1000
        var xml = "    <testcase classname=\"\(attribute(classname))\" name=\"\(attribute(name))\" time=\"\(format(time))\""
        let details = detailText(finding, platform: document.diff.platform.platform)
        switch finding.verdict {
        case .fail:
            let message = finding.diagnosis ?? finding.observed
            xml += ">\n      <failure message=\"\(attribute(message))\" type=\"\(finding.severity.rawValue)\">"
            // The message again at the top of the body: readers that show only the body lose nothing.
            xml += text(message + "\n" + details) + "</failure>\n    </testcase>\n"
        case .skipped where latest?.status == "skipped" && latest?.reason == Diff.unattendedSkipReason:
            xml += ">\n      <skipped message=\"\(needsOperatorMessage)\">" + text(finding.title + ": " + finding.observed)
            xml += "</skipped>\n    </testcase>\n"
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
        if let layer = finding.layer { lines.append("layer: \(Words.layer(layer))") }
        for (wrapper, fix) in ReportFacts.relevantRemedies(finding.remedy, platform: platform) {
            lines.append(ReportFacts.fixText(wrapper, fix))
        }
        if !finding.checklistItems.isEmpty {
            lines.append("checklist: " + finding.checklistItems.map { id in Checklist.liveform.first { $0.id == id }?.text ?? id }.joined(separator: " · "))
        }
        lines.append("details: " + ReportFacts.detailsText(finding))
        return lines.joined(separator: "\n")
    }

    /// `classname` + `name` pairs already used in the suite; a repeat gets `#2`, `#3`, ….
    struct TestcaseNames {
        private var used: Set<String> = []

        mutating func unique(_ classname: String, _ name: String) -> String {
            var candidate = name
            var index = 1
            while !used.insert(classname + "\u{0}" + candidate).inserted {
                index += 1
                candidate = "\(name) #\(index)"
            }
            return candidate
        }
    }

    static func attribute(_ value: String) -> String { ReportText.xml(value, attribute: true) }
    static func text(_ value: String) -> String { ReportText.xml(value) }
    static func format(_ seconds: Double) -> String { String(printf: "%.3f", seconds) }
}
