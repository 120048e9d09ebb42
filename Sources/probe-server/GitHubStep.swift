import Foundation
import ProbeServer

/// `wait --github`, or any `wait` inside GitHub Actions (`GITHUB_ACTIONS=true`): the Markdown
/// report appended to the job summary (`$GITHUB_STEP_SUMMARY`) and one `::error`/`::warning`
/// annotation per finding on stdout, where the runner reads workflow commands
/// (https://docs.github.com/en/actions/writing-workflows/choosing-what-your-workflow-does/workflow-commands-for-github-actions).
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

    /// The summary file is shared by every step of the job: append, never replace.
    static func append(_ text: String, to path: String) throws {
        guard let handle = FileHandle(forWritingAtPath: path) ?? createThenOpen(path) else {
            throw CommandFailure("cannot append the Markdown report to GITHUB_STEP_SUMMARY (\(path)); check that the file is writable",
                                 exitCode: ExitCode.cannotCreate)
        }
        defer { try? handle.close() }
        do {
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(text.utf8))
        } catch {
            throw CommandFailure("cannot append the Markdown report to GITHUB_STEP_SUMMARY (\(path)): \(error.localizedDescription)",
                                 exitCode: ExitCode.cannotCreate)
        }
    }

    private static func createThenOpen(_ path: String) -> FileHandle? {
        guard FileManager.default.createFile(atPath: path, contents: nil) else { return nil }
        return FileHandle(forWritingAtPath: path)
    }
}
