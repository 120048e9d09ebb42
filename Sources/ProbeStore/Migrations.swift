/// One step of the schema's history, in each engine's dialect side by side: a version
/// number means the same tables in SQLite and in PostgreSQL, and no step can be added to
/// one engine and forgotten in the other. Never edit a shipped migration: add the next one.
struct Migration: Sendable {
    /// The schema version after this migration (SQLite's `PRAGMA user_version`,
    /// PostgreSQL's `probe_schema`).
    let version: Int32
    let summary: String
    /// The step in SQLite's dialect, run by `Migrations.apply`.
    let sqlite: String
    /// The same step in PostgreSQL's, run by `PostgresMigrations.apply`.
    let postgres: String
}

/// The schema, as the ordered list of migrations that build it in both engines. SQLite
/// records how far it got in `PRAGMA user_version` (a field of the file header, so reading
/// it needs no table); each migration runs in its own transaction together with the version
/// bump, so a crash leaves the schema at one version or the next, never between.
/// PostgreSQL's bookkeeping is `PostgresMigrations`.
enum Migrations {
    static let all: [Migration] = [
        Migration(
            version: 1, summary: "runs, results, uploads",
            sqlite: """
                CREATE TABLE runs (
                    id TEXT PRIMARY KEY NOT NULL,
                    label TEXT,
                    platform TEXT,
                    requirement_set TEXT NOT NULL,
                    metadata TEXT NOT NULL DEFAULT '{}',
                    user_agent TEXT,
                    created_at INTEGER NOT NULL,
                    completed_at INTEGER,
                    verdict TEXT,
                    last_seen_at INTEGER NOT NULL
                ) STRICT;
                \(runsIndexes)

                -- A rowid table (not WITHOUT ROWID): rowid order is arrival order, which is the
                -- order the live step list shows.
                CREATE TABLE results (
                    run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
                    probe TEXT NOT NULL,
                    attempt INTEGER NOT NULL CHECK (attempt >= 0),
                    status TEXT NOT NULL,
                    observed TEXT NOT NULL,
                    elapsed_ms REAL,
                    at INTEGER,
                    received_at INTEGER NOT NULL,
                    PRIMARY KEY (run_id, probe, attempt)
                ) STRICT;

                CREATE TABLE uploads (
                    id TEXT PRIMARY KEY NOT NULL,
                    run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
                    probe TEXT NOT NULL,
                    file_name TEXT NOT NULL,
                    declared_type TEXT,
                    sniffed_type TEXT,
                    size INTEGER NOT NULL CHECK (size >= 0),
                    sha256 TEXT NOT NULL,
                    stored_path TEXT NOT NULL,
                    received_at INTEGER NOT NULL
                ) STRICT;
                -- The foreign key's child index: without it every run delete scans uploads.
                CREATE INDEX uploads_by_run ON uploads (run_id);
                """,
            postgres: """
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
                \(runsIndexes)

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
            sqlite: """
                -- Why a probe was skipped or errored (`needs-operator`): the diff reads it.
                ALTER TABLE results ADD COLUMN reason TEXT;
                -- The platform detected from the page's env.platform result, for the matrix
                -- and the platform filter when no override was given.
                ALTER TABLE runs ADD COLUMN detected_platform TEXT;
                CREATE INDEX runs_by_detected_platform ON runs (detected_platform, created_at, id);
                """,
            postgres: """
                ALTER TABLE results ADD COLUMN reason text;
                ALTER TABLE runs ADD COLUMN detected_platform text;
                CREATE INDEX runs_by_detected_platform ON runs (detected_platform, created_at, id);
                """),
        Migration(
            version: 3, summary: "run write keys, caller-chosen ids",
            sqlite: """
                -- SHA-256 (hex) of the run's write key (docs/security-capabilities.md): results,
                -- complete, uploads and the noscript beacon need the key or the token. Only the
                -- digest is kept, so a copy of the database does not let anyone write. NULL for
                -- runs created before keys existed: those take writes with the token only.
                ALTER TABLE runs ADD COLUMN write_key_sha256 TEXT;
                -- 1 when the caller chose the id (a CI job id): such an id is guessable, so
                -- reads need the key or the token too. Runs from before this migration whose id
                -- is not a generated 32-hex-digit one count as chosen.
                ALTER TABLE runs ADD COLUMN id_chosen INTEGER NOT NULL DEFAULT 0 CHECK (id_chosen IN (0, 1));
                UPDATE runs SET id_chosen = 1 WHERE length(id) != 32 OR id GLOB '*[^0-9a-f]*';
                """,
            postgres: """
                -- See the SQLite migration 3 (docs/security-capabilities.md).
                ALTER TABLE runs ADD COLUMN write_key_sha256 text;
                ALTER TABLE runs ADD COLUMN id_chosen integer NOT NULL DEFAULT 0 CHECK (id_chosen IN (0, 1));
                UPDATE runs SET id_chosen = 1 WHERE length(id) != 32 OR id ~ '[^0-9a-f]';
                """),
        Migration(
            version: 4, summary: "per-run usage for the quotas",
            sqlite: """
                -- What each run holds, kept by the writer in the transaction of every write that
                -- adds to it, so a quota check (`Quotas`) is one row read, never a scan.
                ALTER TABLE runs ADD COLUMN result_count INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE runs ADD COLUMN result_bytes INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE runs ADD COLUMN upload_count INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE runs ADD COLUMN upload_bytes INTEGER NOT NULL DEFAULT 0;
                \(usageBackfill(observedBytes: "length(CAST(observed AS BLOB))"))
                """,
            postgres: """
                -- Kept by the writer in the transaction of every write that adds to it; the row
                -- lock of that UPDATE serialises instances, so a quota holds across them.
                ALTER TABLE runs ADD COLUMN result_count bigint NOT NULL DEFAULT 0;
                ALTER TABLE runs ADD COLUMN result_bytes bigint NOT NULL DEFAULT 0;
                ALTER TABLE runs ADD COLUMN upload_count bigint NOT NULL DEFAULT 0;
                ALTER TABLE runs ADD COLUMN upload_bytes bigint NOT NULL DEFAULT 0;
                \(usageBackfill(observedBytes: "octet_length(observed)"))
                """),
        Migration(
            version: 5, summary: "pinned runs",
            sqlite: """
                -- A pinned run (certification evidence) is never purged by --keep-days.
                ALTER TABLE runs ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0;
                """,
            postgres: """
                -- A pinned run (certification evidence) is never purged by --keep-days.
                ALTER TABLE runs ADD COLUMN pinned integer NOT NULL DEFAULT 0;
                """),
        Migration(
            version: 6, summary: "stored judgements",
            sqlite: """
                -- A completed run's report, so that its readers (the report formats, /runs/ID,
                -- the /runs matrix, /diff) read it instead of judging the run again, and the
                -- catalog version it was judged against: another version judges it once more.
                -- Its own table: the runs' listing never reads ~50 KiB a row.
                CREATE TABLE judgements (
                    run_id TEXT PRIMARY KEY NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
                    catalog_version TEXT NOT NULL,
                    verdict TEXT NOT NULL,
                    report TEXT NOT NULL,
                    judged_at INTEGER NOT NULL
                ) STRICT;
                """,
            postgres: """
                -- See the SQLite migration 6: a completed run's report and its catalog version.
                CREATE TABLE judgements (
                    run_id text PRIMARY KEY REFERENCES runs (id) ON DELETE CASCADE,
                    catalog_version text NOT NULL,
                    verdict text NOT NULL,
                    report text NOT NULL,
                    judged_at bigint NOT NULL
                );
                """),
        Migration(
            version: 7, summary: "indexes of the /runs filters' expressions",
            sqlite: """
                -- The platform and verdict filters read a run's platform as the override, else the
                -- detected one, and a run never completed as incomplete (`listRuns`): indexes on
                -- those very expressions (https://www.sqlite.org/expridx.html), so a filter that
                -- few of 10,000 runs match finds its page without reading every run (8 ms -> 0.02 ms).
                CREATE INDEX runs_by_shown_platform ON runs (coalesce(platform, detected_platform), created_at, id);
                CREATE INDEX runs_by_shown_verdict ON runs (coalesce(verdict, 'incomplete'), created_at, id);
                """,
            postgres: """
                -- See the SQLite migration 7; an index on an expression
                -- (https://www.postgresql.org/docs/current/indexes-expressional.html).
                CREATE INDEX runs_by_shown_platform ON runs ((coalesce(platform, detected_platform)), created_at, id);
                CREATE INDEX runs_by_shown_verdict ON runs ((coalesce(verdict, 'incomplete')), created_at, id);
                """),
    ]

    /// The indexes of migration 1 on `runs`, the same statements in both dialects. Shipped
    /// text, like the migrations that interpolate it: never edit it.
    static let runsIndexes = """
        -- Listings are newest first, filtered by at most one of these; (created_at, id)
        -- is the keyset cursor, so every index ends with it.
        CREATE INDEX runs_by_created ON runs (created_at, id);
        CREATE INDEX runs_by_label ON runs (label, created_at, id);
        CREATE INDEX runs_by_platform ON runs (platform, created_at, id);
        CREATE INDEX runs_by_verdict ON runs (verdict, created_at, id);
        CREATE INDEX runs_by_last_seen ON runs (last_seen_at);
        """

    /// Migration 4's count of what the runs from before it hold: one statement in both
    /// dialects but for `observedBytes`, the byte length of a result's `observed` text.
    /// Shipped text: never edit it.
    static func usageBackfill(observedBytes: String) -> String {
        """
        UPDATE runs SET
            result_count = (SELECT count(*) FROM results WHERE run_id = runs.id),
            result_bytes = (SELECT coalesce(sum(\(observedBytes)), 0) FROM results WHERE run_id = runs.id),
            upload_count = (SELECT count(*) FROM uploads WHERE run_id = runs.id),
            upload_bytes = (SELECT coalesce(sum(size), 0) FROM uploads WHERE run_id = runs.id);
        """
    }

    /// The version this build creates and understands, in either engine.
    static var latestVersion: Int32 { all.last?.version ?? 0 }

    /// Brings `database` to `latestVersion`. Refuses a database from a newer build rather
    /// than writing to a schema it does not know.
    static func apply(to database: SQLiteDatabase) throws(StoreError) {
        do {
            let found = Int32(try database.pragma("user_version").flatMap { Int32($0) } ?? 0)
            guard found <= latestVersion else {
                throw StoreError.schemaTooNew(found: found, known: latestVersion)
            }
            for migration in all where migration.version > found {
                try database.transaction(.immediate) {
                    // Read again inside the write lock: another process may have migrated
                    // between the first read and here.
                    let current = Int32(try database.pragma("user_version").flatMap { Int32($0) } ?? 0)
                    guard current < migration.version else { return }
                    try database.execute(migration.sqlite)
                    try database.execute("PRAGMA user_version = \(migration.version)")
                }
            }
        } catch {
            throw StoreError.from(error)
        }
    }
}
