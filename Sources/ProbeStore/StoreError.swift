import CSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why a store operation failed, and what to do about it.
public enum StoreError: Error, Equatable, Sendable, LocalizedError {
    /// The run does not exist (never created, deleted or purged).
    case runNotFound(String)
    /// New results for a run that is complete: its verdict is final.
    case runCompleted(String)
    /// `createRun` with an id that is already taken.
    case runExists(String)
    /// `addUpload` with an id that is already taken.
    case uploadExists(String)
    /// A record breaks a limit of `StoreLimits` or is malformed; the text says which.
    case invalid(String)
    /// The disk is full (SQLITE_FULL). Nothing of the failed write was kept; retry later.
    case diskFull(SQLiteError)
    /// The operating system failed a read or write (SQLITE_IOERR): disk full on some
    /// filesystems, or a failing disk. Nothing of the failed write was kept.
    case ioError(SQLiteError)
    /// The database cannot be written by this process (SQLITE_READONLY).
    case readOnly(SQLiteError)
    /// The database file is damaged (SQLITE_CORRUPT, SQLITE_NOTADB).
    case corrupt(SQLiteError)
    /// Another process holds the database lock beyond the busy timeout.
    case busy(SQLiteError)
    /// Too many writes are waiting for the disk; retry shortly.
    case overloaded(queued: Int)
    /// The database was written by a newer probe-server.
    case schemaTooNew(found: Int32, known: Int32)
    /// The store was closed (the server is shutting down).
    case closed
    /// The write would break a quota of the run or of the store (`Quotas`); nothing of it was kept.
    case quotaExceeded(QuotaExceeded)
    /// Any other SQLite failure: a bug, or something the cases above do not cover.
    case database(SQLiteError)
    /// The PostgreSQL server cannot be reached (down, restarting, network): nothing of the
    /// write was acknowledged; the store reconnects by itself, so retry shortly.
    case unavailable(PostgresError)
    /// Any other PostgreSQL failure: a bug, or something the cases above do not cover.
    case postgres(PostgresError)
    /// A PostgreSQL store was asked for and libpq cannot be loaded (`LibPQ`): what to install.
    case postgresLibraryMissing(PostgresError)
    /// An upload's file could not be made (`UploadFiles`): the operating system's error, and
    /// what was being done. ENOSPC is a full disk; nothing of the upload was kept.
    case uploadFile(errno: Int32, what: String)

    /// Maps an SQLite failure to the case an operator can act on.
    public init(_ error: SQLiteError) {
        switch error.resultCode {
        case SQLITE_FULL: self = .diskFull(error)
        case SQLITE_IOERR: self = .ioError(error)
        case SQLITE_READONLY: self = .readOnly(error)
        case SQLITE_CORRUPT, SQLITE_NOTADB: self = .corrupt(error)
        case SQLITE_BUSY, SQLITE_LOCKED: self = .busy(error)
        default: self = .database(error)
        }
    }

    /// Maps any error thrown inside the store.
    static func from(_ error: any Error) -> StoreError {
        switch error {
        case let error as StoreError: error
        case let error as SQLiteError: StoreError(error)
        case let error as PostgresError where error.isLibraryMissing: .postgresLibraryMissing(error)
        case let error as PostgresError: error.isConnectionLost ? .unavailable(error) : .postgres(error)
        default: .database(SQLiteError(extendedCode: SQLITE_ERROR, message: "\(error)"))
        }
    }

    /// The condition is temporary and the same request may succeed later: answer 503 with
    /// Retry-After, and the page keeps the result queued.
    public var isRetryable: Bool {
        switch self {
        case .diskFull, .ioError, .busy, .overloaded, .closed, .unavailable, .uploadFile: true
        default: false
        }
    }

    /// The disk is full, in the database or under an upload's file.
    public var isDiskFull: Bool {
        switch self {
        case .diskFull: true
        case .uploadFile(let code, _): code == ENOSPC
        default: false
        }
    }

    /// The request itself is wrong (4xx); retrying it unchanged will not help.
    public var isClientError: Bool {
        switch self {
        case .runNotFound, .runCompleted, .runExists, .uploadExists, .invalid, .quotaExceeded: true
        default: false
        }
    }

    public var errorDescription: String? {
        switch self {
        case .runNotFound(let id):
            "Run \(id) does not exist: create it first (POST /api/runs), or it was deleted or purged."
        case .runCompleted(let id):
            "Run \(id) is complete and judged: it takes no new results. Start a new run (POST /api/runs)."
        case .runExists(let id):
            "Run \(id) already exists: open it to resume it, or create a run without an id."
        case .uploadExists(let id):
            "Upload \(id) already exists: upload ids must be unique."
        case .invalid(let what):
            "Rejected by the store: \(what)."
        case .diskFull(let error):
            "The disk is full; the write was not saved. Free disk space and retry. (\(error.message))"
        case .ioError(let error):
            "The system failed a write; it was not saved. Check free space and the system log. (\(error))"
        case .readOnly(let error):
            Self.advised("The database is read-only for this process.", error)
        case .corrupt(let error):
            Self.advised("The database is damaged.", error)
        case .busy(let error):
            Self.advised("The database is locked by another process.", error)
        case .overloaded(let queued):
            "\(queued) writes are waiting for the disk; retry in a moment."
        case .schemaTooNew(let found, let known):
            "The database has schema version \(found) but this probe-server knows up to \(known): "
                + "upgrade probe-server, or point it at another data directory."
        case .quotaExceeded(let quota):
            "Refused by a quota: \(quota.message)."
        case .closed:
            "The store is closed (the server is shutting down); retry against the restarted server."
        case .database(let error):
            error.description
        case .unavailable(let error):
            "The database is unreachable; the write was not saved and the server keeps trying to reconnect: "
                + "retry in a moment. (\(error))"
        case .postgres(let error):
            "PostgreSQL refused the statement: \(error)"
        case .postgresLibraryMissing(let error):
            error.message
        case .uploadFile(let code, let what):
            // Lower case: it is the answer's message as it stands (`StoreError.httpError`).
            "cannot \(what): \(String(cString: strerror(code)))\(code == ENOSPC ? ": free space on the data folder's disk" : ""); nothing of the upload was kept"
        }
    }

    /// An SQLite failure the operator fixes outside the server: what happened, what to do
    /// about it (`SQLiteError.advice`), then SQLite's own words.
    private static func advised(_ problem: String, _ error: SQLiteError) -> String {
        "\(problem) \(error.advice ?? "") (\(error.message))"
    }
}
