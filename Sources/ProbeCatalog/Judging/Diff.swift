/// Compares a run's results with a profile (docs/requirements.md#product-rules) and names the fix.
///
/// The verdict comes from the observed fields read against the profile, not from the
/// page's own status alone: the page reports, the catalog judges.
public struct Diff: Sendable {
    /// A camera denial faster than this had no person in it: reading a permission prompt and
    /// tapping takes a person well over half a second. A first guess was ~100 ms; WebKitGTK measured
    /// 20–80 ms for a delegate deny (docs/engines.md), but the same deny took 202 ms on a loaded
    /// 2-core machine, and an old phone's WebView is slower still. A quarter second keeps the
    /// WebView's own denial on its side of the line without ever taking a person's for it.
    public static let fastDenialMs = 250.0
    /// A file chooser cancelled sooner than this after the tap was never on screen: the
    /// system picker takes a few hundred milliseconds to appear and a person longer still
    /// to dismiss it, while a WebView with no chooser cancels within one round trip
    /// (QtWebEngine's default: a few ms). The same quarter second as `fastDenialMs`.
    public static let fastCancelMs = 250.0
    /// env.viewport: the WebView fills the screen (≥ 90 % height; docs/requirements.md#layout).
    public static let fullScreenHeightRatio = 0.9
    /// Below this the WebView is in a card or modal. Between the two is a warning: the LiveForm guide
    /// pins the WebView to the safe area, which on a notched iPhone leaves about 89 %.
    public static let embeddedHeightRatio = 0.75
    /// At or above this an Android WebView spans the status and navigation bars: a window
    /// inside them leaves at least a status bar (24 dp) of a phone's ~800 dp.
    public static let underSystemBarsHeightRatio = 0.99
    /// A run silent this long after a step's start marker stopped inside that step. iOS ends
    /// an app that lacks a usage description in the instant it asks for the camera, so any
    /// silence says it; a person reads and answers a camera prompt in a few seconds. A person
    /// still choosing a file can take longer, which is why "still in the chooser" stays one
    /// of the causes. At most 60 s, so that `wait` and the reports say it within a minute.
    public static let stalledStepSeconds = 45.0

    public let catalog: Catalog
    public let platform: DetectedPlatform
    public let requirementSet: RequirementSet
    public let profile: Profile

    /// Nil when `requirementSet` is unknown to the catalog.
    public init?(catalog: Catalog = .standard, platform: DetectedPlatform, requirementSet: String = Catalog.defaultRequirementSet) {
        guard let set = catalog.requirementSet(id: requirementSet),
            let profile = catalog.profile(platform: platform.platform, requirementSet: requirementSet)
        else { return nil }
        self.catalog = catalog
        self.platform = platform
        self.requirementSet = set
        self.profile = profile
    }

    /// Detects the platform by the one rule (`PlatformDetector.detect(observation:…)`,
    /// `platformOverride` = `?platform=`), then diffs. Nil when the requirement set is unknown.
    /// `userAgent`: the User-Agent header the server saw, used when the page could not post
    /// `env.platform` (JavaScript off, or the page crashed before it). `requireTaps`: see `overall`.
    public static func report(
        results: [ProbeResult], requirementSet: String = Catalog.defaultRequirementSet,
        platformOverride: String? = nil, userAgent: String? = nil, requireTaps: Bool = false, catalog: Catalog = .standard
    ) -> DiffReport? {
        let detected = PlatformDetector.detect(observation: PlatformDetector.observation(in: results), userAgent: userAgent,
                                               override: platformOverride)
        return Diff(catalog: catalog, platform: detected, requirementSet: requirementSet)?.report(results: results, requireTaps: requireTaps)
    }

    /// The latest attempt of each probe.
    static func latestAttempts(_ results: [ProbeResult]) -> [ProbeID: ProbeResult] {
        var latest: [ProbeID: ProbeResult] = [:]
        for result in results where (latest[result.probe]?.attempt ?? 0) <= result.attempt {
            latest[result.probe] = result
        }
        return latest
    }

    /// `run` names the run when it has no result yet (a fresh run is `incomplete`, not anonymous).
    /// `clock`: when the run is judged and what the server knows of it; with it, a run whose
    /// results stopped inside a step gets that step's finding (`StalledStep`). Without it the
    /// diff judges the results alone. `requireTaps`: the tap steps nobody tapped hold the
    /// verdict back (`overall`); the run's own setting, or `--require-taps`.
    public func report(results: [ProbeResult], run: String? = nil, clock: RunClock? = nil, requireTaps: Bool = false) -> DiffReport {
        let markers = results.filter(StepMarker.isMarker)
        let results = results.filter { !StepMarker.isMarker($0) }
        let latest = Self.latestAttempts(results)
        let context = EvaluationContext(
            results: latest, platform: platform, profile: profile, requirementSet: requirementSet,
            received: Dictionary(grouping: results, by: \.probe).mapValues { $0.sorted { $0.attempt < $1.attempt } })
        let stalled = StalledStep.find(results: results + markers, clock: clock)
        let findings = catalog.withRanks(ConsequenceFolding.fold(
            catalog.probes.map { probe in
                if let stalled, stalled.step == probe.id { return stalledFinding(probe, stalled, context: context) }
                return finding(for: probe, result: latest[probe.id], context: context)
            }, catalog: catalog, results: latest))
        let coverage = ChecklistCoverage(catalog: catalog, platform: platform.platform, requirementSet: requirementSet.id, findings: findings, results: latest)
            .applyingHost(context.host, context)

        var counts = Dictionary(uniqueKeysWithValues: Finding.Verdict.allCases.map { ($0.rawValue, 0) })
        for finding in findings { counts[finding.verdict.rawValue, default: 0] += 1 }

        let unattended = UnattendedSkips(catalog: catalog, latest: latest)
        let (verdict, overallReasons) = Self.overall(findings: findings, coverage: coverage, unattended: unattended, requireTaps: requireTaps)
        var reasons = overallReasons
        if let stalled {
            let title = catalog.probe(id: stalled.step)?.title ?? stalled.step.rawValue
            reasons.insert(VerdictReason(.stopped, ids: [stalled.step.rawValue], text: "stopped at \(title): no result for \(Int(stalled.silentSeconds)) s since it began"), at: 0)
        }
        // In the run's one order (`Catalog.precedes`). A consequence's fix is its cause's.
        let top = catalog.ranked(findings)
            .filter { ($0.verdict == .fail || $0.verdict == .warn) && $0.remedy != nil && $0.diagnosis != nil && $0.consequenceOf == nil }
            .prefix(5)
            .map { DiffReport.TopRemedy(probe: $0.probe, severity: $0.severity, diagnosis: $0.diagnosis!, remedy: $0.remedy!) }
        let known = Set(catalog.probes.map(\.id))
        let unknown = Set(results.map(\.probe)).subtracting(known).sorted()

        return DiffReport(
            schema: Catalog.schemaVersion, run: run ?? results.first?.run, platform: platform,
            requirementSet: requirementSet.id, verdict: verdict, verdictReasons: reasons.map(\.text), reasons: reasons, counts: counts,
            findings: findings, coverage: coverage, topRemedies: Array(top), unknownProbes: unknown, requireTaps: requireTaps,
            platformSummary: Words.platform(platform))
    }

    /// The reason the page gives a step it skipped because the run is unattended (no person
    /// to answer, no farm script that tapped); a person who skips a step in an attended run
    /// gives `skipped-by-operator`.
    public static let unattendedSkipReason = "needs-operator"
    /// What the finding of such a step says it observed.
    public static let leftToPersonObserved = "not run (needs a person)"

    /// An unattended run's skip of a step nobody was there to do.
    static func isLeftToPerson(_ result: ProbeResult) -> Bool {
        result.status == .skipped && result.reason == unattendedSkipReason
    }

    /// The steps an unattended run skipped because nobody was there (`unattendedSkipReason`),
    /// in two kinds: `byPerson`, those only a person can complete (`Probe.needsPerson`: the
    /// answer is what they saw, or the step is outside the page), and `untapped`, those a
    /// farm script could have tapped (`Catalog.isFarmTappable`: pick a file, open a window).
    struct UnattendedSkips: Equatable {
        var byPerson: Set<ProbeID> = []
        var untapped: Set<ProbeID> = []

        init(byPerson: Set<ProbeID> = [], untapped: Set<ProbeID> = []) {
            self.byPerson = byPerson
            self.untapped = untapped
        }

        init(catalog: Catalog, latest: [ProbeID: ProbeResult]) {
            for probe in catalog.probes where latest[probe.id].map(Diff.isLeftToPerson) == true {
                if probe.needsPerson { byPerson.insert(probe.id) } else if Catalog.isFarmTappable(probe) { untapped.insert(probe.id) }
            }
        }
    }

    /// The verdict and its reasons: the one rule every reader of a run reads back.
    ///
    /// `unattended`: steps of an unattended run that nobody was there to do
    /// (docs/requirements.md#product-rules: skipped, never failed). They do not hold back `ready`,
    /// which then speaks for everything the run could observe; the reasons name them and the
    /// checklist items they leave open. `requireTaps` (a farm script that taps: the run's
    /// setting, or `wait --require-taps`) makes the untapped ones count as not run: the run is
    /// `incomplete` until every tap step a farm can do was done. A step only a person can
    /// complete never counts (no script answers "did the camera open directly?"). Any other
    /// skip or missing result is `incomplete`.
    static func overall(findings: [Finding], coverage: ChecklistCoverage, unattended: UnattendedSkips = UnattendedSkips(),
                        requireTaps: Bool = false) -> (DiffReport.Verdict, [VerdictReason]) {
        var reasons: [VerdictReason] = []
        // A consequence fails with its cause: the cause is the reason (`Consequence`).
        // Named in the run's one order: the step that stops the flow first.
        let failed = findings.filter { $0.verdict == .fail && $0.consequenceOf == nil }
            .sorted { ($0.rank ?? Int.max) < ($1.rank ?? Int.max) }
        let failedItems = coverage.items.filter { $0.status == .failed && $0.consequenceOf == nil }
        if !failed.isEmpty {
            reasons.append(.steps(.failed, failed) { "\($0) failed" })
        }
        let operatorNo = failedItems.filter { ($0.method == .confirmed || $0.method == .inferred) && $0.source == nil }
        if !operatorNo.isEmpty {
            reasons.append(.items(.answeredNo, operatorNo) { "\($0) answered no" })
        }
        let hostNo = failedItems.filter { $0.source == .hostReport }
        if !hostNo.isEmpty {
            reasons.append(.items(.hostReportFails, hostNo) { "\($0) the host report fails" })
        }
        if !reasons.isEmpty { return (.notReady, reasons) }

        let leftToPerson = requireTaps ? unattended.byPerson : unattended.byPerson.union(unattended.untapped)
        let open = findings.filter {
            ($0.verdict == .notRun || $0.verdict == .skipped) && $0.expectation != .info
        }
        let missing = open.filter { !leftToPerson.contains($0.probe) }
        // The checklist items no answer closed: left unverified by an incomplete run, still
        // open under a ready one.
        let openItems = coverage.items.filter { $0.status == .unverified || $0.status == .unconfirmed }
        if !missing.isEmpty {
            let untapped = missing.filter { unattended.untapped.contains($0.probe) }
            if !untapped.isEmpty {
                reasons.append(.steps(.notRun, untapped) { "\($0) not tapped (taps required)" })
            }
            let others = missing.filter { !unattended.untapped.contains($0.probe) }
            if !others.isEmpty {
                reasons.append(.steps(.notRun, others) { "\($0) not run or skipped" })
            }
            if !openItems.isEmpty {
                reasons.append(.items(.unverified, openItems) { "\($0) left unverified" })
            }
            return (.incomplete, reasons)
        }
        let warned = findings.filter { $0.verdict == .warn }
        if !warned.isEmpty { reasons.append(.steps(.warnings, warned) { "\($0) with a warning" }) }
        if !open.isEmpty {
            reasons.append(.steps(.leftToPerson, open) { "unattended, \($0) left to a person" })
        }
        // Ready speaks for the WebView mechanism; items still open are said, not hidden (docs/requirements.md#product-rules).
        if !openItems.isEmpty {
            reasons.append(.items(.stillOpen, openItems) { "\($0) still open" })
        }
        return (.ready, reasons)
    }

    func finding(for probe: Probe, result: ProbeResult?, context: EvaluationContext) -> Finding {
        let entry = profile.entry(for: probe.id)
        let expectation = entry?.expectation ?? .info
        let expected = entry?.expected ?? probe.expectation.expected

        var causes: [Cause] = []
        // The diagnosis without the causes it names (`Finding.lead`), set once it is judged.
        var lead: String?
        // What the evaluator stated: an observation with no cause of its own is worded from
        // the causes the settings rows name (`Diagnosis.ranking`), as a symptom's would be.
        var stated: Diagnosis?
        func make(
            _ verdict: Finding.Verdict, _ observed: String, severity: Finding.Severity = .none,
            diagnosis: String? = nil, layer: Finding.Layer? = nil, remedy: Remedy? = nil, expectedBlock: Bool = false
        ) -> Finding {
            let failing = verdict == .fail || verdict == .warn
            // Read against the wrapper's defaults (docs/wrappers.md): its fix first, its default named.
            let judged = failing ? WrapperJudgement(platform: platform, probe: probe.id) : nil
            var diagnosis = judged.map { $0.diagnosis(diagnosis) } ?? diagnosis
            var layer = layer
            var remedy = failing ? (judged.map { $0.remedy(remedy) } ?? remedy) : nil
            // An info probe that failed (the camera on a desktop browser) still says why, and so
            // does a block the profile expects (WebKit's ITP): its diagnosis names those causes.
            // A pass keeps the causes its evaluator named: what explains an outcome that is right
            // but surprises (a session cookie that ended with the app).
            var named = failing || verdict == .info || verdict == .pass || expectedBlock ? causes : []
            // The settings rows judge every failure too (`SettingRowJudge`): what they add
            // follows the evaluator's causes, and a failure no evaluator explained gets its
            // diagnosis and its fix from them.
            // An info finding is judged by them too: every row when the page reported the step
            // failed, else the rows that name the info status (an outcome of the app's policy
            // whose setting a row knows, named as a cause with its fix should it not be the policy).
            if let result, failing || verdict == .info {
                var judge = SettingRowJudge(probe: probe, result: result, context: context)
                judge.policyOnly = !failing && result.status != .fail && result.status != .error
                judge.besideAContract = stated?.basis == .contract
                let rows = judge.judge(named: named)
                if named.isEmpty, !rows.causes.isEmpty, let stated, stated.basis == .observation, stated.lead == nil {
                    let worded = Diagnosis.ranking(stated, causes: rows.causes, ruledOut: [])
                    diagnosis = judged.map { $0.diagnosis(worded.text) } ?? worded.text
                    lead = worded.lead
                }
                named = rows.naming(named) + rows.causes
                if let first = rows.causes.first, diagnosis?.isEmpty ?? true {
                    diagnosis = first.summary
                    layer = layer ?? first.layer.findingLayer
                }
                if failing, !rows.fixes.isEmpty { remedy = (remedy ?? Remedy()).leading(with: rows.fixes, detected: judge.layers.first, family: context.family) }
            }
            var finding = Finding(
                probe: probe.id, title: probe.title, expectation: expectation, expected: expected,
                observed: observed, verdict: verdict, severity: severity,
                diagnosis: diagnosis, layer: layer, remedy: remedy,
                checklistItems: probe.checklistItems, attempt: result?.attempt, pageStatus: result?.status,
                causes: named)
            // A wrapper's reading prepends its default to the diagnosis; the lead keeps it too.
            finding.lead = lead.map { lead in judged.map { $0.diagnosis(lead) ?? lead } ?? lead }
            return finding
        }

        guard let result else {
            if let after = probe.after, after.waits == .run,
                context.results[after.probe] == nil || context.results[after.probe]?.string("outcome") == "error" {
                let title = catalog.probe(id: after.probe)?.title ?? after.probe.rawValue
                return make(.notRun, "not run (it runs after \(title) grants the camera)")
            }
            return make(.notRun, "no result posted")
        }
        if Self.isLeftToPerson(result) {
            return make(.skipped, Self.leftToPersonObserved)
        }
        if result.status == .skipped {
            return make(.skipped, "skipped" + (Words.reason(result.reason).map { ": \($0)" } ?? ""))
        }

        var assessment = evaluate(probe, result, context)
        if assessment.state == .unknown {
            assessment = fallback(probe, result)
        }
        assessment.diagnosis = assessment.diagnosis?.namingTheOthers(assessment.causes)
        let remedy = assessment.remedy ?? probe.remedy
        causes = assessment.causes

        let diagnosis = assessment.diagnosis?.text
        lead = assessment.diagnosis?.lead
        stated = assessment.diagnosis
        switch (assessment.state, expectation) {
        case (.notDone, _):
            return make(.skipped, assessment.observed, diagnosis: diagnosis)
        case (.warning, _):
            return make(.warn, assessment.observed, severity: .medium, diagnosis: diagnosis, layer: assessment.layer, remedy: remedy)
        case (.works, .info), (.noted, _), (.denied, .info), (.granted, .info), (.broken, .info):
            return make(.info, assessment.observed, diagnosis: diagnosis, layer: assessment.layer)
        case (.works, _), (.denied, _):
            return make(.pass, assessment.observed, diagnosis: diagnosis, layer: assessment.layer)
        case (.broken, .expectedBlocked):
            return make(.pass, assessment.observed, diagnosis: diagnosis, layer: assessment.layer, expectedBlock: true)
        case (.broken, .required), (.broken, .security):
            return make(.fail, assessment.observed, severity: .high, diagnosis: diagnosis, layer: assessment.layer, remedy: remedy)
        case (.granted, .security):
            return make(.fail, assessment.observed, severity: .critical, diagnosis: diagnosis, layer: assessment.layer, remedy: remedy)
        case (.granted, _):
            return make(.pass, assessment.observed, diagnosis: diagnosis, layer: assessment.layer)
        case (.unknown, _):
            return make(.info, assessment.observed, diagnosis: diagnosis)
        }
    }

    /// When the observed fields say nothing the evaluator can read, the page's status decides.
    func fallback(_ probe: Probe, _ result: ProbeResult) -> Assessment {
        switch result.status {
        case .pass: return Assessment(.works, "the page reported pass")
        case .fail:
            return Assessment(
                .broken, "the page reported fail" + (result.reason.map { ": \($0)" } ?? ""),
                diagnosis: Diagnosis.pageReportedFailure())
        case .error:
            return Assessment(
                .warning, "the probe itself errored" + (result.reason.map { ": \($0)" } ?? ""),
                diagnosis: Diagnosis.probeErrored(),
                layer: .page)
        case .info: return Assessment(.noted, "reported for information")
        case .skipped: return Assessment(.notDone, "skipped")
        }
    }

    /// The probe's own evaluator, registered on its declaration (`Probe.evaluated(by:)`);
    /// without one the page's status decides (`fallback`).
    func evaluate(_ probe: Probe, _ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        guard let evaluator = probe.evaluator else { return Assessment(.unknown, "") }
        return evaluator.evaluate(self)(result, context)
    }
}
