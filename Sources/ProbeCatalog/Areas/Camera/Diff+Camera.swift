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
                return Assessment(.warning, observed + ", with \(audio) audio track(s)", diagnosis: Diagnosis.audioAddedToGrant(), layer: .webView, remedy: .videoOnlyGrant)
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
            return Assessment(.broken, observed, diagnosis: Diagnosis.cameraEngineFailed(name), layer: .webView, remedy: .cameraGrant)
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
            return Assessment(.broken, observed, diagnosis: Diagnosis.previewFullscreen(), layer: .webView, remedy: settings)
        }
        if black == true || frozen == true || playing == false || frames == 0 {
            return Assessment(
                .broken, observed,
                diagnosis: Diagnosis.previewNotPlaying(black == true, context.inlinePlaybackFailed, autoplayBroken),
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
            return Assessment(.granted, observed, diagnosis: Diagnosis.audioGranted(context.family, afterPrompt), layer: .webView, remedy: .videoOnlyGrant)
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
            return Assessment(.granted, observed, diagnosis: Diagnosis.everyOriginGranted(prompted), layer: .webView, remedy: .strictOrigin)
        }
        if hostGranted {
            return Assessment(.granted, observed, diagnosis: Diagnosis.otherHostGranted(prompted), layer: .webView, remedy: .strictOrigin)
        }
        if portGranted {
            if context.requirementSet.originCheck == .host {
                // The LiveForm guide's samples check the host only (docs/requirements.md#liveform).
                return Assessment(.warning, observed, diagnosis: Diagnosis.otherPortGranted(prompted, context.requirementSet.id), layer: .webView, remedy: .strictOrigin)
            }
            return Assessment(.granted, observed, diagnosis: Diagnosis.otherPortGranted(prompted, nil), layer: .webView, remedy: .strictOrigin)
        }
        if port == "error" || host == "error" { return Assessment(.denied, observed) }
        return Assessment(.unknown, "")
    }
}
