@testable import ProbeCatalog

/// Threads where an iPad's app WebView loaded pages in desktop content mode (iPadOS 13+,
/// WKWebpagePreferences.preferredContentMode left .recommended): the page got the Mac's agent,
/// and a site that branched on it served its desktop flow. Each was confirmed by the merged
/// setting that fixed it; the page still worked, so each is a warning naming that setting.
extension CorpusCase {
    /// WKWebView's agent in desktop content mode, as the threads quote it, and an iPad's touch points.
    static let desktopClassAgent = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_4) AppleWebKit/605.1.15 (KHTML, like Gecko)"

    static func desktopClass(_ agent: String = desktopClassAgent, cordovaVersion: String? = nil) -> ProbeResult {
        var observed: [String: JSONValue] = ["userAgent": .string(agent), "maxTouchPoints": 5, "webkitMessageHandlers": true]
        if let cordovaVersion { observed["wrapperSignals"] = ["globals": ["cordova"], "cordovaPlatform": "ios", "cordovaVersion": .string(cordovaVersion)] }
        return Run.result("env.platform", observed)
    }

    static let contentModeThreads: [CorpusCase] = [
        // The InAppBrowser's window said Macintosh while the app's own WebView said iPad (reporter's
        // agents); merged #688 made the plugin read <preference name="PreferredContentMode">: its own row.
        // Judged on an iOS the requirement set accepts (the thread's 13.4.1 fails on its version alone).
        CorpusCase("https://github.com/apache/cordova-plugin-inappbrowser/issues/687", wrapper: "Cordova InAppBrowser", .iosWKWebView,
                   probe: "env.platform", top: "cordova.inAppBrowserContentMode", detected: .cordova, inAppBrowser: true,
                   [desktopClass("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148")]),
        // The same preference for the app's own WebView (merged cordova-ios#886, "iPad for mobile and Macintosh for
        // desktop"), released in cordova-ios 6.1.0: an app on that release that leaves it unset.
        CorpusCase("https://github.com/apache/cordova-ios/pull/886", wrapper: "Cordova", .iosWKWebView,
                   probe: "env.platform", top: "cordova.PreferredContentMode", detected: .cordova,
                   [desktopClass(cordovaVersion: "6.1.0")]),
        // iPads requested desktop sites from iOS 13 until the contentMode prop (fixed by merged #1538).
        CorpusCase("https://github.com/react-native-webview/react-native-webview/issues/1460", wrapper: "react-native-webview", .rnWebViewIOS,
                   probe: "env.platform", top: "react-native-webview.contentMode", detected: .reactNativeWebView,
                   [desktopClass()]),
        // A sign-in library's own WKWebView set the mobile content mode so its agent matched the system's (merged).
        CorpusCase("https://github.com/AzureAD/azure-activedirectory-library-for-objc/pull/1501", wrapper: "native", .iosWKWebView,
                   probe: "env.platform", top: "ios.desktop-content-mode",
                   [desktopClass()]),
        // A Capacitor plugin's own in-app browser WebView defaulted to desktop content mode on iPad until it
        // set preferredContentMode (merged Cap-go/capacitor-inappbrowser#708): no wrapper's signals, the platform's layer.
        CorpusCase("https://github.com/Cap-go/capacitor-inappbrowser/pull/708", wrapper: "Capacitor", .iosWKWebView,
                   probe: "env.platform", top: "ios.desktop-content-mode",
                   [desktopClass()]),
    ]
}
