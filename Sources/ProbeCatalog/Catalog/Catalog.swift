#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The product's knowledge in one value: the probes in page order, the requirement sets,
/// the checklist map, and the profiles derived from them. Pure data, no I/O.
public struct Catalog: Sendable {
    /// Version of the exported JSON (`exportJSON()`) and of the report schema. 2: findings
    /// carry `causes`, the export carries `symptoms`, `stepMarker` and `stalledStepSeconds`.
    public static let schemaVersion = 2

    public let probes: [Probe]
    public let requirementSets: [RequirementSet]
    public let checklist: [ChecklistItem]
    public let platforms: [Platform]

    /// The catalog of docs/probes.md and docs/requirements.md (the default requirement set is `liveform`).
    public static let standard = Catalog(
        probes: StandardProbes.all, requirementSets: RequirementSet.all, checklist: Checklist.liveform)

    public static let defaultRequirementSet = "liveform"

    /// fetch.integrity's body size each way, for the server's `/probe/bytes` default.
    public static var integrityBodyBytes: Int { StandardProbes.integrityBodyBytes }

    /// The page's time limits shared by several steps (each probe's own are on the probe,
    /// `Probe.thresholds`). Exported as `thresholds.page`.
    public static let pageThresholds: [Threshold] = [
        Threshold("permissionQueryMs", ms: 2000, "permissions.query answers from the browser's permission store at once; a WebView that never settles it reports \"unsupported\"."),
        Threshold("indexedDBOpenMs", ms: 3000, "Opening a small database takes milliseconds; a store the host blocked can leave open() pending forever."),
        Threshold("uploadMs", ms: 60000, "A photo of a few MB reaches the server within seconds even on a slow uplink (12 MB at 2 Mbit/s is under a minute); an upload nobody answers would hold its step, and the run, for good."),
        Threshold("autoStepMs", ms: 60000, "The longest an automatic step may run before the page ends it as an error, so one stuck API cannot hold the run; the camera steps' own limits stay under it."),
        Threshold("farmAnswerWaitMs", ms: 20000, "Unattended: once a farm script tapped, how long the step waits for an answer before the page ends it as a person would (\"Nothing happened\"); a script driving a native picker through Appium takes seconds. ?answerWait= (seconds) overrides it."),
    ]

    /// `checklist` is the guide's (`Checklist.liveform`): its verified and inferred items get
    /// their probes from the probes' own declarations (`Probe.checklistClaims`), in page order,
    /// and each probe's `checklistItems` from the items, so the two cannot disagree.
    public init(probes: [Probe], requirementSets: [RequirementSet], checklist: [ChecklistItem]) {
        let checklist = Checklist.resolved(checklist, by: probes)
        self.probes = probes.map { probe in
            var probe = probe
            probe.checklistItems = checklist.filter { $0.coverage.probes.contains(probe.id) }.map(\.id)
            return probe
        }
        self.requirementSets = requirementSets
        self.checklist = checklist
        self.platforms = Platform.allCases
    }

    public func probe(id: ProbeID) -> Probe? { probes.first { $0.id == id } }
    /// The tap steps a device-farm script answers, in page order (`Probe.farmTap`): a tap
    /// step whose result is what the page measures. Left out by the rule
    /// (`Catalog.isFarmTappable`): a step that runs by itself unattended
    /// (camera.getUserMedia) and one whose result is a person's answer (file.capture,
    /// nav.customScheme, nav.returnUrl): a script cannot answer it truthfully.
    public var farmTaps: [FarmTap] { probes.compactMap(\.farmTap) }
    /// Whether a farm script can answer a probe by tapping: the rule `farmTaps` follows.
    public static func isFarmTappable(_ probe: Probe) -> Bool {
        probe.kind == .tap && !probe.autoWhenUnattended && !probe.answeredByPerson
    }
    /// A probe id the run API takes results for: a probe, or the step-start marker.
    public func acceptsResults(for id: ProbeID) -> Bool { id == StepMarker.probe || probe(id: id) != nil }
    /// Every failing observation the catalog models, with its known causes and their sources.
    public static let symptoms: [Symptom] = StandardProbes.symptoms
    public func requirementSet(id: String) -> RequirementSet? { requirementSets.first { $0.id == id } }

    /// The expectation of every probe on `platform` under the requirement set `requirementSet`;
    /// nil for an unknown set.
    public func profile(platform: Platform, requirementSet: String = Catalog.defaultRequirementSet) -> Profile? {
        guard let set = self.requirementSet(id: requirementSet) else { return nil }
        return Profile(platform: platform, requirementSet: set, probes: probes)
    }

    /// Every platform × requirement set.
    public var profiles: [Profile] {
        requirementSets.flatMap { set in platforms.map { Profile(platform: $0, requirementSet: set, probes: probes) } }
    }

    /// How each checklist item is accounted for, counted from the map.
    public var coverageMethodCounts: [String: Int] {
        var counts = Dictionary(uniqueKeysWithValues: Coverage.Method.allCases.map { ($0.rawValue, 0) })
        for item in checklist { counts[item.coverage.method.rawValue, default: 0] += 1 }
        return counts
    }

    /// The whole catalog as JSON, for the page and the docs: pretty, keys sorted, so the
    /// text is stable from run to run.
    public func exportJSON() -> String {
        String(decoding: Self.encode(export(members: nil), formatting: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]), as: UTF8.self)
    }

    /// Only the named members of the export, compact: what `/api/config` embeds for the page.
    /// The others are not built, so the page's part costs a seventh of the whole (the remedies,
    /// wrappers, profiles and symptoms are most of it) in time and in memory.
    public func exportJSON(members: Set<String>) -> [UInt8] {
        Array(Self.encode(export(members: members), formatting: [.sortedKeys, .withoutEscapingSlashes]))
    }

    /// The export, each member built only when `members` names it (nil: all of them); a member
    /// left out is absent from the JSON.
    private func export(members: Set<String>?) -> CatalogExport {
        func wanted<T>(_ name: String, _ value: () -> T) -> T? { members.map { $0.contains(name) } ?? true ? value() : nil }
        return CatalogExport(
            schema: wanted("schema") { Self.schemaVersion },
            defaultRequirementSet: wanted("defaultRequirementSet") { Self.defaultRequirementSet },
            resultSchema: wanted("resultSchema") { ResultSchemaExport() },
            platforms: wanted("platforms") { platforms.map { PlatformExport(id: $0.rawValue, title: $0.title, family: $0.family.rawValue, appWebView: $0.isAppWebView) } },
            probes: wanted("probes") { probes },
            requirementSets: wanted("requirementSets") { requirementSets },
            profiles: wanted("profiles") { profiles },
            checklist: wanted("checklist") { checklist },
            coverageMethods: wanted("coverageMethods") { coverageMethodCounts },
            diagnoses: wanted("diagnoses") { DiagnosisGuide.byProbe },
            symptoms: wanted("symptoms") { Self.symptoms },
            stepMarker: wanted("stepMarker") { StepMarker.Export(steps: probes.filter(\.marksStart).map(\.id)) },
            hostReport: wanted("hostReport") { HostReport.Export() },
            thresholds: wanted("thresholds") { ThresholdsExport() },
            remedies: wanted("remedies") { RemedyExport.standard(self) },
            wrappers: wanted("wrappers") { WrapperCatalog.all.map(WrapperExport.init) },
            wrapperSignals: wanted("wrapperSignals") { WrapperCatalog.pageSignals },
            words: wanted("words") { WordsExport() })
    }

    static func encode<T: Encodable>(_ value: T, formatting: JSONEncoder.OutputFormatting) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        // Every value here is plain data; encoding cannot fail short of a programming error.
        return try! encoder.encode(value)
    }
}

/// The catalog's JSON: every member optional, so a part of it (`exportJSON(members:)`) is the
/// same type with the others absent.
struct CatalogExport: Encodable {
    let schema: Int?
    let defaultRequirementSet: String?
    let resultSchema: ResultSchemaExport?
    let platforms: [PlatformExport]?
    let probes: [Probe]?
    let requirementSets: [RequirementSet]?
    let profiles: [Profile]?
    let checklist: [ChecklistItem]?
    let coverageMethods: [String: Int]?
    let diagnoses: [ProbeID: [String]]?
    let symptoms: [Symptom]?
    let stepMarker: StepMarker.Export?
    let hostReport: HostReport.Export?
    let thresholds: ThresholdsExport?
    let remedies: RemedyExport?
    /// Every wrapper: detection signals, defaults, and its settings read from its source.
    let wrappers: [WrapperExport]?
    /// Every wrapper's bridge globals and message handler names, which the page looks for
    /// (Public/wrapper.js): the wrappers' data files are their one copy.
    let wrapperSignals: WrapperCatalog.PageSignals?
    /// The codes a person may meet in words (`Words`): the page shows a skipped step's reason by them.
    let words: WordsExport?
}

/// `Words` for the page, which shows codes the way every report does.
struct WordsExport: Encodable {
    let skipReasons = Words.skipReasons
    let layers = Dictionary(uniqueKeysWithValues: Cause.Layer.allCases.map { ($0.rawValue, Words.layer($0)) })
    let likelihoods = Dictionary(uniqueKeysWithValues: Cause.Likelihood.allCases.map { ($0.rawValue, Words.likelihood($0)) })
}

struct PlatformExport: Encodable {
    let id: String
    let title: String
    let family: String
    let appWebView: Bool
}

/// The result shape the page posts, so the page can be written from the export alone.
struct ResultSchemaExport: Encodable {
    let version = ProbeResult.schemaVersion
    let fields = [
        "schema": "integer, optional (1)",
        "run": "string, the run id from ?run=",
        "probe": "string, a probe id",
        "attempt": "integer ≥ 1",
        "status": "one of pass, fail, error, skipped, info",
        "reason": "string, optional: why skipped or errored (e.g. needs-operator)",
        "observed": "object: the probe's observed fields",
        "elapsedMs": "number ≥ 0",
        "at": "string, ISO 8601",
    ]
    let statuses = ProbeResult.Status.allCases.map(\.rawValue)
    let batch = "{\"results\": [result, …]}"
}

/// The limits the diff judges by, and the page's own limits that belong to no single probe.
struct ThresholdsExport: Encodable {
    let page = Catalog.pageThresholds
    let fastDenialMs = Diff.fastDenialMs
    let fullScreenHeightRatio = Diff.fullScreenHeightRatio
    let embeddedHeightRatio = Diff.embeddedHeightRatio
    let underSystemBarsHeightRatio = Diff.underSystemBarsHeightRatio
    let stalledStepSeconds = Diff.stalledStepSeconds
    /// camera.microphone: the noise floor under which a sample is silence.
    let silentLevel = Diff.silentLevel
    /// camera.resolution: the sizes the page asks for, in order.
    let resolutionLadder = StandardProbes.resolutionLadder
    /// fetch.integrity: the bytes sent and fetched, each way.
    let integrityBodyBytes = StandardProbes.integrityBodyBytes
}
