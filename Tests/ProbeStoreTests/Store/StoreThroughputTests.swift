import Foundation
import Testing
@testable import ProbeStore
@testable import ProbeStoreTesting

/// A measurement, not a timed test: how many results per second the group-commit path
/// acknowledges with `synchronous=FULL`. Run it on purpose:
/// `PROBE_STORE_MEASURE=1 swift test --filter StoreThroughput`.
@Suite struct StoreThroughputTests {
    static let isRequested = ProcessInfo.processInfo.environment["PROBE_STORE_MEASURE"] != nil
    /// Like 50 devices (or PROBE_STORE_MEASURE_SUBMITTERS) each posting its next result as soon as the last one is acknowledged.
    static let submitters = Int(ProcessInfo.processInfo.environment["PROBE_STORE_MEASURE_SUBMITTERS"] ?? "") ?? 50
    static let duration: TimeInterval = 5

    @Test(.enabled(if: isRequested, "a measurement; set PROBE_STORE_MEASURE=1 to run it"))
    func GroupCommit_ResultsPerSecondWithConcurrentSubmitters() throws {
        let directory = StoreFixtures.makeDirectory("measure")
        defer { StoreFixtures.removeDirectory(directory) }
        let store = try SQLiteRunStore(path: directory + "/probe.sqlite")
        defer { store.close() }
        let runs = (0..<Self.submitters).map { _ in StoreFixtures.run() }
        for run in runs { try store.createRun(run) }
        let before = store.writeStatistics

        let counter = AcknowledgementCounter()
        let deadline = Date().addingTimeInterval(Self.duration)
        let start = Date()
        for run in runs {
            Self.submitNext(store, run.id, sequence: 0, deadline: deadline, counter: counter)
        }
        counter.waitForFinished(Self.submitters)
        let elapsed = Date().timeIntervalSince(start)
        let after = store.writeStatistics
        let writes = after.writes - before.writes
        let transactions = after.transactions - before.transactions
        print(
            """
            group commit, synchronous=FULL, \(Self.submitters) submitters: \
            \(Int(Double(counter.acknowledged) / elapsed)) results/s, \
            \(counter.acknowledged) results in \(String(format: "%.2f", elapsed)) s, \
            \(transactions) transactions (\(String(format: "%.1f", Double(writes) / Double(max(transactions, 1)))) writes each), \
            \(counter.failed) failed
            """)
        #expect(counter.failed == 0)
    }

    /// Submits one result; its completion submits the next, until the deadline.
    private static func submitNext(
        _ store: SQLiteRunStore, _ runID: String, sequence: Int, deadline: Date, counter: AcknowledgementCounter
    ) {
        guard Date() < deadline else {
            counter.finish()
            return
        }
        let result = StoreFixtures.result(
            runID, "probe.\(sequence / 1000)", attempt: sequence % 1000,
            observed: #"{"granted":true,"elapsedMs":412,"devices":[{"kind":"videoinput","label":"Back camera"}]}"#)
        store.submit(.appendResults([result])) { outcome in
            counter.record(outcome)
            submitNext(store, runID, sequence: sequence + 1, deadline: deadline, counter: counter)
        }
    }
}

final class AcknowledgementCounter: @unchecked Sendable {
    // All state guarded by `condition`.
    private let condition = NSCondition()
    private var acknowledgedValue = 0
    private var failedValue = 0
    private var finished = 0

    var acknowledged: Int {
        condition.lock()
        defer { condition.unlock() }
        return acknowledgedValue
    }

    var failed: Int {
        condition.lock()
        defer { condition.unlock() }
        return failedValue
    }

    func record(_ outcome: Result<StoreWriteOutcome, StoreError>) {
        condition.lock()
        if case .success = outcome { acknowledgedValue += 1 } else { failedValue += 1 }
        condition.unlock()
    }

    func finish() {
        condition.lock()
        finished += 1
        condition.broadcast()
        condition.unlock()
    }

    func waitForFinished(_ count: Int) {
        condition.lock()
        while finished < count { condition.wait() }
        condition.unlock()
    }
}
