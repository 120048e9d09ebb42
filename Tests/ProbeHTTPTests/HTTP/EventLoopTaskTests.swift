import Foundation
import Synchronization
import Testing
@testable import ProbeHTTP

/// Work handed to a loop from other threads, and from the loop itself, always runs: a task
/// queued during a drain writes no wake-up byte of its own (`EventLoop.execute`), so the
/// drain must run it, or wake the loop for it when it stops after its passes.
@Suite struct EventLoopTaskTests {
    /// Runs a loop on its own thread until the test stops it.
    static func running(_ body: (EventLoop) throws -> Void) throws {
        let loop = try EventLoop(index: 0)
        let stopped = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            loop.run()
            stopped.signal()
        }
        defer {
            loop.stop()
            // A loop that lost a wake-up never stops either: the test fails, and does not hang.
            #expect(stopped.wait(timeout: .now() + 10) == .success, "the loop did not run its stop task")
        }
        try body(loop)
    }

    @Test func AChainOfTasksEachQueuingTheNext_RunsToItsEnd_PastOneDrainsPasses() throws {
        try Self.running { loop in
            let done = DispatchSemaphore(value: 0)
            let count = Mutex(0)
            let length = EventLoop.taskPasses * 5
            @Sendable func step() {
                let n = count.withLock { $0 += 1; return $0 }
                if n == length { done.signal() } else { loop.execute(step) }
            }
            loop.execute(step)
            #expect(done.wait(timeout: .now() + 30) == .success, "the chain stopped at \(count.withLock { $0 }) of \(length)")
        }
    }

    @Test func TasksFromManyThreadsDuringADrain_AllRun() throws {
        try Self.running { loop in
            let ran = Mutex(0)
            let total = 4 * 500
            let all = DispatchSemaphore(value: 0)
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                for _ in 0..<500 {
                    loop.execute {
                        // Each task also queues one from the loop, as an answer built on the loop does.
                        loop.execute {
                            if ran.withLock({ $0 += 1; return $0 }) == total { all.signal() }
                        }
                    }
                }
            }
            #expect(all.wait(timeout: .now() + 30) == .success, "\(ran.withLock { $0 }) of \(total) ran")
        }
    }
}
