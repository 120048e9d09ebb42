// A testing library: compiled in debug builds only. `swift build -c release` builds every
// library target of the package, and `@testable import` needs the modules compiled for
// testing, which SwiftPM does in debug (the configuration `swift test` uses).
#if DEBUG
import Foundation
import Testing
import ProbeCatalog
@testable import ProbeStore

/// Shared setup for the store tests: a fresh directory per test, sample records.
enum StoreFixtures {
    /// A new empty directory under the system temp directory.
    static func makeDirectory(_ name: String = "store") -> String {
        let path = NSTemporaryDirectory() + "probe-\(name)-\(RunID.generate().prefix(12))"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func removeDirectory(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Opens a store in a fresh directory; `body` gets the store and the directory.
    static func withStore<T>(_ body: (SQLiteRunStore, String) throws -> T) throws -> T {
        let directory = makeDirectory()
        defer { removeDirectory(directory) }
        let store = try SQLiteRunStore(path: directory + "/probe.sqlite")
        defer { store.close() }
        return try body(store, directory)
    }

    /// Opens a store of `engine` (PostgreSQL: a fresh database on the test server).
    static func withStore<T>(_ engine: StoreEngine, _ body: (any TestedStore, String) throws -> T) throws -> T {
        let directory = makeDirectory()
        defer { removeDirectory(directory) }
        let store: any TestedStore
        switch engine {
        case .sqlite:
            store = try SQLiteRunStore(path: directory + "/probe.sqlite")
        case .postgres:
            guard let server = PostgresTestServer.shared else {
                throw PostgresTestServer.StartError(description: "the PostgreSQL test server did not start")
            }
            store = try PostgresRunStore(location: try server.makeDatabase())
        }
        defer { store.close() }
        return try body(store, directory)
    }

    static let epoch = Date(unixMillis: 1_790_000_000_000)

    static func run(
        _ id: String = RunID.generate(), label: String? = nil, platform: Platform? = nil,
        createdAt: Date = epoch
    ) -> RunRecord {
        RunRecord(
            id: id, label: label, platform: platform, requirementSet: "liveform",
            metadata: RunMetadata(["appVersion": .string("1.2.3"), "deviceModel": .string("Pixel 7")]),
            userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 7; wv) Chrome/126.0.0.0", createdAt: createdAt)
    }

    static func result(
        _ runID: String, _ probe: String = "camera.getUserMedia", attempt: Int = 0, status: String = "pass",
        observed: String = #"{"granted":true}"#
    ) -> ResultRecord {
        ResultRecord(
            runID: runID, probe: probe, attempt: attempt, status: status, observed: observed,
            elapsedMs: 412.5, at: Date(unixMillis: 1_790_000_001_234), receivedAt: Date(unixMillis: 1_790_000_001_300))
    }

    static func upload(_ runID: String, path: String) -> UploadRecord {
        UploadRecord(
            runID: runID, probe: "file.accept", fileName: "IMG_0001.HEIC", declaredType: "image/heic",
            sniffedType: "image/heic", size: 1234, sha256: String(repeating: "ab", count: 32), storedPath: path,
            receivedAt: epoch)
    }
}

/// The engines a store contract test runs against: SQLite always, PostgreSQL when its
/// binaries are installed (`PostgresTestServer`).
enum StoreEngine: String, Sendable, CustomTestStringConvertible {
    case sqlite, postgres

    static var available: [StoreEngine] { PostgresTestServer.binaryDirectory == nil ? [.sqlite] : [.sqlite, .postgres] }
    var testDescription: String { rawValue }
}

/// A store with the batching counters both engines keep.
protocol TestedStore: RunStore {
    var writeStatistics: (transactions: Int, writes: Int) { get }
}

extension SQLiteRunStore: TestedStore {}
extension PostgresRunStore: TestedStore {}
#endif
