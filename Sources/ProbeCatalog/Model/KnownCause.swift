/// A cause the catalog knows for a symptom: the platform fact, where it applies, how the
/// evidence weighs for or against it, and its public source. Pure data plus one pure
/// function; `Symptom.rank` turns a list of them into a finding's `causes`.
public struct KnownCause: Sendable {
    /// What the evidence made of the cause: nil from `weigh` rules it out.
    struct Weighing {
        var likelihood: Cause.Likelihood
        var supporting: [String] = []
        var against: [String] = []

        /// The cause at that likelihood, for what the evidence shows (and, for a possible one,
        /// what it shows against it).
        static func conclusive(_ supporting: String...) -> Weighing { Weighing(likelihood: .conclusive, supporting: supporting) }
        static func likely(_ supporting: String...) -> Weighing { Weighing(likelihood: .likely, supporting: supporting) }
        static func possible(_ supporting: String..., against: String...) -> Weighing { Weighing(likelihood: .possible, supporting: supporting, against: against) }
    }

    public let id: String
    public let layer: Cause.Layer
    public let summary: String
    public let check: String
    public let remedy: Remedy?
    /// Public URL of the platform fact (engine source, vendor docs, a confirmed thread).
    public let source: String
    /// Where the cause exists, in words for the docs ("iOS 15+", "Android, Cordova").
    public let scope: String
    /// What another observation of the same run would have to be for the cause to be false:
    /// where one holds, the cause is ruled out, whatever its own probe shows.
    public let ruledOutBy: [Contradiction]
    /// Nil for a platform or wrapper fact (a WebView setting, a permission handler, an OS
    /// permission, an engine's or a wrapper's behaviour), which a settings row of the
    /// wrappers' tables holds (`cause: {"known": id}`, docs/wrapper-data.md); otherwise the
    /// part of the run's context the cause is about, which no app setting decides.
    public let context: RunContext?
    let applies: @Sendable (CauseEvidence) -> Bool
    let weigh: @Sendable (CauseEvidence) -> Weighing?

    init(
        _ id: String, _ layer: Cause.Layer, scope: String, summary: String, check: String, remedy: Remedy?, source: String,
        ruledOutBy: [Contradiction] = [], context: RunContext? = nil,
        applies: @escaping @Sendable (CauseEvidence) -> Bool = { _ in true },
        weigh: @escaping @Sendable (CauseEvidence) -> Weighing?
    ) {
        self.id = id
        self.layer = layer
        self.scope = scope
        self.summary = summary
        self.check = check
        self.remedy = remedy
        self.source = source
        self.ruledOutBy = ruledOutBy
        // The page's causes (an insecure or opaque origin, the page's constraints) are the
        // page's by their layer; every other context is declared on the cause.
        self.context = context ?? (layer == .page ? .page : nil)
        self.applies = applies
        self.weigh = weigh
    }

    /// A cause whose weight the evidence does not change (`weigh: .likely("a browser")`): where
    /// it applies (`applies`) is all that decides it.
    init(
        _ id: String, _ layer: Cause.Layer, scope: String, summary: String, check: String, remedy: Remedy?, source: String,
        ruledOutBy: [Contradiction] = [], context: RunContext? = nil,
        applies: @escaping @Sendable (CauseEvidence) -> Bool = { _ in true },
        weigh weighing: Weighing
    ) {
        self.init(id, layer, scope: scope, summary: summary, check: check, remedy: remedy, source: source, ruledOutBy: ruledOutBy, context: context, applies: applies, weigh: { _ in weighing })
    }

    /// What a cause that is no setting is about: the run's context. Such a cause stays
    /// declared on its symptom and is never a settings row; every other cause is one
    /// (`every_platform_or_wrapper_cause_is_a_settings_row`).
    public enum RunContext: String, Sendable, Encodable, CaseIterable {
        /// The page or the server: an insecure or opaque origin, the page's own constraints.
        case page
        /// What the person did: answered Don't Allow, closed a chooser, left the page.
        case person
        /// The device's state: no camera, a camera another app holds, a driver that failed.
        case device
        /// A browser's own policy or site setting: no wrapper's table judges a browser.
        case browser
        /// What the app does on purpose around the WebView (hides the system bars, navigates
        /// away): no setting is wrong, nothing is to fix.
        case app
        /// A rule of the web platform every engine follows (enumerateDevices lists no camera
        /// before a grant): the setting behind it is another probe's.
        case webPlatform = "web-platform"
    }

    /// The first declared observation of this run that rules the cause out, if any.
    func contradiction(in results: [ProbeID: ProbeResult]) -> Contradiction? {
        ruledOutBy.first { $0.holds(in: results) }
    }

    func cause(_ evidence: CauseEvidence) -> Cause? {
        guard applies(evidence), contradiction(in: evidence.context.results) == nil, let weighing = weigh(evidence) else { return nil }
        return Cause(
            id: id, layer: layer, likelihood: weighing.likelihood, summary: summary,
            evidence: Cause.Evidence(supporting: weighing.supporting, against: weighing.against),
            check: check, remedy: remedy.map { $0.relevant(to: evidence.platform) }, source: source)
    }
}

/// An observation that a cause cannot coexist with in one run: the page saw it, so the cause
/// is false. Declared once on the cause (not in each evaluator), which is what lets a test
/// hold every finding of every corpus run against every rule.
public struct Contradiction: Sendable {
    /// The probe whose result rules the cause out (often another probe than the failing one).
    public let probe: ProbeID
    /// What that probe saw and why the cause cannot be true then, in words.
    public let reason: String
    let condition: @Sendable (ProbeResult) -> Bool

    init(_ probe: ProbeID, _ reason: String, when condition: @escaping @Sendable (ProbeResult) -> Bool) {
        self.probe = probe
        self.reason = reason
        self.condition = condition
    }

    /// True when the probe ran in this run (a skipped step observed nothing) and saw it.
    public func holds(in results: [ProbeID: ProbeResult]) -> Bool {
        guard let result = results[probe], result.status != .skipped else { return false }
        return condition(result)
    }
}

/// A failing observation and every cause known for it (docs/probes.md lists them per probe, with their sources).
public struct Symptom: Sendable {
    public let id: String
    public let probes: [ProbeID]
    /// The observation, in words.
    public let observation: String
    public let causes: [KnownCause]

    /// The causes the evidence leaves standing, most likely first; catalog order breaks ties,
    /// which is why each list starts with the cause most often confirmed in public threads.
    /// A conclusive cause rules the others out: it stands alone.
    func rank(_ evidence: CauseEvidence) -> [Cause] {
        var standing = HostSettlement.settle(causes.compactMap { $0.cause(evidence) }, evidence)
        if standing.contains(where: { $0.likelihood == .conclusive }) {
            standing = standing.filter { $0.likelihood == .conclusive }
        }
        return standing.enumerated()
            .sorted { ($0.element.likelihood, -$0.offset) > ($1.element.likelihood, -$1.offset) }
            .map(\.element)
    }

    /// The causes that would apply but another observation of the run rules out, with the
    /// observation: a diagnosis says them so that the reader sees why they are not named.
    func ruledOut(_ evidence: CauseEvidence) -> [(cause: KnownCause, by: Contradiction)] {
        causes.compactMap { cause in
            guard cause.applies(evidence), let by = cause.contradiction(in: evidence.context.results) else { return nil }
            return (cause, by)
        }
    }
}

// `catalog --json` exports the symptoms with their causes as declared, less the functions
// that weigh the evidence and a cause's remedy (`remedies` has it, under the cause's id).
extension Symptom: Encodable {
    enum CodingKeys: String, CodingKey { case id, probes, observation, causes }
}

extension KnownCause: Encodable {
    enum CodingKeys: String, CodingKey { case id, layer, scope, summary, check, source, ruledOutBy, context }
}

extension Contradiction: Encodable {
    enum CodingKeys: String, CodingKey { case probe, reason }
}
