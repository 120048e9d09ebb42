extension Diff {
    /// A probe of steps that each post a boolean: unknown when no step posted, works when every
    /// step is true, otherwise what `failed` makes of the observation.
    func everyStep(_ steps: Bool?..., observed: @autoclosure () -> String, failed: (String) -> Assessment) -> Assessment {
        judgeSteps(steps, passes: { $0 == true }, observed: observed, failed: failed)
    }

    /// The same, where a step that posted nothing does not count against the probe: it works
    /// unless a step is false.
    func noStepFailed(_ steps: Bool?..., observed: @autoclosure () -> String, failed: (String) -> Assessment) -> Assessment {
        judgeSteps(steps, passes: { $0 != false }, observed: observed, failed: failed)
    }

    private func judgeSteps(_ steps: [Bool?], passes: (Bool?) -> Bool, observed: () -> String, failed: (String) -> Assessment) -> Assessment {
        guard steps.contains(where: { $0 != nil }) else { return Assessment(.unknown, "") }
        let observed = observed()
        if steps.allSatisfy(passes) { return Assessment(.works, observed) }
        return failed(observed)
    }

    /// Ranks a symptom's known causes against the evidence and words the diagnosis from
    /// them after the declared lead (`Diagnosis.ranking`). The layer is the top cause's; the
    /// remedy adds the fix of every other cause left at the top, so it covers each of them.
    func diagnosed(
        _ symptom: Symptom, _ result: ProbeResult?, _ context: EvaluationContext,
        state: Assessment.State, observed: String, lead: Diagnosis, remedy: Remedy?
    ) -> Assessment {
        let evidence = CauseEvidence(result: result, context: context)
        let causes = symptom.rank(evidence)
        // What the run rules out is said, so a reader who expected it sees why it is not named.
        let diagnosis = Diagnosis.ranking(lead, causes: causes, ruledOut: symptom.ruledOut(evidence))
        guard let top = causes.first else {
            return Assessment(state, observed, diagnosis: diagnosis, layer: nil, remedy: remedy)
        }
        let fixes = [remedy ?? top.remedy] + causes.leading.map(\.remedy)
        return Assessment(state, observed, diagnosis: diagnosis, layer: top.layer.findingLayer, remedy: Remedy.combined(fixes), causes: causes)
    }
}

extension Remedy {
    /// One remedy that carries every fix, per wrapper, without repeating one; fixes that
    /// declare the same callback are one merged fix (`Remedy.merges`), so the code compiles.
    /// One fix per wrapper and family (`Key`), in `Wrapper` order.
    static func combined(_ remedies: [Remedy?]) -> Remedy? {
        let present = remedies.compactMap { $0 }
        guard !present.isEmpty else { return nil }
        var keys: [Key] = []
        for fix in present.flatMap(\.fixes) where !keys.contains(Key(wrapper: fix.wrapper, family: fix.family)) {
            keys.append(Key(wrapper: fix.wrapper, family: fix.family))
        }
        let ordered = keys.enumerated().sorted { a, b in
            a.element.wrapper != b.element.wrapper ? a.element.wrapper < b.element.wrapper : a.offset < b.offset
        }.map(\.element)
        return Remedy(fixes: ordered.compactMap { key in
            let parts = present.flatMap(\.fixes).filter { $0.wrapper == key.wrapper && $0.family == key.family }
            guard let first = parts.first, let joined = joined(parts.map(\.code), wrapper: key.wrapper) else { return nil }
            // The first fix's page: the first block is the likeliest cause's; a merged fix
            // names the page of the callback it implements.
            let docs = joined.mergedDocs ?? parts.map(\.docs).first { !$0.isEmpty } ?? ""
            return WrapperFix(wrapper: key.wrapper, setting: first.setting, family: key.family, language: first.language,
                              code: joined.code, docs: docs)
        })
    }
}
