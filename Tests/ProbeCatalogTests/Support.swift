import Foundation
@testable import ProbeCatalog

/// Builds results and runs the diff the way the server will.
enum Run {
    static let id = "run-test"

    static func result(_ probe: String, _ observed: [String: JSONValue], status: ProbeResult.Status = .info, attempt: Int = 1) -> ProbeResult {
        ProbeResult(run: id, probe: probe, attempt: attempt, status: status, observed: observed, elapsedMs: 10, at: "2026-11-30T03:00:00Z")
    }

    static func detected(_ platform: Platform, osVersion: String? = nil, engineVersion: String? = nil) -> DetectedPlatform {
        let os: String
        let engine: String
        switch platform.family {
        case .ios: os = "iOS"; engine = "WebKit"
        case .android: os = "Android"; engine = "Blink"
        case .desktop: os = "Linux"; engine = "Blink"
        }
        let defaultOS = platform.family == .ios ? "17.4" : (platform.family == .android ? "14" : nil)
        let defaultEngine = platform.family == .ios ? "17.4" : "130"
        return DetectedPlatform(
            platform: platform, os: os, osVersion: (osVersion ?? defaultOS).flatMap { Version($0) }, engine: engine,
            engineVersion: Version(engineVersion ?? defaultEngine), wrapper: nil, confidence: .high, reasons: ["test"])
    }

    static func report(
        _ platform: Platform, _ results: [ProbeResult], requirementSet: String = "liveform",
        osVersion: String? = nil, engineVersion: String? = nil
    ) -> DiffReport {
        Diff(platform: detected(platform, osVersion: osVersion, engineVersion: engineVersion), requirementSet: requirementSet)!
            .report(results: results)
    }

    static func finding(_ platform: Platform, _ result: ProbeResult, others: [ProbeResult] = [], requirementSet: String = "liveform") -> Finding {
        report(platform, [result] + others, requirementSet: requirementSet).finding(result.probe)!
    }

    /// A run in which every probe observed what a correctly configured app gives.
    static func healthy(_ platform: Platform) -> [ProbeResult] {
        var results: [ProbeResult] = [
            result("env.script", ["javascript": true, "noscriptBeacon": false]),
            result("env.platform", ["userAgent": "test"]),
            result("env.secureContext", ["isSecureContext": true, "protocol": "https:", "origin": "https://probe.test"]),
            result("env.viewport", ["heightRatio": 0.95]),
            result("env.injected", ["patchedNatives": [], "unexpectedGlobals": [], "bridgeObjects": []]),
            result("host.report", ["bridge": "none", "answered": false, "waitedMs": 0]),
            result("storage.local", ["available": true, "writeReadRemove": true]),
            result("storage.session", ["available": true, "writeReadRemove": true]),
            result("storage.indexedDB", ["available": true, "opened": true, "putGetDelete": true]),
            result("cookie.document", ["cookieEnabled": true, "writeRead": true]),
            result("cookie.server", ["setCookieSent": true, "echoed": true, "visibleToScript": false]),
            result("cookie.thirdParty", ["frameLoaded": true, "set": true, "readBack": .bool(platform.family != .ios)]),
            result("storage.navigation", ["cookieSurvived": true, "localStorageSurvived": true]),
            result("storage.relaunch", ["relaunched": true, "sessionCookie": false, "persistentCookie": true, "localStorage": true, "indexedDB": true]),
            result("fetch.sameOrigin", ["getOk": true, "postEchoExact": true, "status": 200]),
            result("fetch.credentials", ["cookieSent": true]),
            result("fetch.cors", ["getOk": true, "preflightOk": true]),
            result("fetch.integrity", ["bytes": 1_048_576, "uploadHashMatch": true, "downloadHashMatch": true]),
            result("xhr.sameOrigin", ["getOk": true, "postOk": true]),
            result("net.mixedContent", ["imageLoaded": .bool(platform.family == .android), "fetchBlocked": true]),
            result("media.autoplay", ["played": true]),
            result("media.inline", ["inline": true, "enteredFullscreen": false, "played": true]),
            result("camera.api", ["mediaDevices": true, "getUserMedia": true]),
            result("camera.devices", ["videoInputsBefore": 2, "videoInputsAfter": 2, "labelsBefore": false, "labelsAfter": true]),
            result("camera.permission", ["stateBefore": "prompt", "stateAfter": "granted"]),
            result("camera.getUserMedia", ["outcome": "granted", "elapsedMs": 420, "promptShown": false, "videoTracks": 1, "audioTracks": 0]),
            result("camera.frames", ["playing": true, "width": 1280, "height": 720, "frames": 30, "black": false, "frozen": false, "fullscreen": false]),
            result("camera.facing", ["environmentOk": true, "environmentFacing": "environment", "userOk": true, "userFacing": "user"]),
            result("camera.reacquire", ["outcome": "granted", "elapsedMs": 300, "promptShown": false]),
            result("camera.scope", ["audioOutcome": "error", "audioErrorName": "NotAllowedError", "videoAudioOutcome": "error", "videoAudioErrorName": "NotAllowedError", "audioTracks": 0, "displayOutcome": "unsupported", "elapsedMs": 20]),
            result("camera.foreignOrigin", ["via": "frame", "otherPortOutcome": "error", "otherPortErrorName": "NotAllowedError", "otherPortElapsedMs": 30, "otherHostOutcome": "error", "otherHostErrorName": "NotAllowedError", "otherHostElapsedMs": 30]),
            result("file.accept", ["changeFired": true, "cancelFired": false, "fileCount": 1, "type": "image/jpeg", "size": 123_456, "sniffedFormat": "jpeg", "sha256": "ab", "serverSha256": "ab", "hashMatch": true, "uploadStatus": 200]),
            result("file.capture", ["environmentChangeFired": true, "environmentFileCount": 1, "userChangeFired": true, "userFileCount": 1, "cameraOpenedDirectly": true]),
            result("file.cancel", ["cancelFired": true, "secondChooserOpened": true, "secondChangeFired": true, "secondFileCount": 1]),
            result("file.heic", ["type": "image/jpeg", "sniffedFormat": "jpeg", "serverAccepted": true, "convertedToJpeg": true]),
            result("nav.windowOpen", ["tapResult": "same-view", "timerResult": "blocked"]),
            result("nav.customScheme", ["outcome": "external-app"]),
            result("nav.returnUrl", ["reachedApp": true, "outcome": "app"]),
            result("nav.loadError", ["http500Recoverable": true, "unreachableRecoverable": true]),
            result("lifecycle.background", ["hiddenFired": true, "visibleFired": true, "trackStateAfter": "live", "resumed": true]),
            result("net.offline", ["offlineFired": true, "onlineFired": true, "queued": 2, "delivered": 2]),
        ]
        var answers: [String: JSONValue] = [:]
        for item in Catalog.standard.checklist {
            if let question = item.coverage.question, question.probe == "operator.checklist" { answers[question.key] = "yes" }
        }
        results.append(result("operator.checklist", ["answers": .object(answers)]))
        return results
    }

    /// `healthy` with one probe's observed fields replaced.
    static func healthy(_ platform: Platform, replacing probe: String, with observed: [String: JSONValue]) -> [ProbeResult] {
        healthy(platform).map { $0.probe == probe ? result(probe, observed) : $0 }
    }
}
