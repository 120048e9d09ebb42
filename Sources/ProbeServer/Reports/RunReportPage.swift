#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProbeCatalog
import ProbeHTTP
import ProbeStore

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

    /// The per-run print sheet's address (`ReportStyles.printCSS`).
    static func printSheet(_ runID: String) -> String {
        ReportStyles.printPath + "?run=" + percentEncoded(runID)
    }

    public static func html(_ document: RunReportDocument, catalog: Catalog = .standard) -> String {
        let diff = document.diff
        let e = ReportText.html
        let verdictClass = "verdict-\(diff.verdict.rawValue)"
        var h = HTMLBuilder(title: "\(ReportFacts.verdictTitle(diff.verdict)): run \(document.run.id)", bodyClass: "report",
                            styleSheets: [printSheet(document.run.id)], scripts: [ReportScript.path])
        h.line("<nav class=\"crumbs\"><a href=\"/runs\">All runs</a></nav>")

        // Verdict first: that is what the reader came for.
        h.line("<header class=\"verdict-block \(verdictClass)\">")
        h.line("<h1>Run <span class=\"mono\">\(e(document.run.id))</span></h1>")
        h.line("<p class=\"label\">\(e(ReportFacts.runLabel(document.run, platform: diff.platform)))</p>")
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

        summary(&h, document)
        findings(&h, document, catalog: catalog)
        device(&h, document)
        CameraModes(document)?.html(&h)
        checklist(&h, diff.coverage, platform: diff.platform.platform, wrapper: diff.platform.wrapperDetection?.wrapper)
        probes(&h, document, catalog: catalog)
        uploadsSection(&h, document.uploads)

        let base = "/api/runs/\(e(percentEncoded(document.run.id)))"
        // The judge's build: a verdict kept from an older build says so (the judgement key).
        let judge = document.diff.judgedBy.map { " · judged by \(e($0.words))" } ?? ""
        h.line("<footer><p>Generated \(e(ReportFacts.iso8601(document.generatedAt))) by probe-server · report schema \(e(document.schema))\(judge)<span class=\"formats\"> · <a href=\"\(base)/report.json\">JSON</a> · <a href=\"\(base)/report.junit.xml\">JUnit</a> · <a href=\"\(base)/report.md\">Markdown</a></span></p></footer>")
        h.line("</body>")
        h.line("</html>")
        return h.text
    }

    /// What a certification request asks first: app, version, tester, device, OS, engine,
    /// date, verdict and coverage; "not given" where the run does not say.
    static func summary(_ h: inout HTMLBuilder, _ document: RunReportDocument) {
        let e = ReportText.html
        h.line("<section id=\"summary\" class=\"summary\">")
        h.line("<h2>Certification summary</h2>")
        h.line("<dl class=\"facts\">")
        for (name, value) in ReportFacts.summary(document) {
            let shown = value == "not given" ? "<span class=\"missing\">not given</span>" : e(value)
            h.line("<dt>\(e(name))</dt><dd>\(shown)</dd>")
        }
        h.line("</dl>")
        h.line("</section>")
    }

    static func findings(_ h: inout HTMLBuilder, _ document: RunReportDocument, catalog: Catalog = .standard) {
        let e = ReportText.html
        let diff = document.diff
        let leading = ReportFacts.leading(diff)
        h.line("<section id=\"findings\">")
        h.line("<h2>Findings</h2>")
        if leading.isEmpty {
            h.line("<p>No failed or warning findings.</p>")
        }
        var codeIndex = 0
        for severity in ReportFacts.severitiesWorstFirst {
            let group = leading.filter { $0.severity == severity }
            guard !group.isEmpty else { continue }
            h.line("<h3 class=\"sev sev-\(severity.rawValue)\">Severity: \(severity.rawValue) (\(group.count))</h3>")
            for finding in group {
                h.line("<article class=\"finding v-\(finding.verdict.rawValue)\" id=\"finding-\(e(finding.probe.rawValue))\">")
                h.line("<h4><span class=\"badge v-\(finding.verdict.rawValue)\">\(finding.verdict.rawValue.uppercased())</span> \(e(finding.title))</h4>")
                h.line("<dl>")
                h.line("<dt>Expected</dt><dd>\(e(finding.expected))</dd>")
                h.line("<dt>Observed</dt><dd>\(e(finding.observed))</dd>")
                if let diagnosis = Words.diagnosis(finding) { h.line("<dt>Diagnosis</dt><dd>\(e(diagnosis))</dd>") }
                if let layer = finding.layer, finding.causes.isEmpty { h.line("<dt>Layer</dt><dd>\(e(Words.layer(layer)))</dd>") }
                if !finding.causes.isEmpty { h.line("<dt>Causes</dt><dd><ol>" + finding.causes.map { "<li>\(e(Words.causeHead($0, in: finding))). Check: \(e($0.check)). <a href=\"\(e($0.source))\">Source</a></li>" }.joined() + "</ol></dd>") }
                // The run's own platform's items: an Android run's camera failure names no Info.plist key.
                let items = finding.checklistItems.filter { diff.coverage.item($0)?.tab.applies(to: diff.platform.platform) ?? true }
                if !items.isEmpty {
                    h.line("<dt>Checklist</dt><dd><ul>" + items.map {
                        "<li><a href=\"#item-\(e($0))\">\(e(ReportFacts.checklistTitle($0, in: diff.coverage)))</a></li>"
                    }.joined() + "</ul></dd>")
                }
                h.line("</dl>")
                h.line(detailsLine(finding))
                fixes(&h, finding, platform: diff.platform.platform, codeIndex: &codeIndex)
                let following = ReportFacts.consequences(of: finding, in: diff)
                if !following.isEmpty {
                    h.line("<div class=\"consequences\"><p><strong>Also failing because of this (\(following.count)):</strong></p><ul>")
                    for next in following {
                        h.line("<li id=\"finding-\(e(next.probe.rawValue))\"><span class=\"badge v-\(next.verdict.rawValue)\">\(next.verdict.rawValue)</span> \(e(next.title)): \(e(next.observed))</li>")
                    }
                    h.line("</ul></div>")
                }
                h.line("</article>")
            }
        }
        h.line("</section>")
    }

    /// The one line of a finding that names it by its ids, for a search or a bug report: the
    /// probe, its causes. Everywhere else a person reads titles (`ReportFacts.probeTitle`).
    static func detailsLine(_ finding: Finding) -> String {
        let e = ReportText.html
        var parts = ["probe <span class=\"mono\">\(e(finding.probe.rawValue))</span>"]
        if !finding.causes.isEmpty {
            parts.append("causes " + finding.causes.map { "<span class=\"mono\">\(e($0.id))</span>" }.joined(separator: ", "))
        }
        return "<p class=\"details sub\">Details: " + parts.joined(separator: " · ") + "</p>"
    }

    /// A finding's fixes as code: the one for this app open, every other folded; each with
    /// its documentation and a Copy button (`ReportScript`).
    static func fixes(_ h: inout HTMLBuilder, _ finding: Finding, platform: Platform, codeIndex: inout Int) {
        let (fixes, forThisApp) = ReportFacts.codeFixes(finding, platform: platform)
        guard !fixes.isEmpty else { return }
        func block(_ fix: ReportFacts.CodeFix, thisApp: Bool) -> String {
            codeIndex += 1
            let id = "fix-\(codeIndex)"
            let e = ReportText.html
            return "<div class=\"fix\(thisApp ? " this-app" : "")\"><p class=\"fix-head\"><strong>Fix in \(e(fix.label))</strong>"
                + (thisApp ? " <span class=\"tag\">this app</span>" : "")
                + " <a href=\"\(e(fix.docs))\">Documentation</a>"
                + " <button type=\"button\" class=\"copy\" data-for=\"\(id)\" aria-label=\"Copy the fix in \(e(fix.label))\" hidden>Copy</button></p>"
                + "<pre><code id=\"\(id)\" class=\"language-\(e(fix.fence))\">\(e(fix.code))</code></pre></div>"
        }
        if forThisApp {
            h.line(block(fixes[0], thisApp: true))
            if fixes.count > 1 {
                h.line("<details class=\"other-wrappers\"><summary>The fix in the other wrappers (\(fixes.count - 1))</summary>")
                for fix in fixes.dropFirst() { h.line(block(fix, thisApp: false)) }
                h.line("</details>")
            }
        } else {
            for fix in fixes { h.line(block(fix, thisApp: false)) }
        }
    }

    static func device(_ h: inout HTMLBuilder, _ document: RunReportDocument) {
        let e = ReportText.html
        let detected = document.diff.platform
        let run = document.run
        h.line("<section id=\"device\">")
        h.line("<h2>Device and versions</h2>")
        h.line("<dl class=\"facts\">")
        h.line("<dt>Platform</dt><dd>\(e(detected.platform.title))</dd>")
        h.line("<dt>OS</dt><dd>\(e(detected.os)) \(e(detected.osVersion?.description ?? "version unknown"))</dd>")
        h.line("<dt>Engine</dt><dd>\(e(detected.engine)) \(e(detected.engineVersion?.description ?? "version unknown"))</dd>")
        // One confidence for what was detected, the lower of the platform's and the framework's.
        if let wrapper = ReportFacts.wrapperTitle(detected) { h.line("<dt>App framework</dt><dd>\(e(wrapper))</dd>") }
        let evidence = detected.reasons + (detected.wrapperDetection?.evidence ?? [])
        h.line("<dt>Detection</dt><dd>\(e(Words.decided(detected))): \(e(evidence.joined(separator: "; ")))</dd>")
        if let userAgent = run.userAgent { h.line("<dt>User agent</dt><dd class=\"mono wrap\">\(e(userAgent))</dd>") }
        for (key, value) in ReportFacts.metadataPairs(run.metadata) {
            // A re-run of another run's failed steps (the page's end screen) links back to it.
            if key == "rerunOf", let first = ReportFacts.rerunOf(run.metadata) {
                h.line("<dt>Re-run of</dt><dd><a href=\"/runs/\(e(percentEncoded(first)))\">\(e(first))</a></dd>")
                continue
            }
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

    /// A `<td>` with its column's name for the stacked layout of narrow screens (`ReportStyles.stackedBelow`).
    static func cell(_ column: String, _ html: String, class className: String? = nil) -> String {
        "<td data-label=\"\(column)\"\(className.map { " class=\"\($0)\"" } ?? "")>\(html)</td>"
    }

    static func checklist(_ h: inout HTMLBuilder, _ coverage: ChecklistCoverage, platform: Platform, wrapper: Wrapper? = nil) {
        let e = ReportText.html
        let (own, others) = ReportFacts.checklistSplit(coverage, platform: platform)
        h.line("<section id=\"checklist\">")
        h.line("<h2>Checklist coverage</h2>")
        h.line("<p class=\"counts\">" + ReportFacts.coverageCounts(coverage).map {
            "<span class=\"count c-\(e($0.status))\">\($0.count) \(e($0.status))</span>"
        }.joined(separator: " ") + "</p>")
        func table(_ items: [ChecklistCoverage.Item]) {
            h.line("<table class=\"grid\"><thead><tr><th scope=\"col\">Item</th><th scope=\"col\">Tab</th><th scope=\"col\">How</th><th scope=\"col\">Status</th><th scope=\"col\">Evidence</th></tr></thead><tbody>")
            for item in items {
                let status = "<span class=\"badge c-\(item.status.rawValue)\">\(e(item.status.rawValue))</span>\(item.source == .hostReport ? " <span class=\"badge host\">host report</span>" : "")"
                h.line("<tr id=\"item-\(e(item.id))\">" + cell("Item", e(item.text))
                    + cell("Tab", e(item.tab.rawValue)) + cell("How", e(item.method.rawValue)) + cell("Status", status)
                    + cell("Evidence", e(ReportFacts.evidenceInWords(item.evidence))) + "</tr>")
            }
            h.line("</tbody></table>")
        }
        table(own)
        if !others.isEmpty {
            h.line("<details class=\"other-platforms\"><summary>\(others.count) items for other platforms</summary>")
            table(others)
            h.line("</details>")
        }
        // What the phone does not ask: the app's code and build, for the integrator to answer.
        let questions = ReportFacts.integratorQuestions(coverage, platform: platform)
        if !questions.isEmpty {
            h.line("<h3 id=\"integrator-questions\">For the integrator to answer</h3>")
            h.line("<p>About the app's code and build, so the tester is not asked on the phone. Each stays open until it is answered in the results or the app's host report settles it.</p>")
            h.line("<ul class=\"integrator-questions\">")
            for entry in questions {
                h.line("<li><strong>\(e(entry.question))</strong> <span class=\"badge c-\(entry.item.status.rawValue)\">\(e(entry.state))</span> (checklist: <a href=\"#item-\(e(entry.item.id))\">\(e(entry.item.text))</a>)</li>")
            }
            h.line("</ul>")
        }
        // A wrapper without a checklist tab of its own: where each native item is set in it.
        if let wrapper, case let mapping = WrapperCatalog.profile(wrapper).checklistMapping, !mapping.isEmpty {
            h.line("<h3>The items in \(e(wrapper.title))</h3><ul class=\"wrapper-checklist\">")
            for entry in mapping { h.line("<li><a href=\"#item-\(e(entry.item))\">\(e(ReportFacts.checklistTitle(entry.item, in: coverage)))</a>: \(e(entry.via))</li>") }
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
            let latest = document.latestAttempt(for: finding.probe.rawValue)
            let time = latest?.elapsedMs.map { ReportFacts.duration(milliseconds: $0) } ?? "—"
            h.line("<tr>" + cell("Phase", e(ReportFacts.phase(of: finding.probe, in: catalog)))
                + cell("Probe", e(finding.title))
                + cell("Verdict", "<span class=\"badge v-\(finding.verdict.rawValue)\">\(finding.verdict.rawValue)</span>")
                + cell("Observed", e(finding.observed)) + cell("Attempt", finding.attempt.map(String.init) ?? "—")
                + cell("Time", e(time)) + "</tr>")
        }
        h.line("</tbody></table>")
        if !document.diff.unknownProbes.isEmpty {
            h.line("<p>Results for probes the catalog does not know (by the ids they were posted with): " + document.diff.unknownProbes.map(\.rawValue).map { "<span class=\"mono\">\(e($0))</span>" }.joined(separator: ", ") + "</p>")
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
        // The camera preview's first frame, shown (`CameraSnapshot`): the data URI is base64, but escaped all the same.
        for upload in uploads {
            guard let preview = upload.preview else { continue }
            h.line("<figure class=\"snapshot\"><img src=\"\(e(preview))\" alt=\"The camera preview's first frame\"><figcaption>The camera preview's first frame, as the page saw it (open the page with <code>?snapshot=off</code> to send none).</figcaption></figure>")
        }
        h.line("<table class=\"grid\"><thead><tr><th scope=\"col\">File name</th><th scope=\"col\">Probe</th><th scope=\"col\">Declared type</th><th scope=\"col\">Recognised type</th><th scope=\"col\">Size</th><th scope=\"col\">SHA-256</th><th scope=\"col\">Received</th></tr></thead><tbody>")
        for upload in uploads {
            h.line("<tr>" + cell("File name", e(upload.fileName), class: "wrap") + cell("Probe", e(ReportFacts.probeTitle(upload.probe, in: .standard)))
                + cell("Declared type", e(upload.declaredType ?? "—")) + cell("Recognised type", e(upload.sniffedType ?? "—"))
                + cell("Size", "\(upload.size) bytes") + cell("SHA-256", e(upload.sha256), class: "mono wrap")
                + cell("Received", e(upload.receivedAt.map(ReportFacts.iso8601) ?? "—")) + "</tr>")
        }
        h.line("</tbody></table>")
        h.line("</section>")
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

    /// A path segment: everything but unreserved characters percent-encoded (RFC 3986 §2.3).
    static func percentEncoded(_ segment: String) -> String {
        var out = ""
        for byte in segment.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(2)
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
    init(title: String, bodyClass: String, styleSheets: [String] = [], scripts: [String] = []) {
        line("<!doctype html>")
        line("<html lang=\"en\">")
        line("<head>")
        line("<meta charset=\"utf-8\">")
        line("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        line("<meta name=\"robots\" content=\"noindex\">")
        line("<title>\(ReportText.html(title))</title>")
        line("<link rel=\"stylesheet\" href=\"\(ReportStyles.path)\">")
        for sheet in styleSheets { line("<link rel=\"stylesheet\" href=\"\(ReportText.html(sheet))\">") }
        for script in scripts { line("<script src=\"\(ReportText.html(script))\" defer></script>") }
        line("</head>")
        line("<body class=\"\(ReportText.html(bodyClass))\">")
    }

    mutating func line(_ html: String) {
        text += html
        text += "\n"
    }
}
