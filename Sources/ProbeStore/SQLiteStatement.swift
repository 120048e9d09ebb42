import CSQLite

/// A prepared statement. Like its connection, it belongs to one thread at a time.
///
/// Parameters are numbered from 1 and columns from 0, as in the C API.
public final class SQLiteStatement {
    let handle: OpaquePointer
    /// The connection the statement was prepared on (kept for error messages).
    private let connection: OpaquePointer
    public let sql: String

    init(connection: OpaquePointer, sql: String) throws(SQLiteError) {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(connection, sql, -1, 0, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw SQLiteError(connection: connection, code: code == SQLITE_OK ? SQLITE_MISUSE : code, sql: sql)
        }
        self.handle = statement
        self.connection = connection
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    // MARK: Binding

    /// Binds `values` to parameters 1...n, after clearing earlier bindings.
    public func bind(_ values: [any SQLiteBindable]) throws(SQLiteError) {
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            try bind(value.sqliteValue, at: Int32(offset + 1))
        }
    }

    public func bind(_ value: SQLiteValue, at index: Int32) throws(SQLiteError) {
        let code: Int32
        switch value {
        case .null:
            code = sqlite3_bind_null(handle, index)
        case .integer(let number):
            code = sqlite3_bind_int64(handle, index, number)
        case .real(let number):
            code = sqlite3_bind_double(handle, index, number)
        case .text(let text):
            // SQLITE_TRANSIENT: SQLite copies the bytes, because the C string Swift hands
            // over only lives for this call. The explicit length keeps embedded NULs.
            let length = Int32(text.utf8.count)
            code = text.withCString { sqlite3_bind_text(handle, index, $0, length, probe_sqlite_transient()) }
        case .blob(let bytes):
            if bytes.isEmpty {
                // A nil pointer would bind NULL, not an empty blob.
                code = sqlite3_bind_zeroblob(handle, index, 0)
            } else {
                code = bytes.withUnsafeBytes {
                    sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), probe_sqlite_transient())
                }
            }
        }
        guard code == SQLITE_OK else { throw SQLiteError(connection: connection, code: code, sql: sql) }
    }

    // MARK: Stepping

    /// Advances to the next row: `true` when a row is available, `false` when done.
    @discardableResult
    public func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = SQLiteError(connection: connection, code: code, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Makes the statement ready to run again (bindings are kept until the next `bind`).
    public func reset() {
        sqlite3_reset(handle)
    }

    /// Binds, runs to completion and resets: for statements that return no rows.
    public func execute(_ values: [any SQLiteBindable] = []) throws(SQLiteError) {
        defer { reset() }
        try bind(values)
        while try step() {}
    }

    /// Binds, then maps every row; resets afterwards.
    public func rows<Row>(
        _ values: [any SQLiteBindable] = [], _ map: (SQLiteStatement) throws(SQLiteError) -> Row
    ) throws(SQLiteError) -> [Row] {
        defer { reset() }
        try bind(values)
        var rows: [Row] = []
        while try step() { rows.append(try map(self)) }
        return rows
    }

    /// Binds, then maps the first row, if any; resets afterwards.
    public func firstRow<Row>(
        _ values: [any SQLiteBindable] = [], _ map: (SQLiteStatement) throws(SQLiteError) -> Row
    ) throws(SQLiteError) -> Row? {
        defer { reset() }
        try bind(values)
        guard try step() else { return nil }
        return try map(self)
    }

    // MARK: Columns of the current row

    public var columnCount: Int32 { sqlite3_column_count(handle) }

    public func isNull(at column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    public func int64(at column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    public func optionalInt64(at column: Int32) -> Int64? {
        isNull(at: column) ? nil : int64(at: column)
    }

    public func double(at column: Int32) -> Double {
        sqlite3_column_double(handle, column)
    }

    public func optionalDouble(at column: Int32) -> Double? {
        isNull(at: column) ? nil : double(at: column)
    }

    public func string(at column: Int32) -> String {
        // column_text before column_bytes: the documented order that gives the UTF-8 length.
        guard let text = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    public func optionalString(at column: Int32) -> String? {
        isNull(at: column) ? nil : string(at: column)
    }

    public func blob(at column: Int32) -> [UInt8] {
        guard let bytes = sqlite3_column_blob(handle, column) else { return [] }
        let count = Int(sqlite3_column_bytes(handle, column))
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    public func value(at column: Int32) -> SQLiteValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: .integer(int64(at: column))
        case SQLITE_FLOAT: .real(double(at: column))
        case SQLITE_TEXT: .text(string(at: column))
        case SQLITE_BLOB: .blob(blob(at: column))
        default: .null
        }
    }
}
