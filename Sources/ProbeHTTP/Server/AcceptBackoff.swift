/// What a listener does when `accept4` fails with EMFILE or ENFILE (accept(2)): the
/// connection stays in the backlog, so the listening socket stays readable and a
/// level-triggered epoll would report it again at once, forever (the loop spins and logs a
/// line per attempt: 3.3 million lines a minute were measured). Instead the listener stops
/// polling for `pause`, then tries again; the backlog holds the clients meanwhile, and they
/// are served as soon as descriptors come back. A pure value fed instants, tested without
/// sockets; it decides the log lines too: the first refusal, then one summary per
/// `logInterval` at most, and one line on recovery.
struct AcceptBackoff: Sendable {
    /// Short enough that a client in the backlog barely notices once descriptors return,
    /// long enough that an exhausted process spends no CPU on its listeners.
    static let pause: Duration = .milliseconds(100)
    /// One line per 10 s of exhaustion however many pauses it takes: the log stays readable
    /// and bounded (6 lines a minute per listener).
    static let logInterval: Duration = .seconds(10)

    private(set) var isExhausted = false
    private var pausesSinceLog = 0
    private var totalPauses = 0
    private var nextLog = Instant(nanoseconds: 0)

    /// `accept4` ran out of descriptors at `now`: when to try again, and what to log (if anything).
    mutating func exhausted(at now: Instant) -> (retryAt: Instant, log: String?) {
        totalPauses += 1
        pausesSinceLog += 1
        var line: String?
        if !isExhausted || now >= nextLog {
            line = isExhausted
                ? "still out of file descriptors: paused accepting \(pausesSinceLog) times in the last \(Self.seconds(Self.logInterval)) s (raise ulimit -n, or fewer clients)"
                : "out of file descriptors (EMFILE/ENFILE): not accepting for \(Self.milliseconds(Self.pause)) ms at a time until some close; "
                    + "waiting clients stay in the backlog (raise ulimit -n)"
            nextLog = now + Self.logInterval
            pausesSinceLog = 0
        }
        isExhausted = true
        return (now + Self.pause, line)
    }

    /// A connection was accepted: the line to log if this ends an exhaustion.
    mutating func accepted() -> String? {
        guard isExhausted else { return nil }
        isExhausted = false
        let line = "file descriptors are back: accepting again after \(totalPauses) pauses"
        totalPauses = 0
        pausesSinceLog = 0
        return line
    }

    static func seconds(_ d: Duration) -> Int64 { d.components.seconds }
    static func milliseconds(_ d: Duration) -> Int64 { d.components.seconds * 1000 + d.components.attoseconds / 1_000_000_000_000_000 }
}
