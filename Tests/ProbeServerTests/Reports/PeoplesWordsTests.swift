import Foundation
@testable import ProbeCatalog
import Testing
@testable import ProbeServer
@testable import ProbeHTTP
@testable import ProbeServerTesting

/// Where a person reads, findings, wrappers and platforms are named by their titles: raw ids
/// (probe ids, cause ids, wrapper and platform raw values) are in the JSON and in the one
/// "details" line each finding has. What was detected carries one confidence, in words.
@Suite struct PeoplesWordsTests {
    static let document = ReportFixtures.document(ReportFixtures.cameraDenied())

    /// Every raw id a report could leak: the catalog's probe ids, the cause ids of the run's
    /// findings, wrapper and platform raw values that are not also their own titles.
    static var rawIDs: [String] {
        let causes = document.diff.findings.flatMap { $0.causes.map(\.id) }
        let wrappers = ProbeCatalog.Wrapper.allCases.filter { !$0.title.contains($0.rawValue) }.map(\.rawValue)
        let platforms = Platform.allCases.filter { !$0.title.lowercased().contains($0.rawValue) }.map(\.rawValue)
        return Catalog.standard.probes.map(\.id.rawValue) + causes + wrappers + platforms
    }

    static func leaks(_ text: String) -> [String] {
        rawIDs.filter { id in
            // A whole id, not a part of a longer one or of a word.
            var rest = Substring(text)
            while let range = rest.range(of: id) {
                let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
                let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
                let edge: (Character?) -> Bool = { c in c.map { !($0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_") } ?? true }
                if edge(before), edge(after) { return true }
                rest = text[range.upperBound...]
            }
            return false
        }
    }

    /// The text of a page a person sees: no tags, no attributes, and without the details lines.
    static func visible(_ html: String, dropping marker: String = "<p class=\"details sub\">") -> String {
        var text = html
        // Code to paste is code: a Cordova fix may well say `cordova`.
        for (open, close) in [(marker, "</p>"), ("<pre>", "</pre>")] {
            while let start = text.range(of: open), let end = text[start.upperBound...].range(of: close) {
                text.removeSubrange(start.lowerBound..<end.upperBound)
            }
        }
        var out = ""
        var inTag = false
        for c in text {
            if c == "<" { inTag = true } else if c == ">" { inTag = false; out.append(" ") } else if !inTag { out.append(c) }
        }
        return out.replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    }

    @Test func ReportPage_NamesFindingsByTitle_IdsOnlyInTheDetailsLine() {
        let html = RunReportPage.html(Self.document)
        let visible = Self.visible(html)
        for id in Self.leaks(visible) {
            let at = visible.range(of: id)!
            let from = visible.index(at.lowerBound, offsetBy: -80, limitedBy: visible.startIndex) ?? visible.startIndex
            Issue.record("\(id) in: …\(visible[from..<at.upperBound])")
        }
        #expect(html.contains("<p class=\"details sub\">Details: probe <span class=\"mono\">camera.getUserMedia</span> · causes <span class=\"mono\">android.camera.no-permission-handler</span>"))
        #expect(html.components(separatedBy: "<p class=\"details sub\">").count - 1 == ReportFacts.leading(Self.document.diff).count, "one details line per finding")
    }

    @Test func TerminalMarkdownAndJUnit_NameFindingsByTitle_IdsOnlyInTheDetailsLine() {
        let terminal = RunReports.text(Self.document, style: .plain).split(separator: "\n")
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("details:") }
        // A details line wraps under its label: its continuation lines start at the field indent.
        let prose = terminal.filter { !$0.hasPrefix(TerminalReport.fieldIndent) }.joined(separator: "\n")
        #expect(Self.leaks(prose).isEmpty, "terminal: \(Self.leaks(prose))\n\(prose)")
        let markdown = RunReports.markdown(Self.document).split(separator: "\n").filter { !$0.hasPrefix("_Details: ") }.joined(separator: "\n")
        #expect(Self.leaks(markdown).isEmpty, "markdown: \(Self.leaks(markdown))")
        let xml = RunReports.junit(Self.document)
        let failures = xml.components(separatedBy: "<failure message=\"").dropFirst().map { $0.components(separatedBy: "</failure>")[0] }
        #expect(!failures.isEmpty)
        for failure in failures {
            let read = failure.split(separator: "\n").filter { !$0.hasPrefix("details: ") }.joined(separator: "\n")
            #expect(Self.leaks(read).isEmpty, "junit: \(Self.leaks(read))\n\(read)")
            #expect(failure.contains("\ndetails: probe "))
        }
    }

    @Test func RunMatrix_NamesPlatformsAndTheLeadingFindingInWords() {
        var run = ReportFixtures.run()
        run.id = "a-run"
        let html = RunMatrixPage.html(rows: [RunMatrixRow(run: run, report: ReportFixtures.report(ReportFixtures.cameraDenied()))], filter: RunMatrixFilter())
        // The filter's option values are ids a form sends; the words are what a person reads.
        let table = String(html[html.range(of: "<table class=\"matrix\">")!.lowerBound...])
        #expect(Self.leaks(Self.visible(table)).isEmpty, "\(Self.leaks(Self.visible(table)))")
        let reason = Self.visible(html.components(separatedBy: "<span class=\"reason\">")[1].components(separatedBy: "</span>")[0])
        #expect(reason.hasPrefix("Camera access failed: "), "\(reason)")
        #expect(reason.count <= "Camera access failed: ".count + RunMatrixPage.shortReasonLimit + 2, "a short reason: \(reason)")
    }

    /// One confidence for what was detected, the lower of the platform's and the framework's.
    @Test func Detection_HasOneConfidence_TheLowerOfTheTwo() {
        var detected = Self.document.diff.platform
        detected.confidence = .high
        detected.wrapperDetection = WrapperDetection(wrapper: .cordova, confidence: .low, evidence: ["cordova.js"])
        #expect(ReportFacts.confidence(detected) == .low)
        let summary = ReportFacts.platformSummary(detected)
        #expect(summary.hasSuffix("· Cordova · detected with low confidence"), "\(summary)")
        #expect(summary.components(separatedBy: "confidence").count == 2, "one confidence: \(summary)")
        detected.wrapperDetection = nil
        #expect(ReportFacts.platformSummary(detected).hasSuffix("detected with high confidence"))

        let html = RunReportPage.html(Self.document)
        let device = html.components(separatedBy: "<section id=\"device\">")[1].components(separatedBy: "</section>")[0]
        #expect(device.components(separatedBy: "confidence").count == 2, "one confidence in the device section: \(device)")
        let terminal = RunReports.text(Self.document, style: .plain)
        let platformLine = terminal.components(separatedBy: "  profile:")[0]
        #expect(platformLine.components(separatedBy: "confidence").count == 2, "\(platformLine)")
        #expect(platformLine.contains("platform:  Android WebView: "), "\(platformLine)")
        let xml = RunReports.junit(Self.document)
        #expect(xml.contains("<property name=\"confidence\" value=\"\(ReportFacts.confidence(Self.document.diff.platform).rawValue)\"/>"))
        #expect(!xml.contains("platformConfidence"))
    }

    /// The questions only the integrator can answer are not asked on the phone: the report's
    /// checklist lists them as open items.
    @Test func IntegratorQuestions_AreOpenItemsInTheReportsChecklist() {
        let html = RunReportPage.html(Self.document)
        let checklist = html.components(separatedBy: "<section id=\"checklist\">")[1].components(separatedBy: "</section>")[0]
        #expect(checklist.contains("<h3 id=\"integrator-questions\">For the integrator to answer</h3>"))
        #expect(checklist.contains("<li><strong>Does the app pass pid through encodeURIComponent"), "\(checklist)")
        #expect(checklist.contains("<span class=\"badge c-unconfirmed\">open</span>"))
        let markdown = RunReports.markdown(Self.document)
        #expect(markdown.contains("**For the integrator to answer** (the phone does not ask):\n- Does the app pass pid through encodeURIComponent"))
    }
}
