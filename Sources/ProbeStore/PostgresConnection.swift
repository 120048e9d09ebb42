import CPostgres
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
import BeyondEssentials

/// A failed libpq call: the SQLSTATE, PostgreSQL's message and the SQL, so a log line says
/// what happened (https://www.postgresql.org/docs/current/errcodes-appendix.html).
public struct PostgresError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Five characters (`23505` unique_violation, `57P01` admin_shutdown); nil when no
    /// server answered (the connection failed or broke, or libpq is not installed).
    public let sqlState: String?
    public let message: String
    public let sql: String?
    /// The connection is gone or the server cannot take it now: reconnect, then retry.
    public let isConnectionLost: Bool
    /// libpq could not be loaded (`LibPQ`): no connection can be made until it is installed.
    public var isLibraryMissing = false

    public var description: String {
        var text = message.trimming(.whitespacesAndNewlines)
        if let sqlState { text += " (SQLSTATE \(sqlState))" }
        if let sql { text += " in: \(sql.prefix(120))" }
        return text
    }

    /// 22021 character_not_in_repertoire: what PostgreSQL answers for a NUL in text input.
    package static let characterNotInRepertoire = "22021"
    /// 26000 invalid_sql_statement_name: a prepared statement the session no longer has.
    static let noSuchPreparedStatement = "26000"

    /// SQLSTATE classes that mean "the server went away or is not ready", not "the SQL is
    /// wrong": 08 connection exception, 57P01-57P03 shutdown and startup.
    static func isConnectionState(_ state: String?) -> Bool {
        guard let state else { return false }
        return state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state)
    }
}

/// One libpq connection, used by one thread at a time. Text parameters and text results
/// only (`PQexecParams` with format 0): every column here is text or a number, and text
/// keeps the wrapper small. Reconnects on demand (`reconnectIfBroken`), never by itself.
final class PostgresConnection {
    /// Seconds libpq waits for a server to answer a connect: past it the store reports
    /// `unavailable` instead of holding the writer thread (libpq's default is forever).
    static let connectTimeoutSeconds = 3

    let location: PostgresLocation
    private let pq: LibPQ
    private var connection: OpaquePointer?
    /// The statements prepared on this session (SQL → name): parsed once per connection
    /// instead of on every use. Only those a caller marks (`prepared: true`), which are few
    /// and fixed texts; the cap bounds the session's memory if that ever changes.
    private var preparedNames: [String: String] = [:]
    static let maxPreparedStatements = 32
    private let prepare: (PostgresConnection) throws(PostgresError) -> Void

    /// Connects at once; `prepare` runs after every (re)connect (session settings).
    init(location: PostgresLocation,
         prepare: @escaping (PostgresConnection) throws(PostgresError) -> Void = { _ throws(PostgresError) in }) throws(PostgresError) {
        self.location = location
        self.prepare = prepare
        pq = try LibPQ.shared.get()
        try connect()
    }

    deinit {
        if let connection { pq.finish(connection) }
    }

    var isBroken: Bool {
        guard let connection else { return true }
        return pq.status(connection) != CONNECTION_OK
    }

    /// The socket libpq reads from (for `poll`), or -1.
    var socket: Int32 { connection.map { pq.socket($0) } ?? -1 }

    func reconnectIfBroken() throws(PostgresError) {
        if isBroken { try connect() }
    }

    private func connect() throws(PostgresError) {
        if let connection { pq.finish(connection) }
        connection = nil
        preparedNames = [:]
        // Earlier keywords are defaults; the URL (expanded from dbname) overrides them.
        let keywords = ["connect_timeout", "application_name", "dbname"]
        let values = [String(Self.connectTimeoutSeconds), "probe-server", location.url]
        let opened: OpaquePointer? = withCStrings(keywords) { k in
            withCStrings(values) { v in pq.connectdbParams(k, v, 1) }
        }
        guard let opened, pq.status(opened) == CONNECTION_OK else {
            let message = opened.map { text(pq.errorMessage($0)) } ?? "out of memory"
            if let opened { pq.finish(opened) }
            throw PostgresError(sqlState: nil, message: "cannot connect to \(location.redacted): \(message)",
                                sql: nil, isConnectionLost: true)
        }
        connection = opened
        do {
            try prepare(self)
        } catch {
            pq.finish(opened)
            connection = nil
            throw error
        }
    }

    /// Runs one statement with `$1…` parameters (nil is NULL); or, without parameters,
    /// a script of several statements (migrations).
    /// With `prepared`, the statement is prepared on this session the first time (one round
    /// trip more, once) and then only bound and run: for statements run on every request.
    @discardableResult
    func execute(_ sql: String, _ parameters: [String?] = [], prepared: Bool = false) throws(PostgresError) -> PostgresRows {
        guard let connection, pq.status(connection) == CONNECTION_OK else {
            throw PostgresError(sqlState: nil, message: "the connection to \(location.redacted) is closed",
                                sql: sql, isConnectionLost: true)
        }
        let result: OpaquePointer?
        if parameters.isEmpty && !prepared {
            result = pq.exec(connection, sql)
        } else {
            try Self.refuseNUL(parameters, in: sql)
            let name = prepared ? try preparedName(sql, parameterCount: parameters.count) : nil
            let copies = parameters.map { $0.map { strdup($0) } ?? nil }
            defer { for copy in copies { free(copy) } }
            result = copies.map { UnsafePointer($0) }.withUnsafeBufferPointer { values in
                if let name {
                    pq.execPrepared(connection, name, Int32(parameters.count), values.baseAddress, nil, nil, 0)
                } else {
                    pq.execParams(connection, sql, Int32(parameters.count), nil, values.baseAddress, nil, nil, 0)
                }
            }
        }
        defer { pq.clear(result) }
        let status = result.map { pq.resultStatus($0) } ?? PGRES_FATAL_ERROR
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            let failure = error(of: result, on: connection, sql: sql)
            if failure.sqlState == PostgresError.noSuchPreparedStatement && !preparedNames.isEmpty {
                // The session lost them (DISCARD ALL, a pooler): forget them, and run it unnamed.
                preparedNames = [:]
                return try execute(sql, parameters)
            }
            throw failure
        }
        guard let result else { return PostgresRows(rows: [], affected: 0) }
        return rows(of: result)
    }

    /// Sends `statements` in one pipeline with one sync (libpq's pipeline mode:
    /// https://www.postgresql.org/docs/current/libpq-pipeline-mode.html), so that together
    /// they cost one round trip. The server runs them in order and skips the rest after a
    /// failure: the answer holds the rows of those that ran, and the failure with the index
    /// of its statement. A pipeline that cannot be finished (the connection broke, libpq
    /// refused a step) throws and closes the connection, so the next use reconnects rather
    /// than read a stale answer.
    func pipeline(_ statements: [PostgresStatement]) throws(PostgresError) -> PostgresPipelineAnswer {
        guard let connection, pq.status(connection) == CONNECTION_OK else {
            throw PostgresError(sqlState: nil, message: "the connection to \(location.redacted) is closed",
                                sql: statements.first?.sql, isConnectionLost: true)
        }
        var names: [String?] = []
        for statement in statements {
            try Self.refuseNUL(statement.parameters, in: statement.sql)
            // Before the pipeline: a statement is prepared outside any transaction.
            names.append(statement.prepared ? try preparedName(statement.sql, parameterCount: statement.parameters.count) : nil)
        }
        func broken(_ what: String, _ sql: String? = nil) -> PostgresError {
            let message = "\(what): " + text(pq.errorMessage(connection))
            pq.finish(connection)
            self.connection = nil
            return PostgresError(sqlState: nil, message: message, sql: sql, isConnectionLost: true)
        }
        guard pq.enterPipelineMode(connection) == 1 else { throw broken("cannot enter pipeline mode") }
        for (statement, name) in zip(statements, names) {
            let copies = statement.parameters.map { $0.map { strdup($0) } ?? nil }
            defer { for copy in copies { free(copy) } }
            let sent = copies.map { UnsafePointer($0) }.withUnsafeBufferPointer { values in
                if let name {
                    pq.sendQueryPrepared(connection, name, Int32(copies.count), values.baseAddress, nil, nil, 0)
                } else {
                    pq.sendQueryParams(connection, statement.sql, Int32(copies.count), nil, values.baseAddress, nil, nil, 0)
                }
            }
            guard sent == 1 else { throw broken("cannot send a statement", statement.sql) }
        }
        guard pq.pipelineSync(connection) == 1 else { throw broken("cannot send the pipeline") }

        // Each statement's results end with a NULL; PGRES_PIPELINE_SYNC ends the pipeline.
        var answers: [PostgresRows] = []
        answers.reserveCapacity(statements.count)
        var current: PostgresRows?
        var failure: (index: Int, error: PostgresError)?
        while true {
            guard let result = pq.getResult(connection) else {
                if pq.status(connection) != CONNECTION_OK { throw broken("the connection broke") }
                answers.append(current ?? PostgresRows(rows: [], affected: 0))
                current = nil
                if answers.count > statements.count { throw broken("more answers than statements") }
                continue
            }
            defer { pq.clear(result) }
            let status = pq.resultStatus(result)
            if status == PGRES_PIPELINE_SYNC { break }
            switch status {
            case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
                current = rows(of: result)
            case PGRES_PIPELINE_ABORTED:
                break  // skipped after the failure
            default:
                if failure == nil {
                    let sql = answers.count < statements.count ? statements[answers.count].sql : nil
                    failure = (answers.count, error(of: result, on: connection, sql: sql))
                    // The session lost its prepared statements: prepare them again next time.
                    if failure?.error.sqlState == PostgresError.noSuchPreparedStatement { preparedNames = [:] }
                }
            }
        }
        guard pq.exitPipelineMode(connection) == 1 else { throw broken("cannot leave pipeline mode") }
        return PostgresPipelineAnswer(rows: Array(answers.prefix(failure?.index ?? answers.count)), failure: failure)
    }

    /// The name `sql` is prepared under on this session, preparing it first; nil once the
    /// cap is reached (the statement is then sent unnamed). A statement the server refuses
    /// to prepare throws what running it would have.
    private func preparedName(_ sql: String, parameterCount: Int) throws(PostgresError) -> String? {
        if let name = preparedNames[sql] { return name }
        guard let connection, preparedNames.count < Self.maxPreparedStatements else { return nil }
        let name = "probe_\(preparedNames.count + 1)"
        let result = pq.prepare(connection, name, sql, Int32(parameterCount), nil)
        defer { pq.clear(result) }
        guard let result, pq.resultStatus(result) == PGRES_COMMAND_OK else {
            throw error(of: result, on: connection, sql: sql)
        }
        preparedNames[sql] = name
        return name
    }

    /// Text parameters travel as C strings (libpq ignores paramLengths for text format:
    /// https://www.postgresql.org/docs/current/libpq-exec.html#LIBPQ-PQEXECPARAMS), so a NUL
    /// would silently cut the value there. The records refuse NUL first (`StoreCheck.text`);
    /// this is the last line: fail, never store a shorter text.
    private static func refuseNUL(_ parameters: [String?], in sql: String) throws(PostgresError) {
        if let index = parameters.firstIndex(where: { $0.map(StoreCheck.holdsNUL) == true }) {
            throw PostgresError(sqlState: PostgresError.characterNotInRepertoire,
                                message: "parameter $\(index + 1) holds U+0000 (NUL), which PostgreSQL text cannot store; nothing was sent",
                                sql: sql, isConnectionLost: false)
        }
    }

    /// The failure `result` reports (or the connection's, when there is no result).
    private func error(of result: OpaquePointer?, on connection: OpaquePointer, sql: String?) -> PostgresError {
        let state = result.flatMap { pq.resultErrorField($0, Int32(UInt8(ascii: "C"))) }.map { String(cString: $0) }
        let message = result.flatMap { pq.resultErrorMessage($0) }.map { String(cString: $0) }
            .flatMap { $0.isEmpty ? nil : $0 } ?? text(pq.errorMessage(connection))
        let lost = pq.status(connection) != CONNECTION_OK || PostgresError.isConnectionState(state)
        return PostgresError(sqlState: state, message: message, sql: sql, isConnectionLost: lost)
    }

    /// The rows of a successful result as text, and the rows its statement changed.
    private func rows(of result: OpaquePointer) -> PostgresRows {
        let rowCount = Int(pq.ntuples(result))
        let columnCount = Int(pq.nfields(result))
        var rows: [[String?]] = []
        rows.reserveCapacity(rowCount)
        for r in 0..<rowCount {
            var row: [String?] = []
            row.reserveCapacity(columnCount)
            for c in 0..<columnCount {
                if pq.getisnull(result, Int32(r), Int32(c)) != 0 {
                    row.append(nil)
                } else {
                    row.append(text(pq.getvalue(result, Int32(r), Int32(c))))
                }
            }
            rows.append(row)
        }
        let affected = Int(text(pq.cmdTuples(result))) ?? 0
        return PostgresRows(rows: rows, affected: affected)
    }

    /// Reads what arrived on the socket and returns the notifications it held
    /// (https://www.postgresql.org/docs/current/libpq-notify.html). Throws when the
    /// connection broke.
    func consumeNotifications() throws(PostgresError) -> [(channel: String, payload: String)] {
        guard let connection, pq.consumeInput(connection) != 0 else {
            let message = connection.map { text(pq.errorMessage($0)) } ?? "closed"
            throw PostgresError(sqlState: nil, message: message, sql: nil, isConnectionLost: true)
        }
        var notifications: [(String, String)] = []
        while let notification = pq.notifies(connection) {
            notifications.append((String(cString: notification.pointee.relname), String(cString: notification.pointee.extra)))
            pq.freemem(notification)
        }
        return notifications
    }
}

/// A statement and its `$1…` parameters (nil is NULL), for `PostgresConnection.pipeline`.
struct PostgresStatement: ExpressibleByStringLiteral {
    let sql: String
    let parameters: [String?]
    /// Prepared on the session once (`PostgresConnection.execute(_:_:prepared:)`).
    let prepared: Bool

    init(_ sql: String, _ parameters: [String?] = [], prepared: Bool = false) {
        self.sql = sql
        self.parameters = parameters
        self.prepared = prepared
    }

    init(stringLiteral sql: String) {
        self.init(sql)
    }
}

/// What a pipeline's statements answered: the rows of each that ran, in order, then the
/// first failure and its statement's index (the server skipped the statements after it).
struct PostgresPipelineAnswer {
    let rows: [PostgresRows]
    let failure: (index: Int, error: PostgresError)?
}

/// A C string libpq returned (NULL only when out of memory), as Swift text.
private func text(_ string: UnsafeMutablePointer<CChar>?) -> String {
    string.map { String(cString: $0) } ?? ""
}

/// The rows of one statement as text (nil for NULL), and the rows it changed.
struct PostgresRows {
    let rows: [[String?]]
    let affected: Int
}

/// Calls `body` with a NULL-terminated array of C strings that live for the call.
private func withCStrings<T>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T) -> T {
    let copies = strings.map { strdup($0) }
    defer { for copy in copies { free(copy) } }
    let pointers: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) } + [nil]
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}

/// Where the PostgreSQL store is: a libpq connection URI
/// (https://www.postgresql.org/docs/current/libpq-connect.html#LIBPQ-CONNSTRING-URIS).
public struct PostgresLocation: Sendable, Equatable {
    public let url: String

    /// nil unless `text` is a `postgres://` or `postgresql://` URI.
    public init?(_ text: String) {
        guard text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") else { return nil }
        url = text
    }

    /// The URI without its password, for logs and errors.
    public var redacted: String {
        guard let scheme = url.firstRange(of: "://"), let at = url[scheme.upperBound...].firstIndex(of: "@") else { return url }
        let userInfo = url[scheme.upperBound..<at]
        guard let colon = userInfo.firstIndex(of: ":") else { return url }
        return String(url[..<colon]) + ":***" + String(url[at...])
    }
}
