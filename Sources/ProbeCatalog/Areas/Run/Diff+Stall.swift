extension Diff {
    /// The finding of the step a run stopped in: no result of its own, so the absence and the
    /// step are the evidence, and the known causes of a stop there are its causes.
    func stalledFinding(_ probe: Probe, _ stalled: StalledStep, context: EvaluationContext) -> Finding {
        let entry = profile.entry(for: probe.id)
        let marker = ProbeResult(run: "", probe: probe.id, attempt: stalled.attempt, status: .info)
        let causes = Symptom.stalled.rank(CauseEvidence(result: marker, context: context))
        let observed = "the step began and no result came for \(Int(stalled.silentSeconds)) s: the run stopped here"
        let diagnosis = Diagnosis.listing(Diagnosis.runStopped(probe.id), causes: causes)
        return Finding(
            probe: probe.id, title: probe.title, expectation: entry?.expectation ?? .info, expected: entry?.expected ?? probe.expectation.expected,
            observed: observed, verdict: .fail, severity: .high, diagnosis: diagnosis.text, layer: causes.first?.layer.findingLayer,
            remedy: Remedy.combined(causes.leading.map(\.remedy)), checklistItems: probe.checklistItems, attempt: stalled.attempt,
            pageStatus: nil, causes: causes)
    }
}
