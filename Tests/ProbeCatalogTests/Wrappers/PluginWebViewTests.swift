import Testing
@testable import ProbeCatalog

/// A page a plugin opened in its own WebView (cordova-plugin-inappbrowser) is judged by the
/// plugin's rows and the platform's, not by the wrapper's main WebView: that WebView has only
/// the callbacks the plugin implements. Confirmed in public: the in-app browser denied the
/// camera until its own chrome client answered onPermissionRequest
/// (https://github.com/apache/cordova-plugin-inappbrowser/pull/968).
@Suite struct PluginWebViewTests {
    static func finding(inAppBrowser: Bool) throws -> Finding {
        var detected = Run.detected(.androidWebView, osVersion: "12")
        detected.wrapperDetection = WrapperDetection(wrapper: .cordova, confidence: .high, evidence: ["test"], inAppBrowser: inAppBrowser)
        let camera = ProbeResult(run: Run.id, probe: "camera.getUserMedia", status: .fail,
                                 observed: ["outcome": "error", "errorName": "NotAllowedError", "elapsedMs": 15, "promptShown": false, "permissionStateBefore": "prompt"])
        let results = Run.healthy(.androidWebView).filter { $0.probe != "camera.getUserMedia" } + [camera]
        return try #require(Diff(platform: detected, requirementSet: "liveform")!.report(results: results).finding("camera.getUserMedia"))
    }

    @Test func AFastDenialInTheInAppBrowser_IsTheMissingHandlerOrTheOSPermission_NotCordovasGrant() throws {
        let finding = try Self.finding(inAppBrowser: true)
        let ids = finding.causes.map(\.id)
        #expect(ids.contains("android.camera.no-permission-handler") && ids.contains("android.camera.no-runtime-permission"), "\(ids)")
        #expect(!ids.contains("cordova.android.grant-without-runtime"), "\(ids)")
        // The plugin's own fix (the release whose chrome client answers) is among the fixes.
        #expect(finding.remedy?.fixes.contains { $0.code.contains("cordova-plugin-inappbrowser") } == true, "\(finding.remedy?.fixes.map(\.label) ?? [])")
    }

    @Test func TheSameDenialInCordovasOwnWebView_IsTheOSPermission_ForItsHandlerGrants() throws {
        let ids = try Self.finding(inAppBrowser: false).causes.map(\.id)
        #expect(ids.first == "cordova.android.grant-without-runtime", "\(ids)")
    }
}

/// An app WebView no framework's signals name, into which the host injected a bridge no
/// framework the catalog knows defines, may be a plugin's own WebView: a finding a callback
/// of the platform's layer decides says so, with the names to look for, beside the platform's
/// rows, which still judge. An app's own WebView that injects nothing is judged as one.
@Suite struct UnknownHostTests {
    static func finding(_ platform: Platform, injected: [String], wrapper: WrapperDetection? = nil) throws -> Finding {
        var detected = Run.detected(platform, osVersion: platform.family == .ios ? "17.5" : "14")
        detected.wrapperDetection = wrapper
        let camera = ProbeResult(run: Run.id, probe: "camera.getUserMedia", status: .fail,
                                 observed: ["outcome": "error", "errorName": "NotAllowedError", "elapsedMs": 15, "promptShown": false, "permissionStateBefore": "prompt"])
        let injectedResult = Run.result("env.injected", ["patchedNatives": [], "unexpectedGlobals": .array(injected.map { .string($0) }), "bridgeObjects": []])
        let results = Run.healthy(platform).filter { $0.probe != "camera.getUserMedia" && $0.probe != "env.injected" } + [camera, injectedResult]
        return try #require(Diff(platform: detected, requirementSet: "liveform")!.report(results: results).finding("camera.getUserMedia"))
    }

    @Test func AnUnknownBridge_NamesAPluginsOwnWebView_BesideThePlatformsCallback() throws {
        let finding = try Self.finding(.androidWebView, injected: ["mobileApp"])
        let host = try #require(finding.causes.first { $0.id == "host.plugin-webview" }, "\(finding.causes.map(\.id))")
        #expect(host.check.contains("mobileApp") && host.summary.contains("onPermissionRequest"), "\(host.check) / \(host.summary)")
        #expect(host.likelihood == .possible)
        #expect(finding.causes.contains { $0.id == "android.camera.no-permission-handler" }, "\(finding.causes.map(\.id))")
    }

    @Test func NothingInjected_OrAKnownFramework_IsNoUnknownHost() throws {
        #expect(!(try Self.finding(.androidWebView, injected: [])).causes.contains { $0.id == "host.plugin-webview" })
        let capacitor = WrapperDetection(wrapper: .capacitor, confidence: .high, evidence: ["test"])
        #expect(!(try Self.finding(.androidWebView, injected: ["mobileApp"], wrapper: capacitor)).causes.contains { $0.id == "host.plugin-webview" })
    }
}
