import BeyondEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Something registered with an event loop: a listener or a connection.
protocol EventSource: AnyObject {
    /// Called on the loop thread with what epoll reported.
    func handle(events: Readiness)
}

/// One thread, one readiness poller (epoll, or poll(2): `ReadinessBackend`). Everything
/// registered with a loop is touched only on its thread; other threads hand it work through
/// `execute`, which wakes it through a pipe's read end.
package final class EventLoop: @unchecked Sendable {
    let index: Int
    private let poller: any ReadinessPoller
    /// The wake pipe: `execute` writes a byte to `wakeWrite`, the loop drains `wakeFD`.
    private let wakeFD: Int32
    private let wakeWrite: Int32
    private let taskLock = Lock()
    private var tasks: [@Sendable () -> Void] = []
    /// True while the loop runs a pass of tasks (guarded by `taskLock`): a task queued then,
    /// from the loop itself (an answer built on the loop, then delivered) or from another
    /// thread, runs in the next pass of the same drain, with no wake-up byte of its own.
    private var draining = false
    private var sources: [Int32: any EventSource] = [:]
    /// Bytes of the read scratch buffer shared by the loop's connections.
    static let readChunk = 64 * 1024
    /// Reused for every read on this loop: a connection copies what it keeps.
    let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: readChunk, alignment: 16)
    /// Monotonic time of the current iteration.
    private(set) var now = EventLoop.monotonicNow()
    private var running = true
    /// Called on every tick (timeouts) and after every iteration (log flush).
    var onTick: (() -> Void)?
    var afterIteration: (() -> Void)?
    var tickInterval: Duration = .milliseconds(250)
    private var nextTick = EventLoop.monotonicNow()
    /// The `Date` header, formatted at most once a second.
    var dateCache = DateHeaderCache()
    /// Access-log lines of this iteration, written to `accessLogFD` in one call after it.
    var accessLog: [UInt8] = []
    /// Where access lines go (stderr, or `--access-log FILE`); -1 keeps none.
    var accessLogFD: Int32 = 2
    /// Lowercased names of the query parameters `LoggedTarget` hides.
    var secretQueryParameters: Set<String> = []
    var accessLogEnabled: Bool { accessLogFD >= 0 }
    /// Set when the server drains: connections still open then are closed.
    var drainDeadline: Instant?
    /// Work to run on this thread at an instant (a listener re-armed after a back-off).
    private var timers: [(at: Instant, task: () -> Void)] = []

    init(index: Int, backend: ReadinessBackend = .platformDefault) throws {
        self.index = index
        poller = try backend.make()
        // pipe(2) and fcntl(2), not Linux's pipe2: the portable spelling.
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw SocketError.failed("pipe") }
        for fd in ends {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        wakeFD = ends[0]
        wakeWrite = ends[1]
        poller.add(wakeFD, .readable)
    }

    deinit {
        poller.close()
        close(wakeFD)
        close(wakeWrite)
        readBuffer.deallocate()
    }

    package static func monotonicNow() -> Instant {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Instant(nanoseconds: UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec))
    }

    // MARK: Registration (loop thread only)

    func register(_ fd: Int32, _ source: any EventSource, events: Readiness) {
        sources[fd] = source
        poller.add(fd, events)
    }

    func modify(_ fd: Int32, events: Readiness) {
        poller.modify(fd, events)
    }

    func unregister(_ fd: Int32) {
        sources[fd] = nil
        poller.remove(fd)
    }

    var registeredCount: Int { sources.count }

    func forEachSource(_ body: (any EventSource) -> Void) {
        for source in Array(sources.values) { body(source) }
    }

    /// Runs `task` on the loop thread once `at` has passed. Loop thread only.
    func schedule(at: Instant, _ task: @escaping () -> Void) {
        timers.append((at, task))
    }

    private func runDueTimers() {
        guard !timers.isEmpty else { return }
        let due = timers.filter { $0.at <= now }
        guard !due.isEmpty else { return }
        timers.removeAll { $0.at <= now }
        for timer in due { timer.task() }
    }

    // MARK: Cross-thread

    /// Runs `task` on the loop thread. Safe from any thread.
    ///
    /// Only the task that finds the list empty writes the wake-up byte: the ones queued after
    /// it, before the loop takes the list (under the same lock, after draining the pipe), run
    /// in the same pass. A group commit hands back dozens of answers at once; one write(2)
    /// and one wake-up for all of them, not one each.
    func execute(_ task: @escaping @Sendable () -> Void) {
        let first = taskLock.withLock { () -> Bool in
            tasks.append(task)
            return tasks.count == 1 && !draining
        }
        guard first else { return }
        // A full pipe already holds a wake-up the loop has not drained: nothing is lost.
        var one: UInt8 = 1
        _ = write(wakeWrite, &one, 1)
    }

    /// Asks the loop to return from `run` after its current iteration.
    func stop() {
        execute { [self] in running = false }
    }

    // MARK: Running

    func run() {
        var drain = [UInt8](repeating: 0, count: 64)
        while running {
            now = Self.monotonicNow()
            let wakeAt = timers.map(\.at).min().map { min($0, nextTick) } ?? nextTick
            let waitMs = wakeAt > now ? Int32(min(wakeAt.since(now) / 1_000_000 + 1, 1000)) : 0
            var woken = false
            let waited = poller.wait(timeoutMs: waitMs) { fd, events in
                if fd == wakeFD {
                    woken = true
                } else if let source = sources[fd] {
                    source.handle(events: events)
                }
            }
            now = Self.monotonicNow()
            if !waited { break }
            if woken {
                while read(wakeFD, &drain, drain.count) > 0 {}
                runTasks()
            }
            runDueTimers()
            if now >= nextTick {
                nextTick = now + tickInterval
                onTick?()
            }
            afterIteration?()
        }
    }

    /// The passes one drain makes before the loop goes back to its sockets: tasks that keep
    /// coming (a burst's answers) must not hold the connections' reads and writes back.
    static let taskPasses = 4

    private func runTasks() {
        for _ in 0..<Self.taskPasses {
            let pending = taskLock.withLock { () -> [@Sendable () -> Void] in
                let t = tasks
                tasks.removeAll(keepingCapacity: true)
                draining = !t.isEmpty
                return t
            }
            if pending.isEmpty { return }
            for task in pending { task() }
        }
        // Tasks queued during the last pass wrote no wake-up byte (`draining`): write one
        // for them, so the next iteration runs them after the sockets had their turn.
        let left = taskLock.withLock { () -> Bool in
            draining = false
            return !tasks.isEmpty
        }
        if left {
            var one: UInt8 = 1
            _ = write(wakeWrite, &one, 1)
        }
    }
}
