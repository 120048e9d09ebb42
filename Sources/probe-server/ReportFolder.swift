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
