import Dispatch
import Synchronization

/// The store's size against `--max-store`. Measured on a timer off the event loops (one
/// read of SQLite's page counts, a `stat` of the WAL, one SUM over uploads) and moved
/// forward by every accepted write in between, so a burst inside one interval is counted
/// too; the event loops only read an atomic.
public final class StoreGauge: @unchecked Sendable {
    public let limit: Int64
    private let store: any RunStore
    private let used = Atomic<Int64>(0)
    private var timer: DispatchSourceTimer?

    public init(store: any RunStore, limit: Int64) {
        self.store = store
        self.limit = limit
        measure()
    }

    /// Starts measuring every `Quotas.storeMeasureIntervalSeconds`.
    public func start() {
        let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        let interval = DispatchTimeInterval.seconds(Quotas.storeMeasureIntervalSeconds)
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [weak self] in self?.measure() }
        timer.resume()
        self.timer = timer
    }

    public func stop() {
        timer?.cancel()
        timer = nil
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
