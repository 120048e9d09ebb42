import Testing
@testable import ProbeCatalog

// Requests and navigation: what docs/requirements.md expects of each probe of the area (written out
// independently of the catalog, so a wrong expectation cannot pass by agreeing with itself),
// and the diagnoses its evaluators state, each proved by a named test.

extension Expected {
    static let network: [Expected] = [
        .init("fetch.sameOrigin", "RRRRRRR"),
        .init("fetch.credentials", "RRRRRRR"),
        .init("fetch.cors", "RRRRRRR"),
        .init("fetch.integrity", "RRRRRRR"),
        .init("xhr.sameOrigin", "RRRRRRR"),
        .init("net.mixedContent", "IIIIIII"),
        .init("nav.windowOpen", "IIIIIII", .tap),
        .init("nav.customScheme", "RIRIRRI", .tap, needsPerson: true),
        .init("nav.returnUrl", "IIIIIII", .tap, needsPerson: true),
        .init("nav.loadError", "RIRIRRI", .operator, needsPerson: true),
        .init("lifecycle.background", "RRRRRRI", .operator, needsPerson: true),
        .init("net.offline", "RRRRRRI", .operator, needsPerson: true),
    ]
}

@Suite struct NetworkDiagnosisTests {
    @Test func MixedFetchAllowed_WarnsAboutAlwaysAllow() {
        let finding = Run.finding(.androidWebView, Run.result("net.mixedContent", ["imageLoaded": true, "fetchBlocked": false]))
        #expect(finding.verdict == .warn)
        #expect(finding.diagnosis?.contains("MIXED_CONTENT_ALWAYS_ALLOW") == true)
    }

    @Test func CustomSchemeErrorPage_PointsAtForwarding() {
        let finding = Run.finding(.iosWKWebView, Run.result("nav.customScheme", ["outcome": "webview-error"]))
        #expect(finding.verdict == .fail)
        #expect(finding.remedy?.iosSwift?.contains("decidePolicyFor") == true)
        #expect(finding.remedy?.fix(.nativeAndroid) == nil, "an iOS app is offered no android.webkit fix")
        #expect(Remedy.customSchemes.androidKotlin?.contains("shouldOverrideUrlLoading") == true)
        #expect(finding.remedy?.reactNative?.contains("onShouldStartLoadWithRequest") == true)
    }

    @Test func WindowCreatedAndNeverShown_WarnsUnderEveryContract_NamingOnCreateWindow() {
        let lost = Run.result("nav.windowOpen", ["tapResult": "lost", "timerResult": "blocked"])
        for requirementSet in ["liveform", "video-only"] {
            let finding = Run.finding(.androidWebView, lost, requirementSet: requirementSet)
            #expect(finding.verdict == .warn, "\(requirementSet)")
            #expect(finding.diagnosis?.contains("never loaded and never showed") == true)
            #expect(finding.causes.contains { $0.id == "native-android.onCreateWindow" }, "\(finding.causes.map(\.id))")
            #expect(finding.remedy?.androidKotlin?.contains("setSupportMultipleWindows(false)") == true)
        }
        // A window that loaded the page is a window the app showed: the app's policy, not a failure.
        let shown = Run.result("nav.windowOpen", ["tapResult": "new-window", "timerResult": "blocked"])
        #expect(Run.finding(.androidWebView, shown).verdict == .info)
    }

    @Test func PopupUnderTheVideoOnlyContract_Warns() {
        let result = Run.result("nav.windowOpen", ["tapResult": "new-window", "timerResult": "blocked"])
        #expect(Run.finding(.androidWebView, result, requirementSet: "video-only").verdict == .warn)
        #expect(Run.finding(.androidWebView, result, requirementSet: "liveform").verdict == .info)
        let blocked = Run.result("nav.windowOpen", ["tapResult": "blocked", "timerResult": "blocked"])
        #expect(Run.finding(.androidWebView, blocked, requirementSet: "video-only").verdict == .pass)
    }

    @Test func PostBodyLostInAnAndroidWebView_NamesShouldInterceptRequest() {
        let finding = Run.finding(.androidWebView, Run.result("fetch.sameOrigin", ["getOk": true, "postEchoExact": false]))
        #expect(finding.verdict == .fail)
        #expect(finding.diagnosis?.hasPrefix("The POST body came back altered or empty while the GET worked: the app's WebViewClient.shouldInterceptRequest") == true)
        #expect(finding.causes.first?.id == "android.intercept-request-reissued")
        #expect(finding.layer == .network)
    }

    @Test func ReturnURLThatStayedInTheWebView_NamesTheNavigationCallback_InAnAppOnly() {
        let lost = Run.result("nav.returnUrl", ["reachedApp": false])
        for platform in [Platform.androidWebView, .iosWKWebView] {
            let finding = Run.finding(platform, lost)
            #expect(finding.diagnosis?.hasPrefix("The return URL did not reach the app: the app's navigation callback") == true, "\(platform)")
            #expect(finding.causes.map(\.id).contains("webview.return-url-not-intercepted"), "\(platform)")
        }
        #expect(!Run.finding(.desktop, lost).causes.contains { $0.id == "webview.return-url-not-intercepted" })
    }

    @Test func CameraTrackEndedInTheBackground_PassesAndSaysTheOSsRule() {
        let result = Run.result("lifecycle.background", ["hiddenFired": true, "visibleFired": true, "resumed": true, "trackStateAfter": "ended"])
        let finding = Run.finding(.iosWKWebView, result)
        #expect(finding.verdict == .pass)
        #expect(finding.diagnosis?.hasPrefix("The camera track ended while the app was in the background: iOS interrupts an app's camera") == true)
    }

    @Test func MissingOfflineEvent_IsTheEnginesRule_NoSetting() {
        let result = Run.result("net.offline", ["offlineFired": false, "onlineFired": true, "queued": 1, "delivered": 1])
        let finding = Run.finding(.androidWebView, result)
        #expect(finding.verdict == .warn)
        #expect(finding.diagnosis?.hasPrefix("No offline event fired while the device was offline: the window's offline event fires only") == true)
        #expect(Symptom.noOfflineEvent.causes.allSatisfy { $0.context == .webPlatform })
    }

    @Test func MixedContentFullyBlockedOnAndroid_NamesNeverAllow_ElsewhereTheStandard() {
        let blocked = Run.result("net.mixedContent", ["imageLoaded": false, "fetchBlocked": true])
        #expect(Run.finding(.androidWebView, blocked).causes.contains { $0.id == "android.mixed-content-never-allow" })
        // On iOS it passes (the profile's expectation), and the engine's rule is what it carries.
        let ios = Run.detected(.iosWKWebView)
        let diff = Diff(platform: ios, requirementSet: "liveform")!
        let context = EvaluationContext(results: [blocked.probe: blocked], platform: ios, profile: diff.profile, requirementSet: diff.requirementSet)
        #expect(diff.evaluate(Catalog.standard.probe(id: blocked.probe)!, blocked, context).causes.map(\.id) == ["engine.mixed-content-blocked"])
    }
}
