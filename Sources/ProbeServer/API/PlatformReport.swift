import ProbeCatalog
import ProbeStore
import ProbeRuns

/// The `env.platform` results of one post, read for the run's row (the listing, the
/// platform filter, the matrix of open runs) by the one rule every judgement uses
/// (`RunJudge.pagePlatform`), once the store has said which of them it kept.
struct PlatformReport: Sendable {
    let run: RunRecord
    /// Where the `env.platform` results sit in the post, so their outcomes can be found.
    let positions: [Int]
    let results: [ProbeResult]

    /// Nil when the post holds no `env.platform`, or the run is complete (its results are
    /// final, and so is its platform). `deviceAgent`: the post's User-Agent header, the
    /// device's own, for a page whose `env.platform` carries none; the creating request may
    /// have been a CI job's.
    init?(run: RunRecord, batch: [ProbeResult], deviceAgent: String?) {
        guard !run.isCompleted else { return nil }
        positions = batch.indices.filter { batch[$0].probe == PlatformDetector.probe }
        guard !positions.isEmpty else { return nil }
        results = positions.map { batch[$0] }
        var page = run
        if let deviceAgent { page.userAgent = deviceAgent }
        self.run = page
    }

    /// The row's update from the results the store kept: a conflicting one was dropped (first
    /// write wins), so it cannot speak for the device; a duplicate repeats what the stored one
    /// said. Nil when every one conflicted.
    func update(outcomes: [AppendOutcome]) -> StoreWrite? {
        let kept = zip(positions, results).filter { outcomes.indices.contains($0.0) && outcomes[$0.0] != .conflict }.map(\.1)
        guard !kept.isEmpty else { return nil }
        let detected = RunJudge.pagePlatform(of: run, results: kept)
        let userAgent = PlatformDetector.userAgent(results: kept, fallback: run.userAgent).map(StoreLimits.fittingUserAgent)
        return .setDetectedPlatform(id: run.id, platform: detected.platform.rawValue, userAgent: userAgent)
    }
}
