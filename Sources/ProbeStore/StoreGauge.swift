#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials
import Synchronization

/// The store's size against `--max-store`. Measured by a thread of its own off the event
/// loops (one read of SQLite's page counts, a `stat` of the WAL, one SUM over uploads) and
/// moved forward by every accepted write in between, so a burst inside one interval is
/// counted too; the event loops only read an atomic. Not a Dispatch timer: a periodic
/// timer keeps libdispatch's worker-pool monitor running, and that monitor aborts the
/// process when it cannot open /proc/self/task (measured: SIGILL at the descriptor cap).
public final class StoreGauge: @unchecked Sendable {
    public let limit: Int64
    private let store: any RunStore
    private let used = Atomic<Int64>(0)
    private let stopped = Condition()
    private var isStopped = false

    public init(store: any RunStore, limit: Int64) {
        self.store = store
        self.limit = limit
        measure()
    }

    /// Starts measuring every `Quotas.storeMeasureIntervalSeconds`.
    public func start() {
        DetachedThread(name: "probe-store-gauge") { [self] in
            stopped.lock()
            while !isStopped {
                stopped.unlock()
                measure()
                stopped.lock()
                _ = stopped.wait(until: Date().addingTimeInterval(Double(Quotas.storeMeasureIntervalSeconds)))
            }
            stopped.unlock()
        }
    }

    public func stop() {
        stopped.lock()
        isStopped = true
        stopped.signal()
        stopped.unlock()
    }

    public var usedBytes: Int64 { used.load(ordering: .relaxed) }

    func measure() {
        if let bytes = try? store.storedBytes() { used.store(bytes, ordering: .relaxed) }
    }

    /// Throws `store_full` when `bytes` more would pass the limit.
    public func check(adding bytes: Int64) throws(StoreError) {
        let now = usedBytes
        if now + bytes > limit { throw StoreError.quotaExceeded(.store(limit: limit, used: now)) }
    }

    /// Counts a write the store accepted until the next measurement sees it.
    public func add(_ bytes: Int64) {
        used.add(bytes, ordering: .relaxed)
    }
}
