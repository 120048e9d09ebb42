/// One reason of a run's verdict: what kind, the probe or checklist item ids it names (for
/// clients and tests), and the sentence a person reads, in titles rather than ids.
public struct VerdictReason: Sendable, Codable, Equatable {
    public enum Kind: String, Sendable, Codable {
        /// The results stopped inside a step (`ids`: that step).
        case stopped
        case failed
        /// Checklist items the operator answered no (`ids`: item ids).
        case answeredNo = "answered-no"
        /// Checklist items the host report fails (`ids`: item ids).
        case hostReportFails = "host-report-fails"
        case notRun = "not-run"
        /// Checklist items left unverified or unconfirmed (`ids`: item ids).
        case unverified
        case warnings
        /// An unattended run's steps only a person could complete.
        case leftToPerson = "left-to-person"
        /// Checklist items a ready run still leaves open (`ids`: item ids).
        case stillOpen = "still-open"
    }

    public let kind: Kind
    public let ids: [String]
    public let text: String

    public init(_ kind: Kind, ids: [String], text: String) {
        self.kind = kind
        self.ids = ids
        self.text = text
    }

    /// Names shown before "and N more": a reason is a line, and a list of 50 step titles is a
    /// wall nobody reads; the ids stay complete in `ids`.
    public static let namesShown = 5
    /// Checklist items are sentences: fewer of them fit a line.
    public static let itemsShown = 2

    /// "Camera access, Camera preview and Camera again"; past `cap`, "…, Camera preview and 7 more".
    static func list(_ names: [String], cap: Int, separator: String = ", ") -> String {
        // Listing one name instead of "and 1 more" costs nothing.
        let shown = names.count <= cap + 1 ? names : Array(names.prefix(cap))
        let rest = names.count - shown.count
        if rest > 0 { return shown.joined(separator: separator) + " and \(rest) more" }
        guard shown.count > 1 else { return shown.first ?? "" }
        return shown.dropLast().joined(separator: separator) + " and " + shown.last!
    }

    /// "1 step", "12 steps".
    static func count(_ n: Int, _ singular: String, _ plural: String) -> String { "\(n) \(n == 1 ? singular : plural)" }

    static func steps(_ kind: Kind, _ findings: [Finding], _ what: (String) -> String) -> VerdictReason {
        let noun = count(findings.count, "step", "steps")
        return VerdictReason(kind, ids: findings.map(\.probe.rawValue), text: what(noun) + ": " + list(findings.map(\.title), cap: namesShown))
    }

    static func items(_ kind: Kind, _ items: [ChecklistCoverage.Item], _ what: (String) -> String) -> VerdictReason {
        let noun = count(items.count, "checklist item", "checklist items")
        let sentences = items.map { $0.text.hasSuffix(".") ? String($0.text.dropLast()) : $0.text }
        return VerdictReason(kind, ids: items.map(\.id), text: what(noun) + ": " + list(sentences, cap: itemsShown, separator: "; "))
    }
}
