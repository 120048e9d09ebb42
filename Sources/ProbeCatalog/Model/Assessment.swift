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
    /// A declared diagnosis (in its probe's file, `Areas/<Area>/*.swift`) stated with the values observed: never free text.
    var diagnosis: Diagnosis?
    var layer: Finding.Layer?
    var remedy: Remedy?
    /// The known causes the evidence leaves standing, ranked (`Symptom.rank`).
    var causes: [Cause]
}

extension Assessment {
    /// The evaluators' spelling: `Assessment(.broken, "…", remedy: …)`. Declared in an
    /// extension so that Swift still synthesises the memberwise initializer it calls.
    init(_ state: State, _ observed: String, diagnosis: Diagnosis? = nil, layer: Finding.Layer? = nil, remedy: Remedy? = nil, causes: [Cause] = []) {
        self.init(state: state, observed: observed, diagnosis: diagnosis, layer: layer, remedy: remedy, causes: causes)
    }
}

/// What an evaluator may look at: the result, the other probes' results, the platform and
/// the requirement set.
struct EvaluationContext {
    let results: [ProbeID: ProbeResult]
    let platform: DetectedPlatform
    let profile: Profile
    let requirementSet: RequirementSet
    /// Every attempt the server received, per probe, oldest first: what arrived, whatever the
    /// latest attempt's own counts say.
    var received: [ProbeID: [ProbeResult]] = [:]

    var family: Platform.Family { platform.platform.family }
    var isAndroid: Bool { family == .android }
    var isIOS: Bool { family == .ios }
    var isAppWebView: Bool { platform.platform.isAppWebView }

    /// Another probe's field, read through its declaration (see `ProbeResult.declared`).
    func observed(_ probe: ProbeID, _ field: String) -> JSONValue? {
        assert(ObservedRead.isDeclared(probe: probe, field: field, as: nil), ObservedRead.undeclared(probe: probe, field: field))
        return results[probe]?.observed[field]
    }

    /// media.inline saw the playsinline video refused or sent fullscreen: what else that
    /// needs a video to play in the page (autoplay, the camera preview) is read against it.
    var inlinePlaybackFailed: Bool {
        observed(.mediaInline, "inline")?.boolValue == false || observed(.mediaInline, "enteredFullscreen")?.boolValue == true
    }
}

/// The diff reads observed fields only through these, and each read is checked against the
/// probe's declaration (`Probe.observed`): a read of a field the probe does not declare, or
/// as another type, stops the test that made it (`assert`: debug builds, which tests use).
/// ObservedContractTests also checks the reads in the source, so a path no test takes is
/// covered too.
extension ProbeResult {
    func bool(_ field: String) -> Bool? { declared(field, .boolean)?.boolValue }
    func int(_ field: String) -> Int? { declared(field, .integer)?.intValue }
    func number(_ field: String) -> Double? { declared(field, .number)?.numberValue }
    func string(_ field: String) -> String? {
        guard let text = declared(field, .string)?.stringValue, !text.isEmpty else { return nil }
        return text
    }
    func strings(_ field: String) -> [String]? { declared(field, .stringArray)?.arrayValue?.compactMap(\.stringValue) }
    func object(_ field: String) -> [String: JSONValue]? { declared(field, .object)?.objectValue }
    func objects(_ field: String) -> [[String: JSONValue]]? { declared(field, .objectArray)?.arrayValue?.compactMap(\.objectValue) }

    /// For readers shared by several probes (`CauseEvidence`): the field where this probe
    /// declares it, else nil.
    func ifDeclared(_ field: String, _ type: ObservedField.JSONType) -> JSONValue? {
        ObservedRead.isDeclared(probe: probe, field: field, as: type) ? observed[field] : nil
    }

    func declared(_ field: String, _ type: ObservedField.JSONType) -> JSONValue? {
        assert(ObservedRead.isDeclared(probe: probe, field: field, as: type), ObservedRead.undeclared(probe: probe, field: field, as: type))
        return observed[field]
    }
}

/// The check behind the diff's reads: is `field` declared on `probe` (of a type that reads as `type`)?
enum ObservedRead {
    static func isDeclared(probe: ProbeID, field: String, as type: ObservedField.JSONType?) -> Bool {
        // Results of probes the catalog does not know are never evaluated; tests build such
        // results to check that they are reported as unknown.
        guard let declaration = Catalog.standard.probe(id: probe) else { return true }
        guard let declared = declaration.field(field) else { return false }
        guard let type else { return true }
        // An integer field also reads as a number.
        return declared.type == type || (type == .number && declared.type == .integer)
    }

    static func undeclared(probe: ProbeID, field: String, as type: ObservedField.JSONType? = nil) -> String {
        "the diff reads \(probe).\(field)\(type.map { " as \($0.rawValue)" } ?? ""), which \(probe) does not declare so in its file in Areas/<Area>/: declare it on the probe (or read it as its declared type)"
    }
}

func describe(_ value: Bool?) -> String { value.map { $0 ? "yes" : "no" } ?? "unknown" }

func milliseconds(_ value: Double) -> String { "\(Int(value.rounded())) ms" }
