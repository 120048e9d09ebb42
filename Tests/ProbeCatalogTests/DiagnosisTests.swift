import Testing
@testable import ProbeCatalog

/// The diagnoses the issue requires, each proved by a named test. They combine signals:
/// speed, permission state, which origin got the camera, which events fired.
@Suite struct DiagnosisTests {
    // MARK: the two permission layers (docs/requirements.md#camera-getusermedia)

    @Test func CameraDeniedFast_IsDiagnosedAsWebViewLayer() {
        let denied = Run.result("camera.getUserMedia", ["outcome": "error", "errorName": "NotAllowedError", "errorMessage": "Permission denied", "elapsedMs": 12, "permissionStateBefore": "prompt"])
        let android = Run.finding(.androidWebView, denied)
        #expect(android.verdict == .fail)
        #expect(android.layer == .webView)
        #expect(android.diagnosis?.contains("onPermissionRequest") == true)
        #expect(android.remedy?.androidKotlin?.contains("RESOURCE_VIDEO_CAPTURE") == true)
        #expect(android.remedy?.iosSwift?.contains("requestMediaCapturePermissionFor") == true)
        #expect(android.remedy?.reactNative?.contains("mediaCapturePermissionGrantType") == true)

        let ios = Run.finding(.iosWKWebView, denied)
        #expect(ios.layer == .webView)
        #expect(ios.diagnosis?.contains("requestMediaCapturePermissionFor") == true)
        // Honest: the same fast denial is the Settings switch too (WebKit checks it first).
        #expect(ios.diagnosis?.contains("would have prompted") == false)
        #expect(ios.diagnosis?.contains("camera access is off in Settings") == true)
        #expect(ios.diagnosis?.contains("AVCaptureDevice.authorizationStatus(for: .video)") == true)
    }

    @Test func CameraDeniedSlow_IsDiagnosedAsUserOrOSLayer() {
        let denied = Run.result("camera.getUserMedia", ["outcome": "error", "errorName": "NotAllowedError", "elapsedMs": 2400, "permissionStateBefore": "prompt", "promptShown": true])
        let finding = Run.finding(.androidWebView, denied)
        #expect(finding.verdict == .fail)
        #expect(finding.layer == .userOrOS)
        #expect(finding.diagnosis?.contains("the person answered a camera prompt with Don't Allow") == true)
        #expect(finding.remedy?.androidKotlin?.contains("android.permission.CAMERA") == true)
    }

    @Test func CameraDeniedFast_WithDeniedPermissionState_IsTheUserOrOSNotTheWebView() {
        let denied = Run.result("camera.getUserMedia", ["outcome": "error", "errorName": "NotAllowedError", "elapsedMs": 8, "permissionStateBefore": "denied"])
        let finding = Run.finding(.iosWKWebView, denied)
        #expect(finding.layer == .userOrOS)
        #expect(finding.diagnosis?.contains("already denied") == true)
    }

    @Test func CameraDeniedFast_WithAPromptShown_IsNotTheWebViewLayer() {
        let denied = Run.result("camera.getUserMedia", ["outcome": "error", "errorName": "NotAllowedError", "elapsedMs": 60, "promptShown": true])
        #expect(Run.finding(.androidWebView, denied).layer == .userOrOS)
    }

    @Test func CameraErrors_NameTheDevice() {
        let missing = Run.result("camera.getUserMedia", ["outcome": "error", "errorName": "NotFoundError", "elapsedMs": 5])
        #expect(Run.finding(.androidWebView, missing).layer == .device)
        let busy = Run.result("camera.getUserMedia", ["outcome": "error", "errorName": "NotReadableError", "elapsedMs": 500])
        #expect(Run.finding(.iosWKWebView, busy).diagnosis?.contains("busy") == true)
    }

    // MARK: origin checks (docs/requirements.md#camera-getusermedia)

    @Test func CameraGrantedOnTheSecondOrigin_MeansTheOriginCheckIsMissing() {
        let result = Run.result("camera.foreignOrigin", ["via": "frame", "otherPortOutcome": "error", "otherHostOutcome": "granted", "otherHostElapsedMs": 40])
        let finding = Run.finding(.androidWebView, result)
        #expect(finding.verdict == .fail)
        #expect(finding.severity == .critical)
        #expect(finding.diagnosis?.contains("origin check is missing") == true)
        #expect(finding.remedy?.androidKotlin?.contains("scheme") == true)
    }

    @Test func CameraGrantedOnTheOtherPortOnly_MeansTheCheckComparesHostButNotPort() {
        let result = Run.result("camera.foreignOrigin", ["otherPortOutcome": "granted", "otherPortElapsedMs": 30, "otherHostOutcome": "error"])
        // A failure under the strict contract; a warning under liveform (see OriginStrictnessTests).
        let finding = Run.finding(.iosWKWebView, result, requirementSet: "video-only")
        #expect(finding.verdict == .fail)
        #expect(finding.diagnosis?.contains("compares the host but not the port") == true)
        #expect(finding.remedy?.iosSwift?.contains("port") == true)
    }

    @Test func CameraGrantedOnTheOtherHostToo_MeansEveryOriginIsGranted() {
        let result = Run.result("camera.foreignOrigin", ["otherPortOutcome": "granted", "otherHostOutcome": "granted", "otherPortElapsedMs": 30, "otherHostElapsedMs": 30])
        let finding = Run.finding(.rnWebViewAndroid, result)
        #expect(finding.verdict == .fail)
        #expect(finding.diagnosis?.contains("grants every origin") == true)
    }

    @Test func CameraGrantedToAForeignOriginAfterAPrompt_OnIOS_SaysDenyNotPrompt() {
        let result = Run.result("camera.foreignOrigin", ["otherPortOutcome": "granted", "otherPortElapsedMs": 3000, "otherHostOutcome": "error"])
        #expect(Run.finding(.iosWKWebView, result).diagnosis?.contains("returns .prompt for foreign origins") == true)
    }

    @Test func CameraDeniedOnBothForeignOrigins_Passes() {
        let result = Run.result("camera.foreignOrigin", ["otherPortOutcome": "error", "otherHostOutcome": "error"])
        #expect(Run.finding(.androidWebView, result).verdict == .pass)
    }

    // MARK: scope

    @Test func AudioGrantedWhenOnlyVideoWasNeeded_MeansTheHostGrantsEveryResource() {
        let result = Run.result("camera.scope", ["audioOutcome": "granted", "videoAudioOutcome": "granted", "audioTracks": 1, "elapsedMs": 20])
        let android = Run.finding(.androidWebView, result)
        #expect(android.verdict == .fail)
        #expect(android.severity == .critical)
        #expect(android.diagnosis?.contains("grants every requested resource") == true)
        #expect(android.diagnosis?.contains("grant(request.resources)") == true)
        #expect(android.remedy?.androidKotlin?.contains("RESOURCE_VIDEO_CAPTURE") == true)
        #expect(Run.finding(.iosWKWebView, result).diagnosis?.contains("capture type") == true)
    }

    @Test func VideoAudioResolvedWithVideoOnly_IsTheCorrectGrantNotAnAudioOne() {
        // Chromium (Android WebView, QtWebEngine) resolves {video, audio} with the camera alone
        // when the host grants only RESOURCE_VIDEO_CAPTURE.
        let result = Run.result("camera.scope", ["audioOutcome": "error", "audioErrorName": "NotAllowedError",
                                                 "videoAudioOutcome": "granted", "audioTracks": 0, "elapsedMs": 20])
        #expect(Run.finding(.androidWebView, result).verdict == .pass)
        // Without a track count the outcome alone decides, as before.
        let unknown = Run.result("camera.scope", ["audioOutcome": "error", "videoAudioOutcome": "granted", "elapsedMs": 20])
        #expect(Run.finding(.androidWebView, unknown).verdict == .fail)
    }

    @Test func DisplayCaptureGranted_FailsOnlyTheVideoOnlyContract() {
        let result = Run.result("camera.scope", ["audioOutcome": "error", "videoAudioOutcome": "error", "displayOutcome": "granted"])
        #expect(Run.finding(.androidWebView, result, requirementSet: "video-only").verdict == .fail)
        #expect(Run.finding(.androidWebView, result, requirementSet: "liveform").verdict == .pass)
    }

    // MARK: frames (inline / autoplay)

    @Test func GrantedStreamWithBlackFrames_PointsAtInlineAndAutoplaySettings() {
        let frames = Run.result("camera.frames", ["playing": true, "width": 640, "height": 480, "frames": 30, "black": true, "frozen": false, "fullscreen": false])
        let inline = Run.result("media.inline", ["inline": false, "enteredFullscreen": true])
        let finding = Run.finding(.iosWKWebView, frames, others: [inline])
        #expect(finding.verdict == .fail)
        #expect(finding.diagnosis?.contains("black") == true)
        #expect(finding.diagnosis?.contains("media.inline failed too") == true)
        #expect(finding.remedy?.iosSwift?.contains("allowsInlineMediaPlayback = true") == true)
        #expect(finding.remedy?.androidKotlin?.contains("mediaPlaybackRequiresUserGesture = false") == true)
    }

    @Test func GrantedStreamWithFrozenFrames_PointsAtAutoplaySettings() {
        let frames = Run.result("camera.frames", ["playing": false, "frames": 0, "black": false, "frozen": true, "fullscreen": false])
        let autoplay = Run.result("media.autoplay", ["played": false, "errorName": "NotAllowedError"])
        let finding = Run.finding(.androidWebView, frames, others: [autoplay])
        #expect(finding.verdict == .fail)
        #expect(finding.diagnosis?.contains("media.autoplay was refused too") == true)
        #expect(finding.remedy?.reactNative?.contains("mediaPlaybackRequiresUserAction={false}") == true)
    }

    @Test func AutoplayRefusedWhileInlinePlaybackIsOff_OnIOS_NamesInlinePlaybackFirst() {
        // WebKitGTK with inline playback off refuses play() outright, gesture or not.
        let autoplay = Run.result("media.autoplay", ["played": false, "errorName": "NotAllowedError"])
        let inline = Run.result("media.inline", ["inline": false, "enteredFullscreen": false])
        let finding = Run.finding(.iosWKWebView, autoplay, others: [inline])
        #expect(finding.verdict == .fail)
        #expect(finding.diagnosis?.contains("allowsInlineMediaPlayback is false") == true)
        #expect(finding.remedy?.iosSwift?.contains("allowsInlineMediaPlayback = true") == true)
        #expect(finding.remedy?.iosSwift?.contains("mediaTypesRequiringUserActionForPlayback = []") == true)
    }

    @Test func AutoplayRefusedWithInlinePlaybackWorking_NamesTheGestureSetting() {
        let autoplay = Run.result("media.autoplay", ["played": false, "errorName": "NotAllowedError"])
        let inline = Run.result("media.inline", ["inline": true, "enteredFullscreen": false])
        let finding = Run.finding(.iosWKWebView, autoplay, others: [inline])
        #expect(finding.diagnosis?.contains("mediaTypesRequiringUserActionForPlayback is not empty") == true)
        #expect(finding.diagnosis?.contains("allowsInlineMediaPlayback") == false)
    }

    @Test func FullscreenPreview_IsInlinePlaybackOff() {
        let frames = Run.result("camera.frames", ["playing": true, "frames": 30, "black": false, "frozen": false, "fullscreen": true])
        let finding = Run.finding(.iosWKWebView, frames)
        #expect(finding.verdict == .fail)
        #expect(finding.diagnosis?.contains("allowsInlineMediaPlayback is false on iPhone by default") == true)
    }

    // MARK: files (docs/requirements.md#file-input)

    @Test func NoChangeAndNoCancelAfterATap_OnAndroid_MeansOnShowFileChooserIsMissing() {
        let result = Run.result("file.accept", ["changeFired": false, "cancelFired": false, "fileCount": 0, "waitedMs": 30000])
        let finding = Run.finding(.androidWebView, result)
        #expect(finding.verdict == .fail)
        #expect(finding.diagnosis?.contains("onShowFileChooser is not implemented") == true)
        #expect(finding.remedy?.androidKotlin?.contains("onShowFileChooser") == true)
    }

    @Test func SecondPickAfterACancelNeverFires_MeansTheCallbackWasNotAnswered() {
        let result = Run.result("file.cancel", ["cancelFired": false, "secondChooserOpened": false, "secondChangeFired": false, "secondFileCount": 0])
        let finding = Run.finding(.androidWebView, result)
        #expect(finding.verdict == .fail)
        #expect(finding.diagnosis?.contains("ValueCallback of the cancelled chooser was not answered") == true)
        #expect(finding.remedy?.androidKotlin?.contains("onReceiveValue(null)") == true)
    }

    @Test func ChooserCancelledFasterThanAPersonCan_OnAndroid_MeansOnShowFileChooserIsMissing() {
        // QtWebEngine with no chooser: Blink fires cancel a few ms after the tap.
        let result = Run.result("file.accept", ["changeFired": false, "cancelFired": true, "fileCount": 0, "waitedMs": 6.4])
        let finding = Run.finding(.androidWebView, result)
        #expect(finding.verdict == .fail)
        #expect(finding.layer == .webView)
        #expect(finding.diagnosis?.contains("onShowFileChooser is not implemented") == true)
        #expect(finding.diagnosis?.contains("6 ms after the tap") == true)
        #expect(finding.remedy?.androidKotlin?.contains("onShowFileChooser") == true)
    }

    @Test func ChooserCancelledAtAPersonsSpeed_IsSkippedNotFailed() {
        let result = Run.result("file.accept", ["changeFired": false, "cancelFired": true, "fileCount": 0, "waitedMs": .number(Diff.fastCancelMs + 900)])
        #expect(Run.finding(.androidWebView, result).verdict == .skipped)
    }

    @Test func InstantCancelInTheCancelStep_BlamesTheMissingChooser_NotTheCallback() {
        let cancel = Run.result("file.cancel", ["cancelFired": true, "cancelMs": 4, "secondChooserOpened": false, "secondChangeFired": false])
        let finding = Run.finding(.androidWebView, cancel)
        #expect(finding.verdict == .fail)
        #expect(finding.diagnosis?.contains("onShowFileChooser") == true)
        #expect(finding.diagnosis?.contains("ValueCallback") == false)
        #expect(finding.remedy?.androidKotlin?.contains("onShowFileChooser") == true)
        // Without its own timing, the instant cancel of file.accept tells the same.
        let old = Run.result("file.cancel", ["cancelFired": true, "secondChooserOpened": false, "secondChangeFired": false])
        let accept = Run.result("file.accept", ["changeFired": false, "cancelFired": true, "waitedMs": 3])
        #expect(Run.finding(.androidWebView, old, others: [accept]).diagnosis?.contains("onShowFileChooser") == true)
    }

    @Test func HEICWithNothingPicked_IsTheChooserNotTheServer() {
        let heic = Run.result("file.heic", ["changeFired": false, "cancelFired": false, "waitedMs": 20000, "type": .null, "serverAccepted": false])
        let finding = Run.finding(.iosWKWebView, heic)
        #expect(finding.verdict == .fail)
        #expect(finding.layer == .webView)
        #expect(finding.diagnosis?.contains("never answered") == true)
        #expect(finding.diagnosis?.contains("refused") == false)
        #expect(finding.remedy?.iosSwift?.contains("runOpenPanelWith") == true)
    }

    @Test func HEICChooserCancelledByThePerson_IsSkipped() {
        let heic = Run.result("file.heic", ["changeFired": false, "cancelFired": true, "waitedMs": 2400, "serverAccepted": false])
        #expect(Run.finding(.iosWKWebView, heic).verdict == .skipped)
    }

    @Test func HEICRefusedByTheServer_IsStillTheServersProblem() {
        let heic = Run.result("file.heic", ["changeFired": true, "type": "image/heic", "sniffedFormat": "heic", "serverAccepted": false])
        #expect(Run.finding(.iosWKWebView, heic).layer == .page)
    }

    @Test func CancelledChooser_IsSkippedNotFailed() {
        let result = Run.result("file.accept", ["changeFired": false, "cancelFired": true, "fileCount": 0])
        #expect(Run.finding(.androidWebView, result).verdict == .skipped)
    }

    @Test func AlteredUpload_IsABodyIntegrityProblem() {
        let result = Run.result("file.accept", ["changeFired": true, "fileCount": 1, "type": "image/jpeg", "hashMatch": false])
        #expect(Run.finding(.iosWKWebView, result).layer == .network)
    }

    // MARK: storage and cookies

    @Test func LocalStorageNullOnAndroid_MeansDomStorageIsOff() {
        let result = Run.result("storage.local", ["available": false, "writeReadRemove": false])
        let finding = Run.finding(.androidWebView, result)
        #expect(finding.verdict == .fail)
        #expect(finding.diagnosis?.contains("domStorageEnabled is not set") == true)
        #expect(finding.remedy?.androidKotlin?.contains("webView.settings.domStorageEnabled = true") == true)
        #expect(finding.remedy?.reactNative == "<WebView domStorageEnabled />")
    }

    @Test func LocalStorageThrowingOnAndroid_MeansDomStorageIsOff() {
        let result = Run.result("storage.local", ["available": true, "writeReadRemove": false, "errorName": "SecurityError"])
        let finding = Run.finding(.rnWebViewAndroid, result)
        #expect(finding.verdict == .fail)
        #expect(finding.diagnosis?.contains("throws SecurityError") == true)
        #expect(finding.diagnosis?.contains("domStorageEnabled") == true)
    }

    @Test func CookiesBlocked_PointsAtTheCookieManager() {
        let result = Run.result("cookie.document", ["cookieEnabled": false, "writeRead": false])
        let android = Run.finding(.androidWebView, result)
        #expect(android.verdict == .fail)
        #expect(android.diagnosis?.contains("CookieManager") == true)
        #expect(android.remedy?.androidKotlin?.contains("setAcceptCookie(true)") == true)
        #expect(Run.finding(.iosWKWebView, result).diagnosis?.contains("data store") == true)
    }

    @Test func DocumentCookieLostWhileTheServerCookieCameBack_NeverSaysCookiesAreOff() {
        let document = Run.result("cookie.document", ["cookieEnabled": true, "writeRead": false])
        let server = Run.result("cookie.server", ["setCookieSent": true, "echoed": true, "visibleToScript": false])
        let finding = Run.finding(.androidWebView, document, others: [server])
        #expect(finding.verdict == .fail)
        #expect(finding.diagnosis?.contains("setAcceptCookie(false)") == false, "\(finding.diagnosis ?? "")")
        #expect(finding.diagnosis?.contains("Ruled out by this run: android.cookies-off") == true)
        #expect(!finding.causes.contains { $0.id == "android.cookies-off" })
    }

    @Test func ThirdPartyCookiesBlockedOnAndroid_PointsAtSetAcceptThirdPartyCookies() {
        let result = Run.result("cookie.thirdParty", ["frameLoaded": true, "set": true, "readBack": false])
        let finding = Run.finding(.androidWebView, result)
        #expect(finding.verdict == .fail)
        #expect(finding.diagnosis?.contains("setAcceptThirdPartyCookies(webView, true)") == true)
        #expect(finding.remedy?.reactNative?.contains("thirdPartyCookiesEnabled") == true)
    }

    @Test func ThirdPartyCookiesBlockedOnIOS_IsExpected() {
        let result = Run.result("cookie.thirdParty", ["frameLoaded": true, "set": true, "readBack": false])
        for platform in [Platform.iosWKWebView, .iosSafari, .rnWebViewIOS] {
            let finding = Run.finding(platform, result)
            #expect(finding.verdict == .pass, "\(platform)")
            #expect(finding.expectation == .expectedBlocked)
            #expect(finding.diagnosis?.contains("expected on iOS") == true)
        }
    }

    // MARK: versions

    @Test func OSVersionUnderTheMinimum_FailsWhateverElsePassed() {
        let report = Run.report(.iosWKWebView, Run.healthy(.iosWKWebView), osVersion: "14.8")
        let finding = report.finding("env.platform")!
        #expect(finding.verdict == .fail)
        #expect(finding.diagnosis?.contains("iOS 14.8 is below the minimum iOS 15") == true)
        #expect(report.verdict == .notReady)
        #expect(report.findings.filter { $0.verdict == .fail }.map(\.probe) == ["env.platform"])
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

    @Test func MissingCameraAPI_OnOldIOS_NamesIOS14Point3() {
        let result = Run.result("camera.api", ["mediaDevices": false, "getUserMedia": false])
        let report = Run.report(.iosWKWebView, [result], osVersion: "14.2")
        #expect(report.finding("camera.api")?.diagnosis?.contains("14.3") == true)
    }

    @Test func MissingCameraAPI_InAnInsecureContext_SaysSo() {
        let api = Run.result("camera.api", ["mediaDevices": false, "getUserMedia": false])
        let context = Run.result("env.secureContext", ["isSecureContext": false, "protocol": "http:"])
        #expect(Run.finding(.androidWebView, api, others: [context]).diagnosis?.contains("not a secure context") == true)
    }

    // MARK: the rest of the table

    @Test func JavaScriptOff_IsSeenThroughTheNoscriptBeacon() {
        let finding = Run.finding(.androidWebView, Run.result("env.script", ["noscriptBeacon": true], status: .fail))
        #expect(finding.verdict == .fail)
        #expect(finding.remedy?.androidKotlin?.contains("webView.settings.javaScriptEnabled = true") == true)
    }

    @Test func EmbeddedWebView_IsAFailure_AndAHeaderAWarning() {
        #expect(Run.finding(.androidWebView, Run.result("env.viewport", ["heightRatio": 0.5])).verdict == .fail)
        #expect(Run.finding(.iosWKWebView, Run.result("env.viewport", ["heightRatio": 0.89])).verdict == .warn)
        #expect(Run.finding(.iosSafari, Run.result("env.viewport", ["heightRatio": 0.5])).verdict == .info)
    }

    @Test func MixedFetchAllowed_WarnsAboutAlwaysAllow() {
        let finding = Run.finding(.androidWebView, Run.result("net.mixedContent", ["imageLoaded": true, "fetchBlocked": false]))
        #expect(finding.verdict == .warn)
        #expect(finding.diagnosis?.contains("MIXED_CONTENT_ALWAYS_ALLOW") == true)
    }

    @Test func CustomSchemeErrorPage_PointsAtForwarding() {
        let finding = Run.finding(.iosWKWebView, Run.result("nav.customScheme", ["outcome": "webview-error"]))
        #expect(finding.verdict == .fail)
        #expect(finding.remedy?.iosSwift?.contains("decidePolicyFor") == true)
        #expect(finding.remedy?.androidKotlin?.contains("shouldOverrideUrlLoading") == true)
        #expect(finding.remedy?.reactNative?.contains("onShouldStartLoadWithRequest") == true)
    }

    @Test func PopupUnderTheVideoOnlyContract_Warns() {
        let result = Run.result("nav.windowOpen", ["tapResult": "new-window", "timerResult": "blocked"])
        #expect(Run.finding(.androidWebView, result, requirementSet: "video-only").verdict == .warn)
        #expect(Run.finding(.androidWebView, result, requirementSet: "liveform").verdict == .info)
        let blocked = Run.result("nav.windowOpen", ["tapResult": "blocked", "timerResult": "blocked"])
        #expect(Run.finding(.androidWebView, blocked, requirementSet: "video-only").verdict == .pass)
    }

    @Test func NonPersistentDataStore_IsSeenAfterRelaunch() {
        let result = Run.result("storage.relaunch", ["relaunched": true, "persistentCookie": false, "localStorage": false, "indexedDB": false])
        let finding = Run.finding(.iosWKWebView, result)
        #expect(finding.verdict == .fail)
        #expect(finding.remedy?.iosSwift?.contains(".default()") == true)
    }

    @Test func ReacquireWithASecondPrompt_Warns() {
        let result = Run.result("camera.reacquire", ["outcome": "granted", "elapsedMs": 2500, "promptShown": true])
        #expect(Run.finding(.iosWKWebView, result).verdict == .warn)
    }
}

@Suite struct OriginStrictnessTests {
    @Test func HostOnlyCheck_IsAWarningUnderLiveform_BecauseLiveformChecksTheHostOnly() {
        let result = Run.result("camera.foreignOrigin", ["otherPortOutcome": "granted", "otherPortElapsedMs": 30, "otherHostOutcome": "error"])
        let liveform = Run.finding(.androidWebView, result, requirementSet: "liveform")
        #expect(liveform.verdict == .warn)
        #expect(liveform.diagnosis?.contains("compares the host but not the port") == true)
        #expect(liveform.diagnosis?.contains("docs/requirements.md#liveform") == true)
        #expect(Run.finding(.androidWebView, result, requirementSet: "video-only").verdict == .fail)
    }

    @Test func UnansweredCameraRequest_IsTheHandlerNeverDeciding() {
        let result = Run.result("camera.getUserMedia", ["outcome": "error", "errorName": "TimeoutError", "elapsedMs": 30000])
        let finding = Run.finding(.androidWebView, result)
        #expect(finding.verdict == .fail)
        #expect(finding.layer == .webView)
        #expect(finding.diagnosis?.contains("never answered") == true)
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
