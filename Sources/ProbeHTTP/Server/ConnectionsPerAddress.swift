import Synchronization

/// Open connections per address block (`AddressBlock`: an IPv6 /64 or an IPv4 address),
/// server-wide across the event loops, against `HTTPLimits.connectionsPerAddress`. Without
/// it one address held every descriptor: 1,100 TLS connections from one address under a
/// 1,024-descriptor cap left every other device waiting in the backlog until they timed out.
///
/// A connection takes its place at accept, before any byte is read or a TLS handshake is
/// spent, and gives it back when it closes; one over the bound is refused there (`Listener`).
/// Refusals are logged at most once per `logInterval` (the first at once), so a flood cannot
/// flood the log too.
final class ConnectionsPerAddress: Sendable {
    /// One line per 10 s of refusals however many there are, as `AcceptBackoff` logs.
    static let logInterval: Duration = .seconds(10)

    let bound: Int
    private let state: Mutex<State>

    private struct State {
        var open: [String: Int] = [:]
        var refusedSinceLog = 0
        var nextLog = Instant(nanoseconds: 0)
    }

    init(bound: Int) {
        self.bound = bound
        self.state = Mutex(State())
    }

    /// Takes a place for a connection from `key` at `now`: false when the block holds
    /// `bound` already; `log` is the line to write about a refusal, when one is due.
    func open(_ key: String, at now: Instant) -> (admitted: Bool, log: String?) {
        state.withLock { s in
            let held = s.open[key, default: 0]
            if held < bound {
                s.open[key] = held + 1
                return (true, nil)
            }
            s.refusedSinceLog += 1
            guard now >= s.nextLog else { return (false, nil) }
            let line = s.refusedSinceLog == 1
                ? "\(key) holds \(bound) connections, the limit per address (HTTPLimits.connectionsPerAddress): refusing more from it"
                : "refused \(s.refusedSinceLog) connections over the limit of \(bound) per address in the last \(Self.logInterval.components.seconds) s; the latest from \(key)"
            s.refusedSinceLog = 0
            s.nextLog = now + Self.logInterval
            return (false, line)
        }
    }

    /// A connection from `key` closed: its place is free again.
    func close(_ key: String) {
        state.withLock { s in
            guard let held = s.open[key] else { return }
            if held <= 1 { s.open[key] = nil } else { s.open[key] = held - 1 }
        }
    }

    /// Connections `key` holds now.
    func count(_ key: String) -> Int { state.withLock { $0.open[key, default: 0] } }

    /// The answer to a plain-HTTP connection refused at accept, written once without
    /// waiting (the socket's send buffer is empty), then the socket is closed.
    static func refusal(bound: Int) -> HTTPError {
        HTTPError(.serviceUnavailable, code: "too_many_connections",
                  "this address already holds \(bound) connections to the server, its limit per address; "
                    + "close some (or reuse them: keep-alive) and retry",
                  headers: HTTPHeaders([("Retry-After", "5")]))
    }
}
