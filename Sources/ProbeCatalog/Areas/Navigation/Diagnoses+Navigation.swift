/// The facts more than one declaration rests on, stated once.
extension Diagnosis.Basis {
    fileprivate static let processEndedInBackground = fact("a backgrounded app's process can be ended and its activity recreated", source: PlatformSource.androidProcessLifecycle)
}

/// Navigation, windows and the app's lifecycle: the diagnoses `Diff+Navigation.swift` states.
extension Diagnosis {
    static let newWindowOpened = KnownDiagnosis("contract.new-window-opened", probes: [.navWindowOpen], .contract) { (requirementSet: String) in
        "A new window opened; the \(requirementSet) contract uses no popups or new windows for capture (docs/requirements.md#video-only), and a camera request from one would be denied."
    }
    static let noPopupAsExpected = KnownDiagnosis("contract.no-popup", probes: [.navWindowOpen], .contract) {
        "No popup opened, as the contract expects."
    }
    static let windowOpenDropped = KnownDiagnosis("ios.window-open-dropped", probes: [.navWindowOpen],
        .fact("WKWebView opens no window unless createWebViewWith is implemented", source: PlatformSource.wkCreateWebView)) {
        "window.open from a tap did nothing: WKUIDelegate webView(_:createWebViewWith:…) is not implemented, so new-window requests are dropped; handle them per app policy (docs/requirements.md#navigation-and-windows)."
    }

    static let customSchemeNotForwarded = KnownDiagnosis("webview.custom-scheme-not-forwarded", probes: [.navCustomScheme],
        .fact("unknown schemes reach the WebView's error page unless the host forwards them", source: PlatformSource.androidOverrideUrl)) {
        "The WebView tried to load the custom scheme itself and showed an error page: unknown schemes are not forwarded to the OS."
    }

    static let returnURLNotIntercepted = KnownDiagnosis("webview.return-url-not-intercepted", probes: [.navReturnUrl],
        .fact("the host intercepts return URLs in its navigation callback", source: PlatformSource.androidOverrideUrl)) {
        "The return URL did not reach the app: universal links and app links do not open the app from inside its own WebView; intercept the URL in the navigation callback."
    }

    static let loadErrorUnhandled = KnownDiagnosis("webview.load-error-unhandled", probes: [.navLoadError], .fact("load errors reach the host through onReceivedError / didFailProvisionalNavigation", source: PlatformSource.androidReceivedError)) { (httpErrors: Bool, loadFailures: Bool) in
        let unhandled = [httpErrors ? "HTTP errors" : nil, loadFailures ? "load failures" : nil].compactMap { $0 }
        return "The app leaves the user on a blank or raw error page: it does not handle \(unhandled.joined(separator: " and ")) with a retry screen."
    }

    static let notResumed = KnownDiagnosis("app.webview-recreated", probes: [.lifecycleBackground], .processEndedInBackground) {
        "The page did not resume after the app came back: the WebView was recreated or reloaded (activity recreation, or a reload on becoming active)."
    }
    static let cameraTrackEnded = KnownDiagnosis("os.camera-track-ended", probes: [.lifecycleBackground], .processEndedInBackground) {
        "The camera track ended in the background, as the OS does; the page must start it again on return."
    }

    static let offlineQueueLost = KnownDiagnosis("webview.offline-queue-lost", probes: [.netOffline], .observation) { (lost: Int) in
        "\(lost) result(s) queued offline never reached the server: storage was cleared or the page reloaded while offline."
    }
    static let noOfflineEvent = KnownDiagnosis("webview.no-offline-event", probes: [.netOffline],
        .fact("the window's offline event fires when the browser loses its network connection", source: PlatformSource.offlineEvent)) {
        "No offline event fired: the WebView does not report connectivity changes to the page."
    }
    /// Every diagnosis declared in this file, for the docs and the tests (a test holds the list to the declarations).
    static let navigationDeclared: [any DeclaredDiagnosis] = [
        newWindowOpened, noPopupAsExpected, windowOpenDropped, customSchemeNotForwarded, returnURLNotIntercepted,
        loadErrorUnhandled, notResumed, cameraTrackEnded, offlineQueueLost, noOfflineEvent,
    ]
}
