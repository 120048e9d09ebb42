import Foundation
import Testing
@testable import ProbeStore

#if canImport(Glibc)
import Glibc
@testable import ProbeStoreTesting
#endif

/// The promise: a result the store acknowledged is on disk, even if the process dies at any
/// instant. A child process (this test binary, re-executed with `childDatabaseKey` set)
/// appends results as fast as it can and prints each acknowledgement; the parent kills it
/// with SIGKILL at a random moment, reopens the database and looks for every one.
@Suite struct StoreDurabilityTests {
    static let childDatabaseKey = "PROBE_STORE_KILL9_CHILD_DATABASE"
    static var childDatabase: String? { ProcessInfo.processInfo.environment[childDatabaseKey] }
    /// Rounds of spawn-append-kill-check; each takes well under a second here.
    static let rounds = 5
    /// Submitting threads in the child: enough to keep several batches in flight.
    static let childWriters = 16
    /// The child stops by itself after this long, should the parent die before killing it.
    static let childLifetime: TimeInterval = 30

    @Test(.enabled(if: childDatabase == nil))
    func AcknowledgedResult_SurvivesKill9() throws {
        let directory = StoreFixtures.makeDirectory("kill9")
        defer { StoreFixtures.removeDirectory(directory) }
        let path = directory + "/probe.sqlite"
        let binary = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var totalAcknowledged = 0

        for _ in 1...Self.rounds {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = [
                "--testing-library", "swift-testing", "--filter", "StoreDurabilityTests/childAppendsUntilKilled",
            ]
            var environment = ProcessInfo.processInfo.environment
            environment[Self.childDatabaseKey] = path
            process.environment = environment
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            let acknowledgements = AcknowledgementReader(pipe.fileHandleForReading)
            try process.run()

            // Let it get going, then kill it at a random point of its write stream.
            let ready = acknowledgements.wait(forAtLeast: Int.random(in: 20...400), timeout: 20)
            #expect(ready, "the child acknowledged nothing within 20 s")
            // Not a wait for anything: the event (the child's acknowledgements) was waited for
            // above. This jitter picks where between two acknowledgements the SIGKILL lands
            // (mid-batch, mid-WAL-append, mid-fsync), points no event of the child marks and
            // a kill right after an acknowledgement would keep missing. The test's claim is
            // the same wherever it lands: nothing acknowledged is lost.
            usleep(UInt32.random(in: 0...30_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
            let acknowledged = acknowledgements.finish()
            totalAcknowledged += acknowledged.count
            print("kill -9 round: \(acknowledged.count) acknowledged results")

            let store = try SQLiteRunStore(path: path)
            defer { store.close() }
            var storedByRun: [String: Set<String>] = [:]
            for key in acknowledged where storedByRun[key.runID] == nil {
                storedByRun[key.runID] = Set(try store.results(runID: key.runID).map { "\($0.probe)#\($0.attempt)" })
            }
            let lost = acknowledged.filter { storedByRun[$0.runID]?.contains("\($0.probe)#\($0.attempt)") != true }
            #expect(lost.isEmpty, "acknowledged but missing after kill -9: \(lost.prefix(5))")
            #expect(try store.integrityCheck() == "ok")
        }
        #expect(totalAcknowledged > 0)
    }

    /// The child's body; enabled only in the re-executed test binary.
    @Test(.enabled(if: childDatabase != nil, "runs only as the child of AcknowledgedResult_SurvivesKill9"))
    func childAppendsUntilKilled() throws {
        let store = try SQLiteRunStore(path: try #require(Self.childDatabase))
        let run = StoreFixtures.run()
        try store.createRun(run)
        let deadline = Date().addingTimeInterval(Self.childLifetime)
        DispatchQueue.concurrentPerform(iterations: Self.childWriters) { writer in
            var sequence = 0
            while Date() < deadline {
                let probe = "writer\(writer).\(sequence / 1000)"
                let attempt = sequence % 1000
                // Varied sizes, so the WAL grows and checkpoints happen while being killed.
                let padding = String(repeating: "x", count: Int.random(in: 0...6000))
                let result = StoreFixtures.result(run.id, probe, attempt: attempt, observed: #"{"pad":"\#(padding)"}"#)
                if (try? store.appendResults([result])) == [.inserted] {
                    Self.writeLine("ACK \(run.id) \(probe) \(attempt)\n")
                }
                sequence += 1
            }
        }
        store.close()
    }

    /// One write(2) per line: atomic on a pipe, and nothing buffered in the process that a
    /// SIGKILL could lose after the acknowledgement was "sent".
    private static func writeLine(_ line: String) {
        var line = line
        line.withUTF8 { bytes in _ = write(STDOUT_FILENO, bytes.baseAddress, bytes.count) }
    }
}

struct AcknowledgedKey: Hashable, CustomStringConvertible {
    let runID: String
    let probe: String
    let attempt: Int
    var description: String { "\(runID)/\(probe)#\(attempt)" }
}

/// Reads the child's stdout on a thread and parses `ACK run probe attempt` lines.
final class AcknowledgementReader: @unchecked Sendable {
    // `keys`, `partial` and `isAtEnd` are guarded by `condition`.
    private let condition = NSCondition()
    private var keys: [AcknowledgedKey] = []
    private var partial = ""
    private var isAtEnd = false

    init(_ handle: FileHandle) {
        let thread = Thread { [self] in
            while true {
                let data = handle.availableData
                self.condition.lock()
                if data.isEmpty {
                    self.isAtEnd = true
                } else {
                    self.partial += String(decoding: data, as: UTF8.self)
                    var lines = self.partial.split(separator: "\n", omittingEmptySubsequences: false)
                    self.partial = String(lines.removeLast())
                    for line in lines where line.hasPrefix("ACK ") {
                        let fields = line.split(separator: " ")
                        if fields.count == 4, let attempt = Int(fields[3]) {
                            self.keys.append(
                                AcknowledgedKey(runID: String(fields[1]), probe: String(fields[2]), attempt: attempt))
                        }
                    }
                }
                self.condition.broadcast()
                let done = self.isAtEnd
                self.condition.unlock()
                if done { return }
            }
        }
        thread.start()
    }

    /// Waits until `count` acknowledgements arrived; false on timeout or end of stream.
    func wait(forAtLeast count: Int, timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while keys.count < count && !isAtEnd {
            if !condition.wait(until: deadline) { break }
        }
        return keys.count >= count
    }

    /// Waits for the end of the stream (the child is dead) and returns every acknowledgement.
    func finish() -> [AcknowledgedKey] {
        condition.lock()
        defer { condition.unlock() }
        while !isAtEnd { condition.wait() }
        return keys
    }
}
