import Testing
@testable import ProbeCatalog

/// Each wrapper told from the signals its own bridge leaves in the page, and a run judged
/// against that wrapper's defaults.
@Suite struct WrapperDetectorTests {
    static let androidWebViewUA = "Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.6723.58 Mobile Safari/537.36"
    static let iosWebViewUA = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148"

    static func envPlatform(_ ua: String, _ signals: [String: JSONValue], extra: [String: JSONValue] = [:]) -> [String: JSONValue] {
        var observed: [String: JSONValue] = ["userAgent": .string(ua), "wrapperSignals": .object(signals)]
        for (k, v) in extra { observed[k] = v }
        return observed
    }

    static func detect(_ ua: String, _ signals: [String: JSONValue], extra: [String: JSONValue] = [:], wrapperOverride: String? = nil) -> DetectedPlatform {
        let observed = envPlatform(ua, signals, extra: extra)
        return PlatformDetector.detect(userAgent: ua, signals: PlatformSignals(observed: observed), wrapperOverride: wrapperOverride)
    }

    @Test func FlutterInAppWebView_IsToldByItsBridgeGlobal() {
        let d = Self.detect(Self.androidWebViewUA, ["globals": ["flutter_inappwebview"]]).wrapperDetection
        #expect(d?.wrapper == .flutterInAppWebView && d?.confidence == .high)
        #expect(d?.evidence.first?.contains("window.flutter_inappwebview") == true)
    }

    @Test func Capacitor_IsToldByWindowCapacitor_EvenWithItsCordovaShim() {
        let d = Self.detect(Self.iosWebViewUA, ["globals": ["Capacitor", "cordova"], "capacitorNative": true, "capacitorPlatform": "ios", "messageHandlers": ["bridge"]]).wrapperDetection
        #expect(d?.wrapper == .capacitor && d?.confidence == .high)
        #expect(d?.evidence.first?.contains("isNativePlatform() is true on ios") == true)
    }

    @Test func Cordova_IsToldByItsAndroidInterface_AndItsIOSHandler() {
        let android = Self.detect(Self.androidWebViewUA, ["globals": ["_cordovaNative", "cordova"], "cordovaPlatform": "android", "cordovaVersion": "14.0.1"]).wrapperDetection
        #expect(android?.wrapper == .cordova && android?.inAppBrowser == false)
        #expect(android?.evidence.contains { $0.contains("_cordovaNative") } == true)
        let ios = Self.detect(Self.iosWebViewUA, ["messageHandlers": ["cordova"]]).wrapperDetection
        #expect(ios?.wrapper == .cordova && ios?.evidence.first?.contains("cordova-ios") == true)
    }

    @Test func CordovaInAppBrowser_IsCordova_MarkedAsTheInAppBrowser() {
        let d = Self.detect(Self.androidWebViewUA, ["globals": ["cordova_iab"]]).wrapperDetection
        #expect(d?.wrapper == .cordova && d?.inAppBrowser == true)
    }

    @Test func ReactNativeWebView_IsToldByItsGlobal_FromTheOlderSignalToo() {
        let d = Self.detect(Self.androidWebViewUA, [:], extra: ["reactNativeWebView": true])
        #expect(d.platform == .rnWebViewAndroid && d.wrapperDetection?.wrapper == .reactNativeWebView)
    }

    /// A wrapper missing from the precedence is never detected from its bridge, only named by
    /// `?wrapper=`: every wrapper stands in it once.
    @Test func EveryWrapper_IsWeighedByTheDetector() {
        #expect(WrapperDetector.precedence.sorted() == Wrapper.allCases)
    }

    @Test func MAUI_IsToldByHybridWebView() {
        #expect(Self.detect(Self.iosWebViewUA, ["globals": ["HybridWebView"]]).wrapperDetection?.wrapper == .maui)
    }

    @Test func WebviewFlutter_InjectsNothing_SoOnlyAUserAgentTokenOrTheOverrideTellsIt() {
        let silent = Self.detect(Self.androidWebViewUA, [:]).wrapperDetection
        #expect(silent?.wrapper == .nativeAndroid && silent?.confidence == .low)
        #expect(silent?.evidence.first?.contains("webview_flutter") == true)
        let token = Self.detect(Self.androidWebViewUA + " webview_flutter/4.14", [:]).wrapperDetection
        #expect(token?.wrapper == .webviewFlutter && token?.confidence == .medium)
        let chosen = Self.detect(Self.androidWebViewUA, ["override": "webview_flutter"]).wrapperDetection
        #expect(chosen?.wrapper == .webviewFlutter && chosen?.overridden == true && chosen?.confidence == .high)
    }

    @Test func NativeIOS_IsAWebViewWithHandlersButNoWrapperBridge() {
        let d = Self.detect(Self.iosWebViewUA, ["messageHandlers": ["probe"]], extra: ["webkitMessageHandlers": true]).wrapperDetection
        #expect(d?.wrapper == .nativeIOS && d?.confidence == .medium)
    }

    @Test func ABrowser_HasNoWrapper() {
        let chrome = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36"
        #expect(Self.detect(chrome, [:]).wrapperDetection == nil)
    }

    @Test func RunWrapper_OverridesThePage_AndAnUnknownOneIsIgnoredAndSaid() {
        let run = Self.detect(Self.androidWebViewUA, ["globals": ["cordova"]], wrapperOverride: "maui").wrapperDetection
        #expect(run?.wrapper == .maui && run?.evidence.last == "?wrapper=maui overrides the detected cordova")
        let unknown = Self.detect(Self.androidWebViewUA, ["globals": ["cordova"], "override": "ionic"]).wrapperDetection
        #expect(unknown?.wrapper == .cordova && unknown?.evidence.last?.contains("ignored unknown ?wrapper=ionic") == true)
    }

    // MARK: judged against the wrapper's defaults

    static func run(_ ua: String, _ signals: [String: JSONValue], replacing probe: ProbeID, with observed: [String: JSONValue], platform: Platform = .androidWebView) -> DiffReport {
        var results = Run.healthy(platform, replacing: probe, with: observed)
        results.removeAll { $0.probe == "env.platform" }
        results.append(Run.result("env.platform", envPlatform(ua, signals)))
        return Diff.report(results: results)!
    }

    static let foreignGranted: [String: JSONValue] = ["otherPortOutcome": "granted", "otherHostOutcome": "granted"]

    @Test func CordovaAndroid_GrantingAForeignOrigin_IsToldItsChromeClientDefault_AndGetsASubclass() {
        let report = Self.run(Self.androidWebViewUA, ["globals": ["cordova", "_cordovaNative"]], replacing: "camera.foreignOrigin", with: Self.foreignGranted)
        let finding = report.finding("camera.foreignOrigin")!
        #expect(finding.verdict == .fail)
        #expect(finding.diagnosis?.contains("Cordova default, which this app did not override: SystemWebChromeClient.onPermissionRequest grants every requested resource to every origin") == true)
        let first = finding.remedy?.fixes.first
        #expect(first?.wrapper == .cordova && first?.language == "Java")
        #expect(first?.code.contains("extends SystemWebChromeClient") == true)
        #expect(finding.remedy?.fixes.dropFirst().contains { $0.wrapper == .capacitor } == true)
        #expect(finding.remedy?.fixes.contains { $0.wrapper == .nativeIOS } == false)
    }

    @Test func CapacitorIOS_GrantingAForeignOrigin_IsToldItsDelegationHandlerDefault() {
        let report = Self.run(Self.iosWebViewUA, ["globals": ["Capacitor"], "capacitorNative": true], replacing: "camera.foreignOrigin", with: Self.foreignGranted, platform: .iosWKWebView)
        let finding = report.finding("camera.foreignOrigin")!
        #expect(finding.diagnosis?.contains("WebViewDelegationHandler answers every media-capture request with .grant") == true)
        #expect(finding.remedy?.fixes.first?.code.contains("class ViewController: CAPBridgeViewController") == true)
    }

    @Test func WebviewFlutter_IsToldItsOriginCheckMustGoToThePlatformClass() {
        let report = Self.run(Self.androidWebViewUA, ["override": "webview_flutter"], replacing: "camera.foreignOrigin", with: Self.foreignGranted)
        let finding = report.finding("camera.foreignOrigin")!
        #expect(finding.diagnosis?.contains("it belongs in the platform class") == true)
        #expect(finding.remedy?.fixes.first?.wrapper == .webviewFlutter && finding.remedy?.fixes.first?.language == "Dart")
    }

    @Test func ReactNativeAndroid_ForeignOriginFix_IsANativePatch_NotTheIOSOnlyGrantType() {
        let report = Self.run(Self.androidWebViewUA, [:], replacing: "camera.foreignOrigin", with: Self.foreignGranted)
        let plain = report.finding("camera.foreignOrigin")!
        #expect(plain.remedy?.fixes.first?.wrapper == .nativeAndroid)
        var results = Run.healthy(.rnWebViewAndroid, replacing: "camera.foreignOrigin", with: Self.foreignGranted)
        results.removeAll { $0.probe == "env.platform" }
        results.append(Run.result("env.platform", Self.envPlatform(Self.androidWebViewUA, ["globals": ["ReactNativeWebView"]], extra: ["reactNativeWebView": true])))
        let rn = Diff.report(results: results)!.finding("camera.foreignOrigin")!
        #expect(rn.remedy?.fixes.first?.wrapper == .reactNativeWebView)
        #expect(rn.remedy?.fixes.first?.code.contains("request.getOrigin()") == true)
    }

    @Test func NativeApp_KeepsItsOwnRemedyLines_AsTheFirstFix() {
        let report = Self.run(Self.androidWebViewUA, [:], replacing: "camera.foreignOrigin", with: Self.foreignGranted)
        let finding = report.finding("camera.foreignOrigin")!
        #expect(finding.remedy?.fixes.first?.code == finding.remedy?.androidKotlin)
    }
}
