import BeyondEssentials
import CSQLite

/// Copies the WAL back into the database file on a thread and connection of its own, so the
/// writer's commits never wait for it.
///
/// SQLite's automatic checkpoint runs inside the COMMIT that takes the WAL past 1,000 pages
/// (https://www.sqlite.org/wal.html#automatic_checkpoint): with synchronous=FULL that commit
/// then also writes megabytes into the database and fsyncs both files, and every result of
/// its batch waits for it. A farm's burst crosses the mark every few hundred milliseconds (a
/// run's stored judgement alone is 37 KB). SQLite's own advice is to run checkpoints from
/// another thread (https://www.sqlite.org/wal.html#application_initiated_checkpoints): the
/// writer's WAL hook (`sqlite3_wal_hook`, which replaces the automatic checkpoint:
/// https://www.sqlite.org/c3ref/wal_hook.html) only asks, and this thread runs a PASSIVE
/// checkpoint, which never blocks the writer (https://www.sqlite.org/c3ref/wal_checkpoint_v2.html).
/// The writer restarts the WAL from its start once a checkpoint has copied all of it.
///
/// Locking: `wanted`, `copiedFrames`, `isStopping` and `isStopped` are guarded by `condition`; the connection
/// belongs to the thread.
final class SQLiteCheckpointer: @unchecked Sendable {
    /// SQLite's own threshold for its automatic checkpoint (SQLITE_DEFAULT_WAL_AUTOCHECKPOINT).
    static let walPages: Int32 = 1000

    private let condition = Condition()
    private var wanted = false
    private var isStopping = false
    private var isStopped = false
    /// Used by the checkpoint thread only.
    private let database: SQLiteDatabase

    /// Opens its connection to the database at `path` (already in WAL mode); nil when it
    /// cannot, and the writer keeps SQLite's automatic checkpoint.
    init?(path: String) {
        let database: SQLiteDatabase
        do {
            database = try SQLiteDatabase(path: path, flags: [.readWrite, .noMutex],
                                          busyTimeoutMilliseconds: StoreLimits.busyTimeoutMilliseconds)
            // The checkpoint syncs the database file before the WAL may be reused: never skip it.
            try database.execute("PRAGMA synchronous = FULL")
        } catch {
            return nil
        }
        self.database = database
        DetachedThread(name: "probe-store-checkpoint") { [self] in run() }
    }

    /// Makes `writer`'s commits ask this thread for a checkpoint instead of running one.
    /// `self` must outlive `writer`'s connection (the store holds both).
    func install(on writer: SQLiteDatabase) {
        sqlite3_wal_hook(writer.handle, { context, _, _, pages in
            if pages >= SQLiteCheckpointer.walPages, let context {
                Unmanaged<SQLiteCheckpointer>.fromOpaque(context).takeUnretainedValue().committed(walPages: pages)
            }
            return SQLITE_OK
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// The WAL's frames the last checkpoint copied: while the writer keeps writing, a
    /// checkpoint rarely catches up before its next transaction, so the WAL is not started
    /// again and its length keeps growing; a checkpoint is asked for every `walPages` frames
    /// written since, as SQLite's own cadence, not after every commit (each costs two fsyncs).
    private var copiedFrames: Int32 = 0

    /// Called on the writer thread after a commit that left `pages` frames in the WAL: wakes
    /// the checkpoint thread when enough of them are new, never waits.
    func committed(walPages pages: Int32) {
        condition.withLock {
            // Fewer frames than were copied: the writer started the WAL again.
            let fresh = pages < copiedFrames ? pages : pages - copiedFrames
            guard fresh >= Self.walPages else { return }
            wanted = true
            condition.signal()
        }
    }

    /// Ends the thread (after a checkpoint under way) and closes its connection.
    func stop() {
        condition.lock()
        isStopping = true
        condition.broadcast()
        while !isStopped { condition.wait() }
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while !wanted && !isStopping { condition.wait() }
            if isStopping {
                isStopped = true
                condition.broadcast()
                condition.unlock()
                return
            }
            wanted = false
            condition.unlock()
            // PASSIVE: copies what no reader still needs; what is left goes at the next request.
            var frames: Int32 = 0
            var copied: Int32 = 0
            if sqlite3_wal_checkpoint_v2(database.handle, nil, SQLITE_CHECKPOINT_PASSIVE, &frames, &copied) == SQLITE_OK {
                condition.withLock { copiedFrames = max(0, copied) }
            }
        }
    }
}
