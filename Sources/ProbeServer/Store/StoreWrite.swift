import Foundation

/// One write, submitted to the store's writer. Each write is atomic: all of it is
/// committed, or none of it.
public enum StoreWrite: Sendable {
    /// → `.done`; `runExists` if the id is taken.
    case createRun(RunRecord)
    /// → `.appended` with one outcome per record, in order; `runNotFound` if any record
    /// names a missing run (then none is stored). Also moves the runs' lastSeenAt forward.
    case appendResults([ResultRecord])
    /// → `.done`. A run can complete again after it was resumed; the latest time is kept.
    case completeRun(id: String, at: Date)
    /// → `.done`. nil clears the verdict (the run is being judged again).
    case setVerdict(id: String, verdict: String?)
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
