import Foundation
import ProbeCatalog
import Testing
@testable import ProbeStore
@testable import ProbeStoreTesting

/// The store's contract, against every engine available (`StoreEngine`); the tests of one
/// engine's files and settings take no argument.
@Suite struct StoreTests {
    // MARK: Runs

    @Test(arguments: StoreEngine.available) func CreatedRun_ReadsBackUnchanged(engine: StoreEngine) throws {
        try StoreFixtures.withStore(engine) { store, _ in
            let run = StoreFixtures.run(label: "nightly", platform: .androidWebView)
            try store.createRun(run)
            #expect(try store.run(id: run.id) == run)
            #expect(try store.run(id: RunID.generate()) == nil)
        }
    }

    @Test func GeneratedRunID_Is128BitHex() {
        let id = RunID.generate()
        #expect(id.count == 32)
        #expect(id.allSatisfy { $0.isHexDigit && !$0.isUppercase })
        #expect(id != RunID.generate())
        #expect(RunID.isWellFormed(id))
        #expect(!RunID.isWellFormed("../etc"))
        #expect(!RunID.isWellFormed(""))
        #expect(!RunID.isWellFormed(String(repeating: "a", count: StoreLimits.maxRunIDBytes + 1)))
    }

    @Test(arguments: StoreEngine.available) func CreatingATakenRunID_FailsWithRunExists(engine: StoreEngine) throws {
        try StoreFixtures.withStore(engine) { store, _ in
            let run = StoreFixtures.run()
            try store.createRun(run)
            #expect(throws: StoreError.runExists(run.id)) { try store.createRun(run) }
        }
    }

    @Test(arguments: StoreEngine.available) func OversizedRecord_IsRejectedWithTheLimit(engine: StoreEngine) throws {
        try StoreFixtures.withStore(engine) { store, _ in
            var run = StoreFixtures.run()
            run.metadata = RunMetadata(["x": .string(String(repeating: "x", count: StoreLimits.maxMetadataBytes))])
            let error = try #require(throws: StoreError.self) { try store.createRun(run) }
            #expect(error.isClientError)
            #expect(error.localizedDescription.contains("\(StoreLimits.maxMetadataBytes)"))
        }
    }

    @Test(arguments: StoreEngine.available) func CompleteVerdictAndTouch_UpdateTheRun(engine: StoreEngine) throws {
        try StoreFixtures.withStore(engine) { store, _ in
            let run = StoreFixtures.run()
            try store.createRun(run)
            let done = run.createdAt.addingTimeInterval(60)
            try store.completeRun(id: run.id, at: done)
            try store.setVerdict(id: run.id, verdict: "not-ready")
            try store.touch(runID: run.id, at: run.createdAt.addingTimeInterval(120))
            try store.touch(runID: run.id, at: run.createdAt.addingTimeInterval(5))  // never moves back
            let stored = try #require(try store.run(id: run.id))
            #expect(stored.completedAt == done)
            #expect(stored.verdict == .notReady)
            #expect(stored.lastSeenAt == run.createdAt.addingTimeInterval(120))
            let missing = RunID.generate()
            #expect(throws: StoreError.runNotFound(missing)) { try store.completeRun(id: missing, at: done) }
            #expect(throws: StoreError.runNotFound(missing)) { try store.setVerdict(id: missing, verdict: "x") }
            #expect(throws: StoreError.runNotFound(missing)) { try store.touch(runID: missing, at: done) }
        }
    }

    @Test(arguments: StoreEngine.available) func Verdict_IsStoredOnce_TheSecondWriterLearnsTheFirst(engine: StoreEngine) throws {
        try StoreFixtures.withStore(engine) { store, _ in
            let run = StoreFixtures.run()
            try store.createRun(run)
            let done = run.createdAt.addingTimeInterval(60)
            try store.completeRun(id: run.id, at: done)
            try store.completeRun(id: run.id, at: done.addingTimeInterval(60))  // the first completion is kept
            #expect(try store.setVerdict(id: run.id, verdict: "not-ready") == true)
            #expect(try store.perform(.setVerdict(id: run.id, verdict: "ready")) == .judged(verdict: "not-ready", first: false))
            let stored = try #require(try store.run(id: run.id))
            #expect(stored.verdict == .notReady)
            #expect(stored.completedAt == done)
        }
    }

    @Test(arguments: StoreEngine.available) func ResultsAfterCompletion_AreRefused_DuplicatesStillAnswerAsSuch(engine: StoreEngine) throws {
        try StoreFixtures.withStore(engine) { store, _ in
            let run = StoreFixtures.run()
            try store.createRun(run)
            let first = StoreFixtures.result(run.id, attempt: 1)
            #expect(try store.appendResults([first]) == [.inserted])
            try store.completeRun(id: run.id, at: run.createdAt.addingTimeInterval(60))
            // A retry whose answer was lost is no change to the judged results.
            #expect(try store.appendResults([first]) == [.duplicate])
            #expect(throws: StoreError.runCompleted(run.id)) {
                _ = try store.appendResults([first, StoreFixtures.result(run.id, attempt: 2, status: "fail")])
            }
            #expect(try store.results(runID: run.id).map(\.attempt) == [1])
            #expect(try store.usage(runID: run.id)?.results == 1)
        }
    }

    /// The per-run quotas hold to the result and to the byte, whichever writes share a
    /// batch: writes are taken in order, one that would pass a limit is refused whole and
    /// stores nothing, a smaller one after it still fits, and a resent result at the limit
    /// still answers as a duplicate.
    @Test(arguments: StoreEngine.available) func PerRunQuotas_AreExact_WriteByWriteWithinABatch(engine: StoreEngine) throws {
        try StoreFixtures.withStore(engine) { store, _ in
            let run = StoreFixtures.run()
            try store.createRun(run)
            let limit = Quotas.maxResultsPerRun
            let filling = (0..<limit - 3).map { StoreFixtures.result(run.id, "fill.\($0 / 1000)", attempt: $0 % 1000) }
            for start in stride(from: 0, to: filling.count, by: StoreLimits.maxResultsPerWrite) {
                _ = try store.appendResults(Array(filling[start..<min(start + StoreLimits.maxResultsPerWrite, filling.count)]))
            }
            #expect(try store.usage(runID: run.id)?.results == Int64(limit - 3))
            // Back to back, so most share one transaction: 4 results (over), 3 (exactly at the
            // limit), 1 (over), and a result already stored (a duplicate).
            let writes: [[ResultRecord]] = [
                (0..<4).map { StoreFixtures.result(run.id, "late.a", attempt: $0) },
                (0..<3).map { StoreFixtures.result(run.id, "late.b", attempt: $0) },
                [StoreFixtures.result(run.id, "late.c", attempt: 0)],
                [StoreFixtures.result(run.id, "fill.0", attempt: 0)],
            ]
            let collector = OutcomeCollector()
            for (index, write) in writes.enumerated() {
                store.submit(.appendResults(write)) { collector.add(index, $0) }
            }
            let outcomes = collector.wait(for: writes.count)
            #expect(outcomes[0] == .failure(.quotaExceeded(.resultsPerRun(limit: limit))))
            #expect(outcomes[1] == .success(.appended([.inserted, .inserted, .inserted])))
            #expect(outcomes[2] == .failure(.quotaExceeded(.resultsPerRun(limit: limit))))
            #expect(outcomes[3] == .success(.appended([.duplicate])))
            #expect(try store.usage(runID: run.id)?.results == Int64(limit))
            #expect(try store.results(runID: run.id).count == limit)

            // Bytes: a second run filled to 1 KiB under its byte limit; 2 KiB is refused, 1 KiB fits.
            let heavy = StoreFixtures.run()
            try store.createRun(heavy)
            let big = StoreLimits.maxObservedBytes
            let full = Quotas.maxResultBytesPerRun / big
            for attempt in 0..<full - 1 {
                _ = try store.appendResults([StoreFixtures.result(heavy.id, "big", attempt: attempt, observed: String(repeating: "x", count: big))])
            }
            let room = big - 1024
            _ = try store.appendResults([StoreFixtures.result(heavy.id, "big", attempt: full - 1, observed: String(repeating: "x", count: room))])
            let bytes = OutcomeCollector()
            store.submit(.appendResults([StoreFixtures.result(heavy.id, "small", attempt: 0, observed: String(repeating: "y", count: 2048))])) { bytes.add(0, $0) }
            store.submit(.appendResults([StoreFixtures.result(heavy.id, "small", attempt: 1, observed: String(repeating: "y", count: 1024))])) { bytes.add(1, $0) }
            let byteOutcomes = bytes.wait(for: 2)
            #expect(byteOutcomes[0] == .failure(.quotaExceeded(.resultBytesPerRun(limit: Quotas.maxResultBytesPerRun))))
            #expect(byteOutcomes[1] == .success(.appended([.inserted])))
            #expect(try store.usage(runID: heavy.id)?.resultBytes == Int64(Quotas.maxResultBytesPerRun))
        }
    }

    // MARK: Listing

    @Test(arguments: StoreEngine.available) func ListRuns_FiltersNewestFirstAndPagesWithACursor(engine: StoreEngine) throws {
        try StoreFixtures.withStore(engine) { store, _ in
            var created: [RunRecord] = []
            for index in 0..<7 {
                let run = StoreFixtures.run(
                    label: index % 2 == 0 ? "even" : "odd", platform: index < 4 ? .iosWKWebView : .androidWebView,
                    createdAt: StoreFixtures.epoch.addingTimeInterval(Double(index)))
                try store.createRun(run)
                created.append(run)
            }
            try store.setVerdict(id: created[6].id, verdict: "ready")

            var seen: [RunRecord] = []
            var cursor: String?
            repeat {
                let page = try store.listRuns(filter: RunFilter(limit: 3, cursor: cursor))
                seen += page.items
                cursor = page.nextCursor
            } while cursor != nil
            #expect(seen.map(\.id) == created.reversed().map(\.id))

            #expect(try store.listRuns(filter: RunFilter(label: "even")).items.map(\.id)
                == [created[6], created[4], created[2], created[0]].map(\.id))
            #expect(try store.listRuns(filter: RunFilter(platform: .iosWKWebView, limit: 2)).items.map(\.id)
                == [created[3], created[2]].map(\.id))
            #expect(try store.listRuns(filter: RunFilter(verdict: .ready)).items.map(\.id) == [created[6].id])
            // Never completed: incomplete, as `probe-server wait` calls such a run.
            #expect(try store.listRuns(filter: RunFilter(verdict: .incomplete)).items.count == 6)
            #expect(try store.listRuns(filter: RunFilter(since: created[5].createdAt)).items.count == 2)
            #expect(throws: StoreError.self) { try store.listRuns(filter: RunFilter(cursor: "garbage")) }
            #expect(throws: StoreError.self) { try store.listRuns(filter: RunFilter(limit: 0)) }
        }
    }

    // MARK: Results

    @Test(arguments: StoreEngine.available) func AppendedResults_ReadBackInArrivalOrder(engine: StoreEngine) throws {
        try StoreFixtures.withStore(engine) { store, _ in
            let run = StoreFixtures.run()
            try store.createRun(run)
            let results = [
                StoreFixtures.result(run.id, "env.script"),
                StoreFixtures.result(run.id, "camera.api"),
                ResultRecord(
                    runID: run.id, probe: "env.script", attempt: 1, status: "pass", observed: "{}", elapsedMs: nil,
                    at: nil, receivedAt: StoreFixtures.epoch),
            ]
            #expect(try store.appendResults(results) == [.inserted, .inserted, .inserted])
            #expect(try store.results(runID: run.id) == results)
            #expect(try store.run(id: run.id)?.lastSeenAt == results[0].receivedAt)
        }
    }

    @Test(arguments: StoreEngine.available) func MalformedResult_IsRejectedAndNothingOfItsWriteIsStored(engine: StoreEngine) throws {
        try StoreFixtures.withStore(engine) { store, _ in
            let run = StoreFixtures.run()
            try store.createRun(run)
            var negative = StoreFixtures.result(run.id, "camera.api", attempt: 0)
            negative.attempt = -1
            var infinite = StoreFixtures.result(run.id, "camera.api", attempt: 1)
            infinite.elapsedMs = .infinity
            var huge = StoreFixtures.result(run.id, "camera.api", attempt: 2)
            huge.observed = String(repeating: "x", count: StoreLimits.maxObservedBytes + 1)
            for bad in [negative, infinite, huge] {
                let error = try #require(throws: StoreError.self) {
                    try store.appendResults([StoreFixtures.result(run.id), bad])
                }
                #expect(error.isClientError)
            }
            #expect(try store.results(runID: run.id) == [])
        }
    }

    @Test(arguments: StoreEngine.available) func ResendingSameResult_IsIdempotent(engine: StoreEngine) throws {
        try StoreFixtures.withStore(engine) { store, _ in
            let run = StoreFixtures.run()
            try store.createRun(run)
            let result = StoreFixtures.result(run.id)
            #expect(try store.appendResults([result]) == [.inserted])
            var resent = result
            resent.receivedAt = result.receivedAt.addingTimeInterval(30)  // the server's clock does not count
            #expect(try store.appendResults([resent]) == [.duplicate])
            #expect(try store.appendResults([result, result]) == [.duplicate, .duplicate])
            #expect(try store.results(runID: run.id) == [result])
        }
    }

    @Test(arguments: StoreEngine.available) func ResendingDifferentResultForSameKey_KeepsTheFirstAndReportsConflict(engine: StoreEngine) throws {
        try StoreFixtures.withStore(engine) { store, _ in
            let run = StoreFixtures.run()
            try store.createRun(run)
            let first = StoreFixtures.result(run.id, status: "pass")
            let second = StoreFixtures.result(run.id, status: "fail", observed: #"{"granted":false}"#)
            #expect(try store.appendResults([first]) == [.inserted])
            #expect(try store.appendResults([second]) == [.conflict])
            #expect(try store.results(runID: run.id) == [first])
        }
    }

    @Test(arguments: StoreEngine.available) func ResultsForMissingRun_FailWithRunNotFoundAndStoreNothing(engine: StoreEngine) throws {
        try StoreFixtures.withStore(engine) { store, _ in
            let run = StoreFixtures.run()
            try store.createRun(run)
            let missing = RunID.generate()
            #expect(throws: StoreError.runNotFound(missing)) {
                try store.appendResults([StoreFixtures.result(run.id), StoreFixtures.result(missing)])
            }
            #expect(try store.results(runID: run.id) == [])
            #expect(throws: StoreError.runNotFound(missing)) { try store.results(runID: missing) }
        }
    }

    @Test(arguments: StoreEngine.available) func FailingWrite_DoesNotFailTheOthersInItsBatch(engine: StoreEngine) throws {
        try StoreFixtures.withStore(engine) { store, _ in
            let run = StoreFixtures.run()
            try store.createRun(run)
            let missing = RunID.generate()
            let collector = OutcomeCollector()
            // Submitted back to back, so most land in the same transaction.
            for attempt in 0..<40 {
                let target = attempt == 20 ? missing : run.id
                store.submit(.appendResults([StoreFixtures.result(target, attempt: attempt)])) {
                    collector.add(attempt, $0)
                }
            }
            let outcomes = collector.wait(for: 40)
            for attempt in 0..<40 {
                if attempt == 20 {
                    #expect(outcomes[attempt] == .failure(.runNotFound(missing)))
                } else {
                    #expect(outcomes[attempt] == .success(.appended([.inserted])))
                }
            }
            #expect(try store.results(runID: run.id).count == 39)
            #expect(store.writeStatistics.transactions < store.writeStatistics.writes)
        }
    }

    @Test(arguments: StoreEngine.available) func ConcurrentSubmitters_ShareCommits(engine: StoreEngine) throws {
        try StoreFixtures.withStore(engine) { store, _ in
            let run = StoreFixtures.run()
            try store.createRun(run)
            let before = store.writeStatistics
            // 50 real threads (concurrentPerform would run only one per core), each
            // waiting for its commit like a request handler off the event loop.
            let group = DispatchGroup()
            for submitter in 0..<50 {
                group.enter()
                Thread {
                    for attempt in 0..<20 {
                        _ = try? store.appendResults([StoreFixtures.result(run.id, "probe.\(submitter)", attempt: attempt)])
                    }
                    group.leave()
                }.start()
            }
            group.wait()
            #expect(try store.results(runID: run.id).count == 1000)
            let after = store.writeStatistics
            #expect(after.writes - before.writes == 1000)
            #expect(after.transactions - before.transactions < 1000)
        }
    }

    @Test(arguments: StoreEngine.available) func ReadsDuringWrites_NeverFailAndSeeWholeWrites(engine: StoreEngine) throws {
        try StoreFixtures.withStore(engine) { store, _ in
            let run = StoreFixtures.run()
            try store.createRun(run)
            let failures = OutcomeCollector()
            DispatchQueue.concurrentPerform(iterations: 8) { worker in
                for index in 0..<50 {
                    if worker < 4 {
                        // Each write holds two results; a reader must never see one without the other.
                        let attempt = worker * 100 + index
                        _ = try? store.appendResults([
                            StoreFixtures.result(run.id, "pair.a", attempt: attempt),
                            StoreFixtures.result(run.id, "pair.b", attempt: attempt),
                        ])
                    } else {
                        do {
                            let results = try store.results(runID: run.id)
                            let a = results.filter { $0.probe == "pair.a" }.map(\.attempt)
                            let b = results.filter { $0.probe == "pair.b" }.map(\.attempt)
                            if Set(a) != Set(b) { failures.add(worker * 1000 + index, .failure(.invalid("torn read"))) }
                        } catch {
                            failures.add(worker * 1000 + index, .failure(StoreError.from(error)))
                        }
                    }
                }
            }
            #expect(failures.wait(for: 0).isEmpty)
            #expect(try store.results(runID: run.id).count == 400)
        }
    }

    @Test func Close_CommitsQueuedWritesFirst() throws {
        let directory = StoreFixtures.makeDirectory()
        defer { StoreFixtures.removeDirectory(directory) }
        let store = try SQLiteRunStore(path: directory + "/probe.sqlite")
        let run = StoreFixtures.run()
        try store.createRun(run)
        let collector = OutcomeCollector()
        for attempt in 0..<100 {
            store.submit(.appendResults([StoreFixtures.result(run.id, attempt: attempt)])) { collector.add(attempt, $0) }
        }
        store.close()
        let outcomes = collector.wait(for: 100)
        #expect(outcomes.values.allSatisfy { $0 == .success(.appended([.inserted])) })
        let reopened = try SQLiteRunStore(path: directory + "/probe.sqlite")
        defer { reopened.close() }
        #expect(try reopened.results(runID: run.id).count == 100)
    }

    // MARK: Uploads, deletion, purging

    @Test(arguments: StoreEngine.available) func DeletedRun_TakesItsResultsAndUploadsAndReturnsTheFiles(engine: StoreEngine) throws {
        try StoreFixtures.withStore(engine) { store, _ in
            let run = StoreFixtures.run()
            let other = StoreFixtures.run()
            try store.createRun(run)
            try store.createRun(other)
            _ = try store.appendResults([StoreFixtures.result(run.id), StoreFixtures.result(other.id)])
            let first = StoreFixtures.upload(run.id, path: "uploads/\(run.id)/a.heic")
            let second = StoreFixtures.upload(run.id, path: "uploads/\(run.id)/b.jpg")
            try store.addUpload(first)
            try store.addUpload(second)
            #expect(try store.uploads(runID: run.id) == [first, second])
            #expect(throws: StoreError.uploadExists(first.id)) { try store.addUpload(first) }

            #expect(try store.deleteRun(id: run.id) == [first.storedPath, second.storedPath])
            #expect(try store.run(id: run.id) == nil)
            #expect(throws: StoreError.runNotFound(run.id)) { try store.results(runID: run.id) }
            #expect(throws: StoreError.runNotFound(run.id)) { try store.deleteRun(id: run.id) }
            #expect(try store.results(runID: other.id).count == 1)
        }
    }

    @Test(arguments: StoreEngine.available) func UploadPathOutsideTheDataDirectory_IsRejected(engine: StoreEngine) throws {
        try StoreFixtures.withStore(engine) { store, _ in
            let run = StoreFixtures.run()
            try store.createRun(run)
            for path in ["/etc/passwd", "uploads/../../etc/passwd", "", "a//b"] {
                #expect(throws: StoreError.self) { try store.addUpload(StoreFixtures.upload(run.id, path: path)) }
            }
        }
    }

    @Test(arguments: StoreEngine.available) func Purge_RemovesRunsNotSeenSinceTheCutoffOnly(engine: StoreEngine) throws {
        try StoreFixtures.withStore(engine) { store, _ in
            let old = StoreFixtures.run(createdAt: StoreFixtures.epoch)
            let oldButActive = StoreFixtures.run(createdAt: StoreFixtures.epoch)
            let recent = StoreFixtures.run(createdAt: StoreFixtures.epoch.addingTimeInterval(10 * 86_400))
            for run in [old, oldButActive, recent] { try store.createRun(run) }
            try store.addUpload(StoreFixtures.upload(old.id, path: "uploads/old.jpg"))
            try store.touch(runID: oldButActive.id, at: recent.createdAt)

            let cutoff = StoreFixtures.epoch.addingTimeInterval(5 * 86_400)
            let outcome = try store.purge(olderThan: cutoff)
            #expect(outcome == PurgeOutcome(runIDs: [old.id], uploadPaths: ["uploads/old.jpg"], hasMore: false))
            #expect(try store.run(id: old.id) == nil)
            #expect(try store.run(id: oldButActive.id) != nil)
            #expect(try store.run(id: recent.id) != nil)
        }
    }

    // MARK: Schema and settings

    @Test func NewDatabase_IsWALWithFullSyncAndLatestSchema() throws {
        try StoreFixtures.withStore { store, directory in
            let database = try SQLiteDatabase(
                path: directory + "/probe.sqlite", flags: [.readOnly], busyTimeoutMilliseconds: 100)
            #expect(try database.pragma("journal_mode") == "wal")
            #expect(try database.pragma("user_version") == "\(Migrations.latestVersion)")
            #expect(try store.integrityCheck() == "ok")
        }
    }

    @Test func PlatformAndVerdictFilters_ReadTheirExpressionIndexes() throws {
        // A filter few of many runs match finds its page in the index, not by reading every
        // run newest first (migration 7); the plan, never the time, is what a test can hold.
        try StoreFixtures.withStore { _, directory in
            let database = try SQLiteDatabase(
                path: directory + "/probe.sqlite", flags: [.readOnly], busyTimeoutMilliseconds: 100)
            for (condition, index) in [("coalesce(platform, detected_platform) = ?", "runs_by_shown_platform"),
                                       ("coalesce(verdict, 'incomplete') = ?", "runs_by_shown_verdict")] {
                let plan = try database.rows(
                    "EXPLAIN QUERY PLAN SELECT \(SQLiteRunStore.runColumns) FROM runs WHERE \(condition) ORDER BY created_at DESC, id DESC LIMIT 61",
                    ["ios-wkwebview"]) { $0.string(at: 3) }
                #expect(plan.joined(separator: "; ").contains(index), "\(condition): \(plan)")
            }
        }
    }

    @Test func ReopenedStore_KeepsItsData() throws {
        let directory = StoreFixtures.makeDirectory()
        defer { StoreFixtures.removeDirectory(directory) }
        let run = StoreFixtures.run()
        let store = try SQLiteRunStore(path: directory + "/probe.sqlite")
        try store.createRun(run)
        _ = try store.appendResults([StoreFixtures.result(run.id)])
        store.close()
        #expect(throws: StoreError.closed) { try store.createRun(StoreFixtures.run()) }

        let reopened = try SQLiteRunStore(path: directory + "/probe.sqlite")
        defer { reopened.close() }
        var expected = run
        expected.lastSeenAt = StoreFixtures.result(run.id).receivedAt  // a result moves lastSeenAt
        #expect(try reopened.run(id: run.id) == expected)
        #expect(try reopened.results(runID: run.id) == [StoreFixtures.result(run.id)])
    }

    @Test func DatabaseFromANewerServer_IsRefused() throws {
        let directory = StoreFixtures.makeDirectory()
        defer { StoreFixtures.removeDirectory(directory) }
        let path = directory + "/probe.sqlite"
        let database = try SQLiteDatabase(path: path, busyTimeoutMilliseconds: 100)
        try database.execute("PRAGMA user_version = \(Migrations.latestVersion + 1)")
        #expect(throws: StoreError.schemaTooNew(found: Migrations.latestVersion + 1, known: Migrations.latestVersion)) {
            _ = try SQLiteRunStore(path: path)
        }
    }

    @Test func DamagedFile_IsReportedAsCorruptWithRecoveryAdvice() throws {
        let directory = StoreFixtures.makeDirectory()
        defer { StoreFixtures.removeDirectory(directory) }
        let path = directory + "/probe.sqlite"
        let garbage = Data((0..<8192).map { _ in UInt8.random(in: 0...255) })
        #expect(FileManager.default.createFile(atPath: path, contents: garbage))
        let error = try #require(throws: StoreError.self) { _ = try SQLiteRunStore(path: path) }
        guard case .corrupt = error else {
            Issue.record("expected .corrupt, got \(error)")
            return
        }
        #expect(error.localizedDescription.contains(".recover"))
    }

    @Test func UnwritableDirectory_FailsWithAnErrorThatSaysWhatToDo() throws {
        let error = try #require(throws: StoreError.self) {
            _ = try SQLiteRunStore(path: "/nonexistent-probe-dir/probe.sqlite")
        }
        #expect(error.localizedDescription.contains("data directory"))
    }
}

/// Collects completions from the writer thread for a test to wait on.
final class OutcomeCollector: @unchecked Sendable {
    // `outcomes` is guarded by `condition`.
    private let condition = NSCondition()
    private var outcomes: [Int: Result<StoreWriteOutcome, StoreError>] = [:]

    func add(_ key: Int, _ outcome: Result<StoreWriteOutcome, StoreError>) {
        condition.lock()
        outcomes[key] = outcome
        condition.broadcast()
        condition.unlock()
    }

    func wait(for count: Int) -> [Int: Result<StoreWriteOutcome, StoreError>] {
        condition.lock()
        defer { condition.unlock() }
        while outcomes.count < count { condition.wait() }
        return outcomes
    }

    /// As `wait(for:)`, giving up after `seconds` (a liveness bound).
    func wait(for count: Int, seconds: Double) -> [Int: Result<StoreWriteOutcome, StoreError>] {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while outcomes.count < count && condition.wait(until: deadline) {}
        return outcomes
    }

    func has(_ key: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return outcomes[key] != nil
    }
}
