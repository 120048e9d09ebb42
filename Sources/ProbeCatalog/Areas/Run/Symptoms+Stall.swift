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
            weigh: .possible("the page stopped posting during a step that starts the camera or a chooser"))
    }

    static let stalled = Symptom(id: "run.stalled", probes: [.cameraGetUserMedia, .fileAccept, .fileCapture, .fileCancel, .fileHeic, .lifecycleBackground, .navWindowOpen], observation: "the step began (its start marker arrived) and nothing came after it", causes: [
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
