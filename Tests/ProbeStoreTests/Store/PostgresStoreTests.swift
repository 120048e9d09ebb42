import BeyondEssentials
import Foundation
import Testing
@testable import ProbeStore
@testable import ProbeStoreTesting

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
        #expect(try store.run(id: run.id)?.id == run.id)

        server.stop()
        let writeError = try #require(throws: StoreError.self) {
            _ = try store.appendResults([StoreFixtures.result(run.id, attempt: 1)])
        }
        guard case .unavailable = writeError else {
            Issue.record("expected .unavailable, got \(writeError)")
            return
        }
        #expect(writeError.isRetryable)
        // The 503 it becomes: StoreErrorHTTPTests.
        let readError = try #require(throws: StoreError.self) { _ = try store.results(runID: run.id) }
        #expect(readError.isRetryable)

        try server.start()
        #expect(try store.appendResults([StoreFixtures.result(run.id, attempt: 1)]) == [.inserted])
        #expect(try store.results(runID: run.id).map(\.attempt) == [0, 1])
        // The statements prepared on the sessions before the restart are prepared again.
        #expect(try store.run(id: run.id)?.id == run.id)
        #expect(try store.appendResults([StoreFixtures.result(run.id, attempt: 2)]) == [.inserted])
    }

    /// Two instances posting to the same runs at once: the run's count is taken under its
    /// row lock, so between them they store exactly the quota, no more, and every result
    /// once; neither deadlocks the other (the locks are taken in run-id order).
    @Test func ResultsPerRunQuota_IsExact_UnderTwoInstancesRacing() throws {
        let location = try sharedServer().makeDatabase()
        let stores = [try PostgresRunStore(location: location), try PostgresRunStore(location: location)]
        defer { for store in stores { store.close() } }
        let limit = Quotas.maxResultsPerRun
        let runs = [StoreFixtures.run(), StoreFixtures.run()]
        for run in runs { try stores[0].createRun(run) }
        // The first run 40 short of its quota, the second far from it.
        let filling = (0..<limit - 40).map { StoreFixtures.result(runs[0].id, "fill.\($0 / 1000)", attempt: $0 % 1000) }
        for start in stride(from: 0, to: filling.count, by: StoreLimits.maxResultsPerWrite) {
            _ = try stores[0].appendResults(Array(filling[start..<min(start + StoreLimits.maxResultsPerWrite, filling.count)]))
        }
        // Each instance, from 8 threads, posts 100 single results to the first run and 100 to
        // the second: 200 racing for the first run's last 40 places.
        let collector = OutcomeCollector()
        let group = DispatchGroup()
        for thread in 0..<16 {
            group.enter()
            Thread {
                let store = stores[thread % 2]
                for index in 0..<25 {
                    let key = thread * 25 + index
                    let run = runs[key % 2]
                    let outcome: Result<StoreWriteOutcome, StoreError>
                    do {
                        outcome = .success(.appended(try store.appendResults([StoreFixtures.result(run.id, "race", attempt: key)])))
                    } catch {
                        outcome = .failure(StoreError.from(error))
                    }
                    collector.add(key, outcome)
                }
                group.leave()
            }.start()
        }
        group.wait()
        let outcomes = collector.wait(for: 400)
        let first = outcomes.filter { $0.key % 2 == 0 }.map(\.value)
        let second = outcomes.filter { $0.key % 2 == 1 }.map(\.value)
        #expect(first.filter { $0 == .success(.appended([.inserted])) }.count == 40)
        #expect(first.filter { $0 == .failure(.quotaExceeded(.resultsPerRun(limit: limit))) }.count == 160)
        #expect(second.allSatisfy { $0 == .success(.appended([.inserted])) })
        #expect(try stores[1].usage(runID: runs[0].id)?.results == Int64(limit))
        #expect(try stores[1].results(runID: runs[0].id).count == limit)
        #expect(try stores[1].usage(runID: runs[1].id)?.results == 200)
        #expect(try stores[1].results(runID: runs[1].id).count == 200)
    }

    /// Ingestion's batch (appends of new results) is committed by its pipeline, not by the
    /// per-write path after a refused one: a refused INSERT would have drawn the rows'
    /// arrival numbers (`seq`, a sequence, which no rollback gives back) before the retry.
    @Test func BatchOfNewResults_IsCommittedByItsPipeline() throws {
        let location = try sharedServer().makeDatabase()
        let store = try PostgresRunStore(location: location)
        defer { store.close() }
        let run = StoreFixtures.run()
        try store.createRun(run)
        #expect(try store.appendResults((0..<3).map { StoreFixtures.result(run.id, attempt: $0) }) == [.inserted, .inserted, .inserted])
        let check = try PostgresConnection(location: location)
        #expect(try check.execute("SELECT seq FROM results ORDER BY seq").rows == [["1"], ["2"], ["3"]])
        // A resent result is refused by the pipeline and answered by the per-write path.
        #expect(try store.appendResults([StoreFixtures.result(run.id, attempt: 0), StoreFixtures.result(run.id, attempt: 3)])
            == [.duplicate, .inserted])
        #expect(try store.usage(runID: run.id)?.results == 4)
    }

    /// A result is acknowledged only after a synchronous commit that follows its batch's
    /// WAL. With a synchronous standby required that never answers, such a commit waits (in
    /// `SyncRep`), and so does the acknowledgement, until the standby is no longer required.
    /// A cluster of its own: the setting holds up every synchronous commit on it.
    @Test func Acknowledgement_WaitsForASynchronousCommit() throws {
        let server = try PostgresTestServer()
        defer { server.discard() }
        let location = try server.makeDatabase()
        let store = try PostgresRunStore(location: location)
        defer { store.close() }
        let run = StoreFixtures.run()
        try store.createRun(run)
        let admin = try PostgresConnection(location: location)
        try admin.execute("ALTER SYSTEM SET synchronous_standby_names = 'probe_absent_standby'")
        try admin.execute("SELECT pg_reload_conf()")

        // The server takes the setting a moment after the reload: post until a write waits
        // for the standby (a liveness bound of tries, not a time).
        let collector = OutcomeCollector()
        var waiting: Int?
        for attempt in 0..<200 where waiting == nil {
            store.submit(.appendResults([StoreFixtures.result(run.id, attempt: attempt)])) { collector.add(attempt, $0) }
            for _ in 0..<100 where !collector.has(attempt) {
                let waits = try admin.execute(
                    "SELECT count(*) FROM pg_stat_activity WHERE wait_event = 'SyncRep' AND application_name = 'probe-server'")
                if waits.rows.first?[0] == "1" {
                    waiting = attempt
                    break
                }
                usleep(20_000)
            }
        }
        let attempt = try #require(waiting, "no write ever waited for the standby")
        #expect(!collector.has(attempt))

        try admin.execute("ALTER SYSTEM RESET synchronous_standby_names")
        try admin.execute("SELECT pg_reload_conf()")
        #expect(collector.wait(for: attempt + 1)[attempt] == .success(.appended([.inserted])))
        #expect(try store.results(runID: run.id).count == attempt + 1)
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

/// libpq is loaded when a PostgreSQL store is first used, not by the dynamic loader at start.
@Suite struct LibPQLoadingTests {
    /// Without libpq a PostgreSQL store fails with what to install, not a crash.
    @Test func MissingLibpq_IsAnErrorNamingTheDebianPackage() throws {
        guard case .failure(let error) = LibPQ.load("libpq-probe-absent.so.5") else {
            Issue.record("a library that does not exist was loaded")
            return
        }
        #expect(error.isLibraryMissing)
        let storeError = StoreError.from(error)
        #expect(storeError == .postgresLibraryMissing(error))
        let said = storeError.localizedDescription
        #expect(said.contains("apt-get install libpq5"), "\(said)")
        #expect(said.contains("libpq-probe-absent.so.5"), "\(said)")
        #expect(!storeError.isRetryable)
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
