#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials

/// Up to `StoreLimits.maxReaderConnections` connections opened on demand, for synchronous
/// use from any thread: a thread checks a connection out, uses it and checks it back in;
/// when all are in use it waits for one.
///
/// Locking: `idle`, `openCount` and `isClosed` are guarded by `condition`. A checked-out
/// connection belongs to the thread that checked it out until it is checked in.
final class ConnectionPool<Connection>: @unchecked Sendable {
    private let open: () throws(StoreError) -> Connection
    private let condition = Condition()
    private var idle: [Connection] = []
    private var openCount = 0
    private var isClosed = false

    /// `open` makes a new connection when none is idle and fewer than the limit are open.
    init(open: @escaping () throws(StoreError) -> Connection) {
        self.open = open
    }

    /// Runs `body` with a checked-out connection, and checks it back in.
    func withConnection<T>(_ body: (Connection) throws(StoreError) -> T) throws(StoreError) -> T {
        let connection = try checkOut()
        defer { checkIn(connection) }
        return try body(connection)
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

    private func checkOut() throws(StoreError) -> Connection {
        condition.lock()
        while true {
            if isClosed {
                condition.unlock()
                throw .closed
            }
            if let connection = idle.popLast() {
                condition.unlock()
                return connection
            }
            if openCount < StoreLimits.maxReaderConnections { break }
            condition.wait()
        }
        openCount += 1
        condition.unlock()
        do {
            return try open()
        } catch {
            condition.lock()
            openCount -= 1
            condition.signal()
            condition.unlock()
            throw error
        }
    }

    private func checkIn(_ connection: Connection) {
        condition.lock()
        defer { condition.unlock() }
        if isClosed {
            openCount -= 1
            return  // `connection` is released, which closes it
        }
        idle.append(connection)
        condition.signal()
    }
}
