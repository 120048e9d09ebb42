/// Requests, mixed content, navigation and the app's lifecycle: failing observations and their known causes.
extension Symptom {
    /// A same-origin request that failed or whose body changed on the way to the server. The
    /// host that answers its WebView's requests itself is a setting of the platform's (native
    /// Android's shouldInterceptRequest, native iOS's setURLSchemeHandler rows link these).
    static let requestIntercepted = Symptom(id: "network.request-intercepted", probes: [.fetchSameOrigin, .fetchIntegrity, .xhrSameOrigin, .fileAccept], observation: "a same-origin request failed, or its body reached the server changed", causes: [
        KnownCause("android.intercept-request-reissued", .network, scope: "Android WebView whose WebViewClient overrides shouldInterceptRequest",
            summary: "the app's WebViewClient.shouldInterceptRequest answers the page's requests itself: a WebResourceRequest carries no body, so a request it re-issues reaches the server without its POST body, and one it answers with an error or an empty response fails",
            check: "the app's shouldInterceptRequest must return null for every request it does not answer from local data; look for an OkHttp or HttpURLConnection call inside it",
            remedy: .bodyIntegrity, source: PlatformSource.androidInterceptRequest,
            applies: { $0.family == .android && $0.platform.isAppWebView },
            weigh: .likely("a request of the page failed or lost its body in an Android WebView")),
        KnownCause("ios.scheme-handler-reissued", .network, scope: "iOS WKWebView whose page is served through a WKURLSchemeHandler",
            summary: "the app serves the page through a WKURLSchemeHandler (or a URLProtocol proxy) that fetches its requests itself: a streamed POST body arrives empty and a request it does not answer fails",
            check: "the configuration's setURLSchemeHandler(_:forURLScheme:) and the page's scheme (http and https cannot be registered, so a custom scheme serves the page)",
            remedy: .bodyIntegrity, source: "https://developer.apple.com/documentation/webkit/wkurlschemehandler",
            applies: { $0.family == .ios && $0.platform.isAppWebView },
            weigh: .possible("a request of the page failed or lost its body in a WKWebView")),
    ])

    /// fetch.cors: the simple GET worked and the preflighted POST did not. The preflight is the
    /// web platform's (Fetch), which every engine sends; no WebView setting changes it.
    static let preflightFailed = Symptom(id: "network.preflight-failed", probes: [.fetchCors], observation: "a preflighted credentialed cross-origin POST failed while a simple GET worked", causes: [
        KnownCause("cors.preflight-lost", .network, scope: "every engine",
            summary: "a credentialed cross-origin POST with a custom header is sent only after an OPTIONS preflight, which did not come back allowed: something between the page and the server (the host's request interception, a proxy) answers or drops OPTIONS requests, or strips the credentials of cross-origin requests",
            check: "the server's log: did the OPTIONS request arrive, and did the POST after it carry the cookie? The server answers both itself",
            remedy: nil, source: PlatformSource.corsPreflight, context: .webPlatform,
            weigh: .likely("the simple GET worked, so the second origin is reachable")),
    ])

    /// net.mixedContent: an http: fetch from the https page went through.
    static let mixedContentAllowed = Symptom(id: "network.mixed-fetch-allowed", probes: [.netMixedContent], observation: "an http: fetch went through from the https page", causes: [
        KnownCause("android.mixed-content-always-allow", .webViewSetting, scope: "Android WebView (react-native-webview: mixedContentMode=\"always\")",
            summary: "mixed content is always allowed (WebSettings.mixedContentMode = MIXED_CONTENT_ALWAYS_ALLOW), which lets a network attacker inject script into the page",
            check: "webView.settings.mixedContentMode (React Native: the mixedContentMode prop)",
            remedy: .mixedContent, source: PlatformSource.androidMixedContent,
            applies: { $0.family == .android && $0.platform.isAppWebView },
            weigh: .likely("an http: fetch went through in an Android WebView")),
    ])

    /// net.mixedContent outside Android's WebView: images load, the fetch is blocked. The
    /// Mixed Content standard's split of passive and active content, in every engine.
    static let mixedImagesLoad = Symptom(id: "network.mixed-images-load", probes: [.netMixedContent], observation: "http: images load while the http: fetch is blocked", causes: [
        KnownCause("engine.mixed-images-passive", .page, scope: "every engine",
            summary: "the engine upgrades or allows passive mixed content such as images and blocks active content such as fetch, as the Mixed Content standard says (not a fault)",
            check: "none: serve every resource of the flow over https",
            remedy: nil, source: PlatformSource.mixedContent, context: .webPlatform,
            weigh: .likely("the image loaded and the fetch was blocked")),
    ])

    /// net.mixedContent: both the http: image and the http: fetch blocked.
    static let mixedContentBlocked = Symptom(id: "network.mixed-content-blocked", probes: [.netMixedContent], observation: "the http: image and the http: fetch were both blocked", causes: [
        KnownCause("android.mixed-content-never-allow", .webViewSetting, scope: "Android WebView (the default since Android 5)",
            summary: "mixedContentMode is MIXED_CONTENT_NEVER_ALLOW, Android WebView's default: http: images are blocked as well as the fetch",
            check: "webView.settings.mixedContentMode: MIXED_CONTENT_COMPATIBILITY_MODE lets images load and still blocks the fetch",
            remedy: .mixedContent, source: PlatformSource.androidMixedContent,
            applies: { $0.family == .android && $0.platform.isAppWebView },
            weigh: .likely("both were blocked in an Android WebView")),
        KnownCause("engine.mixed-content-blocked", .page, scope: "every engine",
            summary: "the engine blocks mixed content whole, passive images as well as fetch, which the Mixed Content standard allows: serve every resource over https (nothing is lost then)",
            check: "none: every resource of the flow is https",
            remedy: nil, source: PlatformSource.mixedContent, context: .webPlatform,
            applies: { !($0.family == .android && $0.platform.isAppWebView) },
            weigh: .likely("both were blocked")),
    ])

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
