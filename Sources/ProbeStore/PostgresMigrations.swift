/// The PostgreSQL schema: the same versions as `Migrations` (SQLite), each in
/// PostgreSQL's dialect, so a version number means the same tables in both engines.
/// Never edit a shipped migration: add the next one to both lists.
///
/// Several instances may start at once against one database: the migrations run under a
/// session advisory lock (https://www.postgresql.org/docs/current/explicit-locking.html#ADVISORY-LOCKS),
/// so one migrates while the others wait, then find the schema current. The version lives in
/// `probe_schema`, bumped in each migration's own transaction (PostgreSQL's DDL is
/// transactional), so a crash leaves the schema at one version or the next.
enum PostgresMigrations {
    /// The advisory lock's key: any constant no other application on the database uses.
    static let lockKey: Int64 = 0x7072_6f62_6573_6572  // "probeser"

    static let all: [Migration] = [
        Migration(
            version: 1, summary: "runs, results, uploads",
            sql: """
                CREATE TABLE runs (
                    id text PRIMARY KEY,
                    label text,
                    platform text,
                    requirement_set text NOT NULL,
                    metadata text NOT NULL DEFAULT '{}',
                    user_agent text,
                    created_at bigint NOT NULL,
                    completed_at bigint,
                    verdict text,
                    last_seen_at bigint NOT NULL
                );
                -- Listings are newest first, filtered by at most one of these; (created_at, id)
                -- is the keyset cursor, so every index ends with it.
                CREATE INDEX runs_by_created ON runs (created_at, id);
                CREATE INDEX runs_by_label ON runs (label, created_at, id);
                CREATE INDEX runs_by_platform ON runs (platform, created_at, id);
                CREATE INDEX runs_by_verdict ON runs (verdict, created_at, id);
                CREATE INDEX runs_by_last_seen ON runs (last_seen_at);

                -- seq is arrival order (SQLite's rowid), the order the live step list shows.
                CREATE TABLE results (
                    seq bigint GENERATED ALWAYS AS IDENTITY,
                    run_id text NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
                    probe text NOT NULL,
                    attempt integer NOT NULL CHECK (attempt >= 0),
                    status text NOT NULL,
                    observed text NOT NULL,
                    elapsed_ms double precision,
                    at bigint,
                    received_at bigint NOT NULL,
                    PRIMARY KEY (run_id, probe, attempt)
                );

                CREATE TABLE uploads (
                    seq bigint GENERATED ALWAYS AS IDENTITY,
                    id text PRIMARY KEY,
                    run_id text NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
                    probe text NOT NULL,
                    file_name text NOT NULL,
                    declared_type text,
                    sniffed_type text,
                    size bigint NOT NULL CHECK (size >= 0),
                    sha256 text NOT NULL,
                    stored_path text NOT NULL,
                    received_at bigint NOT NULL
                );
                -- The foreign key's child index: without it every run delete scans uploads.
                CREATE INDEX uploads_by_run ON uploads (run_id);
                """),
        Migration(
            version: 2, summary: "result reasons, detected platform",
            sql: """
                ALTER TABLE results ADD COLUMN reason text;
                ALTER TABLE runs ADD COLUMN detected_platform text;
                CREATE INDEX runs_by_detected_platform ON runs (detected_platform, created_at, id);
                """),
        Migration(
            version: 3, summary: "run write keys, caller-chosen ids",
            sql: """
                -- See the SQLite migration 3 (docs/security-capabilities.md).
                ALTER TABLE runs ADD COLUMN write_key_sha256 text;
                ALTER TABLE runs ADD COLUMN id_chosen integer NOT NULL DEFAULT 0 CHECK (id_chosen IN (0, 1));
                UPDATE runs SET id_chosen = 1 WHERE length(id) != 32 OR id ~ '[^0-9a-f]';
                """),
        Migration(
            version: 4, summary: "per-run usage for the quotas",
            sql: """
                -- Kept by the writer in the transaction of every write that adds to it; the row
                -- lock of that UPDATE serialises instances, so a quota holds across them.
                ALTER TABLE runs ADD COLUMN result_count bigint NOT NULL DEFAULT 0;
                ALTER TABLE runs ADD COLUMN result_bytes bigint NOT NULL DEFAULT 0;
                ALTER TABLE runs ADD COLUMN upload_count bigint NOT NULL DEFAULT 0;
                ALTER TABLE runs ADD COLUMN upload_bytes bigint NOT NULL DEFAULT 0;
                UPDATE runs SET
                    result_count = (SELECT count(*) FROM results WHERE run_id = runs.id),
                    result_bytes = (SELECT coalesce(sum(octet_length(observed)), 0) FROM results WHERE run_id = runs.id),
                    upload_count = (SELECT count(*) FROM uploads WHERE run_id = runs.id),
                    upload_bytes = (SELECT coalesce(sum(size), 0) FROM uploads WHERE run_id = runs.id);
                """),
        Migration(
            version: 5, summary: "pinned runs",
            sql: """
                -- A pinned run (certification evidence) is never purged by --keep-days.
                ALTER TABLE runs ADD COLUMN pinned integer NOT NULL DEFAULT 0;
                """),
        Migration(
            version: 6, summary: "stored judgements",
            sql: """
                -- See the SQLite migration 6: a completed run's report and its catalog version.
                CREATE TABLE judgements (
                    run_id text PRIMARY KEY REFERENCES runs (id) ON DELETE CASCADE,
                    catalog_version text NOT NULL,
                    verdict text NOT NULL,
                    report text NOT NULL,
                    judged_at bigint NOT NULL
                );
                """),
    ]

    static var latestVersion: Int32 { all.last?.version ?? 0 }

    /// Brings the database to `latestVersion` under the advisory lock. Refuses a schema from
    /// a newer build rather than writing to tables it does not know.
    static func apply(on connection: PostgresConnection) throws(StoreError) {
        do {
            try connection.execute("SELECT pg_advisory_lock($1)", [String(lockKey)])
            defer { _ = try? connection.execute("SELECT pg_advisory_unlock($1)", [String(lockKey)]) }
            try connection.execute("CREATE TABLE IF NOT EXISTS probe_schema (version integer NOT NULL)")
            let found = Int32(try connection.execute("SELECT max(version) FROM probe_schema").rows.first?[0] ?? "0") ?? 0
            guard found <= latestVersion else { throw StoreError.schemaTooNew(found: found, known: latestVersion) }
            for migration in all where migration.version > found {
                try connection.execute("BEGIN")
                do {
                    try connection.execute(migration.sql)
                    try connection.execute("DELETE FROM probe_schema")
                    try connection.execute("INSERT INTO probe_schema (version) VALUES ($1)", [String(migration.version)])
                    try connection.execute("COMMIT")
                } catch {
                    _ = try? connection.execute("ROLLBACK")
                    throw error
                }
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.from(error)
        }
    }
}
