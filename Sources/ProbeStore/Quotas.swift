/// How much one run, one address and the whole store may hold. Without them one anonymous
/// client on the network fills the disk (results at 47 MiB/s, uploads at 95 MiB/s) and a
/// report of its run costs gigabytes to render. docs/security.md gives the figures.
public struct Quotas: Sendable, Equatable {
    /// A full run of the standard catalog is ~45 probes with a few attempts each (the page
    /// retries a failed post with the same attempt number): 2,000 is 40 times that.
    public static let maxResultsPerRun = 2_000
    /// The observations of a real run total ~200 KiB (env.platform is the largest, a few
    /// KiB); 8 MiB is 40 times that, and bounds what a report of the run costs to build.
    public static let maxResultBytesPerRun = 8 * 1024 * 1024
    /// The file probes upload one file each (gallery, camera capture, HEIC, multiple);
    /// 16 leaves room for retries.
    public static let maxUploadsPerRun = 16
    /// Two uploads at the 32 MiB upload limit (`HTTPLimits.uploadBodyBytes`); a phone photo
    /// is 2 to 12 MiB, so a real run holds a few dozen MiB at most.
    public static let maxUploadBytesPerRun: Int64 = 64 * 1024 * 1024
    /// Runs one address may create per hour without the token. A farm of 50 devices behind
    /// one NAT starting a run every 5 minutes is 600; a CI job with the token is not counted.
    public static let defaultRunsPerAddressPerHour = 600
    /// Database plus uploads: fits a laptop's free disk, holds ~5,000 real runs with photos.
    public static let defaultMaxStoreBytes: Int64 = 1024 * 1024 * 1024
    /// How often the store's size is measured (a `stat` and one SUM over uploads); between
    /// two measurements the store can exceed the cap by what arrives in that time.
    public static let storeMeasureIntervalSeconds = 1

    /// The share of `--max-store` one address may add in an hour without the token
    /// (observations and uploads): a quarter, so one address, or one IPv6 /64, needs four
    /// hours to fill the store it filled in a minute at 25 MiB/s, while the others still
    /// write. At the default 1 GiB that is 256 MiB an hour: ~1,200 real runs' observations, or
    /// ~20 runs with two phone photos each. A farm behind one NAT that needs more raises
    /// `--max-store`, or posts with a token, which is not counted.
    public static let storeShareOfAddressPerHour: Int64 = 4

    /// The bytes one address may add per hour without the token (`storeShareOfAddressPerHour`).
    public var addressBytesPerHour: Int64 { maxStoreBytes / Quotas.storeShareOfAddressPerHour }

    /// `--runs-per-hour`.
    public var runsPerAddressPerHour = Quotas.defaultRunsPerAddressPerHour
    /// `--max-store`: when reached, writes that add data are refused with 507 `store_full`
    /// (nothing is purged behind the operator's back; see docs/security.md).
    public var maxStoreBytes = Quotas.defaultMaxStoreBytes

    public init() {}

    /// `1073741824`, `512M`, `1G`, `64K` (powers of 1,024), as `--max-store` takes it.
    public static func parseBytes(_ text: String) -> Int64? {
        let units: [Character: Int64] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40]
        var digits = text.uppercased()
        if digits.hasSuffix("IB") { digits.removeLast(2) } else if digits.hasSuffix("B") { digits.removeLast() }
        var multiplier: Int64 = 1
        if let last = digits.last, let unit = units[last] {
            multiplier = unit
            digits.removeLast()
        }
        guard let n = Int64(digits), n > 0 else { return nil }
        let (value, overflow) = n.multipliedReportingOverflow(by: multiplier)
        return overflow ? nil : value
    }
}

/// A quota a write would break: which, and its value, for the error the client reads.
public enum QuotaExceeded: Error, Equatable, Sendable {
    case resultsPerRun(limit: Int)
    case resultBytesPerRun(limit: Int)
    case uploadsPerRun(limit: Int)
    case uploadBytesPerRun(limit: Int64)
    case store(limit: Int64, used: Int64)

    /// The error code of the JSON answer.
    public var code: String {
        switch self {
        case .resultsPerRun: "run_results_quota"
        case .resultBytesPerRun: "run_result_bytes_quota"
        case .uploadsPerRun: "run_uploads_quota"
        case .uploadBytesPerRun: "run_upload_bytes_quota"
        case .store: "store_full"
        }
    }

    public var message: String {
        switch self {
        case .resultsPerRun(let limit):
            "this run already holds the most results a run may hold (\(limit)); start a new run"
        case .resultBytesPerRun(let limit):
            "this run's observations would exceed the per-run limit of \(QuotaExceeded.bytes(Int64(limit))); start a new run"
        case .uploadsPerRun(let limit):
            "this run already holds the most uploads a run may hold (\(limit)); start a new run"
        case .uploadBytesPerRun(let limit):
            "this run's uploads would exceed the per-run limit of \(QuotaExceeded.bytes(limit)); start a new run"
        case .store(let limit, let used):
            "the store holds \(QuotaExceeded.bytes(used)), at its limit of \(QuotaExceeded.bytes(limit)) (--max-store): "
                + "nothing was stored; the operator can delete runs (DELETE /api/runs/ID), purge with --keep-days, or raise --max-store"
        }
    }

    public static func bytes(_ n: Int64) -> String {
        if n >= 1 << 30, n % (1 << 30) == 0 { return "\(n >> 30) GiB" }
        if n >= 1 << 20, n % (1 << 20) == 0 { return "\(n >> 20) MiB" }
        if n >= 1 << 10, n % (1 << 10) == 0 { return "\(n >> 10) KiB" }
        return "\(n) bytes"
    }
}

/// What one write's newly inserted results add to each run's usage (`runs.result_count`
/// and `runs.result_bytes`), counted the same way on every store.
struct AddedResults {
    private(set) var byRun: [String: (count: Int, bytes: Int)] = [:]

    mutating func add(_ result: ResultRecord) {
        let before = self[result.runID]
        byRun[result.runID] = (before.count + 1, before.bytes + result.observed.utf8.count)
    }

    subscript(runID: String) -> (count: Int, bytes: Int) { byRun[runID] ?? (0, 0) }
}
