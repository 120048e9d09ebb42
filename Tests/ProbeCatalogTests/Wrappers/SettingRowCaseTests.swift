import Testing
@testable import ProbeCatalog

/// Every settings row judges. For each row and each platform it is read on, the run the page
/// would post when that one setting is wrong (the row's `when` applied to a correctly
/// configured device, `HealthyRun`) is judged as the row's wrapper: every probe the row
/// decides fails or warns and names the row among its causes with the row's fix in the
/// wrapper's API, and no cause of the run is one another probe of it contradicts.
@Suite struct SettingRowCaseTests {
    struct RowCase: CustomStringConvertible, Sendable {
        let wrapper: Wrapper
        let row: WrapperSettingRow
        let family: Platform.Family

        var description: String { "\(wrapper.rawValue).json \(row.id) on \(family.rawValue)" }

        var platform: Platform {
            switch (wrapper, family) {
            case (.reactNativeWebView, .ios): return .rnWebViewIOS
            case (.reactNativeWebView, _): return .rnWebViewAndroid
            case (_, .ios): return .iosWKWebView
            default: return .androidWebView
            }
        }

        /// One run the page would post with the setting wrong, and the probes it judges.
        struct Scenario {
            let probes: [ProbeID]
            let posted: [ProbeResult]
            /// When the run is judged; set for a run that stopped inside a step.
            let clock: RunClock?
        }

        /// The healthy run with each probe of the row posting what it posts when the setting
        /// is wrong; for a probe whose predicate is `@stalled`, a run of its own that stops in
        /// that step (its start marker, nothing after), judged two minutes later.
        var scenarios: [Scenario] {
            let stalled = row.when.probes.filter { row.when.byProbe[$0]!.stalled }
            let posting = row.when.probes.filter { !row.when.byProbe[$0]!.stalled }
            var out: [Scenario] = []
            // What rules the row's cause out is not what the page posts when the setting is
            // wrong (a camera that opened shows the CAMERA permission held): a step the row does
            // not decide whose healthy result would rule it out, by the cause's contradictions or
            // the row's own `unless`, is posted as skipped.
            let contradicted: Set<ProbeID> = if case .known(let id) = row.cause, let known = SettingRowJudge.knownCauses[id] {
                Set(known.ruledOutBy.map(\.probe))
            } else { [] }
            if !posting.isEmpty {
                let posted = Run.healthy(platform).map { result in
                    if let predicate = row.when.byProbe[result.probe] { return predicate.example(from: result) }
                    let rulesOut = contradicted.contains(result.probe) && SettingRowJudge.knownCauses[causeID]?.ruledOutBy.contains { $0.probe == result.probe && $0.holds(in: [result.probe: result]) } == true
                    let unless = row.unless.firstHolding(in: [result.probe: result]) != nil
                    return rulesOut || unless ? Run.result(result.probe, [:], status: .skipped) : result
                }
                out.append(Scenario(probes: posting, posted: posted, clock: nil))
            }
            let order = Catalog.standard.probes.map(\.id)
            // A run that stops in a later step for the row's cause has not shown earlier what
            // rules that cause out (a camera that opened rules out a missing camera usage
            // description): such steps are posted as skipped, as an app that never reached them.
            for probe in stalled {
                let cut = order.firstIndex(of: probe)!
                let before = Run.healthy(platform).filter { (order.firstIndex(of: $0.probe) ?? .max) < cut }.map { result in
                    contradicted.contains(result.probe) ? Run.result(result.probe, [:], status: .skipped) : result
                }
                let marker = Run.result(StepMarker.probe, [StepMarker.stepField: .string(probe.rawValue), StepMarker.stepAttemptField: 1])
                out.append(Scenario(probes: [probe], posted: before + [marker], clock: Posted.stoppedClock))
            }
            return out
        }

        /// A row of the platform's own table for some releases (`versions`: of iOS, or of
        /// Android System WebView) is judged on a device inside them: its first release, or
        /// the one before the release it ends at.
        var deviceRelease: String? {
            guard wrapper.isNative, let range = row.versions else { return nil }
            if let from = range.from { return from.description }
            guard let before = range.before else { return nil }
            var components = before.components
            while components.count > 1, components.last == 0 { components.removeLast() }
            if components[components.count - 1] > 0 {
                components[components.count - 1] -= 1
            } else {
                components = [components[0] - 1]
            }
            return Version(components).description
        }

        func report(_ scenario: Scenario) -> DiffReport {
            var detected = Run.detected(platform, osVersion: family == .ios ? deviceRelease : nil,
                                        engineVersion: family == .android ? deviceRelease : nil)
            detected.wrapperDetection = WrapperDetection(wrapper: wrapper, confidence: .high, evidence: ["test"], inAppBrowser: row.plugin != nil)
            return Diff(platform: detected, requirementSet: "liveform")!.report(results: scenario.posted, clock: scenario.clock)
        }

        /// The id the row's cause carries in a finding.
        var causeID: String {
            if case .known(let id) = row.cause { return id }
            return "\(wrapper.rawValue).\(row.id)"
        }
    }

    static let cases: [RowCase] = Wrapper.allCases.flatMap { wrapper in
        WrapperCatalog.settings(wrapper).flatMap { row in
            wrapper.families.filter { row.family == nil || row.family == $0 }.map { RowCase(wrapper: wrapper, row: row, family: $0) }
        }
    }

    @Test func EveryWrapperHasRowsToJudgeWith() {
        for wrapper in Wrapper.allCases {
            #expect(Self.cases.contains { $0.wrapper == wrapper }, "\(wrapper.rawValue) has no settings row")
        }
    }

    /// Rows no evaluator can judge yet, each with what is missing. The list only shrinks:
    /// a row that starts to judge fails `PendingRows_StillDoNotJudge` until it is taken off.
    static let pending: [String: String] = [
        "capacitor.json contentInset on ios": "env.viewport does not judge iOS safe-area insets yet",
        "react-native-webview.json contentInsetAdjustmentBehavior on ios": "env.viewport does not judge iOS safe-area insets yet",
        "webview_flutter.json contentInsetAdjustmentBehavior on ios": "env.viewport does not judge iOS safe-area insets yet",
        "flutter_inappwebview.json contentInsetAdjustmentBehavior on ios": "env.viewport does not judge iOS safe-area insets yet",
    ]

    @Test(arguments: cases)
    func ARowsWrongSetting_IsNamedWithItsFix_OnEveryProbeItDecides(_ rowCase: RowCase) {
        guard Self.pending[rowCase.description] == nil else { return }
        let code = WrapperCatalog.profile(rowCase.wrapper).code(rowCase.row)
        for scenario in rowCase.scenarios {
            let report = rowCase.report(scenario)
            for probe in scenario.probes {
                guard let finding = report.finding(probe) else {
                    Issue.record("\(rowCase): no finding for \(probe)")
                    continue
                }
                // A row that states why the platform always blocks it (ITP's third-party cookies)
                // is the expectation itself: the finding passes as expected-blocked.
                if finding.expectation == .expectedBlocked, finding.verdict == .pass { continue }
                #expect(finding.verdict == .fail || finding.verdict == .warn || finding.verdict == .info,
                        "\(rowCase): \(probe) is \(finding.verdict.rawValue) (\(finding.observed)), so the row never judges it")
                #expect(finding.causes.contains { $0.id == rowCase.causeID },
                        "\(rowCase): \(probe) names \(finding.causes.map(\.id)), not \(rowCase.causeID)")
                if finding.verdict == .fail || finding.verdict == .warn, let code {
                    let fixes = finding.remedy?.fixes ?? []
                    #expect(fixes.contains { $0.wrapper == rowCase.wrapper && $0.code == code.code },
                            "\(rowCase): \(probe)'s fixes \(fixes.map(\.label)) lack the row's own")
                }
            }
        }
    }

    /// Rows whose wrong default does not lead its own case, each with why. The list only shrinks.
    static let defaultNotLeading: [String: String] = [
        "cordova.json webViewEngineBefore600 on ios": "a missing navigator.mediaDevices on iOS is WebKit hiding it for a missing usage description first; UIWebView's own absence stays possible (webview.no-media-streams), and env.platform's webkit.messageHandlers rules it out (the row's unless)",
    ]

    /// A framework's own wrong default (`defaultFails`, inside its `versions`) fails every app
    /// that leaves the setting alone, so in the run where that one setting is wrong it is
    /// among the causes the evidence leaves at the top, for every row, not only the ones a
    /// thread was about.
    @Test(arguments: cases.filter { $0.row.defaultFails })
    func AWrappersWrongDefault_LeadsTheRunWhereItIsWrong(_ rowCase: RowCase) {
        guard Self.pending[rowCase.description] == nil else { return }
        var leads = true
        for scenario in rowCase.scenarios {
            let report = rowCase.report(scenario)
            for probe in scenario.probes {
                guard let finding = report.finding(probe), finding.verdict != .pass else { continue }
                if !finding.causes.leading.contains(where: { $0.id == rowCase.causeID }) {
                    leads = false
                    if Self.defaultNotLeading[rowCase.description] == nil {
                        Issue.record("\(rowCase): \(probe) leads with \(finding.causes.leading.map(\.id)); the row is \(finding.causes.first { $0.id == rowCase.causeID }.map { "\($0.likelihood)" } ?? "not named")")
                    }
                }
            }
        }
        if Self.defaultNotLeading[rowCase.description] != nil {
            #expect(!leads, "\(rowCase) leads now: take it off `defaultNotLeading`")
        }
    }

    /// A platform cause that a framework's row sets (its `known` cause) names that framework's
    /// API in its check, whether the row or the probe's evaluator named it: an integrator reads
    /// the setting in the API the app is written in.
    @Test(arguments: cases.filter { rowCase in
        if case .known = rowCase.row.cause { return !rowCase.wrapper.isNative }
        return false
    })
    func AFrameworksPlatformCause_NamesTheFrameworksAPI(_ rowCase: RowCase) {
        guard Self.pending[rowCase.description] == nil else { return }
        // A row's own cause opens with its tier's question, which names a release or a plugin's.
        let names = WrapperCatalog.settings(rowCase.wrapper).flatMap { [$0.name] + ($0.plugin.map { [$0] } ?? []) }
            + (rowCase.row.versions != nil ? [rowCase.wrapper.title] : [])
        for scenario in rowCase.scenarios {
            let report = rowCase.report(scenario)
            for probe in scenario.probes {
                guard let cause = report.finding(probe)?.causes.first(where: { $0.id == rowCase.causeID }) else { continue }
                #expect(names.contains { cause.check.contains($0) }, "\(rowCase): \(probe)'s \(cause.id) checks \"\(cause.check)\", naming no setting of \(rowCase.wrapper.title)")
            }
        }
    }

    @Test func PendingRows_StillDoNotJudge() {
        for rowCase in Self.cases where Self.pending[rowCase.description] != nil {
            let judged = rowCase.scenarios.allSatisfy { scenario in
                let report = rowCase.report(scenario)
                return scenario.probes.allSatisfy { report.finding($0)?.causes.contains { $0.id == rowCase.causeID } == true }
            }
            #expect(!judged, "\(rowCase) judges now: take it off `pending`")
        }
        #expect(Set(Self.pending.keys).isSubset(of: Set(Self.cases.map(\.description))), "a pending row that no longer exists")
    }

    @Test(arguments: cases)
    func ARowsCase_NamesNoCauseAnotherProbeOfTheRunContradicts(_ rowCase: RowCase) {
        for scenario in rowCase.scenarios {
            let latest = Diff.latestAttempts(scenario.posted.filter { !StepMarker.isMarker($0) })
            for finding in rowCase.report(scenario).findings {
                for cause in finding.causes {
                    for pair in ContradictionTests.pairs where pair.names(cause) && pair.seen(latest) {
                        Issue.record("\(rowCase): \(finding.probe) names \(cause.id), but \(pair.observation)")
                    }
                    if let known = SettingRowJudge.knownCauses[cause.id], let by = known.contradiction(in: latest) {
                        Issue.record("\(rowCase): \(finding.probe) names \(cause.id), which \(by.probe) rules out: \(by.reason)")
                    }
                }
            }
        }
    }

    /// The fix a row's cause carries reaches the finding for the wrapper's own app, and a
    /// native app's remedy keeps the native lines of its own platform beside the rows' fixes:
    /// a fix for the other platform's WebView is not one the reader can paste.
    @Test func ARowFix_LeadsAfterTheDetectedWrappersOwn_AndOnlyThisPlatformsNativeLineStays() {
        let remedy = Remedy(iosSwift: "a()", androidKotlin: "b()")
        let row = WrapperFix(.capacitor, nil, language: "TypeScript", docs: "https://capacitorjs.com", code: "c()")
        #expect(remedy.leading(with: [row], detected: .capacitor, family: .ios).fixes.map(\.code) == ["c()", "a()"])
        #expect(remedy.leading(with: [row], detected: .capacitor, family: .android).fixes.map(\.code) == ["c()", "b()"])
        // A desktop engine stands in for either platform: every line stays.
        #expect(remedy.leading(with: [row], detected: .capacitor, family: .desktop).fixes.map(\.code) == ["c()", "a()", "b()"])
        #expect(remedy.leading(with: [], detected: .capacitor, family: .ios) == remedy)
    }

    /// An app WebView no wrapper's signals name (a plugin's own WebView on iOS) is judged by
    /// the platform's layer: its finding offers no Kotlin WebChromeClient fix.
    @Test func AnUnknownIOSWebViewsFinding_OffersNoAndroidFix() throws {
        var detected = Run.detected(.iosWKWebView, osVersion: "17.5")
        detected.wrapperDetection = nil
        let reacquire = Run.result("camera.reacquire", ["outcome": "granted", "promptShown": true, "elapsedMs": 3200])
        let results = Run.healthy(.iosWKWebView).filter { $0.probe != "camera.reacquire" } + [reacquire]
        let finding = try #require(Diff(platform: detected, requirementSet: "liveform")!.report(results: results).finding("camera.reacquire"))
        let families = (finding.remedy?.fixes ?? []).compactMap(\.family)
        #expect(!families.isEmpty && !families.contains(.android), "\(finding.remedy?.fixes.map(\.label) ?? [])")
    }
}
