#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The names a data file may point at, so that the loader can refuse one the catalog does
/// not declare: a misspelt probe or cause must stop the program, not match nothing.
struct WrapperDataVocabulary {
    let probes: Set<ProbeID>
    let knownCauses: Set<String>
    /// Each probe's declared observed fields, which a row's predicates are read against.
    let fields: [ProbeID: [ObservedField]]
    /// The steps that post a start marker (`Probe.marksStart`), in page order: what
    /// `everyMarkedStep` stands for, so a row about a process that can end in any of them
    /// follows the page when a step gains a marker.
    var markedSteps: [ProbeID] = StandardProbes.all.filter(\.marksStart).map(\.id)

    /// In a row's `probes` and as a key of `when`: every step that posts a start marker.
    static let everyMarkedStep = "@everyMarkedStep"

    static var standard: WrapperDataVocabulary {
        WrapperDataVocabulary(probes: Set(StandardProbes.all.map(\.id)),
                              knownCauses: Set(Catalog.symptoms.flatMap { $0.causes.map(\.id) }),
                              fields: Dictionary(uniqueKeysWithValues: StandardProbes.all.map { ($0.id, $0.observed) }))
    }
}

/// One wrapper's data file, Wrappers/<wrapper>/<wrapper>.json: what was read in the wrapper's
/// source (its versions, the short defaults the diagnosis names, the full settings table)
/// and where it was read. The fixes in the wrapper's own API are code and stay in Swift
/// (Wrappers+<Name>.swift beside it); a row's fix may name one of them, a catalog remedy, a Swift
/// template (`WrapperFixTemplate`) or carry code of its own.
struct WrapperDataFile {
    let wrapper: Wrapper
    /// Which releases (or commits) of the wrapper were read, and what was compared.
    let readAt: String
    let minimumVersions: [String]
    let home: String
    let detection: WrapperSignalNames
    let checklistTab: ChecklistItem.Tab?
    let checklistMapping: [WrapperChecklistMapping]
    let defaults: [WrapperDefault]
    let settings: [WrapperSettingRow]

    static let fields = ["wrapper", "readAt", "minimumVersions", "home", "detection", "checklistTab", "checklistMapping", "defaults", "settings"]

    init(json: [UInt8], named name: String, vocabulary: WrapperDataVocabulary) throws {
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: Data(json))
        } catch {
            throw WrapperDataError(description: "\(name): not JSON (\(error))")
        }
        let file = try DataFields(value, at: name, required: Self.fields)
        wrapper = try file.choice("wrapper", of: Wrapper.self)
        readAt = try file.string("readAt")
        minimumVersions = try file.strings("minimumVersions")
        home = try file.string("home")
        detection = try WrapperSignalNames(DataFields(file.value("detection"), at: "\(name) detection", required: WrapperSignalNames.fields,
                                                      optional: ["releaseMarkers"]))
        if let tab = try file.nullable("checklistTab") {
            guard let raw = tab.stringValue, let value = ChecklistItem.Tab(rawValue: raw) else {
                throw file.error("\"checklistTab\" is \(tab), not null or one of \(ChecklistItem.Tab.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
            }
            checklistTab = value
        } else {
            checklistTab = nil
        }
        checklistMapping = try file.array("checklistMapping").enumerated().map { index, item in
            let fields = try DataFields(item, at: "\(name) checklistMapping \(index + 1)", required: ["item", "via"])
            return WrapperChecklistMapping(item: try fields.string("item"), via: try fields.string("via"))
        }
        defaults = try file.array("defaults").enumerated().map { index, item in
            try WrapperDefault(DataFields(item, at: "\(name) default \(index + 1)", required: WrapperDefault.fields, optional: ["fails", "note"]),
                               vocabulary: vocabulary)
        }
        settings = try file.array("settings").enumerated().map { index, item in
            // The id, when the row has one, names the row in its errors beside its number.
            let id = item.objectValue?["id"]?.stringValue.map { " (\($0))" } ?? ""
            return try WrapperSettingRow(DataFields(item, at: "\(name) row \(index + 1)\(id)", required: WrapperSettingRow.fields, optional: ["unless", "plugin", "versions", "defaultFails"]),
                                         vocabulary: vocabulary)
        }
    }
}

extension WrapperSignalNames {
    static let fields = ["globals", "messageHandlers", "userAgentTokens", "signals", "sources"]

    init(_ fields: DataFields) throws {
        let signals = try fields.array("signals").enumerated().map { index, item in
            let signal = try DataFields(item, at: "\(fields.place) signal \(index + 1)", required: ["signal", "confidence"])
            return Signal(signal: try signal.string("signal"), confidence: try signal.string("confidence"))
        }
        self.init(globals: try fields.strings("globals"), messageHandlers: try fields.strings("messageHandlers"),
                  userAgentTokens: try fields.strings("userAgentTokens"), signals: signals, sources: try fields.strings("sources"))
        if !(globals + messageHandlers).isEmpty, sources.isEmpty {
            throw fields.error("names a bridge with no \"sources\": cite where the wrapper's source defines it, at a tag")
        }
        for name in globals + messageHandlers + userAgentTokens where !Self.isIdentifier(name) {
            throw fields.error("\"\(name)\" is no JavaScript identifier or user agent token")
        }
        if fields.has("releaseMarkers") {
            releaseMarkers = try fields.array("releaseMarkers").enumerated().map { index, item in
                try ReleaseMarker(DataFields(item, at: "\(fields.place) releaseMarkers \(index + 1)",
                                             required: ["path", "family", "source", "absentAt"], optional: ["from", "before", "note"]))
            }
        }
    }

    static func isIdentifier(_ name: String) -> Bool {
        !name.isEmpty && !name.contains(where: { !($0.isLetter || $0.isNumber || $0 == "_") })
    }
}

extension ReleaseMarker {
    /// `{"path": "Capacitor.isNativePlatform", "family": "both", "from": "3.0.0", "source": …,
    /// "absentAt": …, "note": …}`: `from`, `before` or both (a name one release had); the path
    /// JavaScript names from `window`, both links https (the wrapper's source at a tag).
    init(_ fields: DataFields) throws {
        if fields.has("note") { _ = try fields.string("note") }
        let path = try fields.string("path")
        guard path.split(separator: ".", omittingEmptySubsequences: false).allSatisfy({ WrapperSignalNames.isIdentifier(String($0)) }) else {
            throw fields.error("\"path\" \"\(path)\" is no dotted path of JavaScript names like Capacitor.isNativePlatform")
        }
        func version(_ key: String) throws -> Version? {
            guard fields.has(key) else { return nil }
            let text = try fields.string(key)
            guard let version = Version(text), version.description == text else {
                throw fields.error("\"\(key)\" is \"\(text)\", not a release number like 3.0.0")
            }
            return version
        }
        let releases = VersionRange(from: try version("from"), before: try version("before"))
        guard releases.from != nil || releases.before != nil else { throw fields.error("give \"from\", \"before\" or both") }
        let source = try fields.string("source"), absentAt = try fields.string("absentAt")
        for link in [source, absentAt] where !link.hasPrefix("https://") {
            throw fields.error("\"\(link)\" is no https link: cite the wrapper's source at a tag")
        }
        self.init(path: path, family: try fields.family(), releases: releases, source: source, absentAt: absentAt)
    }
}

extension WrapperDefault {
    static let fields = ["setting", "family", "behaviour", "source"]

    /// `fails` may be left out (the default fails nothing by itself); `note` says what the
    /// cited line shows, for the person reading the file.
    init(_ fields: DataFields, vocabulary: WrapperDataVocabulary) throws {
        if fields.has("note") { _ = try fields.string("note") }
        self.init(setting: try fields.choice("setting", of: WrapperSetting.self), family: try fields.family(),
                  behaviour: try fields.string("behaviour"), source: try fields.string("source"),
                  fails: fields.has("fails") ? try fields.probes("fails", vocabulary) : [])
    }
}

extension WrapperSettingRow {
    static let fields = ["id", "name", "area", "family", "current", "previous", "nativeCall", "probes", "whenWrong", "when", "cause", "fix", "sources"]

    init(_ fields: DataFields, vocabulary: WrapperDataVocabulary) throws {
        let previous = try fields.nullable("previous").map { try Self.versioned($0, fields, "previous") }
        self.init(id: try fields.string("id"), name: try fields.string("name"), area: try fields.choice("area", of: Area.self),
                  family: try fields.family(), current: try Self.versioned(fields.value("current"), fields, "current"), previous: previous,
                  nativeCall: try fields.string("nativeCall"), probes: try fields.probes("probes", vocabulary),
                  whenWrong: try fields.string("whenWrong"), when: try Self.when(fields, vocabulary),
                  unless: fields.has("unless") ? try fields.observations("unless", vocabulary) : ProbeObservations(),
                  cause: try Cause(fields, vocabulary: vocabulary),
                  fix: try Fix(fields), plugin: fields.has("plugin") ? try fields.string("plugin") : nil,
                  versions: fields.has("versions") ? try Self.versions(fields) : nil,
                  sources: try fields.strings("sources"), defaultFails: try Self.defaultFails(fields))
    }

    /// `"defaultFails": true`, or left out: a `false` would say nothing the absence does not.
    static func defaultFails(_ fields: DataFields) throws -> Bool {
        guard fields.has("defaultFails") else { return false }
        guard try fields.value("defaultFails").boolValue == true else { throw fields.error("\"defaultFails\" is true or left out") }
        return true
    }

    /// One predicate per probe of the row, no more and no fewer: a probe the setting decides
    /// must say what it posts when the setting is wrong.
    static func when(_ fields: DataFields, _ vocabulary: WrapperDataVocabulary) throws -> ProbeObservations {
        let when = try fields.observations("when", vocabulary)
        let probes = Set(try fields.probes("probes", vocabulary))
        guard Set(when.probes) == probes else {
            let missing = probes.subtracting(when.probes).map(\.rawValue).sorted()
            let extra = Set(when.probes).subtracting(probes).map(\.rawValue).sorted()
            throw fields.error("\"when\" must name each of \"probes\" once" + (missing.isEmpty ? "" : "; missing \(missing.joined(separator: ", "))")
                + (extra.isEmpty ? "" : "; not in probes: \(extra.joined(separator: ", "))"))
        }
        return when
    }

    /// `{"from": "8.0.0"}`, `{"before": "6.0.0"}` or both: release numbers, `from` below `before`.
    static func versions(_ row: DataFields) throws -> VersionRange {
        let fields = try DataFields(row.value("versions"), at: "\(row.place) versions", required: [], optional: ["from", "before"])
        func version(_ key: String) throws -> Version? {
            guard fields.has(key) else { return nil }
            let text = try fields.string(key)
            guard let version = Version(text), version.description == text else { throw fields.error("\"\(key)\" is \"\(text)\", not a release number like 6.0.0") }
            return version
        }
        let range = VersionRange(from: try version("from"), before: try version("before"))
        guard range.from != nil || range.before != nil else { throw fields.error("give \"from\", \"before\" or both") }
        if let from = range.from, let before = range.before, !(from < before) { throw fields.error("\"from\" \(from) is not below \"before\" \(before)") }
        return range
    }

    /// `{"version": "cordova-ios 8.1.0", "value": "false"}`.
    static func versioned(_ value: JSONValue, _ row: DataFields, _ key: String) throws -> Versioned {
        let fields = try DataFields(value, at: "\(row.place) \(key)", required: ["version", "value"])
        return Versioned(version: try fields.string("version"), value: try fields.string("value"))
    }
}

extension WrapperSettingRow.Cause {
    /// `{"known": "<KnownCause id>"}`, `{"setting": "<WrapperSetting>"}` or `{"probe": "<probe>"}`.
    init(_ row: DataFields, vocabulary: WrapperDataVocabulary) throws {
        let place = "\(row.place) cause"
        let value = try row.value("cause")
        switch try DataFields.form(of: value, at: place, among: ["known", "setting", "probe"]) {
        case "known":
            let fields = try DataFields(value, at: place, required: ["known"])
            let id = try fields.string("known")
            guard vocabulary.knownCauses.contains(id) else {
                throw fields.error("\"\(id)\" is no known cause of Catalog.symptoms")
            }
            self = .known(id)
        case "setting":
            self = .setting(try DataFields(value, at: place, required: ["setting"]).choice("setting", of: WrapperSetting.self))
        default:
            self = .probe(try DataFields(value, at: place, required: ["probe"]).probes("probe", vocabulary, single: true)[0])
        }
    }
}

extension WrapperSettingRow.Fix {
    /// `{"wrapperFix": "<WrapperSetting>"}`, `{"remedy": "<name>"}`, `{"template": "<name>", …}`
    /// or the row's own `{"language", "kind", "code"}`.
    init(_ row: DataFields) throws {
        let place = "\(row.place) fix"
        let value = try row.value("fix")
        switch try DataFields.form(of: value, at: place, among: ["wrapperFix", "remedy", "template", "code"]) {
        case "wrapperFix":
            self = .wrapperFix(try DataFields(value, at: place, required: ["wrapperFix"]).choice("wrapperFix", of: WrapperSetting.self))
        case "remedy":
            let fields = try DataFields(value, at: place, required: ["remedy"])
            let name = try fields.string("remedy")
            guard let remedy = Remedy.byName[name] else {
                throw fields.error("\"\(name)\" is no remedy of Remedy.byName (\(Remedy.byName.keys.sorted().joined(separator: ", ")))")
            }
            self = .remedy(name, remedy)
        case "template":
            let template = try DataFields(value, at: place, required: ["template"], optional: WrapperFixTemplate.allFields)
                .choice("template", of: WrapperFixTemplate.self)
            self = try template.fix(DataFields(value, at: "\(place) (\(template.rawValue))", required: ["template"] + template.required,
                                               optional: template.optional))
        default:
            let fields = try DataFields(value, at: place, required: ["language", "kind", "code"])
            self = .code(language: try fields.string("language"), kind: try fields.string("kind"), try fields.text("code"))
        }
    }
}

extension DataFields {
    /// Which of `forms` an object that takes exactly one of them is (a cause, a fix).
    static func form(of value: JSONValue, at place: String, among forms: [String]) throws -> String {
        let present = forms.filter { value.objectValue?[$0] != nil }
        guard present.count == 1 else {
            throw WrapperDataError(description: "\(place): give exactly one of \(forms.map { "\"\($0)\"" }.joined(separator: ", "))"
                + (present.count > 1 ? ", not \(present.joined(separator: " and "))" : ""))
        }
        return present[0]
    }

    /// Probe names, each one a probe the catalog declares (a ProbeID constant).
    func probes(_ key: String, _ vocabulary: WrapperDataVocabulary, single: Bool = false) throws -> [ProbeID] {
        let names = single ? [try string(key)] : try strings(key)
        return try names.flatMap { name -> [ProbeID] in
            if !single, name == WrapperDataVocabulary.everyMarkedStep { return vocabulary.markedSteps }
            let probe = ProbeID(rawValue: name)
            guard vocabulary.probes.contains(probe) else { throw error("probe \"\(name)\" is not a declared probe") }
            return [probe]
        }
    }
}
