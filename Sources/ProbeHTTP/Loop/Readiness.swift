import CEpoll

/// What epoll reports about a descriptor, and what a source asks it to watch (epoll_ctl(2)).
/// The only place outside `EventLoop` that knows the C constants: sources speak in these.
struct Readiness: OptionSet, Sendable, Hashable {
    let rawValue: UInt32
    init(rawValue: UInt32) { self.rawValue = rawValue }

    /// EPOLLIN: bytes (or a FIN) can be read.
    static let readable = Readiness(rawValue: EPOLLIN.rawValue)
    /// EPOLLOUT: the send buffer has room.
    static let writable = Readiness(rawValue: EPOLLOUT.rawValue)
    /// EPOLLRDHUP: the peer shut down its sending side (a FIN).
    static let peerHalfClosed = Readiness(rawValue: EPOLLRDHUP.rawValue)
    /// EPOLLHUP: both directions are gone (a reset). Always reported, never asked for.
    static let hungUp = Readiness(rawValue: EPOLLHUP.rawValue)
    /// EPOLLERR: a pending socket error. Always reported, never asked for.
    static let failed = Readiness(rawValue: EPOLLERR.rawValue)
}
