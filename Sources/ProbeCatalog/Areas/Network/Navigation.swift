// The probes of navigation and the app's lifecycle: popups, custom schemes, the way back, load
// errors, the background and offline: their names, their declarations, the diagnoses they can
// state, how their results are judged, the causes they rank and the fixes their findings carry,
// side by side (the page's requests are Requests.swift's); docs/adding-a-probe.md walks adding
// a probe to an area.

/// The names of this area's probes, in page order: each is the `id` of one declaration below.
extension ProbeID {
    public static let navWindowOpen = ProbeID(rawValue: "nav.windowOpen")
    public static let navCustomScheme = ProbeID(rawValue: "nav.customScheme")
    public static let navReturnUrl = ProbeID(rawValue: "nav.returnUrl")
    public static let navLoadError = ProbeID(rawValue: "nav.loadError")
    public static let lifecycleBackground = ProbeID(rawValue: "lifecycle.background")
    public static let netOffline = ProbeID(rawValue: "net.offline")
}

extension StandardProbes {
    // MARK: navigation

    static let navigation: [Probe] = [
        Probe(
            id: .navWindowOpen, title: "window.open",
            instructions: "Tap \"Open window\", then come back.",
            kind: .tap, phase: .navigation,
            checks: "window.open from a tap and from a timer: where it opened.",
            observed: [
                F("tapResult", .string, "Where the tap's window.open went: a window that loaded the page is `new-window`; one that took the screen without loading it, `external`; one that did neither, `lost`.", values: ["same-view", "new-window", "external", "blocked", "lost"]),
                F("timerResult", .string, "Where the timer's window.open went.", values: ["same-view", "new-window", "external", "blocked", "lost"]),
            ],
            healthy: .init(["tapResult": "same-view", "timerResult": "blocked"]),
            thresholds: [
                Threshold("watchMs", ms: 1500, "A new window or an external app hides this page within a second of window.open."),
                Threshold("loadMs", ms: 5000, "A window that exists but neither loaded nor hid this page gets this much more before it counts as lost (a slow device still loads a small page in it)."),
            ],
            expectation: .init(.info, expected: "per app policy"),
            // A host whose delegate assumes a target frame ends the app on the new-window
            // request: the run stops in this step.
            remedy: .windowOpen, marksStart: true).tappedByFarms().evaluated(
                by: Diff.evaluateWindowOpen,
                concluding: [
                "a window created and never shown (lost) → the host allows new windows and shows none (warning)",
                "blocked from a tap on iOS → createWebViewWith not implemented (warning)",
                "new window under video-only → contract uses no popups (warning)",
                ])
            .verifies("ios.windowOpen", "rn.navigationHandlers"),
        Probe(
            id: .navCustomScheme, title: "Custom scheme link",
            instructions: "Tap the custom-scheme link. What happened?",
            kind: .tap, asksOperator: true, answeredByPerson: true, phase: .navigation,
            checks: "A link to a custom scheme: an external app opened, a graceful failure, or a WebView error page.",
            observed: [
                F("outcome", .string, "The person's answer.", values: ["external-app", "graceful", "webview-error", "nothing"]),
            ],
            healthy: .init(["outcome": "external-app"]),
            expectation: .init(
                .required, ExpectationRule.on(ExpectationRule.browsers, .info),
                expected: "no WebView error page"),
            remedy: .customSchemes).evaluated(
                by: Diff.evaluateCustomScheme,
                concluding: [
                "WebView error page → unknown schemes not forwarded",
                "nothing on iOS → dropped, or forwarded with no app for the test scheme (warning)",
                ])
            .verifies("common.url.customSchemes", "rn.navigationHandlers"),
        Probe(
            id: .navReturnUrl, title: "Return URL",
            instructions: "Tap \"Return to app\". Did it reach the app as your app intends?",
            kind: .tap, asksOperator: true, answeredByPerson: true, phase: .navigation,
            checks: "An https return URL or universal link reaches the app.",
            observed: [
                F("reachedApp", .boolean, "The person's answer: did the return URL reach the app as intended?"),
                F("outcome", .string, "Where it went.", values: ["app", "same-view", "browser", "error"]),
                F("returnUrl", .string, "The return URL the page offered (?returnUrl= or its own away page)."),
            ],
            healthy: .init(["reachedApp": true, "outcome": "app"]),
            expectation: .init(.info, expected: "per app policy"),
            remedy: .returnUrl).evaluated(
                by: Diff.evaluateReturnURL,
                concluding: [
                "did not reach the app → intercept it in the navigation callback",
                ]),
        Probe(
            id: .navLoadError, title: "Load errors",
            instructions: "Tap \"HTTP 500 page\" and then \"Unreachable address\". Did the app show a recoverable error each time?",
            kind: .operator, phase: .navigation,
            checks: "Links to an HTTP 500 page and an unreachable address: did the app show a recoverable error?",
            observed: [
                F("http500Recoverable", .boolean, "The person's answer for the HTTP 500 page."),
                F("unreachableRecoverable", .boolean, "The person's answer for the unreachable address."),
            ],
            healthy: .init(["http500Recoverable": true, "unreachableRecoverable": true]),
            expectation: .init(
                .required, ExpectationRule.on(ExpectationRule.browsers, .info),
                expected: "a recoverable error is shown"),
            remedy: .loadErrors).evaluated(
                by: Diff.evaluateLoadError,
                concluding: [
                "no recoverable error → load and HTTP errors not handled",
                ]),
    ]

    // MARK: lifecycle

    static let lifecycle: [Probe] = [
        Probe(
            id: .lifecycleBackground, title: "Background and return",
            instructions: "Switch to the home screen for a few seconds, then come back.",
            kind: .operator, phase: .lifecycle,
            checks: "Background and return: visibility events and the camera track state afterwards.",
            observed: [
                F("hiddenFired", .boolean, "True when visibilitychange to hidden fired."),
                F("visibleFired", .boolean, "True when visibilitychange to visible fired."),
                F("trackStateAfter", .string, "Camera track readyState after returning.", values: ["live", "ended", "muted", "none"]),
                F("resumed", .boolean, "True when the page kept running after returning (no reload)."),
            ],
            healthy: .init(["hiddenFired": true, "visibleFired": true, "trackStateAfter": "live", "resumed": true]),
            thresholds: [
                Threshold("grantWaitMs", ms: 10000, "The camera is already granted: the request answers within a few seconds."),
                Threshold("settleMs", ms: 1000, "After returning, the camera track has a second to end or resume before its state is read."),
            ],
            expectation: .init(.required, [.desktop: .info], expected: "the page resumes"),
            // The system may end the web content process while the app is away: a WebView
            // with no handler for it comes back blank, and the run stops in this step.
            remedy: .backgroundResume, marksStart: true).evaluated(
                by: Diff.evaluateBackground,
                concluding: [
                "page did not resume → WebView recreated or reloaded",
                ]),
        Probe(
            id: .netOffline, title: "Offline and back",
            instructions: "Turn on airplane mode, wait for the page to notice, then turn it off.",
            kind: .operator, phase: .lifecycle,
            checks: "offline and online events; results queued offline reach the server later.",
            observed: [
                F("offlineFired", .boolean, "True when the offline event fired."),
                F("onlineFired", .boolean, "True when the online event fired."),
                F("queued", .integer, "Results queued while offline."),
                F("delivered", .integer, "Queued results the server received afterwards."),
            ],
            healthy: .init(["offlineFired": true, "onlineFired": true, "queued": 2, "delivered": 2]),
            expectation: .init(.required, [.desktop: .info], expected: "nothing lost"),
            remedy: .offline).evaluated(
                by: Diff.evaluateOffline,
                concluding: [
                "queued results lost → storage cleared or page reloaded offline",
                "the interim result posted offline reached the server → nothing lost, whatever the page counted",
                "no offline event → warning",
                ]),
    ]

    /// The failing observations this file's evaluators rank causes for (`Catalog.symptoms`).
    static let navigationSymptoms: [Symptom] = [
        .returnURLLost, .customSchemeNothing, .notResumed, .cameraTrackEnded, .noOfflineEvent,
    ]
}

/// Navigation, windows and the app's lifecycle: the diagnoses the evaluators below state.
extension Diagnosis {
    static let newWindowOpened = KnownDiagnosis("contract.new-window-opened", probes: [.navWindowOpen], .contract) { (requirementSet: String) in
        "A new window opened; the \(requirementSet) contract uses no popups or new windows for capture (docs/requirements.md#video-only), and a camera request from one would be denied."
    }
    static let noPopupAsExpected = KnownDiagnosis("contract.no-popup", probes: [.navWindowOpen], .contract) {
        "No popup opened, as the contract expects."
    }
    // What the page saw; the causes are the settings rows' (native iOS's
    // javaScriptCanOpenWindowsAutomatically and createWebViewWith, a wrapper's own).
    static let windowOpenDropped = KnownDiagnosis("ios.window-open-dropped", probes: [.navWindowOpen], .observation) {
        "window.open from a tap did nothing: the request for a new window was dropped (handle it per app policy, docs/requirements.md#navigation-and-windows)"
    }

    // What the page saw; the causes are the settings rows' (native Android's onCreateWindow
    // and setSupportMultipleWindows, a wrapper's own).
    static let windowOpenLost = KnownDiagnosis("webview.window-open-lost", probes: [.navWindowOpen], .observation) { (which: String) in
        "window.open from \(which) created a window that never loaded and never showed, so the link does nothing for the person"
    }

    // What the page saw; the causes are the settings rows' (native Android's
    // shouldOverrideUrlLoading, native iOS's decidePolicyFor, a wrapper's own).
    static let customSchemeNotForwarded = KnownDiagnosis("webview.custom-scheme-not-forwarded", probes: [.navCustomScheme], .observation) {
        "The WebView tried to load the custom scheme itself and showed an error page: the link was not forwarded to the OS"
    }

    // What the page saw; the causes are `Symptom.customSchemeNothing`'s and the settings rows'
    // (native iOS's decidePolicyFor, a wrapper's own navigation callback).
    static let customSchemeNothingIOS = KnownDiagnosis("ios.custom-scheme-nothing", probes: [.navCustomScheme], .observation) {
        "Nothing happened for the custom-scheme link: in a WKWebView that is what a host that drops unknown schemes shows (WebKit logs \"unsupported URL\" and shows no error page), and also what a host that forwards them shows when no app on the device handles the test scheme"
    }

    // What the page saw; the cause is `Symptom.returnURLLost`'s, which the platform's rows link
    // (native Android's shouldOverrideUrlLoading, native iOS's decidePolicyFor, a wrapper's own).
    static let returnURLNotIntercepted = KnownDiagnosis("nav.return-url-lost", probes: [.navReturnUrl], .observation) {
        "The return URL did not reach the app"
    }

    // What the page saw; the causes are the settings rows' (native Android's onReceivedError,
    // native iOS's didFailProvisionalNavigation, a wrapper's own).
    static let loadErrorUnhandled = KnownDiagnosis("webview.load-error-unhandled", probes: [.navLoadError], .observation) { (httpErrors: Bool, loadFailures: Bool) in
        let unhandled = [httpErrors ? "HTTP errors" : nil, loadFailures ? "load failures" : nil].compactMap { $0 }
        return "The app leaves the user on a blank or raw error page: no retry screen for \(unhandled.joined(separator: " and "))"
    }

    /// What the page saw after the app came back; the causes are `Symptom.notResumed`'s and `Symptom.cameraTrackEnded`'s.
    static let notResumed = KnownDiagnosis("lifecycle.not-resumed", probes: [.lifecycleBackground], .observation) {
        "The page did not resume after the app came back"
    }
    static let cameraTrackEnded = KnownDiagnosis("lifecycle.camera-track-ended", probes: [.lifecycleBackground], .observation) {
        "The camera track ended while the app was in the background"
    }

    static let offlineQueueLost = KnownDiagnosis("webview.offline-queue-lost", probes: [.netOffline], .observation) { (lost: Int) in
        "\(lost) result(s) queued offline never reached the server: storage was cleared or the page reloaded while offline."
    }
    /// What the page saw; the cause is `Symptom.noOfflineEvent`'s.
    static let noOfflineEvent = KnownDiagnosis("net.no-offline-event", probes: [.netOffline], .observation) {
        "No offline event fired while the device was offline"
    }
    /// Every diagnosis declared in this file, for the docs and the tests (a test holds the list to the declarations).
    static let navigationDeclared: [any DeclaredDiagnosis] = [
        newWindowOpened, noPopupAsExpected, windowOpenDropped, windowOpenLost, customSchemeNotForwarded, customSchemeNothingIOS, returnURLNotIntercepted,
        loadErrorUnhandled, notResumed, cameraTrackEnded, offlineQueueLost, noOfflineEvent,
    ]
}

extension Diff {
    func evaluateWindowOpen(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let tap = result.string("tapResult")
        let timer = result.string("timerResult")
        guard tap != nil || timer != nil else { return Assessment(.unknown, "") }
        let observed = "window.open from a tap: \(tap ?? "?"); from a timer: \(timer ?? "?")"
        // A lost window is the host's failure under every contract: the person's tap did nothing.
        if tap == "lost" || timer == "lost" {
            let which = tap == "lost" ? "a tap" : "a timer"
            return Assessment(.warning, observed, diagnosis: Diagnosis.windowOpenLost(which), layer: .webView, remedy: .windowOpen)
        }
        if !context.requirementSet.allowsPopups {
            if tap == "new-window" || timer == "new-window" {
                return Assessment(.warning, observed, diagnosis: Diagnosis.newWindowOpened(context.requirementSet.id), layer: .webView, remedy: .windowOpen)
            }
            return Assessment(.broken, observed, diagnosis: Diagnosis.noPopupAsExpected())
        }
        if tap == "blocked", context.platform.platform == .iosWKWebView {
            return Assessment(.warning, observed, diagnosis: Diagnosis.windowOpenDropped(), layer: .webView, remedy: .windowOpen)
        }
        return Assessment(.noted, observed)
    }

    func evaluateCustomScheme(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        guard let outcome = result.string("outcome") else { return Assessment(.unknown, "") }
        let observed = "custom-scheme link: \(outcome)"
        if outcome == "webview-error" {
            return Assessment(.broken, observed, diagnosis: Diagnosis.customSchemeNotForwarded(), layer: .webView, remedy: .customSchemes)
        }
        // WKWebView shows no error page for a scheme it cannot load, so "nothing" does not tell
        // a host that drops the link from one that forwards it to an app the device lacks (an
        // Android WebView that does not intercept shows ERR_UNKNOWN_URL_SCHEME instead).
        if outcome == "nothing", context.platform.platform == .iosWKWebView {
            return diagnosed(.customSchemeNothing, result, context, state: .warning, observed: observed, lead: Diagnosis.customSchemeNothingIOS(), remedy: .customSchemes)
        }
        return Assessment(.works, observed)
    }

    func evaluateReturnURL(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        guard let reached = result.bool("reachedApp") else { return Assessment(.unknown, "") }
        let observed = "return URL reached the app as intended: \(describe(reached))" + (result.string("outcome").map { " (\($0))" } ?? "")
        if reached { return Assessment(.works, observed) }
        return diagnosed(.returnURLLost, result, context, state: .broken, observed: observed, lead: Diagnosis.returnURLNotIntercepted(), remedy: .returnUrl)
    }

    func evaluateLoadError(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let http = result.bool("http500Recoverable")
        let unreachable = result.bool("unreachableRecoverable")
        return noStepFailed(http, unreachable, observed: "recoverable error for HTTP 500: \(describe(http)); for an unreachable address: \(describe(unreachable))") { observed in
            Assessment(.broken, observed, diagnosis: Diagnosis.loadErrorUnhandled(http == false, unreachable == false), layer: .webView, remedy: .loadErrors)
        }
    }

    func evaluateBackground(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let resumed = result.bool("resumed")
        let visible = result.bool("visibleFired")
        guard resumed != nil || visible != nil else { return Assessment(.unknown, "") }
        let track = result.string("trackStateAfter")
        let observed = "hidden event \(describe(result.bool("hiddenFired"))), visible event \(describe(visible)), resumed \(describe(resumed)), camera track after: \(track ?? "?")"
        if resumed == false {
            return diagnosed(.notResumed, result, context, state: .broken, observed: observed, lead: Diagnosis.notResumed(), remedy: .backgroundResume)
        }
        if track == "ended" {
            return diagnosed(.cameraTrackEnded, result, context, state: .works, observed: observed, lead: Diagnosis.cameraTrackEnded(), remedy: nil)
        }
        return Assessment(.works, observed)
    }

    func evaluateOffline(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let queued = result.int("queued")
        let delivered = result.int("delivered")
        let offline = result.bool("offlineFired")
        guard queued != nil || offline != nil else { return Assessment(.unknown, "") }
        let observed = "offline event \(describe(offline)), online event \(describe(result.bool("onlineFired"))), queued \(queued ?? 0), delivered \(delivered ?? 0)"
        // The page posts an interim attempt while offline, queued until the device is back. The
        // server holding it means the queue was delivered, whatever the page counted (a post
        // made a moment before airplane mode can be counted queued and acknowledged before
        // the count began); a queued result of another step that was lost is that step's
        // missing result.
        let interimArrived = (context.received[result.probe] ?? []).contains {
            $0.attempt < result.attempt && $0.bool("offlineFired") == true && $0.int("queued") == nil
        }
        if interimArrived, let queued, let delivered, delivered < queued {
            return Assessment(.works, observed + "; the result queued offline reached the server")
        }
        if let queued, let delivered, delivered < queued {
            return Assessment(.broken, observed, diagnosis: Diagnosis.offlineQueueLost(queued - delivered), layer: .webView, remedy: .offline)
        }
        if offline == false {
            return diagnosed(.noOfflineEvent, result, context, state: .warning, observed: observed, lead: Diagnosis.noOfflineEvent(), remedy: nil)
        }
        return Assessment(.works, observed)
    }

}

/// Navigation and the app's lifecycle: failing observations and their known causes.
extension Symptom {
    /// nav.returnUrl: the return URL stayed inside the WebView. Universal links and app links
    /// do not open the app that is showing the page: its navigation callback must take the URL
    /// (native Android's shouldOverrideUrlLoading and native iOS's decidePolicyFor rows link it).
    static let returnURLLost = Symptom(id: "nav.return-url-lost", probes: [.navReturnUrl], observation: "the return URL did not reach the app", causes: [
        KnownCause("webview.return-url-not-intercepted", .webViewSetting, scope: "app WebViews (universal links and app links do not open the app from its own WebView)",
            summary: "the app's navigation callback (WebViewClient.shouldOverrideUrlLoading, WKNavigationDelegate decidePolicyFor) does not take the return URL: universal links and app links do not open the app from inside its own WebView",
            check: "the navigation callback must recognise the return URL, cancel the load and hand it to the app",
            remedy: .returnUrl, source: PlatformSource.androidOverrideUrl,
            applies: { $0.platform.isAppWebView },
            weigh: .likely("the return URL stayed in the WebView")),
    ])

    /// nav.customScheme: nothing happened in a WKWebView. A host that drops unknown schemes
    /// shows that (native iOS's decidePolicyFor row and a wrapper's navigation row link it), and
    /// so does one that forwards the link to UIApplication.open when no app handles the test
    /// scheme: the page's test scheme is one no app registers, which is the run's context.
    static let customSchemeNothing = Symptom(id: "nav.custom-scheme-nothing", probes: [.navCustomScheme], observation: "nothing happened for the custom-scheme link in a WKWebView", causes: [
        KnownCause("ios.custom-scheme-forwarded-no-app", .page, scope: "iOS app WebViews that forward unknown schemes",
            summary: "the host forwarded the link to UIApplication.open, and no app on the device handles the page's test scheme (probe-test-scheme:), so iOS opened nothing: the forwarding works",
            check: "tap a tel: or mailto: link in the same WebView: a host that forwards opens the call sheet or Mail; one that drops unknown schemes does nothing there either",
            remedy: nil, source: "https://developer.apple.com/documentation/uikit/uiapplication/open(_:options:completionhandler:)",
            applies: { $0.family == .ios && $0.platform.isAppWebView },
            weigh: .possible("no app handles the test scheme, so a forwarding host shows nothing too")),
    ])

    /// lifecycle.background: the page started over after the app came back.
    static let notResumed = Symptom(id: "lifecycle.not-resumed", probes: [.lifecycleBackground], observation: "the page did not resume after the app came back", causes: [
        KnownCause("app.webview-recreated", .app, scope: "app WebViews (Android ends background processes under memory pressure)",
            summary: "the WebView was recreated or reloaded: the OS ended the app's process in the background and recreated its activity, or the app reloads the page when it becomes active",
            check: "Android: the activity's onSaveInstanceState/onCreate with a saved state (or \"Don't keep activities\" in developer options reproduces it); iOS: a reload in applicationDidBecomeActive or sceneWillEnterForeground",
            remedy: .backgroundResume, source: PlatformSource.androidProcessLifecycle, context: .device,
            weigh: .likely("the page started over after the app came back")),
    ])

    /// lifecycle.background: the camera track ended in the background (the page resumed).
    /// The OS's own rule for every app, no setting of the WebView's: the device's context.
    static let cameraTrackEnded = Symptom(id: "lifecycle.camera-track-ended", probes: [.lifecycleBackground], observation: "the camera track ended while the app was in the background", causes: [
        KnownCause("ios.camera-interrupted-in-background", .device, scope: "iOS",
            summary: "iOS interrupts an app's camera when the app goes to the background, as it does for every app, which ends the page's track: the page must start it again on return",
            check: "none: the page calls getUserMedia again on visibilitychange",
            remedy: nil, source: PlatformSource.iosCameraInterruptedInBackground, context: .device,
            applies: { $0.family == .ios },
            weigh: .likely("the track's readyState was ended after the app came back")),
        KnownCause("android.camera-blocked-in-background", .device, scope: "Android 9+",
            summary: "Android gives no app in the background the camera, which ends the page's track: the page must start it again on return",
            check: "none: the page calls getUserMedia again on visibilitychange",
            remedy: nil, source: PlatformSource.androidCameraInBackground, context: .device,
            applies: { $0.family != .ios },
            weigh: .likely("the track's readyState was ended after the app came back")),
    ])

    /// net.offline: no offline event. The event is the web platform's (HTML), fired when the
    /// engine sees its network connection go; no WebView setting decides it.
    static let noOfflineEvent = Symptom(id: "net.no-offline-event", probes: [.netOffline], observation: "no offline event fired while the device was offline", causes: [
        KnownCause("webview.no-offline-event", .page, scope: "every engine",
            summary: "the window's offline event fires only when the engine sees its own network connection go, and this WebView did not report the device's connectivity change to the page",
            check: "navigator.onLine while offline; the page's queue still delivered its results, which is what matters",
            remedy: nil, source: PlatformSource.offlineEvent, context: .webPlatform,
            weigh: .likely("the device went offline and the page heard nothing")),
    ])
}

/// The fixes this file's findings carry, as code an integrator pastes (Tests/remedies/check.py
/// compiles each line; `RemedyCodeTests` checks their width and their API pages).
extension Remedy {
    static let wkProvisionalFailure = "https://developer.apple.com/documentation/webkit/wknavigationdelegate/webview(_:didfailprovisionalnavigation:witherror:)"

    static let uiDidBecomeActive = "https://developer.apple.com/documentation/uikit/uiapplication/didbecomeactivenotification"

    static let androidSupportMultipleWindows = "https://developer.android.com/reference/android/webkit/WebSettings#setSupportMultipleWindows(boolean)"

    static let androidWebViewOnResume = "https://developer.android.com/reference/android/webkit/WebView#onResume()"

    /// The React Native line of the fixes that decide where a navigation goes: a URL for which
    /// `condition` holds loads in the WebView, any other opens outside it.
    static func openingOutsideRN(unless condition: String) -> String {
        """
        <WebView
          onShouldStartLoadWithRequest={({ url }) => {
            if (\(condition)) return true;
            Linking.openURL(url);
            return false;
          }}
        />
        """
    }

    /// The pages of the APIs those fixes use: the navigation delegate, shouldOverrideUrlLoading
    /// and onShouldStartLoadWithRequest.
    static let navigationDocs = Docs(ios: PlatformSource.wkNavigationDelegate, android: PlatformSource.androidOverrideUrl,
                                     reactNative: rnReference + "#onshouldstartloadwithrequest")

    /// A fix in the callbacks that decide where a navigation goes (`customSchemes`,
    /// `returnUrl`): the native lines, and for React Native the handler that loads a URL in
    /// the WebView when `condition` holds and opens any other outside it.
    static func navigationFix(iosSwift: String, androidKotlin: String, loadingInTheWebViewIf condition: String) -> Remedy {
        Remedy(iosSwift: iosSwift, androidKotlin: androidKotlin, reactNative: openingOutsideRN(unless: condition), docs: navigationDocs)
    }

    // Forward custom schemes to external apps (docs/requirements.md#navigation-and-windows).
    public static let customSchemes = navigationFix(
        iosSwift: """
            // WKNavigationDelegate: web schemes load, any other opens its app
            func webView(
                _ webView: WKWebView,
                decidePolicyFor navigationAction: WKNavigationAction,
                decisionHandler: @escaping (WKNavigationActionPolicy) -> Void
            ) {
                guard let url = navigationAction.request.url else {
                    return decisionHandler(.cancel)
                }
                if ["http", "https", "about", "data"].contains(url.scheme ?? "") {
                    decisionHandler(.allow)
                } else {
                    UIApplication.shared.open(url)
                    decisionHandler(.cancel)
                }
            }
            """,
        androidKotlin: """
            // WebViewClient: web schemes load, any other opens its app
            override fun shouldOverrideUrlLoading(
                view: WebView, request: WebResourceRequest
            ): Boolean {
                val uri = request.url
                val web = listOf("http", "https", "about", "data")
                if (uri.scheme in web) return false
                try {
                    view.context.startActivity(Intent(Intent.ACTION_VIEW, uri))
                } catch (e: ActivityNotFoundException) {
                    // no app for this scheme: stay on the page
                }
                return true
            }
            """,
        loadingInTheWebViewIf: "/^(https?|about|data):/.test(url)")

    // Universal links open the app only from outside the WebView
    // (https://developer.apple.com/documentation/xcode/supporting-universal-links-in-your-app).
    public static let returnUrl = navigationFix(
        iosSwift: """
            // In decidePolicyFor: intercept the return URL and route it
            // (universal links open the app only from outside the WebView)
            if url.host == "id.example.com", url.path.hasPrefix("/return") {
                decisionHandler(.cancel)
                router.open(url)
                return
            }
            """,
        androidKotlin: """
            // In shouldOverrideUrlLoading: intercept the return URL and start
            // the app link intent
            val back = uri.path?.startsWith("/return") == true
            if (uri.host == "id.example.com" && back) {
                view.context.startActivity(Intent(Intent.ACTION_VIEW, uri))
                return true
            }
            """,
        loadingInTheWebViewIf: "!url.startsWith('https://id.example.com/return')")

    // https://developer.apple.com/documentation/webkit/wkuidelegate/webview(_:createwebviewwith:for:windowfeatures:)
    public static let windowOpen = Remedy(
        iosSwift: """
            // WKUIDelegate: load or open the request per app policy
            func webView(
                _ webView: WKWebView,
                createWebViewWith configuration: WKWebViewConfiguration,
                for navigationAction: WKNavigationAction,
                windowFeatures: WKWindowFeatures
            ) -> WKWebView? {
                if navigationAction.targetFrame == nil {
                    webView.load(navigationAction.request)
                }
                return nil
            }
            """,
        androidKotlin: """
            // Keeps window.open in the WebView; or handle onCreateWindow
            webView.settings.setSupportMultipleWindows(false)
            """,
        reactNative: """
            <WebView
              setSupportMultipleWindows={false}
              onOpenWindow={({ nativeEvent }) =>
                Linking.openURL(nativeEvent.targetUrl)}
            />
            """,
        docs: Docs(ios: PlatformSource.wkCreateWebView, android: androidSupportMultipleWindows, reactNative: rnReference + "#onopenwindow"))

    /// The callbacks that show a retry screen when the main frame fails to load, on iOS and
    /// on Android: `offline` is that alone, `loadErrors` adds the HTTP error statuses.
    static let failedLoadRetrySwift = """
        func webView(
            _ webView: WKWebView,
            didFailProvisionalNavigation navigation: WKNavigation!,
            withError error: Error
        ) {
            showRetryScreen()
        }
        """

    static let failedLoadRetryKotlin = """
        override fun onReceivedError(
            view: WebView, request: WebResourceRequest, error: WebResourceError
        ) {
            if (request.isForMainFrame) showRetryScreen()
        }
        """

    // https://developer.apple.com/documentation/webkit/wknavigationdelegate/webview(_:didfailprovisionalnavigation:witherror:)
    public static let loadErrors = Remedy(
        iosSwift: """
            // WKNavigationDelegate: show a retry screen on a failed load or an
            // HTTP error status
            \(failedLoadRetrySwift)
            func webView(
                _ webView: WKWebView,
                decidePolicyFor navigationResponse: WKNavigationResponse,
                decisionHandler: @escaping (WKNavigationResponsePolicy) -> Void
            ) {
                let http = navigationResponse.response as? HTTPURLResponse
                let failed = (http?.statusCode ?? 0) >= 400
                if navigationResponse.isForMainFrame, failed {
                    showRetryScreen()
                }
                decisionHandler(.allow)
            }
            """,
        androidKotlin: """
            // WebViewClient: show a retry screen for the main frame
            \(failedLoadRetryKotlin)
            override fun onReceivedHttpError(
                view: WebView,
                request: WebResourceRequest,
                response: WebResourceResponse
            ) {
                if (request.isForMainFrame) showRetryScreen()
            }
            """,
        reactNative: """
            <WebView
              onError={() => setFailed(true)}
              onHttpError={() => setFailed(true)}
              renderError={() => (
                <RetryScreen onRetry={() => webView.current?.reload()} />
              )}
            />
            """,
        docs: Docs(ios: wkProvisionalFailure, android: PlatformSource.androidReceivedError, reactNative: rnReference + "#onerror"))

    // https://developer.android.com/reference/android/webkit/WebView#onResume()
    public static let backgroundResume = Remedy(
        iosSwift: """
            // Re-check the camera permission when the app is back; the page
            // restarts its stream on visibilitychange
            NotificationCenter.default.addObserver(
                forName: UIApplication.didBecomeActiveNotification,
                object: nil, queue: .main
            ) { _ in
                _ = AVCaptureDevice.authorizationStatus(for: .video)
            }
            """,
        androidKotlin: """
            // Do not recreate the WebView on configuration changes
            override fun onResume() { super.onResume(); webView.onResume() }
            override fun onPause() { webView.onPause(); super.onPause() }
            """,
        reactNative: "// Keep the WebView mounted across AppState changes",
        docs: Docs(ios: uiDidBecomeActive, android: androidWebViewOnResume,
                   reactNative: "https://reactnative.dev/docs/appstate"))

    // https://developer.android.com/reference/android/webkit/WebViewClient#onReceivedError(android.webkit.WebView,%20android.webkit.WebResourceRequest,%20android.webkit.WebResourceError)
    public static let offline = Remedy(
        iosSwift: """
            // Show a retry screen when the main frame fails to load
            \(failedLoadRetrySwift)
            """,
        androidKotlin: """
            // Show a retry screen when the main frame fails to load
            \(failedLoadRetryKotlin)
            """,
        reactNative: "<WebView renderError={() => <RetryScreen onRetry={reload} />} />",
        docs: Docs(ios: wkProvisionalFailure, android: PlatformSource.androidReceivedError, reactNative: rnReference + "#rendererror"))


}
