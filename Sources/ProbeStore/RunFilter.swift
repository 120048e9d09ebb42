#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProbeCatalog

/// Which runs `listRuns` returns, newest first.
public struct RunFilter: Equatable, Sendable {
    public var label: String?
    /// The `?platform=` override when one was given, else the platform the page reported.
    public var platform: Platform?
    /// A run never completed counts as incomplete.
    public var verdict: DiffReport.Verdict?
    /// Only runs created at or after this time.
    public var since: Date?
    /// At most `StoreLimits.maxPageSize`.
    public var limit: Int
    /// `Page.nextCursor` of the previous page; nil for the first page.
    public var cursor: String?

    public init(
        label: String? = nil, platform: Platform? = nil, verdict: DiffReport.Verdict? = nil, since: Date? = nil,
        limit: Int = StoreLimits.defaultPageSize, cursor: String? = nil
    ) {
        self.label = label
        self.platform = platform
        self.verdict = verdict
        self.since = since
        self.limit = limit
        self.cursor = cursor
    }
}

extension RunFilter {
    /// The filter's text as the stores need it (`StoreCheck.text`): a NUL would match
    /// differently on SQLite and PostgreSQL. Both stores call this before the query.
    func validate() throws(StoreError) {
        guard (1...StoreLimits.maxPageSize).contains(limit) else {
            throw .invalid("limit must be 1...\(StoreLimits.maxPageSize)")
        }
        try StoreCheck.text(label, "label", max: .max)
        try StoreCheck.text(cursor, "cursor", max: .max)
    }
}

/// One page of a listing. The cursor is keyset-based (creation time, id), so pages stay
/// stable while new runs are created, unlike an offset.
public struct Page<Item: Sendable>: Sendable {
    public var items: [Item]
    /// Pass back in `RunFilter.cursor` for the next page; nil on the last page.
    public var nextCursor: String?

    public init(items: [Item], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}

extension Page: Equatable where Item: Equatable {}

extension Page where Item == RunRecord {
    /// The page of a listing that fetched `limit + 1` rows, newest first: the extra row
    /// only tells that there is a next page, which starts after this page's last run.
    init(fetched rows: [RunRecord], limit: Int) {
        let items = Array(rows.prefix(limit))
        self.init(items: items, nextCursor: rows.count > limit ? items.last.map(RunCursor.after) : nil)
    }
}

/// The keyset cursor of run listings, `<created_at millis>.<id>` (ids never contain a dot).
/// Both stores make and read the same text, so a cursor means the same on either engine.
enum RunCursor {
    /// The cursor of the page that follows `run`.
    static func after(_ run: RunRecord) -> String {
        "\(run.createdAt.unixMillis).\(run.id)"
    }

    /// The creation time (Unix milliseconds) and id of the run a page follows.
    static func parse(_ cursor: String) throws(StoreError) -> (createdAt: Int64, id: String) {
        let parts = cursor.split(separator: ".", maxSplits: 1)
        guard parts.count == 2, let millis = Int64(parts[0]), RunID.isWellFormed(String(parts[1])) else {
            throw .invalid("the cursor is not one this server returned")
        }
        return (millis, String(parts[1]))
    }
}
