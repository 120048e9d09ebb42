#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The reads: synchronous, on a connection of the pool, the same answers as SQLite's.
extension PostgresRunStore {
    public func run(id: String) throws(StoreError) -> RunRecord? {
        try readers.read { connection in
            // Every request to a run reads it first (its write key): prepared.
            try connection.execute("SELECT \(PostgresReads.runColumns) FROM runs WHERE id = $1", [id], prepared: true).rows.first
                .map(PostgresReads.run)
        }
    }

    public func listRuns(filter: RunFilter) throws(StoreError) -> Page<RunRecord> {
        try filter.validate()
        var conditions: [String] = []
        var values: [String?] = []
        func add(_ condition: (String) -> String, _ value: String) {
            values.append(value)
            conditions.append(condition("$\(values.count)"))
        }
        if let label = filter.label { add({ "label = \($0)" }, label) }
        // Both expressions indexed as written (migration 7): keep the same text.
        if let platform = filter.platform { add({ "coalesce(platform, detected_platform) = \($0)" }, platform.rawValue) }
        if let verdict = filter.verdict { add({ "coalesce(verdict, 'incomplete') = \($0)" }, verdict.rawValue) }
        if let since = filter.since { add({ "created_at >= \($0)::bigint" }, String(since.unixMillis)) }
        if let cursor = filter.cursor {
            let (createdAt, id) = try RunCursor.parse(cursor)
            values.append(String(createdAt))
            values.append(id)
            conditions.append("(created_at, id) < ($\(values.count - 1)::bigint, $\(values.count))")
        }
        let whereClause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        values.append(String(filter.limit + 1))  // one more, to know whether there is a next page
        let sql = "SELECT \(PostgresReads.runColumns) FROM runs \(whereClause) ORDER BY created_at DESC, id DESC LIMIT $\(values.count)"
        return Page(fetched: try readers.read { connection in try connection.execute(sql, values).rows.map(PostgresReads.run) },
                    limit: filter.limit)
    }

    public func results(runID: String) throws(StoreError) -> [ResultRecord] {
        try arrivals(of: runID, in: "results", columns: PostgresReads.resultColumns, PostgresReads.result)
    }

    public func uploads(runID: String) throws(StoreError) -> [UploadRecord] {
        try arrivals(of: runID, in: "uploads", columns: PostgresReads.uploadColumns, PostgresReads.upload)
    }

    /// The run's rows of `table` in arrival order (seq); `runNotFound` if the run does not exist.
    private func arrivals<Row>(
        of runID: String, in table: String, columns: String, _ read: ([String?]) -> Row
    ) throws(StoreError) -> [Row] {
        try readers.read { connection in
            try PostgresReads.requireRun(runID, on: connection)
            return try connection.execute("SELECT \(columns) FROM \(table) WHERE run_id = $1 ORDER BY seq", [runID]).rows.map(read)
        }
    }

    public func judgement(runID: String) throws(StoreError) -> StoredJudgement? {
        try readers.read { connection in
            try connection.execute("SELECT \(PostgresReads.judgementColumns) FROM judgements WHERE run_id = $1", [runID]).rows.first
                .map { PostgresReads.judgement($0).1 }
        }
    }

    public func judgements(runIDs: [String]) throws(StoreError) -> [String: StoredJudgement] {
        let ids = runIDs.filter(RunID.isWellFormed)
        guard !ids.isEmpty else { return [:] }
        // Run ids are `[A-Za-z0-9_-]` (`RunID.isWellFormed`), safe inside an array literal.
        let rows = try readers.read { connection in
            try connection.execute("SELECT \(PostgresReads.judgementColumns) FROM judgements WHERE run_id = ANY($1::text[])",
                                   ["{" + ids.joined(separator: ",") + "}"]).rows.map(PostgresReads.judgement)
        }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    public func usage(runID: String) throws(StoreError) -> RunUsage? {
        try readers.read { connection in
            try connection.execute(
                "SELECT result_count, result_bytes, upload_count, upload_bytes FROM runs WHERE id = $1", [runID]
            ).rows.first.map { row in
                RunUsage(results: PostgresReads.int(row[0]), resultBytes: PostgresReads.int(row[1]),
                         uploads: PostgresReads.int(row[2]), uploadBytes: PostgresReads.int(row[3]))
            }
        }
    }

    /// The database's size on the server (tables, indexes, TOAST) and the upload files.
    public func storedBytes() throws(StoreError) -> Int64 {
        try readers.read { connection in
            let row = try connection.execute(
                "SELECT pg_database_size(current_database()), (SELECT coalesce(sum(size), 0) FROM uploads)").rows.first
            return PostgresReads.int(row?[0]) + PostgresReads.int(row?[1])
        }
    }
}

/// Rows of text into records: the columns in the order of the constants.
enum PostgresReads {
    static let runColumns = SQLiteRunStore.runColumns
    static let resultColumns = SQLiteRunStore.resultColumns
    static let uploadColumns = SQLiteRunStore.uploadColumns
    static let judgementColumns = SQLiteRunStore.judgementColumns

    static func int(_ text: String??) -> Int64 { (text ?? nil).flatMap { Int64($0) } ?? 0 }
    static func date(_ text: String?) -> Date { Date(unixMillis: Int64(text ?? "") ?? 0) }

    static func run(_ row: [String?]) -> RunRecord {
        RunRecord(
            id: row[0] ?? "", label: row[1], storedPlatform: row[2], requirementSet: row[3] ?? "", storedMetadata: row[4] ?? "{}",
            userAgent: row[5], createdAt: date(row[6]), completedAt: row[7].map { date($0) }, storedVerdict: row[8],
            lastSeenAt: date(row[9]), storedDetectedPlatform: row[10], writeKeyDigest: row[11], idChosen: row[12] == "1")
    }

    static func result(_ row: [String?]) -> ResultRecord {
        ResultRecord(
            runID: row[0] ?? "", probe: row[1] ?? "", attempt: Int(row[2] ?? "") ?? 0, status: row[3] ?? "",
            observed: row[4] ?? "", elapsedMs: row[5].flatMap { Double($0) }, at: row[6].map { date($0) },
            receivedAt: date(row[7]), reason: row[8])
    }

    static func judgement(_ row: [String?]) -> (String, StoredJudgement) {
        (row[0] ?? "",
         StoredJudgement(catalogVersion: row[1] ?? "", verdict: row[2] ?? "", report: row[3] ?? "", judgedAt: date(row[4])))
    }

    static func upload(_ row: [String?]) -> UploadRecord {
        UploadRecord(
            id: row[0] ?? "", runID: row[1] ?? "", probe: row[2] ?? "", fileName: row[3] ?? "", declaredType: row[4],
            sniffedType: row[5], size: int(row[6]), sha256: row[7] ?? "", storedPath: row[8] ?? "",
            receivedAt: date(row[9]))
    }

    static func requireRun(_ id: String, on connection: PostgresConnection) throws {
        if try connection.execute("SELECT 1 FROM runs WHERE id = $1", [id]).rows.isEmpty { throw StoreError.runNotFound(id) }
    }
}
