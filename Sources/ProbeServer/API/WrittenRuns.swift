import BeyondEssentials
import ProbeHTTP
import ProbeStore

/// The open runs results were lately posted to, so a run's two dozen results POSTs check its
/// write key against the record read for the first instead of reading the run each time: on
/// a team instance each read is a round trip to PostgreSQL, the largest part of what a run
/// costs three instances more than one (docs/performance.md, the farm's burst).
///
/// Only what cannot change under a cached record: a run's key digest is fixed at its
/// creation, and only a run whose id the server drew (128 random bits) is kept, since one
/// whose id was chosen may be deleted and made again with another key. A run deleted or
/// completed meanwhile refuses the results at the store itself (its foreign key, its
/// completion check), and this instance forgets it when it deletes or completes it.
final class WrittenRuns: @unchecked Sendable {
    /// How long a record stands in for a read: a run's results arrive within a few minutes.
    static let keptNanoseconds: UInt64 = 120 * 1_000_000_000
    /// Bounds the memory: a farm's burst is hundreds of runs, each record a few hundred bytes.
    static let maxRuns = 4096

    private let lock = Lock()
    private var runs: [String: (run: RunRecord, at: Instant)] = [:]

    func run(_ id: String, now: Instant = EventLoop.monotonicNow()) -> RunRecord? {
        lock.withLock {
            guard let kept = runs[id] else { return nil }
            guard now.since(kept.at) < Self.keptNanoseconds else {
                runs[id] = nil
                return nil
            }
            return kept.run
        }
    }

    func keep(_ run: RunRecord, now: Instant = EventLoop.monotonicNow()) {
        guard !run.idChosen, !run.isCompleted else { return }
        lock.withLock {
            if runs.count >= Self.maxRuns { runs.removeAll(keepingCapacity: true) }
            runs[run.id] = (run, now)
        }
    }

    func forget(_ id: String) {
        _ = lock.withLock { runs.removeValue(forKey: id) }
    }
}
