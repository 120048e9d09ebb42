import Testing
@testable import ProbeCatalog

/// The first fix a report shows is the one that unblocks the flow.
@Suite struct TopRemedyTests {
    @Test func DeniedCamera_ComesBeforeABlockedThirdPartyCookie_AtTheSameSeverity() throws {
        var results = Run.healthy(.androidWebView, replacing: "camera.getUserMedia",
                                  with: ["outcome": "error", "errorName": "NotAllowedError", "elapsedMs": 12, "promptShown": false])
        results = results.filter { $0.probe != "cookie.thirdParty" }
            + [Run.result("cookie.thirdParty", ["frameLoaded": true, "set": true, "readBack": false])]
        let report = Run.report(.androidWebView, results)
        let camera = try #require(report.finding("camera.getUserMedia"))
        let cookie = try #require(report.finding("cookie.thirdParty"))
        #expect(camera.verdict == .fail && cookie.verdict == .fail)
        let ids = report.topRemedies.map(\.probe)
        #expect(ids.contains("camera.getUserMedia") && ids.contains("cookie.thirdParty"), "\(ids)")
        if camera.severity == cookie.severity {
            #expect(ids.firstIndex(of: "camera.getUserMedia")! < ids.firstIndex(of: "cookie.thirdParty")!)
        } else {
            #expect(camera.severity > cookie.severity)
        }
        #expect(ids.first == "camera.getUserMedia")
    }

    @Test func AThirdPartyCookieDegradesTheFlow_ItDoesNotBlockIt() {
        #expect(Catalog.standard.probes.filter(\.blocksFlow).count == Expected.all.filter(\.blocksFlow).count)
        #expect(!Catalog.standard.probes.first { $0.id == "cookie.thirdParty" }!.blocksFlow)
    }
}
