import BeyondEssentials
import ProbeCatalog

/// The live step list of `probe-server try`: one line per result as it arrives, in the order the page
/// posts them, each fitted to a terminal of `width` columns with everything that came from
/// the server escaped (ReportText.terminal).
public struct StepList: Sendable {
    /// A terminal's classic width: the lines fit without wrapping.
    public static let defaultWidth = 80

    let catalog: Catalog
    let width: Int
    private var printed: Set<String> = []

    public init(catalog: Catalog = .standard, width: Int = StepList.defaultWidth) {
        self.catalog = catalog
        self.width = width
    }

    /// A symbol per status that reads without colour.
    public static func symbol(_ status: String) -> String {
        switch status {
        case "pass": return "✓"
        case "fail": return "✗"
        case "error": return "!"
        case "skipped": return "–"
        case "info": return "i"
        default: return "?"
        }
    }

    /// A symbol per judged verdict, the same as the page's statuses where they agree.
    public static func symbol(_ verdict: Finding.Verdict) -> String {
        switch verdict {
        case .pass: return "✓"
        case .fail: return "✗"
        case .warn: return "!"
        case .info: return "i"
        case .skipped: return "–"
        case .notRun: return "·"
        }
    }

    /// Whether any result has no line yet (so the caller fetches a judgement only then).
    public func hasNew(_ results: [RunView.ResultSummary]) -> Bool {
        results.contains { $0.probe != StepMarker.probe.rawValue && !printed.contains("\($0.probe)#\($0.attempt)") }
    }

    /// The lines of the results not printed yet (a retry of a probe is a new line). With the
    /// run's judgement so far, each line shows what the judge says of the step for the run's
    /// platform, not the page's raw status: a blocked third-party cookie that desktop expects
    /// is `i`, never `✗`, so the list and the verdict agree.
    public mutating func newLines(_ results: [RunView.ResultSummary], judged: DiffReport? = nil) -> [String] {
        var lines: [String] = []
        // The page's "step started" marker is not a probe: the step's own line follows it.
        for result in results where result.probe != StepMarker.probe.rawValue {
            let key = "\(result.probe)#\(result.attempt)"
            guard !printed.contains(key) else { continue }
            printed.insert(key)
            let finding = judged?.finding(ProbeID(rawValue: result.probe)).flatMap { $0.attempt == result.attempt ? $0 : nil }
            lines.append(line(result, finding: finding, platform: judged?.platform.platform))
        }
        return lines
    }

    public var count: Int { printed.count }

    public func line(_ result: RunView.ResultSummary, finding: Finding? = nil, platform: Platform? = nil) -> String {
        let title = catalog.probes.first { $0.id.rawValue == result.probe }?.title ?? result.probe
        // The page's own status, unless the judge disagrees about a failure: a step the page
        // saw fail that the platform expects is information, and a step the page passed that
        // the judge fails (or warns of) shows as the judge says.
        var symbol = Self.symbol(result.status)
        var expected = false
        if let finding {
            let judgedBad = finding.verdict == .fail || finding.verdict == .warn
            if judgedBad || ["fail", "error"].contains(result.status) { symbol = Self.symbol(finding.verdict) }
            expected = !judgedBad && ["fail", "error"].contains(result.status)
        }
        var text = "\(symbol) \(oneLine(title))"
        if expected, let platform { text += " (expected on \(oneLine(platform.title)))" }
        if result.attempt > 1 { text += " (attempt \(result.attempt))" }
        if let reason = Words.reason(result.reason) { text += " — \(oneLine(reason))" }
        return Self.fitted(text, width: width)
    }

    /// Escaped for the terminal and on one line: a newline from the server would break the list.
    func oneLine(_ text: String) -> String {
        ReportText.terminal(text).replacingEach("\n", with: " ").replacingEach("\t", with: " ")
    }

    /// At most `width` characters, an ellipsis marking a cut.
    public static func fitted(_ text: String, width: Int) -> String {
        guard text.count > width else { return text }
        return String(text.prefix(width - 1)) + "…"
    }
}
