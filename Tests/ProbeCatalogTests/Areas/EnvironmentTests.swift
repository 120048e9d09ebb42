import Testing
@testable import ProbeCatalog

// The environment: what docs/requirements.md expects of each probe of the area (written out
// independently of the catalog, so a wrong expectation cannot pass by agreeing with itself),
// and the diagnoses its evaluators state, each proved by a named test.

extension Expected {
    static let environment: [Expected] = [
        .init("env.script", "RRRRRRR", blocksFlow: true),
        .init("env.platform", "RRRRRRR"),
        .init("env.secureContext", "RRRRRRR", blocksFlow: true),
        .init("env.viewport", "RIRIRRI"),
        .init("env.injected", "IIIIIII"),
    ]
}

@Suite struct EnvironmentDiagnosisTests {
    @Test func OSVersionUnderTheMinimum_FailsWhateverElsePassed() {
        let report = Run.report(.iosWKWebView, Run.healthy(.iosWKWebView), osVersion: "14.8")
        let finding = report.finding("env.platform")!
        #expect(finding.verdict == .fail)
        #expect(finding.diagnosis?.contains("iOS 14.8 is below the minimum iOS 15") == true)
        #expect(report.verdict == .notReady)
        #expect(report.findings.filter { $0.verdict == .fail }.map(\.probe) == ["env.platform"])
    }

    @Test func VersionUnderTheMinimum_IsTheRequirementSetsRule_AndTheOSUpdateItsCause() {
        let ios = Run.report(.iosWKWebView, Run.healthy(.iosWKWebView), osVersion: "14.8").finding("env.platform")!
        #expect(ios.causes.map(\.id) == ["ios.not-updated"])
        #expect(ios.diagnosis?.contains("WebKit is part of iOS and updates only with the OS") == true)
        let engine = Run.report(.androidWebView, Run.healthy(.androidWebView), engineVersion: "96.0.4664.104").finding("env.platform")!
        #expect(engine.causes.map(\.id) == ["android.webview-not-updated"])
        let os = Run.report(.androidWebView, Run.healthy(.androidWebView), osVersion: "8.1").finding("env.platform")!
        #expect(os.causes.map(\.id).contains("android.os-not-updated"))
        #expect(!os.causes.map(\.id).contains("ios.not-updated"))
        let declared = Diagnosis.declared.filter { $0.id.hasPrefix("platform.below-") }
        #expect(!declared.isEmpty && declared.allSatisfy { $0.basis == .contract })
    }

    @Test func InsecureContext_IsThePagesOwnCause_NotAWebViewSetting() {
        let insecure = Run.result("env.secureContext", ["isSecureContext": false, "protocol": "http:", "origin": "http://192.168.1.20:8080"])
        let finding = Run.finding(.androidWebView, insecure)
        #expect(finding.verdict == .fail)
        #expect(finding.causes.first?.id == "page.insecure-context")
        #expect(finding.causes.first?.layer == .page)
        #expect(finding.diagnosis?.hasPrefix("The page is not a secure context") == true)
        #expect(finding.remedy?.androidKotlin?.contains("https://") == true)
    }

    @Test func AndroidUnderTheMinimum_NamesBothVersions() {
        let report = Run.report(.androidWebView, Run.healthy(.androidWebView), osVersion: "8.1")
        #expect(report.finding("env.platform")?.diagnosis?.contains("Android 8.1 is below the minimum Android 9") == true)
        #expect(report.verdict == .notReady)
    }

    @Test func StaleWebViewEngine_Warns_WithTheVersionAndTheRecommendation() {
        let report = Run.report(.androidWebView, Run.healthy(.androidWebView), engineVersion: "96.0.4664.104")
        let finding = report.finding("env.platform")!
        #expect(finding.verdict == .warn)
        #expect(finding.diagnosis?.contains("Android System WebView Chrome 96 is below the recommended 120") == true)
        #expect(report.verdict == .ready)
    }

    @Test func BelowRecommended_Warns() {
        #expect(Run.report(.iosWKWebView, Run.healthy(.iosWKWebView), osVersion: "15.6").finding("env.platform")?.verdict == .warn)
    }

    @Test func VideoOnlyContract_AcceptsIOS14Point3() {
        let report = Run.report(.iosWKWebView, Run.healthy(.iosWKWebView), requirementSet: "video-only", osVersion: "14.4")
        #expect(report.finding("env.platform")?.verdict == .pass)
        #expect(Run.report(.iosWKWebView, Run.healthy(.iosWKWebView), requirementSet: "video-only", osVersion: "14.2").finding("env.platform")?.verdict == .fail)
    }

    @Test func JavaScriptOff_IsSeenThroughTheNoscriptBeacon() {
        let finding = Run.finding(.androidWebView, Run.result("env.script", ["noscriptBeacon": true], status: .fail))
        #expect(finding.verdict == .fail)
        #expect(finding.remedy?.androidKotlin?.contains("webView.settings.javaScriptEnabled = true") == true)
    }

    @Test func JavaScriptOff_NamesEachPlatformsSwitch_AndABrowsersOwnSetting() {
        let off = Run.result("env.script", ["noscriptBeacon": true], status: .fail)
        let android = Run.finding(.androidWebView, off)
        #expect(android.causes.first?.id == "android.javascript-off")
        #expect(android.diagnosis?.hasPrefix("JavaScript is off: WebSettings.setJavaScriptEnabled(true) was not called") == true)
        let ios = Run.finding(.iosWKWebView, off)
        #expect(ios.causes.first?.id == "ios.javascript-off")
        #expect(ios.remedy?.iosSwift?.contains("allowsContentJavaScript = true") == true)
        let browser = Run.finding(.androidChrome, off)
        #expect(browser.causes.map(\.id) == ["browser.javascript-off"])
    }

    @Test func EmbeddedWebView_IsAFailure_AndAHeaderAWarning() {
        #expect(Run.finding(.androidWebView, Run.result("env.viewport", ["heightRatio": 0.5])).verdict == .fail)
        #expect(Run.finding(.iosWKWebView, Run.result("env.viewport", ["heightRatio": 0.89])).verdict == .warn)
        #expect(Run.finding(.iosSafari, Run.result("env.viewport", ["heightRatio": 0.5])).verdict == .info)
    }

    @Test func EngineVersionUnderTheMinimum_FailsWithTheVersionAndTheMinimum() {
        let strict = RequirementSet(
            id: "webview-floor", title: "t", source: "test", summary: "s",
            minimums: [VersionMinimum(.android, minimum: "9", note: "n"), VersionMinimum(.androidWebView, minimum: "100", note: "WebRTC floor")],
            overrides: [:], deniesDisplayCapture: false, allowsPopups: true)
        let catalog = Catalog(probes: Catalog.standard.probes, requirementSets: [strict], checklist: Checklist.liveform)
        let report = Diff(catalog: catalog, platform: Run.detected(.androidWebView, engineVersion: "96.0.4664.104"), requirementSet: "webview-floor")!
            .report(results: Run.healthy(.androidWebView))
        #expect(report.finding("env.platform")?.verdict == .fail)
        #expect(report.finding("env.platform")?.diagnosis?.contains("Android System WebView Chrome 96 is below the minimum Android System WebView Chrome 100") == true)
        #expect(report.verdict == .notReady)
    }
}

@Suite struct AppOwnUserAgentDiagnosisTests {
    @Test func AnAppsOwnAgent_Warns_NamingWhatItWasJudgedAs_AndTheWrappersSetting() {
        let own = Run.result("env.platform", ["userAgent": "ExampleBank/5.2.1 (build 331)"])
        let report = Run.report(.androidWebView, Run.healthy(.androidWebView, replacing: "env.platform", with: own.observed))
        let finding = report.finding("env.platform")!
        #expect(finding.verdict == .warn)
        #expect(finding.diagnosis?.contains("names no platform") == true)
        #expect(finding.causes.contains { $0.id == "android.user-agent-replaced" })
    }

    @Test func AnAppsAgentNamingAnotherPlatform_WarnsThatItHidesTheDevice() {
        let desktop = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/58.0.3029.110 Safari/537.36"
        let report = Run.report(.androidWebView, Run.healthy(.androidWebView, replacing: "env.platform", with: ["userAgent": .string(desktop)]))
        let finding = report.finding("env.platform")!
        #expect(finding.verdict == .warn)
        #expect(finding.diagnosis?.contains("another than the device's") == true)
    }

    /// ?platform= says the agent is not the judged platform's (a WebView sending a browser's
    /// agent, a desktop engine standing in for a phone): a desktop agent is then no finding, and
    /// no row names the app's user-agent setting; an agent naming no platform still is.
    @Test func UnderPlatformOverride_ADesktopAgent_IsNoFinding_ButAnAgentNamingNoneStillWarns() {
        var android = Run.detected(.androidWebView)
        android.overridden = true
        let desktop = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15"
        let diff = Diff(platform: android, requirementSet: "liveform")!
        let hosted = diff.report(results: Run.healthy(.androidWebView, replacing: "env.platform", with: ["userAgent": .string(desktop)]))
        #expect(hosted.finding("env.platform")?.diagnosis?.contains("user agent") != true)
        #expect(hosted.finding("env.platform")?.causes.contains { $0.id == "android.user-agent-replaced" } != true)
        let own = diff.report(results: Run.healthy(.androidWebView, replacing: "env.platform", with: ["userAgent": "ExampleBank/5.2.1"]))
        #expect(own.finding("env.platform")?.verdict == .warn)
        #expect(own.finding("env.platform")?.causes.contains { $0.id == "android.user-agent-replaced" } == true)
    }

    /// A Mac agent the page saw no touch screen with names the platform WebKit runs on: no finding.
    @Test func AMacAgent_WithoutTouchPoints_IsNoFinding() {
        let mac = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)"
        let report = Run.report(.iosWKWebView, Run.healthy(.iosWKWebView, replacing: "env.platform", with: ["userAgent": .string(mac), "maxTouchPoints": 0]))
        #expect(report.finding("env.platform")?.verdict == .pass)
    }

    /// An iPad's app WebView in desktop content mode: the page works, so the finding warns; it
    /// names the content mode (and the app's own Mac agent, the same page), never a replaced agent.
    @Test func AnIPadsDesktopClassAgent_InAnAppWebView_WarnsAndNamesTheContentMode() throws {
        let iPad = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)"
        let report = Run.report(.iosWKWebView, Run.healthy(.iosWKWebView, replacing: "env.platform", with: ["userAgent": .string(iPad), "maxTouchPoints": 5]))
        let finding = try #require(report.finding("env.platform"))
        #expect(finding.verdict == .warn)
        #expect(finding.diagnosis?.contains("desktop content mode") == true)
        let ids = finding.causes.map(\.id)
        #expect(ids.first == "ios.desktop-content-mode", "\(ids)")
        #expect(ids.contains("ios.custom-desktop-user-agent"))
        #expect(!ids.contains("ios.custom-user-agent"))
    }

    /// Safari on an iPad sends the Mac's agent by the person's own setting: not an app's to fix.
    @Test func AnIPadsDesktopClassAgent_InSafari_IsNoFinding() {
        let safari = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15"
        let report = Run.report(.iosSafari, Run.healthy(.iosSafari, replacing: "env.platform", with: ["userAgent": .string(safari), "maxTouchPoints": 5]))
        #expect(report.finding("env.platform")?.diagnosis?.contains("desktop content mode") != true)
    }

    @Test func ABrowsersAgent_OnADesktop_IsNoFinding() {
        let report = Run.report(.desktop, Run.healthy(.desktop))
        #expect(report.finding("env.platform")?.verdict == .pass)
    }

    /// An OS under the minimum fails the run by the requirement set's rule; an agent the app
    /// rewrote is a problem of its own beside it, said in what was observed and led by its row,
    /// not demoted to "possible" beside the rule's causes.
    @Test func AnAgentTheAppRewrote_LeadsBesideAnOSUnderTheMinimum() throws {
        let agent = "Mozilla/5.0 (iPhone; CPU iPhone OS 14_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ExampleApp/1.0"
        let platform = Run.result("env.platform", ["userAgent": .string(agent), "reactNativeWebView": false, "webkitMessageHandlers": true, "maxTouchPoints": 5])
        let old = CorpusCase("iOS 14.4, an app agent without Mobile/", wrapper: "native", .iosWKWebView, os: "14.4", probe: "env.platform",
                             top: "native-ios.applicationNameForUserAgent", [platform])
        let finding = try #require(old.finding())
        #expect(finding.verdict == .fail)
        #expect(finding.observed.contains("Mobile/ token"), "\(finding.observed)")
        #expect(Set(finding.causes.leading.map(\.id)) == ["ios.not-updated", "native-ios.applicationNameForUserAgent"], "\(finding.causes.map(\.id))")
    }
}
