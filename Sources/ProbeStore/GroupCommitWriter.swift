#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials

/// The store's only writer: one thread that owns the read-write connection, drains a queue
/// and commits everything queued so far in one transaction.
///
/// Why: with `synchronous=FULL` every commit costs an fsync (milliseconds on a real disk).
/// Event loops must never wait for one, and a commit per result would cap the server at a
/// few hundred results per second. Here the loops only enqueue; while one batch is being
/// fsync'd the next one gathers, so a single fsync acknowledges many results ("group
/// commit"), and the batch size grows by itself with the load.
///
/// Each write runs in its own SAVEPOINT, so a failing write (a missing run, a bad record)
/// is rolled back alone and the rest of its batch still commits. Only failures that end
/// the whole transaction (SQLITE_FULL, SQLITE_IOERR: SQLite rolls back by itself) fail the
/// writes of that transaction, all with the same error and none half-written.
///
/// The engine's part is a `BatchCommitter` (SQLite here, PostgreSQL in
/// `PostgresBatchCommitter`): this type owns only the queue and the thread.
///
/// Locking: `queue`, `isClosing`, `isFinished` and `statistics` are guarded by
/// `condition`. `committer` is used only by the writer thread after `init`.
final class GroupCommitWriter: @unchecked Sendable {
    typealias Completion = @Sendable (Result<StoreWriteOutcome, StoreError>) -> Void

    /// How many transactions and writes were committed (for measurements and logs).
    struct Statistics: Equatable, Sendable {
        var transactions = 0
        var writes = 0
    }

    private struct Pending {
        let write: StoreWrite
        let completion: Completion
    }

    private let condition = Condition()
    private var queue: [Pending] = []
    private var isClosing = false
    private var isFinished = false
    private var statisticsValue = Statistics()

    private var committer: (any BatchCommitter)?
    private var thread: DetachedThread?

    init(committer: any BatchCommitter) {
        self.committer = committer
        thread = DetachedThread(name: "probe-store-writer") { [self] in self.drain() }
    }

    var statistics: Statistics {
        condition.lock()
        defer { condition.unlock() }
        return statisticsValue
    }

    /// Queues `write`. Never blocks on I/O. The completion runs on the writer thread after
    /// the commit; if the write is refused at once (`closed`, `overloaded`) it runs on the
    /// calling thread before `submit` returns.
    func submit(_ write: StoreWrite, completion: @escaping Completion) {
        condition.lock()
        if isClosing {
            condition.unlock()
            completion(.failure(.closed))
            return
        }
        if queue.count >= StoreLimits.maxQueuedWrites {
            let queued = queue.count
            condition.unlock()
            completion(.failure(.overloaded(queued: queued)))
            return
        }
        queue.append(Pending(write: write, completion: completion))
        condition.signal()
        condition.unlock()
    }

    /// Commits what is queued, then stops the thread and closes the connection. Writes
    /// submitted afterwards fail with `closed`. Waits for the thread unless called on it.
    func close() {
        condition.lock()
        isClosing = true
        condition.broadcast()
        if thread?.isCurrent != true {
            while !isFinished { condition.wait() }
        }
        condition.unlock()
    }

    // MARK: The writer thread

    private func drain() {
        while true {
            condition.lock()
            while queue.isEmpty && !isClosing { condition.wait() }
            if queue.isEmpty {
                condition.unlock()
                break
            }
            let batch: [Pending]
            if queue.count <= StoreLimits.maxWritesPerTransaction {
                batch = queue
                queue.removeAll(keepingCapacity: true)
            } else {
                batch = Array(queue.prefix(StoreLimits.maxWritesPerTransaction))
                queue.removeFirst(StoreLimits.maxWritesPerTransaction)
            }
            condition.unlock()

            let results = committer?.commit(batch.map(\.write)) ?? batch.map { _ in .failure(.closed) }

            condition.lock()
            statisticsValue.transactions += 1
            statisticsValue.writes += batch.count
            condition.unlock()
            // After the commit, outside the lock: a completion may submit again.
            for (pending, result) in zip(batch, results) { pending.completion(result) }
        }
        committer?.finish()
        committer = nil  // closes the connection
        condition.lock()
        isFinished = true
        condition.broadcast()
        condition.unlock()
    }
}

/// An engine's way of committing one batch of writes in one transaction.
protocol BatchCommitter: AnyObject {
    /// Commits `writes` together; one result per write, in order. A write that fails alone
    /// is rolled back alone; a failed commit fails every write of the batch.
    func commit(_ writes: [StoreWrite]) -> [Result<StoreWriteOutcome, StoreError>]
    /// The writer is stopping: leave the database tidy. Called once, on the writer thread.
    func finish()
}

/// SQLite's batch: `BEGIN IMMEDIATE`, one savepoint per write, one `COMMIT` (one fsync
/// with synchronous=FULL).
final class SQLiteBatchCommitter: BatchCommitter {
    typealias Perform = (SQLiteDatabase, StoreWrite) throws -> StoreWriteOutcome
    private let database: SQLiteDatabase
    private let perform: Perform

    init(database: SQLiteDatabase, perform: @escaping Perform) {
        self.database = database
        self.perform = perform
    }

    func finish() {
        // Leave a tidy file behind: fold the WAL into the database and truncate it.
        try? database.execute("PRAGMA optimize")
        try? database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// Runs `batch` in one transaction, one savepoint per write; returns one result per write.
    func commit(_ batch: [StoreWrite]) -> [Result<StoreWriteOutcome, StoreError>] {
        var results: [Result<StoreWriteOutcome, StoreError>] = []
        results.reserveCapacity(batch.count)

        /// Marks every write that succeeded so far as failed: its transaction is gone.
        func failSucceeded(with error: StoreError) {
            for index in results.indices {
                if case .success = results[index] { results[index] = .failure(error) }
            }
        }

        for write in batch {
            if !database.isInTransaction {
                // First write of the batch, or SQLite rolled the transaction back after an
                // earlier write failed with SQLITE_FULL or SQLITE_IOERR: begin (again).
                do {
                    // IMMEDIATE: take the write lock now, so no write fails half-way on it.
                    try database.execute("BEGIN IMMEDIATE", [])
                } catch {
                    // No transaction (another process held the lock for the whole busy
                    // timeout): fail the rest of the batch now rather than wait again per write.
                    let storeError = StoreError.from(error)
                    failSucceeded(with: storeError)
                    while results.count < batch.count { results.append(.failure(storeError)) }
                    return results
                }
            }
            do {
                let outcome = try database.savepoint("store_write") { try perform(database, write) }
                results.append(.success(outcome))
            } catch {
                let storeError = StoreError.from(error)
                if !database.isInTransaction { failSucceeded(with: storeError) }
                results.append(.failure(storeError))
            }
        }

        if database.isInTransaction {
            do {
                // With synchronous=FULL this is where the WAL is fsync'd: the one fsync of
                // the batch. Nothing is acknowledged before it returns.
                try database.execute("COMMIT", [])
            } catch {
                let storeError = StoreError.from(error)
                if database.isInTransaction { try? database.execute("ROLLBACK", []) }
                failSucceeded(with: storeError)
            }
        }
        return results
    }
}
