#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials

/// `RunStore` on a PostgreSQL database that several instances share (a team instance
/// behind a load balancer; docs/architecture.md).
///
/// The same promises as `SQLiteRunStore`: the completion of a write runs after its COMMIT
/// returned with `synchronous_commit = on` (the commit's WAL is flushed to disk on the
/// server: https://www.postgresql.org/docs/current/runtime-config-wal.html#GUC-SYNCHRONOUS-COMMIT),
/// the writes queued meanwhile share that transaction (the group commit), and a result is
/// stored once per (run, probe, attempt) through the primary key.
///
/// When the server is down every write and read fails with `unavailable` (a 503), nothing
/// unacknowledged is kept, and the next write or read reconnects: no restart needed.
///
/// Threading: one `GroupCommitWriter` thread owns the write connection; `PostgresReaderPool`
/// serves reads on the calling thread; `PostgresListener` has a connection and thread of its
/// own for LISTEN. Each locks its own state; the rest is immutable: `@unchecked Sendable`.
public final class PostgresRunStore: GroupCommittedStore, @unchecked Sendable {
    /// The NOTIFY channel a stored verdict is announced on, with the run id as payload
    /// (https://www.postgresql.org/docs/current/sql-notify.html).
    static let verdictChannel = "probe_run_judged"

    public let location: PostgresLocation
    let writer: GroupCommitWriter
    let readers: PostgresReaderPool
    private let listenerLock = Lock()
    private var listener: PostgresListener?

    /// Connects, migrates under the advisory lock, and starts the writer. Throws
    /// `unavailable` when the server cannot be reached now.
    public init(location: PostgresLocation) throws(StoreError) {
        self.location = location
        let connection: PostgresConnection
        do {
            connection = try PostgresConnection(location: location, prepare: Self.configure)
        } catch {
            throw StoreError.from(error)
        }
        try PostgresMigrations.apply(on: connection)
        writer = GroupCommitWriter(committer: PostgresBatchCommitter(connection: connection))
        readers = PostgresReaderPool(location: location, prepare: Self.configure)
    }

    deinit {
        close()
    }

    /// Session settings, on every (re)connect.
    static func configure(_ connection: PostgresConnection) throws(PostgresError) {
        // The default, set anyway: a server or role configured with `off` would acknowledge
        // a result before its commit is on disk, and a crash of the server could lose it.
        try connection.execute("SET synchronous_commit = on")
        // Times in the rows are Unix milliseconds (bigint): no time zone is involved.
        try connection.execute("SET client_encoding = 'UTF8'")
    }

    public func close() {
        writer.close()
        readers.close()
        listenerLock.withLock { listener }?.stop()
    }

    public func observeVerdicts(_ judged: @escaping @Sendable (String) -> Void, missedSome: @escaping @Sendable () -> Void) {
        let started = PostgresListener(location: location, channel: Self.verdictChannel, prepare: Self.configure,
                                       notified: judged, reconnected: missedSome)
        let previous = listenerLock.withLock { () -> PostgresListener? in
            defer { listener = started }
            return listener
        }
        previous?.stop()
        started.start()
    }
}

/// Read connections for synchronous reads from any thread, reconnected on demand. Reads
/// are single statements in autocommit (each sees the last commit of any instance); a read
/// whose connection broke is retried once on a fresh one, then fails with `unavailable`.

final class PostgresReaderPool: Sendable {
    private let pool: ConnectionPool<PostgresConnection>

    init(location: PostgresLocation, prepare: @escaping (PostgresConnection) throws(PostgresError) -> Void) {
        pool = ConnectionPool { () throws(StoreError) -> PostgresConnection in
            do {
                return try PostgresConnection(location: location, prepare: prepare)
            } catch {
                throw StoreError.from(error)
            }
        }
    }

    func read<T>(_ body: (PostgresConnection) throws -> T) throws(StoreError) -> T {
        try pool.withConnection { connection throws(StoreError) in
            for attempt in 0..<2 {
                do {
                    try connection.reconnectIfBroken()
                    return try body(connection)
                } catch let error as PostgresError where error.isConnectionLost && attempt == 0 {
                    continue  // the server restarted since this connection's last use: once more
                } catch {
                    throw StoreError.from(error)
                }
            }
            throw StoreError.unavailable(
                PostgresError(sqlState: nil, message: "unreachable", sql: nil, isConnectionLost: true))
        }
    }

    func close() {
        pool.close()
    }
}
