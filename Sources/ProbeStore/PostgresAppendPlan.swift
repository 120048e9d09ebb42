/// The statements of `PostgresBatchCommitter.commitAppendsPipelined`: a batch of appends,
/// whose results all validate and name distinct keys, as arrays (`unnest`: one statement
/// whatever the batch's size, https://www.postgresql.org/docs/current/functions-array.html).
/// nil for any other batch.
struct AppendPlan {
    let insert: PostgresStatement
    let lockRuns: PostgresStatement
    let count: PostgresStatement
    /// Every write's answer when the batch commits: each of its results new.
    let outcomes: [StoreWriteOutcome]
    /// The observations one pipeline carries at most (ingestion's batches are ~50 KB).
    static let maxObservedBytes = 16 * 1024 * 1024

    init?(_ batch: [StoreWrite]) {
        var columns = [[String?]](repeating: [], count: 9)
        var keys = Set<ResultKey>()
        var added = AddedResults()
        var lastSeen: [String: Int64] = [:]
        var outcomes: [StoreWriteOutcome] = []
        outcomes.reserveCapacity(batch.count)
        for write in batch {
            guard case .appendResults(let results) = write, results.count <= StoreLimits.maxResultsPerWrite else { return nil }
            for result in results {
                guard (try? result.validate()) != nil,
                      keys.insert(ResultKey(runID: result.runID, probe: result.probe, attempt: result.attempt)).inserted
                else { return nil }
                let values: [String?] = [
                    result.runID, result.probe, String(result.attempt), result.status, result.observed,
                    result.elapsedMs.map { "\($0)" }, result.at.map { String($0.unixMillis) },
                    String(result.receivedAt.unixMillis), result.reason,
                ]
                for (column, value) in values.enumerated() { columns[column].append(value) }
                added.add(result)
                lastSeen[result.runID] = max(lastSeen[result.runID] ?? .min, result.receivedAt.unixMillis)
            }
            outcomes.append(.appended(Array(repeating: .inserted, count: results.count)))
        }
        // An empty batch has nothing to send; a huge one (hundreds of large posts queued
        // at once) goes a statement per write rather than as one text of every array.
        guard !keys.isEmpty, added.byRun.values.reduce(0, { $0 + $1.bytes }) <= Self.maxObservedBytes else { return nil }
        let runs = lastSeen.keys.sorted()
        insert = PostgresStatement(
            """
            INSERT INTO results (run_id, probe, attempt, status, observed, elapsed_ms, at, received_at, reason)
            SELECT * FROM unnest($1::text[], $2::text[], $3::integer[], $4::text[], $5::text[],
                                 $6::double precision[], $7::bigint[], $8::bigint[], $9::text[])
            """, columns.map { PostgresArray.literal($0) }, prepared: true)
        lockRuns = PostgresStatement("SELECT id FROM runs WHERE id = ANY($1::text[]) ORDER BY id FOR NO KEY UPDATE",
                                     [PostgresArray.literal(runs)], prepared: true)
        // Plain SQL cannot raise an error, but a cast can: a refused run's row casts a
        // sentence to an integer, which fails the statement (invalid_text_representation)
        // with the sentence in the server's log.
        count = PostgresStatement(
            """
            WITH counted AS (
                UPDATE runs SET last_seen_at = greatest(runs.last_seen_at, v.seen),
                                result_count = runs.result_count + v.n, result_bytes = runs.result_bytes + v.b
                FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::bigint[]) AS v (id, seen, n, b)
                WHERE runs.id = v.id
                RETURNING runs.id, runs.result_count, runs.result_bytes, runs.completed_at IS NOT NULL AS completed)
            SELECT (CASE WHEN completed OR result_count > $5 OR result_bytes > $6
                         THEN 'probe-server: run ' || id || ' refuses these results (completed, or over a quota)'
                         ELSE '0' END)::integer
            FROM counted
            """,
            [PostgresArray.literal(runs), PostgresArray.literal(runs.map { String(lastSeen[$0]!) }),
             PostgresArray.literal(runs.map { String(added[$0].count) }), PostgresArray.literal(runs.map { String(added[$0].bytes) }),
             String(Quotas.maxResultsPerRun), String(Quotas.maxResultBytesPerRun)], prepared: true)
        self.outcomes = outcomes
    }
}

/// PostgreSQL's text form of a one-dimensional array, `{"a","b",NULL}`: every element
/// double-quoted with `"` and `\` escaped by a backslash, NULL bare
/// (https://www.postgresql.org/docs/current/arrays.html#ARRAYS-IO). Any text is safe in it.
enum PostgresArray {
    static func literal(_ elements: [String?]) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        bytes.reserveCapacity(elements.reduce(2) { $0 + ($1?.utf8.count ?? 4) + 3 })
        for (index, element) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            guard let element else {
                bytes += Array("NULL".utf8)
                continue
            }
            bytes.append(UInt8(ascii: "\""))
            for byte in element.utf8 {
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { bytes.append(UInt8(ascii: "\\")) }
                bytes.append(byte)
            }
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }
}
