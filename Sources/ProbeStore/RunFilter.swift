import Foundation

/// Which runs `listRuns` returns, newest first.
public struct RunFilter: Equatable, Sendable {
    public var label: String?
    public var platform: String?
    public var verdict: String?
    /// Only runs created at or after this time.
    public var since: Date?
    /// At most `StoreLimits.maxPageSize`.
    public var limit: Int
    /// `Page.nextCursor` of the previous page; nil for the first page.
    public var cursor: String?

    public init(
        label: String? = nil, platform: String? = nil, verdict: String? = nil, since: Date? = nil,
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
        try StoreCheck.text(platform, "platform", max: .max)
        try StoreCheck.text(verdict, "verdict", max: .max)
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
