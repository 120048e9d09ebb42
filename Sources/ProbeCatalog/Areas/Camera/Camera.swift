// The probes of the camera and the media it plays: autoplay, inline video, the API, the grant, the
// frames and whom it is granted to: their names, their declarations, the diagnoses they can state,
// how their results are judged and the fixes their findings carry, side by side. Their ranked
// causes are in `Symptoms+*.swift` beside this file; docs/adding-a-probe.md walks adding a probe
// here.

/// The names of this area's probes, in page order: each is the `id` of one declaration below.
extension ProbeID {
    public static let mediaAutoplay = ProbeID(rawValue: "media.autoplay")
    public static let mediaInline = ProbeID(rawValue: "media.inline")
    public static let cameraApi = ProbeID(rawValue: "camera.api")
    public static let cameraDevices = ProbeID(rawValue: "camera.devices")
    public static let cameraPermission = ProbeID(rawValue: "camera.permission")
    public static let cameraGetUserMedia = ProbeID(rawValue: "camera.getUserMedia")
    public static let cameraFrames = ProbeID(rawValue: "camera.frames")
    public static let cameraFacing = ProbeID(rawValue: "camera.facing")
    public static let cameraReacquire = ProbeID(rawValue: "camera.reacquire")
    public static let cameraScope = ProbeID(rawValue: "camera.scope")
    public static let cameraForeignOrigin = ProbeID(rawValue: "camera.foreignOrigin")
}

extension StandardProbes {
    static let outcomeValues = ["granted", "error", "not-run"]
    static let permissionStates = ["granted", "denied", "prompt", "unsupported"]

    // MARK: media

    static let media: [Probe] = [
        Probe(
            id: .mediaAutoplay, title: "Autoplay",
            instructions: "Nothing to do.",
            kind: .auto, phase: .media,
            checks: "An unmuted play() without a gesture.",
            observed: [
                F("played", .boolean, "True when play() resolved."),
                F("allowed", .boolean, "True when play() was accepted: the element left the paused state, which only an allowed play() does (https://html.spec.whatwg.org/multipage/media.html#dom-media-play), even if the clip had not started by playMs."),
                F("errorName", .string, "Rejection name, e.g. \"NotAllowedError\"."),
                F("errorMessage", .string, "Exception message of the first failure."),
            ],
            healthy: .init(["played": true]),
            thresholds: [
                Threshold("playMs", ms: 4000, "The clip is a few KB from this server; an allowed play() starts in well under a second, and a refused one may never reject (older WebKit)."),
            ],
            expectation: .init(
                .required, ExpectationRule.on(ExpectationRule.browsers, .info),
                expected: "allowed without a gesture",
                expectedOn: [.iosSafari: "blocked until a gesture (browser policy)", .androidChrome: "blocked until a gesture (browser policy)", .desktop: "browser policy"]),
            remedy: .autoplay).evaluated(
                by: Diff.evaluateAutoplay,
                concluding: [
                "refused in a WebView → media requires a user gesture (Android WebView's default: mediaPlaybackRequiresUserGesture is true)",
                ]),
        Probe(
            id: .mediaInline, title: "Inline video",
            instructions: "Nothing to do.",
            kind: .auto, phase: .media,
            checks: "A playsinline video stays in the page (not fullscreen).",
            observed: [
                F("inline", .boolean, "True when the video played inside the page."),
                F("enteredFullscreen", .boolean, "True when a fullscreen/webkitbeginfullscreen event fired."),
                F("played", .boolean, "True when the video played at all."),
                F("allowed", .boolean, "True when play() was accepted (as media.autoplay), even if the clip had not started by playMs."),
                F("errorName", .string, "Rejection name of play(), e.g. \"NotAllowedError\"."),
            ],
            healthy: .init(["inline": true, "enteredFullscreen": false, "played": true]),
            thresholds: [
                Threshold("playMs", ms: 4000, "As media.autoplay."),
                Threshold("fullscreenSettleMs", ms: 500, "A fullscreen player takes over just after playing starts; its events fire within this."),
            ],
            expectation: .init(.required, [.desktop: .info], expected: "plays inline"),
            remedy: .inlineMedia).evaluated(
                by: Diff.evaluateInline,
                concluding: [
                "fullscreen on iOS → allowsInlineMediaPlayback false (its default on iPhone)",
                ])
            // It spends most of its time waiting fullscreenSettleMs for a player that would
            // take its clip over, and the camera's steps after it neither read what it observes
            // nor change it (its clip is muted: no audio session is taken from the capture).
            // Not on iOS: there a clip refused inline playback goes fullscreen over the page and
            // the camera's preview, and WebKit has delivered requestVideoFrameCallback
            // (camera.frames' count) only to a displayed video
            // (https://bugs.webkit.org/show_bug.cgi?id=282782), so one result could change the other.
            .runningBesideTheNext(on: [.android, .desktop]),
    ]

    // MARK: camera

    static let camera: [Probe] = [
        Probe(
            id: .cameraApi, title: "Camera API present",
            instructions: "Nothing to do.",
            kind: .auto, phase: .camera,
            checks: "navigator.mediaDevices.getUserMedia exists.",
            observed: [
                F("mediaDevices", .boolean, "True when navigator.mediaDevices exists."),
                F("getUserMedia", .boolean, "True when navigator.mediaDevices.getUserMedia is a function."),
            ],
            healthy: .init(["mediaDevices": true, "getUserMedia": true]),
            expectation: .init(.required, expected: "present"),
            remedy: .secureContext).evaluated(
                by: Diff.evaluateCameraAPI,
                concluding: [
                "absent in an insecure context → https",
                "absent on iOS < 14.3 → no getUserMedia in WKWebView (it arrived with iOS 14.3)",
                "absent otherwise → WebView without WebRTC",
                ]).blockingTheFlow(),
        Probe(
            id: .cameraDevices, title: "Cameras listed",
            instructions: "Nothing to do.",
            kind: .auto, after: .cameraRequestEnded, phase: .camera,
            checks: "enumerateDevices before and after the grant: video inputs and whether labels show.",
            observed: [
                F("videoInputsBefore", .integer, "Video inputs before the grant."),
                F("videoInputsAfter", .integer, "Video inputs after the grant (null when no grant happened)."),
                F("labelsBefore", .boolean, "True when device labels were readable before the grant."),
                F("labelsAfter", .boolean, "True when device labels were readable after the grant."),
            ],
            healthy: .init(["videoInputsBefore": 2, "videoInputsAfter": 2, "labelsBefore": false, "labelsAfter": true]),
            thresholds: [
                Threshold("enumerateMs", ms: 3000, "enumerateDevices answers from the device list at once; a patched or broken one is reported as unknown."),
            ],
            expectation: .init(.required, [.desktop: .info], expected: "at least one video input"),
            remedy: nil).evaluated(
                by: Diff.evaluateDevices,
                concluding: [
                "no video input → no camera, or no OS permission",
                ]),
        Probe(
            id: .cameraPermission, title: "Camera permission state",
            instructions: "Nothing to do.",
            kind: .auto, after: .cameraRequestEnded, phase: .camera,
            checks: "permissions.query({name:'camera'}) before and after (\"unsupported\" is a value).",
            observed: [
                F("stateBefore", .string, "Permission state before getUserMedia.", values: permissionStates),
                F("stateAfter", .string, "Permission state after getUserMedia.", values: permissionStates),
            ],
            healthy: .init(["stateBefore": "prompt", "stateAfter": "granted"]),
            expectation: .init(.info, expected: "reported for information")).evaluated(by: Diff.evaluatePermissionState).blockingTheFlow(),
        Probe(
            id: .cameraGetUserMedia, title: "Camera access",
            instructions: "Tap \"Start camera\". If a prompt appears, allow it.",
            kind: .tap, autoWhenUnattended: true, phase: .camera,
            checks: "getUserMedia({video:true}): granted, or the error name and message and how long the denial took.",
            observed: [
                F("outcome", .string, "granted, or error.", values: ["granted", "error"]),
                F("errorName", .string, "DOMException name: NotAllowedError, NotFoundError, NotReadableError, OverconstrainedError, SecurityError, AbortError, TypeError; or TimeoutError (set by the page) when the promise did not settle within its timeout."),
                F("errorMessage", .string, "DOMException message."),
                F("elapsedMs", .number, "Milliseconds from the call to the promise settling (a denial under ~250 ms had no human in it)."),
                F("permissionStateBefore", .string, "permissions.query camera state before the call.", values: permissionStates),
                F("permissionStateAfter", .string, "permissions.query camera state after the call.", values: permissionStates),
                F("promptShown", .boolean, "Whether a prompt appeared, when known (asked of the operator, or inferred by the page); null when unknown."),
                F("videoTracks", .integer, "Video tracks in the granted stream."),
                F("audioTracks", .integer, "Audio tracks in the granted stream (must be 0)."),
                F("settings", .object, "track.getSettings() of the granted video track: width, height, frameRate, facingMode."),
            ],
            healthy: .init(["outcome": "granted", "elapsedMs": 420, "promptShown": false, "videoTracks": 1, "audioTracks": 0]),
            thresholds: [
                Threshold("grantWaitMs", ms: 60000, "A person reads the prompt and answers it; a minute leaves room for one who hesitates."),
                Threshold("grantWaitUnattendedMs", ms: 20000, "No person answers: a WebView handler answers within milliseconds, and one with no handler never settles (QtWebEngine), which this bound turns into TimeoutError."),
            ],
            expectation: .init(
                .required, [.desktop: .info],
                expected: "granted for the probe origin"),
            remedy: .cameraGrant, marksStart: true).evaluated(
                by: Diff.evaluateGetUserMedia,
                concluding: [
                "NotAllowedError under \(Int(Diff.fastDenialMs)) ms with no prompt → the WebView's handler (iOS: the media-capture delegate denied; Android: no onPermissionRequest grant) or the app's OS permission (iOS: camera off in Settings, which WebKit checks first; Android: no CAMERA runtime permission), told apart by AVCaptureDevice.authorizationStatus / checkSelfPermission",
                "Cordova on Android → the CAMERA runtime permission (cordova-android grants every WebView request itself)",
                "NotAllowedError after a prompt or slowly → the person's answer",
                "permission state denied before the call → the OS permission or a stored denial, however fast (not on Android WebView, whose permissions.query answers denied for the camera before any request)",
                "NotFoundError → no camera (conclusive with no video input); NotReadableError → camera busy or failed to start",
                "TimeoutError (page-defined) → the handler never answered (or, in Cordova, a request left pending after a grant without the runtime permission)",
                "no result \(Int(Diff.stalledStepSeconds)) s after the step's start marker → the run stopped here (iOS: NSCameraUsageDescription missing; a crashed renderer; the app navigated away)",
                "TypeError where camera.api found no getUserMedia → the camera API's causes (folded under camera.api)",
                ]).failing(as:
            Consequence(of: .cameraApi, because: "getUserMedia cannot be called where navigator.mediaDevices.getUserMedia does not exist",
                        unless: { $0.string("errorName") != "TypeError" })).blockingTheFlow(),
        Probe(
            id: .cameraFrames, title: "Camera preview",
            instructions: "Point the camera at something that moves.",
            kind: .auto, after: .cameraGrant, phase: .camera,
            checks: "An inline <video playsinline muted autoplay>: size, frame rate, black-frame and frozen-frame checks, fullscreen check.",
            observed: [
                F("playing", .boolean, "True when the preview video reached the playing state."),
                F("width", .integer, "videoWidth of the preview."),
                F("height", .integer, "videoHeight of the preview."),
                F("frames", .integer, "Frames per second over the time sampled (requestVideoFrameCallback), or distinct canvas samples over one second where that API is missing."),
                F("sampledMs", .integer, "How long frames were sampled: the whole second, or less once two distinct lit pictures at a live camera's rate had decided it (decideMs)."),
                F("black", .boolean, "True when sampled frames were all black."),
                F("frozen", .boolean, "True when the lit samples were all alike (every sample, when none was lit): dark samples, a camera settling its exposure, say nothing of motion, so a camera that freezes after them is frozen."),
                F("fullscreen", .boolean, "True when the preview left the page for a fullscreen player."),
                F("frameSource", .string, "How `frames` was counted: requestVideoFrameCallback calls, or distinct canvas samples where that API is missing.", values: ["frameCallbacks", "distinctSamples"]),
                F("meanLuma", .number, "Mean luma (0–255) of the sampled frames; under 10 counts as black."),
                F("sampleError", .string, "Exception name when drawing the video to a canvas threw."),
                F("settings", .object, "track.getSettings() of the previewed track."),
                F("errorName", .string, "Rejection name of play() on the preview."),
                F("snapshot", .string, "Whether the preview's first frame went to the report as an upload of this probe (`sent`; `off` with ?snapshot=off; `no-frame`; `refused STATUS`; `failed: NAME`). Evidence only: it never decides the step."),
            ],
            healthy: .init(["playing": true, "width": 1280, "height": 720, "frames": 30, "black": false, "frozen": false, "fullscreen": false]),
            thresholds: [
                Threshold("playMs", ms: 5000, "A granted stream plays within a second; a muted autoplay video refused by the WebView never does."),
                Threshold("settleMs", ms: 300, "Sampling starts at the first frame the preview presents (requestVideoFrameCallback), at most this long after it started playing, and this long after it where that API is missing: before a frame arrives a canvas draws nothing."),
                Threshold("sampleMs", ms: 1000, "Frames are counted over one second at most: a live camera gives 15 to 60 a second."),
                Threshold("decideMs", ms: 200, "A stream that has shown two distinct lit pictures at a live camera's rate (liveFrameMs) is decided after 200 ms, three frames even at 15 a second: black needs every sample dark and frozen every lit sample alike, so neither can turn true once it was seen; a dark, still or slow stream is sampled for the whole second."),
                Threshold("liveFrameMs", ms: 67, "A live camera's rate: a frame every 67 ms or sooner, 15 a second or more (the slowest a camera gives, sampleMs); a stream slower than that is counted over the whole second."),
            ],
            expectation: .init(.required, [.desktop: .info], expected: "real, moving, inline frames"),
            remedy: .inlineMedia).evaluated(
                by: Diff.evaluateFrames,
                concluding: [
                "fullscreen → inline playback off",
                "black or frozen frames in a granted stream → inline/autoplay settings (combined with media.inline and media.autoplay)",
                ]).blockingTheFlow(),
        Probe(
            id: .cameraFacing, title: "Front and back cameras",
            instructions: "Nothing to do.",
            kind: .auto, after: .cameraGrant, phase: .camera,
            checks: "facingMode environment and user: the settings the track reports.",
            observed: [
                F("environmentOk", .boolean, "True when facingMode 'environment' gave a stream."),
                F("environmentFacing", .string, "track.getSettings().facingMode for that stream."),
                F("userOk", .boolean, "True when facingMode 'user' gave a stream."),
                F("userFacing", .string, "track.getSettings().facingMode for that stream."),
                F("environmentErrorName", .string, "Error name when facingMode 'environment' gave no stream."),
                F("userErrorName", .string, "Error name when facingMode 'user' gave no stream."),
            ],
            healthy: .init(["environmentOk": true, "environmentFacing": "environment", "userOk": true, "userFacing": "user"]),
            thresholds: [
                Threshold("grantWaitMs", ms: 10000, "The camera is already granted: each facingMode request answers within a few seconds, or is refused."),
            ],
            expectation: .init(.info, expected: "both cameras on phones")).evaluated(by: Diff.evaluateFacing),
        Probe(
            id: .cameraReacquire, title: "Camera again",
            instructions: "Nothing to do; if a prompt appears again, note it.",
            kind: .auto, after: .cameraGrant, phase: .camera,
            checks: "Stop all tracks and request the camera again.",
            observed: [
                F("outcome", .string, "granted, or error.", values: ["granted", "error"]),
                F("errorName", .string, "DOMException name on error."),
                F("errorMessage", .string, "DOMException message on error."),
                F("elapsedMs", .number, "Milliseconds to settle (a second prompt shows as a slow grant)."),
                F("permissionStateBefore", .string, "permissions.query camera state before the second request.", values: permissionStates),
                F("promptShown", .boolean, "Whether a second prompt appeared, when known."),
            ],
            healthy: .init(["outcome": "granted", "elapsedMs": 300, "promptShown": false]),
            thresholds: [
                Threshold("grantWaitMs", ms: 60000, "A person reads the prompt and answers it; a minute leaves room for one who hesitates. A second prompt shows as a slow grant."),
                Threshold("grantWaitUnattendedMs", ms: 20000, "No person answers: a WebView handler answers within milliseconds, and one with no handler never settles (QtWebEngine), which this bound turns into TimeoutError."),
            ],
            expectation: .init(
                .required, ExpectationRule.on(ExpectationRule.browsers, .info),
                expected: "granted again, no second prompt"),
            remedy: .cameraReacquire).evaluated(
                by: Diff.evaluateReacquire,
                concluding: [
                "granted after a second prompt → the host prompts every time (warning)",
                ]),
        Probe(
            id: .cameraScope, title: "Only the camera",
            instructions: "Nothing to do.",
            kind: .auto, phase: .camera,
            checks: "getUserMedia({audio:true}) and ({video:true, audio:true}), and getDisplayMedia where present: all must be denied.",
            observed: [
                F("audioOutcome", .string, "{audio:true}: granted or error.", values: outcomeValues),
                F("audioErrorName", .string, "Error name for {audio:true}."),
                F("videoAudioOutcome", .string, "{video:true, audio:true}: granted or error.", values: outcomeValues),
                F("videoAudioErrorName", .string, "Error name for {video:true, audio:true}."),
                F("audioTracks", .integer, "Audio tracks received in any granted stream."),
                F("displayOutcome", .string, "getDisplayMedia({video:true}): granted, error, or unsupported.", values: outcomeValues + ["unsupported"]),
                F("displayErrorName", .string, "Error name for getDisplayMedia."),
                F("elapsedMs", .number, "Milliseconds the audio request took to settle."),
                F("videoAudioTracks", .integer, "Audio tracks in the {video:true, audio:true} stream (Chromium resolves it with video alone when only the camera is granted)."),
            ],
            healthy: .init(["audioOutcome": "error", "audioErrorName": "NotAllowedError", "videoAudioOutcome": "error", "videoAudioErrorName": "NotAllowedError", "audioTracks": 0, "displayOutcome": "unsupported", "elapsedMs": 20]),
            thresholds: [
                Threshold("grantWaitMs", ms: 30000, "A person may be asked about the microphone; half a minute to answer."),
                Threshold("grantWaitUnattendedMs", ms: 10000, "No person answers: a WebView handler answers within milliseconds, and one with no handler never settles (QtWebEngine), which this bound turns into TimeoutError."),
                Threshold("displayMs", ms: 3000, "getDisplayMedia without a gesture is refused at once where it exists; a picker left open is as good as refused."),
            ],
            expectation: .init(
                .security, ExpectationRule.on(ExpectationRule.browsers, .info),
                expected: "audio denied (the host grants only the camera)",
                expectedOn: [.iosSafari: "the person decides", .androidChrome: "the person decides", .desktop: "the person decides"]),
            remedy: .videoOnlyGrant).evaluated(
                by: Diff.evaluateScope,
                concluding: [
                "audio granted → the host grants every requested resource (Android: grant(request.resources))",
                "display capture granted under video-only → the video-only requirement set is broken",
                ]),
        microphone,
        // After the microphone, which listens beside it (camera.microphone's declaration).
        resolution,
        Probe(
            id: .cameraForeignOrigin, title: "Camera from another origin",
            instructions: "Nothing to do.",
            kind: .auto, phase: .camera,
            checks: "The camera asked from the second origin: the same host on another port, and another host (in a frame, or a navigation that reports back).",
            observed: [
                F("via", .string, "How the second origin ran: frame or navigation.", values: ["frame", "navigation"]),
                F("otherPortOutcome", .string, "Same host, other port: granted, error, or not-run.", values: outcomeValues),
                F("otherPortErrorName", .string, "Error name on the other port."),
                F("otherPortElapsedMs", .number, "Milliseconds to settle on the other port."),
                F("otherHostOutcome", .string, "Other host: granted, error, or not-run.", values: outcomeValues),
                F("otherHostErrorName", .string, "Error name on the other host."),
                F("otherHostElapsedMs", .number, "Milliseconds to settle on the other host."),
            ],
            healthy: .init(["via": "frame", "otherPortOutcome": "error", "otherPortErrorName": "NotAllowedError", "otherPortElapsedMs": 30, "otherHostOutcome": "error", "otherHostErrorName": "NotAllowedError", "otherHostElapsedMs": 30]),
            thresholds: [
                Threshold("frameAnswerMs", ms: 15000, "The frame loads on the second origin and asks for the camera; a prompt the host shows for a foreign origin stays unanswered in unattended runs."),
            ],
            expectation: .init(
                .security, ExpectationRule.on(ExpectationRule.browsers, .info),
                expected: "denied on both",
                expectedOn: [.iosSafari: "the person decides", .androidChrome: "the person decides", .desktop: "the person decides"]),
            remedy: .strictOrigin).evaluated(
                by: Diff.evaluateForeignOrigin,
                concluding: [
                "granted on the other host → the origin check is missing",
                "granted on the other host and port → every origin is granted",
                "granted on the other port only → host compared but not the port; a warning under liveform, whose own samples check the host only",
                "granted after a prompt on iOS → the delegate returns .prompt instead of .deny for foreign origins",
                ]),
    ]

    /// The failing observations this area's evaluators rank causes for (`Catalog.symptoms`).
    static let cameraSymptoms: [Symptom] = [.autoplayRefused, .inlineRefused, .previewNotPlaying, .cameraDenied, .cameraNotReadable, .cameraNotFound, .cameraOtherError, .cameraUnanswered, .cameraAPIMissing, .cameraNoDevices, .promptsAgain]
}

/// Media playback: the leads of the diagnoses the evaluators below word from the causes in
/// `Symptoms+Media.swift`.
extension Diagnosis {
    // Both leads say what the page saw: the gesture and inline-playback facts are the
    // platform's rows (native Android's mediaPlaybackRequiresUserGesture, native iOS's
    // mediaTypesRequiringUserActionForPlayback and allowsInlineMediaPlayback) and the
    // symptoms' causes those rows link.
    static let autoplayRefused = KnownDiagnosis("media.autoplay-refused", probes: [.mediaAutoplay], .observation) {
        "Unmuted media did not play without a gesture"
    }
    static let inlineRefused = KnownDiagnosis("media.inline-refused", probes: [.mediaInline], .observation) {
        "The playsinline video did not play inside the page"
    }
    /// Every diagnosis declared in this file, for the docs and the tests (a test holds the list to the declarations).
    static let mediaDeclared: [any DeclaredDiagnosis] = [
        autoplayRefused, inlineRefused,
    ]
}

/// The camera: the diagnoses the evaluators below state (the causes they rank are in
/// `Symptoms+Camera.swift`).
extension Diagnosis {
    /// The leads of `Symptom.cameraAPIMissing`'s diagnosis.
    // What the page saw; that navigator.mediaDevices is offered to secure contexts only is the
    // symptom's page.insecure-context cause, concluded by env.secureContext.
    static let cameraAPIInsecure = KnownDiagnosis("camera.api-insecure-context", probes: [.cameraApi], .observation) {
        "The camera API is missing in a page that is not a secure context"
    }
    // What the page saw on that iOS; the fact (no getUserMedia in WKWebView before 14.3) is
    // native iOS's getUserMedia row and its known cause.
    static let cameraAPIOldIOS = KnownDiagnosis("ios.camera.api-before-14.3", probes: [.cameraApi], .observation) { (version: Version) in
        "The camera API is missing on iOS \(version)"
    }
    static let cameraAPIMissing = KnownDiagnosis("camera.api-missing", probes: [.cameraApi], .observation) {
        "The camera API is missing in a secure context"
    }
    /// getUserMedia threw because the API it calls is absent (camera.api saw it missing).
    static let cameraCallMissing = KnownDiagnosis("camera.call-missing", probes: [.cameraGetUserMedia, .cameraReacquire], .observation) { (errorName: String) in
        "getUserMedia could not be called (\(errorName)): camera.api found no navigator.mediaDevices.getUserMedia"
    }

    static let noCameraListed = KnownDiagnosis("camera.no-devices", probes: [.cameraDevices], .observation) { "No camera is listed" }

    // What the page saw; the cause is native Android's permissionRequestGrantsAudio row (the
    // host grants the resources it passes to PermissionRequest.grant, whatever the page asked).
    static let audioAddedToGrant = KnownDiagnosis("webview.camera-grant-adds-audio", probes: [.cameraGetUserMedia], .observation) {
        "Video alone was asked for, yet the stream carries audio"
    }

    // What the page saw; what the error name means is `Symptom.cameraOtherError`'s causes (the
    // web platform's named DOMExceptions, the device), which no setting of the app decides.
    static let cameraEngineFailed = KnownDiagnosis("camera.engine-failed", probes: [.cameraGetUserMedia, .cameraReacquire], .observation) { (errorName: String) in
        "getUserMedia failed with \(errorName), a name that is neither a denial nor a missing or busy camera"
    }

    /// The lead of a refused camera's diagnosis: the error, its speed and the prompt
    /// (`CauseEvidence.denialWords`); the causes are the symptom's.
    static let cameraRefused = KnownDiagnosis("camera.refused", probes: [.cameraGetUserMedia, .cameraReacquire], .observation) { (denial: String, stateAlreadyDenied: Bool) in
        denial + (stateAlreadyDenied ? " (the permission state was already denied before the request)" : "")
    }

    // What the page saw; the causes are `Symptom.previewNotPlaying`'s, which native iOS's
    // allowsInlineMediaPlayback and native Android's mediaPlaybackRequiresUserGesture rows link.
    static let previewFullscreen = KnownDiagnosis("ios.camera.preview-fullscreen", probes: [.cameraFrames], .observation) {
        "The camera preview left the page for a fullscreen player"
    }

    static let previewNotPlaying = KnownDiagnosis("webview.camera-preview-not-playing", probes: [.cameraFrames], .observation) { (black: Bool, inlineFailed: Bool, autoplayRefused: Bool) in
        let alsoFailed = [inlineFailed ? "media.inline failed too" : nil, autoplayRefused ? "media.autoplay was refused too" : nil].compactMap { $0 }
        return "The camera was granted but the preview is \(black ? "black" : "frozen or not playing")"
            + (alsoFailed.isEmpty ? "" : " (\(alsoFailed.joined(separator: "; ")))")
    }

    static let promptsAgain = KnownDiagnosis("camera.prompts-again", probes: [.cameraReacquire], .observation) {
        "The camera was asked for again although the person allowed it in this page"
    }

    /// What the page saw; who granted the microphone is the settings rows' to say (native
    /// Android's and native iOS's camera-origin rows: the handler that grants request.resources,
    /// the media-capture decision that grants every type).
    static let audioGranted = KnownDiagnosis("webview.camera-grant-everything", probes: [.cameraScope, .cameraMicrophone], .observation) { (afterPrompt: Bool) in
        "Audio was granted when only video was needed" + (afterPrompt ? ", after a prompt the person allowed" : "")
    }

    static let displayCaptureGranted = KnownDiagnosis("contract.display-capture-granted", probes: [.cameraScope], .contract) { (requirementSet: String) in
        "Display capture was granted; the \(requirementSet) contract requires it denied (docs/requirements.md#video-only)."
    }

    /// What a foreign-origin grant after a prompt adds to what was seen: the delegate answered
    /// .prompt, where the requirement set asks for .deny (docs/requirements.md#camera-getusermedia).
    private static func promptNote(_ prompted: Bool) -> String {
        prompted ? ", after a prompt" : ""
    }

    // What the page saw; the causes are the settings rows' (native Android's
    // PermissionRequest.getOrigin rows, native iOS's WKSecurityOrigin rows: the host's origin
    // check), which word the finding. An origin is scheme, host and port (RFC 6454 §4,
    // PlatformSource.rfc6454Origin): a check of the host alone is what the port-only grant shows.
    static let everyOriginGranted = KnownDiagnosis("webview.camera-every-origin", probes: [.cameraForeignOrigin], .observation) { (prompted: Bool) in
        "The camera was granted on another host and on another port\(promptNote(prompted))"
    }
    static let otherHostGranted = KnownDiagnosis("webview.camera-origin-check-missing", probes: [.cameraForeignOrigin], .observation) { (prompted: Bool) in
        "The camera was granted to the second origin's host\(promptNote(prompted))"
    }
    /// `hostOnlyContract`: the requirement set whose guide checks the host only, where this is a warning.
    static let otherPortGranted = KnownDiagnosis("webview.camera-origin-ignores-port", probes: [.cameraForeignOrigin], .observation) { (prompted: Bool, hostOnlyContract: String?) in
        "The camera was granted on the same host's other port only\(promptNote(prompted))"
            + (hostOnlyContract.map { " (a warning under \($0), whose guide checks the host only: docs/requirements.md#liveform; any other service on that host can use the camera)" } ?? "")
    }
    /// Every diagnosis declared in this file, for the docs and the tests (a test holds the list to the declarations).
    static let cameraDeclared: [any DeclaredDiagnosis] = [
        cameraAPIInsecure, cameraAPIOldIOS, cameraAPIMissing, cameraCallMissing, noCameraListed, audioAddedToGrant, cameraEngineFailed,
        cameraRefused, previewFullscreen, previewNotPlaying, promptsAgain, audioGranted, displayCaptureGranted,
        everyOriginGranted, otherHostGranted, otherPortGranted,
    ]
}

extension Diff {
    func evaluateAutoplay(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        guard let played = result.bool("played") else { return Assessment(.unknown, "") }
        let error = result.string("errorName")
        if played { return Assessment(.works, "unmuted play() without a gesture worked") }
        // Accepted but still loading at the limit: the policy allowed it; a slow network or
        // device is not a gesture rule.
        if result.bool("allowed") == true {
            return Assessment(.works, "unmuted play() without a gesture was allowed; the clip had not started by the limit")
        }
        let observed = "unmuted play() was refused" + (error.map { " (\($0))" } ?? "")
        return diagnosed(.autoplayRefused, result, context, state: .broken, observed: observed, lead: Diagnosis.autoplayRefused(), remedy: nil)
    }

    /// allowsInlineMediaPlayback defaults to false on iPhone and true on iPad
    /// (https://developer.apple.com/documentation/webkit/wkwebviewconfiguration/allowsinlinemediaplayback).
    func evaluateInline(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let inline = result.bool("inline")
        let fullscreen = result.bool("enteredFullscreen")
        guard inline != nil || fullscreen != nil else { return Assessment(.unknown, "") }
        let observed = "inline \(describe(inline)), entered fullscreen \(describe(fullscreen))"
        if inline == true, fullscreen != true { return Assessment(.works, observed) }
        let refused = result.string("errorName").map { ", play() refused with \($0)" } ?? ""
        return diagnosed(.inlineRefused, result, context, state: .broken, observed: observed + refused, lead: Diagnosis.inlineRefused(), remedy: nil)
    }
}

extension Diff {
    func evaluateCameraAPI(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        guard let present = result.bool("getUserMedia") else { return Assessment(.unknown, "") }
        if present { return Assessment(.works, "navigator.mediaDevices.getUserMedia exists") }
        let observed = "navigator.mediaDevices\(result.bool("mediaDevices") == true ? ".getUserMedia" : "") is missing"
        let insecure = context.observed(.envSecureContext, "isSecureContext")?.boolValue == false
        let oldIOS = context.isIOS && (context.platform.osVersion.map { $0 < Version([14, 3]) } ?? false)
        let lead = insecure ? Diagnosis.cameraAPIInsecure()
            : oldIOS ? Diagnosis.cameraAPIOldIOS(context.platform.osVersion!)
            : Diagnosis.cameraAPIMissing()
        let remedy: Remedy = insecure ? .secureContext : .updateOS
        return diagnosed(.cameraAPIMissing, result, context, state: .broken, observed: observed, lead: lead, remedy: remedy)
    }

    func evaluateDevices(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let before = result.int("videoInputsBefore")
        let after = result.int("videoInputsAfter")
        guard before != nil || after != nil else { return Assessment(.unknown, "") }
        let count = max(before ?? 0, after ?? 0)
        let observed = "video inputs before \(before.map(String.init) ?? "?"), after \(after.map(String.init) ?? "?"); labels before \(describe(result.bool("labelsBefore"))), after \(describe(result.bool("labelsAfter")))"
        if count >= 1 { return Assessment(.works, observed) }
        return diagnosed(.cameraNoDevices, result, context, state: .broken, observed: observed, lead: Diagnosis.noCameraListed(), remedy: .osCameraPermission)
    }

    func evaluatePermissionState(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let before = result.string("stateBefore") ?? "unknown"
        let after = result.string("stateAfter") ?? "unknown"
        // Android WebView answers "denied" for the camera whatever the app would allow.
        let note = context.isAndroid && context.isAppWebView ? " (Android WebView always answers denied here: not evidence of a denial)" : ""
        return Assessment(.noted, "permission state before \(before), after \(after)" + note)
    }

    /// The two permission layers (docs/requirements.md#camera-getusermedia), told apart by speed and permission state.
    func evaluateGetUserMedia(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        guard let outcome = result.string("outcome") else { return Assessment(.unknown, "") }
        let elapsed = result.number("elapsedMs") ?? result.elapsedMs
        if outcome == "granted" {
            let audio = result.int("audioTracks") ?? 0
            let observed = "granted in \(milliseconds(elapsed))" + (result.bool("promptShown") == true ? " after a prompt" : "")
            if audio > 0 {
                return Assessment(.warning, observed + ", with \(audio) audio track(s)", diagnosis: worded(Diagnosis.audioAddedToGrant(), context), layer: .webView, remedy: .videoOnlyGrant)
            }
            return Assessment(.works, observed)
        }
        return cameraDenial(result, context, elapsed: elapsed, what: "getUserMedia({video:true})")
    }

    /// Names every layer that can have refused the camera, ranked by the evidence (speed,
    /// prompt, permission state, platform, wrapper): `Symptoms+Camera.swift` holds the facts.
    func cameraDenial(_ result: ProbeResult, _ context: EvaluationContext, elapsed: Double, what: String) -> Assessment {
        let name = result.string("errorName") ?? "an error"
        let message = result.string("errorMessage")
        let observed = "\(what) failed with \(name) after \(milliseconds(elapsed))" + (message.map { ": \($0)" } ?? "")
        let evidence = CauseEvidence(result: result, context: context)
        let symptom: Symptom
        let remedy: Remedy?
        switch name {
        case "NotFoundError", "DevicesNotFoundError", "OverconstrainedError":
            symptom = .cameraNotFound
            remedy = nil
        case "NotReadableError", "TrackStartError":
            symptom = .cameraNotReadable
            remedy = nil
        case "NotAllowedError", "PermissionDeniedError", "SecurityError", "AbortError":
            symptom = .cameraDenied
            // The fix of the WebView layer or of the OS permission, whichever leads; the
            // other leading causes add theirs (`diagnosed`).
            let top = symptom.rank(evidence).first?.layer
            remedy = top == .webViewPermissionHandler || top == .webViewSetting ? .cameraGrant : .osCameraPermission
        case "TimeoutError":
            // Page-defined: the promise never settled.
            symptom = .cameraUnanswered
            remedy = .cameraGrant
        case "TypeError" where context.observed(.cameraApi, "getUserMedia")?.boolValue == false:
            // The call itself failed: what camera.api names for the missing API is the cause.
            return diagnosed(.cameraAPIMissing, result, context, state: .broken, observed: observed, lead: Diagnosis.cameraCallMissing(name), remedy: nil)
        default:
            return diagnosed(.cameraOtherError, result, context, state: .broken, observed: observed, lead: Diagnosis.cameraEngineFailed(name), remedy: nil)
        }
        let stateAlreadyDenied = symptom.id == Symptom.cameraDenied.id && evidence.permissionStateBefore == "denied"
        let lead = Diagnosis.cameraRefused(evidence.denialWords, stateAlreadyDenied)
        return diagnosed(symptom, result, context, state: .broken, observed: observed, lead: lead, remedy: remedy)
    }

    /// Black or frozen frames in a granted stream, or a fullscreen preview: the inline and
    /// autoplay settings (docs/requirements.md#media-playback).
    func evaluateFrames(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let fullscreen = result.bool("fullscreen")
        let black = result.bool("black")
        let frozen = result.bool("frozen")
        let frames = result.int("frames")
        let playing = result.bool("playing")
        guard fullscreen != nil || black != nil || frozen != nil || frames != nil else { return Assessment(.unknown, "") }
        let rate = result.string("frameSource") == "distinctSamples" ? " distinct pictures in 1 s" : " frames/s"
        let observed = "\(result.int("width") ?? 0)×\(result.int("height") ?? 0), \(frames.map(String.init) ?? "?")\(rate), black \(describe(black)), frozen \(describe(frozen)), fullscreen \(describe(fullscreen))"
        let autoplayBroken = context.observed(.mediaAutoplay, "played")?.boolValue == false && context.observed(.mediaAutoplay, "allowed")?.boolValue != true
        let settings = Remedy.inlineAndAutoplay

        if fullscreen == true {
            return diagnosed(.previewNotPlaying, result, context, state: .broken, observed: observed, lead: Diagnosis.previewFullscreen(), remedy: settings)
        }
        if black == true || frozen == true || playing == false || frames == 0 {
            let lead = Diagnosis.previewNotPlaying(black == true, context.inlinePlaybackFailed, autoplayBroken)
            return diagnosed(.previewNotPlaying, result, context, state: .broken, observed: observed, lead: lead, remedy: settings)
        }
        return Assessment(.works, observed)
    }

    func evaluateFacing(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let environment = result.bool("environmentOk")
        let user = result.bool("userOk")
        guard environment != nil || user != nil else { return Assessment(.unknown, "") }
        return Assessment(
            .noted,
            "environment camera \(describe(environment)) (\(result.string("environmentFacing") ?? "?")), user camera \(describe(user)) (\(result.string("userFacing") ?? "?"))")
    }

    func evaluateReacquire(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        guard let outcome = result.string("outcome") else { return Assessment(.unknown, "") }
        let elapsed = result.number("elapsedMs") ?? result.elapsedMs
        if outcome == "granted" {
            if result.bool("promptShown") == true {
                return diagnosed(.promptsAgain, result, context, state: .warning, observed: "granted again after a second prompt",
                                 lead: Diagnosis.promptsAgain(), remedy: .cameraReacquire)
            }
            return Assessment(.works, "granted again in \(milliseconds(elapsed)) without a prompt")
        }
        return cameraDenial(result, context, elapsed: elapsed, what: "the second getUserMedia")
    }

    /// Grant only the camera, never whatever was asked; video-only also denies audio and
    /// display capture (docs/requirements.md#camera-getusermedia, #video-only).
    func evaluateScope(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let audio = result.string("audioOutcome")
        let both = result.string("videoAudioOutcome")
        let display = result.string("displayOutcome")
        let audioTracks = result.int("audioTracks") ?? 0
        guard audio != nil || both != nil || display != nil else { return Assessment(.unknown, "") }
        let observed = "{audio} \(audio ?? "not-run"), {video, audio} \(both ?? "not-run"), audio tracks \(audioTracks), display capture \(display ?? "not-run")"
        // Chromium resolves {video, audio} with a video-only stream when the host grants only
        // the camera: that is the correct grant, not an audio one. The tracks tell; a page
        // that did not count them is judged by the outcome alone.
        let bothGrantedAudio = both == "granted" && (result.int("audioTracks") == nil || audioTracks > 0)
        if audio == "granted" || bothGrantedAudio || audioTracks > 0 {
            let elapsed = result.number("elapsedMs") ?? 0
            let afterPrompt = elapsed >= Self.fastDenialMs && context.isIOS
            return Assessment(.granted, observed, diagnosis: worded(Diagnosis.audioGranted(afterPrompt), context), layer: .webView, remedy: .videoOnlyGrant)
        }
        if display == "granted", context.requirementSet.deniesDisplayCapture {
            return Assessment(.granted, observed, diagnosis: Diagnosis.displayCaptureGranted(context.requirementSet.id), layer: .webView, remedy: .videoOnlyGrant)
        }
        if audio == "error" || both == "error" { return Assessment(.denied, observed) }
        return Assessment(.unknown, "")
    }

    /// What the page saw of a grant the host decides: in an app WebView the settings rows name
    /// the host's handler and word the finding (`Diff.make`); a browser has no rows, so the
    /// observation is said on its own.
    func worded(_ lead: Diagnosis, _ context: EvaluationContext) -> Diagnosis {
        context.isAppWebView ? lead : Diagnosis.ranking(lead, causes: [], ruledOut: [])
    }

    /// An origin is scheme, host and port (RFC 6454 §4); compare all three, and deny
    /// (not prompt) anything else.
    func evaluateForeignOrigin(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let port = result.string("otherPortOutcome")
        let host = result.string("otherHostOutcome")
        guard port != nil || host != nil else { return Assessment(.unknown, "") }
        let observed = "same host other port: \(port ?? "not-run"), other host: \(host ?? "not-run")" + (result.string("via").map { " (via \($0))" } ?? "")
        let portGranted = port == "granted"
        let hostGranted = host == "granted"
        // On iOS a slow grant went through a prompt: the delegate returned .prompt, not .deny.
        let prompted: Bool = {
            guard context.isIOS else { return false }
            let times = [portGranted ? result.number("otherPortElapsedMs") : nil, hostGranted ? result.number("otherHostElapsedMs") : nil]
            return times.contains { ($0 ?? 0) >= Self.fastDenialMs }
        }()

        if portGranted && hostGranted {
            return Assessment(.granted, observed, diagnosis: worded(Diagnosis.everyOriginGranted(prompted), context), layer: .webView, remedy: .strictOrigin)
        }
        if hostGranted {
            return Assessment(.granted, observed, diagnosis: worded(Diagnosis.otherHostGranted(prompted), context), layer: .webView, remedy: .strictOrigin)
        }
        if portGranted {
            if context.requirementSet.originCheck == .host {
                // The LiveForm guide's samples check the host only (docs/requirements.md#liveform).
                return Assessment(.warning, observed, diagnosis: worded(Diagnosis.otherPortGranted(prompted, context.requirementSet.id), context), layer: .webView, remedy: .strictOrigin)
            }
            return Assessment(.granted, observed, diagnosis: worded(Diagnosis.otherPortGranted(prompted, nil), context), layer: .webView, remedy: .strictOrigin)
        }
        if port == "error" || host == "error" { return Assessment(.denied, observed) }
        return Assessment(.unknown, "")
    }
}

/// The fixes this area's findings carry, as code an integrator pastes (Tests/remedies/check.py
/// compiles each line; `RemedyCodeTests` checks their width and their API pages).
extension Remedy {
    static let wkMediaTypes = WrapperCatalog.wkMediaTypes

    static let androidRuntimePermission = "https://developer.android.com/training/permissions/requesting"

    // Autoplay of the preview without an extra tap (docs/requirements.md#media-playback).
    public static let autoplay = Remedy(
        iosSwift: """
            // Before WKWebView(frame:configuration:); the default needs a tap
            configuration.mediaTypesRequiringUserActionForPlayback = []
            """,
        androidKotlin: "webView.settings.mediaPlaybackRequiresUserGesture = false",
        reactNative: "<WebView mediaPlaybackRequiresUserAction={false} />",
        docs: Docs(ios: wkMediaTypes, android: PlatformSource.androidMediaGesture, reactNative: rnReference + "#mediaplaybackrequiresuseraction"))

    // allowsInlineMediaPlayback defaults to false on iPhone, true on iPad (docs/requirements.md#media-playback).
    public static let inlineMedia = Remedy(
        iosSwift: """
            // Set before creating the WKWebView (false on iPhone by default)
            configuration.allowsInlineMediaPlayback = true
            """,
        androidKotlin: """
            // Android plays inline; the gesture rule is what holds the video
            webView.settings.mediaPlaybackRequiresUserGesture = false
            """,
        reactNative: """
            <WebView
              allowsInlineMediaPlayback
              mediaPlaybackRequiresUserAction={false}
            />
            """,
        docs: Docs(ios: PlatformSource.wkInlinePlayback, android: PlatformSource.androidMediaGesture,
                   reactNative: rnReference + "#allowsinlinemediaplayback"))

    // Both playback settings at once: what a video that never plays in the page needs when
    // the run cannot tell which of the two blocked it (camera preview, autoplay with inline off).
    // The React Native fix of `inlineMedia` already sets both props, so its line and pages are
    // this one's: one place to correct them.
    public static let inlineAndAutoplay = Remedy(
        iosSwift: """
            // Both before creating the WKWebView
            configuration.allowsInlineMediaPlayback = true
            configuration.mediaTypesRequiringUserActionForPlayback = []
            """,
        androidKotlin: "webView.settings.mediaPlaybackRequiresUserGesture = false",
        reactNative: inlineMedia.reactNative,
        docs: inlineMedia.docs)

    /// The WKUIDelegate method every iOS camera grant implements, to its opening brace: the
    /// fixes differ only in the body that decides.
    static let mediaCaptureDelegateHead = """
            func webView(
                _ webView: WKWebView,
                requestMediaCapturePermissionFor origin: WKSecurityOrigin,
                initiatedByFrame frame: WKFrameInfo,
                type: WKMediaCaptureType,
                decisionHandler: @escaping (WKPermissionDecision) -> Void
            ) {
            """

    /// `ours`: the request comes from the app's own origin (`cameraGrant`), and on its port too
    /// (`strictOrigin`); lines of `onPermissionRequestKotlin`'s body.
    static let ownOriginKotlin = [
        #"val ours = request.origin.scheme == "https" &&"#,
        #"    request.origin.host == "id.example.com""#,
    ]

    static let ownOriginAndPortKotlin = [
        "val origin = request.origin",
        "val port = if (origin.port == -1) 443 else origin.port",
        #"val ours = request.origin.scheme == "https" &&"#,
        #"    request.origin.host == "id.example.com" && port == 443"#,
    ]

    /// The WebChromeClient override every Android camera grant writes: the lines of `checks`
    /// (what decides `ours`, if anything), then on the UI thread the camera alone granted when
    /// `condition` holds and the request denied otherwise. The fixes differ only in the checks.
    static func onPermissionRequestKotlin(checks: [String], grantIf condition: String) -> String {
        let lines = ["val camera = PermissionRequest.RESOURCE_VIDEO_CAPTURE"] + checks
        return """
            override fun onPermissionRequest(request: PermissionRequest) {
            \(lines.map { "    " + $0 }.joined(separator: "\n"))
                webView.post {
                    if (\(condition)) {
                        request.grant(arrayOf(camera))
                    } else {
                        request.deny()
                    }
                }
            }
            """
    }

    /// The launcher that asks for the CAMERA runtime permission on behalf of a WebView request
    /// kept in `waiting`, and grants the camera alone or denies when the person answers: the
    /// runtime-permission fix (`Symptom.androidRuntimeCamera`) and the merged grant
    /// (`androidGrantWithRuntimeCamera`) keep the request with it.
    static let askCameraLauncherKotlin = """
        private var waiting: PermissionRequest? = null
        private val askCamera = registerForActivityResult(
            ActivityResultContracts.RequestPermission()
        ) { granted ->
            val request = waiting ?: return@registerForActivityResult
            val camera = PermissionRequest.RESOURCE_VIDEO_CAPTURE
            if (granted) request.grant(arrayOf(camera)) else request.deny()
            waiting = null
        }
        """

    // The WebView permission layer (docs/requirements.md#camera-getusermedia).
    public static let cameraGrant = Remedy(
        iosSwift: """
            // WKUIDelegate (iOS 15+); set webView.uiDelegate = self
            \(mediaCaptureDelegateHead)
                let ours = origin.protocol == "https"
                    && origin.host == "id.example.com"
                guard ours, type == .camera else { return decisionHandler(.deny) }
                decisionHandler(.grant)
            }
            """,
        androidKotlin: """
            // WebChromeClient; grant on the UI thread, for your origin only
            \(onPermissionRequestKotlin(checks: ownOriginKotlin, grantIf: "ours && camera in request.resources"))
            """,
        reactNative: """
            // Request the camera permission in the app first
            <WebView mediaCapturePermissionGrantType="grantIfSameHostElsePrompt" />
            """,
        docs: Docs(ios: PlatformSource.wkMediaCaptureDelegate, android: PlatformSource.androidOnPermissionRequest,
                   reactNative: PlatformSource.rnMediaCaptureGrantType))

    /// Asking for the camera before the WebView does, and the way to Settings once denied:
    /// the OS layer's part of both camera fixes.
    static let cameraAuthorizationSwift = """
            switch AVCaptureDevice.authorizationStatus(for: .video) {
            case .notDetermined:
                AVCaptureDevice.requestAccess(for: .video) { granted in
                    // open the WebView on the main queue when granted
                }
            case .denied, .restricted:
                // explain why, then offer the Settings app
                let settings = URL(string: UIApplication.openSettingsURLString)!
                UIApplication.shared.open(settings)
            default:
                break // .authorized: open the WebView
            }
            """

    // https://developer.apple.com/documentation/avfoundation/requesting-authorization-to-capture-and-save-media
    // https://developer.android.com/training/permissions/requesting
    public static let osCameraPermission = Remedy(
        iosSwift: """
            // Info.plist:
            // <key>NSCameraUsageDescription</key>
            // <string>The camera takes the photo of your ID.</string>
            // Before opening the WebView:
            \(cameraAuthorizationSwift)
            """,
        androidKotlin: """
            // AndroidManifest.xml:
            // <uses-permission android:name="android.permission.CAMERA" />
            // In the Activity, before opening the WebView:
            val askCamera = registerForActivityResult(
                ActivityResultContracts.RequestPermission()
            ) { granted -> if (granted) openWebView() }
            askCamera.launch(Manifest.permission.CAMERA)
            """,
        reactNative: """
            // react-native-permissions (or expo-camera), before rendering
            const camera = Platform.OS === 'ios'
              ? PERMISSIONS.IOS.CAMERA
              : PERMISSIONS.ANDROID.CAMERA;
            const status = await request(camera);
            setShowWebView(status === RESULTS.GRANTED);
            """,
        docs: Docs(ios: PlatformSource.avAuthorization, android: androidRuntimePermission,
                   reactNative: "https://github.com/zoontek/react-native-permissions#request"))

    // Compare scheme, host and port; deny, not prompt, anything not yours (docs/requirements.md#camera-getusermedia).
    public static let strictOrigin = Remedy(
        iosSwift: """
            // WKUIDelegate: compare scheme, host and port (0 means 443);
            // .deny, not .prompt, for any other origin
            \(mediaCaptureDelegateHead)
                let port = origin.port == 0 ? 443 : origin.port
                let ours = origin.protocol == "https"
                    && origin.host == "id.example.com" && port == 443
                decisionHandler(ours && type == .camera ? .grant : .deny)
            }
            """,
        androidKotlin: """
            // WebChromeClient: compare scheme, host and port (-1 means 443);
            // request.deny() for any other origin
            \(onPermissionRequestKotlin(checks: ownOriginAndPortKotlin, grantIf: "ours && camera in request.resources"))
            """,
        reactNative: """
            // Never "grant"; ElseDeny refuses other hosts (iOS 15+);
            // check the port in a native patch if you need it
            <WebView
              mediaCapturePermissionGrantType="grantIfSameHostElseDeny"
              originWhitelist={['https://id.example.com']}
            />
            """,
        docs: Docs(ios: PlatformSource.wkMediaCaptureDelegate, android: PlatformSource.androidPermissionRequest,
                   reactNative: PlatformSource.rnMediaCaptureGrantType))

    // Never grant whatever was asked; video-only denies audio (docs/requirements.md#camera-getusermedia).
    public static let videoOnlyGrant = Remedy(
        iosSwift: """
            // In requestMediaCapturePermissionFor: grant only .camera;
            // deny .microphone and .cameraAndMicrophone
            decisionHandler(type == .camera ? .grant : .deny)
            """,
        androidKotlin: """
            // Never request.grant(request.resources): grant only the camera,
            // and only when it was requested
            \(onPermissionRequestKotlin(checks: [], grantIf: "camera in request.resources"))
            """,
        reactNative: """
            // Avoid mediaCapturePermissionGrantType="grant"; grant only the
            // camera in a native patch
            <WebView mediaCapturePermissionGrantType="grantIfSameHostElseDeny" />
            """,
        docs: Docs(ios: PlatformSource.wkMediaCaptureDelegate, android: PlatformSource.androidPermissionRequest,
                   reactNative: PlatformSource.rnMediaCaptureGrantType))

    // https://developer.apple.com/documentation/webkit/wkuidelegate/webview(_:requestmediacapturepermissionfor:initiatedbyframe:type:decisionhandler:)
    public static let cameraReacquire = Remedy(
        iosSwift: """
            // In requestMediaCapturePermissionFor: .grant for your origin
            // instead of .prompt
            decisionHandler(origin.host == "id.example.com" ? .grant : .deny)
            """,
        androidKotlin: """
            // In onPermissionRequest: grant each time without your own dialog
            // once the app holds the CAMERA permission
            val held = ContextCompat.checkSelfPermission(
                context, Manifest.permission.CAMERA
            ) == PackageManager.PERMISSION_GRANTED
            val camera = PermissionRequest.RESOURCE_VIDEO_CAPTURE
            if (held) request.grant(arrayOf(camera))
            """,
        reactNative: "<WebView mediaCapturePermissionGrantType=\"grantIfSameHostElsePrompt\" />",
        docs: Docs(ios: PlatformSource.wkMediaCaptureDelegate, android: PlatformSource.androidOnPermissionRequest,
                   reactNative: PlatformSource.rnMediaCaptureGrantType))
}
