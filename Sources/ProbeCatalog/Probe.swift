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
        case environment, storage, network, media, camera, files, navigation, lifecycle, confirmation
    }

    public let id: String
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
    /// The probe runs only after this one passed ("auto after grant").
    public let after: String?
    public let phase: Phase
    /// What the probe checks, for the docs and the report.
    public let checks: String
    /// The observed fields the page posts: the contract between page and diff.
    public let observed: [ObservedField]
    /// Checklist item ids (see `Checklist`) this probe's verdict verifies.
    public var checklistItems: [String]
    /// Expectation per platform under the default requirement set.
    public let expectation: ExpectationRule
    /// The usual fix when the probe fails, per wrapper (the diff refines it).
    public let remedy: Remedy?
    /// The page posts a `StepMarker` just before this step: it can take the app down (an iOS
    /// app without a usage description is ended at the camera request; the camera app of a
    /// file capture can outlive the app's activity), and the marker says where the run stopped.
    public let marksStart: Bool

    public init(
        id: String, title: String, instructions: String, kind: Kind, asksOperator: Bool = false,
        autoWhenUnattended: Bool = false, answeredByPerson: Bool = false, after: String? = nil, phase: Phase, checks: String,
        observed: [ObservedField], expectation: ExpectationRule, remedy: Remedy? = nil, marksStart: Bool = false
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
        self.checklistItems = []
        self.expectation = expectation
        self.remedy = remedy
        self.marksStart = marksStart
    }

    public func field(_ name: String) -> ObservedField? { observed.first { $0.name == name } }
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
