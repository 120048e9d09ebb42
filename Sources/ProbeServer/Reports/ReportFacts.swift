#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials
import ProbeCatalog
import ProbeStore
import ProbeHTTP

/// What every format says the same way: the words for a platform, a verdict, a wrapper's
/// fix, a duration. Kept in one place so the JUnit file and the PR comment never disagree.
enum ReportFacts {
    /// The fixes that apply to the app on `platform`, labelled by their wrapper
    /// (`WrapperFix.label`): an app gets its own one, the detected wrapper's when the judgement
    /// put one first (Cordova, Capacitor, Flutter, MAUI, or react-native-webview's own platform
    /// fix), else its WebView's declared line; a browser, no app's, gets every line. The report
    /// page lists the others folded (`codeFixes`).
    static func relevantRemedies(_ remedy: Remedy?, platform: Platform) -> [(wrapper: String, fix: String)] {
        guard let remedy else { return [] }
        let relevant = remedy.relevant(to: platform).fixes
        return (platform.isAppWebView ? Array(relevant.prefix(1)) : relevant).map { ($0.label, $0.code) }
    }

    /// "fix (Cordova (Java, Android)): code" for one line of code; the label and then each line
    /// indented by two for more (the CI formats keep the code's own lines).
    static func fixText(_ wrapper: String, _ code: String) -> String {
        guard code.contains("\n") else { return "fix (\(wrapper)): \(code)" }
        return "fix (\(wrapper)):\n" + code.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
    }

    /// A fix in one line for a table cell: its first line of code (the first comment when it
    /// has none), "…" after it when more follows; the whole fix is in the fixes section.
    static func codeHeadline(_ code: String) -> String {
        let lines = code.split(separator: "\n").map { $0.trimming(.whitespaces) }.filter { !$0.isEmpty }
        let isComment = { (line: String) in line.hasPrefix("//") || line.hasPrefix("<!--") }
        let first = lines.first { !isComment($0) } ?? lines.first ?? ""
        return lines.count > 1 ? first + " …" : first
    }

    /// "Cordova (Java, Android)" when the run detected a framework, else nil.
    static func frameworkTitle(_ detected: DetectedPlatform) -> String? {
        guard let wrapper = detected.wrapperDetection?.wrapper, !wrapper.isNative, wrapper != .reactNativeWebView else { return nil }
        return wrapper.title
    }

    /// The platform in the one sentence every surface shows (`Words.platform`).
    static func platformSummary(_ detected: DetectedPlatform) -> String { Words.platform(detected) }

    static func confidence(_ detected: DetectedPlatform) -> DetectedPlatform.Confidence { Words.confidence(detected) }

    static func wrapperTitle(_ detected: DetectedPlatform) -> String? { Words.framework(detected) }

    /// A platform's name for a person from its id ("android-webview" → "Android WebView").
    static func verdictTitle(_ verdict: DiffReport.Verdict) -> String {
        switch verdict {
        case .ready: return "Ready"
        case .notReady: return "Not ready"
        case .incomplete: return "Incomplete"
        }
    }

    /// Severities worst first, as reports group findings.
    static let severitiesWorstFirst: [Finding.Severity] = Finding.Severity.allCases.reversed()

    /// Findings someone must act on, in the run's one order (`Finding.rank`, set by the judge
    /// with `Catalog.precedes`): every report lists them the same way.
    static func actionable(_ report: DiffReport) -> [Finding] {
        let indexed = report.findings.enumerated().filter { $0.element.verdict == .fail || $0.element.verdict == .warn }
        return indexed.sorted { a, b in
            let (x, y) = (a.element.rank ?? Int.max, b.element.rank ?? Int.max)
            return x != y ? x < y : a.offset < b.offset
        }.map(\.element)
    }

    /// Every finding: those to act on in the run's one order, then the others in page order.
    static func ordered(_ report: DiffReport) -> [Finding] {
        actionable(report) + report.findings.filter { $0.verdict != .fail && $0.verdict != .warn }
    }

    /// "WKUIDelegate is set on the native WKWebView. verified; …": the checklist items the host report
    /// settled (docs/host-report.md); nil when none did.
    static func fromHostReport(_ coverage: ChecklistCoverage) -> String? {
        let items = coverage.items.filter { $0.source == .hostReport }
        return items.isEmpty ? nil : items.map { "\($0.text) \($0.status.rawValue)" }.joined(separator: "; ")
    }

    /// The checklist counts in the order of `ChecklistCoverage.Status`, zeros left out. Items
    /// that fail only as a consequence of another failure (`Item.consequenceOf`) are counted
    /// apart, after the failures of their own.
    static let failedAsConsequence = "failed-as-consequence"

    static func coverageCounts(_ coverage: ChecklistCoverage) -> [(status: String, count: Int)] {
        let following = coverage.items.filter { $0.status == .failed && $0.consequenceOf != nil }.count
        return ChecklistCoverage.Status.allCases.flatMap { status -> [(status: String, count: Int)] in
            var count = coverage.counts[status.rawValue] ?? 0
            guard status == .failed else { return count > 0 ? [(status.rawValue, count)] : [] }
            count -= following
            return (count > 0 ? [(status.rawValue, count)] : []) + (following > 0 ? [(failedAsConsequence, following)] : [])
        }
    }

    static func phase(of probe: ProbeID, in catalog: Catalog) -> String {
        catalog.probe(id: probe)?.phase.rawValue ?? "unknown"
    }

    static func iso8601(_ date: Date) -> String { RFC3339.formatSeconds(date) }

    /// "1.2 s", "420 ms".
    static func duration(milliseconds: Double) -> String {
        if milliseconds >= 1000 { return String(printf: "%.1f s", milliseconds / 1000) }
        return String(printf: "%.0f ms", milliseconds)
    }

    /// Metadata as sorted `key: value` pairs, nested values as compact JSON; a null or empty
    /// value says nothing and is left out.
    /// The run a re-run repeats the failed steps of (`metadata.rerunOf`, set by the page's end
    /// screen), when it has a run id's shape: letters, digits, `_` and `-`, at most 64.
    static func rerunOf(_ metadata: JSONValue) -> String? {
        guard let id = metadata.objectValue?["rerunOf"]?.stringValue, (1...64).contains(id.count),
              id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }) else { return nil }
        return id
    }

    static func metadataPairs(_ metadata: JSONValue) -> [(key: String, value: String)] {
        guard let object = metadata.objectValue else { return [] }
        return object.keys.sorted().compactMap { key in metadataText(metadata, key).map { (key, $0) } }
    }

    static func plain(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number):
            return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .null: return "null"
        default:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
    }
}

// MARK: What the page and the Markdown add for a person: code to paste, causes before
// their consequences, the run's own platform, and the facts a certification asks for.
extension ReportFacts {
    /// A fix as code to paste: who it is for, the language, the code and where the API is documented.
    struct CodeFix: Equatable {
        let label: String
        let language: String
        let code: String
        let docs: String

        /// The info string of a fenced code block and the `language-…` class (the names
        /// highlight.js and GitHub's Linguist use: https://github.com/github-linguist/linguist).
        var fence: String {
            let first = language.split(separator: " ").first.map { $0.lowercased() } ?? ""
            switch first {
            case "c#": return "csharp"
            case "": return "text"
            default: return first.filter { $0.isLetter || $0.isNumber }
            }
        }
    }

    /// A finding's fixes as code, the one for this app first (`forThisApp`), the others after
    /// it in the remedy's order (the detected wrapper's first when the judgement set them).
    /// This app's is the first the platform's WebView can paste (`Remedy.relevant`: a React
    /// Native app on Android may take the Kotlin line). A fix without a page of its own links
    /// the wrapper's documentation for the probe's setting (`native-ios/Wrappers+NativeIOS.swift`,
    /// `native-android/Wrappers+NativeAndroid.swift`), else the first cause's source, else the
    /// wrapper's API home.
    static func codeFixes(_ finding: Finding, platform: Platform) -> (fixes: [CodeFix], forThisApp: Bool) {
        guard let remedy = finding.remedy, !remedy.isEmpty else { return ([], false) }
        let lead = remedy.relevant(to: platform).fixes.first
        let ordered = (lead.map { [$0] } ?? []) + remedy.fixes.filter { $0 != lead }
        let setting = WrapperSetting.of(probe: finding.probe)
        let fixes = ordered.filter { !$0.code.isEmpty }.map { fix -> CodeFix in
            let profile = WrapperCatalog.profile(fix.wrapper)
            let docs = !fix.docs.isEmpty ? fix.docs
                : setting.flatMap { profile.fixes($0, family: fix.family).first?.docs } ?? finding.causes.first?.source ?? profile.home
            return CodeFix(label: fix.label, language: fix.language, code: fix.code, docs: docs)
        }
        // "(this app)" only for a fix in the app's own wrapper: a React Native app's Kotlin fix
        // is its native project's, and says so by its label.
        let forThisApp = platform.isAppWebView && lead.map { !(platform.isReactNative && $0.wrapper.isNative) } == true
        return (fixes, forThisApp && fixes.first?.code == lead?.code)
    }

    /// Findings to act on that lead: every actionable finding but those failing only because
    /// another actionable one does (`consequenceOf`); those are shown under their cause.
    static func leading(_ report: DiffReport) -> [Finding] {
        let all = actionable(report)
        let probes = Set(all.map(\.probe))
        return all.filter { finding in
            guard let cause = finding.consequenceOf, cause != finding.probe else { return true }
            return !probes.contains(cause)
        }
    }

    /// The actionable findings that fail because of `finding`, their own consequences after
    /// each (a chain is flattened, each finding once).
    static func consequences(of finding: Finding, in report: DiffReport) -> [Finding] {
        let all = actionable(report)
        var seen: Set<ProbeID> = [finding.probe]
        var out: [Finding] = []
        func collect(_ cause: ProbeID) {
            for next in all where next.consequenceOf == cause && !seen.contains(next.probe) {
                seen.insert(next.probe)
                out.append(next)
                collect(next.probe)
            }
        }
        collect(finding.probe)
        return out
    }

    /// The checklist items a run on `platform` can speak to, and the other platforms' items.
    static func checklistSplit(_ coverage: ChecklistCoverage, platform: Platform)
        -> (thisPlatform: [ChecklistCoverage.Item], others: [ChecklistCoverage.Item]) {
        (coverage.items.filter { $0.tab.applies(to: platform) }, coverage.items.filter { !$0.tab.applies(to: platform) })
    }

    /// The checklist questions only the integrator can answer (the app's code and build, not
    /// the phone: `OperatorQuestion.Audience.integrator`) for a run on `platform`, each with
    /// its item and what settles it so far: "open" until an answer or the host report does.
    static func integratorQuestions(_ coverage: ChecklistCoverage, platform: Platform)
        -> [(item: ChecklistCoverage.Item, question: String, state: String)] {
        Checklist.liveform.compactMap { entry in
            guard let question = entry.coverage.question, question.audience == .integrator,
                  entry.tab.applies(to: platform), let item = coverage.item(entry.id), item.status != .notApplicable else { return nil }
            let state: String
            switch item.status {
            case .confirmed: state = item.source == .hostReport ? "settled by the host report" : "answered yes"
            case .failed: state = item.source == .hostReport ? "the host report says no" : "answered no"
            case .verified, .inferred: state = "settled by the host report"
            default: state = "open"
            }
            return (item, question.text, state)
        }
    }

    /// A checklist item's text (what the guide says) for its id; the id when it is unknown.
    static func checklistTitle(_ id: String, in coverage: ChecklistCoverage) -> String {
        coverage.item(id)?.text ?? id
    }

    /// A finding's ids, for the one details line each finding has: the probe and its causes.
    /// Everywhere else reports name a finding by its title.
    static func detailsParts(_ finding: Finding) -> [(name: String, ids: [String])] {
        [("probe", [finding.probe.rawValue])] + (finding.causes.isEmpty ? [] : [("causes", finding.causes.map(\.id))])
    }

    /// "probe camera.getUserMedia · causes android.camera.no-permission-handler, …"
    static func detailsText(_ finding: Finding) -> String {
        detailsParts(finding).map { "\($0.name) " + $0.ids.joined(separator: ", ") }.joined(separator: " · ")
    }

    /// A checklist item's evidence ("camera.getUserMedia: fail") with each probe named by its
    /// title ("Camera access: fail"): the coverage states it by ids for the JSON.
    static func evidenceInWords(_ evidence: String, catalog: Catalog = .standard) -> String {
        var out = evidence
        for probe in catalog.probes.sorted(by: { $0.id.rawValue.count > $1.id.rawValue.count }) where out.contains(probe.id.rawValue) {
            var result = ""
            var rest = Substring(out)
            while let range = rest.firstRange(of: probe.id.rawValue) {
                let before = range.lowerBound == rest.startIndex ? result.last : rest[rest.index(before: range.lowerBound)]
                let after = range.upperBound == rest.endIndex ? nil : rest[range.upperBound]
                // A whole id: not inside a longer id or a field path ("answers.pidEncoded").
                let edge: (Character?) -> Bool = { c in c.map { !($0.isLetter || $0.isNumber || $0 == "." || $0 == "_") } ?? true }
                result += rest[..<range.lowerBound] + (edge(before) && edge(after) ? probe.title : probe.id.rawValue)
                rest = rest[range.upperBound...]
            }
            out = result + rest
        }
        return out
    }

    /// A probe's title for its id; the id when the catalog does not know it.
    static func probeTitle(_ id: String, in catalog: Catalog) -> String {
        catalog.probe(id: ProbeID(rawValue: id))?.title ?? id
    }

    /// A metadata value as text, nil when absent, null or empty.
    static func metadataText(_ metadata: JSONValue, _ key: String) -> String? {
        guard let value = metadata.objectValue?[key], !value.isNull else { return nil }
        let text = plain(value).trimming(.whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// The device model: the page's `deviceModel`, else the model an Android user agent names
    /// after its version ("Android 14; Pixel 7 Build/…"; Chrome's reduced user agent says "K"
    /// instead, https://www.chromium.org/updates/ua-reduction/), else iPhone/iPad/iPod (iOS
    /// user agents carry no model number).
    static func deviceModel(metadata: JSONValue, userAgent: String?) -> String? {
        if let model = metadataText(metadata, "deviceModel") ?? metadataText(metadata, "device") { return model }
        guard let userAgent else { return nil }
        if let android = userAgent.firstRange(of: "Android ") {
            let inside = userAgent[android.upperBound...].prefix { $0 != ")" }
            let parts = inside.split(separator: ";").map { $0.trimming(.whitespaces) }
            if parts.count >= 2 {
                let model = parts[1].components(separatedBy: " Build/")[0].trimming(.whitespaces)
                if !model.isEmpty, model != "K", model != "wv" { return model }
            }
            return nil
        }
        for name in ["iPhone", "iPad", "iPod"] where userAgent.contains("(\(name);") || userAgent.contains("(\(name) ") {
            return name
        }
        return nil
    }

    /// The run's label; without one, what it was: "attended run on Pixel 7, 2026-11-30".
    static func runLabel(_ run: RunReportDocument.Run, platform: DetectedPlatform) -> String {
        if let label = run.label?.trimming(.whitespaces), !label.isEmpty { return label }
        let mode = metadataText(run.metadata, "mode") ?? "attended"
        let device = deviceModel(metadata: run.metadata, userAgent: run.userAgent) ?? platform.platform.title
        return "\(mode) run on \(device)" + (run.createdAt.map { ", " + day($0) } ?? "")
    }

    /// "2026-11-30" (UTC).
    static func day(_ date: Date) -> String { String(iso8601(date).prefix(10)) }

    /// "2026-11-30 03:00 UTC".
    static func minute(_ date: Date) -> String {
        let text = iso8601(date)
        return String(text.prefix(10)) + " " + String(text.dropFirst(11).prefix(5)) + " UTC"
    }

    /// What a certification request asks of a run, in order, "not given" for what is missing.
    static func summary(_ document: RunReportDocument) -> [(name: String, value: String)] {
        let run = document.run
        let diff = document.diff
        let detected = diff.platform
        let missing = "not given"
        let ran = diff.findings.filter { $0.verdict != .notRun && $0.verdict != .skipped }.count
        let skipped = diff.findings.filter { $0.verdict == .skipped }.count
        return [
            ("App", metadataText(run.metadata, "appName") ?? missing),
            ("App version", metadataText(run.metadata, "appVersion") ?? missing),
            ("Tester", metadataText(run.metadata, "tester") ?? missing),
            ("Device", deviceModel(metadata: run.metadata, userAgent: run.userAgent) ?? missing),
            ("OS", detected.os.isEmpty ? missing : detected.os + (detected.osVersion.map { " \($0)" } ?? "")),
            ("Engine", detected.engine.isEmpty ? missing : detected.engine + (detected.engineVersion.map { " \($0)" } ?? "")),
            ("Date", (run.completedAt ?? run.createdAt).map(minute) ?? missing),
            ("Verdict", verdictTitle(diff.verdict) + " against \(diff.requirementSet)"),
            ("Coverage", "\(ran) of \(diff.findings.count) probes run" + (skipped > 0 ? ", \(skipped) skipped" : "")),
        ]
    }
}
