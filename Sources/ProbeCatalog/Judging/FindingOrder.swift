/// The one order in which a run's findings are told to a person. The end screen, the report
/// page, the terminal, Markdown, JUnit, the verdict's reasons and `topRemedies` all rank by
/// it, so the fix a person reads first is the same everywhere (docs/reports.md):
///
/// 1. failures and warnings before everything else (the findings someone must act on);
/// 2. the most severe first;
/// 3. among equals, a step whose failure stops the flow (`Probe.blocksFlow`) before one that
///    only degrades it: a denied camera before a blocked third-party cookie;
/// 4. a failure before a warning;
/// 5. then the order a person meets the steps (the catalog's).
extension Catalog {
    public func precedes(_ a: Finding, _ b: Finding) -> Bool {
        let (x, y) = (a.verdict == .fail || a.verdict == .warn, b.verdict == .fail || b.verdict == .warn)
        if x != y { return x }
        if a.severity != b.severity { return a.severity > b.severity }
        let (pa, pb) = (position(of: a.probe), position(of: b.probe))
        if pa.blocks != pb.blocks { return pa.blocks }
        if a.verdict != b.verdict, a.verdict == .fail || b.verdict == .fail { return a.verdict == .fail }
        return pa.index < pb.index
    }

    /// `findings` in that order (a stable sort: equal findings keep their order).
    public func ranked(_ findings: [Finding]) -> [Finding] {
        findings.enumerated().sorted { l, r in
            if precedes(l.element, r.element) { return true }
            if precedes(r.element, l.element) { return false }
            return l.offset < r.offset
        }.map(\.element)
    }

    /// The findings with `rank` set on those someone must act on (1 first), in catalog order.
    func withRanks(_ findings: [Finding]) -> [Finding] {
        let order = ranked(findings.filter { $0.verdict == .fail || $0.verdict == .warn }).map(\.probe)
        let rankOf = Dictionary(order.enumerated().map { ($1, $0 + 1) }, uniquingKeysWith: { a, _ in a })
        return findings.map { finding in
            var ranked = finding
            ranked.rank = rankOf[finding.probe]
            return ranked
        }
    }

    private func position(of probe: ProbeID) -> (index: Int, blocks: Bool) {
        guard let index = probes.firstIndex(where: { $0.id == probe }) else { return (Int.max, false) }
        return (index, probes[index].blocksFlow)
    }
}
