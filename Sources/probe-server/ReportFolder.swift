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
        try create(directory)
        let page = RunReports.standaloneHTML(document)
        let files: [(String, String, String)] = [
            (jsonFileName, RunReports.json(document), "JSON report"),
            (RunReports.junitFileName, RunReports.junit(document), "JUnit report"),
            (markdownFileName, RunReports.markdown(document), "Markdown report"),
            (htmlFileName, page.html, "HTML report"),
            (RunReports.standaloneStyleSheet, page.css, "report's style sheet"),
        ]
        for (name, text, what) in files {
            try Output.writeFile(text, to: directory.appendingPathComponent(name), what: what)
        }
    }

    /// Creates `directory` and its missing parents, as `mkdir -p` does; returns it.
    @discardableResult
    static func create(_ directory: String, for what: String? = nil) throws -> String {
        var isDirectory = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory else {
                throw CommandFailure("cannot create the folder \(directory)\(what.map { " for the \($0)" } ?? ""): a file of that name is in the way",
                                     exitCode: ExitCode.cannotCreate)
            }
            return directory
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure("cannot create the folder \(directory)\(what.map { " for the \($0)" } ?? ""): \(reason(error)); "
                                     + "check that its parent is writable, or pick another path", exitCode: ExitCode.cannotCreate)
        }
        return directory
    }

    /// A report file's path with its folder created (`create`); returns the path.
    static func prepare(_ path: String, what: String) throws -> String {
        let folder = path.deletingLastPathComponent
        if !folder.isEmpty { try create(folder, for: what) }
        return path
    }

    /// The system's words for why a folder could not be made ("Permission denied"), not
    /// Foundation's sentence about a file "couldn't be saved".
    static func reason(_ error: any Error) -> String {
        if let posix = (error as? CocoaError)?.underlying as? POSIXError ?? error as? POSIXError {
            return String(cString: strerror(posix.code.rawValue))
        }
        return error.localizedText
    }

    /// `--junit PATH`: a folder (an existing one, or a path ending in `/`) gets `TEST-probe-server.xml`.
    static func junitPath(_ path: String) -> String {
        var isDirectory = false
        if path.hasSuffix("/") || (FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory) {
            return path.appendingPathComponent(RunReports.junitFileName)
        }
        return path
    }
}
