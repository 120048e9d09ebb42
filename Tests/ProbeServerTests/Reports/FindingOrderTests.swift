import Foundation
@testable import ProbeCatalog
import Testing
@testable import ProbeServer
@testable import ProbeServerTesting

/// One order everywhere: a run whose camera was denied and whose third-party cookie was
/// blocked (both high) names the camera first on every surface, since a denied camera stops
/// the identity-verification flow and a blocked cookie only degrades it.
@Suite struct FindingOrderTests {
    static func deniedCameraAndBlockedCookie() -> RunReportDocument {
        let results = ReportFixtures.cameraDenied().map { result -> ProbeResult in
            guard result.probe == "cookie.thirdParty" else { return result }
            return ReportFixtures.result("cookie.thirdParty", ["frameLoaded": true, "set": true, "readBack": false], status: .fail)
        }
        return ReportFixtures.document(results)
    }

    static func firstIndex(_ text: String, _ needles: [String]) -> [Int] {
        needles.map { text.range(of: $0).map { text.distance(from: text.startIndex, to: $0.lowerBound) } ?? Int.max }
    }

    @Test func DeniedCamera_IsFirstBeforeTheBlockedCookie_OnEverySurface() throws {
        let document = Self.deniedCameraAndBlockedCookie()
        let diff = document.diff
        let camera = try #require(diff.findings.first { $0.probe == "camera.getUserMedia" })
        let cookie = try #require(diff.findings.first { $0.probe == "cookie.thirdParty" })
        #expect(camera.verdict == .fail && cookie.verdict == .fail)
        #expect(camera.severity == cookie.severity, "the tie the flow-blocker rule breaks")
        #expect(camera.rank == 1, "rank of the camera: \(String(describing: camera.rank))")
        #expect((cookie.rank ?? 0) > 1)
        #expect(diff.topRemedies.first?.probe == "camera.getUserMedia")
        #expect(ReportFacts.actionable(diff).first?.probe == "camera.getUserMedia")
        // The verdict's reason names the steps in the same order.
        let reason = try #require(diff.verdictReasons.first)
        let inReason = Self.firstIndex(reason, [camera.title, cookie.title])
        #expect(inReason[0] < inReason[1], "\(reason)")
        for (surface, text) in [
            ("terminal", TerminalReport.render(document, style: .plain)),
            ("markdown", MarkdownReport.render(document)),
            ("junit", JUnitReport.render(document)),
            ("html", RunReportPage.html(document)),
        ] {
            let at = Self.firstIndex(text, surface == "junit" ? ["camera.getUserMedia", "cookie.thirdParty"] : [camera.title, cookie.title])
            #expect(at[0] < at[1], "\(surface): the camera is not before the cookie")
        }
    }

    @Test func Rank_SurvivesTheReportsJSON() throws {
        let document = Self.deniedCameraAndBlockedCookie()
        let decoded = try RunReportDocument.decode(Array(document.jsonText().utf8))
        #expect(decoded.diff.findings.map(\.rank) == document.diff.findings.map(\.rank))
        #expect(decoded.diff.findings.compactMap(\.rank).sorted() == Array(1...decoded.diff.findings.compactMap(\.rank).count))
    }
}
