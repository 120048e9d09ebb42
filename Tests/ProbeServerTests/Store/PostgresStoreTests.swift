import Foundation
import Testing
@testable import ProbeServer
@testable import ProbeHTTP
@testable import ProbeStore

/// What only the PostgreSQL engine promises: several instances on one database (migrations
/// under the advisory lock, verdicts announced to the others) and riding out a server
/// restart. The contract both engines share is in `StoreTests`.
@Suite(.enabled(if: PostgresTestServer.binaryDirectory != nil, "PostgreSQL is not installed (apt-get install postgresql)"))
struct PostgresStoreTests {
    func sharedServer() throws -> PostgresTestServer {
        try #require(PostgresTestServer.shared, "the PostgreSQL test server did not start")
    }

    @Test func InstancesStartingTogether_MigrateTheDatabaseOnce() throws {
        let location = try sharedServer().makeDatabase()
        let outcomes = OutcomeCollector()
        let stores = StoreBox()
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            do {
                stores.add(try PostgresRunStore(location: location))
                outcomes.add(index, .success(.done))
            } catch {
                outcomes.add(index, .failure(StoreError.from(error)))
            }
        }
        #expect(outcomes.wait(for: 4).values.allSatisfy { $0 == .success(.done) })
        let check = try PostgresConnection(location: location)
        #expect(try check.execute("SELECT version FROM probe_schema").rows == [[String(Migrations.latestVersion)]])
        // One instance's run is every instance's.
        let all = stores.all
        let run = StoreFixtures.run()
        try all[0].createRun(run)
        for store in all { #expect(try store.run(id: run.id)?.id == run.id) }
        for store in all { store.close() }
    }

    @Test func DatabaseFromANewerServer_IsRefused() throws {
        let location = try sharedServer().makeDatabase()
        PostgresRunStore.closeAfter(try PostgresRunStore(location: location))
        let connection = try PostgresConnection(location: location)
        try connection.execute("UPDATE probe_schema SET version = version + 1")
        #expect(throws: StoreError.schemaTooNew(found: Migrations.latestVersion + 1, known: Migrations.latestVersion)) {
            _ = try PostgresRunStore(location: location)
        }
    }

    @Test func VerdictStoredByOneInstance_WakesTheWaitsOfAnother() throws {
        let location = try sharedServer().makeDatabase()
        let waiting = try PostgresRunStore(location: location)
        let judging = try PostgresRunStore(location: location)
        defer { waiting.close(); judging.close() }
        let woken = OutcomeCollector()
        let judged = JudgedIDs()
        waiting.observeVerdicts({ id in if judged.contains(id) { woken.add(0, .success(.done)) } }, missedSome: {})
        // The listener may still be connecting: judge a new run until it hears one (a
        // verdict is stored, and announced, once per run; a liveness bound of 20 tries, not
        // a timing assertion).
        for _ in 0..<20 where !woken.has(0) {
            let run = StoreFixtures.run()
            judged.insert(run.id)
            try judging.createRun(run)
            #expect(try judging.setVerdict(id: run.id, verdict: "ready"))
            _ = woken.wait(for: 1, seconds: 1)
        }
        #expect(woken.has(0))
    }

    @Test func WhileTheServerIsDown_StoreAnswersUnavailableThenReconnectsByItself() throws {
        let server = try PostgresTestServer()
        defer { server.discard() }
        let store = try PostgresRunStore(location: try server.makeDatabase())
        defer { store.close() }
        let run = StoreFixtures.run()
        try store.createRun(run)
        #expect(try store.appendResults([StoreFixtures.result(run.id, attempt: 0)]) == [.inserted])

        server.stop()
        let writeError = try #require(throws: StoreError.self) {
            _ = try store.appendResults([StoreFixtures.result(run.id, attempt: 1)])
        }
        guard case .unavailable = writeError else {
            Issue.record("expected .unavailable, got \(writeError)")
            return
        }
        #expect(writeError.isRetryable)
        #expect(writeError.httpError.status == .serviceUnavailable)
        #expect(writeError.httpError.code == "store_unavailable")
        #expect(writeError.httpError.message.contains("unreachable"))
        let readError = try #require(throws: StoreError.self) { _ = try store.results(runID: run.id) }
        #expect(readError.httpError.code == "store_unavailable")

        try server.start()
        #expect(try store.appendResults([StoreFixtures.result(run.id, attempt: 1)]) == [.inserted])
        #expect(try store.results(runID: run.id).map(\.attempt) == [0, 1])
    }

    /// An operator's `lock_timeout` and another session holding the run's row: the batch's
    /// run-lock step fails inside its transaction. The writer ends that transaction, so the
    /// write fails alone and the next one, once the row is free, is stored; a transaction left
    /// aborted would fail every later write (`in_failed_sql_transaction`) until a reconnect.
    @Test func FailedRunLock_EndsItsTransaction_TheNextWriteIsStored() throws {
        let server = try sharedServer()
        let location = try server.makeDatabase()
        let admin = try PostgresConnection(location: location)
        let database = String(location.url.split(separator: "/").last ?? "")
        try admin.execute("ALTER DATABASE \(database) SET lock_timeout = '200ms'")
        let store = try PostgresRunStore(location: location)  // its sessions take the setting
        defer { store.close() }
        let run = StoreFixtures.run()
        try store.createRun(run)

        let blocker = try PostgresConnection(location: location)
        try blocker.execute("BEGIN")
        try blocker.execute("SELECT id FROM runs WHERE id = $1 FOR UPDATE", [run.id])
        let error = try #require(throws: StoreError.self) {
            _ = try store.appendResults([StoreFixtures.result(run.id, attempt: 0)])
        }
        guard case .postgres(let cause) = error, cause.sqlState == "55P03" else {
            Issue.record("expected lock_not_available (55P03), got \(error)")
            return
        }
        try blocker.execute("COMMIT")

        #expect(try store.appendResults([StoreFixtures.result(run.id, attempt: 1)]) == [.inserted])
        #expect(try store.results(runID: run.id).map(\.attempt) == [1])
        #expect(try store.usage(runID: run.id)?.results == 1)
    }

    @Test func UnreachableServerAtStart_IsUnavailableNamingTheServerWithoutItsPassword() throws {
        let port = PostgresTestServer.freePort()
        let location = try #require(PostgresLocation("postgres://probe:secret@127.0.0.1:\(port)/probe"))
        let error = try #require(throws: StoreError.self) { _ = try PostgresRunStore(location: location) }
        guard case .unavailable(let cause) = error else {
            Issue.record("expected .unavailable, got \(error)")
            return
        }
        #expect(cause.message.contains("127.0.0.1:\(port)"))
        #expect(!cause.message.contains("secret"))
    }
}

@Suite struct StoreLocationTests {
    @Test func StoreOption_TakesSQLiteOrAPostgresURLOnly() {
        #expect(StoreLocation("sqlite") == .sqlite)
        #expect(StoreLocation("postgres://probe@db/probe") == .postgres(PostgresLocation("postgres://probe@db/probe")!))
        #expect(StoreLocation("postgresql://db/probe") != nil)
        #expect(StoreLocation("mysql://db/probe") == nil)
        #expect(StoreLocation("probe.sqlite") == nil)
        #expect(PostgresLocation("postgres://probe:hunter2@db:5432/probe")?.redacted == "postgres://probe:***@db:5432/probe")
    }

    @Test func PostgresEngine_IsTestedWhereRequired() {
        // CI's reliability suite installs PostgreSQL and sets this: absence is then a failure.
        if PostgresTestServer.isRequired {
            #expect(PostgresTestServer.shared != nil, "PROBE_REQUIRE_POSTGRES=1 but the PostgreSQL test server did not start")
        }
    }
}

/// Stores opened on several threads.
final class StoreBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stores: [PostgresRunStore] = []
    func add(_ store: PostgresRunStore) { lock.lock(); stores.append(store); lock.unlock() }
    var all: [PostgresRunStore] { lock.lock(); defer { lock.unlock() }; return stores }
}

extension PostgresRunStore {
    static func closeAfter(_ store: PostgresRunStore) { store.close() }
}

/// The runs a test judged, read by a listener thread.
private final class JudgedIDs: @unchecked Sendable {
    private let lock = Lock()
    private var ids: Set<String> = []
    func insert(_ id: String) { lock.withLock { _ = ids.insert(id) } }
    func contains(_ id: String) -> Bool { lock.withLock { ids.contains(id) } }
}
