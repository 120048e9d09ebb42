/// Storage, cookies and file choosers: failing observations and their known causes.
extension Symptom {
    // https://developer.apple.com/documentation/webkit/wkwebsitedatastore/nonpersistent()
    static let nonPersistentRemedy = Remedy(
        iosSwift: """
            // Not .nonPersistent(); no removeData(ofTypes:modifiedSince:) at launch
            configuration.websiteDataStore = WKWebsiteDataStore.default()
            """,
        androidKotlin: """
            // Do not clear cookies or WebStorage at start: remove any
            // CookieManager.removeAllCookies / WebStorage.deleteAllData call
            """,
        reactNative: """
            // Remove incognito and do not clear cookies at start
            <WebView incognito={false} />
            """,
        docs: Remedy.Docs(ios: PlatformSource.nonPersistentStore, android: PlatformSource.androidAcceptCookie,
                          reactNative: WrapperCatalog.rnReference + "#incognito"))

    /// localStorage / sessionStorage / indexedDB null or throwing.
    static let storageUnavailable = Symptom(id: "storage.unavailable", probes: [.storageLocal, .storageSession, .storageIndexedDB], observation: "web storage is null, throws, or cannot open", causes: [
        KnownCause("page.opaque-origin", .page, scope: "every engine",
            summary: "the page runs in an opaque origin (data:, file: or a sandboxed frame), which has no storage",
            check: "env.secureContext: origin must be the server's https origin, not \"null\"",
            remedy: nil, source: PlatformSource.opaqueOriginStorage,
            applies: { e in
                let origin = e.observed(.envSecureContext, "origin")?.stringValue
                return origin == "null" || origin?.hasPrefix("file:") == true || origin?.hasPrefix("data:") == true
            },
            weigh: .conclusive("the page's origin is opaque")),
        KnownCause("android.dom-storage-off", .webViewSetting, scope: "Android WebView (react-native-webview, Capacitor, Cordova and flutter_inappwebview turn it on)",
            summary: "DOM storage is off: WebSettings.domStorageEnabled is false by default on Android and was not set",
            check: "webView.settings.domStorageEnabled (React Native: the domStorageEnabled prop is not false)",
            remedy: .domStorage, source: PlatformSource.androidDomStorage,
            ruledOutBy: webStorageWorked,
            applies: { $0.family == .android && $0.platform.isAppWebView && $0.result?.probe != .storageSession },
            weigh: { e in
                if let wrapper = e.wrapper {
                    return .possible("null or throwing storage on Android", against: "\(wrapper.rawValue) turns DOM storage on unless the app turns it off")
                }
                return .likely("null or throwing storage in an Android WebView, whose default is off")
            }),
        KnownCause("webview.data-store-blocked", .webViewSetting, scope: "iOS WKWebView, Android",
            summary: "the host's website data store or cookie policy blocks storage for the page",
            check: "iOS: the configuration's websiteDataStore and HTTPCookieStorage.cookieAcceptPolicy; Android: CookieManager.acceptCookie()",
            remedy: .persistentDataStore, source: PlatformSource.nonPersistentStore,
            applies: { $0.platform.isAppWebView },
            weigh: { e in
                let cookiesBlocked = e.observed(.cookieDocument, "writeRead")?.boolValue == false
                if e.family == .android && e.wrapper == nil {
                    return .init(likelihood: .possible, supporting: cookiesBlocked ? ["cookie.document failed too"] : [], against: ["Android's DOM storage default explains it alone"])
                }
                return .init(likelihood: cookiesBlocked ? .likely : .possible, supporting: cookiesBlocked ? ["cookie.document failed too"] : ["storage blocked"])
            }),
        // A browser's own site settings: no wrapper's table judges a browser.
        KnownCause("browser.site-data-blocked", .osPermission, scope: "browsers (a site setting or a blocking extension)",
            summary: "the browser's settings keep this site from saving data (Chrome: sites may not save data; Safari: Block All Cookies), which leaves web storage null or throwing",
            check: "the browser's site settings for this origin and its extensions; cookie.document fails too then",
            remedy: nil, source: PlatformSource.chromeThirdPartyCookies,
            ruledOutBy: webStorageWorked, context: .browser,
            applies: { !$0.platform.isAppWebView },
            weigh: { e in
                let cookiesBlocked = e.observed(.cookieDocument, "writeRead")?.boolValue == false
                return .init(likelihood: cookiesBlocked ? .likely : .possible, supporting: cookiesBlocked ? ["cookie.document failed too"] : ["storage blocked in a browser"])
            }),
    ])

    /// Web storage that exists but whose write-read-remove round trip failed. The quota is
    /// the web platform's (the Storage standard), which no WebView setting decides.
    static let storageRoundTripFailed = Symptom(id: "storage.round-trip-failed", probes: [.storageLocal, .storageSession], observation: "web storage exists but a write-read-remove round trip failed", causes: [
        KnownCause("storage.quota-exhausted", .page, scope: "every engine",
            summary: "the origin's storage quota is zero or used up: a write beyond the quota throws QuotaExceededError (a private or restricted data store can give an origin no quota)",
            check: "the errorName is QuotaExceededError; navigator.storage.estimate() in the page shows the origin's quota and usage",
            remedy: nil, source: PlatformSource.storageQuota, context: .webPlatform,
            weigh: { e in
                e.errorName == "QuotaExceededError"
                    ? .likely("the write threw QuotaExceededError")
                    : .possible("the round trip failed", against: "no QuotaExceededError was thrown")
            }),
    ])

    /// document.cookie showed a cookie the server set HttpOnly. RFC 6265 keeps an HttpOnly
    /// cookie from every script API, in every engine; only a host that copies cookies into the
    /// page itself puts one there.
    static let httpOnlyVisible = Symptom(id: "cookies.httponly-visible", probes: [.cookieServer], observation: "an HttpOnly cookie showed in document.cookie", causes: [
        KnownCause("host.httponly-cookie-copied", .app, scope: "app WebViews whose host copies cookies into the page (a cookie bridge or an injected script)",
            summary: "the host copies cookies into the page through a bridge (an injected script that writes document.cookie), which defeats HttpOnly: an engine never shows an HttpOnly cookie to script",
            check: "search the app for code that reads the native cookie store (HTTPCookieStorage, WKHTTPCookieStore, CookieManager.getCookie) and writes document.cookie through evaluateJavaScript or a user script",
            remedy: nil, source: PlatformSource.httpOnlyCookie, context: .app,
            weigh: .likely("document.cookie showed the HttpOnly cookie")),
    ])

    /// storage.relaunch or storage.navigation lost what persistent storage should keep. A
    /// non-persistent store does not make storage null (so it is not a cause of
    /// `storageUnavailable`): WKWebsiteDataStore.nonPersistent() keeps storage for the
    /// WebView's life, and react-native-webview's Android incognito removes the cookies and the
    /// cache (`setIncognito` in https://github.com/react-native-webview/react-native-webview/blob/1d8205af06dbb0bad0d8f208bb2a37ce5f732fd3/android/src/main/java/com/reactnativecommunity/webview/RNCWebViewManagerImpl.kt).
    static let storageNotPersistent = Symptom(id: "storage.not-persistent", probes: [.storageRelaunch, .storageNavigation], observation: "persistent cookies or storage did not survive a navigation or a relaunch", causes: [
        KnownCause("webview.non-persistent-store", .webViewSetting, scope: "iOS WKWebView (react-native-webview's incognito on iOS)",
            summary: "the WebView uses a non-persistent data store (WKWebsiteDataStore.nonPersistent(), react-native-webview incognito)",
            check: "the WKWebViewConfiguration's websiteDataStore.isPersistent; the incognito prop; localStorage is lost with the cookies",
            remedy: nonPersistentRemedy, source: PlatformSource.nonPersistentStore,
            ruledOutBy: [
                Contradiction(.storageRelaunch, "storage.relaunch found the localStorage marker after the relaunch: a non-persistent store keeps nothing past the WebView") { r in r.bool("localStorage") == true },
            ],
            applies: { $0.family == .ios },
            weigh: { e in .init(likelihood: .likely, supporting: e.wrapper == .reactNativeWebView ? ["react-native-webview's incognito uses a non-persistent store"] : ["persistent markers were lost"]) }),
        KnownCause("app.clears-data", .app, scope: "every app WebView",
            summary: "the app clears cookies or website data when it starts or opens the WebView",
            check: "search the app for removeData(ofTypes:), HTTPCookieStorage deletes, CookieManager.removeAllCookies, WebStorage.deleteAllData",
            remedy: nonPersistentRemedy,
            source: PlatformSource.removeWebsiteData,
            applies: { $0.platform.isAppWebView },
            weigh: { e in .init(likelihood: e.family == .android ? .likely : .possible, supporting: ["persistent markers were lost"]) }),
        incognitoClearsCookies, cookiesNotFlushed,
    ])

    /// An app WebView's cookie store that refuses the page's cookies, on one family: the host's
    /// setting, and a cookie kept in this run (by document.cookie or from the server) rules it out.
    static func cookieStoreRefuses(_ id: String, on family: Platform.Family, scope: String, summary: String, check: String, source: String, weigh: KnownCause.Weighing) -> KnownCause {
        KnownCause(
            id, .webViewSetting, scope: scope, summary: summary, check: check, remedy: .cookies, source: source,
            ruledOutBy: cookiesKept,
            applies: { $0.family == family && $0.platform.isAppWebView },
            weigh: weigh)
    }

    /// Cookies blocked for the page itself.
    static let cookiesBlocked = Symptom(id: "cookies.blocked", probes: [.cookieDocument, .cookieServer, .fetchCredentials], observation: "first-party cookies are not stored or not sent", causes: [
        cookieStoreRefuses("android.cookies-off", on: .android, scope: "Android WebView",
            summary: "CookieManager does not accept cookies (setAcceptCookie(false))",
            check: "CookieManager.getInstance().acceptCookie(); then document.cookie fails too (cookie.document)",
            source: PlatformSource.androidAcceptCookie,
            weigh: .likely("first-party cookies blocked in an Android WebView")),
        cookieStoreRefuses("webview.data-store-blocked", on: .ios, scope: "iOS WKWebView",
            summary: "the host's data store or HTTPCookieStorage.cookieAcceptPolicy refuses the page's cookies",
            check: "HTTPCookieStorage.shared.cookieAcceptPolicy and the configuration's websiteDataStore; then document.cookie fails too (cookie.document)",
            source: PlatformSource.nonPersistentStore,
            weigh: .likely("first-party cookies blocked in a WKWebView")),
        interceptionDropsSetCookie,
        KnownCause("browser.cookies-off", .osPermission, scope: "browsers (a site setting or a blocking extension)",
            summary: "the browser's settings refuse cookies for this site (navigator.cookieEnabled is false when they do)",
            check: "the browser's site settings for this origin, and cookie-blocking extensions; cookie.document's cookieEnabled is false then",
            remedy: .cookies, source: PlatformSource.cookieEnabled,
            ruledOutBy: cookiesKept, context: .browser,
            applies: { !$0.platform.isAppWebView },
            weigh: .likely("a cookie was not kept in a browser")),
    ])

    /// cookie.thirdParty blocked where the profile requires it.
    static let thirdPartyCookiesBlocked = Symptom(id: "cookies.third-party-blocked", probes: [.cookieThirdParty], observation: "the second origin's SameSite=None cookie was not kept", causes: [
        KnownCause("android.third-party-cookies-off", .webViewSetting, scope: "Android WebView (off by default since Android 5)",
            summary: "third-party cookies are off: CookieManager.setAcceptThirdPartyCookies(webView, true) was not called",
            check: "CookieManager.getInstance().acceptThirdPartyCookies(webView); React Native: thirdPartyCookiesEnabled",
            remedy: .thirdPartyCookies, source: PlatformSource.androidThirdPartyCookies,
            applies: { $0.family == .android && $0.platform.isAppWebView },
            weigh: .likely("the frame loaded and its cookie was not kept")),
        KnownCause("ios.itp", .device, scope: "iOS WebKit",
            summary: "WebKit blocks third-party cookies outright (expected on iOS)",
            check: "none: design the flow without third-party cookies", remedy: nil, source: PlatformSource.webKitThirdPartyCookies,
            applies: { $0.family == .ios },
            weigh: .conclusive("iOS")),
        KnownCause("chrome.third-party-cookies-blocked", .osPermission, scope: "Chrome on Android",
            summary: "Chrome's site settings block third-party cookies",
            check: "Chrome: Settings › Site settings › Third-party cookies, and the site's own exception",
            remedy: .thirdPartyCookies, source: PlatformSource.chromeThirdPartyCookies, context: .browser,
            applies: { $0.platform == .androidChrome },
            weigh: .likely("the frame loaded and its cookie was not kept in Chrome")),
        KnownCause("browser.third-party-cookies-blocked", .osPermission, scope: "desktop browsers",
            summary: "the browser blocks third-party cookies (its default, or its site settings)",
            check: "the browser's privacy settings for third-party cookies, and the site's own exception",
            remedy: nil, source: PlatformSource.chromeThirdPartyCookies, context: .browser,
            applies: { $0.family == .desktop },
            weigh: .likely("the frame loaded and its cookie was not kept in a desktop browser")),
    ])

    /// True when the wrapper's own WebChromeClient answers file inputs: its Android
    /// file-chooser default (its data file) does not fail file.accept by itself.
    static func answersChooser(_ wrapper: Wrapper) -> Bool {
        !WrapperCatalog.profile(wrapper).defaults(.fileChooser, family: .android).contains { $0.fails.contains(.fileAccept) }
    }

    /// file.accept: the chooser never answered, or cancelled at once.
    static let fileNoChooser = Symptom(id: "file.no-chooser", probes: [.fileAccept, .fileCapture, .fileCancel], observation: "the file input got neither a file nor a cancel, or a cancel faster than a chooser can appear", causes: [
        KnownCause("android.no-file-chooser", .webViewPermissionHandler, scope: "Android WebView with the platform WebChromeClient (react-native-webview, Capacitor, Cordova, flutter_inappwebview and .NET MAUI implement it; webview_flutter leaves it to the app)",
            summary: "WebChromeClient.onShowFileChooser is not implemented: the default cancels every request",
            check: "the app's WebChromeClient overrides onShowFileChooser and launches FileChooserParams.createIntent()",
            remedy: .fileChooser, source: PlatformSource.androidFileChooser,
            ruledOutBy: chooserWorked,
            applies: { $0.family == .android && $0.platform.isAppWebView },
            weigh: { e in
                // The wrappers that answer the chooser themselves (their data files); webview_flutter
                // leaves it to the app (setOnShowFileSelector), like the platform's WebChromeClient.
                if let wrapper = e.wrapper, answersChooser(wrapper) {
                    return .possible("no chooser answer on Android", against: "\(wrapper.rawValue) implements onShowFileChooser")
                }
                let against = e.lacksCancelEvent && e.cancelFired != true ? ["this engine has no cancel event, so a person's cancel looks the same"] : []
                return .init(likelihood: .likely, supporting: ["no chooser answer in an Android WebView, whose default cancels"], against: against)
            }),
        KnownCause("person.cancelled-silently", .app, scope: "engines without the file input's cancel event (Chrome before 113, iOS before 16.4)",
            summary: "the person closed the chooser, and this engine fires no cancel event, so the page saw no answer (not a fault)",
            check: "ask the person whether a chooser appeared; pick a file to verify",
            remedy: nil, source: PlatformSource.inputCancelEvent, context: .person,
            applies: { $0.lacksCancelEvent && $0.cancelFired != true && $0.changeFired != true },
            weigh: .possible("no change and no cancel on an engine without the cancel event")),
        KnownCause("android.chooser-callback-lost", .webViewPermissionHandler, scope: "Android WebView",
            summary: "the app opens a chooser but never passes the result to the ValueCallback (onActivityResult not forwarded, or the callback dropped)",
            check: "the chooser opens on the device; then the app's activity result must reach filePathCallback.onReceiveValue",
            remedy: .fileCallbackOnCancel, source: PlatformSource.fileInputUnresponsive,
            ruledOutBy: chooserWorked + noChooserShown,
            applies: { $0.family == .android && $0.platform.isAppWebView },
            weigh: { e in
                let fastCancel = e.cancelFired == true && e.elapsedMs < Diff.fastCancelMs
                return .init(likelihood: .possible, supporting: ["no file reached the page"], against: fastCancel ? ["the cancel came before a chooser could appear"] : [])
            }),
        KnownCause("ios.open-panel-answers-nil", .webViewPermissionHandler, scope: "iOS WKWebView whose WKUIDelegate implements runOpenPanelWith",
            summary: "the app's WKUIDelegate webView(_:runOpenPanelWith:…) calls its completion handler with nil without presenting a panel: WebKit shows its own panel only when the delegate does not implement it",
            check: "the app's runOpenPanelWith: present a picker (or leave it unimplemented) and answer with the picked URLs",
            remedy: .fileChooser, source: PlatformSource.wkRunOpenPanel,
            ruledOutBy: chooserWorked,
            applies: { e in
                let waited = e.result.flatMap { $0.ifDeclared("waitedMs", .number)?.numberValue ?? $0.ifDeclared("cancelMs", .number)?.numberValue }
                return e.family == .ios && e.platform.isAppWebView && e.cancelFired == true && (waited ?? .infinity) < Diff.fastCancelMs
            },
            weigh: .likely("a cancel sooner than a panel can appear in a WKWebView")),
        captureIntentInvisible, captureWithoutCameraPermission,
    ])
}
