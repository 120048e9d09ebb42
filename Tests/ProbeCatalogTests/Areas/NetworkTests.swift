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
}
