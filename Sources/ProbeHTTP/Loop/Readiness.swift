/// What a descriptor is ready for, and what a source asks its loop to watch: the loop's own
/// bits, which each kernel interface (`ReadinessPoller`: epoll, poll) translates to its own.
/// Sources speak only in these.
struct Readiness: OptionSet, Sendable, Hashable {
    let rawValue: UInt32
    init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Bytes (or a FIN) can be read.
    static let readable = Readiness(rawValue: 1 << 0)
    /// The send buffer has room.
    static let writable = Readiness(rawValue: 1 << 1)
    /// The peer shut down its sending side (a FIN).
    static let peerHalfClosed = Readiness(rawValue: 1 << 2)
    /// Both directions are gone (a reset). Always reported, never asked for.
    static let hungUp = Readiness(rawValue: 1 << 3)
    /// A pending socket error. Always reported, never asked for.
    static let failed = Readiness(rawValue: 1 << 4)
}
