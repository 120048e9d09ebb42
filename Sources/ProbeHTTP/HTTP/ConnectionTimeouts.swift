/// A point on a monotonic clock, in nanoseconds. Tests inject their own values.
public struct Instant: Sendable, Comparable, Hashable {
    public var nanoseconds: UInt64
    public init(nanoseconds: UInt64) { self.nanoseconds = nanoseconds }

    public static func < (a: Instant, b: Instant) -> Bool { a.nanoseconds < b.nanoseconds }

    public static func + (a: Instant, d: Duration) -> Instant {
        let (s, atto) = d.components
        let ns = UInt64(max(0, s)) &* 1_000_000_000 &+ UInt64(max(0, atto) / 1_000_000_000)
        return Instant(nanoseconds: a.nanoseconds &+ ns)
    }

    /// Nanoseconds from `earlier` to self (0 if earlier is later).
    public func since(_ earlier: Instant) -> UInt64 {
        nanoseconds > earlier.nanoseconds ? nanoseconds - earlier.nanoseconds : 0
    }
}

/// The timeout state machine of one connection: a pure value fed events and times, with
/// no clock and no socket of its own, so every rule is tested with made-up instants.
///
/// One deadline is armed at a time, chosen by the phase of the connection:
/// - idle (between requests, or before the first): `idle`;
/// - a request head is arriving: `headerRead`, from its first byte — a client sending one
///   header byte every few seconds (slowloris) is closed on time however often it sends;
/// - a body is arriving: `bodyProgress`, from the last byte received;
/// - a handler is working: none (the server bounds its own work);
/// - a response is being written: `writeStall`, from the last byte the client accepted.
///
/// Over all of them, `connectionLifetime` from the connection's opening: an idle connection
/// closes at it whatever its requests renewed, and an answer after it is the last
/// (`isPastLifetime`).
public struct ConnectionTimeouts: Sendable, Equatable {
    public enum Phase: Sendable, Equatable {
        case idle(since: Instant)
        case readingHead(since: Instant)
        case readingBody(lastProgress: Instant)
        case handling
        case writing(lastProgress: Instant)
    }

    /// What the connection must do when a deadline passes.
    public enum Action: Sendable, Equatable {
        /// Close quietly: nothing was asked, or the client stopped reading.
        case close(reason: String)
        /// Answer 408 with this one-line reason, then close.
        case respondTimeoutAndClose(reason: String)
    }

    public let timeouts: HTTPTimeouts
    public private(set) var phase: Phase
    /// When the connection was accepted: its lifetime counts from here.
    public let openedAt: Instant

    public init(timeouts: HTTPTimeouts, openedAt now: Instant) {
        self.timeouts = timeouts
        self.phase = .idle(since: now)
        self.openedAt = now
    }

    /// The instant the connection's lifetime ends (`HTTPTimeouts.connectionLifetime`).
    public var endOfLife: Instant { openedAt + timeouts.connectionLifetime }

    /// True once the connection has lived its lifetime: its next answer is its last.
    public func isPastLifetime(at now: Instant) -> Bool { now >= endOfLife }

    /// Bytes of a request arrived. Starts the header clock on the first byte only.
    public mutating func receivedHeadBytes(at now: Instant) {
        if case .idle = phase { phase = .readingHead(since: now) }
    }

    /// The head is complete and a body follows.
    public mutating func startedBody(at now: Instant) { phase = .readingBody(lastProgress: now) }

    /// Body bytes arrived.
    public mutating func receivedBodyBytes(at now: Instant) {
        if case .readingBody = phase { phase = .readingBody(lastProgress: now) }
    }

    /// The request is complete and handed to a handler.
    public mutating func startedHandling() { phase = .handling }

    /// A response is waiting for the client to read it.
    public mutating func startedWriting(at now: Instant) {
        if case .writing = phase { return }
        phase = .writing(lastProgress: now)
    }

    /// The client accepted some response bytes.
    public mutating func wroteBytes(at now: Instant) {
        if case .writing = phase { phase = .writing(lastProgress: now) }
    }

    /// Everything is written; the connection waits for the next request.
    public mutating func finishedWriting(at now: Instant) { phase = .idle(since: now) }

    /// The instant at which `check` will act, or nil when nothing is armed.
    public var deadline: Instant? {
        switch phase {
        case .idle(let since): return min(since + timeouts.idle, endOfLife)
        case .readingHead(let since): return since + timeouts.headerRead
        case .readingBody(let last): return last + timeouts.bodyProgress
        case .handling: return nil
        case .writing(let last): return last + timeouts.writeStall
        }
    }

    /// What to do at `now`: nil while within the deadline.
    public func check(now: Instant) -> Action? {
        guard let deadline, now >= deadline else { return nil }
        switch phase {
        case .idle: return .close(reason: isPastLifetime(at: now) ? "keep-alive lifetime of \(Self.text(timeouts.connectionLifetime)) reached" : "idle keep-alive timeout")
        case .readingHead:
            return .respondTimeoutAndClose(reason: "request head not received within \(Self.text(timeouts.headerRead))")
        case .readingBody:
            return .respondTimeoutAndClose(reason: "no request body bytes for \(Self.text(timeouts.bodyProgress))")
        case .handling: return nil
        case .writing: return .close(reason: "client did not read the response for \(Self.text(timeouts.writeStall))")
        }
    }

    static func text(_ d: Duration) -> String {
        let ms = d.components.seconds * 1000 + d.components.attoseconds / 1_000_000_000_000_000
        return ms % 1000 == 0 ? "\(ms / 1000) s" : "\(ms) ms"
    }
}
