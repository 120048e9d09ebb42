#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials
import ProbeCatalog
import ProbeStore

/// The machine formats of a run report, for the API (`/api/runs/{id}/report.json`,
/// `.junit.xml`, `.md`) and the CLI. Pure functions of the stored run: no I/O.
public enum RunReports {
    /// Media types to serve each format with.
    public static let jsonContentType = "application/json"
    public static let junitContentType = "application/xml; charset=utf-8"
    public static let markdownContentType = "text/markdown; charset=utf-8"

    /// The machine formats by the last path segment the API serves them under.
    public enum Format: String, CaseIterable, Sendable {
        case json = "report.json"
        case junit = "report.junit.xml"
        case markdown = "report.md"

        /// `report.json` → `.json`; nil for any other segment.
        public init?(pathComponent: String) { self.init(rawValue: pathComponent) }

        public var contentType: String {
            switch self {
            case .json: return RunReports.jsonContentType
            case .junit: return RunReports.junitContentType
            case .markdown: return RunReports.markdownContentType
            }
        }
    }

    /// One call for the three API routes: the text of `format` for a stored run.
    public static func render(_ format: Format, run: RunRecord, report: DiffReport, results: [ResultRecord],
                              uploads: [UploadRecord], generatedAt: Date = Date()) -> String {
        render(format, RunReportDocument(run: run, report: report, results: results, uploads: uploads, generatedAt: generatedAt))
    }

    /// The text of `format` for a report document.
    public static func render(_ format: Format, _ document: RunReportDocument) -> String {
        switch format {
        case .json: return json(document)
        case .junit: return junit(document)
        case .markdown: return markdown(document)
        }
    }

    /// `{"schema":"probe-server.report/3","run":…,"diff":…,"results":[…],"uploads":[…],"generatedAt":…}`
    public static func json(run: RunRecord, report: DiffReport, results: [ResultRecord], uploads: [UploadRecord],
                            generatedAt: Date = Date()) -> String {
        RunReportDocument(run: run, report: report, results: results, uploads: uploads, generatedAt: generatedAt).jsonText()
    }

    public static func junit(run: RunRecord, report: DiffReport, results: [ResultRecord], uploads: [UploadRecord],
                             generatedAt: Date = Date(), catalog: Catalog = .standard) -> String {
        junit(RunReportDocument(run: run, report: report, results: results, uploads: uploads, generatedAt: generatedAt),
              catalog: catalog)
    }

    public static func markdown(run: RunRecord, report: DiffReport, results: [ResultRecord], uploads: [UploadRecord],
                                generatedAt: Date = Date()) -> String {
        markdown(RunReportDocument(run: run, report: report, results: results, uploads: uploads, generatedAt: generatedAt))
    }

    public static func text(run: RunRecord, report: DiffReport, results: [ResultRecord], uploads: [UploadRecord],
                            style: TerminalStyle = .plain) -> String {
        text(RunReportDocument(run: run, report: report, results: results, uploads: uploads), style: style)
    }

    // The same from a document (what the CLI has after fetching `report.json`).

    public static func json(_ document: RunReportDocument) -> String { document.jsonText() }
    public static func junit(_ document: RunReportDocument, catalog: Catalog = .standard) -> String {
        JUnitReport.render(document, catalog: catalog)
    }
    public static func markdown(_ document: RunReportDocument) -> String { MarkdownReport.render(document) }
    /// `TEST-probe-server.xml`: the JUnit file name CI finds by default (`JUnitReport`).
    public static var junitFileName: String { JUnitReport.defaultFileName }
    /// `::error`/`::warning` workflow commands, one per failing or warning finding.
    public static func githubAnnotations(_ document: RunReportDocument) -> String { GitHubAnnotations.render(document) }
    /// The HTML report page for a folder of files: the style sheet beside it (`report.css`,
    /// this run's print rules included) instead of on the server, and no script (the Copy
    /// buttons stay hidden; the code is there to select).
    public static func standaloneHTML(_ document: RunReportDocument) -> (html: String, css: String) {
        let page = RunReportPage.html(document)
        let printSheet = "<link rel=\"stylesheet\" href=\"\(ReportText.html(RunReportPage.printSheet(document.run.id)))\">\n"
        let script = "<script src=\"\(ReportScript.path)\" defer></script>\n"
        let html = page.replacingEach("href=\"\(ReportStyles.path)\"", with: "href=\"\(standaloneStyleSheet)\"")
            .replacingEach(printSheet, with: "").replacingEach(script, with: "")
        return (html, ReportStyles.css + ReportStyles.printCSS(runID: document.run.id))
    }
    public static let standaloneStyleSheet = "report.css"
    public static func text(_ document: RunReportDocument, style: TerminalStyle = .plain) -> String {
        TerminalReport.render(document, style: style)
    }
}
