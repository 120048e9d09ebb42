#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProbeCatalog
import ProbeStore

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
        guard let final = results.last else { return nil }
        // The latest by arrival; of results that arrived together (one batch), the later in
        // page order, which is the order the report lists them in.
        var last = (probe: final.probe, at: final.receivedAt ?? final.at ?? now)
        var latest: Date?
        for result in results {
            guard let at = result.receivedAt ?? result.at else { continue }
            if latest.map({ at >= $0 }) ?? true {
                latest = at
                last = (result.probe, at)
            }
        }
        resultCount = results.count
        lastProbe = last.probe
        lastAt = last.at
        silentSeconds = max(0, Int(now.timeIntervalSince(last.at).rounded(.down)))
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

    /// The step the page was waiting at: the step it marked as begun last without a result
    /// since (camera and chooser steps post a start marker: `StepMarker`), else the first step
    /// after the last result, in page order, that has none. nil when nothing arrived.
    public static func waitingStep(_ results: [RunReportDocument.Attempt], catalog: Catalog = .standard) -> Probe? {
        let answered = Set(results.filter { $0.probe != StepMarker.probe.rawValue }.map(\.probe))
        if let marker = results.filter({ $0.probe == StepMarker.probe.rawValue }).max(by: { $0.attempt < $1.attempt }),
           case .object(let fields) = marker.observed, case .string(let step)? = fields[StepMarker.stepField],
           !answered.contains(step), let probe = catalog.probe(id: ProbeID(rawValue: step)) {
            return probe
        }
        guard let last = StalledRun(results: results.filter { $0.probe != StepMarker.probe.rawValue }, now: Date()),
              let index = catalog.probes.firstIndex(where: { $0.id.rawValue == last.lastProbe }) else { return nil }
        return catalog.probes[(index + 1)...].first { !answered.contains($0.id.rawValue) }
    }

    /// What a wait that ran out of time was waiting for, in words: "waiting for the tap on
    /// Pick an image". Never a verdict: the run has none yet.
    public static func waitingFor(_ step: Probe?) -> String {
        guard let step else { return "no result arrived" }
        let title = ReportText.terminal(step.title)
        switch step.kind {
        case .tap: return "waiting for the tap on \(title)"
        case .operator: return "waiting for the answer to \(title)"
        case .auto: return "waiting at \(title)"
        }
    }
}
