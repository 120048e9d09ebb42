import CSQLite
import Foundation
import Testing
@testable import ProbeStore

@Suite struct SQLiteDatabaseTests {
    private func memory() throws -> SQLiteDatabase {
        try SQLiteDatabase(path: ":memory:", busyTimeoutMilliseconds: 100)
    }

    @Test func TypedBinds_ReadBackExactly() throws {
        let database = try memory()
        try database.execute("CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, n TEXT)")
        let text = "naïve 🎥 \u{0}after-nul"
        let blob: [UInt8] = [0, 1, 2, 255]
        try database.execute(
            "INSERT INTO t VALUES (?, ?, ?, ?, ?)", [Int64.max, 0.1 + 0.2, text, blob, String?.none])
        let row = try #require(try database.firstRow("SELECT i, r, s, b, n FROM t") { row in
            (row.int64(at: 0), row.double(at: 1), row.string(at: 2), row.blob(at: 3), row.optionalString(at: 4))
        })
        #expect(row.0 == Int64.max)
        #expect(row.1 == 0.1 + 0.2)
        #expect(row.2 == text)
        #expect(row.3 == blob)
        #expect(row.4 == nil)
    }

    @Test func EmptyBlob_IsNotNull() throws {
        let database = try memory()
        let value = try database.firstRow("SELECT ?", [[UInt8]()]) { $0.value(at: 0) }
        #expect(value == .blob([]))
    }

    @Test func Error_CarriesCodesMessageAndSQL() throws {
        let database = try memory()
        try database.execute("CREATE TABLE t (id INTEGER PRIMARY KEY)")
        try database.execute("INSERT INTO t VALUES (?)", [1])
        let error = try #require(throws: SQLiteError.self) {
            try database.execute("INSERT INTO t VALUES (?)", [1])
        }
        #expect(error.resultCode == SQLITE_CONSTRAINT)
        // SQLITE_CONSTRAINT_PRIMARYKEY is (SQLITE_CONSTRAINT | (6 << 8)), a macro Swift cannot import.
        #expect(error.extendedCode == SQLITE_CONSTRAINT | (6 << 8))
        #expect(error.sql == "INSERT INTO t VALUES (?)")
        #expect(error.message.contains("UNIQUE"))
        #expect(error.description.contains("SQLITE_CONSTRAINT"))
    }

    @Test func SyntaxError_NamesTheSQL() throws {
        let database = try memory()
        let error = try #require(throws: SQLiteError.self) { try database.prepare("SELEKT 1") }
        #expect(error.resultCode == SQLITE_ERROR)
        #expect(error.sql == "SELEKT 1")
    }

    @Test func FullDiskError_SaysToFreeDiskSpace() {
        let error = SQLiteError(extendedCode: SQLITE_FULL, message: "database or disk is full", sql: "COMMIT")
        #expect(error.description.contains("free disk space"))
        #expect(StoreError(error) == .diskFull(error))
        #expect(StoreError(error).isRetryable)
        let readOnly = SQLiteError(extendedCode: SQLITE_READONLY, message: "attempt to write a readonly database")
        #expect(readOnly.description.contains("writable"))
        let corrupt = SQLiteError(extendedCode: SQLITE_CORRUPT, message: "database disk image is malformed")
        #expect(corrupt.description.contains(".recover"))
        #expect(StoreError(corrupt) == .corrupt(corrupt))
    }

    @Test func ThrowingTransaction_RollsBack() throws {
        let database = try memory()
        try database.execute("CREATE TABLE t (x INTEGER)")
        struct Abort: Error {}
        #expect(throws: Abort.self) {
            try database.transaction {
                try database.execute("INSERT INTO t VALUES (?)", [1])
                throw Abort()
            }
        }
        #expect(!database.isInTransaction)
        #expect(try database.firstRow("SELECT count(*) FROM t") { $0.int64(at: 0) } == 0)
    }

    @Test func FailedSavepoint_KeepsTheEnclosingTransaction() throws {
        let database = try memory()
        try database.execute("CREATE TABLE t (x INTEGER UNIQUE)")
        try database.transaction {
            try database.execute("INSERT INTO t VALUES (?)", [1])
            _ = try? database.savepoint("item") {
                try database.execute("INSERT INTO t VALUES (?)", [2])
                try database.execute("INSERT INTO t VALUES (?)", [1])  // fails: duplicate
            }
            try database.execute("INSERT INTO t VALUES (?)", [3])
        }
        #expect(try database.rows("SELECT x FROM t ORDER BY x") { $0.int64(at: 0) } == [1, 3])
    }

    @Test func TransientDestructor_IsExposedByTheShim() {
        // SQLITE_TRANSIENT is ((sqlite3_destructor_type)-1): the shim must hand out exactly that.
        let pointer = unsafeBitCast(probe_sqlite_transient(), to: Int.self)
        #expect(pointer == -1)
    }
}
