import Foundation
import Glibc
@testable import ProbeHTTPTesting

/// A child process running while the test serves it.
final class RunningProcess: @unchecked Sendable {
    let process = Process()
    private let stdout: TLSTestSupport.Collector
    private let stderr: TLSTestSupport.Collector
    /// Signalled by Foundation once it has reaped the child (its termination handler).
    private let exited = DispatchSemaphore(value: 0)

    init(_ program: String, _ arguments: [String], input: [UInt8] = [], environment: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: try TLSTestSupport.which(program))
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let inPipe = Pipe(), outPipe = Pipe(), errPipe = Pipe()
        process.standardInput = inPipe
        process.standardOutput = outPipe
        process.standardError = errPipe
        let exited = self.exited
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        stdout = TLSTestSupport.Collector(outPipe.fileHandleForReading)
        stderr = TLSTestSupport.Collector(errPipe.fileHandleForReading)
        let writer = inPipe.fileHandleForWriting
        let bytes = Data(input)
        Thread.detachNewThread {
            try? writer.write(contentsOf: bytes)
            try? writer.close()
        }
    }

    /// Waits for the child to exit, killing it if it outlives `seconds` (a safety net for a
    /// child that hangs, not a measurement).
    func finish(within seconds: TimeInterval = 10) -> TLSTestSupport.Output {
        if exited.wait(timeout: .now() + seconds) == .timedOut {
            process.terminate()
        }
        process.waitUntilExit()
        return TLSTestSupport.Output(status: process.terminationStatus, stdout: stdout.wait(), stderr: stderr.wait())
    }
}
