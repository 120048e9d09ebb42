/// env.script: the page's own script never ran, only its <noscript> beacon reached the server.
/// Each platform's WebView has a switch for it (Android's off by default, iOS's on), and a
/// browser a setting of its own; the settings rows link the WebViews' (native Android's
/// setJavaScriptEnabled, native iOS's allowsContentJavaScript).
extension Symptom {
    static let scriptOff = Symptom(id: "env.javascript-off", probes: [.envScript], observation: "the page's <noscript> beacon reached the server and its script posted nothing", causes: [
        KnownCause("android.javascript-off", .webViewSetting, scope: "Android WebView (false by default), every wrapper that leaves it",
            summary: "WebSettings.setJavaScriptEnabled(true) was not called on this WebView: Android WebView runs no JavaScript unless it is, and its default is false",
            check: "webView.settings.javaScriptEnabled on the WebView that loads the page, set before loadUrl",
            remedy: .javaScript, source: PlatformSource.androidJavaScript,
            applies: { $0.family == .android && $0.platform.isAppWebView },
            weigh: .likely("the <noscript> beacon reached the server from an Android WebView")),
        KnownCause("ios.javascript-off", .webViewSetting, scope: "iOS WKWebView (true by default)",
            summary: "the app turned JavaScript off: defaultWebpagePreferences.allowsContentJavaScript is false (or the preferences decidePolicyFor returns for this navigation; WKPreferences.javaScriptEnabled before iOS 14)",
            check: "configuration.defaultWebpagePreferences.allowsContentJavaScript, and the preferences webView(_:decidePolicyFor:preferences:decisionHandler:) hands back",
            remedy: .javaScript, source: PlatformSource.wkAllowsContentJavaScript,
            applies: { $0.family == .ios && $0.platform.isAppWebView },
            weigh: .likely("the <noscript> beacon reached the server from a WKWebView")),
        KnownCause("browser.javascript-off", .osPermission, scope: "Safari, Chrome, desktop browsers",
            summary: "JavaScript is turned off in the browser's settings, for every site or for this one",
            check: "the browser's JavaScript setting (Safari: Settings › Apps › Safari › Advanced; Chrome: Settings › Site settings › JavaScript)",
            remedy: nil, source: PlatformSource.noscriptElement, context: .browser,
            applies: { !$0.platform.isAppWebView },
            weigh: .likely("a browser ran no script of the page")),
    ])
}
