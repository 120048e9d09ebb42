/// Every checklist item's status for one run, and the counts per status.
public struct ChecklistCoverage: Sendable, Codable, Equatable {
    public enum Status: String, Sendable, Codable, CaseIterable {
        /// Its probes passed.
        case verified
        /// An inference rule held.
        case inferred
        /// The operator said yes.
        case confirmed
        /// A probe failed, or the operator said no.
        case failed
        /// Its probes did not run, were skipped, or the inference could not be drawn.
        case unverified
        /// The operator question is unanswered.
        case unconfirmed
        /// The page cannot see it (the item says why).
        case notObservable = "not-observable"
        /// The item's tab is for another platform.
        case notApplicable = "not-applicable"
    }

    public struct Item: Sendable, Codable, Equatable {
        public let id: String
        public let tab: ChecklistItem.Tab
        public let text: String
        public let method: Coverage.Method
        public let status: Status
        public let evidence: String
        /// Who settled the status when it was not the page: the host report (docs/host-report.md).
        public var source: Source? = nil
        /// The probe whose failure this item's follows from: every failing probe of the item
        /// is a consequence (`Finding.consequenceOf`) or one the item inherits
        /// (`Coverage.inherited`). It stays failed, but is not a reason of the verdict.
        public var consequenceOf: ProbeID? = nil
    }

    public enum Source: String, Sendable, Codable {
        /// "verified (host report)": the host's own reading of its configuration.
        case hostReport = "host-report"
    }

    /// Every status present, zero included; the sum is the number of checklist items.
    public let counts: [String: Int]
    public let items: [Item]

    public func item(_ id: String) -> Item? { items.first { $0.id == id } }
}

extension ChecklistCoverage {
    /// Computes every item's status from the checklist map and the run's findings, under the
    /// requirement set `requirementSet` (its id) the run is judged against.
    init(catalog: Catalog, platform: Platform, requirementSet: String, findings: [Finding], results: [ProbeID: ProbeResult]) {
        let byProbe = Dictionary(uniqueKeysWithValues: findings.map { ($0.probe, $0) })
        var items: [Item] = []
        for entry in catalog.checklist {
            let (status, evidence) = entry.isAsked(under: requirementSet)
                ? Self.status(of: entry, platform: platform, findings: byProbe, results: results)
                : (.notApplicable, "only the \(entry.requirementSet ?? "") requirement set asks it; this run is judged against \(requirementSet)")
            var item = Item(id: entry.id, tab: entry.tab, text: entry.text, method: entry.coverage.method, status: status, evidence: evidence)
            if status == .failed, entry.coverage.method == .verified {
                item.consequenceOf = Self.cause(of: entry.coverage, findings: byProbe)
            }
            items.append(item)
        }
        var counts = Dictionary(uniqueKeysWithValues: Status.allCases.map { ($0.rawValue, 0) })
        for item in items { counts[item.status.rawValue, default: 0] += 1 }
        self.init(counts: counts, items: items)
    }

    /// The cause a failed verified item follows from, when none of its failures is its own.
    static func cause(of coverage: Coverage, findings: [ProbeID: Finding]) -> ProbeID? {
        let failing = coverage.probes.compactMap { findings[$0] }.filter { $0.verdict == .fail }
        let causes = failing.map { $0.consequenceOf ?? (coverage.inherited.contains($0.probe) ? $0.probe : nil) }
        guard !causes.isEmpty, causes.allSatisfy({ $0 != nil }) else { return nil }
        return causes.first!
    }

    static func status(
        of item: ChecklistItem, platform: Platform, findings: [ProbeID: Finding], results: [ProbeID: ProbeResult]
    ) -> (Status, String) {
        guard item.tab.applies(to: platform) else {
            return (.notApplicable, "the \(item.tab.rawValue) tab does not apply to \(platform.title)")
        }
        let coverage = item.coverage
        switch coverage.method {
        case .notObservable:
            return (.notObservable, coverage.reason ?? "not observable from the page")

        case .verified:
            let covering = coverage.probes.compactMap { findings[$0] }
            let evidence = covering.map { "\($0.probe): \($0.verdict.rawValue)" }.joined(separator: "; ")
            if covering.contains(where: { $0.verdict == .fail }) { return (.failed, evidence) }
            if covering.contains(where: { $0.verdict == .notRun || $0.verdict == .skipped }) { return (.unverified, evidence) }
            return (.verified, evidence)

        case .inferred:
            guard let rule = coverage.rule, let finding = findings[rule.probe] else { return (.unverified, "no rule") }
            let base = "\(rule.probe): \(finding.verdict.rawValue)"
            guard finding.verdict == .pass else {
                return (.unverified, "\(base); the inference needs it to pass")
            }
            if rule.condition == .passedWithoutPrompt {
                let result = results[rule.probe]
                let noPrompt = result?.bool("promptShown") == false
                    || (result?.bool("promptShown") == nil && result?.string("permissionStateBefore") == "granted")
                guard noPrompt else {
                    return (.unverified, "\(base), but a prompt appeared or it is unknown whether one did")
                }
            }
            return (.inferred, "\(base) → \(rule.because)")

        case .confirmed:
            guard let question = coverage.question else { return (.unconfirmed, "no question") }
            let observed = results[question.probe]?.observed ?? [:]
            let answers = question.fields.map { field -> Bool? in
                let value = JSONValue.object(observed)[path: field]
                if let flag = value?.boolValue { return flag }
                switch value?.stringValue?.lowercased() {
                case "yes": return true
                case "no": return false
                default: return nil
                }
            }
            let said = zip(question.fields, answers).map { "\($0): \($1.map { $0 ? "yes" : "no" } ?? "unanswered")" }.joined(separator: ", ")
            let evidence = "\(question.probe) — \(said)"
            if answers.contains(false) { return (.failed, evidence) }
            if answers.contains(where: { $0 == nil }) { return (.unconfirmed, evidence) }
            return (.confirmed, evidence)
        }
    }
}
