import Foundation
import ProbeCatalog
import Testing
@testable import ProbeServer
@testable import probe_server
@testable import ProbeServerTesting

/// Device text in CI output is data: the GitHub Actions runner must find no workflow command
/// in it (a line that starts with `::` once leading whitespace is trimmed, or `##[` anywhere:
/// actions/runner ActionCommand.cs), and GitHub must find no autolink in the Markdown report.
@Suite struct WorkflowCommandTextTests {
    /// What a device sends to forge commands and plant links: each of its lines would be a
    /// command if it reached the start of a log line, and each URL a link in a PR comment.
    static let forged = "ok ::notice title=forged::pwned ::stop-commands::x ##[set-output name=a]b :: ::warning::w "
        + "see https://evil.example/x HTTP://evil.example/y www.evil.example WWW.evil.example victim@evil.example"

    /// Would the runner read `line` as a workflow command? (TryParseV2, then legacy TryParse.)
    static func isWorkflowCommand(_ line: Substring) -> Bool {
        line.drop { $0.isWhitespace }.hasPrefix("::") || line.contains("##[")
    }

    static func forgingDocument() -> RunReportDocument {
        var results = ReportFixtures.cameraDenied(errorMessage: forged)
        results.append(ReportFixtures.result("::notice::probe", ["x": .string(forged)]))
        let report = ReportFixtures.report(results)
        return RunReportDocument(run: ReportFixtures.run(label: forged, userAgent: forged), report: report,
                                 results: ReportFixtures.records(results), uploads: [],
                                 generatedAt: ReportFixtures.created + 100)
    }

    @Test func TerminalText_LeavesNoWorkflowCommandKeyInDeviceText() {
        let text = ReportText.terminal(Self.forged)
        #expect(!text.contains("::") && !text.contains("##["), "\(text)")
        // Invisible: without the joiners the text is what was sent.
        #expect(text.replacingOccurrences(of: "\u{2060}", with: "") == Self.forged)
        #expect(ReportText.terminal("fe80::1") == "fe80:\u{2060}:1")
        #expect(ReportText.terminal(":::") == ":\u{2060}:\u{2060}:")
        #expect(ReportText.terminal("a ##[b") == "a ##\u{2060}[b")
        #expect(ReportText.terminal("plain text") == "plain text")
        #expect(ReportText.terminal("# [x] #[y]") == "# [x] #[y]")
    }

    @Test func TerminalReport_WrappedDeviceText_StartsNoLineWithACommand() {
        let text = RunReports.text(Self.forgingDocument())
        #expect(text.contains("pwned"), "the device text is shown, as data")
        for line in text.split(separator: "\n") {
            #expect(!Self.isWorkflowCommand(line), "\(line)")
        }
    }

    @Test func VerdictLine_WrappedDeviceReason_StartsNoLineWithACommand() {
        let run = JudgedRun(id: "r1", label: Self.forged, platform: "::ios 17", verdict: .notReady, reason: Self.forged)
        for width in [20, 40, 80] {
            for line in run.line(reportURL: "https://probe.local/runs/r1", width: width).split(separator: "\n") {
                #expect(!Self.isWorkflowCommand(line), "\(width): \(line)")
            }
        }
    }

    @Test func MarkdownText_BreaksURLWwwAndEmailAutolinks() {
        let text = ReportText.markdown(Self.forged)
        #expect(!text.contains("://") && !text.lowercased().contains("www."), "\(text)")
        #expect(text.contains("victim@\u{2060}evil.example"))
        #expect(text.contains("https:\u{2060}//evil.example/x") && text.contains("www\u{2060}.evil.example"))
        #expect(ReportText.markdown("awww.") == "awww\u{2060}.")
    }

    @Test func MarkdownReport_HasNoAutolinkFromDeviceText_AndKeepsTheCatalogsLinks() {
        let markdown = RunReports.markdown(Self.forgingDocument())
        #expect(markdown.contains("pwned"))
        for planted in ["://evil", "www.evil", "WWW.evil", "@evil"] {
            #expect(!markdown.contains(planted), "\(planted)")
        }
        // The catalog's documentation and cause sources stay links, written as links.
        #expect(markdown.contains("[Documentation](https://"))
        #expect(markdown.contains("Sources: [") && !markdown.contains("Sources: https:"))
    }

    @Test func Annotations_EscapeDeviceTextByGitHubsRules() {
        let annotations = RunReports.githubAnnotations(Self.forgingDocument())
        let lines = annotations.split(separator: "\n")
        #expect(!lines.isEmpty)
        for line in lines {
            #expect(line.hasPrefix("::error title=") || line.hasPrefix("::warning title="), "\(line)")
            // One command per line: the message's own `::` come after the first separator.
            let afterTitle = line.drop { $0 != "=" }.dropFirst()
            let separator = afterTitle.range(of: "::")!
            #expect(!afterTitle[..<separator.lowerBound].contains(":") && !afterTitle[..<separator.lowerBound].contains(","))
        }
    }

    @Test func CommandPause_TokenIsRandomHexPerRun_AndTheLinesAreGitHubs() throws {
        let first = GitHubStep.CommandPause(), second = GitHubStep.CommandPause()
        #expect(first.token != second.token)
        let hex = first.token.dropFirst("probe-server-".count)
        #expect(first.token.hasPrefix("probe-server-") && hex.count == 2 * GitHubStep.CommandPause.tokenBytes)
        #expect(hex.allSatisfy { $0.isHexDigit })
        #expect(first.stopLine == "::stop-commands::\(first.token)\n")
        #expect(first.resumeLine == "::\(first.token)::\n")
    }
}
