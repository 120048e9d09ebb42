import Foundation
import ProbeCatalog

/// What a run that stopped half-way says about the device: how many results arrived, the
/// last one, and how long nothing has come since. The page posts each result as the probe
/// ends (docs/page.md), so silence after some results means the page stopped running at
/// the next step, not that the device never opened the run URL.
public struct StalledRun: Sendable, Equatable {
    public let resultCount: Int
    public let lastProbe: String
    public let lastAt: Date
    /// Whole seconds from the last result to `now`; never negative (the server's clock and
    /// this machine's may differ a little).
    public let silentSeconds: Int

    /// nil when no result arrived: that run never started, which is another message.
    public init?(results: [RunReportDocument.Attempt], now: Date) {
        let dated = results.compactMap { result in (result.receivedAt ?? result.at).map { (result.probe, $0) } }
        guard let last = dated.max(by: { $0.1 < $1.1 }) ?? results.last.map({ ($0.probe, now) }) else { return nil }
        resultCount = results.count
        lastProbe = last.0
        lastAt = last.1
        silentSeconds = max(0, Int(now.timeIntervalSince(last.1).rounded(.down)))
    }

    /// One sentence with the facts, then what they usually mean. Probe ids and titles come
    /// from the server: escaped for the terminal.
    public func explanation(title: String?) -> String {
        let stamp = RFC3339.format(lastAt)
        let name = title.map { "\(ReportText.terminal(lastProbe)), \(ReportText.terminal($0))" } ?? ReportText.terminal(lastProbe)
        return "\(resultCount) result\(resultCount == 1 ? "" : "s") arrived, the last one (\(name)) at \(stamp), "
            + "then nothing for \(silentSeconds) s. The page stopped at the step after it: usually the page was closed, "
            + "the app went to the background, or it was killed at that step (a one-shot headless browser such as "
            + "--dump-dom or --screenshot quits that way). Reopen the run URL on the device to resume the run, or raise --timeout."
    }
}
