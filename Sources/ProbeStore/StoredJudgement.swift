#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A completed run's judgement as kept: its report (the JSON `/diff` answers) and the catalog
/// it was judged against, so that readers read it instead of judging the run again and judge
/// again only when the catalog changed (`RunJudgements`). Opaque to the store but for its
/// verdict, which the run's row follows.
public struct StoredJudgement: Equatable, Sendable {
    /// The fingerprint of the catalog and server that judged (`CatalogVersion`).
    public var catalogVersion: String
    /// The report's verdict (`ready`, `not-ready`, `incomplete`).
    public var verdict: String
    /// The report as JSON text.
    public var report: String
    public var judgedAt: Date

    public init(catalogVersion: String, verdict: String, report: String, judgedAt: Date) {
        self.catalogVersion = catalogVersion
        self.verdict = verdict
        self.report = report
        self.judgedAt = judgedAt
    }

    /// Checks the record against `StoreLimits`; any store calls this before writing.
    public func validate() throws(StoreError) {
        try StoreCheck.text(catalogVersion, "catalog version", max: StoreLimits.maxShortTextBytes)
        try StoreCheck.text(verdict, "verdict", max: StoreLimits.maxShortTextBytes)
        try StoreCheck.text(report, "report", max: StoreLimits.maxReportBytes)
        if catalogVersion.isEmpty || verdict.isEmpty { throw .invalid("a judgement needs its catalog version and verdict") }
    }

    static func notCompleteProblem(_ id: String) -> String {
        "run \(id) is not complete: only a completed run's judgement is kept (an open run's changes with the time)"
    }
}
