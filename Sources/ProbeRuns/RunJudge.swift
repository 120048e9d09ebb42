#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProbeCatalog
import ProbeStore

/// Turns stored results into the catalog's view and asks the catalog for the diff.
/// Pure: no store access, so it is the same for the server, the CLI and the tests. It sits
/// beside the records it reads (the catalog knows nothing of how runs are kept), and throws
/// its own error: the API turns it into a 400 where it turns every error into a response.
public enum RunJudge {
    /// The run names a requirement set no profile of its platform has.
    public struct UnknownRequirementSet: Error, Equatable, CustomStringConvertible {
        public let requirementSet: String
        public let platform: Platform
        public var description: String {
            "no profile for requirement set \(requirementSet) on \(platform.rawValue); see GET /api/profiles"
        }
    }

    /// The catalog's result from a stored record. Stored records were validated by the
    /// catalog's decoder on the way in; a record that no longer decodes is kept as an error.
    /// The observation is read by the project's one-pass parser (`JSONValue.parse`), not by
    /// `JSONDecoder`, whose `Codable` route into `JSONValue` cost about 290 ms per MiB: every
    /// judgement of an open run reads every observation again (docs/performance.md).
    public static func probeResult(_ record: ResultRecord) -> ProbeResult {
        let observed = observation(record.observed)
        return ProbeResult(
            run: record.runID, probe: ProbeID(rawValue: record.probe), attempt: record.attempt,
            status: ProbeResult.Status(rawValue: record.status) ?? .error, reason: record.reason,
            observed: observed, elapsedMs: record.elapsedMs ?? 0,
            at: record.at.map(RFC3339.format) ?? "1970-01-01T00:00:00Z")
    }

    /// A stored observation's object; `[:]` for text that is not one (a row written by hand).
    public static func observation(_ text: String) -> [String: JSONValue] {
        JSONValue.parse(text: text)?.objectValue ?? [:]
    }

    /// The platform of a run: `PlatformDetector.detect(observation:…)` fed the run's `env.platform`, its
    /// user agent, its `platform` override (or `override`, `?platform=`) and its `wrapper`. The
    /// one place the server asks: for the run's row when `env.platform` is stored
    /// (`pagePlatform`) and for every judgement.
    public static func platform(of run: RunRecord, results: [ProbeResult], override: String? = nil) -> DetectedPlatform {
        // POST /api/runs keeps its `wrapper` in the metadata (docs/wrappers.md).
        PlatformDetector.detect(observation: PlatformDetector.observation(in: results), userAgent: run.userAgent,
                                override: override ?? run.platform?.rawValue,
                                wrapperOverride: run.metadata[wrapperKey]?.stringValue)
    }

    /// The metadata key of the run's `wrapper` override (POST /api/runs keeps it there).
    public static let wrapperKey = "wrapper"

    /// The metadata key of the run's own `requireTaps` setting (POST /api/runs keeps it there,
    /// as it keeps `wrapper`).
    public static let requireTapsKey = "requireTaps"

    /// Whether the run was created to count the tap steps nobody tapped (`Diff.overall`): a
    /// farm script that taps asks for it, so its run's one judgement is the strict one.
    public static func requiresTaps(_ run: RunRecord) -> Bool {
        run.metadata[requireTapsKey]?.boolValue == true
    }

    /// What the page reported: the run's platform without its `platform` override, as the
    /// run's row keeps it (`detectedPlatform`), so that the override, else this, is the
    /// platform every judgement of the run names.
    public static func pagePlatform(of run: RunRecord, results: [ProbeResult]) -> DetectedPlatform {
        var page = run
        page.platform = nil
        return platform(of: page, results: results)
    }

    /// The diff of a run against its requirement set (or the one asked for). `now`: the time of
    /// judging; with it a run that stopped inside a step gets that step's finding (the last
    /// receipt time and the completion come from the store's records). `requireTaps`: asked
    /// for (`?requireTaps=`); nil, the run's own setting (`requiresTaps`).
    public static func report(run: RunRecord, records: [ResultRecord], requirementSet: String? = nil,
                              platformOverride: String? = nil, requireTaps: Bool? = nil, catalog: Catalog = .standard,
                              now: Date? = nil) throws(UnknownRequirementSet) -> DiffReport {
        try report(run: run, records: records, parsed: records.map(probeResult), requirementSet: requirementSet,
                   platformOverride: platformOverride, requireTaps: requireTaps, catalog: catalog, now: now)
    }

    /// `report`, for results already parsed from `records` (same order): a caller that also
    /// shows them (a report document) parses each observation once. The last receipt is the
    /// store's (`ResultRecord.receivedAt`).
    public static func report(run: RunRecord, records: [ResultRecord], parsed results: [ProbeResult], requirementSet: String? = nil,
                              platformOverride: String? = nil, requireTaps: Bool? = nil, catalog: Catalog = .standard,
                              now: Date? = nil) throws(UnknownRequirementSet) -> DiffReport {
        try report(run: run, results: results, lastActivity: records.map(\.receivedAt).max(), requirementSet: requirementSet,
                   platformOverride: platformOverride, requireTaps: requireTaps, catalog: catalog, now: now)
    }

    /// The one judge: the server's judgements (`RunJudgements`), `probe-server diff` of a file
    /// and the tests all end here. `lastActivity`: when the run's last result arrived (the
    /// store's receipt, or for a file the page's own time), read with `now` to find a run that
    /// stopped inside a step.
    public static func report(run: RunRecord, results: [ProbeResult], lastActivity: Date?, requirementSet: String? = nil,
                              platformOverride: String? = nil, requireTaps: Bool? = nil, catalog: Catalog = .standard,
                              now: Date? = nil) throws(UnknownRequirementSet) -> DiffReport {
        let platform = platform(of: run, results: results, override: platformOverride)
        let set = requirementSet ?? run.requirementSet
        guard let diff = Diff(catalog: catalog, platform: platform, requirementSet: set) else {
            throw UnknownRequirementSet(requirementSet: set, platform: platform.platform)
        }
        let clock = now.map { RunClock(now: $0, lastActivity: lastActivity, completed: run.isCompleted) }
        return diff.report(results: results, run: run.id, clock: clock, requireTaps: requireTaps ?? requiresTaps(run))
    }
}
