#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials
import ProbeCatalog
import ProbeStore

/// One row of the matrix: a run and, when it has results, its diff.
public struct RunMatrixRow: Sendable {
    public var run: RunRecord
    /// Nil for a run that has posted nothing yet, or one not judged for this page (`deferred`).
    public var report: DiffReport?
    /// An open run the page left for its own report: the page judges open runs only up to a
    /// bound of observations per load (`RunJudgements.matrixJudgingBytes`).
    public var deferred: Bool

    public init(run: RunRecord, report: DiffReport?, deferred: Bool = false) {
        self.run = run
        self.report = report
        self.deferred = deferred
    }
}

/// The filter of the `/runs` form, echoed back into its fields.
public struct RunMatrixFilter: Sendable, Equatable {
    public var label: String?
    public var platform: Platform?
    public var verdict: DiffReport.Verdict?
}

/// The device × probe matrix of recent runs (`/runs`): one row per run, one line high, one
/// column per probe. Each cell carries a symbol and a word as well as a colour, so it reads
/// in black and white and for colour-blind readers. Run, Device and Verdict (with the top
/// reason) stay in view while the table scrolls sideways in its own box (`ReportStyles`);
/// what a truncated cell cuts off is in its `title`. A filter form (label, platform,
/// verdict) at the top submits with GET; the server applies it and passes the rows in.
public enum RunMatrixPage {
    /// Cell text per verdict: a symbol and a short word, both visible without colour.
    static func cell(_ verdict: Finding.Verdict) -> (symbol: String, word: String) {
        switch verdict {
        case .pass: return ("✓", "pass")
        case .fail: return ("✗", "FAIL")
        case .warn: return ("!", "warn")
        case .info: return ("i", "info")
        case .skipped: return ("–", "skip")
        case .notRun: return ("·", "none")
        }
    }

    /// `rowHTML`: a row's `<tr>` as `matrixRow` writes it, when the caller keeps them (a
    /// completed run's row never changes); nil writes each. `older`: the store's cursor after
    /// the last row when there are older runs (`Page.nextCursor`), linked as the next page;
    /// `isFirst`: false on such a page, which links back to the newest runs.
    public static func html(rows: [RunMatrixRow], filter: RunMatrixFilter, catalog: Catalog = .standard,
                            generatedAt: Date = Date(), older: String? = nil, isFirst: Bool = true,
                            rowHTML: ((RunMatrixRow) -> String)? = nil) -> String {
        let e = ReportText.html
        var h = HTMLBuilder(title: "Runs: probe-server", bodyClass: "matrix-page")
        h.line("<h1>Recent runs</h1>")

        h.line("<form class=\"filter\" method=\"get\" action=\"/runs\">")
        h.line("<label>Label <input type=\"search\" name=\"label\" value=\"\(e(filter.label ?? ""))\"></label>")
        h.line("<label>Platform <select name=\"platform\">")
        h.line("<option value=\"\"\(filter.platform == nil ? " selected" : "")>any</option>")
        for platform in Platform.allCases {
            let selected = filter.platform == platform ? " selected" : ""
            h.line("<option value=\"\(platform.rawValue)\"\(selected)>\(e(platform.title))</option>")
        }
        h.line("</select></label>")
        h.line("<label>Verdict <select name=\"verdict\">")
        h.line("<option value=\"\"\(filter.verdict == nil ? " selected" : "")>any</option>")
        for verdict in [DiffReport.Verdict.ready, .notReady, .incomplete] {
            let selected = filter.verdict == verdict ? " selected" : ""
            h.line("<option value=\"\(verdict.rawValue)\"\(selected)>\(e(ReportFacts.verdictTitle(verdict)))</option>")
        }
        h.line("</select></label>")
        h.line("<button type=\"submit\">Filter</button> <a href=\"/runs\">Clear</a>")
        h.line("</form>")

        h.line("<p class=\"legend\">" + Finding.Verdict.allCases.map { verdict in
            let (symbol, word) = cell(verdict)
            return "<span class=\"cell v-\(verdict.rawValue)\">\(symbol) \(word)</span> \(verdict.rawValue)"
        }.joined(separator: " · ") + "</p>")

        if rows.isEmpty {
            h.line("<p class=\"empty\">No runs match\(filter == RunMatrixFilter() ? " yet" : " this filter").</p>")
        } else {
            h.line("<div class=\"matrix-scroll\" tabindex=\"0\" role=\"region\" aria-label=\"Runs by probe\"><table class=\"matrix\">")
            h.line("<thead><tr><th scope=\"col\" class=\"run\">Run</th><th scope=\"col\" class=\"device\">Device</th><th scope=\"col\" class=\"verdict\">Verdict</th>"
                + "<th scope=\"col\" class=\"about\">Date (UTC)</th><th scope=\"col\" class=\"about\">App</th><th scope=\"col\" class=\"about\">Version</th><th scope=\"col\" class=\"about\">Tester</th>")
            for probe in catalog.probes {
                // The title is the column head; the id is its tooltip.
                h.line("<th scope=\"col\" class=\"probe\" title=\"\(e(probe.id.rawValue))\"><span>\(e(probe.title))</span></th>")
            }
            h.line("</tr></thead><tbody>")
            for row in rows { h.line(rowHTML?(row) ?? matrixRow(row, catalog: catalog)) }
            h.line("</tbody></table></div>")
        }
        if older != nil || !isFirst {
            var links: [String] = []
            if !isFirst { links.append("<a href=\"\(e(pagePath(filter, cursor: nil)))\">Newest runs</a>") }
            if let older { links.append("<a rel=\"next\" href=\"\(e(pagePath(filter, cursor: older)))\">Older runs</a>") }
            h.line("<nav class=\"pages\">" + links.joined(separator: " · ") + "</nav>")
        }
        h.line("<footer><p>Generated \(e(ReportFacts.iso8601(generatedAt))) by probe-server · \(rows.count) runs</p></footer>")
        h.line("</body>")
        h.line("</html>")
        return h.text
    }

    /// `/runs` with the filter's fields (as the form sends them) and a page's cursor.
    static func pagePath(_ filter: RunMatrixFilter, cursor: String?) -> String {
        let items = [("label", filter.label), ("platform", filter.platform?.rawValue), ("verdict", filter.verdict?.rawValue), ("cursor", cursor)]
            .compactMap { (name: String, value: String?) in value.map { name + "=" + queryValue($0) } }
        return "/runs" + (items.isEmpty ? "" : "?" + items.joined(separator: "&"))
    }

    /// A query value with every byte but RFC 3986's unreserved ones percent-encoded (§2.1,
    /// §2.3), so its delimiters (&, =, +, #) and any UTF-8 arrive as they were typed.
    static func queryValue(_ value: String) -> String {
        var out = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                out += "%"
                out.unicodeScalars.append(hex[Int(byte >> 4)])
                out.unicodeScalars.append(hex[Int(byte & 0xF)])
            }
        }
        return out
    }

    /// The reason shown beside a verdict: the leading finding's title and the short reason
    /// (`shortReason`), else the verdict's first reason.
    static func topReason(_ report: DiffReport) -> String? {
        if let first = ReportFacts.leading(report).first {
            return "\(first.title) \(first.verdict == .fail ? "failed" : "warns"): \(shortReason(first))"
        }
        return report.verdictReasons.first
    }

    /// A one-line cell shows about this many characters of a reason; the tooltip has it all.
    static let shortReasonLimit = 90

    /// Why a finding failed in a few words: the first sentence of its diagnosis, else what it
    /// observed, cut at a word before `shortReasonLimit`.
    static func shortReason(_ finding: Finding) -> String {
        let text = finding.diagnosis.map { $0.components(separatedBy: ". ")[0] } ?? finding.observed
        guard text.count > shortReasonLimit else { return text }
        let cut = text.prefix(shortReasonLimit)
        return String(cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut) + " …"
    }

    /// Date, app, its version, tester: what a person names a run by (the page's introduction
    /// asks for the app, version and tester; they arrive as run metadata).
    static func aboutCells(_ run: RunRecord, metadata: JSONValue) -> String {
        let e = ReportText.html
        let date = String(ReportFacts.iso8601(run.createdAt).prefix(16)).replacingEach("T", with: " ")
        let app = ReportFacts.metadataText(metadata, "appName") ?? ""
        let version = ReportFacts.metadataText(metadata, "appVersion") ?? ""
        let tester = ReportFacts.metadataText(metadata, "tester") ?? ""
        // An empty cell needs no tooltip: sixty rows of `title=""` are bytes saying nothing.
        return [date, app, version, tester].map {
            $0.isEmpty ? "<td class=\"about\">–</td>" : "<td class=\"about\" title=\"\(e($0))\">\(e($0))</td>"
        }.joined()
    }

    static func matrixRow(_ row: RunMatrixRow, catalog: Catalog) -> String {
        let e = ReportText.html
        let run = row.run
        var html = "<tr>"
        let link = "/runs/\(RunReportPage.percentEncoded(run.id))"
        let created = ReportFacts.iso8601(run.createdAt)
        let runTitle = [run.id, run.label, created].compactMap { $0 }.joined(separator: " · ")
        html += "<th scope=\"row\" class=\"run\" title=\"\(e(runTitle))\"><a class=\"mono\" href=\"\(e(link))\">\(e(run.id))</a>"
        if let label = run.label { html += " <span class=\"label\">\(e(label))</span>" }
        html += "</th>"
        let platform = row.report?.platform
        var device = platform.map { ReportFacts.platformSummary($0) }
            ?? (run.detectedPlatform ?? run.platform)?.title ?? "not reported yet"
        let metadata = run.metadata.json
        if let model = ReportFacts.deviceModel(metadata: metadata, userAgent: run.userAgent) {
            device = model + " · " + device
        }
        html += "<td class=\"device\" title=\"\(e(device))\">\(e(device))</td>"
        if let report = row.report {
            let verdict = report.verdict
            let reason = topReason(report)
            let title = ReportFacts.verdictTitle(verdict)
            // The verdict, the top reason when it is not one of the verdict's reasons, then
            // those: each said once (the top reason is often the first of them).
            let tooltip = ([title] + (reason.map { report.verdictReasons.contains($0) ? [] : [$0] } ?? []) + report.verdictReasons)
                .joined(separator: "\n")
            let reasonHTML = reason.map { "<span class=\"reason\">" + e($0) + "</span>" } ?? ""
            html += "<td class=\"verdict\" title=\"\(e(tooltip))\"><span class=\"badge verdict-\(verdict.rawValue)\">\(e(title))</span>" + reasonHTML + "</td>"
            html += aboutCells(run, metadata: metadata)
            for probe in catalog.probes {
                guard let finding = report.finding(probe.id) else {
                    html += "<td class=\"cell v-not-run\">· none</td>"
                    continue
                }
                let (symbol, word) = cell(finding.verdict)
                // A pass says what was expected happened: its observation is on the run's
                // report, and sixty rows of them were most of the page's bytes. The others
                // say what was seen, in the cell's tooltip.
                let tooltip = finding.verdict == .pass ? "" : " title=\"\(e(finding.title + ": " + finding.observed))\""
                html += "<td class=\"cell v-\(finding.verdict.rawValue)\"\(tooltip)>\(symbol) \(word)</td>"
            }
        } else if row.deferred {
            html += "<td class=\"verdict\"><span class=\"badge verdict-incomplete\">Running</span></td>"
            html += aboutCells(run, metadata: metadata)
            html += "<td class=\"cell v-not-run\" colspan=\"\(catalog.probes.count)\">still running, not judged on this page: "
                + "<a href=\"\(e(link))\">open its report</a></td>"
        } else {
            html += "<td class=\"verdict\"><span class=\"badge verdict-incomplete\">No results</span></td>"
            html += aboutCells(run, metadata: metadata)
            html += "<td class=\"cell v-not-run\" colspan=\"\(catalog.probes.count)\">no results yet</td>"
        }
        return html + "</tr>"
    }
}
