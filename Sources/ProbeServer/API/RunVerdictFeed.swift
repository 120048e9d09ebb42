#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials
import ProbeCatalog
import ProbeStore

/// A run the server has just judged (completed, or answered by `wait` after its results
/// stopped): what the serve command prints one line of, so the operator sees each device's
/// verdict without reading the access log.
public struct JudgedRun: Sendable, Equatable {
    public let id: String
    public let label: String?
    public let platform: String?
    public let verdict: DiffReport.Verdict
    /// The first of the verdict's reasons, most important first.
    public let reason: String?

    public init(id: String, label: String?, platform: String?, verdict: DiffReport.Verdict, reason: String?) {
        self.id = id; self.label = label; self.platform = platform; self.verdict = verdict; self.reason = reason
    }

    /// The run as its report judged it; the platform as the device reported it (`ios 17`).
    init(_ run: RunRecord, _ report: DiffReport) {
        let device = [report.platform.os, report.platform.osVersion.map { "\($0)" }].compactMap { $0 }.joined(separator: " ")
        self.init(id: run.id, label: run.label, platform: device.isEmpty ? nil : device,
                  verdict: report.verdict, reason: report.verdictReasons.first)
    }

    /// `run ID "label" (ios): Not ready: reason → URL`, wrapped at words; the label and the
    /// reason come from the device, so they are escaped for the terminal.
    public func line(reportURL: String, style: TerminalStyle = .plain, width: Int = TerminalText.columns) -> String {
        var text = "run \(id)"
        if let label, !label.isEmpty { text += " \"\(ReportText.terminal(label))\"" }
        if let platform { text += " (\(ReportText.terminal(platform)))" }
        text += ": " + TerminalReport.verdictText(verdict, style: style)
        if let reason, verdict != .ready { text += ": " + ReportText.terminal(reason) }
        // A no-break space keeps the arrow with the URL it points at when the line wraps.
        text += " →\u{A0}" + reportURL
        return TerminalText.wrap(text, width: width, indent: "    ")
    }
}

/// Who hears of each judged run. Listeners run on the judging thread and must be quick.
public final class RunVerdictFeed: @unchecked Sendable {
    private let lock = Lock()
    private var listeners: [@Sendable (JudgedRun) -> Void] = []

    public init() {}

    public func listen(_ listener: @escaping @Sendable (JudgedRun) -> Void) {
        lock.lock(); defer { lock.unlock() }
        listeners.append(listener)
    }

    func announce(_ judged: JudgedRun) {
        lock.lock()
        let current = listeners
        lock.unlock()
        current.forEach { $0(judged) }
    }
}
