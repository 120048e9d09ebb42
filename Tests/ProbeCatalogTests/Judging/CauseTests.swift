import Foundation
import Testing
@testable import ProbeCatalog

/// The cause model: every known cause of a symptom, ranked by the evidence, each with the
/// check that tells it from the others and the public source of the platform fact.
@Suite struct CauseTests {
    static let fastDenial = Run.result("camera.getUserMedia", ["outcome": "error", "errorName": "NotAllowedError", "elapsedMs": 15, "promptShown": false, "permissionStateBefore": "prompt"])

    @Test func FastNotAllowedError_OnIOS_NamesTheDelegateAndTheOSSetting_AndTheCheck() throws {
        let finding = Run.finding(.iosWKWebView, Self.fastDenial)
        let leading = finding.causes.leading.map(\.id)
        #expect(leading == ["ios.camera.delegate-denied", "ios.camera.settings-denied"])
        #expect(finding.causes.leading.allSatisfy { $0.check.contains("AVCaptureDevice.authorizationStatus(for: .video)") })
        #expect(finding.diagnosis?.contains("or the app's camera access is off in Settings") == true)
        // The remedy covers both layers.
        #expect(finding.remedy?.iosSwift?.contains("decisionHandler(.grant)") == true)
        #expect(finding.remedy?.iosSwift?.contains("openSettingsURLString") == true)
        // No person answers in 15 ms: the prompt cause is ruled out, not listed.
        #expect(!finding.causes.contains { $0.id == "camera.person-denied" })
        let settings = try #require(finding.causes.first { $0.id == "ios.camera.settings-denied" })
        #expect(settings.source.contains("UserMediaPermissionRequestManagerProxy"))
        #expect(settings.layer == .osPermission)
    }

    @Test func FastDenial_OnAndroid_NamesTheHandlerAndTheCameraRuntimePermission_AndCheckSelfPermission() {
        let finding = Run.finding(.androidWebView, Self.fastDenial)
        #expect(finding.causes.leading.map(\.id) == ["android.camera.no-permission-handler", "android.camera.no-runtime-permission"])
        #expect(finding.causes.leading.allSatisfy { $0.check.contains("checkSelfPermission") })
        #expect(finding.remedy?.androidKotlin?.contains("RESOURCE_VIDEO_CAPTURE") == true)
        #expect(finding.remedy?.androidKotlin?.contains("checkSelfPermission") == true)
    }

    @Test func DeniedPermissionState_OnAndroidWebView_IsNotEvidence_BecauseItAlwaysAnswersDenied() {
        let denied = Run.result("camera.getUserMedia", ["outcome": "error", "errorName": "NotAllowedError", "elapsedMs": 15, "permissionStateBefore": "denied"])
        let finding = Run.finding(.androidWebView, denied)
        #expect(finding.causes.leading.map(\.id) == ["android.camera.no-permission-handler", "android.camera.no-runtime-permission"])
        #expect(finding.diagnosis?.contains("already denied") == false)
        let state = Run.finding(.androidWebView, Run.result("camera.permission", ["stateBefore": "denied", "stateAfter": "denied"]))
        #expect(state.observed.contains("not evidence"))
    }

    @Test func FastDenial_InCordova_IsTheRuntimePermission_Conclusively() {
        let bridges = Run.result("env.injected", ["patchedNatives": [], "unexpectedGlobals": [], "bridgeObjects": ["cordova"]])
        let finding = Run.finding(.androidWebView, Self.fastDenial, others: [bridges])
        #expect(finding.causes.map(\.id) == ["cordova.android.grant-without-runtime"], "conclusive: it stands alone")
        #expect(finding.causes.first?.likelihood == .conclusive)
    }

    @Test func DenialAfterAPrompt_IsThePersonsAnswer_AndRulesOutTheHandler() {
        let denied = Run.result("camera.getUserMedia", ["outcome": "error", "errorName": "NotAllowedError", "elapsedMs": 2400, "promptShown": true])
        let finding = Run.finding(.iosWKWebView, denied)
        #expect(finding.causes.first?.id == "camera.person-denied")
        #expect(!finding.causes.contains { $0.id == "ios.camera.delegate-denied" })
    }

    @Test func NotReadableError_NamesTheBusyCameraAndTheFailedStart() {
        let busy = Run.result("camera.getUserMedia", ["outcome": "error", "errorName": "NotReadableError", "errorMessage": "Could not start video source", "elapsedMs": 300])
        let finding = Run.finding(.androidWebView, busy)
        #expect(finding.causes.leading.map(\.id) == ["camera.busy", "camera.start-failure"])
        #expect(finding.layer == .device)
    }

    @Test func NotFoundError_WithNoVideoInput_IsConclusivelyNoCamera() {
        let missing = Run.result("camera.getUserMedia", ["outcome": "error", "errorName": "NotFoundError", "elapsedMs": 5])
        let devices = Run.result("camera.devices", ["videoInputsBefore": 0, "videoInputsAfter": 0])
        let finding = Run.finding(.androidWebView, missing, others: [devices])
        #expect(finding.causes.first?.id == "camera.no-device")
        #expect(finding.causes.first?.likelihood == .conclusive)
    }

    @Test func NullStorage_OnAndroid_IsDomStorage_OrAnOpaqueOrigin_WhenThePageHasOne() {
        let storage = Run.result("storage.local", ["available": false])
        #expect(Run.finding(.androidWebView, storage).causes.first?.id == "android.dom-storage-off")
        let opaque = Run.result("env.secureContext", ["isSecureContext": true, "origin": "null"])
        let finding = Run.finding(.androidWebView, storage, others: [opaque])
        #expect(finding.causes.first?.id == "page.opaque-origin")
        #expect(finding.causes.first?.likelihood == .conclusive)
    }

    @Test func EveryKnownCause_CitesAPublicSource_AndHasACheck() {
        for symptom in Catalog.symptoms {
            #expect(!symptom.causes.isEmpty)
            for cause in symptom.causes {
                #expect(cause.source.hasPrefix("https://"), "\(cause.id)")
                #expect(!cause.source.contains("seed") && !cause.summary.contains("seed"), "\(cause.id) cites a seed")
                #expect(!cause.check.isEmpty, "\(cause.id)")
            }
        }
    }

    @Test func FailingFinding_WithoutAModelledSymptom_CarriesItsDiagnosisAsOneCitedCause() {
        let autoplay = Run.result("media.autoplay", ["played": false, "errorName": "NotAllowedError"])
        let finding = Run.finding(.androidWebView, autoplay)
        #expect(finding.verdict == .fail)
        #expect(finding.causes.count == 1)
        #expect(finding.causes.first?.source == PlatformSource.androidMediaGesture)
    }

    @Test func SchemaOneReport_IsStillRead_WithNoCauses() throws {
        let report = Run.report(.androidWebView, [Self.fastDenial])
        var object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any])
        var findings = try #require(object["findings"] as? [[String: Any]])
        for index in findings.indices { findings[index].removeValue(forKey: "causes") }
        object["findings"] = findings
        object["schema"] = 1
        let old = try JSONDecoder().decode(DiffReport.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(old.finding("camera.getUserMedia")?.causes == [])
        #expect(old.finding("camera.getUserMedia")?.diagnosis == report.finding("camera.getUserMedia")?.diagnosis)
    }

    @Test func CatalogExport_ServesTheSymptoms_TheStepMarker_AndTheStallThreshold() throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(Catalog.standard.exportJSON().utf8)) as? [String: Any])
        let thresholds = try #require(object["thresholds"] as? [String: Any])
        let stall = try #require(thresholds["stalledStepSeconds"] as? Double)
        #expect(stall > 0 && stall <= 60)
        let marker = try #require(object["stepMarker"] as? [String: Any])
        #expect(marker["probe"] as? String == StepMarker.probe.rawValue)
        #expect((marker["steps"] as? [String])?.contains("camera.getUserMedia") == true)
        let symptoms = try #require(object["symptoms"] as? [[String: Any]])
        #expect(symptoms.count == Catalog.symptoms.count)
    }
}

@Suite struct OldEngineTests {
    @Test func NoChooserAnswer_OnAWebViewWithoutTheCancelEvent_AlsoNamesASilentCancel() throws {
        let accept = Run.result("file.accept", ["changeFired": false, "cancelFired": false, "fileCount": 0, "waitedMs": 20_000])
        let old = Diff(platform: Run.detected(.androidWebView, osVersion: "9", engineVersion: "69"), requirementSet: "liveform")!.report(results: [accept])
        let finding = try #require(old.finding("file.accept"))
        #expect(finding.causes.first?.id == "android.no-file-chooser")
        #expect(finding.causes.contains { $0.id == "person.cancelled-silently" })
        #expect(finding.causes.first?.evidence.against.isEmpty == false)
        // A current WebView fires cancel: silence there is the missing chooser alone.
        let current = Run.finding(.androidWebView, accept)
        #expect(!current.causes.contains { $0.id == "person.cancelled-silently" })
    }

    // domStorageEnabled gates localStorage alone in Android WebView (Symptom.webStorageWorked).
    @Test func NullLocalStorage_BesideAWorkingSessionStorage_OnAndroid_IsStillDomStorageOff() {
        let local = Run.result("storage.local", ["available": false, "writeReadRemove": false], status: .fail)
        let session = Run.result("storage.session", ["available": true, "writeReadRemove": true])
        let finding = Run.finding(.androidWebView, local, others: [session])
        #expect(finding.causes.first?.id == "android.dom-storage-off")
        #expect(finding.diagnosis?.contains("Ruled out") != true)
    }

    @Test func NullSessionStorage_OnAndroid_IsNeverBlamedOnDomStorage() {
        let session = Run.result("storage.session", ["available": false, "writeReadRemove": false], status: .fail)
        let finding = Run.finding(.androidWebView, session)
        #expect(!finding.causes.contains { $0.id == "android.dom-storage-off" })
        #expect(finding.diagnosis?.contains("domStorageEnabled") != true)
    }

    // Inline playback off refuses a play() without a gesture as the gesture rule does: both stand.
    @Test func InlineVideoRefusedWithNotAllowedError_OnIOS_NamesInlinePlaybackAndTheGestureRule() {
        let inline = Run.result("media.inline", ["inline": false, "enteredFullscreen": false, "played": false, "errorName": "NotAllowedError"], status: .fail)
        let finding = Run.finding(.iosWKWebView, inline)
        let ids = finding.causes.map(\.id)
        #expect(ids.contains("ios.inline-playback-off") && ids.contains("ios.autoplay.user-action-required"), "\(ids)")
        #expect(finding.remedy?.iosSwift?.contains("allowsInlineMediaPlayback = true") == true)
        #expect(finding.remedy?.iosSwift?.contains("mediaTypesRequiringUserActionForPlayback = []") == true)
    }

    // play() leaves the paused state only when allowed (HTML's play() steps): a slow start is no gesture rule.
    @Test func UnmutedPlayAcceptedButStillLoadingAtTheLimit_IsAllowedAutoplay_NotAGestureRule() {
        let slow = Run.result("media.autoplay", ["played": false, "allowed": true, "errorName": "TimeoutError"])
        let finding = Run.finding(.iosWKWebView, slow)
        #expect(finding.verdict == .pass, "\(finding.verdict) \(finding.observed)")
        let refused = Run.result("media.autoplay", ["played": false, "allowed": false, "errorName": "TimeoutError"], status: .fail)
        #expect(Run.finding(.iosWKWebView, refused).causes.contains { $0.id == "ios.autoplay.user-action-required" })
    }

    // Android WebView never prompts itself: a second prompt there is the app's own dialog.
    @Test func SecondCameraPrompt_IsWebKitsOnIOS_AndTheAppsOwnDialogOnAndroid() {
        let again = Run.result("camera.reacquire", ["outcome": "granted", "promptShown": true, "elapsedMs": 3200])
        let android = Run.finding(.androidWebView, again)
        #expect(android.verdict == .warn)
        #expect(android.causes.map(\.id) == ["android.camera.own-dialog-each-time"])
        #expect(android.diagnosis?.contains(".prompt") != true)
        let ios = Run.finding(.iosWKWebView, again)
        #expect(ios.causes.first?.id == "ios.camera.prompt-each-time")
        #expect(ios.remedy?.iosSwift?.contains(".grant") == true)
    }
}
