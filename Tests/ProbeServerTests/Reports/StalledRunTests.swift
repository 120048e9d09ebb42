import Foundation
import ProbeCatalog
import Testing
@testable import ProbeServer
@testable import ProbeStore

/// What `wait` and `try` say about a run whose device stopped posting half-way.
@Suite struct StalledRunTests {
    static func attempt(_ probe: String, receivedAt: Date?) -> RunReportDocument.Attempt {
        RunReportDocument.Attempt(probe: probe, attempt: 1, status: "pass", reason: nil, observed: .object([:]),
                                  elapsedMs: 5, at: nil, receivedAt: receivedAt)
    }

    @Test func ARunWithResults_NamesTheLastOneAndTheSilenceSinceFromTheInjectedClock() throws {
        let start = try #require(RFC3339.parse("2026-12-01T09:00:00Z"))
        let results = [Self.attempt("env.script", receivedAt: start),
                       Self.attempt("storage.local", receivedAt: start + 2),
                       Self.attempt("env.platform", receivedAt: start + 1)]
        let stalled = try #require(StalledRun(results: results, now: start + 92.6))
        #expect(stalled.resultCount == 3)
        #expect(stalled.lastProbe == "storage.local")
        #expect(stalled.silentSeconds == 90)
        let text = stalled.explanation(title: "localStorage keeps a value")
        #expect(text.hasPrefix("3 results arrived, the last one (storage.local, localStorage keeps a value) at 2026-12-01T09:00:02"))
        #expect(text.contains("then nothing for 90 s"))
    }

    @Test func ResultsOfOneBatch_NameTheLastInPageOrder() throws {
        let now = Date()
        let results = ["env.script", "env.platform", "env.secureContext"].map { Self.attempt($0, receivedAt: now) }
        #expect(StalledRun(results: results, now: now)?.lastProbe == "env.secureContext")
    }

    @Test func ARunWithNoResult_IsNotAStalledRun() {
        #expect(StalledRun(results: [], now: Date()) == nil)
    }

    @Test func AServerClockAhead_NeverGivesANegativeSilence() throws {
        let now = try #require(RFC3339.parse("2026-12-01T09:00:00Z"))
        let stalled = try #require(StalledRun(results: [Self.attempt("env.script", receivedAt: now + 5)], now: now))
        #expect(stalled.silentSeconds == 0)
        #expect(stalled.explanation(title: nil).hasPrefix("1 result arrived, the last one (env.script) at "))
    }

    @Test func ControlCharactersFromTheServer_AreEscaped() throws {
        let now = Date()
        let stalled = try #require(StalledRun(results: [Self.attempt("x\u{1B}[2Jy", receivedAt: now)], now: now))
        #expect(!stalled.explanation(title: "t\u{07}").contains("\u{1B}"))
        #expect(!stalled.explanation(title: "t\u{07}").contains("\u{07}"))
    }
}
