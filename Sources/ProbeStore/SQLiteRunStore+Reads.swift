#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The reads: synchronous, on a read-only connection of the pool, in one read transaction.
extension SQLiteRunStore {
    public func run(id: String) throws(StoreError) -> RunRecord? {
        try readers.read { database in
            try database.firstRow("SELECT \(Self.runColumns) FROM runs WHERE id = ?", [id], Self.readRun)
        }
    }

    public func listRuns(filter: RunFilter) throws(StoreError) -> Page<RunRecord> {
        try filter.validate()
        // Only the conditions in use appear in the SQL, so SQLite can pick the matching
        // index; at most 2^5 shapes, each prepared once per connection.
        var conditions: [String] = []
        var values: [any SQLiteBindable] = []
        if let label = filter.label {
            conditions.append("label = ?")
            values.append(label)
        }
        if let platform = filter.platform {
            // The override when one was given, else what the page reported. This expression
            // and the verdict's are indexed as written (migration 7): keep the same text.
            conditions.append("coalesce(platform, detected_platform) = ?")
            values.append(platform.rawValue)
        }
        if let verdict = filter.verdict {
            // A run never completed has no verdict yet; judged now it is incomplete, which is
            // what `probe-server wait` calls it at its timeout.
            conditions.append("coalesce(verdict, 'incomplete') = ?")
            values.append(verdict.rawValue)
        }
        if let since = filter.since {
            conditions.append("created_at >= ?")
            values.append(since.unixMillis)
        }
        if let cursor = filter.cursor {
            let (createdAt, id) = try RunCursor.parse(cursor)
            conditions.append("(created_at, id) < (?, ?)")
            values.append(createdAt)
            values.append(id)
        }
        let whereClause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        values.append(filter.limit + 1)  // one more, to know whether there is a next page
        let sql = "SELECT \(Self.runColumns) FROM runs \(whereClause) ORDER BY created_at DESC, id DESC LIMIT ?"
        return Page(fetched: try readers.read { database in try database.rows(sql, values, Self.readRun) }, limit: filter.limit)
    }

    public func results(runID: String) throws(StoreError) -> [ResultRecord] {
        try arrivals(of: runID, in: "results", columns: Self.resultColumns, Self.readResult)
    }

    public func uploads(runID: String) throws(StoreError) -> [UploadRecord] {
        try arrivals(of: runID, in: "uploads", columns: Self.uploadColumns, Self.readUpload)
    }

    /// The run's rows of `table` in arrival order (rowid); `runNotFound` if the run does not exist.
    private func arrivals<Row>(
        of runID: String, in table: String, columns: String, _ read: (SQLiteStatement) -> Row
    ) throws(StoreError) -> [Row] {
        try readers.read { database in
            try Self.requireRun(runID, in: database)
            return try database.rows("SELECT \(columns) FROM \(table) WHERE run_id = ? ORDER BY rowid", [runID], read)
        }
    }

    public func judgement(runID: String) throws(StoreError) -> StoredJudgement? {
        try readers.read { database in
            try database.firstRow("SELECT \(Self.judgementColumns) FROM judgements WHERE run_id = ?", [runID]) { Self.readJudgement($0).1 }
        }
    }

    public func judgements(runIDs: [String]) throws(StoreError) -> [String: StoredJudgement] {
        guard !runIDs.isEmpty else { return [:] }
        // One statement for any number of runs: the ids as one JSON array (`json_each`), so
        // the connection's statement cache holds one shape. Run ids need no JSON escaping.
        let ids = "[" + runIDs.filter(RunID.isWellFormed).map { "\"\($0)\"" }.joined(separator: ",") + "]"
        let rows = try readers.read { database in
            try database.rows(
                "SELECT \(Self.judgementColumns) FROM judgements WHERE run_id IN (SELECT value FROM json_each(?))", [ids],
                Self.readJudgement)
        }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    public func usage(runID: String) throws(StoreError) -> RunUsage? {
        try readers.read { database in
            try database.firstRow(
                "SELECT result_count, result_bytes, upload_count, upload_bytes FROM runs WHERE id = ?", [runID]
            ) { RunUsage(results: $0.int64(at: 0), resultBytes: $0.int64(at: 1), uploads: $0.int64(at: 2), uploadBytes: $0.int64(at: 3)) }
        }
    }

    public func storedBytes() throws(StoreError) -> Int64 {
        let (pages, free, pageSize, uploads) = try readers.read { database in
            (Int64(try database.pragma("page_count") ?? "0") ?? 0, Int64(try database.pragma("freelist_count") ?? "0") ?? 0,
             Int64(try database.pragma("page_size") ?? "4096") ?? 4096,
             try database.firstRow("SELECT coalesce(sum(size), 0) FROM uploads", []) { $0.int64(at: 0) } ?? 0)
        }
        // The pages in use (a deleted run frees pages SQLite reuses, without shrinking the
        // file), the WAL (bounded by journal_size_limit after a checkpoint), the upload files.
        var wal = stat()
        let walBytes = stat(path + "-wal", &wal) == 0 ? Int64(wal.st_size) : 0
        return (pages - free) * pageSize + walBytes + uploads
    }

    // MARK: Rows

    static let runColumns = """
        id, label, platform, requirement_set, metadata, user_agent, created_at, completed_at, \
        verdict, last_seen_at, detected_platform, write_key_sha256, id_chosen
        """

    static func readRun(_ row: SQLiteStatement) -> RunRecord {
        RunRecord(
            id: row.string(at: 0), label: row.optionalString(at: 1), storedPlatform: row.optionalString(at: 2),
            requirementSet: row.string(at: 3), storedMetadata: row.string(at: 4), userAgent: row.optionalString(at: 5),
            createdAt: Date(unixMillis: row.int64(at: 6)), completedAt: row.optionalInt64(at: 7).map(Date.init),
            storedVerdict: row.optionalString(at: 8), lastSeenAt: Date(unixMillis: row.int64(at: 9)),
            storedDetectedPlatform: row.optionalString(at: 10), writeKeyDigest: row.optionalString(at: 11),
            idChosen: row.int64(at: 12) != 0)
    }

    static let resultColumns = "run_id, probe, attempt, status, observed, elapsed_ms, at, received_at, reason"

    static func readResult(_ row: SQLiteStatement) -> ResultRecord {
        ResultRecord(
            runID: row.string(at: 0), probe: row.string(at: 1), attempt: Int(row.int64(at: 2)),
            status: row.string(at: 3), observed: row.string(at: 4), elapsedMs: row.optionalDouble(at: 5),
            at: row.optionalInt64(at: 6).map(Date.init), receivedAt: Date(unixMillis: row.int64(at: 7)),
            reason: row.optionalString(at: 8))
    }

    static let judgementColumns = "run_id, catalog_version, verdict, report, judged_at"

    static func readJudgement(_ row: SQLiteStatement) -> (String, StoredJudgement) {
        (row.string(at: 0),
         StoredJudgement(catalogVersion: row.string(at: 1), verdict: row.string(at: 2), report: row.string(at: 3),
                         judgedAt: Date(unixMillis: row.int64(at: 4))))
    }

    static let uploadColumns = """
        id, run_id, probe, file_name, declared_type, sniffed_type, size, sha256, stored_path, received_at
        """

    static func readUpload(_ row: SQLiteStatement) -> UploadRecord {
        UploadRecord(
            id: row.string(at: 0), runID: row.string(at: 1), probe: row.string(at: 2),
            fileName: row.string(at: 3), declaredType: row.optionalString(at: 4),
            sniffedType: row.optionalString(at: 5), size: row.int64(at: 6), sha256: row.string(at: 7),
            storedPath: row.string(at: 8), receivedAt: Date(unixMillis: row.int64(at: 9)))
    }

    private static func requireRun(_ id: String, in database: SQLiteDatabase) throws {
        let exists = try database.firstRow("SELECT 1 FROM runs WHERE id = ?", [id]) { _ in true } ?? false
        if !exists { throw StoreError.runNotFound(id) }
    }
}
