import Foundation
import ProbeCatalog

/// What every format says the same way: the words for a platform, a verdict, a wrapper's
/// fix, a duration. Kept in one place so the JUnit file and the PR comment never disagree.
enum ReportFacts {
    /// The three wrappers a remedy names (docs/requirements.md#product-rules), in the order reports list them.
    enum Wrapper: CaseIterable {
        case iosSwift, androidKotlin, reactNative

        var title: String {
            switch self {
            case .iosSwift: return "iOS Swift"
            case .androidKotlin: return "Android Kotlin"
            case .reactNative: return "React Native"
            }
        }

        func line(in remedy: Remedy) -> String? {
            switch self {
            case .iosSwift: return remedy.iosSwift
            case .androidKotlin: return remedy.androidKotlin
            case .reactNative: return remedy.reactNative
            }
        }

        /// The wrapper whose settings the app on this platform has; nil in a browser.
        static func detected(_ platform: Platform) -> Wrapper? {
            switch platform {
            case .iosWKWebView: return .iosSwift
            case .androidWebView: return .androidKotlin
            case .rnWebViewIOS, .rnWebViewAndroid: return .reactNative
            case .iosSafari, .androidChrome, .desktop: return nil
            }
        }
    }

    /// The fixes that apply to the detected wrapper (all of them in a browser), labelled. An
    /// app on a framework (Cordova, Capacitor, Flutter, MAUI, or react-native-webview's own
    /// platform fix) gets that framework's fix; the report page lists the others folded.
    static func relevantRemedies(_ remedy: Remedy?, platform: Platform) -> [(wrapper: String, fix: String)] {
        guard let remedy else { return [] }
        if let first = detectedFix(remedy) { return [(first.label, first.code)] }
        let relevant = remedy.relevant(to: platform)
        return Wrapper.allCases.compactMap { wrapper in wrapper.line(in: relevant).map { (wrapper.title, $0) } }
    }

    /// The detected wrapper's fix when it is not one of the three native lines (those keep
    /// their labels: "iOS Swift", "Android Kotlin", "React Native").
    static func detectedFix(_ remedy: Remedy) -> WrapperFix? {
        guard let first = remedy.wrappers?.first, !first.wrapper.isNative else { return nil }
        if first.wrapper == .reactNativeWebView, first.code == remedy.reactNative { return nil }
        return first
    }

    /// "Cordova (Java, Android)" when the run detected a framework, else nil.
    static func frameworkTitle(_ detected: DetectedPlatform) -> String? {
        guard let wrapper = detected.wrapperDetection?.wrapper, !wrapper.isNative, wrapper != .reactNativeWebView else { return nil }
        return wrapper.title
    }

    /// "iOS 17.4 · WebKit 17.4 · react-native-webview (high confidence)"
    static func platformSummary(_ detected: DetectedPlatform) -> String {
        var parts = [detected.os + (detected.osVersion.map { " \($0)" } ?? "")]
        parts.append(detected.engine + (detected.engineVersion.map { " \($0)" } ?? ""))
        if let wrapper = detected.wrapper { parts.append(wrapper) }
        if let framework = detected.wrapperDetection, framework.wrapper.rawValue != detected.wrapper {
            parts.append("\(framework.wrapper.title)\(framework.inAppBrowser ? " InAppBrowser" : "") (\(framework.confidence.rawValue))")
        }
        return parts.joined(separator: " · ") + " (\(detected.confidence.rawValue) confidence"
            + (detected.overridden ? ", overridden by ?platform=" : "") + ")"
    }

    static func verdictTitle(_ verdict: DiffReport.Verdict) -> String {
        switch verdict {
        case .ready: return "Ready"
        case .notReady: return "Not ready"
        case .incomplete: return "Incomplete"
        }
    }

    /// Severities worst first, as reports group findings.
    static let severitiesWorstFirst: [Finding.Severity] = Finding.Severity.allCases.reversed()

    /// Findings someone must act on: failures, then warnings, worst first, page order within.
    static func actionable(_ report: DiffReport) -> [Finding] {
        let indexed = report.findings.enumerated().filter { $0.element.verdict == .fail || $0.element.verdict == .warn }
        return indexed.sorted { a, b in
            if a.element.verdict != b.element.verdict { return a.element.verdict == .fail }
            if a.element.severity != b.element.severity { return a.element.severity > b.element.severity }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// "ios.uiDelegate verified, ios.plist.photos failed": the checklist items the host report
    /// settled (docs/host-report.md); nil when none did.
    static func fromHostReport(_ coverage: ChecklistCoverage) -> String? {
        let items = coverage.items.filter { $0.source == .hostReport }
        return items.isEmpty ? nil : items.map { "\($0.id) \($0.status.rawValue)" }.joined(separator: ", ")
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

    static func phase(of probe: String, in catalog: Catalog) -> String {
        catalog.probe(id: probe)?.phase.rawValue ?? "unknown"
    }

    static func iso8601(_ date: Date) -> String { ISO8601DateFormatter().string(from: date) }

    /// "1.2 s", "420 ms".
    static func duration(milliseconds: Double) -> String {
        if milliseconds >= 1000 { return String(format: "%.1f s", milliseconds / 1000) }
        return String(format: "%.0f ms", milliseconds)
    }

    /// Metadata as sorted `key: value` pairs, nested values as compact JSON.
    static func metadataPairs(_ metadata: JSONValue) -> [(key: String, value: String)] {
        guard let object = metadata.objectValue else { return [] }
        return object.keys.sorted().map { key in (key, plain(object[key]!)) }
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
