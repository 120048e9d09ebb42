/// env.platform: an app WebView whose user agent names no platform, or another than the
/// device's. An app may replace its WebView's whole agent or append its name to the platform's;
/// only replacing it hides the phone. The settings rows link these causes (native iOS's
/// customUserAgent, native Android's setUserAgentString) and a wrapper's own row names its
/// setting, so the rows word the finding: the evaluator ranks none of them itself.
extension Symptom {
    static let userAgentReplaced = Symptom(id: "platform.user-agent-replaced", probes: [.envPlatform], observation: "an app WebView's user agent names no platform, or another than the device's", causes: [
        KnownCause("ios.custom-user-agent", .webViewSetting, scope: "iOS WKWebView, every wrapper that sets it",
            summary: "the app set WKWebView.customUserAgent to a string of its own, which replaces WebKit's agent and the iPhone it names (applicationNameForUserAgent appends to it instead)",
            check: "webView.customUserAgent is nil; the app's name goes in configuration.applicationNameForUserAgent",
            remedy: .platformUserAgent, source: PlatformSource.wkCustomUserAgent,
            applies: { $0.family == .ios && $0.platform.isAppWebView },
            weigh: .likely("the user agent names no iPhone")),
        KnownCause("android.user-agent-replaced", .webViewSetting, scope: "Android WebView, every wrapper that sets it",
            summary: "the app set WebSettings.setUserAgentString to a string of its own, which replaces the WebView's default agent (getDefaultUserAgent) and the Android phone it names",
            check: "webView.settings.userAgentString starts with WebSettings.getDefaultUserAgent(context)",
            remedy: .platformUserAgent, source: PlatformSource.androidSetUserAgentString,
            applies: { $0.family == .android && $0.platform.isAppWebView },
            weigh: .likely("the user agent names no Android phone")),
    ])
}
