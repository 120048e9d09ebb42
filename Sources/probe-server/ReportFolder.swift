import Foundation
import ProbeServer

/// `wait --out DIR`: every format of one run's report in one folder, named so that the
/// collectors find them without configuration: what AWS Device Farm's `artifacts:` list
/// (https://docs.aws.amazon.com/devicefarm/latest/developerguide/custom-test-environment-test-spec.html)
/// and a Test Lab results bucket pick up, and `TEST-*.xml` for Azure Pipelines' default pattern.
enum ReportFolder {
    static let jsonFileName = "report.json"
    static let markdownFileName = "report.md"
    static let htmlFileName = "report.html"

    /// Every file name the folder gets, in the order written.
    static var fileNames: [String] {
        [jsonFileName, RunReports.junitFileName, markdownFileName, htmlFileName, RunReports.standaloneStyleSheet]
    }

    static func write(_ document: RunReportDocument, to directory: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure("cannot create the report folder \(directory): \(error.localizedDescription); check that its parent is writable",
                                 exitCode: ExitCode.cannotCreate)
        }
        let page = RunReports.standaloneHTML(document)
        let files: [(String, String, String)] = [
            (jsonFileName, RunReports.json(document), "JSON report"),
            (RunReports.junitFileName, RunReports.junit(document), "JUnit report"),
            (markdownFileName, RunReports.markdown(document), "Markdown report"),
            (htmlFileName, page.html, "HTML report"),
            (RunReports.standaloneStyleSheet, page.css, "report's style sheet"),
        ]
        for (name, text, what) in files {
            try Output.writeFile(text, to: (directory as NSString).appendingPathComponent(name), what: what)
        }
    }

    /// `--junit PATH`: a folder (an existing one, or a path ending in `/`) gets `TEST-probe-server.xml`.
    static func junitPath(_ path: String) -> String {
        var isDirectory: ObjCBool = false
        if path.hasSuffix("/") || (FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue) {
            return (path as NSString).appendingPathComponent(RunReports.junitFileName)
        }
        return path
    }
}

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
        Output.write(RunReports.githubAnnotations(document))
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
