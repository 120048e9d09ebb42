/// Two runs of the same app compared (before and after an app update, docs/requirements.md#product-rules): which
/// probes changed verdict, and whether for the better.
public struct RunComparison: Sendable, Codable, Equatable {
    public enum Direction: String, Sendable, Codable {
        case better, worse, same
        /// Changed, but neither better nor worse (e.g. info ↔ pass, skipped ↔ not-run).
        case changed
    }

    public struct Change: Sendable, Codable, Equatable {
        public let probe: ProbeID
        public let before: Finding.Verdict
        public let after: Finding.Verdict
        public let direction: Direction
        public let diagnosisAfter: String?
    }

    public struct ItemChange: Sendable, Codable, Equatable {
        public let id: String
        public let before: ChecklistCoverage.Status
        public let after: ChecklistCoverage.Status
    }

    public let runBefore: String?
    public let runAfter: String?
    public let verdictBefore: DiffReport.Verdict
    public let verdictAfter: DiffReport.Verdict
    /// Worse when any probe got worse, better when some got better and none worse.
    public let direction: Direction
    public let changes: [Change]
    public let checklistChanges: [ItemChange]

    public init(before: DiffReport, after: DiffReport) {
        runBefore = before.run
        runAfter = after.run
        verdictBefore = before.verdict
        verdictAfter = after.verdict
        var changes: [Change] = []
        for finding in after.findings {
            guard let old = before.finding(finding.probe), old.verdict != finding.verdict else { continue }
            let direction: Direction =
                finding.verdict.rank > old.verdict.rank ? .better : (finding.verdict.rank < old.verdict.rank ? .worse : .changed)
            changes.append(Change(probe: finding.probe, before: old.verdict, after: finding.verdict, direction: direction, diagnosisAfter: finding.diagnosis))
        }
        self.changes = changes
        checklistChanges = after.coverage.items.compactMap { item in
            guard let old = before.coverage.item(item.id), old.status != item.status else { return nil }
            return ItemChange(id: item.id, before: old.status, after: item.status)
        }
        if changes.contains(where: { $0.direction == .worse }) || after.verdict.rank < before.verdict.rank {
            direction = .worse
        } else if changes.contains(where: { $0.direction == .better }) || after.verdict.rank > before.verdict.rank {
            direction = .better
        } else {
            direction = changes.isEmpty && checklistChanges.isEmpty ? .same : .changed
        }
    }
}
