import Foundation
@testable import ProbeCatalog
import Testing
@testable import ProbeServer
@testable import ProbeHTTP
@testable import ProbeStore
@testable import ProbeHTTPTesting
@testable import ProbeServerTesting

/// The report formats, rendered from real diffs the catalog made of crafted results.
@Suite struct ReportTests {
    // MARK: The fixtures are what they claim

    @Test func HealthyRun_IsReady() {
        let report = ReportFixtures.report(ReportFixtures.healthyAndroid())
        #expect(report.platform.platform == .androidWebView)
        #expect(report.verdict == .ready, "\(report.verdictReasons)")
    }

    @Test func FastCameraDenial_IsNotReady() {
        let report = ReportFixtures.report(ReportFixtures.cameraDenied())
        #expect(report.verdict == .notReady)
        #expect(report.finding("camera.getUserMedia")?.verdict == .fail)
    }

    @Test func UnattendedRun_IsReady_AndIncompleteWhenItsTapsAreRequired() {
        #expect(ReportFixtures.report(ReportFixtures.unattended()).verdict == .ready)
        #expect(ReportFixtures.report(ReportFixtures.unattended(), requireTaps: true).verdict == .incomplete)
    }

    // MARK: JSON

    @Test func JSONReport_IsAVersionedEnvelopeThatRoundTrips() throws {
        let document = ReportFixtures.document(ReportFixtures.cameraDenied(), uploads: [ReportFixtures.upload()])
        let text = RunReports.json(document)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["schema"] as? String == "probe-server.report/3")
        #expect(Set(object.keys) == ["schema", "generatedAt", "run", "diff", "results", "uploads"])
        let uploads = try #require(object["uploads"] as? [[String: Any]])
        #expect(uploads.first?["storedPath"] == nil, "where the bytes lie on the server stays private")
        #expect(try RunReportDocument.decode(Array(text.utf8)) == document)
    }

    @Test func JSONReport_FromStoredRecordsMatchesTheDocument() {
        let results = ReportFixtures.cameraDenied()
        let run = ReportFixtures.run()
        let report = ReportFixtures.report(results)
        let records = ReportFixtures.records(results)
        let text = RunReports.json(run: run, report: report, results: records, uploads: [], generatedAt: ReportFixtures.created)
        #expect(text == RunReportDocument(run: run, report: report, results: records, uploads: [], generatedAt: ReportFixtures.created).jsonText())
        #expect(text.contains("\"appVersion\" : \"2.4.1\""))
    }

    @Test func RenderByPathComponent_MatchesEachFormat() {
        let results = ReportFixtures.cameraDenied()
        let (run, report, records) = (ReportFixtures.run(), ReportFixtures.report(results), ReportFixtures.records(results))
        let date = ReportFixtures.created
        #expect(RunReports.Format(pathComponent: "report.junit.xml") == .junit)
        #expect(RunReports.Format(pathComponent: "report.html") == nil)
        #expect(RunReports.render(.json, run: run, report: report, results: records, uploads: [], generatedAt: date)
            == RunReports.json(run: run, report: report, results: records, uploads: [], generatedAt: date))
        #expect(RunReports.render(.junit, run: run, report: report, results: records, uploads: [], generatedAt: date)
            == RunReports.junit(run: run, report: report, results: records, uploads: [], generatedAt: date))
        #expect(RunReports.render(.markdown, run: run, report: report, results: records, uploads: [], generatedAt: date)
            == RunReports.markdown(run: run, report: report, results: records, uploads: [], generatedAt: date))
        #expect(RunReports.Format.junit.contentType.hasPrefix("application/xml"))
    }

    // MARK: JUnit

    @Test func JUnit_HasOneTestcasePerProbeWithTheDiagnosisAndTheFix() {
        let document = ReportFixtures.document(ReportFixtures.cameraDenied())
        let xml = RunReports.junit(document)
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == document.diff.findings.count)
        #expect(xml.components(separatedBy: "<testsuite ").count - 1 == 1)
        #expect(xml.contains("<testcase classname=\"camera\" name=\"camera.getUserMedia\""))
        let failure = xml.components(separatedBy: "name=\"camera.getUserMedia\"")[1].components(separatedBy: "</testcase>")[0]
        #expect(failure.contains("<failure message=\""))
        #expect(failure.contains("type=\"high\"") || failure.contains("type=\"critical\""))
        #expect(failure.contains("fix (Android WebView (Kotlin)):\n  "), "the fix's code on its own lines")
        #expect(failure.contains("\n  override fun onPermissionRequest(request: PermissionRequest) {"))
        #expect(!failure.contains("fix (WKWebView (Swift))"), "only the detected wrapper's fix")
        #expect(xml.contains("<property name=\"platform\" value=\"android-webview\"/>"))
        #expect(xml.contains("<property name=\"verdict\" value=\"not-ready\"/>"))
    }

    @Test func JUnit_IsAcceptedByJunitparser() throws {
        let document = ReportFixtures.document(ReportFixtures.unattended())
        let (status, summary, stderr) = try ReportChecker.check("junit", RunReports.junit(document))
        #expect(status == 0, "\(stderr)")
        #expect(summary["suites"] as? Int == 1)
        #expect(summary["tests"] as? Int == document.diff.findings.count)
        #expect(summary["failures"] as? Int == 0)
        #expect(summary["skipped"] as? Int == document.diff.findings.filter { $0.verdict == .skipped || $0.verdict == .notRun }.count)
        let properties = summary["properties"] as? [String: String] ?? [:]
        #expect(properties["verdict"] == "ready")
        #expect(properties["osVersion"] == "14")
    }

    @Test func JUnit_FailuresAreReadByJunitparser() throws {
        let (status, summary, stderr) = try ReportChecker.check("junit", RunReports.junit(ReportFixtures.document(ReportFixtures.cameraDenied())))
        #expect(status == 0, "\(stderr)")
        let cases = summary["cases"] as? [[String: Any]] ?? []
        let gum = cases.first { $0["name"] as? String == "camera.getUserMedia" }
        #expect(gum?["outcome"] as? String == "failure")
        #expect(gum?["classname"] as? String == "camera")
        #expect((gum?["message"] as? String)?.isEmpty == false)
    }

    @Test func JUnit_IsWellFormedForXmllint() throws {
        let directory = TLSTestSupport.temporaryDirectory()
        defer { TLSTestSupport.remove(directory) }
        for (name, document) in [("plain", ReportFixtures.document(ReportFixtures.cameraDenied())), ("hostile", ReportFixtures.hostileDocument())] {
            let path = "\(directory)/\(name).xml"
            try Data(RunReports.junit(document).utf8).write(to: URL(fileURLWithPath: path))
            let output = try TLSTestSupport.run("xmllint", ["--noout", path])
            #expect(output.status == 0, "\(name): \(output.stderr)")
        }
    }

    // MARK: Markdown

    @Test func Markdown_ListsFindingsWithTheFixForTheDetectedWrapper() {
        let markdown = RunReports.markdown(ReportFixtures.document(ReportFixtures.cameraDenied()))
        #expect(markdown.hasPrefix("### ❌ probe-server: **Not ready** (not-ready)"))
        #expect(markdown.contains("| Verdict | Severity | Probe | Observed | Diagnosis | Fix (Native Android (WebView)) |"))
        #expect(markdown.contains("**Checklist coverage**"))
        let row = markdown.split(separator: "\n").first { $0.hasPrefix("|") && $0.contains("Camera access") } ?? ""
        #expect(!row.contains("camera.getUserMedia"), "the id is in the details line, not the table")
        #expect(markdown.contains("_Details: probe `camera.getUserMedia` · causes `android.camera.no-permission-handler`"))
        #expect(row.contains("`"), "the fix is code")
        #expect(row.contains("Camera"), "the probe by its title")
        // Below the table: the fix as a fenced Kotlin block with its documentation.
        #expect(markdown.contains("#### Fixes"))
        #expect(markdown.contains("```kotlin\n"))
        #expect(markdown.contains("[Documentation](https://developer.android.com/"))
    }

    @Test func Markdown_OpensWithTheCertificationSummary() {
        let markdown = RunReports.markdown(ReportFixtures.document(ReportFixtures.cameraDenied()))
        #expect(markdown.contains("**App** not given · **App version** 2.4.1 · **Tester** not given · **Device** Pixel 7"))
        #expect(markdown.contains("**Coverage** "))
    }

    @Test func Markdown_ReadyRunSaysSo() {
        let markdown = RunReports.markdown(ReportFixtures.document(ReportFixtures.healthyAndroid()))
        #expect(markdown.hasPrefix("### ✅ probe-server: **Ready** (ready)"))
        #expect(markdown.contains("No failed or warning findings."))
    }

    // MARK: Terminal

    @Test func TerminalText_HasColourOnlyWhenAsked() {
        let document = ReportFixtures.document(ReportFixtures.cameraDenied())
        let plain = RunReports.text(document, style: .plain)
        let coloured = RunReports.text(document, style: TerminalStyle(colour: true))
        #expect(!plain.contains("\u{1B}"))
        #expect(coloured.contains("\u{1B}[31m"))
        #expect(plain.contains("verdict:   NOT READY"))
        #expect(plain.contains("FAIL "))
        #expect(plain.contains("fix (Android WebView (Kotlin)):\n"))
    }

    @Test func TerminalReport_FitsEightyColumns_WithEachLineOfTheFixOnItsOwn() {
        let plain = RunReports.text(ReportFixtures.document(ReportFixtures.cameraDenied()), style: .plain)
        // Only a word longer than a line (a URL) may overflow; TerminalText never cuts one.
        for line in plain.split(separator: "\n") where line.trimmingCharacters(in: .whitespaces).contains(" ") {
            #expect(line.count <= TerminalText.columns, "\(line.count) columns: \(line)\n\(plain)")
        }
        #expect(plain.contains("\n        override fun onPermissionRequest(request: PermissionRequest) {\n"))
        // Every fix the catalog can print keeps its lines, indented, within 80 columns.
        let remedies = Catalog.standard.probes.compactMap(\.remedy) + Catalog.symptoms.flatMap { $0.causes.compactMap(\.remedy) }
        for fix in remedies.flatMap(\.fixes) {
            let code = fix.code
            let printed = TerminalReport.fix(fix.label, code, style: .plain)
            for line in printed { #expect(line.count <= TerminalText.columns, "\(line.count) columns: \(line)") }
            if printed.count == 1 {
                #expect(!code.contains("\n") && printed == ["     fix (\(fix.label)): " + code])
            } else {
                #expect(printed.dropFirst().map { String($0.dropFirst(TerminalReport.codeIndent.count)) } == code.components(separatedBy: "\n"))
            }
        }
    }

    @Test func TerminalStyle_FollowsTheTTYAndNO_COLOR() {
        #expect(TerminalStyle.detect(isTerminal: true, environment: [:]).colour)
        #expect(!TerminalStyle.detect(isTerminal: false, environment: [:]).colour)
        #expect(TerminalStyle.detect(isTerminal: true, environment: ["NO_COLOR": ""]).colour, "empty means unset")
        #expect(!TerminalStyle.detect(isTerminal: true, environment: ["TERM": "dumb"]).colour)
        #expect(!TerminalStyle.detect(isTerminal: true, environment: ["NO_COLOR": "1"]).colour)
    }

    // MARK: HTML

    @Test func RunReportPage_LinksItsStylesheetAndHasNoInlineStyleOrScript() throws {
        let html = RunReportPage.html(ReportFixtures.document(ReportFixtures.cameraDenied(), uploads: [ReportFixtures.upload()]))
        #expect(html.contains("<link rel=\"stylesheet\" href=\"/assets/report.css\">"))
        #expect(ReportStyles.path == "/assets/report.css")
        let (status, _, stderr) = try ReportChecker.check("html", html)
        #expect(status == 0, "\(stderr)")
    }

    @Test func RunReportPage_ShowsTheCamerasSizesAndFrameRatesAsATable_EscapingWhatThePagePosted() {
        let ladder: JSONValue = .array([
            .object(["requested": "640x480", "outcome": "granted", "width": 640, "height": 480, "frameRate": 30, "deliveredFps": 29]),
            .object(["requested": "1920x1080", "outcome": "error", "errorName": "<b>Overconstrained</b>"]),
        ])
        let results = ReportFixtures.healthyAndroid().filter { $0.probe != "camera.resolution" }
            + [ReportFixtures.result("camera.resolution", ["ladder": ladder, "maxWidth": 640, "maxHeight": 480, "maxFrameRate": 30])]
        let html = RunReportPage.html(ReportFixtures.document(results))
        #expect(html.contains("<h2>Camera sizes and frame rates</h2>"))
        #expect(html.contains("640×480 asked</td><td data-label=\"Size\">640×480</td><td data-label=\"Frame rate reported\">30 fps</td><td data-label=\"Frames shown\">29 fps"), "\(html)")
        #expect(html.contains("no stream (&lt;b&gt;Overconstrained&lt;/b&gt;)"))
        #expect(!html.contains("<b>Overconstrained"))
        // The preview's own row, from camera.frames.
        #expect(html.contains(">preview</td>"))
        // A run with no camera step has no table.
        let none = RunReportPage.html(ReportFixtures.document(results.filter { !$0.probe.rawValue.hasPrefix("camera.") }))
        #expect(!none.contains("camera-modes"))
        // The Markdown report (a pull-request comment) has the same table, escaped.
        let markdown = MarkdownReport.render(ReportFixtures.document(results))
        #expect(markdown.contains("| 640×480 asked | 640×480 | 30 fps | 29 fps |"), "\(markdown)")
        #expect(!markdown.contains("<b>Overconstrained"))
    }

    @Test func RunReportPage_ShowsVerdictFindingsFixesChecklistDeviceTimingsAndUploads() {
        let html = RunReportPage.html(ReportFixtures.document(ReportFixtures.cameraDenied(), uploads: [ReportFixtures.upload()]))
        #expect(html.contains("<span class=\"badge verdict-not-ready\">Not ready</span>"))
        #expect(html.contains("<h3 class=\"sev sev-high\">") || html.contains("<h3 class=\"sev sev-critical\">"))
        for wrapper in ["Android WebView", "react-native-webview", "Capacitor", "Cordova"] { #expect(html.contains("Fix in " + wrapper)) }
        #expect(html.contains("<div class=\"fix this-app\"><p class=\"fix-head\"><strong>Fix in Android WebView (Kotlin)</strong> <span class=\"tag\">this app</span>"))
        #expect(html.contains("id=\"checklist\""))
        #expect(html.contains("Pixel 7"))
        #expect(html.contains("Duration</dt><dd>1.6 min") || html.contains("Duration</dt><dd>95.0 s"))
        #expect(html.contains("IMG_0001.jpg"))
        #expect(html.contains("Time in probes"))
    }

    @Test func ReportStyles_PrintsWellAndKeepsVerdictsReadableWithoutColour() {
        #expect(ReportStyles.css.contains("@media print"))
        #expect(ReportStyles.css.contains("@bottom-right { content: \"Page \" counter(page) \" of \" counter(pages)"))
        #expect(ReportStyles.css.contains(".verdict-not-ready"))
        #expect(!ReportStyles.css.contains("url("), "no external requests")
        #expect(ReportStyles.printCSS(runID: "ci-4711").contains("@top-right { content: \"Run ci-4711\""))
        #expect(ReportStyles.printCSS(runID: "a\"b}c").contains("\"Run a\\22 b\\7d c\""), "a quote cannot end the CSS string")
    }

    /// A fix for a setting no wrapper profile names (custom schemes) links its own API's page,
    /// per platform, not the first cause's source; and a table cell shows its first code line.
    @Test func NativeFix_LinksTheDocumentationOfItsOwnAPI() throws {
        let finding = try #require(ReportFixtures.document(ReportFixtures.cameraDenied()).diff.finding("camera.getUserMedia"))
        var object = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(finding)) as? [String: Any])
        object["probe"] = "nav.customScheme"
        object["causes"] = []
        object["remedy"] = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Remedy.customSchemes))
        let custom = try JSONDecoder().decode(Finding.self, from: JSONSerialization.data(withJSONObject: object))
        let android = ReportFacts.codeFixes(custom, platform: .androidWebView)
        #expect(android.fixes.first?.docs == PlatformSource.androidOverrideUrl)
        #expect(android.fixes.first?.code.contains("override fun shouldOverrideUrlLoading(") == true)
        #expect(ReportFacts.codeFixes(custom, platform: .iosWKWebView).fixes.first?.docs == PlatformSource.wkNavigationDelegate)
        #expect(ReportFacts.codeHeadline(Remedy.customSchemes.fix(.nativeAndroid)?.code ?? "") == "override fun shouldOverrideUrlLoading( …")
        #expect(ReportFacts.codeHeadline("// Accept image/heic on the server") == "// Accept image/heic on the server")
    }

    @Test func RunReportPage_FixIsCodeWithACopyButtonAndItsDocumentation() throws {
        let html = RunReportPage.html(ReportFixtures.document(ReportFixtures.cameraDenied()))
        #expect(html.contains("<script src=\"/assets/report.js\" defer></script>"))
        #expect(html.contains("<button type=\"button\" class=\"copy\" data-for=\"fix-1\" aria-label=\"Copy the fix in Android WebView (Kotlin)\" hidden>Copy</button></p><pre><code id=\"fix-1\" class=\"language-kotlin\">"))
        #expect(html.contains("<a href=\"https://developer.android.com/"))
        #expect(html.contains("Documentation</a>"))
        // The other wrappers' fixes are folded under the one for this app.
        let open = try #require(html.range(of: "Fix in Android WebView (Kotlin)")).lowerBound
        let folded = try #require(html.range(of: "<details class=\"other-wrappers\">")).lowerBound
        #expect(open < folded)
        #expect(html.contains("Fix in react-native-webview (JSX)"))
        #expect(ReportScript.js.contains("navigator.clipboard.writeText"))
    }

    @Test func StandaloneReport_NeedsNothingFromTheServer_AndPrintsItsRunID() {
        let (html, css) = RunReports.standaloneHTML(ReportFixtures.document(ReportFixtures.cameraDenied()))
        #expect(!html.contains("/assets/"), "no link to the server's assets from a folder of files")
        #expect(html.contains("<link rel=\"stylesheet\" href=\"report.css\">"))
        #expect(css.contains("@top-right { content: \"Run report-fixture-run\""))
    }

    @Test func RunReportPage_OpensWithTheCertificationSummary_NotGivenWhereTheRunIsSilent() {
        let html = RunReportPage.html(ReportFixtures.document(ReportFixtures.cameraDenied()))
        let summary = html.components(separatedBy: "<section id=\"summary\" class=\"summary\">")[1].components(separatedBy: "</section>")[0]
        #expect(summary.contains("<dt>App</dt><dd><span class=\"missing\">not given</span></dd>"))
        #expect(summary.contains("<dt>App version</dt><dd>2.4.1</dd>"))
        #expect(summary.contains("<dt>Device</dt><dd>Pixel 7</dd>"))
        #expect(summary.contains("<dt>OS</dt><dd>Android 14</dd>"))
        #expect(summary.contains("<dt>Verdict</dt><dd>Not ready against liveform</dd>"))
        #expect(summary.contains("probes run"))
        #expect(html.range(of: "id=\"summary\"")!.lowerBound < html.range(of: "id=\"findings\"")!.lowerBound)
    }

    @Test func DeviceModel_ComesFromTheMetadataElseTheUserAgent() {
        #expect(ReportFacts.deviceModel(metadata: .object(["deviceModel": "Galaxy S24"]), userAgent: ReportFixtures.androidUserAgent) == "Galaxy S24")
        #expect(ReportFacts.deviceModel(metadata: .object([:]), userAgent: ReportFixtures.androidUserAgent) == "Pixel 7")
        #expect(ReportFacts.deviceModel(metadata: .object([:]), userAgent: "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 Chrome/130.0.0.0 Mobile Safari/537.36") == nil,
                "Chrome's reduced user agent names no model")
        #expect(ReportFacts.deviceModel(metadata: .object([:]), userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148") == "iPhone")
    }

    @Test func RunReportPage_ShowsTheRunsPlatformsChecklistAndFoldsTheOthers() {
        let document = ReportFixtures.document(ReportFixtures.cameraDenied())
        let html = RunReportPage.html(document)
        let iosItems = document.diff.coverage.items.filter { $0.tab == .ios }
        #expect(!iosItems.isEmpty)
        let folded = html.components(separatedBy: "<details class=\"other-platforms\">")
        #expect(folded.count == 2, "one fold for the other platforms' items")
        let others = document.diff.coverage.items.filter { !$0.tab.applies(to: .androidWebView) }
        #expect(folded[1].hasPrefix("<summary>\(others.count) items for other platforms</summary>"))
        for item in iosItems {
            #expect(folded[0].contains("id=\"item-\(item.id)\"") == false, "\(item.id) is not among the run's own rows")
            #expect(folded[0].contains("href=\"#item-\(item.id)\"") == false, "no finding on an Android run points to \(item.id)")
        }
        // Items by their words, not their ids.
        let loadError = document.diff.coverage.item("common.webview.loadError")!
        #expect(html.contains("<td data-label=\"Item\">\(ReportText.html(loadError.text))</td>"))
    }

    @Test func RunReportPage_LeavesNullMetadataOut_AndNamesAnUnlabelledRun() {
        var run = ReportFixtures.run(label: nil, metadata: #"{"mode":"attended","probes":null,"appVersion":"2.4.1"}"#)
        run.verdict = nil
        let results = ReportFixtures.cameraDenied()
        let document = RunReportDocument(run: run, report: ReportFixtures.report(results), results: ReportFixtures.records(results), uploads: [])
        let html = RunReportPage.html(document)
        #expect(!html.contains("<dt>probes</dt>"))
        #expect(!html.contains(">null<"))
        #expect(html.contains("<p class=\"label\">attended run on Pixel 7, 2025-11-30</p>"))
    }

    @Test func Findings_ThatFailBecauseOfAnother_AreFoldedUnderTheirCause() {
        let report = ReportFixtures.report(ReportFixtures.cameraDenied())
        var findings = report.findings
        let cause = try! #require(findings.firstIndex { $0.probe == "camera.getUserMedia" })
        // A second failure, said to follow from the camera's (what the judge marks with consequenceOf).
        let storage = try! #require(findings.firstIndex { $0.probe == "storage.local" })
        let failing = Diff.report(results: ReportFixtures.cameraDenied().map { result in
            result.probe == "storage.local" ? ReportFixtures.result("storage.local", ["available": false], status: .fail) : result
        }, platformOverride: nil)!
        findings[storage] = failing.finding("storage.local")!
        findings[storage].consequenceOf = findings[cause].probe
        let folded = DiffReport(schema: report.schema, run: report.run, platform: report.platform, requirementSet: report.requirementSet,
                                verdict: report.verdict, verdictReasons: report.verdictReasons, reasons: report.reasons, counts: report.counts, findings: findings,
                                coverage: report.coverage, topRemedies: report.topRemedies, unknownProbes: report.unknownProbes)
        #expect(ReportFacts.leading(folded).map(\.probe) == ["camera.getUserMedia"])
        #expect(ReportFacts.consequences(of: findings[cause], in: folded).map(\.probe) == ["storage.local"])
        let html = RunReportPage.html(RunReportDocument(run: ReportFixtures.run(), report: folded, results: [], uploads: []))
        #expect(html.contains("Also failing because of this (1):"))
        #expect(!html.contains("<article class=\"finding v-fail\" id=\"finding-storage.local\">"))
        let markdown = RunReports.markdown(RunReportDocument(run: ReportFixtures.run(), report: folded, results: [], uploads: []))
        #expect(markdown.contains("Also failing because of this: "))
        #expect(!markdown.split(separator: "\n").contains { $0.hasPrefix("| ") && $0.contains("storage.local") })
    }

    @Test func RunMatrixPage_ShowsEachCellInColourAndText() throws {
        let failing = RunMatrixRow(run: ReportFixtures.run(), report: ReportFixtures.report(ReportFixtures.cameraDenied()))
        var fresh = ReportFixtures.run(label: "fresh")
        fresh.id = "fresh-run"
        let html = RunMatrixPage.html(rows: [failing, RunMatrixRow(run: fresh, report: nil)],
                                      filter: RunMatrixFilter(platform: .androidWebView, verdict: .notReady))
        #expect(html.contains("<td class=\"cell v-fail\" title=\"Camera access: "))
        #expect(html.contains("<th scope=\"col\" class=\"run\">Run</th><th scope=\"col\" class=\"device\">Device</th><th scope=\"col\" class=\"verdict\">Verdict</th>"))
        #expect(html.contains("<div class=\"matrix-scroll\""))
        // The top reason beside the verdict, and the device by its model.
        #expect(html.contains("<span class=\"badge verdict-not-ready\">Not ready</span><span class=\"reason\">Camera"))
        #expect(html.contains("title=\"Pixel 7 · Android WebView: "))
        #expect(html.contains(">✗ FAIL</td>"))
        // A pass carries no tooltip: its observation is on the run's report (the page's bytes).
        #expect(html.contains("<td class=\"cell v-pass\">✓ pass</td>"))
        #expect(!html.contains("rel=\"next\""), "one page of runs links no older one")
        #expect(html.contains("no results yet"))
        #expect(html.contains("<option value=\"android-webview\" selected>"))
        #expect(html.contains("<option value=\"not-ready\" selected>"))
        #expect(html.contains("href=\"/runs/fresh-run\""))
        // Date, app with its version and tester beside the verdict: what a person names a run by.
        var named = ReportFixtures.run(metadata: #"{"appName":"Field Notes","appVersion":"2.4.1","tester":"Dana"}"#)
        named.id = "named-run"
        let withAbout = RunMatrixPage.html(rows: [RunMatrixRow(run: named, report: ReportFixtures.report(ReportFixtures.cameraDenied()))],
                                           filter: RunMatrixFilter())
        let date = String(ReportFacts.iso8601(named.createdAt).prefix(10))
        #expect(withAbout.contains("<td class=\"about\" title=\"\(date) "))
        #expect(withAbout.contains("<th scope=\"col\" class=\"about\">App</th><th scope=\"col\" class=\"about\">Version</th>"))
        #expect(withAbout.contains(">Field Notes</td><td class=\"about\" title=\"2.4.1\">2.4.1</td>"), "the app and its version, each in its column")
        #expect(withAbout.contains(">Dana</td>"))
        #expect(withAbout.contains("<span class=\"reason\">Camera access failed: "), "the leading finding in words")
        #expect(withAbout.contains("<td class=\"about\">–</td>") || !withAbout.contains("title=\"\""), "an empty cell has no empty tooltip")
        // A page with older runs links them by the store's cursor, the filter kept; a later page links back.
        let paged = RunMatrixPage.html(rows: [failing], filter: RunMatrixFilter(label: "a&b c", verdict: .notReady),
                                       older: "1700000000000.run-1", isFirst: false)
        #expect(paged.contains("<a rel=\"next\" href=\"/runs?label=a%26b%20c&amp;verdict=not-ready&amp;cursor=1700000000000.run-1\">Older runs</a>"))
        #expect(paged.contains("<a href=\"/runs?label=a%26b%20c&amp;verdict=not-ready\">Newest runs</a>"))
        let (status, _, stderr) = try ReportChecker.check("html", html)
        #expect(status == 0, "\(stderr)")
    }

    // MARK: Hostile input

    @Test func HostileLabel_IsEscapedInEveryFormat() throws {
        let document = ReportFixtures.hostileDocument()
        let hostile = ReportFixtures.hostile

        // HTML: no element or attribute the payload tried to create; no template syntax.
        for html in [RunReportPage.html(document),
                     RunMatrixPage.html(rows: [RunMatrixRow(run: document.runRecord, report: document.diff)],
                                        filter: RunMatrixFilter(label: hostile, platform: .iosWKWebView, verdict: .notReady))] {
            // The one script is the server's own file (check_report.py allows exactly that).
            #expect(html.replacingOccurrences(of: "<script src=\"/assets/report.js\" defer></script>", with: "").contains("<script") == false)
            #expect(!html.contains("<img"))
            #expect(!html.contains("{{") && !html.contains("${"))
            #expect(!html.contains("\u{0}") && !html.contains("\u{1B}"))
            #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            let (status, _, stderr) = try ReportChecker.check("html", html)
            #expect(status == 0, "\(stderr)")
        }

        // XML: parses, and the payload is text.
        let xml = RunReports.junit(document)
        #expect(!xml.contains("<script"))
        #expect(!xml.contains("\u{0}") && !xml.contains("\u{7}") && !xml.contains("\u{1B}"))
        let (status, summary, stderr) = try ReportChecker.check("junit", xml)
        #expect(status == 0, "\(stderr)")
        let properties = summary["properties"] as? [String: String] ?? [:]
        #expect(properties["label"]?.contains("<script>alert(1)</script>") == true, "escaped, not dropped")

        // Markdown: no raw HTML, no link, no code span or table cell opened by the payload.
        let markdown = RunReports.markdown(document)
        // Outside fenced code (catalog code, where `<` is text: CommonMark §4.5) no `<` at all.
        let prose = markdown.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined()
        #expect(!prose.contains("<"))
        #expect(!markdown.replacingOccurrences(of: "\\]", with: "").contains("](javascript"), "the brackets are escaped")
        #expect(!markdown.contains("\u{0}") && !markdown.contains("\u{1B}"))
        #expect(markdown.contains("&lt;script&gt;"))
        // Every row of a table has its header's cells (the findings' six, the camera's four): a
        // `|` in a value is escaped.
        var header: Int?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("|---") { continue }
            guard line.hasPrefix("| ") else { header = nil; continue }
            let cells = line.replacingOccurrences(of: "\\|", with: "").split(separator: "|", omittingEmptySubsequences: false).count
            if let header { #expect(cells == header, "\(line)") } else { header = cells }
        }
        #expect(markdown.contains("| Verdict | Severity | Probe | Observed | Diagnosis |"))

        // Terminal: the payload cannot move the cursor or recolour the screen.
        let text = RunReports.text(document, style: .plain)
        #expect(!text.contains("\u{1B}") && !text.contains("\u{9B}") && !text.contains("\u{0}") && !text.contains("\u{8}"))

        // JSON: still the same document after a round trip.
        #expect(try RunReportDocument.decode(Array(RunReports.json(document).utf8)) == document)
    }

    @Test func HostileRunIDFromTheURL_IsEscapedOnTheNotFoundPage() throws {
        let html = RunReportPage.notFound(runID: ReportFixtures.hostile)
        #expect(!html.contains("<script") && !html.contains("<img"))
        #expect(html.contains("&lt;script&gt;"))
        let (status, _, stderr) = try ReportChecker.check("html", html)
        #expect(status == 0, "\(stderr)")
    }

    @Test func ReportText_EscapesEachSpecialCharacter() {
        #expect(ReportText.html("&<>\"'{}") == "&amp;&lt;&gt;&quot;&#39;&#123;&#125;")
        #expect(ReportText.xml("a]]>b") == "a]]&gt;b")
        #expect(ReportText.xml("\u{0}\u{8}\u{B}\u{FFFE}") == "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}")
        #expect(ReportText.xml("a\nb", attribute: true) == "a&#10;b")
        #expect(ReportText.markdown("a|b`c*d_e[f]g<h>") == "a\\|b\\`c\\*d\\_e\\[f\\]g&lt;h&gt;")
        #expect(ReportText.terminal("ok\u{1B}[2Jx") == "ok\\u{1B}[2Jx")
        #expect(ReportText.markdownCode("a`b") == "``a`b``")
        #expect(ReportText.markdownFence("x ```` y\u{1B}", language: "kotlin") == "`````kotlin\nx ```` y\u{FFFD}\n`````")
        #expect(ReportText.markdownURL("https://a.example/x y") == "https://a.example/x%20y")
        #expect(ReportText.markdownURL("javascript:alert(1)") == "#")
    }

    @Test func TerminalText_ShowsNewlinesControlsAndBidiEscaped() {
        #expect(ReportText.terminal("nightly\n  verdict:   READY") == "nightly\\n  verdict:   READY")
        #expect(ReportText.terminal("a\rb\tc\u{7F}d\u{9B}e") == "a\\rb\\tc\\u{7F}d\\u{9B}e")
        for bidi: UInt32 in [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C] {
            let text = "x" + String(Unicode.Scalar(bidi)!) + "y"
            #expect(ReportText.terminal(text) == "x\\u{\(String(bidi, radix: 16, uppercase: true))}y")
        }
        // Ordinary text, including right-to-left script, is untouched.
        #expect(ReportText.terminal("Pixel 8 · שלום · ok") == "Pixel 8 · שלום · ok")
    }

    @Test func MarkdownText_NeutralisesMentionsTablesAndBidi() {
        #expect(ReportText.markdown("ping @octocat") == "ping @\u{2060}octocat")
        #expect(ReportText.markdown("a|b") == "a\\|b")
        #expect(ReportText.markdown("x\u{202E}y") == "x\\u{202E}y")
        #expect(ReportText.markdown("line\nnext") == "line next")
    }
}
