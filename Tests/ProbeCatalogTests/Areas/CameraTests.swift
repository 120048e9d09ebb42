import Testing
@testable import ProbeCatalog

// The camera and its media: what docs/requirements.md expects of each probe of the area (written out
// independently of the catalog, so a wrong expectation cannot pass by agreeing with itself),
// and the diagnoses its evaluators state, each proved by a named test.

extension Expected {
    static let camera: [Expected] = [
        .init("media.autoplay", "RIRIRRI"),
        .init("media.inline", "RRRRRRI"),
        .init("camera.api", "RRRRRRR", blocksFlow: true),
        .init("camera.devices", "RRRRRRI"),
        .init("camera.permission", "IIIIIII", blocksFlow: true),
        .init("camera.getUserMedia", "RRRRRRI", .tap, blocksFlow: true),
        .init("camera.frames", "RRRRRRI", blocksFlow: true),
        .init("camera.facing", "IIIIIII"),
        .init("camera.resolution", "IIIIIII"),
        .init("camera.reacquire", "RIRIRRI"),
        .init("camera.scope", "SISISSI"),
        .init("camera.microphone", "SISISSI"),
        .init("camera.foreignOrigin", "SISISSI"),
    ]
}

@Suite struct CameraDiagnosisTests {
    @Test func CameraDeniedFast_IsDiagnosedAsWebViewLayer() {
        let denied = Run.result("camera.getUserMedia", ["outcome": "error", "errorName": "NotAllowedError", "errorMessage": "Permission denied", "elapsedMs": 12, "permissionStateBefore": "prompt"])
        let android = Run.finding(.androidWebView, denied)
        #expect(android.verdict == .fail)
        #expect(android.layer == .webView)
        #expect(android.diagnosis?.contains("onPermissionRequest") == true)
        #expect(android.remedy?.androidKotlin?.contains("RESOURCE_VIDEO_CAPTURE") == true)
        #expect(android.remedy?.fix(.nativeIOS) == nil, "an Android app is offered no WKWebView fix")
        #expect(Remedy.cameraGrant.iosSwift?.contains("requestMediaCapturePermissionFor") == true)
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

    @Test func CameraGrantedOnTheSecondOrigin_MeansTheOriginCheckIsMissing() {
        let result = Run.result("camera.foreignOrigin", ["via": "frame", "otherPortOutcome": "error", "otherHostOutcome": "granted", "otherHostElapsedMs": 40])
        let finding = Run.finding(.androidWebView, result)
        #expect(finding.verdict == .fail)
        #expect(finding.severity == .critical)
        #expect(finding.diagnosis?.hasPrefix("The camera was granted to the second origin's host: ") == true)
        #expect(finding.causes.map(\.id) == ["native-android.permissionRequestOriginHost"])
        #expect(finding.diagnosis?.contains("compares no host, or matches it loosely") == true)
        #expect(finding.remedy?.androidKotlin?.contains("scheme") == true)
    }

    @Test func CameraGrantedOnTheOtherPortOnly_MeansTheCheckComparesHostButNotPort() {
        let result = Run.result("camera.foreignOrigin", ["otherPortOutcome": "granted", "otherPortElapsedMs": 30, "otherHostOutcome": "error"])
        // A failure under the strict contract; a warning under liveform (see OriginStrictnessTests).
        let finding = Run.finding(.iosWKWebView, result, requirementSet: "video-only")
        #expect(finding.verdict == .fail)
        #expect(finding.causes.map(\.id) == ["native-ios.mediaCaptureOrigin"])
        #expect(finding.diagnosis?.contains("without comparing protocol, host and port") == true)
        #expect(finding.remedy?.iosSwift?.contains("port") == true)
    }

    @Test func CameraGrantedOnTheOtherHostToo_MeansEveryOriginIsGranted() {
        let result = Run.result("camera.foreignOrigin", ["otherPortOutcome": "granted", "otherHostOutcome": "granted", "otherPortElapsedMs": 30, "otherHostElapsedMs": 30])
        let finding = Run.finding(.rnWebViewAndroid, result)
        #expect(finding.verdict == .fail)
        #expect(finding.diagnosis?.hasPrefix("The camera was granted on another host and on another port") == true)
        #expect(finding.causes.contains { $0.id == "native-android.permissionRequestOrigin" })
    }

    @Test func CameraGrantedToAForeignOriginAfterAPrompt_OnIOS_SaysSo_AndNamesTheDelegatesOriginCheck() {
        let result = Run.result("camera.foreignOrigin", ["otherPortOutcome": "granted", "otherPortElapsedMs": 3000, "otherHostOutcome": "error"])
        let finding = Run.finding(.iosWKWebView, result)
        #expect(finding.diagnosis?.contains("other port only, after a prompt") == true)
        #expect(finding.causes.map(\.id) == ["native-ios.mediaCaptureOrigin"])
    }

    @Test func CameraGrantedOnTheOtherPortOnly_OnAndroid_NamesTheHandlersPortCheck() {
        let result = Run.result("camera.foreignOrigin", ["otherPortOutcome": "granted", "otherPortElapsedMs": 30, "otherHostOutcome": "error"])
        let finding = Run.finding(.androidWebView, result, requirementSet: "video-only")
        #expect(finding.verdict == .fail)
        #expect(finding.causes.map(\.id) == ["native-android.permissionRequestOriginPort"])
        #expect(finding.diagnosis?.contains("compares the host but not the port or scheme") == true)
    }

    @Test func CameraDeniedOnBothForeignOrigins_Passes() {
        let result = Run.result("camera.foreignOrigin", ["otherPortOutcome": "error", "otherHostOutcome": "error"])
        #expect(Run.finding(.androidWebView, result).verdict == .pass)
    }

    @Test func AudioGrantedWhenOnlyVideoWasNeeded_MeansTheHostGrantsEveryResource() {
        let result = Run.result("camera.scope", ["audioOutcome": "granted", "videoAudioOutcome": "granted", "audioTracks": 1, "elapsedMs": 20])
        let android = Run.finding(.androidWebView, result)
        #expect(android.verdict == .fail)
        #expect(android.severity == .critical)
        #expect(android.diagnosis?.hasPrefix("Audio was granted when only video was needed: ") == true)
        #expect(android.causes.map(\.id) == ["native-android.permissionRequestOrigin", "native-android.permissionRequestGrantsResources"])
        #expect(android.diagnosis?.contains("request.grant(request.resources)") == true)
        #expect(android.remedy?.androidKotlin?.contains("RESOURCE_VIDEO_CAPTURE") == true)
        // On iOS the decision is asked per capture type: the row that says so, not the origin check's.
        let ios = Run.finding(.iosWKWebView, result)
        #expect(ios.causes.map(\.id) == ["native-ios.mediaCaptureType"])
        #expect(ios.diagnosis?.contains("grants without looking at the capture type") == true)
    }

    @Test func AMicrophoneTheAppGranted_FailsWithTheGrantEverythingCause_AndFoldsUnderTheScopeStep() {
        let microphone = Run.result("camera.microphone", ["outcome": "granted", "via": "scope", "audioTracks": 1, "level": 0.02, "elapsedMs": 20])
        let scope = Run.result("camera.scope", ["audioOutcome": "granted", "videoAudioOutcome": "granted", "audioTracks": 1, "elapsedMs": 20])
        let alone = Run.finding(.androidWebView, microphone)
        #expect(alone.verdict == .fail)
        #expect(alone.diagnosis?.hasPrefix("Audio was granted when only video was needed: ") == true)
        #expect(alone.causes.map(\.id).contains("native-android.permissionRequestGrantsResources"))
        #expect(alone.observed.contains("-34 dBFS"))
        let report = Run.report(.androidWebView, [microphone, scope])
        #expect(report.findings.first { $0.probe == "camera.microphone" }?.consequenceOf == "camera.scope")
    }

    @Test func AMicrophoneRefused_PassesInAnApp_AndIsThePersonsChoiceInABrowser() {
        let refused = Run.result("camera.microphone", ["outcome": "error", "errorName": "NotAllowedError", "via": "scope", "audioTracks": 0, "elapsedMs": 20])
        #expect(Run.finding(.androidWebView, refused).verdict == .pass)
        #expect(Run.finding(.iosSafari, refused).verdict == .info)
    }

    @Test func AMicrophoneThatFailedToStartAfterTheGrant_IsAGrantInAnApp() {
        // NotReadableError follows a granted permission: the host handed the page the microphone.
        let failed = Run.result("camera.microphone", ["outcome": "error", "errorName": "NotReadableError", "via": "scope", "audioTracks": 0, "elapsedMs": 30])
        let finding = Run.finding(.androidWebView, failed)
        #expect(finding.verdict == .fail)
        #expect(finding.causes.map(\.id) == ["native-android.permissionRequestGrantsResources"])
    }

    @Test func AudioInAVideoOnlyStream_NamesTheHandlerThatGrantsItsResources_AndABrowserOnlyWhatWasSeen() {
        let audio = Run.result("camera.getUserMedia", ["outcome": "granted", "audioTracks": 1, "elapsedMs": 30])
        let android = Run.finding(.androidWebView, audio)
        #expect(android.verdict == .warn)
        #expect(android.causes.map(\.id) == ["native-android.permissionRequestGrantsResources"])
        #expect(android.remedy?.androidKotlin?.contains("RESOURCE_VIDEO_CAPTURE") == true)
        let desktop = Run.finding(.desktop, audio)
        #expect(desktop.diagnosis == "Video alone was asked for, yet the stream carries audio.")
        #expect(desktop.causes.isEmpty)
    }

    @Test func ASilentMicrophoneInABrowser_IsSaid() {
        let silent = Run.result("camera.microphone", ["outcome": "granted", "via": "own", "audioTracks": 1, "level": 0, "silent": true, "muted": true, "elapsedMs": 900])
        let finding = Run.finding(.androidChrome, silent)
        #expect(finding.diagnosis?.contains("muted") == true)
        #expect(finding.observed.contains("silence"))
    }

    @Test func TheCameraResolutions_AreReportedAsTheLargestGranted() {
        let ladder: JSONValue = .array([
            .object(["requested": "640x480", "outcome": "granted", "width": 640, "height": 480, "frameRate": 30]),
            .object(["requested": "1920x1080", "outcome": "error", "errorName": "OverconstrainedError"]),
        ])
        let result = Run.result("camera.resolution", ["ladder": ladder, "maxWidth": 640, "maxHeight": 480, "maxFrameRate": 30])
        let finding = Run.finding(.androidWebView, result)
        #expect(finding.verdict == .info)
        #expect(finding.observed == "up to 640×480 at up to 30 fps; 1 of 2 sizes granted")
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

    @Test func GrantedStreamWithBlackFrames_PointsAtInlineAndAutoplaySettings() {
        let frames = Run.result("camera.frames", ["playing": true, "width": 640, "height": 480, "frames": 30, "black": true, "frozen": false, "fullscreen": false])
        let inline = Run.result("media.inline", ["inline": false, "enteredFullscreen": true])
        let finding = Run.finding(.iosWKWebView, frames, others: [inline])
        #expect(finding.verdict == .fail)
        #expect(finding.diagnosis?.contains("black") == true)
        #expect(finding.diagnosis?.contains("media.inline failed too") == true)
        #expect(finding.remedy?.iosSwift?.contains("allowsInlineMediaPlayback = true") == true)
        #expect(finding.remedy?.fix(.nativeAndroid) == nil, "an iOS app is offered no android.webkit fix")
        #expect(Remedy.inlineAndAutoplay.androidKotlin?.contains("mediaPlaybackRequiresUserGesture = false") == true)
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
        #expect(finding.causes.map(\.id) == ["ios.inline-playback-off"])
        #expect(finding.diagnosis?.hasPrefix("The camera preview left the page for a fullscreen player: allowsInlineMediaPlayback is false (the iPhone default)") == true)
    }

    @Test func BlackPreviewOnAndroid_NamesTheGestureRule_UnlessAPlayWithoutAGestureRulesItOut() {
        let black = Run.result("camera.frames", ["playing": true, "frames": 30, "black": true, "frozen": false, "fullscreen": false])
        #expect(Run.finding(.androidWebView, black).causes.map(\.id) == ["android.autoplay.gesture-required"])
        let played = Run.result("media.autoplay", ["played": true])
        #expect(Run.finding(.androidWebView, black, others: [played]).causes.isEmpty)
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

    @Test func MissingCameraAPI_InAnInsecureContext_NamesThePageAsTheOnlyCause() {
        let api = Run.result("camera.api", ["mediaDevices": false, "getUserMedia": false])
        let context = Run.result("env.secureContext", ["isSecureContext": false, "protocol": "http:"])
        let finding = Run.finding(.iosWKWebView, api, others: [context])
        #expect(finding.causes.map(\.id) == ["page.insecure-context"])
    }

    @Test func AnUnlistedGetUserMediaError_IsTheEnginesReason_NotAPermissionLayer() {
        let result = Run.result("camera.getUserMedia", ["outcome": "error", "errorName": "InvalidStateError", "elapsedMs": 40])
        let finding = Run.finding(.androidWebView, result)
        #expect(finding.verdict == .fail)
        #expect(finding.causes.first?.id == "camera.engine-error")
        #expect(finding.diagnosis?.contains("InvalidStateError") == true)
        #expect(!finding.causes.contains { $0.layer == .webViewPermissionHandler || $0.layer == .osPermission })
    }

    @Test func ReacquireWithASecondPrompt_Warns() {
        let result = Run.result("camera.reacquire", ["outcome": "granted", "elapsedMs": 2500, "promptShown": true])
        #expect(Run.finding(.iosWKWebView, result).verdict == .warn)
    }

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
}
