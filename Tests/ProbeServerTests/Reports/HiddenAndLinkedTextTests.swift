import Foundation
import ProbeCatalog
import Testing
@testable import ProbeServer
@testable import ProbeServerTesting

/// Device text that hides in invisible characters must show them on a terminal (`wait`,
/// `report`, `serve`'s run line), and device text in `report.md` must link no GitHub issue or
/// pull request (a PR comment that says `org/repo#1` back-references that issue).
@Suite struct HiddenAndLinkedTextTests {
    /// Characters that show nothing: format characters (Cf), Default_Ignorable_Code_Point,
    /// and the line and paragraph separators.
    static let invisible: [UInt32] = [
        0x2028, 0x2029, 0x200B, 0xFEFF, 0x00AD, 0x3164, 0xE0001, 0xE0041, 0xE007F, // named by the red team
        0x200C, 0x200D, 0x2060, 0x2061, 0x2064, 0x180E, 0x034F, 0x115F, 0xFE0F, 0xFFA0, 0x1D173, 0x061C,
    ]

    static func hidden(_ value: UInt32) -> String { "a" + String(Unicode.Scalar(value)!) + "b" }
    static func shown(_ value: UInt32) -> String { "a\\u{" + String(value, radix: 16, uppercase: true) + "}b" }

    /// A label that hides a verdict behind zero-width and tag characters, and references issues.
    static let label = "nightly\u{200B}\u{E0041}\u{2028}verdict: READY\u{FEFF} fixes org/repo#1, #2 and GH-3"

    static func document() -> RunReportDocument {
        let results = ReportFixtures.cameraDenied(errorMessage: label)
        return RunReportDocument(run: ReportFixtures.run(label: label, userAgent: label), report: ReportFixtures.report(results),
                                 results: ReportFixtures.records(results), uploads: [], generatedAt: ReportFixtures.created + 100)
    }

    @Test func TerminalText_ShowsEveryInvisibleCharacterEscaped() {
        for value in Self.invisible {
            #expect(ReportText.terminal(Self.hidden(value)) == Self.shown(value), "U+\(String(value, radix: 16))")
        }
        // What shows stays as it was sent: accents, other scripts, a visible emoji.
        for text in ["naïve café", "Pixel 8 · שלום · 한국어 · ok", "📱 phone", "a b\u{A0}c"] {
            #expect(ReportText.terminal(text) == text)
        }
    }

    @Test func TerminalReport_OfReportAndWait_ShowsInvisibleDeviceTextEscaped() {
        let text = RunReports.text(Self.document())
        #expect(text.contains("nightly\\u{200B}\\u{E0041}\\u{2028}verdict: READY\\u{FEFF}"), "\(text)")
        for value: UInt32 in [0x200B, 0xE0041, 0x2028, 0xFEFF] {
            #expect(!text.unicodeScalars.contains(Unicode.Scalar(value)!), "U+\(String(value, radix: 16))")
        }
    }

    @Test func ServeRunLine_ShowsInvisibleDeviceTextEscaped() {
        let run = JudgedRun(id: "r1", label: Self.label, platform: "Android\u{2029}14", verdict: .notReady, reason: Self.label)
        let line = run.line(reportURL: "https://probe.local/runs/r1")
        #expect(line.contains("nightly\\u{200B}\\u{E0041}\\u{2028}verdict:") && line.contains("Android\\u{2029}14"), "\(line)")
        for value: UInt32 in [0x200B, 0xE0041, 0x2028, 0x2029, 0xFEFF] {
            #expect(!line.unicodeScalars.contains(Unicode.Scalar(value)!), "U+\(String(value, radix: 16))")
        }
    }

    @Test func MarkdownText_LinksNoIssueReference_ByHashOrgRepoOrGH() {
        #expect(ReportText.markdown("#123") == "&#35;123")
        #expect(ReportText.markdown("org/repo#123") == "org/repo&#35;123")
        #expect(ReportText.markdown("GH-123 gh-7") == "GH\u{2060}-123 gh\u{2060}-7")
        #expect(ReportText.markdown("GH-x and e-mail") == "GH-x and e-mail")
        // Invisible characters show in Markdown too.
        #expect(ReportText.markdown("a\u{200B}b") == "a\\u{200B}b")
    }

    @Test func MarkdownReport_LinksNoIssueReferenceFromDeviceText_AndKeepsTheCatalogsLinks() {
        let markdown = RunReports.markdown(Self.document())
        #expect(markdown.contains("org/repo&#35;1") && markdown.contains("&#35;2") && markdown.contains("GH\u{2060}-3"), "\(markdown)")
        for reference in ["repo#1", " #2", "GH-3"] {
            #expect(!markdown.contains(reference), "\(reference)")
        }
        #expect(markdown.contains("[Documentation](https://"))
    }
}
