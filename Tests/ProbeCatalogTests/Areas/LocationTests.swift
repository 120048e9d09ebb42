import Testing
@testable import ProbeCatalog

// Location: what docs/requirements.md expects of the step (information: an identity flow does
// not need the position, the report says what the app's users get), and the causes the
// settings rows name for each answer.

extension Expected {
    static let location: [Expected] = [
        .init("location.position", "IIIIIII"),
    ]
}

@Suite struct LocationDiagnosisTests {
    static func denied(inMs elapsed: Double, code: Int = 1) -> ProbeResult {
        Run.result("location.position", ["available": true, "outcome": "denied", "errorCode": .number(Double(code)), "elapsedMs": .number(elapsed)], status: .fail)
    }

    @Test func ADenialWithinAQuarterSecond_IsTheAppAnsweringForThePerson_WithTheSettingsThatDoIt() {
        let finding = Run.finding(.androidWebView, Self.denied(inMs: 12))
        #expect(finding.verdict == .info)
        #expect(finding.diagnosis?.contains("answered for the user") == true)
        let named = finding.causes.map(\.summary).joined(separator: "\n")
        #expect(named.contains("setGeolocationEnabled"), "\(named)")
    }

    @Test func ASlowDenial_IsAPromptAnswered_NotTheAppsSetting() {
        let finding = Run.finding(.androidWebView, Self.denied(inMs: 4000))
        #expect(finding.diagnosis?.contains("a prompt answered with Deny") == true)
        #expect(!finding.causes.map(\.summary).joined().contains("setGeolocationEnabled"))
    }

    @Test func NoAnswerOnAndroid_NamesTheMissingPromptCallback() {
        let result = Run.result("location.position", ["available": true, "outcome": "timeout", "elapsedMs": 20000], status: .fail)
        let finding = Run.finding(.androidWebView, result)
        #expect(finding.diagnosis?.contains("No answer") == true)
        let named = finding.causes.map(\.summary).joined(separator: "\n")
        #expect(named.contains("onGeolocationPermissionsShowPrompt"), "\(named)")
    }

    @Test func ATimeoutAfterAGrant_IsNoFix_NotAnUnansweredRequest() {
        let result = Run.result("location.position", ["available": true, "outcome": "timeout", "errorCode": 3, "elapsedMs": 15000, "permissionStateAfter": "granted"], status: .fail)
        let finding = Run.finding(.androidWebView, result)
        #expect(finding.diagnosis?.contains("allowed but no position came within 15 s") == true)
        #expect(finding.layer == .device)
        // The platform's "nobody answers the prompt" row needs an unanswered request: a TIMEOUT code follows a grant.
        #expect(!finding.causes.map(\.summary).joined().contains("onGeolocationPermissionsShowPrompt"), "\(finding.causes.map(\.summary))")
    }

    /// Android System WebView's providers report no error when no update comes, so a TIMEOUT
    /// after the grant on Android is the device's: its location services, its Google Play
    /// services, or no fix where it is; each named with the check that tells it apart.
    @Test func ATimeoutAfterAGrantInAnAndroidApp_NamesTheDevicesLocationServicesPlayServicesAndNoFix() {
        let result = Run.result("location.position", ["available": true, "outcome": "timeout", "errorCode": 3, "elapsedMs": 15300, "permissionStateAfter": "granted"], status: .fail)
        let android = Run.finding(.androidWebView, result)
        #expect(android.causes.leading.map(\.id) == ["android.location-services-off", "android.geolocation-needs-play-services", "device.no-fix-indoors"])
        #expect(android.causes.first?.remedy?.fixes.contains { $0.code.contains("isLocationEnabled") } == true)
        #expect(android.causes.allSatisfy { !$0.check.isEmpty && $0.source.hasPrefix("https://") })
        // WKWebView has neither provider: only the place the device is in.
        let ios = Run.finding(.iosWKWebView, result)
        #expect(ios.causes.contains { $0.id == "device.no-fix-indoors" })
        #expect(!ios.causes.contains { $0.id.hasPrefix("android.") }, "\(ios.causes.map(\.id))")
        // A request nobody answered is not this symptom.
        let unanswered = Run.result("location.position", ["available": true, "outcome": "timeout", "elapsedMs": 20000], status: .fail)
        #expect(!Run.finding(.androidWebView, unanswered).causes.contains { $0.id == "android.location-services-off" })
    }

    @Test func ACallbackTheFrameworkImplements_IsNotNamedAsTheAppsToImplement() {
        let result = Run.result("location.position", ["available": true, "outcome": "timeout", "elapsedMs": 20000], status: .fail)
        var detected = Run.detected(.androidWebView)
        detected.wrapperDetection = WrapperDetection(wrapper: .capacitor, confidence: .high, evidence: ["test"], inAppBrowser: false)
        let finding = Diff(platform: detected, requirementSet: "liveform")!.report(results: [result]).finding("location.position")!
        // Capacitor's BridgeWebChromeClient answers onGeolocationPermissionsShowPrompt itself.
        #expect(!finding.causes.contains { $0.id == "native-android.onGeolocationPermissionsShowPrompt" }, "\(finding.causes.map(\.id))")
        // A setting the app still changes whatever its framework does stays named.
        let fast = Run.result("location.position", ["available": true, "outcome": "denied", "errorCode": 1, "elapsedMs": 5], status: .fail)
        let denied = Diff(platform: detected, requirementSet: "liveform")!.report(results: [fast]).finding("location.position")!
        #expect(denied.causes.contains { $0.id == "native-android.setGeolocationEnabled" }, "\(denied.causes.map(\.id))")
    }

    @Test func AFastDenialOfAPermissionAlreadyDenied_IsARememberedDecision() {
        let result = Run.result("location.position", ["available": true, "outcome": "denied", "errorCode": 1, "elapsedMs": 1, "permissionStateBefore": "denied"], status: .fail)
        let finding = Run.finding(.androidChrome, result)
        #expect(finding.diagnosis?.contains("already denied before the request") == true)
        #expect(finding.diagnosis?.contains("answered for the user") == false)
    }

    @Test func APosition_IsReportedWithItsAccuracy() {
        let result = Run.result("location.position", ["available": true, "outcome": "granted", "elapsedMs": 900, "accuracyM": 35], status: .pass)
        let finding = Run.finding(.iosWKWebView, result)
        #expect(finding.verdict == .info)
        #expect(finding.observed == "granted in 900 ms, accuracy 35 m")
        #expect(finding.causes.isEmpty)
    }
}
