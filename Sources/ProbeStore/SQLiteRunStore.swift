#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `RunStore` on one SQLite file in WAL mode.
///
/// Threading: one `GroupCommitWriter` thread owns the only read-write connection and runs
/// every write; a `ReaderPool` of read-only connections serves synchronous reads on the
/// calling thread. Both types lock their own state, the rest of this class is immutable
/// after `init`: hence `@unchecked Sendable`.
public final class SQLiteRunStore: GroupCommittedStore, @unchecked Sendable {
    /// The database file's name in the data directory.
    public static let fileName = "probe.sqlite"

    public let path: String
    let writer: GroupCommitWriter
    let readers: ReaderPool

    /// Opens `fileName` in `dataDirectory` (which must exist).
    public convenience init(dataDirectory: String) throws(StoreError) {
        try self.init(path: dataDirectory + "/" + Self.fileName)
    }

    /// Opens (creating if needed) the database at `path` and migrates it to the latest
    /// schema. `path` is the file, e.g. `DATA_DIR/probe.sqlite`; its directory must exist.
    public init(path: String) throws(StoreError) {
        self.path = path
        let database: SQLiteDatabase
        do {
            database = try SQLiteDatabase(
                path: path, flags: [.readWrite, .create, .noMutex],
                busyTimeoutMilliseconds: StoreLimits.busyTimeoutMilliseconds)
            try Self.configureWriter(database)
        } catch {
            throw StoreError.from(error)
        }
        try Migrations.apply(to: database)
        writer = GroupCommitWriter(committer: SQLiteBatchCommitter(database: database) { database, write in
            try Self.apply(write, to: database)
        })
        readers = ReaderPool(path: path)
    }

    deinit {
        close()
    }

    /// The writer connection's settings; connection-level pragmas, so set on every open.
    private static func configureWriter(_ database: SQLiteDatabase) throws {
        // WAL: readers see the last commit while the writer writes, so the HTTP side can
        // read without queueing behind writes; and a commit appends to one file instead
        // of rewriting pages in place.
        let mode = try database.pragma("journal_mode = WAL")
        guard mode?.lowercased() == "wal" else {
            throw StoreError.invalid(
                "the database at \(database.path) cannot use WAL mode (journal_mode is \(mode ?? "unknown")); "
                    + "put the data directory on a local filesystem")
        }
        // Durability: a result is acknowledged only after its commit is on stable storage.
        // In WAL mode, synchronous=NORMAL fsyncs only at checkpoints: a commit survives
        // kill -9 (it is in the OS page cache) but not a power loss or kernel panic, which
        // can lose the last commits. FULL fsyncs the WAL at every commit; that costs one
        // fsync per transaction, which the group commit shares among all writes queued.
        try database.execute("PRAGMA synchronous = FULL")
        // SQLite leaves foreign keys off by default, per connection: without this,
        // ON DELETE CASCADE would leave results and uploads of deleted runs behind.
        try database.execute("PRAGMA foreign_keys = ON")
        try database.execute("PRAGMA journal_size_limit = \(StoreLimits.journalSizeLimitBytes)")
    }

    // MARK: RunStore (`submit` and `writeStatistics`: `GroupCommittedStore`)

    public func close() {
        writer.close()
        readers.close()
    }

    /// `PRAGMA integrity_check` on a read connection: "ok", or what is wrong.
    public func integrityCheck() throws(StoreError) -> String {
        try readers.read { database in
            try database.prepare("PRAGMA integrity_check").rows { $0.string(at: 0) }.joined(separator: "\n")
        }
    }
}
