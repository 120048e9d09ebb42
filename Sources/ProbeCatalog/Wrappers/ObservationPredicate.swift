/// What one probe posts when a settings row's setting is wrong: the typed form of the row's
/// `whenWrong` prose (its `when` in the data file), over the probe's declared observed fields
/// and the page's status. Read against the probe's declaration, so a misspelt field or a value
/// the page never posts stops the program instead of matching nothing (docs/wrapper-data.md).
public struct ObservationPredicate: Sendable, Equatable {
    /// One field's condition.
    public enum Matcher: Sendable, Equatable {
        case equals(JSONValue)
        case oneOf([JSONValue])
        case below(Double)
        case atLeast(Double)
        /// The page did not post the field.
        case absent
        /// A list field the page posted without this entry: a bridge the page did not find
        /// (env.injected's `bridgeObjects`). A list not posted is not one that lacks it.
        case lacks(String)
        /// A list field the page posted with this entry and, when `without` is set, without
        /// that one: one bridge of a wrapper's reached the page and its other did not.
        case has(String, without: String?)
        /// A user agent that names no platform, or another than the run's
        /// (`PlatformDetector.userAgentNames`): an app's own, or a desktop one, in place of the engine's.
        case namesNoPlatform
        /// WebKit's desktop-class agent, the Mac's, naming no iPhone or iPad
        /// (`PlatformDetector.desktopClassAgent`): with touch points, an iPad in desktop content mode.
        case desktopClass
        /// An iPhone's or iPad's agent without WebKit's "Mobile/" token
        /// (`PlatformDetector.mobileTokenReplaced`): an application name set in its place.
        case mobileTokenReplaced

        /// `family`: the platform the run is judged as, when known: an agent naming another one
        /// hides the device as an agent naming none does (`PlatformDetector.userAgentNames`).
        func holds(_ value: JSONValue?, family: Platform.Family? = nil) -> Bool {
            switch self {
            case .absent: return value == nil || value == .null
            case .equals(let expected): return value.map { Self.same($0, expected) } ?? false
            // A null in the list is "or not posted".
            case .oneOf(let values): return values.contains { Self.same(value ?? .null, $0) }
            case .below(let limit): return value?.numberValue.map { $0 < limit } ?? false
            case .atLeast(let limit): return value?.numberValue.map { $0 >= limit } ?? false
            case .lacks(let entry): return value?.arrayValue.map { !$0.contains(.string(entry)) } ?? false
            case .has(let entry, let without):
                guard let entries = value?.arrayValue else { return false }
                return entries.contains(.string(entry)) && !(without.map { entries.contains(.string($0)) } ?? false)
            case .namesNoPlatform:
                return value?.stringValue.map { agent in
                    !agent.isEmpty && !(family.map { PlatformDetector.userAgentNames($0, agent) } ?? PlatformDetector.userAgentNamesPlatform(agent))
                } ?? false
            case .desktopClass:
                return value?.stringValue.map(PlatformDetector.desktopClassAgent) ?? false
            case .mobileTokenReplaced:
                return value?.stringValue.map(PlatformDetector.mobileTokenReplaced) ?? false
            }
        }

        /// Numbers compare by value (the page posts 3, the data may say 3.0).
        private static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
            if let x = a.numberValue, let y = b.numberValue { return x == y }
            return a == b
        }

        /// The value the page would post that meets the condition: the first of a list, a
        /// number just under a limit. Nil: remove the field.
        var example: JSONValue? {
            switch self {
            case .absent: return nil
            case .equals(let value): return value
            case .oneOf(let values): return values.first
            case .below(let limit): return .number(limit > 1 ? (limit / 2).rounded(.down) : limit - 1)
            case .atLeast(let limit): return .number(limit)
            case .lacks: return .array([])
            case .has(let entry, _): return .array([.string(entry)])
            case .namesNoPlatform: return .string("ExampleApp/1.0")
            // WKWebView's agent on an iPad in desktop content mode (no Safari's Version/).
            case .desktopClass: return .string("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)")
            // WKWebView's iPhone agent with the application name in place of "Mobile/15E148".
            case .mobileTokenReplaced: return .string("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ExampleApp/1.0")
            }
        }

        var words: String {
            switch self {
            case .absent: return "not posted"
            case .equals(let value): return Self.word(value)
            case .oneOf(let values): return values.map(Self.word).joined(separator: " or ")
            case .below(let limit): return "under \(Self.word(.number(limit)))"
            case .atLeast(let limit): return "\(Self.word(.number(limit))) or more"
            case .lacks(let entry): return "without \(entry)"
            case .has(let entry, let without): return "with \(entry)" + (without.map { " and without \($0)" } ?? "")
            case .namesNoPlatform: return "naming no platform"
            case .desktopClass: return "the desktop-class (Mac) agent"
            case .mobileTokenReplaced: return "an iPhone or iPad agent without WebKit's Mobile/ token"
            }
        }

        /// As the data file spells it (`DataFields.literal`), a string without its quotes.
        private static func word(_ value: JSONValue) -> String {
            value.stringValue ?? DataFields.literal(value)
        }
    }

    /// Field name to condition; every one must hold.
    public let fields: [String: Matcher]
    /// `@status`: the page's own status for the probe, when the row says it.
    public let statuses: [ProbeResult.Status]?
    /// `@stalled: true`: the run stopped inside the step (its start marker arrived and nothing
    /// after it, `StalledStep`): a process that ended, an app that closed. Such a predicate
    /// holds only for that finding, and no other predicate does.
    public let stalled: Bool

    public init(fields: [String: Matcher] = [:], statuses: [ProbeResult.Status]? = nil, stalled: Bool = false) {
        self.fields = fields
        self.statuses = statuses
        self.stalled = stalled
    }

    /// True when the result meets every condition (`stalled`: the run stopped in this step,
    /// and `result` is its start marker). A skipped step observed nothing: never.
    public func holds(_ result: ProbeResult, stalled: Bool = false, family: Platform.Family? = nil) -> Bool {
        guard self.stalled == stalled else { return false }
        if stalled { return true }
        guard result.status != .skipped else { return false }
        if let statuses, !statuses.contains(result.status) { return false }
        return fields.allSatisfy { name, matcher in matcher.holds(result.observed[name], family: family) }
    }

    /// `base` as the page would post it with the setting wrong: each field set to the value
    /// its condition names first, and the status when the row names one.
    public func example(from base: ProbeResult) -> ProbeResult {
        var result = base
        for (name, matcher) in fields {
            result.observed[name] = matcher.example
        }
        if let status = statuses?.first { result.status = status }
        return result
    }

    /// "errorName NotAllowedError, promptShown false": the conditions in words, by field name.
    public var words: String {
        if stalled { return "nothing after the step began: the run stopped there" }
        let conditions = fields.keys.sorted().map { "\($0) \(fields[$0]!.words)" }
            + (statuses.map { ["the page's status \($0.map(\.rawValue).joined(separator: " or "))"] } ?? [])
        return conditions.isEmpty ? "any failure" : conditions.joined(separator: ", ")
    }
}

/// A row's predicates, one per probe: `when` (what each probe it affects posts when the
/// setting is wrong) and `unless` (what another probe of the same run posts that rules it out).
public struct ProbeObservations: Sendable, Equatable {
    public let byProbe: [ProbeID: ObservationPredicate]

    public init(_ byProbe: [ProbeID: ObservationPredicate] = [:]) {
        self.byProbe = byProbe
    }

    public var probes: [ProbeID] { byProbe.keys.sorted { $0.rawValue < $1.rawValue } }
    public var isEmpty: Bool { byProbe.isEmpty }

    /// The first probe of `results` whose predicate holds there, if any.
    func firstHolding(in results: [ProbeID: ProbeResult]) -> ProbeID? {
        probes.first { probe in results[probe].map { byProbe[probe]!.holds($0) } ?? false }
    }
}

extension ObservationPredicate: Encodable {
    /// The data file's own shape, for `catalog --json`: field to value, list, range or null.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        for name in fields.keys.sorted() {
            let key = AnyKey(name)
            switch fields[name]! {
            case .absent: try container.encodeNil(forKey: key)
            case .equals(let value): try container.encode(value, forKey: key)
            case .oneOf(let values): try container.encode(values, forKey: key)
            case .below(let limit): try container.encode(["below": limit], forKey: key)
            case .atLeast(let limit): try container.encode(["atLeast": limit], forKey: key)
            case .lacks(let entry): try container.encode(["lacks": entry], forKey: key)
            case .has(let entry, let without):
                var pair = ["has": entry]
                pair["lacks"] = without
                try container.encode(pair, forKey: key)
            case .namesNoPlatform: try container.encode(["namesNoPlatform": true], forKey: key)
            case .desktopClass: try container.encode(["desktopClass": true], forKey: key)
            case .mobileTokenReplaced: try container.encode(["mobileTokenReplaced": true], forKey: key)
            }
        }
        if let statuses { try container.encode(statuses.map(\.rawValue), forKey: AnyKey("@status")) }
        if stalled { try container.encode(true, forKey: AnyKey("@stalled")) }
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

extension ProbeObservations: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ObservationPredicate.AnyKey.self)
        for probe in probes { try container.encode(byProbe[probe]!, forKey: .init(probe.rawValue)) }
    }
}

extension DataFields {
    /// `{"<probe>": {"<field>": <matcher>, "@status": …}, …}`: every probe declared, every field
    /// one of the probe's observed fields, every value of its type and, for a string field
    /// with declared values, one of them.
    func observations(_ key: String, _ vocabulary: WrapperDataVocabulary) throws -> ProbeObservations {
        let value = try value(key)
        guard let object = value.objectValue else { throw error("\"\(key)\" must be an object of probe to fields, not \(value.typeDescription)") }
        var byProbe: [ProbeID: ObservationPredicate] = [:]
        for name in object.keys.sorted() {
            // A process that can end in any step that marks its start: each of them, stalled.
            if name == WrapperDataVocabulary.everyMarkedStep {
                guard object[name] == .object(["@stalled": .bool(true)]) else {
                    throw error("\"\(key)\".\(name) is {\"@stalled\": true}, alone: it stands for a run that stopped inside any step with a start marker")
                }
                for step in vocabulary.markedSteps { byProbe[step] = ObservationPredicate(stalled: true) }
                continue
            }
            let probe = ProbeID(rawValue: name)
            guard let declared = vocabulary.fields[probe] else { throw error("\"\(key)\": \"\(name)\" is not a declared probe") }
            guard let conditions = object[name]!.objectValue else { throw error("\"\(key)\".\(name) must be an object of fields") }
            var fields: [String: ObservationPredicate.Matcher] = [:]
            var statuses: [ProbeResult.Status]?
            var stalled = false
            for field in conditions.keys.sorted() {
                let place = "\"\(key)\".\(name).\(field)"
                let condition = conditions[field]!
                if field == "@stalled" {
                    guard condition == .bool(true), conditions.count == 1 else {
                        throw error("\(place): \"@stalled\" is true, alone: a run that stopped in the step posted nothing else")
                    }
                    guard StandardProbes.all.first(where: { $0.id == probe })?.marksStart == true else {
                        throw error("\(place): \(name) posts no start marker, so a run is never seen to stop inside it")
                    }
                    stalled = true
                    continue
                }
                if field == "@status" {
                    let words = condition.arrayValue ?? [condition]
                    statuses = try words.map { word in
                        guard let raw = word.stringValue, let status = ProbeResult.Status(rawValue: raw) else {
                            throw error("\(place) is \(Self.literal(word)), not one of \(ProbeResult.Status.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
                        }
                        return status
                    }
                    continue
                }
                guard let observed = declared.first(where: { $0.name == field }) else {
                    throw error("\(place): \(name) declares no observed field \"\(field)\" (it has \(declared.map(\.name).joined(separator: ", ")))")
                }
                fields[field] = try Self.matcher(condition, for: observed, at: place, self)
            }
            byProbe[probe] = ObservationPredicate(fields: fields, statuses: statuses, stalled: stalled)
        }
        return ProbeObservations(byProbe)
    }

    /// A value as the data file spells it, for an error message.
    static func literal(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): return "\"\(text)\""
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return number == number.rounded() ? String(Int(number)) : String(number)
        case .null: return "null"
        default: return value.typeDescription
        }
    }

    private static func matcher(_ condition: JSONValue, for field: ObservedField, at place: String, _ fields: DataFields) throws -> ObservationPredicate.Matcher {
        func literal(_ value: JSONValue) -> String { DataFields.literal(value) }
        func checked(_ value: JSONValue) throws -> JSONValue {
            let fits: Bool
            switch field.type {
            case .boolean: fits = value.boolValue != nil
            case .integer, .number: fits = value.numberValue != nil
            case .string: fits = value.stringValue.map { field.values.isEmpty || field.values.contains($0) } ?? false
            default: fits = false
            }
            guard fits else {
                let allowed = field.values.isEmpty ? "" : " (one of \(field.values.joined(separator: ", ")))"
                throw fields.error("\(place) is \(literal(value)), which \(field.name), \(field.type.rawValue), never is\(allowed)")
            }
            return value
        }
        if condition.isNull { return .absent }
        if let values = condition.arrayValue {
            guard !values.isEmpty else { throw fields.error("\(place): an empty list matches nothing") }
            return .oneOf(try values.map { $0.isNull ? JSONValue.null : try checked($0) })
        }
        if let object = condition.objectValue, object.count == 1, let entry = object["lacks"] {
            guard field.type == .stringArray, let entry = entry.stringValue, !entry.isEmpty else {
                throw fields.error("\(place): {\"lacks\": \"<entry>\"} needs a string[] field and a string, not \(field.type.rawValue) and \(literal(entry))")
            }
            return .lacks(entry)
        }
        if let object = condition.objectValue, let entry = object["has"], object.count == 1 || (object.count == 2 && object["lacks"] != nil) {
            let without = object["lacks"]
            guard field.type == .stringArray, let entry = entry.stringValue, !entry.isEmpty, without.map({ $0.stringValue.map { !$0.isEmpty } ?? false }) ?? true else {
                throw fields.error("\(place): {\"has\": \"<entry>\"} (with an optional \"lacks\") needs a string[] field and strings, not \(field.type.rawValue) and \(literal(entry))")
            }
            return .has(entry, without: without?.stringValue)
        }
        if let object = condition.objectValue, object.count == 1, let flag = object["namesNoPlatform"] {
            guard field.type == .string, flag == .bool(true) else {
                throw fields.error("\(place): {\"namesNoPlatform\": true} needs a string field (a user agent), not \(field.type.rawValue) and \(literal(flag))")
            }
            return .namesNoPlatform
        }
        if let object = condition.objectValue, object.count == 1, let flag = object["desktopClass"] {
            guard field.type == .string, flag == .bool(true) else {
                throw fields.error("\(place): {\"desktopClass\": true} needs a string field (a user agent), not \(field.type.rawValue) and \(literal(flag))")
            }
            return .desktopClass
        }
        if let object = condition.objectValue, object.count == 1, let flag = object["mobileTokenReplaced"] {
            guard field.type == .string, flag == .bool(true) else {
                throw fields.error("\(place): {\"mobileTokenReplaced\": true} needs a string field (a user agent), not \(field.type.rawValue) and \(literal(flag))")
            }
            return .mobileTokenReplaced
        }
        if let range = condition.objectValue {
            guard field.type == .number || field.type == .integer else { throw fields.error("\(place): a range needs a number field, not \(field.type.rawValue)") }
            if range.count == 1, let below = range["below"]?.numberValue { return .below(below) }
            if range.count == 1, let atLeast = range["atLeast"]?.numberValue { return .atLeast(atLeast) }
            throw fields.error("\(place): a range is {\"below\": n} or {\"atLeast\": n}")
        }
        return .equals(try checked(condition))
    }
}
