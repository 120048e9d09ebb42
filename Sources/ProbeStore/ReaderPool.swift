#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Read-only connections for synchronous reads from any thread.
///
/// In WAL mode readers see the last committed state and never block the writer or each
/// other, so reads need no queue: a thread checks a connection out, runs its queries in one
/// read transaction (a consistent snapshot across statements) and checks it back in.
///
/// A checked-out connection belongs to the thread that checked it out until it is checked in.
final class ReaderPool: Sendable {
    private let pool: ConnectionPool<SQLiteDatabase>

    init(path: String) {
        pool = ConnectionPool { () throws(StoreError) -> SQLiteDatabase in
            do {
                return try SQLiteDatabase(
                    path: path, flags: [.readOnly, .noMutex],
                    busyTimeoutMilliseconds: StoreLimits.busyTimeoutMilliseconds)
            } catch {
                throw StoreError.from(error)
            }
        }
    }

    /// Runs `body` on a read-only connection inside a read transaction.
    func read<T>(_ body: (SQLiteDatabase) throws -> T) throws(StoreError) -> T {
        try pool.withConnection { database throws(StoreError) in
            do {
                return try database.transaction(.deferred) { try body(database) }
            } catch {
                throw StoreError.from(error)
            }
        }
    }

    /// Closes idle connections now and the others as they are checked in.
    func close() {
        pool.close()
    }
}
