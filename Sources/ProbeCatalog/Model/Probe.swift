import BeyondEssentials

/// One step of the sequential page (docs/probes.md): what it observes, how it runs, and which
/// checklist items of the LiveForm guide (docs/requirements.md#liveform) it covers.
public struct Probe: Sendable, Codable, Equatable, Identifiable {
    public enum Kind: String, Sendable, Codable {
        /// Runs without a tap.
        case auto
        /// Needs a user gesture; skipped (`needs-operator`) in unattended mode unless
        /// `autoWhenUnattended` is set.
        case tap
        /// Asks the person a question.
        case `operator`
    }

    public enum Phase: String, Sendable, Codable, CaseIterable {
        case environment, storage, network, media, camera, location, files, navigation, lifecycle, confirmation
    }

    public let id: ProbeID
    public let title: String
    /// Plain-language instructions shown on the device.
    public let instructions: String
    public let kind: Kind
    /// A tap probe that also asks the person a question ("tap + operator").
    public let asksOperator: Bool
    /// camera.getUserMedia is a tap, but runs by itself in unattended mode (docs/requirements.md#product-rules).
    public let autoWhenUnattended: Bool
    /// Only a person can complete it: the answer is what they saw (did the camera open
    /// directly, what did the app show) or the step is outside the page (relaunch the app,
    /// airplane mode). A farm script can tap and pick a file, so a tap step alone does not
    /// need a person. docs/requirements.md#product-rules: in an unattended run these end *skipped (needs operator)*
    /// and never hold back the verdict; the checklist items they cover stay open.
    public var needsPerson: Bool { kind == .operator || answeredByPerson }
    /// A tap step whose result is the person's answer (see `needsPerson`).
    public let answeredByPerson: Bool
    /// The probe that this one waits on, and for what (`Dependency`): the page orders and
    /// holds steps by it, and the diff says "not run" when the probe it runs after did not grant.
    public let after: Dependency?
    public let phase: Phase
    /// What the probe checks, for the docs and the report.
    public let checks: String
    /// The observed fields: every field the page posts and every field the diff reads, with
    /// its type. `ResultDecoder` checks the types, the page tests fail on a posted field not
    /// listed here, and the diff's reads are checked against it (`ProbeResult.bool(_:)` and
    /// ObservedContractTests).
    public let observed: [ObservedField]
    /// The page's named time limits for this probe, with their reasons: the page reads them
    /// from `/api/config` (`ctx.limit(name)`), so no bare timeout lives in `Public/probes/`.
    public let thresholds: [Threshold]
    /// What a correctly configured app posts: the healthy-run fixture (`HealthyRun`) is built
    /// from it. Not exported: the page never needs it.
    public var healthy: HealthyExample = .none
    /// How the diff reads this probe's result: an evaluator beside the declaration in `Areas/<Area>/*.swift`, registered on the
    /// declaration (`evaluated(by:)`) so that the probe and its judge are found together.
    /// Nil: the page's status decides.
    var evaluator: Evaluator?
    /// What the evaluator can conclude, in words: each line names the signal and the cause
    /// (exported as `diagnoses`, listed in docs/probes.md; DiagnosisTests proves them).
    public internal(set) var diagnoses: [String] = []
    /// The probes whose failure explains a failure of this one (`Consequence`), declared with
    /// `failing(as:)`. Not exported: the diff reads it and marks the finding.
    public internal(set) var consequences: [Consequence] = []
    /// What this probe says of the checklist's items (`Checklist`), declared with
    /// `verifies(_:inheritingItsFailure:)` and `infers(_:_:because:)`: the catalog builds each
    /// item's probes from them. Not exported: the items carry the result.
    public internal(set) var checklistClaims: [ChecklistClaim] = []
    /// Checklist item ids (see `Checklist`) this probe accounts for, in the guide's order: the
    /// ones it verifies or infers, and the ones whose question it asks. Set by the catalog
    /// from its resolved checklist.
    public var checklistItems: [String]
    /// Expectation per platform under the default requirement set.
    public let expectation: ExpectationRule
    /// The usual fix when the probe fails, per wrapper (the diff refines it).
    public let remedy: Remedy?
    /// The page posts a `StepMarker` just before this step: it can take the app down (an iOS
    /// app without a usage description is ended at the camera request; the camera app of a
    /// file capture can outlive the app's activity), and the marker says where the run stopped.
    public let marksStart: Bool
    /// A device-farm script taps this step's button (`FarmTap`), declared with
    /// `tappedByFarms(clicks:)`; exported as `farmTap`, which the farm scripts (TapFarm, the
    /// engine hosts, examples/appium) read instead of a list of their own. Nil: a farm
    /// leaves the step to the page's unattended timeout (`Catalog.farmTaps`, the rule).
    public internal(set) var farmTap: FarmTap?
    /// Its failure stops an identity-verification flow outright, whatever the severity ties
    /// say, declared with `blockingTheFlow()`. Not exported: the finding order reads it.
    public internal(set) var blocksFlow = false
    /// The families on which the page runs this step beside the automatic steps after it
    /// (docs/performance.md, "The flow"): where neither its result nor theirs can change by
    /// it. Declared with `runningBesideTheNext(on:)`, the reason beside it; exported as
    /// `besideNext`, which Public/app.js reads. A step a person acts on waits for it to end.
    public internal(set) var besideNext: [Platform.Family]? = nil

    public init(
        id: ProbeID, title: String, instructions: String, kind: Kind, asksOperator: Bool = false,
        autoWhenUnattended: Bool = false, answeredByPerson: Bool = false, after: Dependency? = nil, phase: Phase, checks: String,
        observed: [ObservedField], healthy: HealthyExample, thresholds: [Threshold] = [],
        expectation: ExpectationRule, remedy: Remedy? = nil, marksStart: Bool = false
    ) {
        self.id = id
        self.title = title
        self.instructions = instructions
        self.kind = kind
        self.asksOperator = asksOperator
        self.autoWhenUnattended = autoWhenUnattended
        self.answeredByPerson = answeredByPerson
        self.after = after
        self.phase = phase
        self.checks = checks
        self.observed = observed
        self.healthy = healthy
        self.thresholds = thresholds
        self.checklistItems = []
        self.expectation = expectation
        self.remedy = remedy
        self.marksStart = marksStart
    }

    public func field(_ name: String) -> ObservedField? { observed.first { $0.name == name } }
    public func threshold(_ name: String) -> Threshold? { thresholds.first { $0.name == name } }

    /// The probe with `evaluate` as its evaluator (`Diff.evaluateXHR`, …) and `diagnoses`, the
    /// conclusions it can draw, in words.
    func evaluated(
        by evaluate: @escaping @Sendable (Diff) -> (ProbeResult, EvaluationContext) -> Assessment, concluding diagnoses: [String] = []
    ) -> Probe {
        var probe = self
        probe.evaluator = Evaluator(evaluate: evaluate)
        probe.diagnoses = diagnoses
        return probe
    }

    /// The probe with a farm tap: a device-farm script clicks its button `clicks` times, as a
    /// person would (file.cancel: "cancel, then pick", 2).
    func tappedByFarms(clicks: Int = 1) -> Probe {
        var probe = self
        probe.farmTap = FarmTap(probe: id, clicks: clicks)
        return probe
    }

    /// The probe whose failure stops the flow: no script, no secure context (no camera API at
    /// all: W3C Secure Contexts §1), no storage for the session the flow keeps between steps,
    /// no camera, no picked file. A blocked third-party cookie or a slow fetch degrades the
    /// flow; these end it. When two findings are equally severe, the blocker's remedy is shown
    /// first, so a person fixes what stops the flow before what slows it (docs/requirements.md).
    func runningBesideTheNext(on families: [Platform.Family]) -> Probe {
        var probe = self
        probe.besideNext = families
        return probe
    }

    func blockingTheFlow() -> Probe {
        var probe = self
        probe.blocksFlow = true
        return probe
    }

    /// A probe's evaluator. Equal whatever the function: two declarations are compared by
    /// their data, and a function has no equality.
    struct Evaluator: Sendable, Equatable {
        let evaluate: @Sendable (Diff) -> (ProbeResult, EvaluationContext) -> Assessment
        static func == (a: Evaluator, b: Evaluator) -> Bool { true }
    }

    /// `healthy` is fixture data for tests and examples, not part of the exported catalog.
    enum CodingKeys: String, CodingKey {
        case id, title, instructions, kind, asksOperator, autoWhenUnattended, answeredByPerson, after, phase, checks
        case observed, thresholds, checklistItems, expectation, remedy, marksStart, farmTap, besideNext
    }

    /// Another probe this one waits on. One name, `after`, for both ways a step can wait.
    public struct Dependency: Sendable, Codable, Equatable {
        public enum Wait: String, Sendable, Codable {
            /// The step runs only after `probe` ended, and needs what it granted (the camera
            /// stream): without the grant the page skips it and the diff says "not run".
            case run
            /// The step starts in its own place and posts only after `probe` ended: it reads
            /// what `probe` changed (the device list and permission state after the grant).
            case finish
        }

        public let probe: ProbeID
        public let waits: Wait

        public init(_ probe: ProbeID, waits: Wait) {
            self.probe = probe
            self.waits = waits
        }

        /// Runs after the camera grant and uses its stream.
        public static let cameraGrant = Dependency(.cameraGetUserMedia, waits: .run)
        /// Posts once the camera request ended, whatever it gave.
        public static let cameraRequestEnded = Dependency(.cameraGetUserMedia, waits: .finish)
    }
}

/// How a device-farm script answers a tap step: the button it clicks, by the page's stable
/// id, and how many taps a person makes there.
public struct FarmTap: Sendable, Codable, Equatable {
    /// The button's id: `tap-` and the probe id with `.` made `-`, the page's rule
    /// (`slug` in Public/app.js): `tap-file-accept`.
    public let button: String
    /// How many taps a person makes: 1, or 2 for file.cancel ("cancel, then pick").
    public let clicks: Int

    public init(probe: ProbeID, clicks: Int = 1) {
        self.button = Self.button(of: probe)
        self.clicks = clicks
    }

    /// The page's id of a probe's tap button.
    public static func button(of probe: ProbeID) -> String {
        "tap-" + probe.rawValue.replacingEach(".", with: "-")
    }
}

/// A named time limit the page applies, with the reason for its value next to it.
public struct Threshold: Sendable, Codable, Equatable {
    public let name: String
    /// Milliseconds.
    public let ms: Double
    public let reason: String

    public init(_ name: String, ms: Double, _ reason: String) {
        self.name = name
        self.ms = ms
        self.reason = reason
    }
}

/// The observed fields a correctly configured app posts for one probe, with what differs by
/// platform family (iOS blocks third-party cookies; Android loads mixed-content images).
public struct HealthyExample: Sendable, Equatable {
    public let observed: [String: JSONValue]
    public let byFamily: [Platform.Family: [String: JSONValue]]

    public init(_ observed: [String: JSONValue], on byFamily: [Platform.Family: [String: JSONValue]] = [:]) {
        self.observed = observed
        self.byFamily = byFamily
    }

    public static let none = HealthyExample([:])

    public func observed(on family: Platform.Family) -> [String: JSONValue] {
        observed.merging(byFamily[family] ?? [:]) { $1 }
    }
}

/// One field of a probe's `observed` object.
public struct ObservedField: Sendable, Codable, Equatable {
    public enum JSONType: String, Sendable, Codable {
        case boolean, integer, number, string, object
        case stringArray = "string[]"
        case objectArray = "object[]"
    }

    public let name: String
    public let type: JSONType
    public let doc: String
    /// Allowed values of a string field (empty: free text).
    public let values: [String]

    public init(_ name: String, _ type: JSONType, _ doc: String, values: [String] = []) {
        self.name = name
        self.type = type
        self.doc = doc
        self.values = values
    }

    enum CodingKeys: String, CodingKey { case name, type, doc, values }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        type = try container.decode(JSONType.self, forKey: .type)
        doc = try container.decode(String.self, forKey: .doc)
        values = try container.decodeIfPresent([String].self, forKey: .values) ?? []
    }

    /// `values` is written only when the field has a closed set of values.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(type, forKey: .type)
        try container.encode(doc, forKey: .doc)
        if !values.isEmpty { try container.encode(values, forKey: .values) }
    }

    /// Nil when `value` fits the declared type; else what was wrong ("expected a boolean, got a string").
    /// `null` always fits: a page that could not measure a field says so with null.
    public func mismatch(_ value: JSONValue) -> String? {
        if value.isNull { return nil }
        let fits: Bool
        switch type {
        case .boolean: fits = value.boolValue != nil
        case .integer: fits = value.intValue != nil
        case .number: fits = value.numberValue != nil
        case .string: fits = value.stringValue != nil
        case .object: fits = value.objectValue != nil
        case .stringArray: fits = value.arrayValue.map { $0.allSatisfy { $0.stringValue != nil } } ?? false
        case .objectArray: fits = value.arrayValue.map { $0.allSatisfy { $0.objectValue != nil } } ?? false
        }
        if !fits { return "expected \(type.article), got \(value.typeDescription)" }
        if !values.isEmpty, let text = value.stringValue, !values.contains(text) {
            return "expected one of \(values.joined(separator: ", ")), got \"\(text)\""
        }
        return nil
    }
}

extension ObservedField.JSONType {
    var article: String {
        switch self {
        case .boolean: return "a boolean"
        case .integer: return "an integer"
        case .number: return "a number"
        case .string: return "a string"
        case .object: return "an object"
        case .stringArray: return "an array of strings"
        case .objectArray: return "an array of objects"
        }
    }
}
