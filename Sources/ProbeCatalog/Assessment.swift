/// What an evaluator concluded from one probe's observed fields, before the profile's
/// expectation turns it into a verdict.
struct Assessment {
    enum State {
        /// The feature works.
        case works
        /// The feature is missing or fails.
        case broken
        /// A guarded resource was granted (a finding for a `security` probe).
        case granted
        /// A guarded resource was denied.
        case denied
        /// Works, but something deserves attention.
        case warning
        /// Reported only.
        case noted
        /// The person did not do the step (cancelled a chooser, did not relaunch).
        case notDone
        /// The observed fields do not say; fall back on the page's status.
        case unknown
    }

    var state: State
    var observed: String
    var diagnosis: String?
    var layer: Finding.Layer?
    var remedy: Remedy?
    /// The known causes the evidence leaves standing, ranked (`Symptom.rank`).
    var causes: [Cause]

    init(_ state: State, _ observed: String, diagnosis: String? = nil, layer: Finding.Layer? = nil, remedy: Remedy? = nil, causes: [Cause] = []) {
        self.state = state
        self.observed = observed
        self.diagnosis = diagnosis
        self.layer = layer
        self.remedy = remedy
        self.causes = causes
    }
}

/// What an evaluator may look at: the result, the other probes' results, the platform and
/// the requirement set.
struct EvaluationContext {
    let results: [String: ProbeResult]
    let platform: DetectedPlatform
    let profile: Profile
    let requirementSet: RequirementSet

    var family: Platform.Family { platform.platform.family }
    var isAndroid: Bool { family == .android }
    var isIOS: Bool { family == .ios }
    var isAppWebView: Bool { platform.platform.isAppWebView }

    func observed(_ probe: String, _ field: String) -> JSONValue? { results[probe]?.observed[field] }

    /// media.inline saw the playsinline video refused or sent fullscreen: what else that
    /// needs a video to play in the page (autoplay, the camera preview) is read against it.
    var inlinePlaybackFailed: Bool {
        observed("media.inline", "inline")?.boolValue == false || observed("media.inline", "enteredFullscreen")?.boolValue == true
    }
}

extension ProbeResult {
    func bool(_ field: String) -> Bool? { observed[field]?.boolValue }
    func int(_ field: String) -> Int? { observed[field]?.intValue }
    func number(_ field: String) -> Double? { observed[field]?.numberValue }
    func string(_ field: String) -> String? {
        guard let text = observed[field]?.stringValue, !text.isEmpty else { return nil }
        return text
    }
}

func describe(_ value: Bool?) -> String { value.map { $0 ? "yes" : "no" } ?? "unknown" }

func milliseconds(_ value: Double) -> String { "\(Int(value.rounded())) ms" }
