/// A failure that follows from another probe's: with cookies off entirely, the server cookie
/// cannot come back either; with the camera denied, no preview can play. Such a finding keeps
/// its verdict and evidence, but it is folded under its cause (`Finding.consequenceOf`): it is
/// not counted among the failures that make the verdict, and its remedy is not a top remedy,
/// so a person fixes the one thing that broke the rest.
///
/// Declared on the probe that fails as a consequence (`Probe.failing(as:)`); a step that runs
/// only after another granted (`Probe.Dependency.Wait.run`) is a consequence of it without a
/// declaration.
public struct Consequence: Sendable, Equatable {
    /// The probe whose failure explains this one's.
    public let cause: ProbeID
    /// Why, in words (for the docs and the reader of the declaration).
    public let because: String
    /// False when this probe's result shows a failure of its own that the cause does not
    /// explain (a thrown network error, an HttpOnly cookie visible to script).
    let explains: @Sendable (ProbeResult) -> Bool

    public init(of cause: ProbeID, because: String, unless ownFailure: (@Sendable (ProbeResult) -> Bool)? = nil) {
        self.cause = cause
        self.because = because
        self.explains = { result in !(ownFailure?(result) ?? false) }
    }

    /// Compared by their data: a function has no equality.
    public static func == (a: Consequence, b: Consequence) -> Bool { a.cause == b.cause && a.because == b.because }
}

extension Probe {
    /// The probe with `consequences`: the probes whose failure explains a failure of this one.
    func failing(as consequences: Consequence...) -> Probe {
        var probe = self
        probe.consequences = consequences
        return probe
    }
}

/// Marks each finding that fails only because another failed (`Finding.consequenceOf`).
enum ConsequenceFolding {
    /// A finding is folded under a cause that failed. A declared consequence folds a fail or
    /// a warning; a step that waits on a grant (`after`, `.run`) folds its skip or missing
    /// result too, since it could not run without the grant. The cause named is the root:
    /// a consequence of a consequence names the first failure.
    static func fold(_ findings: [Finding], catalog: Catalog, results: [ProbeID: ProbeResult]) -> [Finding] {
        let byId = Dictionary(uniqueKeysWithValues: findings.map { ($0.probe, $0) })
        let probes = Dictionary(uniqueKeysWithValues: catalog.probes.map { ($0.id, $0) })

        func directCause(_ finding: Finding) -> ProbeID? {
            guard let probe = probes[finding.probe] else { return nil }
            let failed: (ProbeID) -> Bool = { byId[$0]?.verdict == .fail }
            if finding.verdict == .fail || finding.verdict == .warn, let result = results[finding.probe] {
                if let declared = probe.consequences.first(where: { failed($0.cause) && $0.explains(result) }) { return declared.cause }
            }
            if let after = probe.after, after.waits == .run, failed(after.probe),
                [.fail, .warn, .skipped, .notRun].contains(finding.verdict) {
                return after.probe
            }
            return nil
        }

        return findings.map { finding in
            var folded = finding
            var cause = directCause(finding)
            var seen: Set<ProbeID> = [finding.probe]
            while let current = cause, let next = byId[current].flatMap(directCause), seen.insert(current).inserted {
                cause = next
            }
            folded.consequenceOf = cause
            return folded
        }
    }
}
