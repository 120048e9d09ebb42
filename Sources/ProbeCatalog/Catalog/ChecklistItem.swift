/// One item of the LiveForm guide's "Verification Checklist" (docs/requirements.md#liveform), with a stable id and how the product
/// accounts for it.
public struct ChecklistItem: Sendable, Codable, Equatable, Identifiable {
    /// The four tabs of the LiveForm guide's checklist.
    public enum Tab: String, Sendable, Codable, CaseIterable {
        case common = "Common"
        case android = "Android"
        case ios = "iOS WKWebView"
        case reactNative = "React Native"

        /// Whether a run on `platform` can say anything about this tab's items.
        public func applies(to platform: Platform) -> Bool {
            switch self {
            case .common: return true
            case .android: return platform == .androidWebView || platform == .rnWebViewAndroid
            case .ios: return platform == .iosWKWebView || platform == .rnWebViewIOS
            case .reactNative: return platform.isReactNative
            }
        }
    }

    public let id: String
    public let tab: Tab
    /// The sub-heading inside the tab ("URL and Navigation", …), when the guide has one.
    public let section: String?
    /// The item's text as the guide states it.
    public let text: String
    /// How the product accounts for it. In `Checklist` a verified or inferred item names no
    /// probe: the catalog fills in the probes that say so in their declarations
    /// (`Checklist.resolved(_:by:)`).
    public internal(set) var coverage: Coverage
    /// The one requirement set that asks this item (`RequirementSet.id`); nil: every set. A run
    /// judged against another set has it not applicable, and the page does not ask it.
    public var requirementSet: String? = nil
}

extension ChecklistItem {
    /// The checklist's spelling (`Checklist.swift`), in the guide's order: id, tab, text.
    /// Declared in an extension so that Swift still synthesises the memberwise initializer it calls.
    public init(_ id: String, _ tab: Tab, section: String? = nil, _ text: String, _ coverage: Coverage) {
        self.init(id: id, tab: tab, section: section, text: text, coverage: coverage)
    }

    /// The item, asked only under `set`: a LiveForm URL, with its `pid`, means nothing to an
    /// app judged against another contract.
    func only(in set: RequirementSet) -> ChecklistItem {
        var item = self
        item.requirementSet = set.id
        return item
    }

    /// Whether a run judged against the requirement set `set` (its id) is asked this item.
    public func isAsked(under set: String) -> Bool { requirementSet.map { $0 == set } ?? true }
}

/// How an item is accounted for: verified by probes, inferred by a rule, confirmed by an
/// operator question, or not observable from the page (with the reason).
public struct Coverage: Sendable, Codable, Equatable {
    public enum Method: String, Sendable, Codable, CaseIterable {
        case verified, inferred, confirmed
        case notObservable = "not-observable"
    }

    public let method: Method
    /// verified: every probe must pass.
    public let probes: [ProbeID]
    public let rule: InferenceRule?
    public let question: OperatorQuestion?
    /// not-observable: why the page cannot see it, and where to check instead.
    public let reason: String?
    /// verified: the probes among `probes` whose failure another item names; when only
    /// these fail, the item fails as a consequence of them (`ChecklistCoverage.Item.consequenceOf`).
    /// Not exported.
    public internal(set) var inherited: [ProbeID] = []

    enum CodingKeys: String, CodingKey { case method, probes, rule, question, reason }

    /// Verified by the probes that declare it (`Probe.verifies(_:inheritingItsFailure:)`),
    /// every one of which must pass; the catalog lists them (`Checklist.resolved(_:by:)`).
    public static let verified = Coverage(method: .verified, probes: [], rule: nil, question: nil, reason: nil)
    /// Inferred from the one probe that declares the inference (`Probe.infers(_:_:because:)`);
    /// the catalog fills in its rule (`Checklist.resolved(_:by:)`).
    public static let inferred = Coverage(method: .inferred, probes: [], rule: nil, question: nil, reason: nil)
    /// verified by `probes`, of which `inheriting` fail for a reason another item names.
    static func verified(by probes: [ProbeID], inheriting: [ProbeID]) -> Coverage {
        var coverage = Coverage(method: .verified, probes: probes, rule: nil, question: nil, reason: nil)
        coverage.inherited = inheriting
        return coverage
    }
    /// inferred by `rule`, from its probe.
    static func inferred(by rule: InferenceRule) -> Coverage {
        Coverage(method: .inferred, probes: [rule.probe], rule: rule, question: nil, reason: nil)
    }
    public static func confirmed(_ question: OperatorQuestion) -> Coverage {
        Coverage(method: .confirmed, probes: [question.probe], rule: nil, question: question, reason: nil)
    }
    public static func notObservable(_ reason: String) -> Coverage {
        Coverage(method: .notObservable, probes: [], rule: nil, question: nil, reason: reason)
    }
}

/// A fact the page cannot see but another observation implies: a granted camera on iOS
/// means Info.plist has NSCameraUsageDescription, because iOS terminates an app that
/// touches the camera without it (docs/requirements.md#camera-getusermedia).
public struct InferenceRule: Sendable, Codable, Equatable {
    public enum Condition: String, Sendable, Codable {
        /// The probe's finding passed.
        case passed
        /// The probe passed and the grant was fast: no prompt, so the host granted it.
        case passedWithoutPrompt = "passed-without-prompt"
    }

    public let probe: ProbeID
    public let condition: Condition
    /// Why the observation implies the item.
    public let because: String

    public init(_ probe: ProbeID, _ condition: Condition, because: String) {
        self.probe = probe
        self.condition = condition
        self.because = because
    }
}

/// A question the person answers on the device. The answer arrives in the observed
/// fields `fields` of the operator probe `probe` (booleans, or "yes"/"no"/"unknown");
/// every field must say yes for the item to be confirmed.
public struct OperatorQuestion: Sendable, Codable, Equatable {
    /// Who can answer the question. The page asks only the tester's; the report lists the
    /// integrator's in its checklist as open items until an answer or the host report settles them.
    public enum Audience: String, Sendable, Codable, CaseIterable {
        /// The person holding the phone, by looking at the phone and the app.
        case tester
        /// Whoever has the app's code, manifest, Info.plist and build settings.
        case integrator
    }

    public let probe: ProbeID
    /// Dotted paths in the probe's observed object, e.g. `answers.openSettingsWorks`.
    public let fields: [String]
    public let text: String
    public let audience: Audience

    public init(probe: ProbeID = .operatorChecklist, field: String, alsoFields: [String] = [], _ text: String,
                audience: Audience = .tester) {
        self.probe = probe
        self.fields = [field] + alsoFields
        self.text = text
        self.audience = audience
    }

    enum CodingKeys: String, CodingKey { case probe, fields, text, audience }

    /// A catalog exported before questions had an audience reads as the tester's.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        probe = try c.decode(ProbeID.self, forKey: .probe)
        fields = try c.decode([String].self, forKey: .fields)
        text = try c.decode(String.self, forKey: .text)
        audience = try c.decodeIfPresent(Audience.self, forKey: .audience) ?? .tester
    }

    /// The key inside `operator.checklist`'s `answers`, or the field of another operator probe.
    public var key: String {
        let first = fields[0]
        return first.hasPrefix("answers.") ? String(first.dropFirst("answers.".count)) : first
    }
}
