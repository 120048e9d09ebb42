#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials

/// The durable store of runs, results and uploads. SQLite implements it for one instance
/// (`SQLiteRunStore`, the default); PostgreSQL for several instances sharing one database
/// (`PostgresRunStore`, `--store postgres://…`). `StoreLocation` picks one.
///
/// Threading: writes are asynchronous. `submit` never blocks; its completion runs once
/// the write is committed to disk (or failed), on a thread of the store, and must return
/// quickly (hop back to the caller's event loop). Reads and the synchronous write helpers
/// below block the calling thread (reads on a query, writes on an fsync): call them off
/// the event loops.
public protocol RunStore: Sendable {
    /// Queues a write. `completion` is called exactly once, after the write is durable
    /// (success) or known not to be (failure). Acknowledge a client only from it.
    /// Normally it runs on the store's writer thread; a write refused at once (`closed`,
    /// `overloaded`) completes on the calling thread before `submit` returns.
    /// Writes run in submission order, so a `createRun` followed by an `appendResults` for
    /// it may be submitted back to back. A completion must not call the synchronous write
    /// helpers below (it would wait for its own thread).
    func submit(
        _ write: StoreWrite, completion: @escaping @Sendable (Result<StoreWriteOutcome, StoreError>) -> Void)

    /// The run, or nil if it does not exist.
    func run(id: String) throws(StoreError) -> RunRecord?
    /// Runs matching `filter`, newest first.
    func listRuns(filter: RunFilter) throws(StoreError) -> Page<RunRecord>
    /// The run's results in arrival order; `runNotFound` if the run does not exist.
    func results(runID: String) throws(StoreError) -> [ResultRecord]
    /// The run's uploads in arrival order; `runNotFound` if the run does not exist.
    func uploads(runID: String) throws(StoreError) -> [UploadRecord]

    /// The run's stored judgement (`StoreWrite.storeJudgement`), or nil.
    func judgement(runID: String) throws(StoreError) -> StoredJudgement?
    /// The stored judgements of those of `runIDs` that have one, by run id: one read for a page of runs.
    func judgements(runIDs: [String]) throws(StoreError) -> [String: StoredJudgement]

    /// What the run holds, for the quotas; nil if it does not exist.
    func usage(runID: String) throws(StoreError) -> RunUsage?
    /// Bytes the store holds on disk: database pages in use, the WAL, upload files.
    func storedBytes() throws(StoreError) -> Int64

    /// Finishes queued writes, then refuses new ones with `closed`. Idempotent.
    func close()

    /// Calls `judged` with the run's id when another process sharing this store stored a
    /// verdict, so its long polls wake here too; `missedSome` when such news may have been
    /// lost (the store reconnected): look at the store for the runs still waited on.
    /// A store only this process writes calls neither (the default).
    func observeVerdicts(_ judged: @escaping @Sendable (String) -> Void, missedSome: @escaping @Sendable () -> Void)
}

extension RunStore {
    public func observeVerdicts(_ judged: @escaping @Sendable (String) -> Void, missedSome: @escaping @Sendable () -> Void) {}
}

/// Which engine holds the runs: SQLite in the data folder (the default), or a PostgreSQL
/// database that several instances share (`--store postgres://…` or `PROBE_STORE`).
public enum StoreLocation: Sendable, Equatable {
    case sqlite
    case postgres(PostgresLocation)

    /// `sqlite`, or a `postgres://` / `postgresql://` URI; nil for anything else.
    public init?(_ text: String) {
        if text == "sqlite" {
            self = .sqlite
        } else if let location = PostgresLocation(text) {
            self = .postgres(location)
        } else {
            return nil
        }
    }

    /// Opens the store (migrating it) for a server whose data folder is `dataDirectory`.
    public func open(dataDirectory: String) throws(StoreError) -> any RunStore {
        switch self {
        case .sqlite: try SQLiteRunStore(dataDirectory: dataDirectory)
        case .postgres(let location): try PostgresRunStore(location: location)
        }
    }
}

/// Synchronous writes: submit, then wait for the commit. They block the calling thread
/// for an fsync: never call them on an event loop.
extension RunStore {
    /// Submits and waits for the outcome.
    public func perform(_ write: StoreWrite) throws(StoreError) -> StoreWriteOutcome {
        let waiter = OutcomeWaiter()
        submit(write) { waiter.deliver($0) }
        return try waiter.wait().get()
    }

    public func createRun(_ run: RunRecord) throws(StoreError) {
        _ = try perform(.createRun(run))
    }

    /// One outcome per record, in order (see `AppendOutcome`).
    public func appendResults(_ results: [ResultRecord]) throws(StoreError) -> [AppendOutcome] {
        guard case .appended(let outcomes) = try perform(.appendResults(results)) else { return [] }
        return outcomes
    }

    public func completeRun(id: String, at date: Date) throws(StoreError) {
        _ = try perform(.completeRun(id: id, at: date))
    }

    /// True when this call stored the verdict; false when the run already had one.
    @discardableResult
    public func setVerdict(id: String, verdict: String, judgement: StoredJudgement? = nil) throws(StoreError) -> Bool {
        guard case .judged(_, let first) = try perform(.setVerdict(id: id, verdict: verdict, judgement: judgement)) else { return false }
        return first
    }

    public func storeJudgement(id: String, _ judgement: StoredJudgement) throws(StoreError) {
        _ = try perform(.storeJudgement(id: id, judgement: judgement))
    }

    public func touch(runID: String, at date: Date) throws(StoreError) {
        _ = try perform(.touch(runID: runID, at: date))
    }

    public func addUpload(_ upload: UploadRecord) throws(StoreError) {
        _ = try perform(.addUpload(upload))
    }

    /// The upload files of the deleted run, relative to the data directory: delete them.
    public func deleteRun(id: String) throws(StoreError) -> [String] {
        guard case .deleted(let paths) = try perform(.deleteRun(id: id)) else { return [] }
        return paths
    }

    /// One batch of `--keep-days` purging; repeat while `hasMore`.
    public func purge(olderThan date: Date) throws(StoreError) -> PurgeOutcome {
        guard case .purged(let outcome) = try perform(.purge(olderThan: date)) else {
            return PurgeOutcome(runIDs: [], uploadPaths: [], hasMore: false)
        }
        return outcome
    }
}

/// Hands one result from the writer thread to a thread waiting for it.
private final class OutcomeWaiter: @unchecked Sendable {
    // `outcome` is guarded by `condition`.
    private let condition = Condition()
    private var outcome: Result<StoreWriteOutcome, StoreError>?

    func deliver(_ result: Result<StoreWriteOutcome, StoreError>) {
        condition.lock()
        outcome = result
        condition.signal()
        condition.unlock()
    }

    func wait() -> Result<StoreWriteOutcome, StoreError> {
        condition.lock()
        defer { condition.unlock() }
        while outcome == nil { condition.wait() }
        return outcome!
    }
}

/// What one run holds, against `Quotas`.
public struct RunUsage: Equatable, Sendable {
    public var results: Int64
    public var resultBytes: Int64
    public var uploads: Int64
    public var uploadBytes: Int64
}
