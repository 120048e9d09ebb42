extension Diff {
    func evaluateCameraAPI(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        guard let present = result.bool("getUserMedia") else { return Assessment(.unknown, "") }
        if present { return Assessment(.works, "navigator.mediaDevices.getUserMedia exists") }
        let observed = "navigator.mediaDevices\(result.bool("mediaDevices") == true ? ".getUserMedia" : "") is missing"
        let insecure = context.observed("env.secureContext", "isSecureContext")?.boolValue == false
        let oldIOS = context.isIOS && (context.platform.osVersion.map { $0 < Version([14, 3]) } ?? false)
        let lead = insecure ? "The camera API is absent because the page is not a secure context"
            : oldIOS ? "iOS \(context.platform.osVersion!) has no getUserMedia in WKWebView; it arrived in iOS 14.3"
            : "The camera API is missing in a secure context"
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
        return diagnosed(.cameraNoDevices, result, context, state: .broken, observed: observed, lead: "No camera is listed", remedy: .osCameraPermission)
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
                return Assessment(
                    .warning, observed + ", with \(audio) audio track(s)",
                    diagnosis: "Video alone was asked for, yet the stream carries audio: the host adds the microphone to the grant.",
                    layer: .webView, remedy: .videoOnlyGrant)
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
        default:
            return Assessment(
                .broken, observed,
                diagnosis: "getUserMedia failed with \(name): the engine could not start the camera.",
                layer: .webView, remedy: .cameraGrant)
        }
        var lead = evidence.denialWords
        if symptom.id == Symptom.cameraDenied.id, evidence.permissionStateBefore == "denied" {
            lead += " (the permission state was already denied before the request)"
        }
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
        let observed = "\(result.int("width") ?? 0)×\(result.int("height") ?? 0), \(frames.map(String.init) ?? "?") frames in 1 s, black \(describe(black)), frozen \(describe(frozen)), fullscreen \(describe(fullscreen))"
        let autoplayBroken = context.observed("media.autoplay", "played")?.boolValue == false && context.observed("media.autoplay", "allowed")?.boolValue != true
        let settings = Remedy.inlineAndAutoplay

        if fullscreen == true {
            return Assessment(
                .broken, observed,
                diagnosis: "The camera preview left the page for a fullscreen player: inline playback is off (allowsInlineMediaPlayback is false on iPhone by default).",
                layer: .webView, remedy: settings)
        }
        if black == true || frozen == true || playing == false || frames == 0 {
            var causes: [String] = []
            if context.inlinePlaybackFailed { causes.append("media.inline failed too") }
            if autoplayBroken { causes.append("media.autoplay was refused too") }
            let what = black == true ? "black" : "frozen or not playing"
            return Assessment(
                .broken, observed,
                diagnosis: "The camera was granted but the preview is \(what): the video element is not allowed to play inline without a gesture, so the stream never renders\(causes.isEmpty ? "" : " (\(causes.joined(separator: "; ")))"). Check the inline and autoplay settings; a covered lens also gives black frames.",
                layer: .webView, remedy: settings)
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
                                 lead: "The camera was asked for again although the person allowed it in this page", remedy: .cameraReacquire)
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
            let detail: String
            switch context.family {
            case .android:
                detail = "onPermissionRequest calls request.grant(request.resources); grant only RESOURCE_VIDEO_CAPTURE"
            case .ios:
                detail = afterPrompt
                    ? "the media-capture decision returns .prompt for the microphone and the person allowed it; deny any type but .camera"
                    : "the media-capture decision grants without looking at the capture type"
            case .desktop:
                detail = "the browser granted the microphone"
            }
            return Assessment(
                .granted, observed,
                diagnosis: "Audio was granted when only video was needed: the host grants every requested resource (\(detail)).",
                layer: .webView, remedy: .videoOnlyGrant)
        }
        if display == "granted", context.requirementSet.deniesDisplayCapture {
            return Assessment(
                .granted, observed,
                diagnosis: "Display capture was granted; the \(context.requirementSet.id) contract requires it denied (docs/requirements.md#video-only).",
                layer: .webView, remedy: .videoOnlyGrant)
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
        let promptNote = prompted ? " The grant came after a prompt: the delegate returns .prompt for foreign origins; deny them (docs/requirements.md#camera-getusermedia)." : ""

        if portGranted && hostGranted {
            return Assessment(
                .granted, observed,
                diagnosis: "The camera was granted on another host and on another port: the host grants every origin (no origin check at all).\(promptNote)",
                layer: .webView, remedy: .strictOrigin)
        }
        if hostGranted {
            return Assessment(
                .granted, observed,
                diagnosis: "The camera was granted to the second origin's host: the host's origin check is missing (or matches loosely, e.g. by suffix).\(promptNote)",
                layer: .webView, remedy: .strictOrigin)
        }
        if portGranted {
            let diagnosis = "The camera was granted on the same host's other port only: the origin check compares the host but not the port (or scheme); an origin is scheme, host and port (RFC 6454 §4).\(promptNote)"
            if context.requirementSet.originCheck == .host {
                // The LiveForm guide's samples check the host only (docs/requirements.md#liveform).
                return Assessment(
                    .warning, observed,
                    diagnosis: diagnosis + " The \(context.requirementSet.id) guide checks the host only (docs/requirements.md#liveform), so this is a warning here; any other service on that host can use the camera.",
                    layer: .webView, remedy: .strictOrigin)
            }
            return Assessment(.granted, observed, diagnosis: diagnosis, layer: .webView, remedy: .strictOrigin)
        }
        if port == "error" || host == "error" { return Assessment(.denied, observed) }
        return Assessment(.unknown, "")
    }
}
