import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials
import ProbeCatalog
import ProbeStore
import Synchronization

/// Each run judged once per catalog. A completed run's results are final (the store refuses
/// new ones), and a completed run has no stall to find (`RunClock`), so its judgement changes
/// only with the catalog: it is kept with the catalog's version (`CatalogVersion`) and read
/// back by every reader (`/diff`, the report formats, `/runs/ID`, the `/runs` matrix,
/// `/api/compare`), judged again only when the version differs, then kept again. An open run
/// is judged at each read: whether it stopped in a step depends on the time of the read.
///
/// Blocking (store reads, and the commit of a judgement kept): call it off the event loops.
public final class RunJudgements: Sendable {
    /// Observations `/runs` judges per load, at most, for the open runs it lists (completed
    /// runs' judgements are read back): the newest open runs up to this many bytes are judged,
    /// the others show as running with a link to their report. Sixty real runs (~200 KiB each)
    /// fit; sixty runs an anonymous client left at their 8 MiB quota took 2.5 minutes before.
    public static let matrixJudgingBytes = 16 * 1024 * 1024
    /// Stored judgements kept decoded in memory, by the size of their text: the `/runs` page
    /// reads sixty on each load, and decoding a report costs far more than reading it. A
    /// judgement is ~10-30 KiB of text, so this holds the latest thousand or more.
    public static let decodedCacheBytes = 32 * 1024 * 1024

    public let store: any RunStore
    public let catalog: Catalog
    public let version: CatalogVersion
    /// `matrixJudgingBytes`, smaller in tests.
    public let matrixBudget: Int
    private let judgedCount = Atomic<Int>(0)
    private let judgedBytes = Atomic<Int>(0)
    /// Decoded judgements of completed runs by run id, sized by their stored text. A run is
    /// matched by its id and creation time too (a chosen id deleted and made again is another
    /// run), and the catalog's version (`cached`).
    private let decoded = Mutex(KeptByBytes<String, (createdAt: Date, judgement: Judgement)>(capacity: RunJudgements.decodedCacheBytes))

    public init(store: any RunStore, catalog: Catalog, version: CatalogVersion, matrixBudget: Int = RunJudgements.matrixJudgingBytes) {
        self.matrixBudget = matrixBudget
        self.store = store
        self.catalog = catalog
        self.version = version
    }

    /// How many times a run was judged (`RunJudge.report` called) since the start, for the tests.
    public var judged: Int { judgedCount.load(ordering: .relaxed) }
    /// The observation bytes those judgements parsed, for `/metrics` and the tests.
    public var judgedObservationBytes: Int { judgedBytes.load(ordering: .relaxed) }

    /// A run's judgement of its own profile: the report, and its JSON when it was kept.
    public struct Judgement: Sendable {
        public let report: DiffReport
        /// The stored text (as `/diff` answers it); nil for a judgement not kept.
        public let stored: StoredJudgement?
        /// True when this call judged the run (rather than reading a stored judgement).
        public let isFresh: Bool

    }

    // MARK: Readers

    /// The run's judgement: the stored one of this catalog, else judged now (and kept when
    /// the run is complete). `records`: the run's results when the caller read them already
    /// (a report document shows them), else read here if needed. `allowance`: what an
    /// anonymous caller may still have judged (nil: the token holder's request).
    public func judgement(of run: RunRecord, records: [ResultRecord]? = nil, now: Date = Date(),
                   allowance: (any JudgingAllowance)? = nil) throws -> Judgement {
        if let found = try current(run) { return found }
        let judged = try judge(run, records: records ?? store.results(runID: run.id), now: now, allowance: allowance)
        guard let record = keepable(run, judged.report) else { return judged }
        keep([(run.id, record)])
        return Judgement(report: judged.report, stored: record, isFresh: true)
    }

    /// The judgements of a page of runs (the matrix): stored ones read in one go, the newest
    /// open runs judged up to `matrixJudgingBytes` of observations (`deferred`: the rest),
    /// and the judgements of completed runs made now kept together (one commit). A run that
    /// posted nothing has none.
    public func judgements(of runs: [RunRecord]) throws -> (reports: [String: DiffReport], deferred: Set<String>) {
        var reports: [String: DiffReport] = [:]
        var pending: [RunRecord] = []
        for run in runs {
            if run.isCompleted, let found = cached(run) {
                if Self.sawResults(found.report) { reports[run.id] = found.report }
            } else {
                pending.append(run)
            }
        }
        let stored = try store.judgements(runIDs: pending.filter(\.isCompleted).map(\.id))
        var kept: [(String, StoredJudgement)] = []
        var deferred: Set<String> = []
        var budget = matrixBudget
        for run in pending {
            if run.isCompleted, let found = stored[run.id].flatMap({ readable($0, of: run) }) {
                if Self.sawResults(found.report) { reports[run.id] = found.report }
                continue
            }
            // A completed run is judged once and kept; an open one would be judged on every load.
            // Its size is the store's count (`RunUsage.resultBytes`, the observations' bytes),
            // so a run left for its own report is not read at all.
            if !run.isCompleted {
                let bytes = Int(try store.usage(runID: run.id)?.resultBytes ?? 0)
                guard bytes <= budget else {
                    deferred.insert(run.id)
                    continue
                }
                budget -= bytes
            }
            let records = try store.results(runID: run.id)
            if records.isEmpty { continue }
            let judged = try judge(run, records: records, now: nil, allowance: nil)
            reports[run.id] = judged.report
            if let record = keepable(run, judged.report) { kept.append((run.id, record)) }
        }
        keep(kept)
        return (reports, deferred)
    }

    /// A judgement of another profile than the run's own (`?requirementSet=`, `?platform=`
    /// of `/diff`), or under another `requireTaps` (`?requireTaps=` of `/diff` and the
    /// reports): an answer to that question, never kept. `records`: as `judgement(of:records:)`.
    public func judgement(of run: RunRecord, records: [ResultRecord]? = nil, requirementSet: String?, platform: String?,
                   requireTaps: Bool? = nil, now: Date = Date(), allowance: (any JudgingAllowance)? = nil) throws -> Judgement {
        if Self.isOwn(run, requirementSet: requirementSet, platform: platform, requireTaps: requireTaps) {
            return try judgement(of: run, records: records, now: now, allowance: allowance)
        }
        let records = try records ?? store.results(runID: run.id)
        let parsed = try parse(records, allowance: allowance)
        judgedCount.add(1, ordering: .relaxed)
        let report = try RunJudge.report(run: run, records: records, parsed: parsed, requirementSet: requirementSet,
                                         platformOverride: platform, requireTaps: requireTaps, catalog: catalog, now: now)
        return Judgement(report: report, stored: nil, isFresh: true)
    }

    /// Whether the question is the run's own judgement (what is kept and read back).
    public static func isOwn(_ run: RunRecord, requirementSet: String? = nil, platform: String? = nil, requireTaps: Bool? = nil) -> Bool {
        (requirementSet ?? run.requirementSet) == run.requirementSet && (platform == nil || platform == run.platform?.rawValue)
            && (requireTaps == nil || requireTaps == RunJudge.requiresTaps(run))
    }

    // MARK: Completion

    /// The judgement `complete` announces: the stored one of this catalog, else made now
    /// and not yet kept (`setVerdict` keeps it with the verdict, or `keep` when the run had one).
    public func judgementToAnnounce(_ run: RunRecord) throws -> Judgement {
        if let found = try current(run) { return found }
        let judged = try judge(run, records: try store.results(runID: run.id), now: nil, allowance: nil)
        return Judgement(report: judged.report, stored: keepable(run, judged.report), isFresh: true)
    }

    /// Keeps judgements of completed runs, all submitted before waiting, so they share a
    /// commit. A judgement that fails to be kept is judged again by the next reader.
    public func keep(_ judgements: [(String, StoredJudgement)]) {
        guard !judgements.isEmpty else { return }
        let group = DispatchGroup()
        for (id, judgement) in judgements {
            group.enter()
            store.submit(.storeJudgement(id: id, judgement: judgement)) { _ in group.leave() }
        }
        group.wait()
    }

    /// Forgets the decoded judgement of a deleted run (a chosen id can be used again).
    public func forget(runID: String) {
        decoded.withLock { $0.remove(runID) }
    }

    // MARK: Parts

    /// The stored judgement of `run`, when the run is complete and it is of this catalog.
    private func current(_ run: RunRecord) throws -> Judgement? {
        guard run.isCompleted else { return nil }
        if let found = cached(run) { return found }
        guard let stored = try store.judgement(runID: run.id) else { return nil }
        return readable(stored, of: run)
    }

    /// The decoded judgement of a completed run kept in memory, when it is of this catalog.
    private func cached(_ run: RunRecord) -> Judgement? {
        decoded.withLock { kept in
            kept[run.id].flatMap { $0.createdAt == run.createdAt && $0.judgement.stored?.catalogVersion == version.value ? $0.judgement : nil }
        }
    }

    /// A stored judgement of this catalog as a report; nil for another version (or text
    /// that no longer reads as a report, which judging again replaces). Kept decoded.
    private func readable(_ stored: StoredJudgement, of run: RunRecord) -> Judgement? {
        guard stored.catalogVersion == version.value,
              let report = try? JSONCoding.decoder.decode(DiffReport.self, from: Data(stored.report.utf8)) else { return nil }
        let judgement = Judgement(report: report, stored: stored, isFresh: false)
        keepDecoded(judgement, of: run)
        return judgement
    }

    /// The run's observations parsed, once `allowance` (an anonymous caller's) has paid for them.
    private func parse(_ records: [ResultRecord], allowance: (any JudgingAllowance)?) throws -> [ProbeResult] {
        let bytes = Self.observationBytes(records)
        try allowance?.spend(bytes)
        judgedBytes.add(bytes, ordering: .relaxed)
        return records.map(RunJudge.probeResult)
    }

    private func judge(_ run: RunRecord, records: [ResultRecord], now: Date?, allowance: (any JudgingAllowance)?) throws -> Judgement {
        let parsed = try parse(records, allowance: allowance)
        judgedCount.add(1, ordering: .relaxed)
        var report = try RunJudge.report(run: run, records: records, parsed: parsed, catalog: catalog, now: now)
        report.judgedBy = version.judgedBy
        return Judgement(report: report, stored: nil, isFresh: true)
    }

    /// The record to keep for a completed run's judgement; nil for an open run, whose
    /// judgement is the time's (`RunClock`), and for a report that cannot be encoded.
    private func keepable(_ run: RunRecord, _ report: DiffReport) -> StoredJudgement? {
        guard run.isCompleted, let data = try? JSONCoding.encoder.encode(report) else { return nil }
        let stored = StoredJudgement(catalogVersion: version.value, verdict: report.verdict.rawValue,
                                     report: String(decoding: data, as: UTF8.self), judgedAt: Date())
        keepDecoded(Judgement(report: report, stored: stored, isFresh: false), of: run)
        return stored
    }

    private func keepDecoded(_ judgement: Judgement, of run: RunRecord) {
        guard let size = judgement.stored?.report.utf8.count else { return }
        decoded.withLock { $0.keep((run.createdAt, judgement), bytes: size, for: run.id) }
    }

    public static func observationBytes(_ records: [ResultRecord]) -> Int {
        records.reduce(0) { $0 + $1.observed.utf8.count }
    }

    /// Whether the report read any result: a completed run that posted nothing is shown as
    /// having no results, as an open one is.
    public static func sawResults(_ report: DiffReport) -> Bool {
        !report.unknownProbes.isEmpty || report.findings.contains { $0.attempt != nil }
    }
}

/// What a caller may still have judged, paid for in observation bytes before they are parsed:
/// judging is the one read whose cost grows with what a client posted. The server's is an
/// anonymous address's bucket, which throws its own answer (a 429) when it is spent.
public protocol JudgingAllowance: Sendable {
    func spend(_ bytes: Int) throws
}
