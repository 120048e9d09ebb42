import Testing
@testable import ProbeCatalog

/// env.viewport: a page spanning the whole screen with no safe-area inset sits under the system
/// bars (Android 15 drawing the app edge to edge, or bars the app hid) or, on a notched iPhone,
/// under the status bar; a viewport tag the host added replaces the page's.
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

    @Test func WholeScreenWithAnInset_OrABrowser_OrAnIPhoneWithoutNotch_IsFine() {
        var inset = Self.wholeScreen.observed
        inset["safeAreaTop"] = 24
        #expect(Run.report(.androidWebView, [Run.result("env.viewport", inset)], osVersion: "15").finding("env.viewport")?.verdict == .pass)
        #expect(Run.report(.iosWKWebView, [Run.result("env.viewport", inset)]).finding("env.viewport")?.verdict == .pass)
        // An iPhone 8's 667-point screen has no notch: nothing is under the status bar's inset.
        let noNotch = Run.result("env.viewport", ["innerWidth": 375, "innerHeight": 667, "screenWidth": 375, "screenHeight": 667, "heightRatio": 1.0,
                                                  "safeAreaTop": 0, "safeAreaBottom": 0])
        #expect(Run.report(.iosWKWebView, [noNotch]).finding("env.viewport")?.verdict == .pass)
        #expect(Run.report(.iosSafari, [Self.notchedWholeScreen]).finding("env.viewport")?.verdict != .warn)
        #expect(Run.report(.androidWebView, [Run.result("env.viewport", ["heightRatio": 0.93, "safeAreaTop": 0, "safeAreaBottom": 0])], osVersion: "15").finding("env.viewport")?.verdict == .pass)
    }

    static let notchedWholeScreen = Run.result("env.viewport", [
        "innerWidth": 393, "innerHeight": 852, "screenWidth": 393, "screenHeight": 852, "heightRatio": 1.0,
        "safeAreaTop": 0, "safeAreaBottom": 0, "orientation": "portrait-primary", "viewportTags": 1, "viewportFitCover": true,
    ])

    /// WKWebView reports the insets only where the page spans them: the whole of a notched
    /// iPhone's screen with none is a page under the status bar, whose causes are the rows of the
    /// scroll view's inset adjustment (Capacitor's contentInset here).
    @Test func WholeNotchedIPhoneScreenWithoutInsets_InAnApp_WarnsAndNamesTheScrollViewsInsetSetting() throws {
        let app = CorpusCase("a Capacitor app under the status bar", wrapper: "Capacitor", .iosWKWebView, probe: "env.viewport",
                             top: "capacitor.contentInset", detected: .capacitor, [Self.notchedWholeScreen, Posted.bridges(["Capacitor"])])
        let finding = try #require(app.finding())
        #expect(finding.verdict == .warn)
        #expect(finding.causes.leading.map(\.id).contains("capacitor.contentInset"), "\(finding.causes.map(\.id))")
        #expect(finding.diagnosis?.contains("status bar") == true)
        // Landscape puts the insets at the sides, which the page does not measure.
        var landscape = Self.notchedWholeScreen.observed
        landscape["innerWidth"] = 852
        landscape["innerHeight"] = 393
        #expect(Run.report(.iosWKWebView, [Run.result("env.viewport", landscape)]).finding("env.viewport")?.verdict != .warn)
    }

    /// A viewport tag in effect without the page's viewport-fit=cover is the host's; the rows of
    /// the wrappers that add one (webview_flutter's enableZoom, flutter_inappwebview's supportZoom)
    /// name it, and an embedded WebView still fails first.
    @Test func AViewportTagTheHostAdded_Warns_AndNamesTheWrappersZoomSetting() throws {
        let replaced = Run.result("env.viewport", [
            "innerWidth": 390, "innerHeight": 763, "screenWidth": 390, "screenHeight": 844, "heightRatio": 0.904,
            "safeAreaTop": 0, "safeAreaBottom": 0, "viewportTags": 2, "viewportFitCover": false,
            "viewportContent": "width=device-width, initial-scale=1.0, maximum-scale=1.0, user-scalable=no",
        ])
        let flutter = CorpusCase("webview_flutter with zoom off", wrapper: "webview_flutter", .iosWKWebView, probe: "env.viewport",
                                 top: "webview_flutter.enableZoom", detected: .webviewFlutter, [replaced])
        let finding = try #require(flutter.finding())
        #expect(finding.verdict == .warn)
        #expect(finding.causes.leading.map(\.id).contains("webview_flutter.enableZoom"), "\(finding.causes.map(\.id))")
        #expect(finding.diagnosis?.contains("user-scalable=no") == true)
        let inApp = CorpusCase("flutter_inappwebview with zoom off", wrapper: "flutter_inappwebview", .iosWKWebView, probe: "env.viewport",
                               top: "flutter_inappwebview.supportZoomViewportTag", detected: .flutterInAppWebView, [replaced])
        #expect(try #require(inApp.finding()).causes.contains { $0.id == "flutter_inappwebview.supportZoomViewportTag" })
        // The page's own tag in effect, or a browser: nothing to say.
        var own = replaced.observed
        own["viewportTags"] = 1
        own["viewportFitCover"] = true
        #expect(Run.report(.iosWKWebView, [Run.result("env.viewport", own)]).finding("env.viewport")?.verdict == .pass)
        #expect(Run.report(.iosSafari, [replaced]).finding("env.viewport")?.verdict != .warn)
        var embedded = replaced.observed
        embedded["heightRatio"] = 0.5
        #expect(Run.report(.iosWKWebView, [Run.result("env.viewport", embedded)]).finding("env.viewport")?.verdict == .fail)
    }
}
