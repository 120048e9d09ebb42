import CSQLite

/// One SQLite connection.
///
/// Not thread-safe by design: connections are opened with `SQLITE_OPEN_NOMUTEX` and each
/// belongs to one thread at a time (the store's writer thread, or a reader that checked it
/// out of the pool). That ownership is what makes skipping SQLite's own mutexes safe.
public final class SQLiteDatabase {
    public struct OpenFlags: OptionSet, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }

        public static let readOnly = OpenFlags(rawValue: SQLITE_OPEN_READONLY)
        public static let readWrite = OpenFlags(rawValue: SQLITE_OPEN_READWRITE)
        public static let create = OpenFlags(rawValue: SQLITE_OPEN_CREATE)
        /// Multi-thread mode: no per-connection mutex (see the type's comment).
        public static let noMutex = OpenFlags(rawValue: SQLITE_OPEN_NOMUTEX)
        /// Extended result codes from the open call itself (SQLite 3.37+).
        public static let extendedResultCodes = OpenFlags(rawValue: SQLITE_OPEN_EXRESCODE)
    }

    /// How a transaction takes its locks.
    public enum TransactionKind: String, Sendable {
        /// Takes the read lock at the first read and the write lock at the first write.
        case deferred = "DEFERRED"
        /// Takes the write lock at once, so a write never fails half-way with SQLITE_BUSY.
        case immediate = "IMMEDIATE"
    }

    let handle: OpaquePointer
    public let path: String
    /// Statements prepared once and reused: the writer runs the same few statements
    /// thousands of times, and preparing costs more than running them.
    private var statementCache: [String: SQLiteStatement] = [:]

    public init(
        path: String, flags: OpenFlags = [.readWrite, .create, .noMutex], busyTimeoutMilliseconds: Int32
    ) throws(SQLiteError) {
        var connection: OpaquePointer?
        let code = sqlite3_open_v2(path, &connection, flags.union(.extendedResultCodes).rawValue, nil)
        guard code == SQLITE_OK, let connection else {
            let error = SQLiteError(connection: connection, code: code, sql: nil)
            sqlite3_close_v2(connection)
            throw SQLiteError(
                extendedCode: error.extendedCode, message: "\(error.message) (opening \(path))", sql: nil)
        }
        self.handle = connection
        self.path = path
        // Extended codes in every return value, so SQLITE_IOERR_FSYNC is told from
        // SQLITE_IOERR_WRITE without asking again.
        sqlite3_extended_result_codes(connection, 1)
        sqlite3_busy_timeout(connection, busyTimeoutMilliseconds)
    }

    deinit {
        statementCache.removeAll()
        sqlite3_close_v2(handle)
    }

    // MARK: Statements

    /// Prepares a new statement (use for SQL that runs once).
    public func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        try SQLiteStatement(connection: handle, sql: sql)
    }

    /// A prepared statement for `sql` from this connection's cache, reset and ready.
    public func cachedStatement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let statement = statementCache[sql] {
            statement.reset()
            return statement
        }
        let statement = try prepare(sql)
        statementCache[sql] = statement
        return statement
    }

    /// Runs one or more SQL statements that take no parameters and return no rows.
    public func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(message)
            throw SQLiteError(extendedCode: sqlite3_extended_errcode(handle), message: text, sql: sql)
        }
    }

    /// Runs a cached statement with parameters; for statements that return no rows.
    public func execute(_ sql: String, _ values: [any SQLiteBindable]) throws(SQLiteError) {
        try cachedStatement(sql).execute(values)
    }

    /// Maps every row of a cached statement.
    public func rows<Row>(
        _ sql: String, _ values: [any SQLiteBindable] = [],
        _ map: (SQLiteStatement) throws(SQLiteError) -> Row
    ) throws(SQLiteError) -> [Row] {
        try cachedStatement(sql).rows(values, map)
    }

    /// Maps the first row of a cached statement, if any.
    public func firstRow<Row>(
        _ sql: String, _ values: [any SQLiteBindable] = [],
        _ map: (SQLiteStatement) throws(SQLiteError) -> Row
    ) throws(SQLiteError) -> Row? {
        try cachedStatement(sql).firstRow(values, map)
    }

    /// The text of a one-value PRAGMA (`journal_mode`, `integrity_check`...).
    public func pragma(_ text: String) throws(SQLiteError) -> String? {
        try prepare("PRAGMA \(text)").firstRow { $0.optionalString(at: 0) } ?? nil
    }

    // MARK: State

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// `false` in autocommit mode. SQLite can roll a transaction back by itself after
    /// SQLITE_FULL, SQLITE_IOERR, SQLITE_BUSY or SQLITE_NOMEM; this is how to tell.
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    // MARK: Transactions

    /// Runs `body` in a transaction: commits if it returns, rolls back if it throws.
    public func transaction<T>(_ kind: TransactionKind = .immediate, _ body: () throws -> T) throws -> T {
        try enclosed(begin: "BEGIN \(kind.rawValue)", end: "COMMIT", body) {
            try? execute("ROLLBACK", [])
        }
    }

    /// Runs `body` in a savepoint: released if it returns, rolled back to if it throws,
    /// leaving the enclosing transaction usable (unless SQLite rolled all of it back; see
    /// `isInTransaction`).
    public func savepoint<T>(_ name: String, _ body: () throws -> T) throws -> T {
        // Cached statements: the writer opens a savepoint per write, thousands per second.
        try enclosed(begin: "SAVEPOINT \(name)", end: "RELEASE \(name)", body) {
            try? execute("ROLLBACK TO \(name)", [])
            try? execute("RELEASE \(name)", [])
        }
    }

    /// `body` between the statements `begin` and `end`. If `end` or the body fails, `undo`
    /// runs, but only while SQLite still has a transaction: after SQLITE_FULL, SQLITE_IOERR
    /// and the like it has rolled everything back by itself.
    private func enclosed<T>(begin: String, end: String, _ body: () throws -> T, undo: () -> Void) throws -> T {
        try execute(begin, [])
        do {
            let value = try body()
            try execute(end, [])
            return value
        } catch {
            if isInTransaction { undo() }
            throw error
        }
    }
}
