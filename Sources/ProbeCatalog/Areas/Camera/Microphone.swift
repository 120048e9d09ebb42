// The microphone step: whether the app hands the page the microphone, and whether it hears.
// It measures the grant camera.scope already asked for (one prompt, not two), so a grant it
// finds is camera.scope's finding too and is folded under it; in a browser, where the person
// decides, it reports the level a granted microphone gives.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ProbeID {
    public static let cameraMicrophone = ProbeID(rawValue: "camera.microphone")
}

extension StandardProbes {
    static let microphone = Probe(
        id: .cameraMicrophone, title: "Microphone",
        instructions: "Say something, or make a sound, if the microphone is on.",
        kind: .auto, after: .init(.cameraScope, waits: .finish), phase: .camera,
        checks: "The {audio:true} grant camera.scope asked for (asked again only where camera.scope did not run): whether a stream came, its settings, and its input level over sampleMs (Web Audio AnalyserNode).",
        observed: [
            F("outcome", .string, "granted, or error.", values: ["granted", "error"]),
            F("errorName", .string, "DOMException name when no stream came, e.g. \"NotAllowedError\"."),
            F("errorMessage", .string, "DOMException message."),
            F("elapsedMs", .number, "Milliseconds the {audio:true} request took to settle."),
            F("via", .string, "Whose request it measured: camera.scope's, or one of its own where that step did not run.", values: ["scope", "own"]),
            F("audioTracks", .integer, "Audio tracks in the stream."),
            F("level", .number, "Peak RMS of the input over the sampled time, 0 to 1 (AnalyserNode.getFloatTimeDomainData)."),
            F("sampledMs", .integer, "How long the level was sampled."),
            F("silent", .boolean, "True when every sample was below the noise floor (silentLevel): a muted, busy or switched-off microphone, or a quiet room."),
            F("muted", .boolean, "MediaStreamTrack.muted while sampling: the source gives no data (the OS or another app holds it)."),
            F("settings", .object, "track.getSettings() of the audio track: sampleRate, channelCount, echoCancellation, noiseSuppression, autoGainControl."),
            F("permissionStateBefore", .string, "permissions.query({name:'microphone'}) before the request.", values: permissionStates),
        ],
        healthy: .init(["outcome": "error", "errorName": "NotAllowedError", "elapsedMs": 20, "via": "scope", "audioTracks": 0]),
        thresholds: [
            Threshold("sampleMs", ms: 250, "The level is read over a quarter second, twenty readings of the analyser's 43 ms window (2,048 samples at 48 kHz), so every moment of it is read: a live microphone hears a room's noise at once, and the unattended flow waits on every millisecond of it."),
            Threshold("grantWaitMs", ms: 30000, "Only where camera.scope did not ask: a person may be asked about the microphone; half a minute to answer."),
            Threshold("grantWaitUnattendedMs", ms: 10000, "Only where camera.scope did not ask, and no person answers: a WebView handler answers within milliseconds, one with no handler never settles."),
        ],
        expectation: .init(
            .security, ExpectationRule.on(ExpectationRule.browsers, .info),
            expected: "no microphone (the host grants only the camera)",
            expectedOn: [.iosSafari: "the person decides; a granted microphone hears", .androidChrome: "the person decides; a granted microphone hears", .desktop: "the person decides; a granted microphone hears"]),
        remedy: .videoOnlyGrant).evaluated(
            by: Diff.evaluateMicrophone,
            concluding: [
            "a stream with an audio track → the host grants every requested resource (folded under camera.scope, which asked)",
            "granted and silent → a muted or busy microphone (in a browser, where the person decides)",
            ]).failing(as:
        Consequence(of: .cameraScope, because: "the microphone this step measures is the one camera.scope's {audio:true} request was granted",
                    unless: { $0.string("via") == "own" }))
        // It listens for sampleMs to a track it already holds, while camera.resolution after it
        // opens the camera at three sizes: neither reads or changes the other's device. Not on
        // iOS, where a later getUserMedia mutes the tracks an earlier one gave
        // (https://bugs.webkit.org/show_bug.cgi?id=179363), so the camera's requests would
        // silence the level this step reads.
        .runningBesideTheNext(on: [.android, .desktop])
}

extension Diagnosis {
    static let microphoneSilent = KnownDiagnosis("camera.microphone-silent", probes: [.cameraMicrophone], .observation) { (muted: Bool) in
        muted
            ? "The microphone was granted but its track is muted: the system or another app holds the input"
            : "The microphone was granted but heard nothing while it was sampled: a switched-off or covered microphone, or a silent room"
    }

    static let microphoneDeclared: [any DeclaredDiagnosis] = [microphoneSilent]
}

extension Diff {
    /// The noise floor: a live microphone in a quiet room reads about −60 dBFS (0.001);
    /// a muted or dead input reads exact zeros.
    static let silentLevel = 0.0005

    func evaluateMicrophone(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        guard let outcome = result.string("outcome") else { return Assessment(.unknown, "") }
        let tracks = result.int("audioTracks") ?? 0
        // NotReadableError comes only after the permission was granted, when the device then
        // failed to start (https://w3c.github.io/mediacapture-main/#dom-mediadevices-getusermedia,
        // step "If the user grants permission but a hardware error…"): the host granted audio.
        func grantedByTheHost(_ observed: String, afterPrompt: Bool) -> Assessment {
            Assessment(.granted, observed, diagnosis: worded(Diagnosis.audioGranted(afterPrompt), context), layer: .webView, remedy: .videoOnlyGrant)
        }
        if result.string("errorName") == "NotReadableError", context.isAppWebView {
            return grantedByTheHost("granted, then the microphone failed to start (NotReadableError)", afterPrompt: false)
        }
        guard outcome == "granted" || tracks > 0 else {
            return Assessment(.denied, "refused" + (result.string("errorName").map { " (\($0))" } ?? ""))
        }
        let level = result.number("level")
        let heard = level.map { $0 > 0 ? "\(Int((20 * log10($0)).rounded())) dBFS" : "silence" }
        let observed = "granted, \(tracks) audio track\(tracks == 1 ? "" : "s")" + (heard.map { ", level \($0)" } ?? "")
            + (result.bool("muted") == true ? ", muted" : "")
        let silent = result.bool("silent") == true || result.bool("muted") == true
        if !context.isAppWebView {
            // A browser: the person decided; say whether the microphone they allowed hears.
            return silent
                ? Assessment(.warning, observed, diagnosis: Diagnosis.microphoneSilent(result.bool("muted") == true), layer: .device)
                : Assessment(.works, observed)
        }
        return grantedByTheHost(observed, afterPrompt: (result.number("elapsedMs") ?? 0) >= Self.fastDenialMs && context.isIOS)
    }
}
