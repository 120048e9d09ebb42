#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials
import ProbeServer

/// `wait --github`, or any `wait` inside GitHub Actions (`GITHUB_ACTIONS=true`): the Markdown
/// report appended to the job summary (`$GITHUB_STEP_SUMMARY`) and one `::error`/`::warning`
/// annotation per finding on stdout, where the runner reads workflow commands
/// (https://docs.github.com/en/actions/writing-workflows/choosing-what-your-workflow-does/workflow-commands-for-github-actions);
/// everything else `wait` prints is inside a `CommandPause`.
enum GitHubStep {
    /// GitHub sets `GITHUB_ACTIONS=true` in every step
    /// (https://docs.github.com/en/actions/writing-workflows/choosing-what-your-workflow-does/store-information-in-variables#default-environment-variables).
    static func isActive(flag: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        flag || environment["GITHUB_ACTIONS"] == "true"
    }

    static func publish(_ document: RunReportDocument, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        if let summary = environment["GITHUB_STEP_SUMMARY"], !summary.isEmpty {
            try append(RunReports.markdown(document) + "\n", to: summary)
        }
        try Output.write(RunReports.githubAnnotations(document))
    }

    /// Workflow commands off while `wait` prints device text, and back on for its own
    /// annotations: `::stop-commands::TOKEN` makes the runner read every later line as plain
    /// text until `::TOKEN::`
    /// (https://docs.github.com/en/actions/reference/workflow-commands-for-github-actions#stopping-and-starting-workflow-commands).
    /// The token is random per run, as GitHub asks, so no text a device sent can name it and
    /// turn commands back on early. This guards stdout, where the report goes; a line on
    /// stderr reaches the runner through another pipe and may be read after the resume, so
    /// what holds there is `ReportText.terminal`, which leaves no `::` or `##[` in device text.
    final class CommandPause {
        /// 128 bits from the system's generator (getrandom(2)): not guessable, and hex, so
        /// it is never the name of a workflow command.
        static let tokenBytes = 16

        let token: String
        private(set) var paused = false

        init<Generator: RandomNumberGenerator>(using generator: inout Generator) {
            token = "probe-server-" + (0..<Self.tokenBytes).map { _ in
                String(printf: "%02x", UInt8.random(in: .min ... .max, using: &generator))
            }.joined()
        }

        convenience init() {
            var system = SystemRandomNumberGenerator()
            self.init(using: &system)
        }

        var stopLine: String { "::stop-commands::\(token)\n" }
        var resumeLine: String { "::\(token)::\n" }

        func stop() throws {
            guard !paused else { return }
            try Output.write(stopLine)
            paused = true
        }

        /// Idempotent, so `wait` can call it before its annotations and again on every way out.
        func resume() throws {
            guard paused else { return }
            paused = false
            try Output.write(resumeLine)
        }
    }

    /// The summary file is shared by every step of the job: append, never replace.
    static func append(_ text: String, to path: String) throws {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o666)
        guard fd >= 0 else {
            throw CommandFailure("cannot append the Markdown report to GITHUB_STEP_SUMMARY (\(path)); check that the file is writable",
                                 exitCode: ExitCode.cannotCreate)
        }
        defer { close(fd) }
        var copy = text
        let failure: Int32 = copy.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return n < 0 ? errno : EIO }
                offset += n
            }
            return 0
        }
        if failure != 0 {
            throw CommandFailure("cannot append the Markdown report to GITHUB_STEP_SUMMARY (\(path)): \(String(cString: strerror(failure)))",
                                 exitCode: ExitCode.cannotCreate)
        }
    }
}
