/// The facts more than one declaration rests on, stated once.
extension Diagnosis.Basis {
    fileprivate static let domStorageOffByDefault = fact("Android WebView has DOM storage off unless setDomStorageEnabled(true)", source: PlatformSource.androidDomStorage)
    fileprivate static let dataStoreDecidesStorage = fact("the WKWebView's website data store decides what a page may store", source: PlatformSource.nonPersistentStore)
    fileprivate static let chromeBlocksThirdPartyCookies = fact("Chrome's site settings can block third-party cookies", source: PlatformSource.chromeThirdPartyCookies)
    fileprivate static let nonPersistentStoreKeepsNothing = fact("a non-persistent data store keeps nothing past the WebView", source: PlatformSource.nonPersistentStore)
}

/// Storage and cookies: the diagnoses `Diff+Storage.swift` states (the causes it ranks are
/// in `Symptoms+Storage.swift`).
extension Diagnosis {
    static let domStorageOff = KnownDiagnosis("android.dom-storage-off", probes: [.storageLocal], .domStorageOffByDefault) { (storage: String, how: String) in
        "\(storage) \(how): Android WebView has DOM storage off by default; domStorageEnabled is not set."
    }

    static let storageBlocked = KnownDiagnosis("webview.data-store-blocked", probes: [.storageLocal, .storageSession], .dataStoreDecidesStorage) { (storage: String, how: String) in
        "\(storage) \(how): the host's website data store or cookie policy blocks storage."
    }

    static let storageRoundTripFailed = KnownDiagnosis("storage.round-trip-failed", probes: [.storageLocal, .storageSession],
        .fact("a write beyond the origin's storage quota throws QuotaExceededError", source: PlatformSource.storageQuota)) { (storage: String, error: String?) in
        "\(storage) exists but a write-read-remove round trip failed\(error.map { " (\($0))" } ?? ""): the storage quota is zero or the data store is read-only."
    }

    static let indexedDBDomStorageOff = KnownDiagnosis("android.indexeddb-dom-storage-off", probes: [.storageIndexedDB], .domStorageOffByDefault) {
        "IndexedDB failed: Android WebView's DOM storage setting also governs IndexedDB; domStorageEnabled is not set, or storage is blocked."
    }

    static let indexedDBBlocked = KnownDiagnosis("webview.indexeddb-data-store-blocked", probes: [.storageIndexedDB], .dataStoreDecidesStorage) {
        "IndexedDB failed: the host's website data store blocks storage (a non-persistent or restricted store)."
    }

    static let httpOnlyVisible = KnownDiagnosis("host.httponly-cookie-copied", probes: [.cookieServer],
        .fact("an HttpOnly cookie is never visible to document.cookie", source: PlatformSource.httpOnlyCookie)) {
        "The HttpOnly cookie showed in document.cookie: the host copies cookies into the page through a bridge, which defeats HttpOnly."
    }

    /// The leads of `Symptom.cookiesBlocked`'s diagnosis: what was not kept or not sent.
    static let cookieNotKept = KnownDiagnosis("cookies.not-kept", probes: [.cookieDocument, .cookieServer], .observation) {
        "The cookie was not kept"
    }
    static let cookieNotSent = KnownDiagnosis("cookies.not-sent", probes: [.fetchCredentials], .observation) { "The cookie was not sent" }

    /// Cookies blocked where the run rules nothing out: the platform's usual cause.
    static let cookiesOffAndroid = KnownDiagnosis("android.cookies-off", probes: [.cookieDocument, .cookieServer, .fetchCredentials],
        .fact("CookieManager.setAcceptCookie(false) refuses every cookie of the app's WebViews", source: PlatformSource.androidAcceptCookie)) {
        "Cookies are blocked: the app's CookieManager does not accept cookies (setAcceptCookie(false))."
    }
    static let cookiesOffIOS = KnownDiagnosis("ios.cookies-refused", probes: [.cookieDocument, .cookieServer, .fetchCredentials],
        .fact("the data store's cookie policy decides which cookies a WKWebView keeps", source: PlatformSource.cookieAcceptPolicy)) {
        "Cookies are blocked: the WKWebView's website data store or cookie policy rejects them (use .default())."
    }
    static let cookiesOffBrowser = KnownDiagnosis("browser.cookies-off", probes: [.cookieDocument, .cookieServer, .fetchCredentials],
        .fact("navigator.cookieEnabled is false when the browser's settings refuse cookies", source: PlatformSource.cookieEnabled)) {
        "Cookies are blocked by the browser's settings."
    }

    static let thirdPartyFrameUnreachable = KnownDiagnosis("cookies.second-origin-unreachable", probes: [.cookieThirdParty], .observation) {
        "The second origin did not answer (certificate not trusted, or unreachable); the third-party cookie could not be tested."
    }
    static let thirdPartyCookiesITP = KnownDiagnosis("ios.itp", probes: [.cookieThirdParty],
        .fact("WebKit blocks third-party cookies outright", source: PlatformSource.webKitThirdPartyCookies)) {
        "Third-party cookies are blocked by WebKit's Intelligent Tracking Prevention: expected on iOS, and no setting changes it; keep the flow first-party."
    }
    static let thirdPartyCookiesChrome = KnownDiagnosis("chrome.third-party-cookies-blocked", probes: [.cookieThirdParty], .chromeBlocksThirdPartyCookies) {
        "Third-party cookies are blocked in Chrome's site settings."
    }
    static let thirdPartyCookiesOffAndroid = KnownDiagnosis("android.third-party-cookies-off", probes: [.cookieThirdParty],
        .fact("third-party cookies are off by default in Android WebView since Android 5", source: PlatformSource.androidThirdPartyCookies)) {
        "Third-party cookies are blocked: Android WebView refuses them unless the app calls CookieManager.setAcceptThirdPartyCookies(webView, true)."
    }
    static let thirdPartyCookiesBrowser = KnownDiagnosis("browser.third-party-cookies-blocked", probes: [.cookieThirdParty], .chromeBlocksThirdPartyCookies) {
        "The browser blocks third-party cookies."
    }

    static let navigationLostStorage = KnownDiagnosis("webview.navigation-lost-storage", probes: [.storageNavigation], .nonPersistentStoreKeepsNothing) { (cookieLost: Bool, localStorageLost: Bool) in
        let lost = [cookieLost ? "the cookie" : nil, localStorageLost ? "the localStorage marker" : nil].compactMap { $0 }
        return "A full navigation lost \(lost.joined(separator: " and ")): the host clears cookies or storage between loads, or uses a non-persistent data store."
    }

    static let notRelaunched = KnownDiagnosis("storage.not-relaunched", probes: [.storageRelaunch], .instruction) {
        "Close the app, reopen the link, and answer again."
    }
    static let relaunchLostStorage = KnownDiagnosis("webview.relaunch-lost-storage", probes: [.storageRelaunch], .nonPersistentStoreKeepsNothing) {
        "Persistent data did not survive a relaunch: the WebView uses a non-persistent data store (WKWebsiteDataStore.nonPersistent(), incognito) or the app clears it on start; a resumed session will not work."
    }
    /// Every diagnosis declared in this file, for the docs and the tests (a test holds the list to the declarations).
    static let storageDeclared: [any DeclaredDiagnosis] = [
        domStorageOff, storageBlocked, storageRoundTripFailed, indexedDBDomStorageOff, indexedDBBlocked,
        httpOnlyVisible, cookieNotKept, cookieNotSent, cookiesOffAndroid, cookiesOffIOS, cookiesOffBrowser,
        thirdPartyFrameUnreachable, thirdPartyCookiesITP, thirdPartyCookiesChrome, thirdPartyCookiesOffAndroid,
        thirdPartyCookiesBrowser, navigationLostStorage, notRelaunched, relaunchLostStorage,
    ]
}
