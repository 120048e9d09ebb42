import Foundation
@testable import ProbeCatalog

/// One real-world report whose cause its public thread confirmed: the results the probe
/// page would have posted on that device, and what the diff must conclude.
struct CorpusCase: CustomStringConvertible, Sendable {
    /// The public thread where the cause was confirmed.
    let url: String
    /// The app framework of the thread ("native", "react-native-webview", "Capacitor", …), for the tally.
    let wrapper: String
    let platform: Platform
    let osVersion: String?
    let results: [ProbeResult]
    /// The finding that must carry the causes.
    let probe: ProbeID
    /// The cause the thread concluded: it must be among the causes the evidence leaves at the top.
    let top: String
    /// Causes that must also be named (the other half of a same-symptom pair).
    let alsoNamed: [String]
    /// When the run stopped: the time of judging, for the stalled-step finding.
    let clock: RunClock?
    /// The wrapper the page's signals name (its bridge globals, or `?wrapper=` for one that
    /// injects none); nil judges the run as the platform's own WebView.
    let detectedWrapper: Wrapper?
    /// The page was opened in cordova-plugin-inappbrowser's own WebView (its `cordova_iab`
    /// bridge seen): judged by the plugin's rows and the platform's.
    let inAppBrowser: Bool

    init(
        _ url: String, wrapper: String, _ platform: Platform, os: String? = nil, probe: ProbeID = "camera.getUserMedia",
        top: String, also: [String] = [], clock: RunClock? = nil, detected: Wrapper? = nil, inAppBrowser: Bool = false, _ results: [ProbeResult]
    ) {
        self.url = url
        self.wrapper = wrapper
        self.platform = platform
        self.osVersion = os
        self.results = results
        self.probe = probe
        self.top = top
        self.alsoNamed = also
        self.clock = clock
        self.detectedWrapper = detected
        self.inAppBrowser = inAppBrowser
    }

    var description: String { "\(url) (\(wrapper), \(platform.rawValue))" }

    /// The whole run the page would have posted: a correctly configured app's results
    /// (`Run.healthy`) with the thread's observations in place, the steps that run only after
    /// a camera grant skipped when the camera failed, and nothing after a step the run stopped in.
    var posted: [ProbeResult] {
        let own = Set(results.map(\.probe))
        let order = Catalog.standard.probes.map(\.id)
        var base = Run.healthy(platform).filter { !own.contains($0.probe) }
        if let stopped = results.first(where: StepMarker.isMarker)?.observed[StepMarker.stepField]?.stringValue.map(ProbeID.init(rawValue:)),
           let cut = order.firstIndex(of: stopped) {
            base = base.filter { (order.firstIndex(of: $0.probe) ?? .max) < cut }
        }
        let cameraFailed = results.contains { $0.probe == "camera.getUserMedia" && $0.string("outcome") == "error" }
        if cameraFailed {
            let afterGrant = Set(Catalog.standard.probes.filter { $0.after == .cameraGrant }.map(\.id))
            base = base.map { afterGrant.contains($0.probe) ? ProbeResult(run: Run.id, probe: $0.probe, status: .skipped, reason: "camera-not-granted") : $0 }
        }
        return base + results
    }

    func finding() -> Finding? { report().finding(probe) }

    /// The diff of the whole posted run, every finding.
    func report() -> DiffReport {
        var detected = Run.detected(platform, osVersion: osVersion)
        if let detectedWrapper {
            detected.wrapperDetection = WrapperDetection(wrapper: detectedWrapper, confidence: .high, evidence: ["the thread's app"], inAppBrowser: inAppBrowser)
        }
        return Diff(platform: detected, requirementSet: "liveform")!
            .report(results: posted, clock: clock)
    }

    /// The latest result of each probe of the run, as the diff reads them.
    var latest: [ProbeID: ProbeResult] { Diff.latestAttempts(posted.filter { !StepMarker.isMarker($0) }) }

    /// Diagnosed as the thread concluded: the thread's cause leads, and the pair is named.
    func diagnosedAsConcluded() -> Bool {
        guard let causes = finding()?.causes else { return false }
        return causes.leading.contains { $0.id == top } && alsoNamed.allSatisfy { id in causes.contains { $0.id == id } }
    }
}

/// What the page posts, built the way the page builds it.
enum Posted {
    static func camera(_ error: String, ms: Double, prompt: Bool? = false, state: String? = "prompt", message: String? = nil, probe: ProbeID = "camera.getUserMedia", attempt: Int = 1) -> ProbeResult {
        var observed: [String: JSONValue] = ["outcome": "error", "errorName": .string(error), "elapsedMs": .number(ms)]
        if let prompt { observed["promptShown"] = .bool(prompt) }
        if let state { observed["permissionStateBefore"] = .string(state) }
        if let message { observed["errorMessage"] = .string(message) }
        return Run.result(probe, observed, status: .fail, attempt: attempt)
    }

    /// env.injected with the bridge objects a wrapper exposes (Capacitor, cordova, flutter_inappwebview).
    static func bridges(_ names: [String]) -> ProbeResult {
        Run.result("env.injected", ["patchedNatives": [], "unexpectedGlobals": [], "bridgeObjects": .array(names.map { .string($0) })])
    }

    static func permission(_ before: String) -> ProbeResult { Run.result("camera.permission", ["stateBefore": .string(before), "stateAfter": .string(before)]) }

    static func devices(_ count: Int) -> ProbeResult {
        Run.result("camera.devices", ["videoInputsBefore": .number(Double(count)), "videoInputsAfter": .number(Double(count)), "labelsBefore": false, "labelsAfter": false])
    }

    static func api(present: Bool) -> ProbeResult { Run.result("camera.api", ["mediaDevices": .bool(present), "getUserMedia": .bool(present)]) }

    static func secure(origin: String = "https://probe.test", secure: Bool = true) -> ProbeResult {
        Run.result("env.secureContext", ["isSecureContext": .bool(secure), "protocol": .string(secure ? "https:" : "http:"), "origin": .string(origin)])
    }

    static func storage(_ probe: ProbeID, available: Bool, error: String? = nil) -> ProbeResult {
        var observed: [String: JSONValue] = ["available": .bool(available), "writeReadRemove": false]
        if let error { observed["errorName"] = .string(error) }
        return Run.result(probe, observed, status: .fail)
    }

    /// Web Storage that wrote, read and removed a value.
    static func working(_ probe: ProbeID) -> ProbeResult {
        Run.result(probe, ["available": true, "writeReadRemove": true], status: .pass)
    }

    static func chooser(changeFired: Bool = false, cancelFired: Bool = false, waitedMs: Double = 20_000) -> ProbeResult {
        Run.result("file.accept", ["changeFired": .bool(changeFired), "cancelFired": .bool(cancelFired), "fileCount": 0, "waitedMs": .number(waitedMs)], status: .fail)
    }

    /// The page's step.started marker, posted just before `step`.
    static func started(_ step: String, marker: Int = 1) -> ProbeResult {
        Run.result(StepMarker.probe, [StepMarker.stepField: .string(step), StepMarker.stepAttemptField: 1], attempt: marker)
    }

    /// Judged two minutes after the last thing the server received, the run never completed.
    static let stoppedClock = RunClock(now: Date(timeIntervalSince1970: 1_000_120), lastActivity: Date(timeIntervalSince1970: 1_000_000), completed: false)
}
