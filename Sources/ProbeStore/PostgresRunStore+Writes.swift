#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// PostgreSQL's batch: one transaction per batch and one COMMIT; when a write fails, the
/// batch runs again with one savepoint per write, so the failing write is rolled back alone. A batch that finds the connection broken reconnects
/// first; if the server is still down, or the connection breaks mid-batch, every write of
/// the batch fails with `unavailable` and nothing of it is acknowledged. A COMMIT whose
/// answer was lost may still have committed: the client's retry then finds its results
/// stored (`duplicate`), which is the idempotency the primary key gives.
final class PostgresBatchCommitter: BatchCommitter {
    private let connection: PostgresConnection

    init(connection: PostgresConnection) {
        self.connection = connection
    }

    func finish() {}

    func commit(_ batch: [StoreWrite]) -> [Result<StoreWriteOutcome, StoreError>] {
        do {
            try connection.reconnectIfBroken()
        } catch {
            return batch.map { _ in .failure(StoreError.from(error)) }
        }
        // Every statement is a round trip to the server. Ingestion's batches are appends of
        // new results: one pipeline of five statements. Other batches, and one of those that
        // the pipeline refused, run without savepoints (two round trips fewer per write);
        // only if a write fails there, again with one savepoint per write.
        var writeFailed = false
        switch commitAppendsPipelined(batch) ?? commitMixedPipelined(batch) {
        case .committed(let outcomes)?: return outcomes.map { .success($0) }
        case .failed(let error)?: return batch.map { _ in .failure(error) }
        case .aWriteFailed?: writeFailed = true
        case nil: break
        }
        if !writeFailed {
            switch commitWithoutSavepoints(batch) {
            case .committed(let outcomes): return outcomes.map { .success($0) }
            case .failed(let error): return batch.map { _ in .failure(error) }
            case .aWriteFailed: break
            }
        }
        do {
            try connection.execute("BEGIN")
            try lockRuns(of: batch)
        } catch {
            return abandon(batch, StoreError.from(error))
        }
        var results: [Result<StoreWriteOutcome, StoreError>] = []
        results.reserveCapacity(batch.count)
        for write in batch {
            do {
                try connection.execute("SAVEPOINT store_write")
                let outcome = try PostgresWrites(connection: connection).apply(write)
                try connection.execute("RELEASE SAVEPOINT store_write")
                results.append(.success(outcome))
            } catch {
                let storeError = StoreError.from(error)
                if case .unavailable = storeError {
                    // Usually the connection is gone; if not, end the transaction so the next
                    // batch does not start inside an aborted one.
                    return abandon(batch, storeError)
                }
                do {
                    try connection.execute("ROLLBACK TO SAVEPOINT store_write")
                } catch {
                    return abandon(batch, StoreError.from(error))
                }
                results.append(.failure(storeError))
            }
        }
        if let failure = commitTransaction() { return batch.map { _ in .failure(failure) } }
        return results
    }

    /// Rolls the batch's transaction back and fails every write of the batch with `error`:
    /// none of it was committed.
    private func abandon(_ batch: [StoreWrite], _ error: StoreError) -> [Result<StoreWriteOutcome, StoreError>] {
        _ = try? connection.execute("ROLLBACK")
        return batch.map { _ in .failure(error) }
    }

    /// Ends the transaction with COMMIT; when that fails, with ROLLBACK, and says why.
    private func commitTransaction() -> StoreError? {
        do {
            // synchronous_commit = on: returns once the commit's WAL is flushed on the server.
            try connection.execute("COMMIT")
            return nil
        } catch {
            _ = try? connection.execute("ROLLBACK")
            return StoreError.from(error)
        }
    }

    private enum FastCommit {
        case committed([StoreWriteOutcome])
        /// The whole batch failed (the server is unreachable, the commit failed).
        case failed(StoreError)
        /// One write failed: nothing was committed; run the batch with savepoints.
        case aWriteFailed
    }

    /// Takes the row locks of every run the batch writes to, in id order, before any
    /// write: instances writing to the same runs then queue instead of deadlocking (each
    /// would otherwise hold one run's row while waiting for another's:
    /// https://www.postgresql.org/docs/current/explicit-locking.html#LOCKING-DEADLOCKS).
    /// Run ids are `[A-Za-z0-9_-]` (`RunID.isWellFormed`), safe inside an array literal.
    private func lockRuns(of batch: [StoreWrite]) throws {
        let ids = Set(batch.flatMap(\.runIDs)).filter(RunID.isWellFormed).sorted()
        guard !ids.isEmpty else { return }
        try connection.execute("SELECT id FROM runs WHERE id = ANY($1::text[]) ORDER BY id FOR NO KEY UPDATE",
                               ["{" + ids.joined(separator: ",") + "}"])
    }

    /// A batch of appends only (what ingestion queues) in one round trip: one pipeline of
    /// BEGIN, the runs' row locks in id order (two instances then queue, never deadlock),
    /// one INSERT of every result from arrays, one UPDATE of each run's count, bytes and
    /// last sighting, COMMIT (`AppendPlan`), then the flush below.
    ///
    /// The run rows are the instances' meeting point: every batch on a run waits for the
    /// transaction before it to end, and PostgreSQL holds row locks until its COMMIT has
    /// flushed the WAL. So this COMMIT is asynchronous (`SET LOCAL synchronous_commit = off`:
    /// the locks go at once, another instance's batch on the run proceeds), and the pipeline
    /// ends with a statement that commits synchronously and writes a WAL record of its own
    /// (`pg_logical_emit_message`, transactional: https://www.postgresql.org/docs/current/functions-admin.html#FUNCTIONS-REPLICATION).
    /// Its commit returns once the WAL is flushed up to its record, which comes after this
    /// batch's COMMIT: nothing is acknowledged before it is on disk (and on a synchronous
    /// standby, which that commit waits for too), and the flushes of several instances share
    /// an fsync. What this gives up: for the milliseconds of that flush, other sessions can
    /// read the batch before it is durable; a crash then loses it unacknowledged, as any
    /// commit whose answer was lost, and nothing committed after it survives without it.
    ///
    /// It commits only if every result is new and every run takes them: a stored key fails
    /// the INSERT (unique_violation), a missing run its foreign key, a completed run or one
    /// over a quota the UPDATE's check; the server then skips the COMMIT, and nil sends the
    /// batch down the per-write path, which answers each write as before (duplicate,
    /// conflict, the quota's error). nil too for a batch holding any other write, or a result
    /// that does not validate.
    private func commitAppendsPipelined(_ batch: [StoreWrite]) -> FastCommit? {
        guard let plan = AppendPlan(batch) else { return nil }
        let statements: [PostgresStatement] = [
            "BEGIN", "SET LOCAL synchronous_commit = off", plan.lockRuns, plan.insert, plan.count, "COMMIT", Self.flush,
        ]
        let answer: PostgresPipelineAnswer
        do {
            answer = try connection.pipeline(statements)
        } catch {
            // The connection broke, as for a COMMIT whose answer was lost; otherwise nothing
            // was sent (a parameter libpq cannot carry): the per-write path says which write.
            return error.isConnectionLost ? .failed(StoreError.from(error)) : nil
        }
        guard let (index, error) = answer.failure else { return .committed(plan.outcomes) }
        if error.isConnectionLost { return .failed(StoreError.from(error)) }
        if index < statements.count - 1 {
            _ = try? connection.execute("ROLLBACK")  // the server skipped the COMMIT: end the aborted transaction
            return nil
        }
        return flushFailed(batch, plan.outcomes)
    }

    /// The batch committed, but the flush after it failed (a role that may not call the
    /// function): any synchronous commit that writes WAL flushes it; this one takes a run
    /// row's lock.
    private func flushFailed(_ batch: [StoreWrite], _ outcomes: [StoreWriteOutcome]) -> FastCommit {
        do {
            let run = batch.flatMap(\.runIDs).min() ?? ""
            try connection.execute("UPDATE runs SET last_seen_at = last_seen_at WHERE id = $1", [run])
            return .committed(outcomes)
        } catch {
            return .failed(StoreError.from(error))
        }
    }

    /// A batch of appends and a few other writes (a run created, its platform recorded, a
    /// run completed and its verdict stored: under a farm's burst nearly every batch holds
    /// one) in one transaction, the appends as `commitAppendsPipelined` sends them, in the
    /// same pipeline as BEGIN and the row locks, the other writes after it one by one, then
    /// COMMIT and the flush in one more pipeline: three round trips and the others' own,
    /// where each append cost two more.
    ///
    /// The appends go first, which keeps the batch's meaning only because no other write of
    /// it names their runs: writes on different runs commute, and every write of a batch was
    /// queued before any of it was acknowledged. nil (the batch's own order, write by write)
    /// for a batch without both kinds, with an append to a run another write names, or with
    /// a purge (whose runs are not known before it runs); nil too when the appends' pipeline
    /// is refused, as `commitAppendsPipelined`. `aWriteFailed` when another write fails.
    private func commitMixedPipelined(_ batch: [StoreWrite]) -> FastCommit? {
        var appends: [StoreWrite] = []
        var others: [(index: Int, write: StoreWrite)] = []
        var otherRuns = Set<String>()
        for (index, write) in batch.enumerated() {
            switch write {
            case .appendResults: appends.append(write)
            case .purge: return nil
            case .createRun(let run):
                others.append((index, write))
                otherRuns.insert(run.id)
            default:
                others.append((index, write))
                otherRuns.formUnion(write.runIDs)
            }
        }
        guard !appends.isEmpty, !others.isEmpty,
              appends.allSatisfy({ $0.runIDs.allSatisfy { !otherRuns.contains($0) } }),
              let plan = AppendPlan(appends)
        else { return nil }
        let ids = Set(batch.flatMap(\.runIDs)).filter(RunID.isWellFormed).sorted()
        let lockRuns = PostgresStatement("SELECT id FROM runs WHERE id = ANY($1::text[]) ORDER BY id FOR NO KEY UPDATE",
                                         [PostgresArray.literal(ids)], prepared: true)
        let statements: [PostgresStatement] = ["BEGIN", "SET LOCAL synchronous_commit = off", lockRuns, plan.insert, plan.count]
        do {
            let answer = try connection.pipeline(statements)
            if let (_, error) = answer.failure {
                if error.isConnectionLost { return .failed(StoreError.from(error)) }
                _ = try? connection.execute("ROLLBACK")
                return nil
            }
        } catch {
            return error.isConnectionLost ? .failed(StoreError.from(error)) : nil
        }
        var outcomes = [StoreWriteOutcome?](repeating: nil, count: batch.count)
        var nextAppend = plan.outcomes.makeIterator()
        for index in batch.indices {
            if case .appendResults = batch[index] { outcomes[index] = nextAppend.next() }
        }
        for (index, write) in others {
            do {
                outcomes[index] = try PostgresWrites(connection: connection).apply(write)
            } catch {
                let storeError = StoreError.from(error)
                _ = try? connection.execute("ROLLBACK")
                if case .unavailable = storeError { return .failed(storeError) }
                return .aWriteFailed
            }
        }
        let done = outcomes.compactMap { $0 }
        let answer: PostgresPipelineAnswer
        do {
            answer = try connection.pipeline(["COMMIT", Self.flush])
        } catch {
            // Lost: the COMMIT's answer with it (a retry finds its results stored). Otherwise
            // nothing was sent: end the transaction.
            if !error.isConnectionLost { _ = try? connection.execute("ROLLBACK") }
            return .failed(StoreError.from(error))
        }
        guard let (index, error) = answer.failure else { return .committed(done) }
        if index == 0 || error.isConnectionLost {
            _ = try? connection.execute("ROLLBACK")
            return .failed(StoreError.from(error))
        }
        return flushFailed(batch, done)
    }

    /// A synchronous commit that writes WAL, without touching a row another session could be
    /// waiting for: its answer means the WAL before it is on disk.
    static let flush = PostgresStatement("SELECT pg_logical_emit_message(true, 'probe-server', 'flush')", prepared: true)

    private func commitWithoutSavepoints(_ batch: [StoreWrite]) -> FastCommit {
        do {
            try connection.execute("BEGIN")
            try lockRuns(of: batch)
        } catch {
            // A lock that timed out or was cancelled leaves the transaction aborted: end it,
            // or every later batch's BEGIN fails with in_failed_sql_transaction.
            _ = try? connection.execute("ROLLBACK")
            return .failed(StoreError.from(error))
        }
        var outcomes: [StoreWriteOutcome] = []
        outcomes.reserveCapacity(batch.count)
        for write in batch {
            do {
                outcomes.append(try PostgresWrites(connection: connection).apply(write))
            } catch {
                let storeError = StoreError.from(error)
                _ = try? connection.execute("ROLLBACK")
                if case .unavailable = storeError { return .failed(storeError) }
                return .aWriteFailed
            }
        }
        if let failure = commitTransaction() { return .failed(failure) }
        return .committed(outcomes)
    }
}

/// The writes in PostgreSQL's dialect, inside the batch's transaction and the write's
/// savepoint. The same checks and outcomes as `SQLiteRunStore.apply`.
struct PostgresWrites {
    let connection: PostgresConnection

    func apply(_ write: StoreWrite) throws -> StoreWriteOutcome {
        switch write {
        case .createRun(let run):
            try createRun(run)
            return .done
        case .appendResults(let results):
            return .appended(try appendResults(results))
        case .setPinned(let id, let pinned):
            try updateRun(id, "UPDATE runs SET pinned = $1 WHERE id = $2", [pinned ? "1" : "0", id])
            return .done
        case .completeRun(let id, let date):
            try updateRun(id, "UPDATE runs SET completed_at = coalesce(completed_at, $1), last_seen_at = greatest(last_seen_at, $1) WHERE id = $2",
                          [String(date.unixMillis), id])
            return .done
        case .setVerdict(let id, let verdict, let judgement):
            try StoreCheck.text(verdict, "verdict", max: StoreLimits.maxShortTextBytes)
            try judgement?.validate()
            // The run's row lock (`lockRuns`) serialises the instances: one of them stores it.
            if try connection.execute("UPDATE runs SET verdict = $1 WHERE id = $2 AND verdict IS NULL", [verdict, id]).affected == 1 {
                if let judgement { try putJudgement(judgement, of: id) }
                // Delivered to every listening instance when this transaction commits, and only then.
                try connection.execute("SELECT pg_notify($1, $2)", [PostgresRunStore.verdictChannel, id])
                return .judged(verdict: verdict, first: true)
            }
            guard let row = try connection.execute("SELECT verdict FROM runs WHERE id = $1", [id]).rows.first else {
                throw StoreError.runNotFound(id)
            }
            return .judged(verdict: row[0] ?? verdict, first: false)
        case .storeJudgement(let id, let judgement):
            try judgement.validate()
            guard let row = try connection.execute("SELECT completed_at IS NOT NULL FROM runs WHERE id = $1", [id]).rows.first else {
                throw StoreError.runNotFound(id)
            }
            guard row[0] == "t" else { throw StoreError.invalid(StoredJudgement.notCompleteProblem(id)) }
            try putJudgement(judgement, of: id)
            try connection.execute("UPDATE runs SET verdict = $1 WHERE id = $2 AND verdict IS NOT NULL", [judgement.verdict, id])
            return .done
        case .setDetectedPlatform(let id, let platform, let userAgent):
            try StoreCheck.text(platform, "platform", max: StoreLimits.maxShortTextBytes)
            try StoreCheck.text(userAgent, "user agent", max: StoreLimits.maxUserAgentBytes)
            try updateRun(id, "UPDATE runs SET detected_platform = $1, user_agent = coalesce($2, user_agent) WHERE id = $3",
                          [platform, userAgent, id])
            return .done
        case .touch(let id, let date):
            try touch(id, date.unixMillis)
            return .done
        case .addUpload(let upload):
            try addUpload(upload)
            return .done
        case .deleteRun(let id):
            return .deleted(uploadPaths: try deleteRun(id))
        case .purge(let date):
            return .purged(try purge(olderThan: date))
        }
    }

    /// Keeps `judgement` as the run's one, replacing any stored before.
    private func putJudgement(_ judgement: StoredJudgement, of id: String) throws {
        try connection.execute(
            """
            INSERT INTO judgements (run_id, catalog_version, verdict, report, judged_at) VALUES ($1, $2, $3, $4, $5)
            ON CONFLICT (run_id) DO UPDATE SET catalog_version = excluded.catalog_version, verdict = excluded.verdict,
                report = excluded.report, judged_at = excluded.judged_at
            """,
            [id, judgement.catalogVersion, judgement.verdict, judgement.report, String(judgement.judgedAt.unixMillis)])
    }

    private func createRun(_ run: RunRecord) throws {
        try run.validate()
        let inserted = try connection.execute(
            """
            INSERT INTO runs (id, label, platform, requirement_set, metadata, user_agent,
                              created_at, completed_at, verdict, last_seen_at, write_key_sha256, id_chosen)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
            ON CONFLICT (id) DO NOTHING
            """,
            [
                run.id, run.label, run.platform?.rawValue, run.requirementSet, run.metadata.storedText, run.userAgent,
                String(run.createdAt.unixMillis), run.completedAt.map { String($0.unixMillis) }, run.verdict?.rawValue,
                String(max(run.lastSeenAt.unixMillis, run.createdAt.unixMillis)), run.writeKeyDigest, run.idChosen ? "1" : "0",
            ])
        if inserted.affected == 0 { throw StoreError.runExists(run.id) }
    }

    private func touch(_ id: String, _ millis: Int64) throws {
        try updateRun(id, "UPDATE runs SET last_seen_at = greatest(last_seen_at, $1) WHERE id = $2", [String(millis), id])
    }

    /// One multi-row INSERT … ON CONFLICT DO NOTHING per write: the rows it returns are the
    /// new ones; the others are compared with what is stored (first write wins).
    private func appendResults(_ results: [ResultRecord]) throws -> [AppendOutcome] {
        guard results.count <= StoreLimits.maxResultsPerWrite else {
            throw StoreError.invalid("\(results.count) results in one write; the limit is \(StoreLimits.maxResultsPerWrite)")
        }
        for result in results { try result.validate() }
        var lastSeen: [String: Int64] = [:]
        for result in results {
            lastSeen[result.runID] = max(lastSeen[result.runID] ?? .min, result.receivedAt.unixMillis)
        }

        var placeholders: [String] = []
        var values: [String?] = []
        placeholders.reserveCapacity(results.count)
        values.reserveCapacity(results.count * 9)
        for (index, result) in results.enumerated() {
            let base = index * 9
            placeholders.append("(" + (1...9).map { "$\(base + $0)" }.joined(separator: ", ") + ")")
            values += [
                result.runID, result.probe, String(result.attempt), result.status, result.observed,
                result.elapsedMs.map { "\($0)" }, result.at.map { String($0.unixMillis) },
                String(result.receivedAt.unixMillis), result.reason,
            ]
        }
        if lastSeen.count > 1 {
            // Several runs in one write (the API posts one run per request): name the
            // first missing one, as SQLite does; the INSERT's foreign key cannot say which.
            let ids = lastSeen.keys.filter(RunID.isWellFormed).sorted()
            let found = Set(try connection.execute("SELECT id FROM runs WHERE id = ANY($1::text[])",
                                                   ["{" + ids.joined(separator: ",") + "}"]).rows.compactMap { $0[0] })
            if let missing = ids.first(where: { !found.contains($0) }) { throw StoreError.runNotFound(missing) }
        }
        let inserted: PostgresRows
        do {
            inserted = try connection.execute(
                """
                INSERT INTO results (run_id, probe, attempt, status, observed, elapsed_ms, at, received_at, reason)
                VALUES \(placeholders.joined(separator: ", "))
                ON CONFLICT (run_id, probe, attempt) DO NOTHING
                RETURNING run_id, probe, attempt
                """, values)
        } catch {
            // foreign_key_violation: a record names a missing run (a write names one run).
            if error.sqlState == "23503" { throw StoreError.runNotFound(lastSeen.keys.sorted().first ?? "") }
            throw error
        }
        var new = Set(inserted.rows.map { ResultKey(runID: $0[0] ?? "", probe: $0[1] ?? "", attempt: Int($0[2] ?? "") ?? -1) })

        var outcomes: [AppendOutcome] = []
        outcomes.reserveCapacity(results.count)
        var added = AddedResults()
        for result in results {
            let key = ResultKey(runID: result.runID, probe: result.probe, attempt: result.attempt)
            if new.remove(key) != nil {
                outcomes.append(.inserted)
                added.add(result)
                continue
            }
            let stored = try connection.execute(
                "SELECT \(PostgresReads.resultColumns) FROM results WHERE run_id = $1 AND probe = $2 AND attempt = $3",
                [result.runID, result.probe, String(result.attempt)]).rows.first.map(PostgresReads.result)
            outcomes.append(stored.map { $0.isSameResult(as: result) } == true ? .duplicate : .conflict)
        }
        // One UPDATE per run moves lastSeenAt and counts the new results; its row lock
        // serialises the instances writing to the run, so the quota holds across them.
        // Inside the write: over a quota, the whole write is rolled back.
        for (runID, millis) in lastSeen.sorted(by: { $0.key < $1.key }) {
            let usage = added[runID]
            let total = try connection.execute(
                """
                UPDATE runs SET last_seen_at = greatest(last_seen_at, $1), result_count = result_count + $2,
                                result_bytes = result_bytes + $3 WHERE id = $4
                RETURNING result_count, result_bytes, completed_at IS NOT NULL
                """, [String(millis), String(usage.count), String(usage.bytes), runID]).rows.first
            guard let total else { throw StoreError.runNotFound(runID) }
            // New results for a completed run: its verdict is final (a duplicate still answers as one).
            if usage.count > 0 && total[2] == "t" { throw StoreError.runCompleted(runID) }
            if Int64(total[0] ?? "") ?? 0 > Int64(Quotas.maxResultsPerRun) {
                throw StoreError.quotaExceeded(.resultsPerRun(limit: Quotas.maxResultsPerRun))
            }
            if Int64(total[1] ?? "") ?? 0 > Int64(Quotas.maxResultBytesPerRun) {
                throw StoreError.quotaExceeded(.resultBytesPerRun(limit: Quotas.maxResultBytesPerRun))
            }
        }
        return outcomes
    }

    private func addUpload(_ upload: UploadRecord) throws {
        try upload.validate()
        try touch(upload.runID, upload.receivedAt.unixMillis)
        let inserted = try connection.execute(
            """
            INSERT INTO uploads (id, run_id, probe, file_name, declared_type, sniffed_type,
                                 size, sha256, stored_path, received_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
            ON CONFLICT (id) DO NOTHING
            """,
            [
                upload.id, upload.runID, upload.probe, upload.fileName, upload.declaredType, upload.sniffedType,
                String(upload.size), upload.sha256, upload.storedPath, String(upload.receivedAt.unixMillis),
            ])
        if inserted.affected == 0 { throw StoreError.uploadExists(upload.id) }
        let total = try connection.execute(
            """
            UPDATE runs SET upload_count = upload_count + 1, upload_bytes = upload_bytes + $1 WHERE id = $2
            RETURNING upload_count, upload_bytes
            """, [String(upload.size), upload.runID]).rows.first
        if let total {
            if Int64(total[0] ?? "") ?? 0 > Int64(Quotas.maxUploadsPerRun) {
                throw StoreError.quotaExceeded(.uploadsPerRun(limit: Quotas.maxUploadsPerRun))
            }
            if Int64(total[1] ?? "") ?? 0 > Quotas.maxUploadBytesPerRun {
                throw StoreError.quotaExceeded(.uploadBytesPerRun(limit: Quotas.maxUploadBytesPerRun))
            }
        }
    }

    private func deleteRun(_ id: String) throws -> [String] {
        let paths = try connection.execute("SELECT stored_path FROM uploads WHERE run_id = $1 ORDER BY seq", [id])
            .rows.compactMap { $0[0] }
        // ON DELETE CASCADE removes the run's results and uploads.
        if try connection.execute("DELETE FROM runs WHERE id = $1", [id]).affected == 0 { throw StoreError.runNotFound(id) }
        return paths
    }

    private func purge(olderThan date: Date) throws -> PurgeOutcome {
        let candidates = try connection.execute(
            "SELECT id FROM runs WHERE last_seen_at < $1 AND pinned = 0 ORDER BY last_seen_at, id LIMIT $2",
            [String(date.unixMillis), String(StoreLimits.purgeBatchRuns + 1)]).rows.compactMap { $0[0] }
        let runIDs = Array(candidates.prefix(StoreLimits.purgeBatchRuns))
        var paths: [String] = []
        for id in runIDs { paths += try deleteRun(id) }
        return PurgeOutcome(runIDs: runIDs, uploadPaths: paths, hasMore: candidates.count > runIDs.count)
    }

    /// Runs an UPDATE of one run; `runNotFound` if no row matched (PostgreSQL counts the
    /// rows matched, changed values or not, as SQLite does).
    private func updateRun(_ id: String, _ sql: String, _ values: [String?]) throws {
        if try connection.execute(sql, values).affected == 0 { throw StoreError.runNotFound(id) }
    }
}

struct ResultKey: Hashable {
    let runID: String
    let probe: String
    let attempt: Int
}

extension StoreWrite {
    /// The existing runs this write changes (a new run's own id is not one yet).
    var runIDs: [String] {
        switch self {
        case .createRun, .purge: []
        case .appendResults(let results): results.map(\.runID)
        case .completeRun(let id, _), .setVerdict(let id, _, _), .storeJudgement(let id, _), .setDetectedPlatform(let id, _, _),
             .touch(let id, _), .deleteRun(let id), .setPinned(let id, _):
            [id]
        case .addUpload(let upload): [upload.runID]
        }
    }
}
