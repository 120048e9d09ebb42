import ProbeCatalog

/// Every limit of the store, with its reason. The HTTP layer enforces tighter body limits
/// first; these are the last line, so that no single record can bloat the database.
public enum StoreLimits {
    /// Run ids travel in URLs (`/?run=ID`) and file paths: short, URL- and path-safe.
    /// Generated ids are 32 characters; 64 leaves room for ids a CI system chooses.
    public static let maxRunIDBytes = 64
    /// Labels are shown in lists and matrix headers.
    public static let maxLabelBytes = 200
    /// Probe ids are short dotted names (`camera.getUserMedia`); attempt counts are small.
    public static let maxProbeIDBytes = 100
    /// Status words (`pass`, `denied`, `skipped`...) are owned by the catalog; short.
    public static let maxStatusBytes = 64
    /// The largest observation (env.platform: UA, userAgentData, screen, device lists) is a
    /// few KiB; 256 KiB leaves room for verbose error messages and frame statistics.
    public static let maxObservedBytes = 256 * 1024
    /// `POST /api/platform`: the signals `env.platform` posts (a user agent of at most
    /// `maxUserAgentBytes`, userAgentData, screen, a few flags) come to 1–3 KiB; four times the
    /// largest user agent bounds the anonymous parse at a few milliseconds.
    public static let maxPlatformSignalsBytes = 4 * maxUserAgentBytes
    /// The device as the tester typed it in the page's introduction ("Pixel 8, Android 15") or
    /// CI sent it (`metadata.deviceModel`): it stands for the run in listings where a label
    /// would ("attended run on …") and heads the matrix's device column, so it is bounded as a
    /// label is. A model and its OS version take under 40.
    public static let maxDeviceModelBytes = maxLabelBytes
    /// Run metadata (app version, device model, build, a few free keys).
    public static let maxMetadataBytes = 64 * 1024
    /// Real user agents are under 1 KiB; some WebViews append long app tokens.
    public static let maxUserAgentBytes = 4 * 1024
    /// `userAgent` cut at a character to fit `maxUserAgentBytes`: a WebView that appends long
    /// app tokens must not make a write fail, and the start says what the device is.
    public static func fittingUserAgent(_ userAgent: String) -> String {
        guard userAgent.utf8.count > maxUserAgentBytes else { return userAgent }
        var cut = Substring(userAgent)
        while cut.utf8.count > maxUserAgentBytes { cut = cut.dropLast() }
        return String(cut)
    }
    /// A run's stored report: ~50 KiB for a run of every probe (each finding with its causes
    /// and the fix in every wrapper's language); 4 MiB bounds a catalog that grows tenfold.
    public static let maxReportBytes = 4 * 1024 * 1024
    /// Short names: platform ids, requirement sets, verdicts, content types.
    public static let maxShortTextBytes = 128
    /// File names as the device reported them (Android content URIs can be long).
    public static let maxFileNameBytes = 1024
    /// The decoder's batch limit, so that every batch the API accepts is one write.
    public static let maxResultsPerWrite = ResultDecoder.maxBatchCount
    /// A probe retried more often than this is a page bug, not a device behaviour.
    public static let maxAttempt = 1000

    /// One page of `listRuns` when the caller does not say.
    public static let defaultPageSize = 50
    /// Bounds the work and the response size of one listing.
    public static let maxPageSize = 500
    /// Runs deleted per `purge` call, so the writer never holds a long transaction while
    /// results wait to be acknowledged; the caller repeats while `hasMore`.
    public static let purgeBatchRuns = 200

    /// Writes committed in one transaction (one fsync). Bounds how long the first write of
    /// a batch waits for the last; at ~20 µs per write, 256 writes add ~5 ms.
    public static let maxWritesPerTransaction = 256
    /// Writes waiting for the writer thread. Beyond this the disk is not keeping up and new
    /// writes are refused (`overloaded`, a 503) instead of growing memory without bound.
    public static let maxQueuedWrites = 10_000
    /// Read-only connections kept open. WAL readers never block the writer or each other;
    /// more than a handful buys nothing on a small machine.
    public static let maxReaderConnections = 4
    /// How long a connection waits for a lock held by another connection (a checkpoint, or
    /// an operator's `sqlite3` shell) before failing with SQLITE_BUSY.
    public static let busyTimeoutMilliseconds: Int32 = 5_000
    /// After a checkpoint, the WAL file is truncated to at most this size, so one burst of
    /// writes does not leave a large file behind for good.
    public static let journalSizeLimitBytes = 16 * 1024 * 1024
}
