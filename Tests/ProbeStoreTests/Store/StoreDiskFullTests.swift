import Foundation
import Testing
@testable import ProbeStore

#if canImport(Glibc)
import Glibc
@testable import ProbeStoreTesting
#endif

/// The promise: when the disk fills up, a write fails with a retryable error (the HTTP side
/// answers 503), nothing of it is kept, and the store works again once space is freed.
/// The disk is a real one: a 1 MiB tmpfs mounted for the test (we run as root here).
@Suite struct StoreDiskFullTests {
    /// Small enough to fill in a moment, large enough for the schema and a few results.
    static let tmpfsSize = "1m"
    /// Room left after filling: a few results fit (each ~3 WAL frames of 4 KiB) before the
    /// disk is full, so the test also sees results acknowledged before the failure.
    static let headroom: off_t = 64 * 1024

    @Test(.enabled(if: getuid() == 0, "needs root to mount a small tmpfs"))
    func DiskFull_Returns503ClassErrorAndRecovers() throws {
        let directory = StoreFixtures.makeDirectory("full")
        defer { StoreFixtures.removeDirectory(directory) }
        guard Self.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=\(Self.tmpfsSize)", "tmpfs", directory]) else {
            print("DiskFull test skipped: mounting a tmpfs at \(directory) failed")
            return
        }
        defer { _ = Self.run("/usr/bin/umount", [directory]) }

        var store = try SQLiteRunStore(path: directory + "/probe.sqlite")
        defer { store.close() }
        let run = StoreFixtures.run()
        try store.createRun(run)
        let filler = directory + "/filler"
        Self.fillDisk(filler, leaving: Self.headroom)

        var acknowledged: [ResultRecord] = []
        var failure: (result: ResultRecord, error: StoreError)?
        for attempt in 0..<StoreLimits.maxAttempt {
            let padding = String(repeating: "x", count: 4096)
            let result = StoreFixtures.result(run.id, "fetch.integrity", attempt: attempt, observed: #"{"pad":"\#(padding)"}"#)
            do {
                #expect(try store.appendResults([result]) == [.inserted])
                acknowledged.append(result)
            } catch {
                failure = (result, error)
                break
            }
        }
        let (failed, error) = try #require(failure, "the store never reported the full disk")
        print("disk full after \(acknowledged.count) results: \(error.localizedDescription)")
        #expect(!acknowledged.isEmpty)
        #expect(error.isRetryable)
        if case .diskFull = error {} else { Issue.record("expected .diskFull, got \(error)") }
        #expect(error.localizedDescription.contains("Free disk space"))

        // Nothing half-written: exactly the acknowledged results, not the failed one.
        #expect(try store.results(runID: run.id) == acknowledged)

        // Space returns: the same store takes the failed result and more.
        #expect(unlink(filler) == 0)
        #expect(try store.appendResults([failed]) == [.inserted])
        let next = StoreFixtures.result(run.id, "fetch.integrity", attempt: failed.attempt + 1)
        #expect(try store.appendResults([next]) == [.inserted])
        #expect(try store.results(runID: run.id) == acknowledged + [failed, next])
        #expect(try store.integrityCheck() == "ok")

        store.close()
        store = try SQLiteRunStore(path: directory + "/probe.sqlite")
        #expect(try store.results(runID: run.id) == acknowledged + [failed, next])
    }

    /// Many writes in flight when the disk fills: whatever the batching, the results stored
    /// are exactly the ones acknowledged, even when SQLite rolls a whole batch back.
    @Test(.enabled(if: getuid() == 0, "needs root to mount a small tmpfs"))
    func DiskFullDuringBatches_StoresExactlyTheAcknowledgedWrites() throws {
        let directory = StoreFixtures.makeDirectory("full-batch")
        defer { StoreFixtures.removeDirectory(directory) }
        guard Self.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=\(Self.tmpfsSize)", "tmpfs", directory]) else {
            print("DiskFull test skipped: mounting a tmpfs at \(directory) failed")
            return
        }
        defer { _ = Self.run("/usr/bin/umount", [directory]) }

        let store = try SQLiteRunStore(path: directory + "/probe.sqlite")
        defer { store.close() }
        let run = StoreFixtures.run()
        try store.createRun(run)
        Self.fillDisk(directory + "/filler", leaving: 4 * Self.headroom)

        let writes = 300
        let collector = OutcomeCollector()
        for attempt in 0..<writes {
            let padding = String(repeating: "y", count: Int.random(in: 100...3000))
            let result = StoreFixtures.result(run.id, "storage.local", attempt: attempt, observed: #"{"pad":"\#(padding)"}"#)
            store.submit(.appendResults([result])) { collector.add(attempt, $0) }
        }
        let outcomes = collector.wait(for: writes)
        let acknowledged = Set(outcomes.filter { (try? $0.value.get()) == .appended([.inserted]) }.keys)
        let failed = outcomes.filter { if case .failure = $0.value { true } else { false } }
        #expect(acknowledged.count + failed.count == writes)
        #expect(!failed.isEmpty, "the disk never filled up")
        for (_, outcome) in failed {
            if case .failure(let error) = outcome { #expect(error.isRetryable, "\(error)") }
        }
        let stored = Set(try store.results(runID: run.id).map(\.attempt))
        #expect(stored == acknowledged)
        #expect(try store.integrityCheck() == "ok")
        print("disk full during batches: \(acknowledged.count) acknowledged, \(failed.count) refused")
    }

    /// Writes zeros to `path` until the filesystem refuses even 512 bytes, then gives back
    /// `headroom` bytes.
    private static func fillDisk(_ path: String, leaving headroom: off_t) {
        let descriptor = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0o600)
        precondition(descriptor >= 0, "cannot create \(path)")
        defer { close(descriptor) }
        let chunk = [UInt8](repeating: 0, count: 64 * 1024)
        for size in [64 * 1024, 4096, 512] {
            while chunk.withUnsafeBytes({ write(descriptor, $0.baseAddress, size) }) == size {}
        }
        let written = lseek(descriptor, 0, SEEK_END)
        precondition(ftruncate(descriptor, max(0, written - headroom)) == 0)
    }

    private static func run(_ executable: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        do {
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus == 0
        } catch {
            return false
        }
    }
}
