#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProbeStore
import Synchronization
import ProbeRuns

/// The reports of completed runs as served, by run and format. A completed run's results are
/// final and its judgement is kept per catalog (`RunJudgements`), so its report is the same
/// text every time: generated when it was judged (`StoredJudgement.judgedAt`), it changes only
/// with the catalog or a new upload. Rendering it (the diff encoded, the page written) cost a
/// few milliseconds per request; answering the bytes costs nothing. A completed run's row of
/// the `/runs` matrix is kept the same way: the page is sixty of them.
final class ReportBodies: Sendable {
    /// The bodies kept, in bytes of their text: ~40 KiB for a real run's four formats.
    static let capacityBytes = 32 * 1024 * 1024
    /// A larger body (a run near its 8 MiB quota) is rendered for each request instead: its
    /// stored observations are written as they are (`ObservationSplice`), nothing parsed.
    static let largestKeptBytes = 1024 * 1024

    enum Format: Hashable, Sendable {
        case machine(RunReports.Format)
        case page
        /// The run's row of the `/runs` matrix.
        case matrixRow
    }

    /// What a kept body was made from: another catalog or another upload makes another body.
    struct Key: Hashable, Sendable {
        let run: String
        let createdAt: Date
        let version: String
        let uploads: Int
        let format: Format
    }

    private let kept = Mutex(KeptByBytes<Key, [UInt8]>(capacity: ReportBodies.capacityBytes))

    func body(_ key: Key) -> [UInt8]? {
        kept.withLock { $0[key] }
    }

    func keep(_ body: [UInt8], for key: Key) {
        guard body.count <= Self.largestKeptBytes else { return }
        kept.withLock { $0.keep(body, bytes: body.count, for: key) }
    }

    /// Forgets every body of a deleted run (a chosen id can be used again).
    func forget(runID: String) {
        kept.withLock { $0.removeAll { $0.run == runID } }
    }
}
