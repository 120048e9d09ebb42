#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One write, submitted to the store's writer. Each write is atomic: all of it is
/// committed, or none of it.
public enum StoreWrite: Sendable {
    /// → `.done`; `runExists` if the id is taken.
    case createRun(RunRecord)
    /// → `.appended` with one outcome per record, in order; `runNotFound` if any record
    /// names a missing run, `runCompleted` if a new record (not a duplicate) names a
    /// completed one (then none is stored). Also moves the runs' lastSeenAt forward.
    case appendResults([ResultRecord])
    /// → `.done`. The first completion's time is kept: a run is judged once, and from its
    /// completion on `appendResults` refuses new results for it (`runCompleted`).
    case completeRun(id: String, at: Date)
    /// → `.judged`: stores the run's verdict if it has none yet, and with it `judgement`. A
    /// verdict is stored once, so exactly one caller (of every instance sharing the store)
    /// learns `first` and announces it; the others get the stored verdict, and keep the
    /// judgement stored with it.
    case setVerdict(id: String, verdict: String, judgement: StoredJudgement? = nil)
    /// → `.done`: keeps a completed run's judgement (judged again for another catalog, or
    /// first judged by a reader), replacing the one stored; a verdict already stored follows
    /// it, one not yet stored is left to `setVerdict`, which announces it. `runNotFound`;
    /// `invalid` for a run not complete: an open run's judgement changes with the time.
    case storeJudgement(id: String, judgement: StoredJudgement)
    /// → `.done`. Records what the page reported about its platform and user agent.
    case setDetectedPlatform(id: String, platform: String, userAgent: String?)
    /// → `.done`. Moves lastSeenAt forward (never back).
    case touch(runID: String, at: Date)
    /// → `.done`; `runNotFound`, `uploadExists`.
    case addUpload(UploadRecord)
    /// → `.done`; `runNotFound`. A pinned run is skipped by `purge`.
    case setPinned(id: String, pinned: Bool)
    /// → `.deleted` with the upload files to remove (after the commit); `runNotFound`.
    case deleteRun(id: String)
    /// → `.purged`: runs last seen before the date, at most `StoreLimits.purgeBatchRuns`.
    case purge(olderThan: Date)
}

/// What a committed write did.
public enum StoreWriteOutcome: Equatable, Sendable {
    case done
    case appended([AppendOutcome])
    /// The verdict stored for the run; `first` when this write stored it.
    case judged(verdict: String, first: Bool)
    /// Paths relative to the data directory.
    case deleted(uploadPaths: [String])
    case purged(PurgeOutcome)
}

/// What one `purge` call removed.
public struct PurgeOutcome: Equatable, Sendable {
    public var runIDs: [String]
    /// Upload files of those runs, relative to the data directory: delete them now.
    public var uploadPaths: [String]
    /// More runs are old enough: call `purge` again.
    public var hasMore: Bool

    public init(runIDs: [String], uploadPaths: [String], hasMore: Bool) {
        self.runIDs = runIDs
        self.uploadPaths = uploadPaths
        self.hasMore = hasMore
    }
}
