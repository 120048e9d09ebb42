#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials

/// LISTENs on one channel on a connection and thread of its own, and hands each payload to
/// `notified`: how a verdict stored by one instance wakes the `/wait` long polls held by
/// another (https://www.postgresql.org/docs/current/sql-listen.html). The thread sleeps in
/// `poll` on libpq's socket and reads with `PQconsumeInput`/`PQnotifies`
/// (https://www.postgresql.org/docs/current/libpq-notify.html).
///
/// A notification sent while this connection was down is lost (NOTIFY is not queued for
/// sessions that are not listening): after every reconnect `reconnected` is called, so the
/// waiters can look at the store for what they missed.
///
/// Locking: `isStopped` is guarded by `lock`; the connection belongs to the thread.
final class PostgresListener: @unchecked Sendable {
    /// How long `poll` sleeps before looking at `isStopped`: bounds how long `stop` takes
    /// to end the thread (which then closes the connection).
    static let pollMilliseconds: Int32 = 500
    /// Pause between reconnect attempts while the server is down: often enough to be back
    /// within a second or two of the server, rare enough not to flood its log.
    static let reconnectPauseSeconds = 1.0

    private let location: PostgresLocation
    private let channel: String
    private let prepare: (PostgresConnection) throws(PostgresError) -> Void
    private let notified: @Sendable (String) -> Void
    private let reconnected: @Sendable () -> Void
    private let lock = Lock()
    private var isStopped = false

    init(location: PostgresLocation, channel: String, prepare: @escaping (PostgresConnection) throws(PostgresError) -> Void,
         notified: @escaping @Sendable (String) -> Void, reconnected: @escaping @Sendable () -> Void) {
        self.location = location
        self.channel = channel
        self.prepare = prepare
        self.notified = notified
        self.reconnected = reconnected
    }

    func start() {
        DetachedThread(name: "probe-store-listener") { [self] in run() }
    }

    func stop() {
        lock.withLock { isStopped = true }
    }

    private var stopped: Bool { lock.withLock { isStopped } }

    private func run() {
        var everConnected = false
        while !stopped {
            let connection: PostgresConnection
            do {
                connection = try PostgresConnection(location: location, prepare: prepare)
                // The channel is a constant identifier of ours, never client text.
                try connection.execute("LISTEN \(channel)")
            } catch {
                DetachedThread.sleep(seconds: Self.reconnectPauseSeconds)
                continue
            }
            if everConnected { reconnected() }
            everConnected = true
            listen(on: connection)
        }
    }

    /// Delivers notifications until the connection breaks or `stop`.
    private func listen(on connection: PostgresConnection) {
        while !stopped {
            var descriptor = pollfd(fd: connection.socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Self.pollMilliseconds)
            if ready < 0 && errno != EINTR { return }
            if ready <= 0 { continue }
            do {
                for notification in try connection.consumeNotifications() where notification.channel == channel {
                    notified(notification.payload)
                }
            } catch {
                return
            }
            if connection.isBroken { return }
        }
    }
}
