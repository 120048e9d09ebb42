/// Applies `Migrations.all` to PostgreSQL, each step in its PostgreSQL dialect
/// (`Migration.postgres`).
///
/// Several instances may start at once against one database: the migrations run under a
/// session advisory lock (https://www.postgresql.org/docs/current/explicit-locking.html#ADVISORY-LOCKS),
/// so one migrates while the others wait, then find the schema current. The version lives in
/// `probe_schema`, bumped in each migration's own transaction (PostgreSQL's DDL is
/// transactional), so a crash leaves the schema at one version or the next.
enum PostgresMigrations {
    /// The advisory lock's key: any constant no other application on the database uses.
    static let lockKey: Int64 = 0x7072_6f62_6573_6572  // "probeser"

    /// Brings the database to `Migrations.latestVersion` under the advisory lock. Refuses a schema from
    /// a newer build rather than writing to tables it does not know.
    static func apply(on connection: PostgresConnection) throws(StoreError) {
        do {
            try connection.execute("SELECT pg_advisory_lock($1)", [String(lockKey)])
            defer { _ = try? connection.execute("SELECT pg_advisory_unlock($1)", [String(lockKey)]) }
            try connection.execute("CREATE TABLE IF NOT EXISTS probe_schema (version integer NOT NULL)")
            let found = Int32(try connection.execute("SELECT max(version) FROM probe_schema").rows.first?[0] ?? "0") ?? 0
            guard found <= Migrations.latestVersion else { throw StoreError.schemaTooNew(found: found, known: Migrations.latestVersion) }
            for migration in Migrations.all where migration.version > found {
                try connection.execute("BEGIN")
                do {
                    try connection.execute(migration.postgres)
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
