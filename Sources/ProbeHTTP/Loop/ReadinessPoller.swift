#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if os(Linux)
import CEpoll
#else
/// poll(2)'s "peer shut down writing" bit is Linux's (POLLRDHUP); Darwin's <sys/poll.h> has
/// none, so nothing asks for it there: a peer's FIN shows as readable, and recv returns 0.
private let probe_pollrdhup: Int16 = 0
#endif

/// The kernel interface a loop waits on: which descriptors, for what, and what became ready.
/// epoll on Linux (the default); poll(2) where epoll is not (a Darwin build, where it is
/// the default) or when asked (`PROBE_EVENT_LOOP=poll`, which CI runs the suites with so
/// the portable loop stays tested). Loop thread only.
protocol ReadinessPoller {
    func add(_ fd: Int32, _ events: Readiness)
    func modify(_ fd: Int32, _ events: Readiness)
    func remove(_ fd: Int32)
    /// Blocks up to `timeoutMs` (0: not at all) and calls `ready` for each descriptor that
    /// is; nil when the wait failed for another reason than a signal.
    func wait(timeoutMs: Int32, _ ready: (Int32, Readiness) -> Void) -> Bool
    func close()
}

/// `PROBE_EVENT_LOOP` names no loop this build has.
struct UnknownEventLoop: Error, CustomStringConvertible {
    let name: String
    var description: String {
        #if os(Linux)
        "PROBE_EVENT_LOOP is \"\(name)\"; set it to epoll (the default) or poll, or unset it"
        #else
        "PROBE_EVENT_LOOP is \"\(name)\"; epoll is Linux's: set it to poll (the default here), or unset it"
        #endif
    }
}

enum ReadinessBackend: String, Sendable {
    case epoll, poll

    /// What a loop waits with unless `PROBE_EVENT_LOOP` says otherwise: epoll on Linux,
    /// poll(2) elsewhere (Darwin has no epoll).
    #if os(Linux)
    static let platformDefault = ReadinessBackend.epoll
    #else
    static let platformDefault = ReadinessBackend.poll
    #endif

    /// `PROBE_EVENT_LOOP` (epoll or poll), else `platformDefault`.
    static func fromEnvironment() throws -> ReadinessBackend {
        try named(getenv("PROBE_EVENT_LOOP").map { String(cString: $0) })
    }

    /// An unset or empty name is `platformDefault`; an unknown one is refused at start,
    /// naming the two, and so is epoll where there is none.
    static func named(_ raw: String?) throws -> ReadinessBackend {
        guard let raw, !raw.isEmpty else { return platformDefault }
        guard let backend = ReadinessBackend(rawValue: raw) else {
            throw UnknownEventLoop(name: raw)
        }
        #if !os(Linux)
        if backend == .epoll { throw UnknownEventLoop(name: raw) }
        #endif
        return backend
    }

    func make() throws -> any ReadinessPoller {
        switch self {
        #if os(Linux)
        case .epoll: return try EpollPoller()
        #else
        case .epoll: throw UnknownEventLoop(name: rawValue)
        #endif
        case .poll: return PollPoller()
        }
    }
}

#if os(Linux)

/// epoll(7), level-triggered: one kernel object holds the interest list.
final class EpollPoller: ReadinessPoller {
    private let epfd: Int32
    private var events = [epoll_event](repeating: epoll_event(), count: 256)

    init() throws {
        epfd = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epfd >= 0 else { throw SocketError.failed("epoll_create1") }
    }

    static func kernel(_ events: Readiness) -> UInt32 {
        var bits: UInt32 = 0
        if events.contains(.readable) { bits |= EPOLLIN.rawValue }
        if events.contains(.writable) { bits |= EPOLLOUT.rawValue }
        if events.contains(.peerHalfClosed) { bits |= EPOLLRDHUP.rawValue }
        return bits
    }

    static func readiness(_ bits: UInt32) -> Readiness {
        var events: Readiness = []
        if bits & EPOLLIN.rawValue != 0 { events.insert(.readable) }
        if bits & EPOLLOUT.rawValue != 0 { events.insert(.writable) }
        if bits & EPOLLRDHUP.rawValue != 0 { events.insert(.peerHalfClosed) }
        if bits & EPOLLHUP.rawValue != 0 { events.insert(.hungUp) }
        if bits & EPOLLERR.rawValue != 0 { events.insert(.failed) }
        return events
    }

    private func control(_ op: Int32, _ fd: Int32, _ events: Readiness) {
        var ev = epoll_event()
        ev.events = Self.kernel(events)
        ev.data.fd = fd
        epoll_ctl(epfd, op, fd, &ev)
    }

    func add(_ fd: Int32, _ events: Readiness) { control(EPOLL_CTL_ADD, fd, events) }
    func modify(_ fd: Int32, _ events: Readiness) { control(EPOLL_CTL_MOD, fd, events) }
    func remove(_ fd: Int32) { epoll_ctl(epfd, EPOLL_CTL_DEL, fd, nil) }

    func wait(timeoutMs: Int32, _ ready: (Int32, Readiness) -> Void) -> Bool {
        let n = events.withUnsafeMutableBufferPointer { epoll_wait(epfd, $0.baseAddress, Int32($0.count), timeoutMs) }
        if n < 0 { return errno == EINTR }
        for i in 0..<Int(n) { ready(events[i].data.fd, Self.readiness(events[i].events)) }
        return true
    }

    func close() { _ = LibC.close(epfd) }
}
#endif

/// poll(2): the interest list is an array the loop passes in on every wait, O(descriptors)
/// per wait where epoll is O(ready ones). POSIX, so it is what a Darwin build can use.
final class PollPoller: ReadinessPoller {
    private var fds: [pollfd] = []
    /// Where each descriptor sits in `fds`; a removal moves the last one into its place.
    private var index: [Int32: Int] = [:]

    static func kernel(_ events: Readiness) -> Int16 {
        var bits: Int16 = 0
        if events.contains(.readable) { bits |= Int16(POLLIN) }
        if events.contains(.writable) { bits |= Int16(POLLOUT) }
        if events.contains(.peerHalfClosed) { bits |= probe_pollrdhup }
        return bits
    }

    static func readiness(_ bits: Int16) -> Readiness {
        var events: Readiness = []
        if bits & Int16(POLLIN) != 0 { events.insert(.readable) }
        if bits & Int16(POLLOUT) != 0 { events.insert(.writable) }
        if bits & probe_pollrdhup != 0 { events.insert(.peerHalfClosed) }
        if bits & Int16(POLLHUP) != 0 { events.insert(.hungUp) }
        if bits & Int16(POLLERR) != 0 { events.insert(.failed) }
        // A descriptor that is not open: the loop's source closes it, as for an error.
        if bits & Int16(POLLNVAL) != 0 { events.insert(.failed) }
        return events
    }

    func add(_ fd: Int32, _ events: Readiness) {
        if let at = index[fd] { fds[at].events = Self.kernel(events); return }
        index[fd] = fds.count
        fds.append(pollfd(fd: fd, events: Self.kernel(events), revents: 0))
    }

    func modify(_ fd: Int32, _ events: Readiness) {
        guard let at = index[fd] else { return }
        fds[at].events = Self.kernel(events)
    }

    func remove(_ fd: Int32) {
        guard let at = index.removeValue(forKey: fd) else { return }
        let last = fds.removeLast()
        if at < fds.count {
            fds[at] = last
            index[last.fd] = at
        }
    }

    func wait(timeoutMs: Int32, _ ready: (Int32, Readiness) -> Void) -> Bool {
        let n = fds.withUnsafeMutableBufferPointer { LibC.poll($0.baseAddress, nfds_t($0.count), timeoutMs) }
        if n < 0 { return errno == EINTR }
        guard n > 0 else { return true }
        // What is ready is read before any source runs: a source may remove or add
        // descriptors, which reorders `fds`.
        let fired = fds.compactMap { $0.revents != 0 ? ($0.fd, Self.readiness($0.revents)) : nil }
        for (fd, events) in fired { ready(fd, events) }
        return true
    }

    func close() {}
}
