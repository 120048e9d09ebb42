// The probes of the run itself: the host report, the questions about the app, and a step that went
// silent: their names, their declarations, the diagnoses they can state, how their results are
// judged and the fixes their findings carry, side by side. Their ranked causes are in
// `Symptoms+*.swift` beside this file; docs/adding-a-probe.md walks adding a probe here.

/// The names of this area's probes, in page order: each is the `id` of one declaration below.
extension ProbeID {
    public static let hostReport = ProbeID(rawValue: "host.report")
    public static let operatorChecklist = ProbeID(rawValue: "operator.checklist")
}

extension StandardProbes {
    // MARK: the host report

    /// The page asks the app what it configured (docs/host-report.md): the last step of the
    /// environment phase, judged against every other probe by `Diff+HostReport.swift`.
    static let hostReport: [Probe] = [
        Probe(
            id: .hostReport, title: "Host report",  // HostReport.probe
            instructions: "Nothing to do: the page asks the app what it configured; an app without the companion snippet does not answer.",
            kind: .auto, phase: .environment,
            checks: "Asks the host through its bridge for a \(HostReport.schema) document (docs/host-report.md); no answer within the page's wait is \"no host report\", never a failure.",
            observed: [
                F("bridge", .string, "The bridge the page asked through, or none.", values: HostReport.bridgeValues),
                F("answered", .boolean, "True when the host answered within the wait."),
                F("waitedMs", .number, "How long the page waited for the answer."),
                F("report", .object, "The host's document, validated by the catalog (docs/host-report.md)."),
                F("problem", .string, "Why an answer that came could not be used (not JSON, another schema)."),
            ],
            healthy: .init(["bridge": "none", "answered": false, "waitedMs": 0]),
            expectation: .init(.info, expected: "reported for information")).evaluated(
                by: Diff.evaluateHostReport,
                concluding: [
                "host says a setting is on that the page finds off → the report reads another WebView or configuration (a contradiction, warning)",
                "OS camera authorization denied → the OS layer, settling a fast NotAllowedError",
                ]),
    ]

    // MARK: confirmation

    /// Not page probes: the operator questions for checklist items that the page cannot
    /// observe, never silently dropped (docs/requirements.md#product-rules).
    static let confirmation: [Probe] = [
        Probe(
            id: .operatorChecklist, title: "Questions about the app",
            instructions: "Answer a few questions about what the app did before the page opened.",
            kind: .operator, phase: .confirmation,
            checks: "The person answers the checklist questions the page cannot observe (see the checklist map).",
            observed: [
                F("answers", .object, "Question id → \"yes\", \"no\" or \"unknown\" (the question ids are in the checklist's `question.key`)."),
            ],
            healthy: .init(["answers": .object(Checklist.operatorAnswers("yes"))]),
            expectation: .init(.info, expected: "answered")).evaluated(by: Diff.evaluateOperatorChecklist),
    ]

    /// The failing observations this area's evaluators rank causes for (`Catalog.symptoms`).
    static let runSymptoms: [Symptom] = [.stalled]
}

/// The diagnoses of the run itself rather than of one platform setting: the page's own
/// status, a step the run stopped in, and the host report (`Diff.swift`, `stalledFinding` below,
/// `Diff+HostReport.swift`).
extension Diagnosis {
    static let pageReportedFailure = KnownDiagnosis("page.reported-failure", probes: [], .observation) {
        "The page reported a failure without the fields the catalog reads; the usual cause is below."
    }
    static let probeErrored = KnownDiagnosis("page.probe-errored", probes: [], .instruction) {
        "The probe threw before it could observe anything; re-run it. If it repeats, report the reason."
    }

    /// The lead of a stalled step's diagnosis; its causes are `Symptom.stalled`'s.
    static let runStopped = KnownDiagnosis("run.stalled", probes: [], .observation) { (step: String) in "The run stopped in \(step)" }

    // What the page saw against what the host said; the causes are each contradiction's
    // (`HostContradiction.cause`: the setting read from another WebView than the page's, or
    // before it was applied, with the API that holds it).
    static let hostReportContradicts = KnownDiagnosis("host.report.contradicts-page", probes: [HostReport.probe], .observation) { (contradictions: [String]) in
        "The host report contradicts what the page saw: " + contradictions.joined(separator: "; ")
    }

    /// A report the run contradicts settles nothing; `Diff.separatingCheck` tells a forged
    /// report from a misdetected run.
    static let hostReportSetAside = KnownDiagnosis("host.report.contradicts-run", probes: [HostReport.probe], .observation) { (conflicts: [String]) in
        "The host report contradicts what the page itself saw: " + conflicts.joined(separator: "; ")
            + ". It settles no checklist item and no cause. " + Diff.separatingCheck
    }
    /// Every diagnosis declared in this file, for the docs and the tests (a test holds the list to the declarations).
    static let runDeclared: [any DeclaredDiagnosis] = [
        pageReportedFailure, probeErrored, runStopped, hostReportContradicts, hostReportSetAside,
    ]
}

extension Diff {
    /// The finding of the step a run stopped in: no result of its own, so the absence and the
    /// step are the evidence, and the known causes of a stop there are its causes.
    func stalledFinding(_ probe: Probe, _ stalled: StalledStep, context: EvaluationContext) -> Finding {
        let entry = profile.entry(for: probe.id)
        let marker = ProbeResult(run: "", probe: probe.id, attempt: stalled.attempt, status: .info)
        let ranked = Symptom.stalled.rank(CauseEvidence(result: marker, context: context))
        // The settings rows that say what stops a run in this step (`@stalled`: a process
        // whose end the app does not handle) add their causes and their fixes.
        let judge = SettingRowJudge(probe: probe, result: marker, context: context, stalled: true)
        let rows = judge.judge(named: ranked)
        let causes = ranked + rows.causes
        let observed = "the step began and no result came for \(Int(stalled.silentSeconds)) s: the run stopped here"
        let diagnosis = Diagnosis.listing(Diagnosis.runStopped(probe.title), causes: causes)
        var remedy = Remedy.combined(causes.leading.map(\.remedy))
        if !rows.fixes.isEmpty { remedy = (remedy ?? Remedy()).leading(with: rows.fixes, detected: judge.layers.first, family: context.family) }
        var finding = Finding(
            probe: probe.id, title: probe.title, expectation: entry?.expectation ?? .info, expected: entry?.expected ?? probe.expectation.expected,
            observed: observed, verdict: .fail, severity: .high, diagnosis: diagnosis.text, layer: causes.first?.layer.findingLayer,
            remedy: remedy, checklistItems: probe.checklistItems, attempt: stalled.attempt,
            pageStatus: nil, causes: causes)
        finding.lead = diagnosis.lead
        return finding
    }

    func evaluateOperatorChecklist(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let answers = result.observed["answers"]?.objectValue ?? [:]
        return Assessment(.noted, "\(answers.count) question(s) answered")
    }
}
