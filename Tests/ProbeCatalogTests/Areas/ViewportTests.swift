import Testing
@testable import ProbeCatalog

/// env.viewport on Android: a page spanning the whole screen with no safe-area inset sits under
/// the system bars when Android 15 draws the app edge to edge, or the app hid the bars.
@Suite struct ViewportTests {
    static let wholeScreen = Run.result("env.viewport", [
        "innerWidth": 412, "innerHeight": 915, "screenWidth": 412, "screenHeight": 915, "heightRatio": 1.0,
        "safeAreaTop": 0, "safeAreaBottom": 0, "orientation": "portrait-primary",
    ])

    @Test func WholeScreenWithoutInsets_OnAndroid15_WarnsOfEdgeToEdge_AndNamesHiddenBarsToo() {
        let report = Run.report(.androidWebView, [Self.wholeScreen], osVersion: "15")
        let finding = report.finding("env.viewport")!
        #expect(finding.verdict == .warn)
        #expect(finding.causes.map(\.id) == ["android.edge-to-edge-unhandled", "app.system-bars-hidden"])
        #expect(finding.remedy?.androidKotlin?.contains("setOnApplyWindowInsetsListener") == true)
    }

    @Test func WholeScreenWithoutInsets_WithTheAndroidVersionUnknown_IsANoteNotAWarning() {
        let report = Run.report(.androidWebView, [Self.wholeScreen], osVersion: "")
        #expect(report.finding("env.viewport")?.verdict == .info)
    }

    @Test func WholeScreenWithAnInset_OrABrowser_OrIOS_IsFine() {
        var inset = Self.wholeScreen.observed
        inset["safeAreaTop"] = 24
        #expect(Run.report(.androidWebView, [Run.result("env.viewport", inset)], osVersion: "15").finding("env.viewport")?.verdict == .pass)
        #expect(Run.report(.iosWKWebView, [Self.wholeScreen]).finding("env.viewport")?.verdict == .pass)
        #expect(Run.report(.androidWebView, [Run.result("env.viewport", ["heightRatio": 0.93, "safeAreaTop": 0, "safeAreaBottom": 0])], osVersion: "15").finding("env.viewport")?.verdict == .pass)
    }
}
