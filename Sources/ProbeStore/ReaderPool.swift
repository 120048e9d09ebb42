import Foundation

/// Read-only connections for synchronous reads from any thread.
///
/// In WAL mode readers see the last committed state and never block the writer or each
/// other, so reads need no queue: a thread checks a connection out, runs its queries in one
/// read transaction (a consistent snapshot across statements) and checks it back in.
///
/// Locking: `idle`, `openCount` and `isClosed` are guarded by `condition`. A checked-out
/// connection belongs to the thread that checked it out until it is checked in.
final class ReaderPool: @unchecked Sendable {
    private let path: String
    private let condition = NSCondition()
    private var idle: [SQLiteDatabase] = []
    private var openCount = 0
    private var isClosed = false

    init(path: String) {
        self.path = path
    }

    /// Runs `body` on a read-only connection inside a read transaction.
    func read<T>(_ body: (SQLiteDatabase) throws -> T) throws(StoreError) -> T {
        let database = try checkOut()
        defer { checkIn(database) }
        do {
            return try database.transaction(.deferred) { try body(database) }
        } catch {
            throw StoreError.from(error)
        }
    }

    /// Closes idle connections now and the others as they are checked in.
    func close() {
        condition.lock()
        isClosed = true
        openCount -= idle.count
        idle.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    private func checkOut() throws(StoreError) -> SQLiteDatabase {
        condition.lock()
        while true {
            if isClosed {
                condition.unlock()
                throw .closed
            }
            if let database = idle.popLast() {
                condition.unlock()
                return database
            }
            if openCount < StoreLimits.maxReaderConnections { break }
            condition.wait()
        }
        openCount += 1
        condition.unlock()
        do {
            return try SQLiteDatabase(
                path: path, flags: [.readOnly, .noMutex],
                busyTimeoutMilliseconds: StoreLimits.busyTimeoutMilliseconds)
        } catch {
            condition.lock()
            openCount -= 1
            condition.signal()
            condition.unlock()
            throw StoreError(error)
        }
    }

    private func checkIn(_ database: SQLiteDatabase) {
        condition.lock()
        defer { condition.unlock() }
        if isClosed {
            openCount -= 1
            return  // `database` is released, which closes it
        }
        idle.append(database)
        condition.signal()
    }
}
