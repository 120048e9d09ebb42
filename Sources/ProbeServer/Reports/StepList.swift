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

    /// The lines of the results not printed yet (a retry of a probe is a new line).
    public mutating func newLines(_ results: [RemoteRun.ResultSummary]) -> [String] {
        var lines: [String] = []
        // The page's "step started" marker is not a probe: the step's own line follows it.
        for result in results where result.probe != StepMarker.probe {
            let key = "\(result.probe)#\(result.attempt)"
            guard !printed.contains(key) else { continue }
            printed.insert(key)
            lines.append(line(result))
        }
        return lines
    }

    public var count: Int { printed.count }

    public func line(_ result: RemoteRun.ResultSummary) -> String {
        let title = catalog.probes.first { $0.id == result.probe }?.title ?? result.probe
        var text = "\(Self.symbol(result.status)) \(oneLine(title))"
        if result.attempt > 1 { text += " (attempt \(result.attempt))" }
        if let reason = result.reason, !reason.isEmpty { text += " — \(oneLine(reason))" }
        return Self.fitted(text, width: width)
    }

    /// Escaped for the terminal and on one line: a newline from the server would break the list.
    func oneLine(_ text: String) -> String {
        ReportText.terminal(text).replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\t", with: " ")
    }

    /// At most `width` characters, an ellipsis marking a cut.
    public static func fitted(_ text: String, width: Int) -> String {
        guard text.count > width else { return text }
        return String(text.prefix(width - 1)) + "…"
    }
}
