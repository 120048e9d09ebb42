// Whom the camera is granted to: only the camera (no microphone, no screen) and only the app's
// own origin: the probes' names, their declarations, the diagnoses they can state and how their
// results are judged, side by side. The host's grant decides both, so the settings rows name the
// causes and word the findings; the fixes are the camera grant's (`Remedy.videoOnlyGrant`,
// `Remedy.strictOrigin`, CameraAccess.swift).

/// The names of this file's probes: each is the `id` of one declaration below.
extension ProbeID {
    public static let cameraScope = ProbeID(rawValue: "camera.scope")
    public static let cameraForeignOrigin = ProbeID(rawValue: "camera.foreignOrigin")
}

/// Each in its place in the camera's steps (`StandardProbes.camera`): the scope before the
/// microphone, the foreign origin last.
extension StandardProbes {
    static let scope = Probe(
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
            ])
        .verifies("android.onPermissionRequest", "ios.mediaCaptureHandler")

    static let foreignOrigin = Probe(
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
            ])
        .verifies("android.onPermissionRequest", "ios.mediaCaptureHandler")
}

/// The diagnoses the evaluators below state.
extension Diagnosis {
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
    static let grantScopeDeclared: [any DeclaredDiagnosis] = [
        audioGranted, displayCaptureGranted, everyOriginGranted, otherHostGranted, otherPortGranted,
    ]
}

extension Diff {
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
