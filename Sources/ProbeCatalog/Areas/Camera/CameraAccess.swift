// The probes of the camera: the API, the devices, the grant, the preview, the cameras, asking
// again, and whom the camera is granted to: their names, their declarations, the diagnoses they
// can state, how their results are judged, the causes they rank and the fixes their findings
// carry, side by side (the media the camera plays is MediaPlayback.swift's);
// docs/adding-a-probe.md walks adding a probe to an area.

/// The names of this area's probes, in page order: each is the `id` of one declaration below.
extension ProbeID {
    public static let cameraApi = ProbeID(rawValue: "camera.api")
    public static let cameraDevices = ProbeID(rawValue: "camera.devices")
    public static let cameraPermission = ProbeID(rawValue: "camera.permission")
    public static let cameraGetUserMedia = ProbeID(rawValue: "camera.getUserMedia")
    public static let cameraFrames = ProbeID(rawValue: "camera.frames")
    public static let cameraFacing = ProbeID(rawValue: "camera.facing")
    public static let cameraReacquire = ProbeID(rawValue: "camera.reacquire")
}

extension StandardProbes {
    static let outcomeValues = ["granted", "error", "not-run"]
    static let permissionStates = ["granted", "denied", "prompt", "unsupported"]

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
                        unless: { $0.string("errorName") != "TypeError" })).blockingTheFlow()
            .verifies("common.webview.cameraUI", "android.onPermissionRequest", "ios.mediaCaptureHandler", "rn.mediaCapture")
            // A camera denial comes from onPermissionRequest or the runtime permission (their own
            // items), not from mediaPlaybackRequiresUserGesture, which governs playback only
            // (https://developer.android.com/reference/android/webkit/WebSettings#setMediaPlaybackRequiresUserGesture(boolean)).
            .verifies("android.mediaGesture", inheritingItsFailure: true)
            .infers("android.manifest.camera", .passed, because: "Android grants the camera at run time only to an app that declares android.permission.CAMERA, and the WebView cannot deliver frames without it")
            .infers("android.runtime.camera", .passedWithoutPrompt, because: "a camera granted with no prompt inside the page means the app already held the runtime permission when the WebView opened")
            .infers("ios.plist.camera", .passed, because: "iOS terminates an app that uses a capture device without NSCameraUsageDescription (https://developer.apple.com/documentation/bundleresources/information-property-list/nscamerausagedescription), so a granted camera proves the key is there")
            .infers("ios.uiDelegate", .passedWithoutPrompt, because: "without a WKUIDelegate the media-capture decision is .prompt (docs/requirements.md#camera-getusermedia); a grant with no prompt means a delegate answered it"),
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
                ]).blockingTheFlow()
            .verifies("common.webview.cameraUI", "android.mediaGesture", "rn.mediaCapture"),
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
        scope,
        microphone,
        // After the microphone, which listens beside it (camera.microphone's declaration).
        resolution,
        foreignOrigin,
    ]

    /// The failing observations this area's evaluators rank causes for (`Catalog.symptoms`).
    static let cameraSymptoms: [Symptom] = [.previewNotPlaying, .cameraDenied, .cameraNotReadable, .cameraNotFound, .cameraOtherError, .cameraUnanswered, .cameraAPIMissing, .cameraNoDevices, .promptsAgain]
}

/// The camera: the diagnoses the evaluators below state (the causes they rank are the
/// symptoms below).
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

    /// Every diagnosis declared in this file, for the docs and the tests (a test holds the list to the declarations).
    static let cameraDeclared: [any DeclaredDiagnosis] = [
        cameraAPIInsecure, cameraAPIOldIOS, cameraAPIMissing, cameraCallMissing, noCameraListed, audioAddedToGrant, cameraEngineFailed,
        cameraRefused, previewFullscreen, previewNotPlaying, promptsAgain,
    ]
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
    /// prompt, permission state, platform, wrapper): the symptoms below hold the facts.
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

    /// What the page saw of a grant the host decides: in an app WebView the settings rows name
    /// the host's handler and word the finding (`Diff.make`); a browser has no rows, so the
    /// observation is said on its own.
    func worded(_ lead: Diagnosis, _ context: EvaluationContext) -> Diagnosis {
        context.isAppWebView ? lead : Diagnosis.ranking(lead, causes: [], ruledOut: [])
    }

}

/// The camera's failing observations and every cause known for each.
extension Symptom {
    /// camera.frames: a granted camera whose preview left the page for the fullscreen player, or
    /// shows no moving picture. iOS's inline-playback default sends it fullscreen (or keeps it
    /// black where no gesture opens the player); Android's gesture rule holds back a video the
    /// page starts on its own. A video that played inside the page, or without a gesture, rules
    /// each out.
    static let previewNotPlaying = Symptom(id: "camera.preview-not-playing", probes: [.cameraFrames], observation: "the granted camera's preview went fullscreen, or is black, frozen or not playing", causes: [iosInlineOff, androidGestureRule])

    /// The wrappers whose Android chrome client denies the camera unless the app answers
    /// (docs/wrappers.md): the platform's "no permission handler" cause is theirs too.
    static let deniesWithoutCallback: Set<Wrapper> = [.flutterInAppWebView, .webviewFlutter, .maui]
    // https://developer.apple.com/documentation/avfoundation/avcapturedevice/authorizationstatus(for:)
    static let iosSettingsDenial = Remedy(
        iosSwift: """
            // Before opening the WebView
            \(Remedy.cameraAuthorizationSwift)
            """,
        reactNative: """
            // react-native-permissions, before rendering the WebView
            const status = await check(PERMISSIONS.IOS.CAMERA);
            if (status === RESULTS.BLOCKED) {
              Linking.openSettings(); // after saying why
            }
            """,
        docs: Remedy.Docs(
            ios: "https://developer.apple.com/documentation/avfoundation/avcapturedevice/authorizationstatus(for:)",
            reactNative: "https://github.com/zoontek/react-native-permissions#check"))
    // https://developer.android.com/reference/androidx/core/content/ContextCompat#checkSelfPermission(android.content.Context,java.lang.String)
    static let androidRuntimeCamera = Remedy(
        androidKotlin: """
            // AndroidManifest.xml:
            // <uses-permission android:name="android.permission.CAMERA" />
            // In onPermissionRequest: grant once the app holds CAMERA, else
            // ask for it and grant or deny when it answers
            \(Remedy.askCameraLauncherKotlin)

            override fun onPermissionRequest(request: PermissionRequest) {
                val held = ContextCompat.checkSelfPermission(
                    context, Manifest.permission.CAMERA
                ) == PackageManager.PERMISSION_GRANTED
                if (held) {
                    request.grant(arrayOf(PermissionRequest.RESOURCE_VIDEO_CAPTURE))
                } else {
                    waiting = request
                    askCamera.launch(Manifest.permission.CAMERA)
                }
            }
            """,
        reactNative: """
            // AndroidManifest.xml declares android.permission.CAMERA;
            // before rendering the WebView:
            const granted = await PermissionsAndroid.request(
              PermissionsAndroid.PERMISSIONS.CAMERA);
            setShowWebView(granted === PermissionsAndroid.RESULTS.GRANTED);
            """,
        docs: Remedy.Docs(
            android: "https://developer.android.com/reference/androidx/core/content/ContextCompat#checkSelfPermission(android.content.Context,java.lang.String)",
            reactNative: "https://reactnative.dev/docs/permissionsandroid"))
    // https://github.com/react-native-webview/react-native-webview/blob/master/docs/Reference.md#mediacapturepermissiongranttype
    static let rnGrantType = Remedy(
        reactNative: """
            // iOS 15+; not "deny", and the page's host must be the WebView's
            // host for the same-host values
            <WebView mediaCapturePermissionGrantType="grantIfSameHostElsePrompt" />
            """,
        docs: Remedy.Docs(reactNative: PlatformSource.rnMediaCaptureGrantType))
    // https://github.com/apache/cordova-android/issues/1888
    static let cordovaRuntimeCamera = Remedy(
        androidKotlin: """
            // cordova-android grants every WebView request itself: hold
            // android.permission.CAMERA first (cordova-plugin-android-permissions,
            // or a cordova-android release that asks for it), e.g. in MainActivity
            ActivityCompat.requestPermissions(
                this, arrayOf(Manifest.permission.CAMERA), CAMERA_REQUEST)
            """,
        docs: Remedy.Docs(android: "https://developer.android.com/reference/androidx/core/app/ActivityCompat#requestPermissions(android.app.Activity,java.lang.String[],int)"))

    static func camera(_ id: String, _ observation: String, _ causes: [KnownCause]) -> Symptom {
        Symptom(id: id, probes: [.cameraGetUserMedia, .cameraReacquire], observation: observation, causes: causes)
    }

    /// NotAllowedError (and the older PermissionDeniedError, SecurityError, AbortError). Blink
    /// rejects a person's, the system's and the embedder's denial alike with NotAllowedError
    /// (`UserMediaRequest::Fail`, `PlatformSource.blinkUserMediaErrors`), and WebKit denies a TCC
    /// refusal and a delegate's .deny with the same PermissionDenied: the name never tells the
    /// layers apart; speed, the prompt, the wrapper and the checks do.
    static let cameraDenied = camera("camera.denied", "getUserMedia rejected with NotAllowedError (or PermissionDeniedError, SecurityError, AbortError), the name engines give every layer's denial", [
        KnownCause("page.insecure-context", .page, scope: "every engine",
            summary: "the page is not a secure context, and the camera is offered to secure contexts only",
            check: "env.secureContext: isSecureContext must be true (https, or localhost)", remedy: .secureContext,
            source: PlatformSource.mdnSecureContext,
            applies: { $0.observed(.envSecureContext, "isSecureContext")?.boolValue == false },
            weigh: .conclusive("env.secureContext saw an insecure context")),
        KnownCause("ios.camera.delegate-denied", .webViewPermissionHandler, scope: "iOS 15+ WKWebView",
            summary: "the app's WKUIDelegate media-capture decision (requestMediaCapturePermissionFor) returned .deny for this origin",
            check: "AVCaptureDevice.authorizationStatus(for: .video) is .authorized: then the delegate denied it (breakpoint in requestMediaCapturePermissionFor)",
            remedy: .cameraGrant, source: PlatformSource.wkMediaCaptureDelegate,
            applies: { $0.family == .ios && $0.platform.isAppWebView && $0.wrapper != .reactNativeWebView && ($0.osVersion.map { $0 >= Version([15]) } ?? true) },
            weigh: weighWebViewLayerDenial),
        KnownCause("rn.ios.camera.grant-type-denied", .webViewSetting, scope: "react-native-webview on iOS 15+",
            summary: "react-native-webview's mediaCapturePermissionGrantType denied it (\"deny\", or a same-host value while the page's host differs from the WebView's)",
            check: "AVCaptureDevice.authorizationStatus(for: .video) is .authorized (react-native-permissions check(PERMISSIONS.IOS.CAMERA) is \"granted\"): then the prop denied it",
            remedy: rnGrantType, source: PlatformSource.rnMediaCaptureGrantType,
            applies: { $0.family == .ios && $0.wrapper == .reactNativeWebView && ($0.osVersion.map { $0 >= Version([15]) } ?? true) },
            weigh: weighWebViewLayerDenial),
        KnownCause("ios.camera.settings-denied", .osPermission, scope: "iOS WKWebView, every wrapper",
            summary: "the app's camera access is off in Settings (or restricted): WebKit checks it before it asks the delegate and denies at once, with no prompt",
            check: "AVCaptureDevice.authorizationStatus(for: .video) is .denied or .restricted; Settings › the app › Camera",
            remedy: iosSettingsDenial, source: PlatformSource.webKitPermissionOrder,
            ruledOutBy: [
                Contradiction(.cameraPermission, "camera.permission was granted before the request: the app's camera access is on") { r in r.string("stateBefore") == "granted" },
            ] + cameraOpened,
            applies: { $0.family == .ios && $0.platform.isAppWebView },
            weigh: { e in
                if e.fastWithoutPrompt {
                    return .likely("\(e.denialWords): WebKit denies as fast when the OS authorization is denied, before the delegate is asked")
                }
                if e.permissionStateBefore == "denied" {
                    return .likely("the permission state was denied before the request")
                }
                return .possible("a denial in Settings gives NotAllowedError too", against: "\(e.denialWords): a person had time to answer a prompt")
            }),
        KnownCause("android.camera.no-permission-handler", .webViewPermissionHandler, scope: "Android WebView with the platform WebChromeClient; flutter_inappwebview, webview_flutter and .NET MAUI without their permission callback (docs/wrappers.md)",
            summary: "the WebView's permission handler does not grant RESOURCE_VIDEO_CAPTURE: WebChromeClient.onPermissionRequest is not overridden (the default denies) or denies this origin",
            check: "ContextCompat.checkSelfPermission(context, Manifest.permission.CAMERA) is PERMISSION_GRANTED: then the handler denied it (log in onPermissionRequest)",
            remedy: .cameraGrant, source: PlatformSource.androidOnPermissionRequest,
            applies: { $0.family == .android && $0.platform.isAppWebView && ($0.wrapper.map(Self.deniesWithoutCallback.contains) ?? true) },
            weigh: weighWebViewLayerDenial),
        cameraPermissionMissing("android.camera.no-runtime-permission", scope: "Android WebView, every wrapper",
            summary: "the app does not hold the CAMERA runtime permission (not declared in the manifest, not requested, or refused): a WebView grant alone does not open the camera",
            check: "ContextCompat.checkSelfPermission(context, Manifest.permission.CAMERA) (adb shell dumpsys package <app> | grep CAMERA)",
            remedy: androidRuntimeCamera,
            // The WebView fails a granted request when the app lacks CAMERA (the cordova-android
            // thread); .NET MAUI's documented handler checks it before granting for that reason.
            source: PlatformSource.cordovaGrantWithoutRuntime,
            applies: { $0.family == .android && $0.platform.isAppWebView && $0.wrapper != .cordova && $0.wrapper != .reactNativeWebView },
            weigh: weighRuntimePermissionDenial),
        cameraPermissionMissing("rn.android.camera.manifest", scope: "react-native-webview on Android",
            summary: "android.permission.CAMERA is missing from AndroidManifest.xml or was not granted: react-native-webview's onPermissionRequest then denies without a prompt",
            check: "AndroidManifest.xml declares android.permission.CAMERA; PermissionsAndroid.check(PERMISSIONS.CAMERA) is true",
            remedy: androidRuntimeCamera, source: PlatformSource.rnCameraManifest,
            applies: { $0.family == .android && $0.wrapper == .reactNativeWebView },
            weigh: weighRuntimePermissionDenial),
        KnownCause("rn.android.camera.no-handler", .webViewPermissionHandler, scope: "react-native-webview before 6.6 and React Native's old core WebView, on Android",
            summary: "the React Native WebView has no onPermissionRequest (react-native-webview before 6.6, or React Native's removed core WebView), so Android's default denies",
            check: "the react-native-webview version in package.json is 6.6 or later",
            remedy: Remedy(reactNative: """
                // react-native-webview 6.6 or later answers onPermissionRequest;
                // request the CAMERA permission first
                // package.json: "react-native-webview": "^13.0.0"
                """, docs: Remedy.Docs(reactNative: WrapperCatalog.rnReference)),
            source: PlatformSource.rnNoPermissionHandler,
            applies: { $0.family == .android && $0.wrapper == .reactNativeWebView },
            weigh: { e in
                guard e.fastWithoutPrompt else { return nil }
                return .possible("\(e.denialWords)", against: "react-native-webview 6.6 and later answer the request")
            }),
        cameraPermissionMissing("cordova.android.grant-without-runtime", scope: "Cordova on Android",
            summary: "cordova-android grants the WebView request without asking for the CAMERA runtime permission, so the first request fails and later ones never settle",
            check: "ContextCompat.checkSelfPermission(context, Manifest.permission.CAMERA); a second getUserMedia that hangs confirms it",
            remedy: cordovaRuntimeCamera, source: PlatformSource.cordovaGrantWithoutRuntime,
            applies: { $0.family == .android && $0.wrapper == .cordova },
            weigh: { e in .init(likelihood: e.isFast ? .conclusive : .likely, supporting: ["Cordova's handler grants every request, so a denial can only come from the OS permission", e.denialWords]) }),
        KnownCause("camera.person-denied", .osPermission, scope: "every app WebView and browser",
            summary: "the person answered a camera prompt with Don't Allow (the OS prompt for the app, or the WebView's prompt for the page)",
            check: "ask the person; on iOS AVCaptureDevice.authorizationStatus(for: .video), on Android checkSelfPermission(CAMERA), tells the OS answer from the WebView's",
            remedy: .osCameraPermission, source: PlatformSource.avAuthorization, context: .person,
            weigh: { e in
                if e.promptShown == true { return .likely("a prompt was shown before the denial") }
                if e.fastWithoutPrompt { return nil }  // No person answers a prompt this fast.
                return .likely("\(e.denialWords): a person had time to answer a prompt")
            }),
        KnownCause("browser.camera.site-setting", .osPermission, scope: "Safari, Chrome, desktop browsers",
            summary: "the browser denied it from a stored site setting (or the OS setting for the browser)",
            check: "the site's camera setting in the browser, and the OS camera permission of the browser app",
            remedy: .osCameraPermission, source: PlatformSource.mdnGetUserMediaErrors, context: .browser,
            applies: { !$0.platform.isAppWebView },
            weigh: { e in .init(likelihood: e.fastWithoutPrompt ? .likely : .possible, supporting: [e.denialWords]) }),
    ])

    /// The WebView's own handler refused: only a fast denial with no prompt fits.
    @Sendable static func weighWebViewLayerDenial(_ e: CauseEvidence) -> KnownCause.Weighing? {
        if e.promptShown == true { return nil }  // A prompt means the handler passed the request on.
        var against: [String] = []
        if e.permissionStateBefore == "denied" { against.append("the permission state was already denied before the request, which an OS denial gives too") }
        if e.fastWithoutPrompt {
            return .init(likelihood: against.isEmpty ? .likely : .possible, supporting: ["\(e.denialWords): no person answered, so a layer of the app refused"], against: against)
        }
        return .init(likelihood: .possible, supporting: ["no prompt was seen"], against: against + ["\(e.denialWords): slower than a handler's own denial"])
    }

    /// The app lacks Android's CAMERA runtime permission (`scope`: under which wrapper): the OS
    /// layer refuses whatever the WebView granted, and a camera that opened in this run rules it out.
    static func cameraPermissionMissing(
        _ id: String, scope: String, summary: String, check: String, remedy: Remedy, source: String,
        applies: @escaping @Sendable (CauseEvidence) -> Bool,
        weigh: @escaping @Sendable (CauseEvidence) -> KnownCause.Weighing?
    ) -> KnownCause {
        KnownCause(id, .osPermission, scope: scope, summary: summary, check: check, remedy: remedy, source: source, ruledOutBy: cameraOpened, applies: applies, weigh: weigh)
    }

    @Sendable static func weighRuntimePermissionDenial(_ e: CauseEvidence) -> KnownCause.Weighing? {
        if e.fastWithoutPrompt || e.permissionStateBefore == "denied" {
            return .likely("\(e.denialWords): a missing runtime permission fails as fast, with no prompt")
        }
        return .possible("without the runtime permission no grant opens the camera", against: "\(e.denialWords): a person had time to answer a prompt")
    }

    /// NotReadableError (TrackStartError in old Chromium).
    static let cameraNotReadable = camera("camera.not-readable", "getUserMedia rejected with NotReadableError: permission was given, the camera did not start", [
        KnownCause("camera.busy", .device, scope: "every engine",
            summary: "the camera is busy: another app (or the app's own native camera session) holds it",
            check: "close every other app that uses the camera and the app's native camera screens, then run the step again: a grant then points here",
            remedy: Remedy(
                iosSwift: """
                    // Stop any AVCaptureSession of the app before the page asks
                    // for the camera
                    captureSession.stopRunning()
                    """,
                androidKotlin: """
                    // Release any android.hardware.Camera/CameraX use of the app
                    // before the page asks for the camera
                    cameraProvider.unbindAll()
                    """,
                reactNative: """
                    // Unmount native camera components (react-native-vision-camera,
                    // expo-camera) before the page asks for the camera
                    showNativeCamera ? <Camera device={device} isActive /> : <WebView />
                    """,
                docs: Remedy.Docs(
                    ios: "https://developer.apple.com/documentation/avfoundation/avcapturesession/stoprunning()",
                    android: "https://developer.android.com/reference/androidx/camera/lifecycle/ProcessCameraProvider#unbindAll()",
                    reactNative: "https://react-native-vision-camera.com/docs/guides/lifecycle")),
            source: PlatformSource.notReadableInUse, context: .device,
            weigh: .likely("Blink and WebKit report a camera they cannot open as NotReadableError")),
        KnownCause("camera.start-failure", .device, scope: "every engine",
            summary: "the OS or the camera driver failed to start the camera (a hardware or OS-level error)",
            check: "open the system camera app: if it fails too, restart the device",
            remedy: nil, source: PlatformSource.blinkUserMediaErrors, context: .device,
            weigh: .likely("NotReadableError is also a device that failed to start")),
    ])

    /// NotFoundError, OverconstrainedError.
    static let cameraNotFound = camera("camera.not-found", "getUserMedia rejected with NotFoundError (or OverconstrainedError)", [
        KnownCause("camera.no-device", .device, scope: "every engine",
            summary: "the device has no usable camera (an emulator or simulator without one configured counts)",
            check: "camera.devices: no video input listed; on an emulator, set a camera in the AVD's advanced settings; the iOS Simulator has none",
            remedy: nil, source: PlatformSource.mdnGetUserMediaErrors,
            ruledOutBy: cameraOpened, context: .device,
            applies: { $0.errorName != "OverconstrainedError" },
            weigh: { e in
                let inputs = max(e.observed(.cameraDevices, "videoInputsBefore")?.intValue ?? -1, e.observed(.cameraDevices, "videoInputsAfter")?.intValue ?? -1)
                if inputs == 0 { return .conclusive("camera.devices listed no video input") }
                if inputs > 0 { return .possible("NotFoundError", against: "camera.devices listed \(inputs) video input(s)") }
                return .likely("NotFoundError: no device matched {video: true}")
            }),
        KnownCause("page.overconstrained", .page, scope: "every engine",
            summary: "the constraints asked for a camera the device does not have",
            check: "the page asks {video: true} only; an OverconstrainedError names the constraint",
            remedy: nil, source: PlatformSource.mdnGetUserMediaErrors,
            applies: { $0.errorName == "OverconstrainedError" },
            weigh: .likely("OverconstrainedError")),
    ])

    /// Any other error name (InvalidStateError, NotSupportedError, an engine's own): the web
    /// platform names each way getUserMedia fails, and none of these is a layer's denial or a
    /// missing or busy camera, so no setting of the app is the cause.
    static let cameraOtherError = camera("camera.other-error", "getUserMedia rejected with an error that is neither a denial, a missing or busy camera, nor a timeout", [
        KnownCause("camera.engine-error", .device, scope: "every engine",
            summary: "the engine could not start the camera for the reason its error names: getUserMedia rejects with a named DOMException for each way it fails (InvalidStateError: the document is not fully active; NotSupportedError: the request cannot be met in this context), and an older engine with a name of its own",
            check: "the error's name and message against getUserMedia's listed exceptions; the same page in the device's browser: if it opens the camera there, the WebView's engine is the one that fails",
            remedy: nil, source: PlatformSource.mdnGetUserMediaErrors, context: .webPlatform,
            weigh: { e in .likely("getUserMedia failed with \(e.errorName ?? "an unnamed error")") }),
    ])

    /// The page's own TimeoutError: the promise never settled.
    static let cameraUnanswered = camera("camera.unanswered", "getUserMedia never settled (the page's TimeoutError)", [
        KnownCause("handler.never-answers", .webViewPermissionHandler, scope: "every app WebView",
            summary: "the request was never answered: the host's permission handler kept it without deciding (Android: neither grant() nor deny(); iOS: the decisionHandler never called)",
            check: "log in onPermissionRequest / requestMediaCapturePermissionFor: every path must grant or deny",
            remedy: .cameraGrant, source: PlatformSource.androidOnPermissionRequest,
            applies: { $0.platform.isAppWebView },
            weigh: .likely("the request was neither granted nor denied")),
        KnownCause("cordova.android.pending-after-failure", .osPermission, scope: "Cordova on Android (and handlers that grant without the CAMERA runtime permission)",
            summary: "the WebView was granted the camera without the CAMERA runtime permission once; later requests stay pending until the WebView is recreated",
            check: "ContextCompat.checkSelfPermission(context, Manifest.permission.CAMERA); restart the app after granting it",
            remedy: androidRuntimeCamera, source: PlatformSource.cordovaGrantWithoutRuntime,
            applies: { $0.family == .android && $0.platform.isAppWebView },
            weigh: { e in .init(likelihood: e.wrapper == .cordova ? .likely : .possible, supporting: e.wrapper == .cordova ? ["Cordova grants without the runtime permission"] : ["a pending request is what the cordova-android thread saw"]) }),
    ])

    /// navigator.mediaDevices.getUserMedia missing.
    static let cameraAPIMissing = Symptom(id: "camera.api-missing", probes: [.cameraApi], observation: "navigator.mediaDevices.getUserMedia does not exist", causes: [
        KnownCause("page.insecure-context", .page, scope: "every engine",
            summary: "the page is not a secure context, and mediaDevices exists in secure contexts only",
            check: "env.secureContext: isSecureContext", remedy: .secureContext, source: PlatformSource.mdnSecureContext,
            applies: { $0.observed(.envSecureContext, "isSecureContext")?.boolValue == false },
            weigh: .conclusive("env.secureContext saw an insecure context")),
        KnownCause("ios.camera.before-14.3", .device, scope: "iOS before 14.3",
            summary: "WKWebView has no getUserMedia before iOS 14.3",
            check: "the iOS version (env.platform)", remedy: .updateOS, source: PlatformSource.wkWebViewGetUserMedia,
            applies: { $0.family == .ios && ($0.osVersion.map { $0 < Version([14, 3]) } ?? false) },
            weigh: { e in .init(likelihood: .conclusive, supporting: ["iOS \(e.osVersion.map { "\($0)" } ?? "?")"]) }),
        // WebKit turns navigator.mediaDevices off for an app that may capture neither video nor
        // audio, which on iOS means an Info.plist with neither usage description
        // (WebPreferences::platformInitializeStore; UserMediaPermissionRequestManagerProxy's
        // checkUsageDescriptionStringForType): https://github.com/WebKit/WebKit/blob/9def6e6f0258ddd9171d32bec2fffb684dbc7b8b/Source/WebKit/UIProcess/Cocoa/WebPreferencesCocoa.mm#L142
        KnownCause("ios.no-capture-usage-descriptions", .osPermission, scope: "iOS 14.3+ WKWebView, every wrapper",
            summary: "the app's Info.plist has neither NSCameraUsageDescription nor NSMicrophoneUsageDescription, so WebKit turns navigator.mediaDevices off for every page of the app",
            check: "the app's Info.plist (Xcode › the target › Info) has NSCameraUsageDescription",
            remedy: usageDescriptionRemedy, source: PlatformSource.webKitMediaDevicesNeedUsageDescription,
            applies: { e in e.family == .ios && e.platform.isAppWebView && e.observed(.envSecureContext, "isSecureContext")?.boolValue != false
                && !(e.osVersion.map { $0 < Version([14, 3]) } ?? false) },
            weigh: { e in
                e.observed(.cameraApi, "mediaDevices")?.boolValue == false
                    ? .likely("navigator.mediaDevices itself is absent, as WebKit leaves it without a usage description")
                    : .possible("getUserMedia is absent", against: "navigator.mediaDevices exists, which WebKit removes whole")
            }),
        KnownCause("webview.no-media-streams", .webViewSetting, scope: "every app WebView",
            summary: "the WebView build lacks media capture, or the host turned media streams off",
            check: "open the page in the system browser of the same device: if getUserMedia exists there, the host's WebView configuration removes it",
            remedy: .updateOS, source: PlatformSource.mdnGetUserMediaErrors,
            applies: { e in e.observed(.envSecureContext, "isSecureContext")?.boolValue != false && !(e.family == .ios && (e.osVersion.map { $0 < Version([14, 3]) } ?? false)) },
            // On iOS 14.3+ every WKWebView has the API unless the app lacks the usage
            // descriptions: a build without it, or a switch an app can turn, is the Android case.
            weigh: { e in e.family == .ios ? .possible("a secure context on a version that has the API") : .likely("a secure context on a version that has the API") }),
    ])

    /// enumerateDevices listed no video input.
    static let cameraNoDevices = Symptom(id: "camera.no-devices", probes: [.cameraDevices], observation: "enumerateDevices listed no video input", causes: [
        KnownCause("camera.no-device", .device, scope: "every engine",
            summary: "the device has no camera (an emulator or simulator without one configured counts)",
            check: "the system camera app; the AVD's camera setting", remedy: nil, source: PlatformSource.mdnGetUserMediaErrors,
            ruledOutBy: cameraOpened, context: .device,
            weigh: .likely("no video input before or after the request")),
        KnownCause("camera.not-yet-permitted", .osPermission, scope: "every engine",
            summary: "the engine hides devices until the camera is permitted, and it never was",
            check: "camera.getUserMedia: a denial there explains the empty list",
            remedy: .osCameraPermission, source: PlatformSource.enumerateDevices, context: .webPlatform,
            weigh: { e in
                let outcome = e.observed(.cameraGetUserMedia, "outcome")?.stringValue
                if outcome == "granted" { return .init(likelihood: .possible, against: ["camera.getUserMedia was granted"]) }
                return .init(likelihood: outcome == "error" ? .likely : .possible, supporting: outcome == "error" ? ["camera.getUserMedia was refused too"] : [])
            }),
    ])
}

/// camera.reacquire: a second prompt for a camera the person already allowed in this page.
/// Who asks again differs by platform: on iOS 15+ it is WebKit, whenever the host's
/// media-capture decision is `.prompt` or is not implemented
/// (https://developer.apple.com/documentation/webkit/wkuidelegate/webview(_:requestmediacapturepermissionfor:initiatedbyframe:type:decisionhandler:));
/// Android WebView never prompts on its own, it hands every request to the app's
/// onPermissionRequest (https://developer.android.com/reference/android/webkit/WebChromeClient#onPermissionRequest(android.webkit.PermissionRequest)),
/// so a prompt there is the app's own dialog.
extension Symptom {
    /// iOS wrappers whose own setting answers `.prompt` by default, each named by its cause.
    static let promptingWrappers: Set<Wrapper> = [.reactNativeWebView, .flutterInAppWebView]

    /// An iOS before 15, whose WKWebView has no media-capture decision for the app to make
    /// (https://developer.apple.com/documentation/webkit/wkuidelegate/webview(_:requestmediacapturepermissionfor:initiatedbyframe:type:decisionhandler:)).
    static func beforeMediaCaptureDecision(_ e: CauseEvidence) -> Bool {
        e.family == .ios && (e.osVersion.map { $0 < Version([15]) } ?? false)
    }

    static let promptsAgain = Symptom(id: "camera.prompts-again", probes: [.cameraReacquire], observation: "the camera was asked for again and a second prompt appeared", causes: [
        KnownCause("rn.ios.camera.grant-type-prompt", .webViewSetting, scope: "react-native-webview on iOS 15+",
            summary: "react-native-webview's mediaCapturePermissionGrantType is \"prompt\", its default, which asks the person on every request",
            check: "the WebView's mediaCapturePermissionGrantType prop: \"grantIfSameHostElsePrompt\" asks once for the page's own host",
            remedy: .cameraReacquire, source: PlatformSource.rnMediaCaptureGrantType,
            applies: { $0.family == .ios && $0.wrapper == .reactNativeWebView && !beforeMediaCaptureDecision($0) },
            weigh: .likely("a second prompt in react-native-webview on iOS, whose default is \"prompt\"")),
        KnownCause("iaw.ios.camera.prompt-default", .webViewSetting, scope: "flutter_inappwebview on iOS 15+",
            summary: "flutter_inappwebview's onPermissionRequest answers PermissionResponseAction.PROMPT, which asks the person again (in 5.x, which makes no media-capture decision on iOS, WebKit asks each time; in 6.x an app with no callback is denied instead)",
            check: "onPermissionRequest returns PermissionResponse(action: PermissionResponseAction.GRANT) for the page's own origin",
            remedy: .cameraReacquire,
            source: "https://pub.dev/documentation/flutter_inappwebview/latest/flutter_inappwebview/PlatformWebViewCreationParams/onPermissionRequest.html",
            applies: { $0.family == .ios && $0.wrapper == .flutterInAppWebView && !beforeMediaCaptureDecision($0) },
            // 6.x answers .deny with no callback and .prompt for PROMPT: https://github.com/pichillilorenzo/flutter_inappwebview/blob/v6.1.5/flutter_inappwebview_ios/ios/Classes/InAppWebView/InAppWebView.swift#L1668-L1712
            weigh: .likely("a second prompt in flutter_inappwebview on iOS, whose PROMPT action leaves the choice to WebKit")),
        KnownCause("ios.camera.prompt-each-time", .webViewSetting, scope: "iOS WKWebView 15+ (native, Capacitor, Cordova, webview_flutter, MAUI)",
            summary: "the WKUIDelegate's requestMediaCapturePermissionFor answers .prompt or is not implemented, so WebKit asks the person on every request",
            check: "the WKUIDelegate implements webView(_:requestMediaCapturePermissionFor:initiatedByFrame:type:decisionHandler:) and answers .grant for the page's own origin",
            remedy: .cameraReacquire, source: PlatformSource.wkMediaCaptureDelegate,
            applies: { $0.family == .ios && $0.platform.isAppWebView && !($0.wrapper.map(promptingWrappers.contains) ?? false) && !beforeMediaCaptureDecision($0) },
            weigh: { e in
                let supporting = ["a second prompt in a WKWebView: WebKit's own, on a .prompt decision"]
                switch e.wrapper {
                case .capacitor?:
                    return .init(likelihood: .possible, supporting: supporting, against: ["Capacitor's WebViewDelegationHandler answers .grant unless the app replaced it (\(WrapperCatalog.capacitorDelegation))"])
                case .cordova?:
                    return .init(likelihood: .possible, supporting: supporting + ["cordova-ios 7 has no media-capture decision at all"], against: ["cordova-ios 8 grants the page's own host by default (MediaPermissionGrantType, \(WrapperCatalog.cordovaIOSUIDelegate))"])
                default:
                    return .init(likelihood: .likely, supporting: supporting)
                }
            }),
        // The media-capture decision is iOS 15.0+ (its page's availability): before it no
        // app, wrapper or setting can answer WebKit's request, so each wrapper's .prompt
        // cause above stands only from iOS 15 and this one takes its place below it.
        KnownCause("ios.camera.prompt-before-15", .device, scope: "iOS WKWebView before 15, every wrapper",
            summary: "before iOS 15 WKWebView gives the app no media-capture decision (WKUIDelegate's requestMediaCapturePermissionFor is iOS 15.0+), so WebKit asks the person each time a page calls getUserMedia again; no setting of the app or its wrapper keeps the grant",
            check: "the iOS version (env.platform): from iOS 15 the app's WKUIDelegate can answer .grant for the page's own origin",
            remedy: .updateOS, source: PlatformSource.wkMediaCaptureDelegate,
            applies: { $0.family == .ios && $0.platform.isAppWebView && beforeMediaCaptureDecision($0) },
            weigh: { e in .init(likelihood: .conclusive, supporting: ["iOS \(e.osVersion.map { "\($0)" } ?? "?"), before the media-capture decision"]) }),
        KnownCause("android.camera.own-dialog-each-time", .webViewSetting, scope: "Android WebView, every wrapper",
            summary: "the app shows its own dialog in onPermissionRequest on every request (Android WebView has no prompt of its own), or asks for the CAMERA permission again although it holds it",
            check: "onPermissionRequest grants RESOURCE_VIDEO_CAPTURE at once when ContextCompat.checkSelfPermission(CAMERA) is PERMISSION_GRANTED",
            remedy: .cameraReacquire, source: PlatformSource.androidOnPermissionRequest,
            applies: { $0.family == .android && $0.platform.isAppWebView },
            weigh: .likely("a second prompt in an Android WebView, which never prompts itself")),
    ])
}

/// The fixes this area's findings carry, as code an integrator pastes (Tests/remedies/check.py
/// compiles each line; `RemedyCodeTests` checks their width and their API pages).
extension Remedy {
    static let androidRuntimePermission = "https://developer.android.com/training/permissions/requesting"

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
