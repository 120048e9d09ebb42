import BeyondEssentials
#if canImport(Glibc)
import Glibc
import CEpoll
#elseif canImport(Darwin)
import Darwin
#endif

/// Work that may wait while requests are answered: judging a completed run and announcing
/// it. Its threads run at a lower scheduling priority than the event loops, the writer and
/// the blocking pool (nice +10 each: on Linux, setpriority(2) with a thread's id sets that
/// thread's nice alone, https://man7.org/linux/man-pages/man2/setpriority.2.html, Bugs), so
/// when a farm's burst fills the cores the results are acknowledged first and the verdicts
/// follow; on an idle server it runs at once, as before. The fair scheduler weighs nice +10
/// at about a tenth of nice 0 (https://docs.kernel.org/scheduler/sched-nice-design.html), and
/// never starves it. Darwin keeps the default priority.
public final class BackgroundLane: @unchecked Sendable {
    /// How much lower than the rest of the server its threads run.
    public static let niceness: Int32 = 10

    private let ready = Condition()
    private var queue: [@Sendable () -> Void] = []
    private var head = 0

    /// `threads` threads named `name`.
    public init(name: String, threads: Int) {
        for _ in 0..<max(1, threads) {
            DetachedThread(name: name) { [self] in
                #if canImport(Glibc)
                _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(probe_gettid()), Self.niceness)
                #endif
                run()
            }
        }
    }

    /// Runs `work` on one of the lane's threads, in the order given.
    public func async(_ work: @escaping @Sendable () -> Void) {
        ready.withLock {
            queue.append(work)
            ready.signal()
        }
    }

    private func run() {
        while true {
            ready.lock()
            while head == queue.count { ready.wait() }
            let work = queue[head]
            head += 1
            if head > 256, head * 2 > queue.count {
                queue.removeFirst(head)
                head = 0
            }
            ready.unlock()
            work()
        }
    }
}
