import ProbeCatalog
import Testing
@testable import ProbeServer
@testable import ProbeServerTesting

/// The report's questions for the integrator are those of the run's requirement set: the
/// LiveForm `pid` question only under `liveform`.
@Suite struct IntegratorQuestionsTests {
    @Test func ThePidQuestion_IsAskedUnderLiveformOnly() throws {
        let results = ReportFixtures.healthyAndroid()
        let asked = { (set: String) throws -> [String] in
            let diff = try #require(Diff.report(results: results, requirementSet: set, platformOverride: "android-webview"))
            return ReportFacts.integratorQuestions(diff.coverage, platform: .androidWebView).map(\.item.id)
        }
        #expect(try asked("liveform").contains("common.url.pidEncoded"))
        #expect(try !asked("video-only").contains("common.url.pidEncoded"))
    }
}
