/// The facts more than one declaration rests on, stated once.
extension Diagnosis.Basis {
    fileprivate static let hostChecksOrigin = fact("PermissionRequest.getOrigin() is the host's to check", source: PlatformSource.androidPermissionRequest)
}

/// The camera: the diagnoses `Diff+Camera.swift` states (the causes it ranks are in
/// `Symptoms+Camera.swift`).
extension Diagnosis {
    /// The leads of `Symptom.cameraAPIMissing`'s diagnosis.
    static let cameraAPIInsecure = KnownDiagnosis("camera.api-insecure-context", probes: [.cameraApi],
        .fact("navigator.mediaDevices is offered to secure contexts only", source: PlatformSource.mdnSecureContext)) {
        "The camera API is absent because the page is not a secure context"
    }
    static let cameraAPIOldIOS = KnownDiagnosis("ios.camera.api-before-14.3", probes: [.cameraApi],
        .fact("WKWebView gained getUserMedia in iOS 14.3", source: PlatformSource.wkWebViewGetUserMedia)) { (version: Version) in
        "iOS \(version) has no getUserMedia in WKWebView; it arrived in iOS 14.3"
    }
    static let cameraAPIMissing = KnownDiagnosis("camera.api-missing", probes: [.cameraApi], .observation) {
        "The camera API is missing in a secure context"
    }

    static let noCameraListed = KnownDiagnosis("camera.no-devices", probes: [.cameraDevices], .observation) { "No camera is listed" }

    static let audioAddedToGrant = KnownDiagnosis("webview.camera-grant-adds-audio", probes: [.cameraGetUserMedia],
        .fact("the host grants the resources it passes to PermissionRequest.grant, whatever the page asked", source: PlatformSource.androidPermissionRequest)) {
        "Video alone was asked for, yet the stream carries audio: the host adds the microphone to the grant."
    }

    static let cameraEngineFailed = KnownDiagnosis("camera.engine-failed", probes: [.cameraGetUserMedia, .cameraReacquire],
        .fact("getUserMedia rejects with a named DOMException for each way it fails", source: PlatformSource.mdnGetUserMediaErrors)) { (errorName: String) in
        "getUserMedia failed with \(errorName): the engine could not start the camera."
    }

    /// The lead of a refused camera's diagnosis: the error, its speed and the prompt
    /// (`CauseEvidence.denialWords`); the causes are the symptom's.
    static let cameraRefused = KnownDiagnosis("camera.refused", probes: [.cameraGetUserMedia, .cameraReacquire], .observation) { (denial: String, stateAlreadyDenied: Bool) in
        denial + (stateAlreadyDenied ? " (the permission state was already denied before the request)" : "")
    }

    static let previewFullscreen = KnownDiagnosis("ios.camera.preview-fullscreen", probes: [.cameraFrames], .inlinePlaybackOffOnIPhone) {
        "The camera preview left the page for a fullscreen player: inline playback is off (allowsInlineMediaPlayback is false on iPhone by default)."
    }

    static let previewNotPlaying = KnownDiagnosis("webview.camera-preview-not-playing", probes: [.cameraFrames], .fact("a video that may not play inline shows no frames in the page", source: PlatformSource.wkInlinePlayback)) { (black: Bool, inlineFailed: Bool, autoplayRefused: Bool) in
        let alsoFailed = [inlineFailed ? "media.inline failed too" : nil, autoplayRefused ? "media.autoplay was refused too" : nil].compactMap { $0 }
        return "The camera was granted but the preview is \(black ? "black" : "frozen or not playing"): the video element is not allowed to play inline without a gesture, so the stream never renders"
            + (alsoFailed.isEmpty ? "" : " (\(alsoFailed.joined(separator: "; ")))")
            + ". Check the inline and autoplay settings; a covered lens also gives black frames."
    }

    static let promptsAgain = KnownDiagnosis("camera.prompts-again", probes: [.cameraReacquire], .observation) {
        "The camera was asked for again although the person allowed it in this page"
    }

    /// Who granted the microphone, per platform: Android's grant(request.resources), the iOS
    /// media-capture decision (after a prompt: it answered .prompt and the person allowed it).
    static let audioGranted = KnownDiagnosis("webview.camera-grant-everything", probes: [.cameraScope], .fact("PermissionRequest.grant(request.resources) grants whatever the page asked for", source: PlatformSource.androidPermissionRequest)) { (family: Platform.Family, afterPrompt: Bool) in
        let detail: String
        switch family {
        case .android:
            detail = "onPermissionRequest calls request.grant(request.resources); grant only RESOURCE_VIDEO_CAPTURE"
        case .ios:
            detail = afterPrompt
                ? "the media-capture decision returns .prompt for the microphone and the person allowed it; deny any type but .camera"
                : "the media-capture decision grants without looking at the capture type"
        case .desktop:
            detail = "the browser granted the microphone"
        }
        return "Audio was granted when only video was needed: the host grants every requested resource (\(detail))."
    }

    static let displayCaptureGranted = KnownDiagnosis("contract.display-capture-granted", probes: [.cameraScope], .contract) { (requirementSet: String) in
        "Display capture was granted; the \(requirementSet) contract requires it denied (docs/requirements.md#video-only)."
    }

    /// The note a foreign-origin grant after a prompt adds: the delegate answered .prompt.
    private static func promptNote(_ prompted: Bool) -> String {
        prompted ? " The grant came after a prompt: the delegate returns .prompt for foreign origins; deny them (docs/requirements.md#camera-getusermedia)." : ""
    }

    static let everyOriginGranted = KnownDiagnosis("webview.camera-every-origin", probes: [.cameraForeignOrigin], .hostChecksOrigin) { (prompted: Bool) in
        "The camera was granted on another host and on another port: the host grants every origin (no origin check at all).\(promptNote(prompted))"
    }
    static let otherHostGranted = KnownDiagnosis("webview.camera-origin-check-missing", probes: [.cameraForeignOrigin], .hostChecksOrigin) { (prompted: Bool) in
        "The camera was granted to the second origin's host: the host's origin check is missing (or matches loosely, e.g. by suffix).\(promptNote(prompted))"
    }
    /// `hostOnlyContract`: the requirement set whose guide checks the host only, where this is a warning.
    static let otherPortGranted = KnownDiagnosis("webview.camera-origin-ignores-port", probes: [.cameraForeignOrigin], .fact("an origin is scheme, host and port", source: PlatformSource.rfc6454Origin)) { (prompted: Bool, hostOnlyContract: String?) in
        "The camera was granted on the same host's other port only: the origin check compares the host but not the port (or scheme); an origin is scheme, host and port (RFC 6454 §4).\(promptNote(prompted))"
            + (hostOnlyContract.map { " The \($0) guide checks the host only (docs/requirements.md#liveform), so this is a warning here; any other service on that host can use the camera." } ?? "")
    }
    /// Every diagnosis declared in this file, for the docs and the tests (a test holds the list to the declarations).
    static let cameraDeclared: [any DeclaredDiagnosis] = [
        cameraAPIInsecure, cameraAPIOldIOS, cameraAPIMissing, noCameraListed, audioAddedToGrant, cameraEngineFailed,
        cameraRefused, previewFullscreen, previewNotPlaying, promptsAgain, audioGranted, displayCaptureGranted,
        everyOriginGranted, otherHostGranted, otherPortGranted,
    ]
}
