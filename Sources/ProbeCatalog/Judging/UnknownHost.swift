/// An app WebView no known framework's bridge names: the app's own WKWebView or WebView, one
/// of a framework the catalog does not know, or a WebView some plugin or SDK created for itself
/// (an in-app browser, a payment, chat or game SDK). The page cannot tell them apart, so the
/// platform's layer judges the run; where the host injected names no framework defines and a
/// callback of that layer decides a failing probe (the permission request, the file chooser,
/// the location prompt), the finding also says that such a WebView has only the callbacks its
/// own code implements. Confirmed in public on both platforms: cordova-plugin-inappbrowser's
/// WebView denied the camera until its own WebChromeClient answered onPermissionRequest
/// (https://github.com/apache/cordova-plugin-inappbrowser/pull/968), and an in-app browser's
/// WKWebView asked for the camera on every launch until its own WKUIDelegate granted the
/// media-capture request (https://github.com/Cap-go/capacitor-inappbrowser/pull/635).
struct UnknownHost {
    /// What the host put into the page that no wrapper's detection names (env.injected's
    /// bridge objects and globals the host added, less the host report's own bridges): the
    /// names a reader looks for in the app's dependencies; never empty.
    let injected: [String]

    /// The host report companions' bridges (host-report.js), which are the probe's own, and
    /// WebKit's own namespace of message handlers.
    static let probeBridges: Set<String> = ["ProbeHost", "qt", "webkit", "webkit.messageHandlers.probe"]

    /// The unknown host of this run: an app WebView that no framework's signals name (nor the
    /// person, `?wrapper=`) into which the host injected something no wrapper's detection
    /// names. Nil otherwise: an app's own WebView that injects nothing is judged as one.
    static func of(_ context: EvaluationContext) -> UnknownHost? {
        guard context.isAppWebView, context.family != .desktop, context.platform.wrapperDetection == nil,
              let injected = context.results[.envInjected], injected.status != .skipped else { return nil }
        func list(_ field: String) -> [String] { injected.observed[field]?.arrayValue?.compactMap(\.stringValue) ?? [] }
        var names: [String] = []
        for name in list("bridgeObjects") + list("unexpectedGlobals") where !probeBridges.contains(name) && !names.contains(name) {
            names.append(name)
        }
        return names.isEmpty ? nil : UnknownHost(injected: names)
    }

    /// The cause a finding adds when `callbacks` of the platform's layer decide it: the page
    /// may be in a plugin's own WebView, whose plugin is the one to answer them. Possible, not
    /// likely: an app's own bridge is no framework's either.
    func cause(callbacks: [String], family: Platform.Family) -> Cause {
        let names = callbacks.joined(separator: ", ")
        let shown = injected.prefix(5).joined(separator: ", ") + (injected.count > 5 ? ", …" : "")
        return Cause(
            id: "host.plugin-webview", layer: .app, likelihood: .possible,
            summary: "the WebView may be one a framework or a plugin the catalog does not know created (an in-app browser, a payment, chat or game SDK's, a cross-platform framework's): it has only the callbacks that code implements (\(names))",
            evidence: Cause.Evidence(supporting: ["no app framework's bridge was seen on the page",
                                                  "the host injected \(shown), which no framework the catalog knows defines"],
                                     against: ["an app's own bridge is no framework's either"]),
            check: "which code created this WebView (search the app's dependencies for \(shown))? If a framework or a plugin did, its own \(names) decide this, not the app's: look at its options, or a release that implements them",
            remedy: nil,
            source: family == .ios ? "https://github.com/Cap-go/capacitor-inappbrowser/pull/635" : "https://github.com/apache/cordova-plugin-inappbrowser/pull/968")
    }
}
