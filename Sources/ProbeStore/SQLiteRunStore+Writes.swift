#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The writes, run on the writer thread inside the writer's transaction and savepoint.
extension SQLiteRunStore {
    static func apply(_ write: StoreWrite, to database: SQLiteDatabase) throws -> StoreWriteOutcome {
        switch write {
        case .createRun(let run):
            try createRun(run, in: database)
            return .done
        case .appendResults(let results):
            return .appended(try appendResults(results, in: database))
        case .completeRun(let id, let date):
            try updateRun(
                id, "UPDATE runs SET completed_at = coalesce(completed_at, ?1), last_seen_at = max(last_seen_at, ?1) WHERE id = ?2",
                [date.unixMillis, id], in: database)
            return .done
        case .setVerdict(let id, let verdict, let judgement):
            try StoreCheck.text(verdict, "verdict", max: StoreLimits.maxShortTextBytes)
            try judgement?.validate()
            try database.execute("UPDATE runs SET verdict = ?1 WHERE id = ?2 AND verdict IS NULL", [verdict, id])
            if database.changes == 1 {
                if let judgement { try putJudgement(judgement, of: id, in: database) }
                return .judged(verdict: verdict, first: true)
            }
            guard let stored = try database.firstRow("SELECT verdict FROM runs WHERE id = ?", [id], { $0.string(at: 0) }) else {
                throw StoreError.runNotFound(id)
            }
            return .judged(verdict: stored, first: false)
        case .storeJudgement(let id, let judgement):
            try judgement.validate()
            let completed = try database.firstRow("SELECT completed_at IS NOT NULL FROM runs WHERE id = ?", [id]) { $0.int64(at: 0) }
            guard let completed else { throw StoreError.runNotFound(id) }
            guard completed == 1 else { throw StoreError.invalid(StoredJudgement.notCompleteProblem(id)) }
            try putJudgement(judgement, of: id, in: database)
            try database.execute("UPDATE runs SET verdict = ?1 WHERE id = ?2 AND verdict IS NOT NULL", [judgement.verdict, id])
            return .done
        case .setDetectedPlatform(let id, let platform, let userAgent):
            try StoreCheck.text(platform, "platform", max: StoreLimits.maxShortTextBytes)
            try StoreCheck.text(userAgent, "user agent", max: StoreLimits.maxUserAgentBytes)
            try updateRun(
                id, "UPDATE runs SET detected_platform = ?1, user_agent = coalesce(?2, user_agent) WHERE id = ?3",
                [platform, userAgent, id], in: database)
            return .done
        case .touch(let id, let date):
            try updateRun(
                id, "UPDATE runs SET last_seen_at = max(last_seen_at, ?1) WHERE id = ?2",
                [date.unixMillis, id], in: database)
            return .done
        case .setPinned(let id, let pinned):
            try updateRun(id, "UPDATE runs SET pinned = ?1 WHERE id = ?2", [pinned ? 1 : 0, id], in: database)
            return .done
        case .addUpload(let upload):
            try addUpload(upload, in: database)
            return .done
        case .deleteRun(let id):
            return .deleted(uploadPaths: try deleteRun(id, in: database))
        case .purge(let date):
            return .purged(try purge(olderThan: date, in: database))
        }
    }

    private static func createRun(_ run: RunRecord, in database: SQLiteDatabase) throws {
        try run.validate()
        try database.execute(
            """
            INSERT INTO runs (id, label, platform, requirement_set, metadata, user_agent,
                              created_at, completed_at, verdict, last_seen_at, write_key_sha256, id_chosen)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO NOTHING
            """,
            [
                run.id, run.label, run.platform?.rawValue, run.requirementSet, run.metadata.storedText, run.userAgent,
                run.createdAt.unixMillis, run.completedAt?.unixMillis, run.verdict?.rawValue,
                max(run.lastSeenAt.unixMillis, run.createdAt.unixMillis), run.writeKeyDigest, run.idChosen ? 1 : 0,
            ])
        if database.changes == 0 { throw StoreError.runExists(run.id) }
    }

    /// Keeps `judgement` as the run's one, replacing any stored before.
    private static func putJudgement(_ judgement: StoredJudgement, of id: String, in database: SQLiteDatabase) throws {
        try database.execute(
            """
            INSERT INTO judgements (run_id, catalog_version, verdict, report, judged_at) VALUES (?1, ?2, ?3, ?4, ?5)
            ON CONFLICT (run_id) DO UPDATE SET catalog_version = excluded.catalog_version, verdict = excluded.verdict,
                report = excluded.report, judged_at = excluded.judged_at
            """,
            [id, judgement.catalogVersion, judgement.verdict, judgement.report, judgement.judgedAt.unixMillis])
    }

    private static func appendResults(_ results: [ResultRecord], in database: SQLiteDatabase) throws
        -> [AppendOutcome]
    {
        guard results.count <= StoreLimits.maxResultsPerWrite else {
            throw StoreError.invalid(
                "\(results.count) results in one write; the limit is \(StoreLimits.maxResultsPerWrite)")
        }
        for result in results { try result.validate() }

        // The latest arrival per run: checks the run exists and moves lastSeenAt.
        var lastSeen: [String: Int64] = [:]
        for result in results {
            lastSeen[result.runID] = max(lastSeen[result.runID] ?? .min, result.receivedAt.unixMillis)
        }
        for (runID, millis) in lastSeen.sorted(by: { $0.key < $1.key }) {
            try updateRun(
                runID, "UPDATE runs SET last_seen_at = max(last_seen_at, ?1) WHERE id = ?2",
                [millis, runID], in: database)
        }

        var outcomes: [AppendOutcome] = []
        outcomes.reserveCapacity(results.count)
        var added = AddedResults()
        for result in results {
            try database.execute(
                """
                INSERT INTO results (run_id, probe, attempt, status, observed, elapsed_ms, at, received_at, reason)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (run_id, probe, attempt) DO NOTHING
                """,
                [
                    result.runID, result.probe, result.attempt, result.status, result.observed,
                    result.elapsedMs, result.at?.unixMillis, result.receivedAt.unixMillis, result.reason,
                ])
            if database.changes == 1 {
                outcomes.append(.inserted)
                added.add(result)
                continue
            }
            // First write wins: compare with what is stored, never overwrite it.
            let stored = try database.firstRow(
                "SELECT \(resultColumns) FROM results WHERE run_id = ? AND probe = ? AND attempt = ?",
                [result.runID, result.probe, result.attempt], readResult)
            outcomes.append(stored.map { $0.isSameResult(as: result) } == true ? .duplicate : .conflict)
        }
        // Inside the write's savepoint: over a quota, or new results for a completed run,
        // and the whole write is rolled back. A duplicate (a retry whose answer was lost)
        // still answers as one.
        for (runID, usage) in added.byRun.sorted(by: { $0.key < $1.key }) {
            let completed = try database.firstRow("SELECT completed_at IS NOT NULL FROM runs WHERE id = ?", [runID]) { $0.int64(at: 0) }
            if completed == 1 { throw StoreError.runCompleted(runID) }
            try database.execute(
                "UPDATE runs SET result_count = result_count + ?1, result_bytes = result_bytes + ?2 WHERE id = ?3",
                [usage.count, usage.bytes, runID])
            let total = try database.firstRow(
                "SELECT result_count, result_bytes FROM runs WHERE id = ?", [runID]) { ($0.int64(at: 0), $0.int64(at: 1)) }
            if let total {
                if total.0 > Int64(Quotas.maxResultsPerRun) {
                    throw StoreError.quotaExceeded(.resultsPerRun(limit: Quotas.maxResultsPerRun))
                }
                if total.1 > Int64(Quotas.maxResultBytesPerRun) {
                    throw StoreError.quotaExceeded(.resultBytesPerRun(limit: Quotas.maxResultBytesPerRun))
                }
            }
        }
        return outcomes
    }

    private static func addUpload(_ upload: UploadRecord, in database: SQLiteDatabase) throws {
        try upload.validate()
        try updateRun(
            upload.runID, "UPDATE runs SET last_seen_at = max(last_seen_at, ?1) WHERE id = ?2",
            [upload.receivedAt.unixMillis, upload.runID], in: database)
        try database.execute(
            """
            INSERT INTO uploads (id, run_id, probe, file_name, declared_type, sniffed_type,
                                 size, sha256, stored_path, received_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO NOTHING
            """,
            [
                upload.id, upload.runID, upload.probe, upload.fileName, upload.declaredType,
                upload.sniffedType, upload.size, upload.sha256, upload.storedPath,
                upload.receivedAt.unixMillis,
            ])
        if database.changes == 0 { throw StoreError.uploadExists(upload.id) }
        try database.execute(
            "UPDATE runs SET upload_count = upload_count + 1, upload_bytes = upload_bytes + ?1 WHERE id = ?2",
            [upload.size, upload.runID])
        if let total = try database.firstRow(
            "SELECT upload_count, upload_bytes FROM runs WHERE id = ?", [upload.runID], { ($0.int64(at: 0), $0.int64(at: 1)) })
        {
            if total.0 > Int64(Quotas.maxUploadsPerRun) { throw StoreError.quotaExceeded(.uploadsPerRun(limit: Quotas.maxUploadsPerRun)) }
            if total.1 > Quotas.maxUploadBytesPerRun {
                throw StoreError.quotaExceeded(.uploadBytesPerRun(limit: Quotas.maxUploadBytesPerRun))
            }
        }
    }

    private static func deleteRun(_ id: String, in database: SQLiteDatabase) throws -> [String] {
        let paths = try database.rows(
            "SELECT stored_path FROM uploads WHERE run_id = ? ORDER BY rowid", [id]) { $0.string(at: 0) }
        // ON DELETE CASCADE removes the run's results and uploads.
        try database.execute("DELETE FROM runs WHERE id = ?", [id])
        if database.changes == 0 { throw StoreError.runNotFound(id) }
        return paths
    }

    private static func purge(olderThan date: Date, in database: SQLiteDatabase) throws -> PurgeOutcome {
        let candidates = try database.rows(
            "SELECT id FROM runs WHERE last_seen_at < ? AND pinned = 0 ORDER BY last_seen_at, id LIMIT ?",
            [date.unixMillis, StoreLimits.purgeBatchRuns + 1]) { $0.string(at: 0) }
        let runIDs = Array(candidates.prefix(StoreLimits.purgeBatchRuns))
        var paths: [String] = []
        for id in runIDs { paths += try deleteRun(id, in: database) }
        return PurgeOutcome(runIDs: runIDs, uploadPaths: paths, hasMore: candidates.count > runIDs.count)
    }

    /// Runs an UPDATE of one run; `runNotFound` if no row matched.
    private static func updateRun(
        _ id: String, _ sql: String, _ values: [any SQLiteBindable], in database: SQLiteDatabase
    ) throws {
        try database.execute(sql, values)
        // SQLite counts every row the WHERE matched, changed values or not.
        if database.changes == 0 { throw StoreError.runNotFound(id) }
    }
}
