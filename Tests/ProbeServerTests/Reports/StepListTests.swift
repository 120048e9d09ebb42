import ProbeCatalog
import Testing
@testable import ProbeServer

/// The live step list of `probe-server try`: one line per result, once, escaped, in 80 columns.
@Suite struct StepListTests {
    static func result(_ probe: String, _ status: String, reason: String? = nil, attempt: Int = 1) -> RunView.ResultSummary {
        RunView.ResultSummary(probe: probe, attempt: attempt, status: status, reason: reason, elapsedMs: 3)
    }

    @Test func EachResult_IsOneLineWithItsSymbolTitleAndReason_PrintedOnce() throws {
        var steps = StepList()
        let title = try #require(Catalog.standard.probes.first { $0.id == "storage.relaunch" }?.title)
        let first = steps.newLines([Self.result("env.script", "pass"), Self.result("storage.relaunch", "skipped", reason: "needs-operator")])
        #expect(first == ["✓ JavaScript runs", "– \(title) — needs a person: the run is unattended"])
        // The next read of the run has the same results and one more: only the new one is printed.
        let second = steps.newLines([Self.result("env.script", "pass"), Self.result("storage.relaunch", "skipped", reason: "needs-operator"),
                                     Self.result("env.script", "fail", attempt: 2)])
        #expect(second == ["✗ JavaScript runs (attempt 2)"])
        #expect(steps.count == 3)
    }

    @Test func StepStartedMarkers_AreNotSteps() {
        var steps = StepList()
        let lines = steps.newLines([Self.result(StepMarker.probe.rawValue, "info"), Self.result("camera.getUserMedia", "pass")])
        #expect(lines.count == 1 && lines[0].hasPrefix("✓ "))
    }

    @Test func TextFromTheServer_IsEscapedAndKeptOnOneLine() {
        let steps = StepList()
        let line = steps.line(Self.result("x\u{1B}]0;owned\u{07}", "error", reason: "a\nb\u{1B}[2J"))
        #expect(!line.contains("\u{1B}") && !line.contains("\u{07}") && !line.contains("\n"), "\(line)")
        #expect(line.hasPrefix("! x"))
    }

    @Test func ALongReason_IsCutTo80ColumnsWithAnEllipsis() {
        let line = StepList().line(Self.result("env.script", "skipped", reason: String(repeating: "r", count: 200)))
        #expect(line.count == StepList.defaultWidth)
        #expect(line.hasSuffix("…"))
    }

    @Test func AnUnknownProbe_ShowsItsIdAndAnUnknownStatusAQuestionMark() {
        #expect(StepList().line(Self.result("probe.fromTheFuture", "maybe")) == "? probe.fromTheFuture")
    }
}
