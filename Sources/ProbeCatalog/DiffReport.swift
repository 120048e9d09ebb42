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
