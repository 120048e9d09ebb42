import Dispatch
import Foundation
import ProbeCatalog
import Synchronization
import ProbeHTTP
import ProbeStore

/// Each run judged once per catalog. A completed run's results are final (the store refuses
/// new ones), and a completed run has no stall to find (`RunClock`), so its judgement changes
/// only with the catalog: it is kept with the catalog's version (`CatalogVersion`) and read
/// back by every reader (`/diff`, the report formats, `/runs/ID`, the `/runs` matrix,
/// `/api/compare`), judged again only when the version differs, then kept again. An open run
/// is judged at each read: whether it stopped in a step depends on the time of the read.
///
/// Blocking (store reads, and the commit of a judgement kept): call it off the event loops.
final class RunJudgements: Sendable {
    let store: any RunStore
    let catalog: Catalog
    let version: CatalogVersion
    private let judgedCount = Atomic<Int>(0)

    init(store: any RunStore, catalog: Catalog, version: CatalogVersion) {
        self.store = store
        self.catalog = catalog
        self.version = version
    }

    /// How many times a run was judged (`RunJudge.report` called) since the start, for the tests.
    var judged: Int { judgedCount.load(ordering: .relaxed) }

    /// A run's judgement of its own profile: the report, and its JSON when it was kept.
    struct Judgement: Sendable {
        let report: DiffReport
        /// The stored text (as `/diff` answers it); nil for a judgement not kept.
        let stored: StoredJudgement?
        /// True when this call judged the run (rather than reading a stored judgement).
        let isFresh: Bool

        /// The report as a JSON response, the stored text as it is when there is one.
        var response: Response {
            guard let stored else { return .json(report) }
            var r = Response(status: .ok, headers: HTTPHeaders([("Content-Type", "application/json")]), body: Array(stored.report.utf8))
            r.headers.add("Cache-Control", "no-store")
            return r
        }
    }

    // MARK: Readers

    /// The run's judgement: the stored one of this catalog, else judged now (and kept when
    /// the run is complete). `records` and `parsed`: the run's results when the caller read
    /// them already (a report document shows them), else read here if needed.
    func judgement(of run: RunRecord, records: [ResultRecord]? = nil, parsed: [ProbeResult]? = nil,
                   now: Date = Date()) throws -> Judgement {
        if let found = try current(run) { return found }
        let judged = try judge(run, records: records ?? store.results(runID: run.id), parsed: parsed, now: now)
        guard let record = keepable(run, judged.report) else { return judged }
        keep([(run.id, record)])
        return Judgement(report: judged.report, stored: record, isFresh: true)
    }

    /// The judgements of a page of runs (the matrix): stored ones read in one go, the others
    /// judged, and those of completed runs kept together (one commit). A run that posted
    /// nothing has none.
    func judgements(of runs: [RunRecord]) throws -> [String: DiffReport] {
        let stored = try store.judgements(runIDs: runs.filter { $0.completedAt != nil }.map(\.id))
        var reports: [String: DiffReport] = [:]
        var kept: [(String, StoredJudgement)] = []
        for run in runs {
            if run.completedAt != nil, let found = stored[run.id].flatMap(readable) {
                if Self.sawResults(found.report) { reports[run.id] = found.report }
                continue
            }
            let records = try store.results(runID: run.id)
            if records.isEmpty { continue }
            let judged = try judge(run, records: records, parsed: nil, now: nil)
            reports[run.id] = judged.report
            if let record = keepable(run, judged.report) { kept.append((run.id, record)) }
        }
        keep(kept)
        return reports
    }

    /// A judgement of another profile than the run's own (`?requirementSet=`, `?platform=`
    /// of `/diff`): an answer to that question, never kept.
    func judgement(of run: RunRecord, requirementSet: String?, platform: String?, now: Date = Date()) throws -> Judgement {
        let own = (requirementSet ?? run.requirementSet) == run.requirementSet && (platform == nil || platform == run.platform)
        if own { return try judgement(of: run, now: now) }
        judgedCount.add(1, ordering: .relaxed)
        let report = try RunJudge.report(run: run, records: try store.results(runID: run.id), requirementSet: requirementSet,
                                         platformOverride: platform, catalog: catalog, now: now)
        return Judgement(report: report, stored: nil, isFresh: true)
    }

    // MARK: Completion

    /// The judgement `complete` announces: the stored one of this catalog, else made now
    /// and not yet kept (`setVerdict` keeps it with the verdict, or `keep` when the run had one).
    func judgementToAnnounce(_ run: RunRecord) throws -> Judgement {
        if let found = try current(run) { return found }
        let judged = try judge(run, records: try store.results(runID: run.id), parsed: nil, now: nil)
        return Judgement(report: judged.report, stored: keepable(run, judged.report), isFresh: true)
    }

    /// Keeps judgements of completed runs, all submitted before waiting, so they share a
    /// commit. A judgement that fails to be kept is judged again by the next reader.
    func keep(_ judgements: [(String, StoredJudgement)]) {
        guard !judgements.isEmpty else { return }
        let group = DispatchGroup()
        for (id, judgement) in judgements {
            group.enter()
            store.submit(.storeJudgement(id: id, judgement: judgement)) { _ in group.leave() }
        }
        group.wait()
    }

    // MARK: Parts

    /// The stored judgement of `run`, when the run is complete and it is of this catalog.
    private func current(_ run: RunRecord) throws -> Judgement? {
        guard run.completedAt != nil, let stored = try store.judgement(runID: run.id) else { return nil }
        return readable(stored)
    }

    /// A stored judgement of this catalog as a report; nil for another version (or text
    /// that no longer reads as a report, which judging again replaces).
    private func readable(_ stored: StoredJudgement) -> Judgement? {
        guard stored.catalogVersion == version.value,
              let report = try? JSONCoding.decoder.decode(DiffReport.self, from: Data(stored.report.utf8)) else { return nil }
        return Judgement(report: report, stored: stored, isFresh: false)
    }

    private func judge(_ run: RunRecord, records: [ResultRecord], parsed: [ProbeResult]?, now: Date?) throws -> Judgement {
        judgedCount.add(1, ordering: .relaxed)
        let report = try RunJudge.report(run: run, records: records, parsed: parsed ?? records.map(RunJudge.probeResult),
                                         catalog: catalog, now: now)
        return Judgement(report: report, stored: nil, isFresh: true)
    }

    /// The record to keep for a completed run's judgement; nil for an open run, whose
    /// judgement is the time's (`RunClock`), and for a report that cannot be encoded.
    private func keepable(_ run: RunRecord, _ report: DiffReport) -> StoredJudgement? {
        guard run.completedAt != nil, let data = try? JSONCoding.encoder.encode(report) else { return nil }
        return StoredJudgement(catalogVersion: version.value, verdict: report.verdict.rawValue,
                               report: String(decoding: data, as: UTF8.self), judgedAt: Date())
    }

    /// Whether the report read any result: a completed run that posted nothing is shown as
    /// having no results, as an open one is.
    static func sawResults(_ report: DiffReport) -> Bool {
        !report.unknownProbes.isEmpty || report.findings.contains { $0.attempt != nil }
    }
}
