// The probes of the run itself: the host report, the questions about the app, and a step that went
// silent: their names, their declarations, the diagnoses they can state, how their results are
// judged and the causes of a stalled step, side by side; docs/adding-a-probe.md walks adding a
// probe to an area.

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
        let causes = rows.naming(ranked) + rows.causes
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

/// A run that stopped inside a step: the absence of a result is the evidence.
extension Symptom {
    // https://developer.apple.com/documentation/bundleresources/information-property-list/nscamerausagedescription
    static let usageDescriptionRemedy = Remedy(
        iosSwift: """
            <!-- Info.plist; NSMicrophoneUsageDescription if video with sound
                 can be captured -->
            <key>NSCameraUsageDescription</key>
            <string>The camera takes the photo of your ID.</string>
            <key>NSMicrophoneUsageDescription</key>
            <string>The microphone records the sound of your video.</string>
            """,
        reactNative: """
            <!-- ios/YourApp/Info.plist (Expo: ios.infoPlist in app.json) -->
            <key>NSCameraUsageDescription</key>
            <string>The camera takes the photo of your ID.</string>
            """,
        docs: Remedy.Docs(ios: PlatformSource.cameraUsageDescription, reactNative: PlatformSource.cameraUsageDescription))

    /// The recovery when the web content process ends (the settings rows name it too).
    static let webContentProcessTerminated = Remedy(iosSwift: """
            // WKNavigationDelegate: reload the WebView
            func webViewWebContentProcessDidTerminate(_ webView: WKWebView) {
                webView.reload()
            }
            """, docs: Remedy.Docs(ios: PlatformSource.wkContentProcessTerminated))

    /// A navigation delegate that does not assume a target frame: a new-window request has
    /// none (WKNavigationAction.targetFrame is nil), and dereferencing it ends the app.
    static let newWindowTargetFrame = Remedy(iosSwift: """
            // WKNavigationDelegate: a new-window request has no target frame
            func webView(
                _ webView: WKWebView,
                decidePolicyFor navigationAction: WKNavigationAction,
                decisionHandler: @escaping (WKNavigationActionPolicy) -> Void
            ) {
                guard navigationAction.targetFrame != nil else {
                    // target=_blank or window.open: load it here (or open
                    // it per the app's policy) instead of assuming a frame
                    webView.load(navigationAction.request)
                    return decisionHandler(.cancel)
                }
                decisionHandler(.allow)
            }
            """, docs: Remedy.Docs(ios: PlatformSource.wkTargetFrame))

    /// The recovery when the renderer ends: without it Android ends the app with it.
    static let renderProcessGone = Remedy(androidKotlin: """
            // WebViewClient: destroy and recreate the WebView, return true
            override fun onRenderProcessGone(
                view: WebView, detail: RenderProcessGoneDetail
            ): Boolean {
                (view.parent as? ViewGroup)?.removeView(view)
                view.destroy()
                recreateWebView()
                return true
            }
            """, docs: Remedy.Docs(android: PlatformSource.androidRenderProcessGone))

    /// A WebView process that ended during the step and took the page with it (iOS's web
    /// content, Android's renderer), on one family's app WebViews: the app's to recover, and
    /// only the step the run stopped in speaks for it.
    static func processEnded(_ id: String, on family: Platform.Family, scope: String, summary: String, check: String, remedy: Remedy, source: String) -> KnownCause {
        KnownCause(
            id, .app, scope: scope, summary: summary, check: check, remedy: remedy, source: source,
            applies: { $0.family == family && $0.platform.isAppWebView },
            weigh: .possible("the page stopped posting inside a step that posts a start marker (the camera, a chooser, the app sent away, the first frame)"))
    }

    /// About every step that posts a start marker (`Probe.marksStart`): only there is a run seen to stop.
    static let stalled = Symptom(id: "run.stalled", probes: StandardProbes.all.filter(\.marksStart).map(\.id), observation: "the step began (its start marker arrived) and nothing came after it", causes: [
        // Seen on a device: an iOS 16.2 app without the key ended with SIGABRT the moment the
        // page asked for the camera, before any callback ran
        // (https://github.com/pichillilorenzo/flutter_inappwebview/issues/1510).
        KnownCause("ios.camera.no-usage-description", .osPermission, scope: "iOS, every wrapper",
            summary: "iOS ended the app: it asked for the camera without NSCameraUsageDescription in Info.plist",
            check: "Info.plist has NSCameraUsageDescription; the device's crash log (Settings › Privacy › Analytics) names the missing key",
            remedy: usageDescriptionRemedy, source: PlatformSource.cameraUsageDescription,
            ruledOutBy: cameraOpened,
            applies: { $0.family == .ios && $0.platform.isAppWebView && $0.result.map { [.cameraGetUserMedia, .fileCapture].contains($0.probe) } == true },
            weigh: { e in
                let supporting = ["the results stopped at \(e.result?.probe.rawValue ?? "the step") on iOS, where a missing usage description ends the app at once"]
                return .init(likelihood: e.result?.probe == .cameraGetUserMedia ? .likely : .possible, supporting: supporting)
            }),
        KnownCause("ios.microphone.no-usage-description", .osPermission, scope: "iOS, file capture switched to video",
            summary: "iOS ended the app when the camera picker switched to video without NSMicrophoneUsageDescription",
            check: "Info.plist has NSMicrophoneUsageDescription",
            remedy: usageDescriptionRemedy, source: PlatformSource.killedOnVideoCapture,
            applies: { $0.family == .ios && $0.platform.isAppWebView && ($0.result?.probe.rawValue ?? "").hasPrefix("file.") },
            weigh: .possible("the results stopped in a file step on iOS")),
        processEnded("ios.web-content-terminated", on: .ios, scope: "iOS WKWebView",
            summary: "the WebView's web content process ended during the step (memory, a crash in capture) and the app did not reload the page",
            check: "implement WKNavigationDelegate.webViewWebContentProcessDidTerminate(_:) and log it; reload the page there",
            remedy: webContentProcessTerminated,
            source: PlatformSource.wkContentProcessTerminated),
        processEnded("android.renderer-gone", on: .android, scope: "Android WebView",
            summary: "the WebView's renderer process crashed or was killed, and without onRenderProcessGone the app went with it",
            check: "logcat for \"Render process\" / onRenderProcessGone; implement it to recover",
            remedy: renderProcessGone,
            source: PlatformSource.androidRenderProcessGone),
        KnownCause("android.activity-recreated", .app, scope: "Android, file chooser and capture",
            summary: "Android ended the app's activity while the camera or picker app was in front, and the WebView did not come back to the page",
            check: "Developer options › Don't keep activities reproduces it; the app must restore the WebView state and the chooser callback",
            remedy: Remedy(androidKotlin: """
                // Save the WebView's state and restore it when Android recreates
                // the activity (a chooser answered after it is a new call)
                override fun onSaveInstanceState(outState: Bundle) {
                    super.onSaveInstanceState(outState)
                    webView.saveState(outState)
                }

                override fun onCreate(savedInstanceState: Bundle?) {
                    super.onCreate(savedInstanceState)
                    // after creating webView:
                    if (savedInstanceState != null) {
                        webView.restoreState(savedInstanceState)
                    }
                }
                """, docs: Remedy.Docs(android: "https://developer.android.com/reference/android/webkit/WebView#saveState(android.os.Bundle)")),
            source: PlatformSource.androidProcessLifecycle,
            applies: { $0.family == .android && ($0.result?.probe.rawValue ?? "").hasPrefix("file.") },
            weigh: .possible("the results stopped in a chooser step")),
        // Seen in .NET MAUI's BlazorWebView until a merged fix (https://github.com/dotnet/maui/pull/4268).
        KnownCause("ios.new-window-nil-target-frame", .app, scope: "iOS WKWebView, a new-window request",
            summary: "the app's navigation or UI delegate assumes a target frame, and a new-window request has none (WKNavigationAction.targetFrame is nil for one): dereferencing it ended the app",
            check: "the device's crash log: a nil dereference (Swift: unexpectedly found nil; .NET: NullReferenceException) in decidePolicyFor or createWebViewWith; handle a nil targetFrame there",
            remedy: newWindowTargetFrame, source: PlatformSource.wkTargetFrame,
            applies: { $0.family == .ios && $0.platform.isAppWebView && $0.result?.probe == .navWindowOpen },
            weigh: .possible("the results stopped in window.open, a new-window request, on iOS")),
        KnownCause("app.navigated-away", .app, scope: "every app WebView",
            summary: "the app navigated the WebView away from the page or closed it",
            check: "the app's navigation callback (decidePolicyFor / shouldOverrideUrlLoading / onShouldStartLoadWithRequest) and whatever closes the WebView",
            remedy: nil, source: PlatformSource.wkNavigationDelegate, context: .app,
            applies: { $0.platform.isAppWebView },
            weigh: .possible("nothing arrived since the step began")),
        KnownCause("person.left", .app, scope: "every engine",
            summary: "the person left the app or has not finished the step, e.g. is still in the chooser (not a fault of the app)",
            check: "ask the person; reopen the run's link to resume it",
            remedy: nil, source: PlatformSource.androidProcessLifecycle, context: .person,
            weigh: { e in .init(likelihood: .possible, supporting: ["a person can stop at any step"], against: e.result?.probe == .cameraGetUserMedia ? ["the marker is posted after the tap, just before the camera call"] : []) }),
    ])
}
