/// A run's results compared with a profile: findings, the overall verdict, and checklist coverage.
public struct DiffReport: Sendable, Codable, Equatable {
    public enum Verdict: String, Sendable, Codable, CaseIterable {
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
    /// Why the verdict is what it is, most important first, in titles (`reasons` has the ids).
    public let verdictReasons: [String]
    /// The same reasons with their kind and the probe or checklist item ids they name.
    public let reasons: [VerdictReason]
    /// Findings per verdict (every verdict present, zero included).
    public let counts: [String: Int]
    /// One finding per probe, in page order.
    public let findings: [Finding]
    public let coverage: ChecklistCoverage
    /// The fixes of the failing findings, worst first (what the device shows at the end).
    public let topRemedies: [TopRemedy]
    /// Probe ids the results named that the catalog does not know.
    public let unknownProbes: [ProbeID]
    /// Judged with the tap steps nobody tapped counting as not run (`Diff.overall`): the run's
    /// own setting, or asked for (`wait --require-taps`). False in reports written before it.
    public var requireTaps: Bool = false
    /// The platform in a person's words (`Words.platform`), for the page's end screen, which
    /// shows it as every report does.
    public var platformSummary: String? = nil
    /// Which build judged the run, set by whoever judged it (the server's `RunJudgements`,
    /// the CLI's `diff`): a stored verdict says the code it came from. Nil in reports
    /// written before it.
    public var judgedBy: JudgedBy? = nil

    public func finding(_ probe: ProbeID) -> Finding? { findings.first { $0.probe == probe } }

    /// The reason of `kind`, if the verdict has one.
    public func reason(_ kind: VerdictReason.Kind) -> VerdictReason? { reasons.first { $0.kind == kind } }

    enum CodingKeys: String, CodingKey {
        case schema, run, platform, platformSummary, requirementSet, verdict, verdictReasons, reasons, counts, findings, coverage, topRemedies, unknownProbes, requireTaps, judgedBy
    }

    /// The judge of a report: the server's version, its build (the executable's SHA-256, the
    /// judging code included) and the judgement key it kept the verdict under.
    public struct JudgedBy: Sendable, Codable, Equatable {
        public let version: String
        public let build: String
        public let key: String
        public init(version: String, build: String, key: String) {
            self.version = version
            self.build = build
            self.key = key
        }
        /// "probe-server 0.2.0, build 1a2b3c4d5e6f".
        public var words: String { "probe-server \(version), build \(build.prefix(12))" }
    }

    public struct TopRemedy: Sendable, Codable, Equatable {
        public let probe: ProbeID
        public let severity: Finding.Severity
        public let diagnosis: String
        public let remedy: Remedy
    }
}

// In an extension, so that Swift still synthesises the memberwise initializer the diff calls.
extension DiffReport {
    /// Reads reports written before `reasons` existed (they have the sentences only) and
    /// before `requireTaps`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            schema: try c.decode(Int.self, forKey: .schema), run: try c.decodeIfPresent(String.self, forKey: .run),
            platform: try c.decode(DetectedPlatform.self, forKey: .platform), requirementSet: try c.decode(String.self, forKey: .requirementSet),
            verdict: try c.decode(Verdict.self, forKey: .verdict), verdictReasons: try c.decode([String].self, forKey: .verdictReasons),
            reasons: try c.decodeIfPresent([VerdictReason].self, forKey: .reasons) ?? [], counts: try c.decode([String: Int].self, forKey: .counts),
            findings: try c.decode([Finding].self, forKey: .findings), coverage: try c.decode(ChecklistCoverage.self, forKey: .coverage),
            topRemedies: try c.decode([TopRemedy].self, forKey: .topRemedies), unknownProbes: try c.decode([ProbeID].self, forKey: .unknownProbes),
            requireTaps: try c.decodeIfPresent(Bool.self, forKey: .requireTaps) ?? false)
        platformSummary = try c.decodeIfPresent(String.self, forKey: .platformSummary)
        judgedBy = try c.decodeIfPresent(JudgedBy.self, forKey: .judgedBy)
    }
}
