import Foundation
import Testing
@testable import ProbeServer
@testable import ProbeHTTPTesting
@testable import ProbeServerTesting

/// The reports as each CI reads them, written by `wait`: its `--out`, `--junit DIR/` and
/// `--github` against a real server.
@Suite struct CIConventionsTests {
    // MARK: wait

    @Test func Wait_WithOut_WritesEveryFormatIntoOneFolder_AndExitsWithTheVerdict() async throws {
        let server = try TestServer(router: CLITestAPI.router())
        let url = "http://127.0.0.1:\(server.port)"
        let directory = TLSTestSupport.temporaryDirectory()
        defer { TLSTestSupport.remove(directory) }
        let out = "\(directory)/artifacts/probe"
        let output = try await TLSTestSupport.onThread {
            try CLITests.run(["wait", "failing-run", "--server", url, "--timeout", "20", "--out", out, "--quiet"])
        }
        #expect(output.status == 1, "\(output.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(files == ["TEST-probe-server.xml", "report.css", "report.html", "report.json", "report.md"])
        let (status, summary, stderr) = try ReportChecker.check("junit", try String(contentsOfFile: "\(out)/TEST-probe-server.xml", encoding: .utf8))
        #expect(status == 0 && summary["failures"] as? Int ?? 0 > 0, "\(stderr)")
        let html = try String(contentsOfFile: "\(out)/report.html", encoding: .utf8)
        #expect(html.contains("href=\"report.css\"") && !html.contains(ReportStyles.path))
        let document = try RunReportDocument.decode(Array(try Data(contentsOf: URL(fileURLWithPath: "\(out)/report.json"))))
        #expect(document.run.id == "failing-run")
        #expect(try String(contentsOfFile: "\(out)/report.md", encoding: .utf8).hasPrefix("### ❌ probe-server"))
    }

    @Test func Wait_JUnitIntoAFolder_IsNamedForAzure() async throws {
        let server = try TestServer(router: CLITestAPI.router())
        let url = "http://127.0.0.1:\(server.port)"
        let directory = TLSTestSupport.temporaryDirectory()
        defer { TLSTestSupport.remove(directory) }
        let output = try await TLSTestSupport.onThread {
            try CLITests.run(["wait", "ready-run", "--server", url, "--timeout", "20", "--junit", directory + "/", "--quiet"])
        }
        #expect(output.status == 0, "\(output.stderr)")
        #expect(FileManager.default.fileExists(atPath: "\(directory)/TEST-probe-server.xml"))
    }

    @Test func Wait_InGitHubActions_AppendsTheSummaryAndAnnotatesEachFinding() async throws {
        let server = try TestServer(router: CLITestAPI.router())
        let url = "http://127.0.0.1:\(server.port)"
        let directory = TLSTestSupport.temporaryDirectory()
        defer { TLSTestSupport.remove(directory) }
        let summary = "\(directory)/step_summary.md"
        try Data("earlier step\n".utf8).write(to: URL(fileURLWithPath: summary))
        let environment = ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary]
        let failing = try await TLSTestSupport.onThread {
            try CLITests.run(["wait", "failing-run", "--server", url, "--timeout", "20", "--quiet"], environment: environment)
        }
        #expect(failing.status == 1, "exit code stays the verdict: \(failing.stderr)")
        let errors = failing.stdout.split(separator: "\n").filter { $0.hasPrefix("::error title=") }
        let expected = ReportFixtures.report(ReportFixtures.cameraDenied()).findings.filter { $0.verdict == .fail }.count
        #expect(errors.count == expected && expected > 0, "\(failing.stdout)")
        #expect(errors.contains { $0.contains("camera.getUserMedia") })
        // Commands are off from the first line, and on again only for the annotations.
        let lines = failing.stdout.split(separator: "\n")
        let stop = lines.first ?? ""
        #expect(stop.hasPrefix("::stop-commands::probe-server-"), "\(failing.stdout)")
        let resume = lines.firstIndex(of: "::\(stop.dropFirst("::stop-commands::".count))::")
        #expect(resume.map { lines[($0 + 1)...].allSatisfy { $0.hasPrefix("::error ") || $0.hasPrefix("::warning ") } } == true)
        let text = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(text.hasPrefix("earlier step\n### ❌ probe-server"), "appended, never replaced")

        // Outside GitHub Actions nothing is annotated unless asked with --github.
        let plain = try await TLSTestSupport.onThread {
            try CLITests.run(["wait", "failing-run", "--server", url, "--timeout", "20", "--quiet"])
        }
        #expect(plain.status == 1 && !plain.stdout.contains("::error"))
        let asked = try await TLSTestSupport.onThread {
            try CLITests.run(["wait", "ready-run", "--server", url, "--timeout", "20", "--quiet", "--github"],
                             environment: ["GITHUB_STEP_SUMMARY": summary])
        }
        #expect(asked.status == 0 && !asked.stdout.contains("::error"), "\(asked.stdout)")
        #expect(try String(contentsOfFile: summary, encoding: .utf8).contains("### ✅ probe-server"))
    }
}
