/// A run's results compared with a profile: findings, the overall verdict, and checklist coverage.
public struct DiffReport: Sendable, Codable, Equatable {
    public enum Verdict: String, Sendable, Codable {
        case ready
        case notReady = "not-ready"
        case incomplete

        var rank: Int {
            switch self {
            case .notReady: return 0
            case .incomplete: return 1
            case .ready: return 2
            }
        }
    }

    public let schema: Int
    public let run: String?
    public let platform: DetectedPlatform
    public let requirementSet: String
    public let verdict: Verdict
    /// Why the verdict is what it is, most important first.
    public let verdictReasons: [String]
    /// Findings per verdict (every verdict present, zero included).
    public let counts: [String: Int]
    /// One finding per probe, in page order.
    public let findings: [Finding]
    public let coverage: ChecklistCoverage
    /// The fixes of the failing findings, worst first (what the device shows at the end).
    public let topRemedies: [TopRemedy]
    /// Probe ids the results named that the catalog does not know.
    public let unknownProbes: [String]

    public func finding(_ probe: String) -> Finding? { findings.first { $0.probe == probe } }

    public struct TopRemedy: Sendable, Codable, Equatable {
        public let probe: String
        public let severity: Finding.Severity
        public let diagnosis: String
        public let remedy: Remedy
    }
}

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
    }

    /// Every status present, zero included; the sum is the number of checklist items.
    public let counts: [String: Int]
    public let items: [Item]

    public func item(_ id: String) -> Item? { items.first { $0.id == id } }
}
