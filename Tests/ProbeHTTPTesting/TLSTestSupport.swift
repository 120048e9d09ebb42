// A testing library: compiled in debug builds only. `swift build -c release` builds every
// library target of the package, and `@testable import` needs the modules compiled for
// testing, which SwiftPM does in debug (the configuration `swift test` uses).
#if DEBUG
import Foundation
import Glibc

/// Processes, temporary directories and tool installation for the TLS, certificate and QR tests.
enum TLSTestSupport {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
        var combined: String { stdout + stderr }
    }

    /// A fresh directory under /tmp, removed by the caller with `remove`.
    static func temporaryDirectory() -> String {
        var template = Array("/tmp/probe-tls-test-XXXXXX".utf8CString)
        let path = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        return String(cString: path!)
    }

    static func remove(_ path: String) { try? FileManager.default.removeItem(atPath: path) }

    /// Runs a program to completion; stdout and stderr are read on their own threads so a
    /// chatty child never blocks on a full pipe.
    @discardableResult
    static func run(_ program: String, _ arguments: [String], input: [UInt8] = [],
                    environment: [String: String]? = nil) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program.hasPrefix("/") ? program : try which(program))
        process.arguments = arguments
        if let environment {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let outData = Collector(stdout.fileHandleForReading)
        let errData = Collector(stderr.fileHandleForReading)
        try stdin.fileHandleForWriting.write(contentsOf: Data(input))
        try stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: outData.wait(), stderr: errData.wait())
    }

    static func which(_ program: String) throws -> String {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(directory)/\(program)"
            if access(path, X_OK) == 0 { return path }
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: program])
    }

    /// Reads a pipe to EOF on a background thread.
    final class Collector: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var data = Data()
        init(_ handle: FileHandle) {
            Thread.detachNewThread { [self] in
                data = handle.readDataToEndOfFile()
                done.signal()
            }
        }
        func wait() -> String {
            done.wait()
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// Runs `body` on a thread of its own, so blocking poll loops and process waits do not
    /// hold one of the few threads of Swift's cooperative pool.
    static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                do { continuation.resume(returning: try body()) } catch { continuation.resume(throwing: error) }
            }
        }
    }
}
#endif
