import CPostgres
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// libpq, PostgreSQL's client library, loaded when a PostgreSQL store first connects
/// (`dlopen`) rather than by the dynamic loader at every start: a server on the default
/// SQLite store never maps it, nor what it pulls in (GnuTLS, p11-kit, Kerberos, nettle:
/// ~2.3 MB resident and part of the start, docs/performance.md). The binary has no
/// DT_NEEDED on it (Sources/CPostgres's module map links nothing): the header gives the
/// types, and each function the store calls is bound by name (`dlsym`) into this table,
/// with the C signature of libpq-fe.h.
///
/// Immutable after `load`; the functions are libpq's, thread-safe on distinct connections.
struct LibPQ: @unchecked Sendable {
    #if os(Linux)
    /// The library's soname in Debian's libpq5 (and every other distribution's).
    static let soname = "libpq.so.5"
    /// The Debian package that installs it.
    static let package = "libpq5"
    /// What installs it, in the message when it is missing.
    static let install = "install Debian's package \(package) (apt-get install \(package))"
    /// Where to look when dlopen does not find `soname` by name: nowhere else.
    static let kegPaths: [String] = []
    #else
    /// Its install name on macOS (Homebrew's libpq formula, like PostgreSQL's own build).
    static let soname = "libpq.5.dylib"
    /// The Homebrew formula that installs it.
    static let package = "libpq"
    static let install = "install Homebrew's formula \(package) (brew install \(package))"
    /// Homebrew's libpq is keg-only: not linked into a folder dyld searches by name
    /// (DYLD_FALLBACK_LIBRARY_PATH, dlopen(3)), so its keg is tried next, on Apple silicon
    /// (/opt/homebrew) and on Intel (/usr/local).
    static let kegPaths = ["/opt/homebrew/opt/libpq/lib/" + soname, "/usr/local/opt/libpq/lib/" + soname]
    #endif

    /// Loaded on first use; a failure is kept too (the library does not appear later).
    /// The failure said is the one for `soname`, which is what to install.
    static let shared: Result<LibPQ, PostgresError> = {
        let byName = load(soname)
        guard case .failure = byName else { return byName }
        for path in kegPaths {
            if case .success(let library) = load(path) { return .success(library) }
        }
        return byName
    }()

    typealias Strings = UnsafePointer<UnsafePointer<CChar>?>?
    let connectdbParams: @convention(c) (Strings, Strings, Int32) -> OpaquePointer?
    let finish: @convention(c) (OpaquePointer?) -> Void
    let status: @convention(c) (OpaquePointer?) -> ConnStatusType
    let errorMessage: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    let socket: @convention(c) (OpaquePointer?) -> Int32
    let exec: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
    let execParams: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?, Strings,
                                    UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32) -> OpaquePointer?
    let sendQueryParams: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?, Strings,
                                         UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32) -> Int32
    let prepare: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?) -> OpaquePointer?
    let execPrepared: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, Strings,
                                      UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32) -> OpaquePointer?
    let sendQueryPrepared: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, Strings,
                                           UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32) -> Int32
    let enterPipelineMode: @convention(c) (OpaquePointer?) -> Int32
    let exitPipelineMode: @convention(c) (OpaquePointer?) -> Int32
    let pipelineSync: @convention(c) (OpaquePointer?) -> Int32
    let getResult: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let clear: @convention(c) (OpaquePointer?) -> Void
    let resultStatus: @convention(c) (OpaquePointer?) -> ExecStatusType
    let resultErrorField: @convention(c) (OpaquePointer?, Int32) -> UnsafeMutablePointer<CChar>?
    let resultErrorMessage: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    let ntuples: @convention(c) (OpaquePointer?) -> Int32
    let nfields: @convention(c) (OpaquePointer?) -> Int32
    let getisnull: @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
    let getvalue: @convention(c) (OpaquePointer?, Int32, Int32) -> UnsafeMutablePointer<CChar>?
    let cmdTuples: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    let consumeInput: @convention(c) (OpaquePointer?) -> Int32
    let notifies: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<PGnotify>?
    let freemem: @convention(c) (UnsafeMutableRawPointer?) -> Void

    /// Opens `name` and binds every function, or says what to install.
    static func load(_ name: String) -> Result<LibPQ, PostgresError> {
        guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "not found"
            return .failure(missing("cannot load \(name) (\(reason))"))
        }
        do {
            return .success(try LibPQ(handle: handle, name: name))
        } catch {
            dlclose(handle)
            return .failure(error)
        }
    }

    /// The error a PostgreSQL store gives when libpq cannot be used: the package to install.
    static func missing(_ what: String) -> PostgresError {
        PostgresError(sqlState: nil,
                      message: "the PostgreSQL store needs libpq, PostgreSQL's client library, version 14 or later: "
                          + "\(install); \(what)",
                      sql: nil, isConnectionLost: false, isLibraryMissing: true)
    }

    private init(handle: UnsafeMutableRawPointer, name: String) throws(PostgresError) {
        func bind<Function>(_ symbol: String) throws(PostgresError) -> Function {
            guard let address = dlsym(handle, symbol) else {
                throw Self.missing("\(name) has no \(symbol) (pipeline mode came with PostgreSQL 14)")
            }
            return unsafeBitCast(address, to: Function.self)
        }
        connectdbParams = try bind("PQconnectdbParams")
        finish = try bind("PQfinish")
        status = try bind("PQstatus")
        errorMessage = try bind("PQerrorMessage")
        socket = try bind("PQsocket")
        exec = try bind("PQexec")
        execParams = try bind("PQexecParams")
        sendQueryParams = try bind("PQsendQueryParams")
        prepare = try bind("PQprepare")
        execPrepared = try bind("PQexecPrepared")
        sendQueryPrepared = try bind("PQsendQueryPrepared")
        enterPipelineMode = try bind("PQenterPipelineMode")
        exitPipelineMode = try bind("PQexitPipelineMode")
        pipelineSync = try bind("PQpipelineSync")
        getResult = try bind("PQgetResult")
        clear = try bind("PQclear")
        resultStatus = try bind("PQresultStatus")
        resultErrorField = try bind("PQresultErrorField")
        resultErrorMessage = try bind("PQresultErrorMessage")
        ntuples = try bind("PQntuples")
        nfields = try bind("PQnfields")
        getisnull = try bind("PQgetisnull")
        getvalue = try bind("PQgetvalue")
        cmdTuples = try bind("PQcmdTuples")
        consumeInput = try bind("PQconsumeInput")
        notifies = try bind("PQnotifies")
        freemem = try bind("PQfreemem")
    }
}
