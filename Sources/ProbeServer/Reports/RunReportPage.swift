import Foundation
import ProbeCatalog

/// The run report page (`/runs/{id}`): verdict, findings by severity with the fix for each
/// wrapper, the checklist with its coverage, device and versions, timings and uploads.
///
/// No inline style or script: the server's CSP is `style-src 'self'; script-src 'self'`,
/// so the look comes from `ReportStyles.css` at `ReportStyles.path`. Every value from the
/// run goes through `ReportText.html`.
public enum RunReportPage {
    public static func html(run: RunRecord, report: DiffReport, results: [ResultRecord], uploads: [UploadRecord],
                            generatedAt: Date = Date(), catalog: Catalog = .standard) -> String {
        html(RunReportDocument(run: run, report: report, results: results, uploads: uploads, generatedAt: generatedAt),
             catalog: catalog)
    }

    public static func html(_ document: RunReportDocument, catalog: Catalog = .standard) -> String {
        let diff = document.diff
        let e = ReportText.html
        let verdictClass = "verdict-\(diff.verdict.rawValue)"
        var h = HTMLBuilder(title: "\(ReportFacts.verdictTitle(diff.verdict)): run \(document.run.id)", bodyClass: "report")
        h.line("<nav class=\"crumbs\"><a href=\"/runs\">All runs</a></nav>")

        // Verdict first: that is what the reader came for.
        h.line("<header class=\"verdict-block \(verdictClass)\">")
        h.line("<h1>Run <span class=\"mono\">\(e(document.run.id))</span></h1>")
        if let label = document.run.label { h.line("<p class=\"label\">\(e(label))</p>") }
        h.line("<p class=\"verdict\"><span class=\"badge \(verdictClass)\">\(e(ReportFacts.verdictTitle(diff.verdict)))</span> against <strong>\(e(diff.requirementSet))</strong> on \(e(diff.platform.platform.title))</p>")
        if !diff.verdictReasons.isEmpty {
            h.line("<ul class=\"reasons\">")
            for reason in diff.verdictReasons { h.line("<li>\(e(reason))</li>") }
            h.line("</ul>")
        }
        h.line("<p class=\"counts\">" + Finding.Verdict.allCases.map { verdict in
            "<span class=\"count v-\(verdict.rawValue)\">\(diff.counts[verdict.rawValue] ?? 0) \(verdict.rawValue)</span>"
        }.joined(separator: " ") + "</p>")
        h.line("</header>")

        findings(&h, document)
        device(&h, document)
        checklist(&h, diff.coverage, wrapper: diff.platform.wrapperDetection?.wrapper)
        probes(&h, document, catalog: catalog)
        uploadsSection(&h, document.uploads)

        h.line("<footer><p>Generated \(e(ReportFacts.iso8601(document.generatedAt))) by probe-server · report schema \(e(document.schema)) · <a href=\"/api/runs/\(e(percentEncoded(document.run.id)))/report.json\">JSON</a> · <a href=\"/api/runs/\(e(percentEncoded(document.run.id)))/report.junit.xml\">JUnit</a> · <a href=\"/api/runs/\(e(percentEncoded(document.run.id)))/report.md\">Markdown</a></p></footer>")
        h.line("</body>")
        h.line("</html>")
        return h.text
    }

    /// The page for `/runs/{id}` when there is no such run. The id comes from the URL, so
    /// it is escaped like everything else.
    public static func notFound(runID: String) -> String {
        let e = ReportText.html
        var h = HTMLBuilder(title: "No such run", bodyClass: "report")
        h.line("<nav class=\"crumbs\"><a href=\"/runs\">All runs</a></nav>")
        h.line("<h1>No such run</h1>")
        h.line("<p>There is no run <span class=\"mono\">\(e(String(runID.prefix(200))))</span> on this server. It may have been purged (<code>--keep-days</code>) or deleted; the list of recent runs is at <a href=\"/runs\">/runs</a>.</p>")
        h.line("</body>")
        h.line("</html>")
        return h.text
    }

    static func findings(_ h: inout HTMLBuilder, _ document: RunReportDocument) {
        let e = ReportText.html
        let diff = document.diff
        let detected = ReportFacts.Wrapper.detected(diff.platform.platform)
        let actionable = ReportFacts.actionable(diff)
        h.line("<section id=\"findings\">")
        h.line("<h2>Findings</h2>")
        if actionable.isEmpty {
            h.line("<p>No failed or warning findings.</p>")
        }
        for severity in ReportFacts.severitiesWorstFirst {
            let group = actionable.filter { $0.severity == severity }
            guard !group.isEmpty else { continue }
            h.line("<h3 class=\"sev sev-\(severity.rawValue)\">Severity: \(severity.rawValue) (\(group.count))</h3>")
            for finding in group {
                h.line("<article class=\"finding v-\(finding.verdict.rawValue)\">")
                h.line("<h4><span class=\"badge v-\(finding.verdict.rawValue)\">\(finding.verdict.rawValue.uppercased())</span> \(e(finding.title)) <span class=\"mono\">\(e(finding.probe))</span></h4>")
                h.line("<dl>")
                h.line("<dt>Expected</dt><dd>\(e(finding.expected))</dd>")
                h.line("<dt>Observed</dt><dd>\(e(finding.observed))</dd>")
                if let diagnosis = finding.diagnosis { h.line("<dt>Diagnosis</dt><dd>\(e(diagnosis))</dd>") }
                if let layer = finding.layer { h.line("<dt>Layer</dt><dd>\(e(layer.rawValue))</dd>") }
                if !finding.causes.isEmpty { h.line("<dt>Causes</dt><dd><ol>" + finding.causes.map { "<li>\(e($0.likelihood.rawValue)), \(e($0.layer.rawValue)): \(e($0.summary)). Check: \(e($0.check)). <a href=\"\(e($0.source))\">Source</a></li>" }.joined() + "</ol></dd>") }
                if !finding.checklistItems.isEmpty {
                    h.line("<dt>Checklist</dt><dd>" + finding.checklistItems.map { "<a href=\"#item-\(e($0))\">\(e($0))</a>" }.joined(separator: ", ") + "</dd>")
                }
                h.line("</dl>")
                let fixes = finding.remedy?.wrappers ?? []
                if let first = fixes.first {
                    // The detected wrapper's fix open, every other wrapper's folded (docs/wrappers.md).
                    h.line("<div class=\"wrapper-fix this-app\"><p><strong>Fix in \(e(first.label))</strong> <span class=\"tag\">this app</span> · <a href=\"\(e(first.docs))\">documentation</a></p><pre><code>\(e(first.code))</code></pre></div>")
                    h.line("<details class=\"other-wrappers\"><summary>The fix in the other wrappers (\(fixes.count - 1))</summary>")
                    for fix in fixes.dropFirst() {
                        h.line("<div class=\"wrapper-fix\"><p><strong>\(e(fix.label))</strong> · <a href=\"\(e(fix.docs))\">documentation</a></p><pre><code>\(e(fix.code))</code></pre></div>")
                    }
                }
                if let remedy = finding.remedy, !remedy.isEmpty {
                    h.line("<table class=\"remedy\"><caption>Fix</caption><tbody>")
                    for wrapper in ReportFacts.Wrapper.allCases {
                        let mark = wrapper == detected ? " class=\"this-app\"" : ""
                        let note = wrapper == detected ? " <span class=\"tag\">this app</span>" : ""
                        let fix = wrapper.line(in: remedy).map { "<code>\(e($0))</code>" } ?? "<span class=\"none\">no change needed</span>"
                        h.line("<tr\(mark)><th scope=\"row\">\(e(wrapper.title))\(note)</th><td>\(fix)</td></tr>")
                    }
                    h.line("</tbody></table>")
                }
                if !fixes.isEmpty { h.line("</details>") }
                h.line("</article>")
            }
        }
        h.line("</section>")
    }

    static func device(_ h: inout HTMLBuilder, _ document: RunReportDocument) {
        let e = ReportText.html
        let detected = document.diff.platform
        let run = document.run
        h.line("<section id=\"device\">")
        h.line("<h2>Device and versions</h2>")
        h.line("<dl class=\"facts\">")
        h.line("<dt>Platform</dt><dd>\(e(detected.platform.title)) <span class=\"mono\">\(e(detected.platform.rawValue))</span>\(detected.overridden ? " (overridden by ?platform=)" : "")</dd>")
        h.line("<dt>OS</dt><dd>\(e(detected.os)) \(e(detected.osVersion?.description ?? "version unknown"))</dd>")
        h.line("<dt>Engine</dt><dd>\(e(detected.engine)) \(e(detected.engineVersion?.description ?? "version unknown"))</dd>")
        if let wrapper = detected.wrapper { h.line("<dt>Wrapper</dt><dd>\(e(wrapper))</dd>") }
        if let framework = detected.wrapperDetection {
            h.line("<dt>App framework</dt><dd>\(e(framework.wrapper.title))\(framework.inAppBrowser ? " (InAppBrowser)" : "") <span class=\"mono\">\(e(framework.wrapper.rawValue))</span>, \(e(framework.confidence.rawValue)) confidence\(framework.overridden ? ", overridden by ?wrapper=" : ""): \(e(framework.evidence.joined(separator: "; ")))</dd>")
        }
        h.line("<dt>Detection</dt><dd>\(e(detected.confidence.rawValue)) confidence: \(e(detected.reasons.joined(separator: "; ")))</dd>")
        if let userAgent = run.userAgent { h.line("<dt>User agent</dt><dd class=\"mono wrap\">\(e(userAgent))</dd>") }
        for (key, value) in ReportFacts.metadataPairs(run.metadata) {
            h.line("<dt>\(e(key))</dt><dd>\(e(value))</dd>")
        }
        if let created = run.createdAt { h.line("<dt>Created</dt><dd><time>\(e(ReportFacts.iso8601(created)))</time></dd>") }
        if let completed = run.completedAt {
            h.line("<dt>Completed</dt><dd><time>\(e(ReportFacts.iso8601(completed)))</time></dd>")
            if let created = run.createdAt {
                h.line("<dt>Duration</dt><dd>\(e(ReportFacts.duration(milliseconds: completed.timeIntervalSince(created) * 1000)))</dd>")
            }
        } else {
            h.line("<dt>Completed</dt><dd>not yet</dd>")
        }
        let total = document.results.reduce(0.0) { $0 + ($1.elapsedMs ?? 0) }
        h.line("<dt>Time in probes</dt><dd>\(e(ReportFacts.duration(milliseconds: total))) over \(document.results.count) results</dd>")
        h.line("</dl>")
        h.line("</section>")
    }

    static func checklist(_ h: inout HTMLBuilder, _ coverage: ChecklistCoverage, wrapper: Wrapper? = nil) {
        let e = ReportText.html
        h.line("<section id=\"checklist\">")
        h.line("<h2>Checklist coverage</h2>")
        h.line("<p class=\"counts\">" + ReportFacts.coverageCounts(coverage).map {
            "<span class=\"count c-\(e($0.status))\">\($0.count) \(e($0.status))</span>"
        }.joined(separator: " ") + "</p>")
        h.line("<table class=\"grid\"><thead><tr><th scope=\"col\">Item</th><th scope=\"col\">Tab</th><th scope=\"col\">Requirement</th><th scope=\"col\">How</th><th scope=\"col\">Status</th><th scope=\"col\">Evidence</th></tr></thead><tbody>")
        for item in coverage.items {
            h.line("<tr id=\"item-\(e(item.id))\"><td class=\"mono\">\(e(item.id))</td><td>\(e(item.tab.rawValue))</td><td>\(e(item.text))</td><td>\(e(item.method.rawValue))</td><td><span class=\"badge c-\(item.status.rawValue)\">\(e(item.status.rawValue))</span>\(item.source == .hostReport ? " <span class=\"badge host\">host report</span>" : "")</td><td>\(e(item.evidence))</td></tr>")
        }
        h.line("</tbody></table>")
        // A wrapper without a checklist tab of its own: where each native item is set in it.
        if let wrapper, case let mapping = WrapperCatalog.profile(wrapper).checklistMapping, !mapping.isEmpty {
            h.line("<h3>The items in \(e(wrapper.title))</h3><ul class=\"wrapper-checklist\">")
            for entry in mapping { h.line("<li><a href=\"#item-\(e(entry.item))\">\(e(entry.item))</a>: \(e(entry.via))</li>") }
            h.line("</ul>")
        }
        h.line("</section>")
    }

    static func probes(_ h: inout HTMLBuilder, _ document: RunReportDocument, catalog: Catalog) {
        let e = ReportText.html
        h.line("<section id=\"probes\">")
        h.line("<h2>Every probe</h2>")
        h.line("<table class=\"grid\"><thead><tr><th scope=\"col\">Phase</th><th scope=\"col\">Probe</th><th scope=\"col\">Verdict</th><th scope=\"col\">Observed</th><th scope=\"col\">Attempt</th><th scope=\"col\">Time</th></tr></thead><tbody>")
        for finding in document.diff.findings {
            let latest = document.latestAttempt(for: finding.probe)
            let time = latest?.elapsedMs.map { ReportFacts.duration(milliseconds: $0) } ?? "—"
            h.line("<tr><td>\(e(ReportFacts.phase(of: finding.probe, in: catalog)))</td><td class=\"mono\">\(e(finding.probe))</td><td><span class=\"badge v-\(finding.verdict.rawValue)\">\(finding.verdict.rawValue)</span></td><td>\(e(finding.observed))</td><td>\(finding.attempt.map(String.init) ?? "—")</td><td>\(e(time))</td></tr>")
        }
        h.line("</tbody></table>")
        if !document.diff.unknownProbes.isEmpty {
            h.line("<p>Results for probes the catalog does not know: " + document.diff.unknownProbes.map { "<span class=\"mono\">\(e($0))</span>" }.joined(separator: ", ") + "</p>")
        }
        h.line("</section>")
    }

    static func uploadsSection(_ h: inout HTMLBuilder, _ uploads: [RunReportDocument.Upload]) {
        let e = ReportText.html
        h.line("<section id=\"uploads\">")
        h.line("<h2>Uploads</h2>")
        guard !uploads.isEmpty else {
            h.line("<p>No files were uploaded.</p>")
            h.line("</section>")
            return
        }
        h.line("<table class=\"grid\"><thead><tr><th scope=\"col\">File name</th><th scope=\"col\">Probe</th><th scope=\"col\">Declared type</th><th scope=\"col\">Recognised type</th><th scope=\"col\">Size</th><th scope=\"col\">SHA-256</th><th scope=\"col\">Received</th></tr></thead><tbody>")
        for upload in uploads {
            h.line("<tr><td class=\"wrap\">\(e(upload.fileName))</td><td class=\"mono\">\(e(upload.probe))</td><td>\(e(upload.declaredType ?? "—"))</td><td>\(e(upload.sniffedType ?? "—"))</td><td>\(upload.size) bytes</td><td class=\"mono wrap\">\(e(upload.sha256))</td><td>\(e(upload.receivedAt.map(ReportFacts.iso8601) ?? "—"))</td></tr>")
        }
        h.line("</tbody></table>")
        h.line("</section>")
    }

    /// A path segment: everything but unreserved characters percent-encoded (RFC 3986 §2.3).
    static func percentEncoded(_ segment: String) -> String {
        var out = ""
        for byte in segment.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }
}

/// Lines of HTML. A value type so renderers stay pure functions.
/// A report page as lines of HTML, opened with the head every report page shares: UTF-8, the
/// phone viewport, no indexing (a run's page is a capability), the report style sheet.
struct HTMLBuilder {
    private(set) var text = ""

    /// Starts the page: the shared head with `title` (escaped here), then `<body class=…>`.
    init(title: String, bodyClass: String) {
        line("<!doctype html>")
        line("<html lang=\"en\">")
        line("<head>")
        line("<meta charset=\"utf-8\">")
        line("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        line("<meta name=\"robots\" content=\"noindex\">")
        line("<title>\(ReportText.html(title))</title>")
        line("<link rel=\"stylesheet\" href=\"\(ReportStyles.path)\">")
        line("</head>")
        line("<body class=\"\(ReportText.html(bodyClass))\">")
    }

    mutating func line(_ html: String) {
        text += html
        text += "\n"
    }
}

extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
