import Foundation
import ProbeCatalog
import Testing
@testable import ProbeServer
import TestSupport
@testable import ProbeHTTPTesting
@testable import ProbeServerTesting

/// The reports as each CI reads them: JUnit valid against Jenkins' schema and parsed by
/// junitparser the way GitLab and Azure use it, and GitHub's workflow commands (`wait`'s
/// `--out`, `--junit DIR/` and `--github`: ProbeServerCLITests).
@Suite struct CIConventionsTests {
    static let schema = Repository.file("Tests/reports/junit-10.xsd").path

    static let documents: [(String, RunReportDocument)] = [
        ("not-ready", ReportFixtures.document(ReportFixtures.cameraDenied())),
        ("unattended", ReportFixtures.document(ReportFixtures.unattended())),
        ("taps required", ReportFixtures.document(ReportFixtures.unattended(), requireTaps: true)),
        ("not completed", ReportFixtures.openDocument(first: 3)),
        ("ready", ReportFixtures.document(ReportFixtures.healthyAndroid())),
        ("hostile", ReportFixtures.hostileDocument()),
    ]

    static func validate(_ xml: String) throws -> TLSTestSupport.Output {
        let directory = TLSTestSupport.temporaryDirectory()
        defer { TLSTestSupport.remove(directory) }
        let path = "\(directory)/\(RunReports.junitFileName)"
        try Data(xml.utf8).write(to: URL(fileURLWithPath: path))
        return try TLSTestSupport.run("xmllint", ["--noout", "--schema", schema, path])
    }

    // MARK: JUnit

    @Test func JUnit_IsValidAgainstJenkinsJUnitSchema() throws {
        for (name, document) in Self.documents {
            let output = try Self.validate(RunReports.junit(document))
            #expect(output.status == 0, "\(name): \(output.stderr)")
        }
        // The schema is really applied: an attribute it does not allow is refused.
        let invalid = RunReports.junit(Self.documents[0].1).replacingOccurrences(of: "<testsuites ", with: "<testsuites skipped=\"1\" ")
        #expect(try Self.validate(invalid).status != 0)
    }

    @Test func JUnit_DefaultFileName_MatchesAzuresTestPattern() {
        #expect(RunReports.junitFileName == "TEST-probe-server.xml")
        #expect(RunReports.junitFileName.hasPrefix("TEST-") && RunReports.junitFileName.hasSuffix(".xml"))
    }

    @Test func JUnit_ClassnameAndNameAreUniquePerTestcase() throws {
        for (name, document) in Self.documents {
            let (status, summary, stderr) = try ReportChecker.check("junit", RunReports.junit(document))
            #expect(status == 0, "\(name): \(stderr)")
            let cases = summary["cases"] as? [[String: Any]] ?? []
            let pairs = cases.map { "\($0["classname"] as? String ?? "")\u{0}\($0["name"] as? String ?? "")" }
            #expect(!pairs.isEmpty && Set(pairs).count == pairs.count, "\(name): a repeated classname+name pair")
        }
        var names = JUnitReport.TestcaseNames()
        #expect(names.unique("camera", "camera.getUserMedia") == "camera.getUserMedia")
        #expect(names.unique("camera", "camera.getUserMedia") == "camera.getUserMedia #2")
        #expect(names.unique("file", "camera.getUserMedia") == "camera.getUserMedia")
    }

    @Test func JUnit_FailureCarriesItsTextInTheBodyAsWellAsTheMessage() throws {
        let (status, summary, stderr) = try ReportChecker.check("junit", RunReports.junit(ReportFixtures.document(ReportFixtures.cameraDenied())))
        #expect(status == 0, "\(stderr)")
        let failures = (summary["cases"] as? [[String: Any]] ?? []).filter { $0["outcome"] as? String == "failure" }
        #expect(!failures.isEmpty)
        for failure in failures {
            let message = try #require(failure["message"] as? String)
            let text = try #require(failure["text"] as? String)
            #expect(!message.isEmpty && text.hasPrefix(message + "\n"), "\(failure)")
            #expect(text.contains("observed: "))
        }
    }

    @Test func JUnit_StepsLeftToAPerson_AreSkippedWithNeedsOperator() throws {
        let document = ReportFixtures.document(ReportFixtures.unattended())
        let (status, summary, stderr) = try ReportChecker.check("junit", RunReports.junit(document))
        #expect(status == 0, "\(stderr)")
        let cases = summary["cases"] as? [[String: Any]] ?? []
        let operatorCases = Set(cases.filter { $0["message"] as? String == "needs operator" }.compactMap { $0["name"] as? String })
        let leftToPerson = Set(document.diff.findings.filter { finding in
            finding.verdict == .skipped && document.latestAttempt(for: finding.probe.rawValue)?.reason == "needs-operator"
        }.map(\.probe.rawValue))
        #expect(!leftToPerson.isEmpty)
        #expect(operatorCases == leftToPerson)
        #expect(cases.filter { operatorCases.contains($0["name"] as? String ?? "") }.allSatisfy { $0["outcome"] as? String == "skipped" })
    }

    /// The outcome a CI viewer shows for a suite: red when anything errored or failed.
    static func isRed(_ summary: [String: Any]) -> Bool {
        (summary["errors"] as? Int ?? 0) + (summary["failures"] as? Int ?? 0) > 0
    }

    @Test func JUnit_RunThatDidNotComplete_IsAnErrorTestcase_SoCIShowsItRed() throws {
        // A `wait` that timed out: every step not run or skipped; without the error, a suite of
        // skips that CI viewers show as passed.
        let document = ReportFixtures.openDocument(first: 3)
        let xml = RunReports.junit(document)
        let (status, summary, stderr) = try ReportChecker.check("junit", xml)
        #expect(status == 0, "\(stderr)")
        #expect(summary["errors"] as? Int == 1)
        #expect(summary["failures"] as? Int == 0)
        #expect(Self.isRed(summary))
        #expect(summary["tests"] as? Int == document.diff.findings.count + 1)
        let cases = summary["cases"] as? [[String: Any]] ?? []
        let errored = cases.filter { $0["outcome"] as? String == "error" }
        #expect(errored.count == 1)
        let error = try #require(errored.first)
        #expect(error["classname"] as? String == "run" && error["name"] as? String == "verdict")
        #expect(error["type"] as? String == "not-completed")
        let message = try #require(error["message"] as? String)
        #expect(message.hasPrefix("the run has not completed: 3 results so far, waiting "), "\(message)")
        // The suite and the file's totals both count it (junit-10.xsd: `errors` on each).
        #expect(xml.contains("<testsuites name=\"probe-server\" tests=\"\(document.diff.findings.count + 1)\" failures=\"0\" errors=\"1\""))
        #expect(try Self.validate(xml).status == 0)
    }

    @Test func JUnit_IncompleteRun_IsAnErrorTestcase_NamingWhy() throws {
        let document = ReportFixtures.document(ReportFixtures.unattended(), requireTaps: true)
        #expect(document.diff.verdict == .incomplete)
        let (status, summary, stderr) = try ReportChecker.check("junit", RunReports.junit(document))
        #expect(status == 0, "\(stderr)")
        #expect(summary["errors"] as? Int == 1)
        let cases = summary["cases"] as? [[String: Any]] ?? []
        // First: the reason CI shows before any step.
        #expect(cases.first?["outcome"] as? String == "error")
        #expect(cases.first?["type"] as? String == "incomplete")
        let message = cases.first?["message"] as? String ?? ""
        #expect(message.hasPrefix("the run is incomplete: 2 steps not tapped (taps required): "), "\(message)")
        #expect((summary["properties"] as? [String: String])?["requireTaps"] == "true")
    }

    @Test func JUnit_ReadyAndNotReadyRuns_HaveNoErrorTestcase() throws {
        for document in [ReportFixtures.document(ReportFixtures.healthyAndroid()), ReportFixtures.document(ReportFixtures.unattended()),
                         ReportFixtures.document(ReportFixtures.cameraDenied())] {
            let (_, summary, _) = try ReportChecker.check("junit", RunReports.junit(document))
            #expect(summary["errors"] as? Int == 0)
            #expect(summary["tests"] as? Int == document.diff.findings.count)
            #expect(Self.isRed(summary) == (document.diff.verdict == .notReady))
        }
        // A document judged offline from results (`diff FILE`) has no run to complete.
        let offline = RunReportDocument(diff: ReportFixtures.report(ReportFixtures.healthyAndroid()), results: ReportFixtures.healthyAndroid())
        let (_, summary, _) = try ReportChecker.check("junit", RunReports.junit(offline))
        #expect(summary["errors"] as? Int == 0)
    }

    @Test func JUnit_PropertiesNameTheRunPlatformWrapperAndVerdict() throws {
        let (_, summary, _) = try ReportChecker.check("junit", RunReports.junit(ReportFixtures.document(ReportFixtures.cameraDenied())))
        let properties = summary["properties"] as? [String: String] ?? [:]
        #expect(properties["run"] == ReportFixtures.runID)
        #expect(properties["platform"] == "android-webview")
        #expect(properties["verdict"] == "not-ready")
        #expect(properties["wrapper"]?.isEmpty == false, "present even when no wrapper was seen")
    }

    // MARK: GitHub workflow commands

    @Test func GitHubAnnotations_OnePerFailingOrWarningFinding_EscapedSoNoneBreaksOut() throws {
        for (name, document) in Self.documents {
            let text = RunReports.githubAnnotations(document)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            let expected = document.diff.findings.filter { $0.verdict == .fail || $0.verdict == .warn }
            #expect(lines.count == expected.count, "\(name)")
            #expect(!text.contains("\r"), "\(name)")
            for (line, finding) in zip(lines, expected) {
                let command = finding.verdict == .fail ? "::error title=" : "::warning title="
                #expect(line.hasPrefix(command), "\(name): \(line)")
                // title=…::message — the title has no raw `:` or `,`, so the first `::` after it ends it.
                let rest = line.dropFirst(command.count)
                let parts = rest.components(separatedBy: "::")
                #expect(parts.count == 2, "\(name): \(line)")
                #expect(!parts[0].contains(",") && !parts[0].contains(":"))
                #expect(parts[0].removingPercentEncoding?.contains(finding.title) == true, "named by its title")
                #expect(parts[0].removingPercentEncoding?.contains(finding.probe.rawValue) == false, "the id is in the details line")
                #expect(parts[1].removingPercentEncoding?.contains("\ndetails: probe \(finding.probe)") == true)
                #expect(parts[1].removingPercentEncoding?.hasPrefix(finding.diagnosis ?? finding.observed) == true)
            }
        }
        #expect(GitHubAnnotations.data("100%\r\nnext::x") == "100%25%0D%0Anext::x")
        #expect(GitHubAnnotations.property("a:b,c%\n") == "a%3Ab%2Cc%25%0A")
    }
}
