import CSQLite
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A failed SQLite call: the primary and extended result codes, SQLite's own message and
/// the SQL that failed (GRDB style), so a log line is enough to understand what happened.
public struct SQLiteError: Error, Equatable, Sendable, LocalizedError, CustomStringConvertible {
    /// The extended result code (`SQLITE_IOERR_FSYNC`, `SQLITE_CONSTRAINT_PRIMARYKEY`, ...).
    public let extendedCode: Int32
    /// What SQLite said (`sqlite3_errmsg`, captured at the failing call).
    public let message: String
    /// The statement that failed, when there was one.
    public let sql: String?

    /// The primary result code (`SQLITE_FULL`, `SQLITE_CORRUPT`, ...): the low byte of the
    /// extended code, as the SQLite documentation defines it.
    public var resultCode: Int32 { extendedCode & 0xFF }

    public init(extendedCode: Int32, message: String, sql: String? = nil) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
    }

    /// Captures the current error of `connection` (call right after the failing call).
    init(connection: OpaquePointer?, code: Int32, sql: String? = nil) {
        let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
        // The connection's extended code belongs to the last failing call; if the caller
        // passes a different primary code, keep the one it saw.
        let chosen = (extended & 0xFF) == (code & 0xFF) ? extended : code
        let text = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(code))
        self.init(extendedCode: chosen, message: text, sql: sql)
    }

    /// The SQLite name of the primary code, e.g. `SQLITE_FULL`.
    public var codeName: String {
        switch resultCode {
        case SQLITE_ERROR: "SQLITE_ERROR"
        case SQLITE_INTERNAL: "SQLITE_INTERNAL"
        case SQLITE_PERM: "SQLITE_PERM"
        case SQLITE_ABORT: "SQLITE_ABORT"
        case SQLITE_BUSY: "SQLITE_BUSY"
        case SQLITE_LOCKED: "SQLITE_LOCKED"
        case SQLITE_NOMEM: "SQLITE_NOMEM"
        case SQLITE_READONLY: "SQLITE_READONLY"
        case SQLITE_INTERRUPT: "SQLITE_INTERRUPT"
        case SQLITE_IOERR: "SQLITE_IOERR"
        case SQLITE_CORRUPT: "SQLITE_CORRUPT"
        case SQLITE_NOTFOUND: "SQLITE_NOTFOUND"
        case SQLITE_FULL: "SQLITE_FULL"
        case SQLITE_CANTOPEN: "SQLITE_CANTOPEN"
        case SQLITE_PROTOCOL: "SQLITE_PROTOCOL"
        case SQLITE_SCHEMA: "SQLITE_SCHEMA"
        case SQLITE_TOOBIG: "SQLITE_TOOBIG"
        case SQLITE_CONSTRAINT: "SQLITE_CONSTRAINT"
        case SQLITE_MISMATCH: "SQLITE_MISMATCH"
        case SQLITE_MISUSE: "SQLITE_MISUSE"
        case SQLITE_RANGE: "SQLITE_RANGE"
        case SQLITE_NOTADB: "SQLITE_NOTADB"
        default: "SQLite error \(resultCode)"
        }
    }

    /// What an operator should do about it, for the codes that have a clear answer.
    public var advice: String? {
        switch resultCode {
        case SQLITE_FULL:
            "The disk holding the database is full: free disk space (or move the data directory); "
                + "the server resumes writing by itself once there is room."
        case SQLITE_READONLY:
            "The database is read-only for this process: check that the data directory and the "
                + "database file are writable by the server's user (SQLite creates the -wal and "
                + "-shm files next to the database)."
        case SQLITE_CORRUPT, SQLITE_NOTADB:
            "The database file is damaged or is not a SQLite database: stop the server, keep a "
                + "copy of the file with its -wal file, then restore a backup or salvage it with "
                + "`sqlite3 FILE .recover`."
        case SQLITE_CANTOPEN:
            "The database file cannot be opened: check that the data directory exists and is "
                + "writable by the server's user."
        case SQLITE_IOERR:
            "The operating system failed a read or write: check free disk space and the system log "
                + "(dmesg) for a failing disk."
        case SQLITE_BUSY, SQLITE_LOCKED:
            "Another process holds the database lock: probe-server expects to be the only writer "
                + "of its data directory; stop the other process."
        case SQLITE_NOMEM:
            "SQLite ran out of memory: give the server more memory."
        default:
            nil
        }
    }

    public var description: String {
        var text = "\(codeName) (extended code \(extendedCode)): \(message)"
        if let sql { text += " — SQL: \(sql)" }
        if let advice { text += ". \(advice)" }
        return text
    }

    public var errorDescription: String? { description }
}
