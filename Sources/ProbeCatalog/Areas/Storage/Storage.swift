// The probes of storage and cookies: web storage, IndexedDB, cookies, and what survives a
// navigation and a relaunch: their names, their declarations, the diagnoses they can state, how
// their results are judged and the fixes their findings carry, side by side. Their ranked causes
// are in `Symptoms+*.swift` beside this file; docs/adding-a-probe.md walks adding a probe here.

/// The names of this area's probes, in page order: each is the `id` of one declaration below.
extension ProbeID {
    public static let storageLocal = ProbeID(rawValue: "storage.local")
    public static let storageSession = ProbeID(rawValue: "storage.session")
    public static let storageIndexedDB = ProbeID(rawValue: "storage.indexedDB")
    public static let cookieDocument = ProbeID(rawValue: "cookie.document")
    public static let cookieServer = ProbeID(rawValue: "cookie.server")
    public static let cookieThirdParty = ProbeID(rawValue: "cookie.thirdParty")
    public static let storageNavigation = ProbeID(rawValue: "storage.navigation")
    public static let storageRelaunch = ProbeID(rawValue: "storage.relaunch")
}

extension StandardProbes {
    // MARK: storage and cookies

    static let storage: [Probe] = [
        Probe(
            id: .storageLocal, title: "localStorage",
            instructions: "Nothing to do.",
            kind: .auto, phase: .storage,
            checks: "window.localStorage is present (not null, not throwing SecurityError) and a write-read-remove round trip works.",
            observed: webStorageFields("localStorage"),
            healthy: .init(["available": true, "writeReadRemove": true]),
            expectation: .init(.required, expected: "available; write, read and remove work"),
            remedy: .domStorage).evaluated(
                by: Diff.evaluateWebStorage,
                concluding: [
                "null or throwing on Android → domStorageEnabled not set",
                "null or throwing on iOS → data store policy",
                "present but round trip fails → zero quota / read-only store",
                ]).blockingTheFlow(),
        Probe(
            id: .storageSession, title: "sessionStorage",
            instructions: "Nothing to do.",
            kind: .auto, phase: .storage,
            checks: "window.sessionStorage is present and a write-read-remove round trip works.",
            observed: webStorageFields("sessionStorage"),
            healthy: .init(["available": true, "writeReadRemove": true]),
            expectation: .init(.required, expected: "available; write, read and remove work"),
            remedy: .domStorage).evaluated(
                by: Diff.evaluateWebStorage,
                concluding: [
                "as storage.local",
                ]).failing(as:
            // Android's WebSettings.setDomStorageEnabled switches the whole Web Storage API, both
            // localStorage and sessionStorage (https://developer.android.com/reference/android/webkit/WebSettings#setDomStorageEnabled(boolean)).
            Consequence(of: .storageLocal, because: "Web Storage is off: sessionStorage goes with localStorage")).blockingTheFlow(),
        Probe(
            id: .storageIndexedDB, title: "IndexedDB",
            instructions: "Nothing to do.",
            kind: .auto, phase: .storage,
            checks: "indexedDB.open, put, get and delete.",
            observed: [
                F("available", .boolean, "True when window.indexedDB exists."),
                F("opened", .boolean, "True when open() succeeded."),
                F("putGetDelete", .boolean, "True when a put, get and delete round trip returned the value."),
                F("errorName", .string, "DOMException name of the first failure, e.g. \"SecurityError\", \"InvalidStateError\"."),
                F("errorMessage", .string, "Exception message of the first failure."),
            ],
            healthy: .init(["available": true, "opened": true, "putGetDelete": true]),
            expectation: .init(.required, expected: "open, put, get and delete work"),
            remedy: .domStorage).evaluated(
                by: Diff.evaluateIndexedDB,
                concluding: [
                "fails on Android → DOM storage setting; on iOS → non-persistent or restricted store",
                ]).blockingTheFlow(),
        Probe(
            id: .cookieDocument, title: "document.cookie",
            instructions: "Nothing to do.",
            kind: .auto, phase: .storage,
            checks: "navigator.cookieEnabled and a document.cookie write then read.",
            observed: [
                F("cookieEnabled", .boolean, "navigator.cookieEnabled."),
                F("writeRead", .boolean, "True when a cookie written with document.cookie is read back."),
            ],
            healthy: .init(["cookieEnabled": true, "writeRead": true]),
            expectation: .init(.required, expected: "cookies enabled; write and read work"),
            remedy: .cookies).evaluated(
                by: Diff.evaluateDocumentCookie,
                concluding: [
                "blocked on Android → CookieManager.setAcceptCookie; on iOS → data store",
                ]),
        Probe(
            id: .cookieServer, title: "Server cookie",
            instructions: "Nothing to do.",
            kind: .auto, phase: .storage,
            checks: "A server Set-Cookie (HttpOnly, Secure), then a credentialed fetch that the server echoes.",
            observed: [
                F("setCookieSent", .boolean, "True when the server answered with Set-Cookie (recorded by the server)."),
                F("echoed", .boolean, "True when the next same-origin request carried the cookie back (the server echoes it)."),
                F("visibleToScript", .boolean, "True when the HttpOnly cookie showed in document.cookie (it must not)."),
                F("errorName", .string, "Exception name when a request threw."),
            ],
            healthy: .init(["setCookieSent": true, "echoed": true, "visibleToScript": false]),
            expectation: .init(.required, expected: "the server cookie comes back on the next request"),
            remedy: .cookies).evaluated(
                by: Diff.evaluateServerCookie,
                concluding: [
                "not echoed → cookie policy",
                "HttpOnly cookie visible to script → a bridge copies cookies",
                ]).failing(as:
            // With cookies off for the app (CookieManager.setAcceptCookie(false):
            // https://developer.android.com/reference/android/webkit/CookieManager#setAcceptCookie(boolean);
            // WKWebsiteDataStore with cookies blocked), no cookie is stored, whoever sets it.
            Consequence(of: .cookieDocument, because: "cookies are off: the server's Set-Cookie is dropped too",
                        unless: { $0.bool("visibleToScript") == true }))
            // Its Set-Cookie and the echo after it are two round trips (300 ms on a farm's
            // tunnel) that cookie.thirdParty, a frame of the second host with cookies of its
            // own, neither reads nor changes; storage.navigation, which leaves the page, waits
            // for it first.
            .runningBesideTheNext(on: [.ios, .android, .desktop]),
        Probe(
            id: .cookieThirdParty, title: "Third-party cookie",
            instructions: "Nothing to do.",
            kind: .auto, phase: .storage,
            checks: "A frame on the second origin sets a SameSite=None; Secure cookie and reads it back on a credentialed request.",
            observed: [
                F("frameLoaded", .boolean, "True when the second-origin frame loaded and answered."),
                F("set", .boolean, "True when the frame's Set-Cookie response arrived."),
                F("readBack", .boolean, "True when the next credentialed request from the frame carried the cookie."),
                F("storageAccessApi", .boolean, "True when document.hasStorageAccess exists in the frame."),
                F("origin", .string, "The second origin the frame was loaded from."),
                F("crossSite", .boolean, "True when that origin is another host (cross-site); false for the same host on another port, which RFC 6265bis counts as the same site."),
                F("errorName", .string, "Error the frame reported, if any."),
            ],
            healthy: .init(["frameLoaded": true, "set": true, "readBack": true], on: [.ios: ["readBack": false]]),
            thresholds: [
                Threshold("frameAnswerMs", ms: 8000, "The frame loads a page and makes two requests to the second origin; one that has not answered in 8 s is blocked or untrusted (certificate, reachability)."),
            ],
            expectation: .init(
                .required,
                ExpectationRule.on(ExpectationRule.iosAll, .expectedBlocked).merging([.desktop: .info]) { $1 },
                expected: "third-party cookie kept",
                expectedOn: [
                    .iosWKWebView: "blocked by WebKit ITP, which is expected",
                    .iosSafari: "blocked by WebKit ITP, which is expected",
                    .rnWebViewIOS: "blocked by WebKit ITP, which is expected",
                    .desktop: "depends on the browser's policy",
                ]),
            remedy: .thirdPartyCookies).evaluated(
                by: Diff.evaluateThirdPartyCookie,
                concluding: [
                "blocked on Android → setAcceptThirdPartyCookies(webView, true)",
                "blocked on iOS → ITP, expected",
                "second-origin frame did not load → certificate or reachability (warning)",
                ]).failing(as:
            // A third-party cookie is a cookie first: with cookies off, setAcceptThirdPartyCookies
            // has nothing to allow (https://developer.android.com/reference/android/webkit/CookieManager#setAcceptThirdPartyCookies(android.webkit.WebView,%20boolean)).
            Consequence(of: .cookieDocument, because: "cookies are off: no third-party cookie either",
                        unless: { $0.bool("frameLoaded") == false })),
        Probe(
            id: .storageNavigation, title: "Storage across navigation",
            instructions: "The page leaves and comes back by itself.",
            kind: .auto, phase: .storage,
            checks: "A cookie and a localStorage marker survive a full navigation away and back.",
            observed: [
                F("cookieSurvived", .boolean, "True when the cookie marker was there after the navigation."),
                F("localStorageSurvived", .boolean, "True when the localStorage marker was there after the navigation."),
            ],
            healthy: .init(["cookieSurvived": true, "localStorageSurvived": true]),
            thresholds: [
                Threshold("navigationMs", ms: 10000, "location.assign unloads the page within a second or two; a page still running after 10 s was not allowed to navigate."),
            ],
            expectation: .init(.required, expected: "both markers survive"),
            remedy: .persistentDataStore).evaluated(
                by: Diff.evaluateNavigationStorage,
                concluding: [
                "cookie or localStorage lost across a navigation → host clears data or uses a non-persistent store",
                ]).failing(as:
            Consequence(of: .storageLocal, because: "localStorage is unavailable: its marker cannot survive a navigation",
                        unless: { $0.bool("cookieSurvived") == false }),
            Consequence(of: .cookieDocument, because: "cookies are off: the cookie marker was never kept",
                        unless: { $0.bool("localStorageSurvived") == false })),
    ]

    /// The person's last step on the page (only the checklist questions follow): closing the
    /// app ends the page, so every other step is answered first and the reopened page asks
    /// only this and the questions (docs/page.md). A lifecycle step: the app is closed and reopened.
    static let relaunch: [Probe] = [
        Probe(
            id: .storageRelaunch, title: "Storage after relaunch",
            instructions: "Close the app, reopen it, and open this link in it by its debug deep link (/setup). The page then asks whether you did.",
            kind: .operator, phase: .lifecycle,
            checks: "After the app is closed and reopened, which markers of the earlier visit survived.",
            observed: [
                F("relaunched", .boolean, "The person confirmed the app was closed and reopened."),
                F("sessionCookie", .boolean, "True when the session cookie survived (it may not: that is fine)."),
                F("persistentCookie", .boolean, "True when the cookie with Max-Age survived."),
                F("localStorage", .boolean, "True when the localStorage marker survived."),
                F("indexedDB", .boolean, "True when the IndexedDB marker survived."),
            ],
            healthy: .init(["relaunched": true, "sessionCookie": false, "persistentCookie": true, "localStorage": true, "indexedDB": true]),
            expectation: .init(
                .required, ExpectationRule.on(ExpectationRule.browsers, .info),
                expected: "persistent cookie, localStorage and IndexedDB survive"),
            remedy: .persistentDataStore).evaluated(
                by: Diff.evaluateRelaunch,
                concluding: [
                "persistent markers lost → non-persistent data store (.nonPersistent(), incognito) or cleared on start",
                "not relaunched → skipped",
                ]).failing(as:
            Consequence(of: .storageLocal, because: "localStorage is unavailable: its marker cannot survive a relaunch",
                        unless: { $0.bool("persistentCookie") == false || $0.bool("indexedDB") == false }),
            Consequence(of: .cookieDocument, because: "cookies are off: the cookie marker was never kept",
                        unless: { $0.bool("localStorage") == false || $0.bool("indexedDB") == false })),
    ]

    static func webStorageFields(_ name: String) -> [ObservedField] {
        [
            F("available", .boolean, "True when window.\(name) is an object (not null) and reading it did not throw."),
            F("writeReadRemove", .boolean, "True when setItem, getItem and removeItem round-tripped."),
            F("errorName", .string, "Name of the exception thrown on access, e.g. \"SecurityError\", \"QuotaExceededError\"."),
            F("errorMessage", .string, "Message of that exception."),
        ]
    }

    /// The failing observations this area's evaluators rank causes for (`Catalog.symptoms`).
    static let storageSymptoms: [Symptom] = [.storageUnavailable, .storageRoundTripFailed, .storageNotPersistent, .cookiesBlocked, .httpOnlyVisible, .thirdPartyCookiesBlocked]
}

/// Storage and cookies: the diagnoses the evaluators below state (the causes they rank are
/// in `Symptoms+Storage.swift`).
extension Diagnosis {
    /// What the page saw of storage that is null or throws; the causes are
    /// `Symptom.storageUnavailable`'s, which the platform's rows link (native Android's
    /// domStorageEnabled, native iOS's WKAppBoundDomains).
    static let storageUnavailable = KnownDiagnosis("storage.unavailable", probes: [.storageLocal, .storageSession], .observation) { (storage: String, how: String) in
        "\(storage) \(how)"
    }

    /// What the page saw of a round trip that failed; the causes are `Symptom.storageRoundTripFailed`'s.
    static let storageRoundTripFailed = KnownDiagnosis("storage.round-trip-failed", probes: [.storageLocal, .storageSession], .observation) { (storage: String, error: String?) in
        "\(storage) exists but a write-read-remove round trip failed\(error.map { " (\($0))" } ?? "")"
    }

    static let indexedDBFailed = KnownDiagnosis("storage.indexeddb-failed", probes: [.storageIndexedDB], .observation) {
        "IndexedDB failed"
    }

    /// What the page saw; the cause is `Symptom.httpOnlyVisible`'s.
    static let httpOnlyVisible = KnownDiagnosis("cookies.httponly-visible", probes: [.cookieServer], .observation) {
        "The HttpOnly cookie showed in document.cookie"
    }

    /// The leads of `Symptom.cookiesBlocked`'s diagnosis: what was not kept or not sent.
    static let cookieNotKept = KnownDiagnosis("cookies.not-kept", probes: [.cookieDocument, .cookieServer], .observation) {
        "The cookie was not kept"
    }
    static let cookieNotSent = KnownDiagnosis("cookies.not-sent", probes: [.fetchCredentials], .observation) { "The cookie was not sent" }

    static let thirdPartyFrameUnreachable = KnownDiagnosis("cookies.second-origin-unreachable", probes: [.cookieThirdParty], .observation) {
        "The second origin did not answer (certificate not trusted, or unreachable); the third-party cookie could not be tested."
    }
    /// The lead of a third-party cookie not kept: the causes are
    /// `Symptom.thirdPartyCookiesBlocked`'s, which the platform's rows link (native Android's
    /// acceptThirdPartyCookies, native iOS's thirdPartyCookies: ITP), or a browser's own settings.
    static let thirdPartyCookieNotKept = KnownDiagnosis("cookies.third-party-not-kept", probes: [.cookieThirdParty], .observation) {
        "The second origin's SameSite=None cookie was not kept"
    }

    /// The leads of `Symptom.storageNotPersistent`'s diagnosis: what a navigation or a relaunch lost.
    static let navigationLostStorage = KnownDiagnosis("storage.navigation-lost", probes: [.storageNavigation], .observation) { (cookieLost: Bool, localStorageLost: Bool) in
        let lost = [cookieLost ? "the cookie" : nil, localStorageLost ? "the localStorage marker" : nil].compactMap { $0 }
        return "A full navigation lost \(lost.joined(separator: " and "))"
    }

    static let notRelaunched = KnownDiagnosis("storage.not-relaunched", probes: [.storageRelaunch], .instruction) {
        "Close the app, reopen the link, and answer again."
    }
    static let relaunchLostStorage = KnownDiagnosis("storage.relaunch-lost", probes: [.storageRelaunch], .observation) {
        "Persistent data did not survive a relaunch, so a resumed session will not work"
    }
    /// Every diagnosis declared in this file, for the docs and the tests (a test holds the list to the declarations).
    static let storageDeclared: [any DeclaredDiagnosis] = [
        storageUnavailable, storageRoundTripFailed, indexedDBFailed, httpOnlyVisible, cookieNotKept, cookieNotSent,
        thirdPartyFrameUnreachable, thirdPartyCookieNotKept, navigationLostStorage, notRelaunched, relaunchLostStorage,
    ]
}

extension Diff {
    func rank(_ symptom: Symptom, _ result: ProbeResult, _ context: EvaluationContext) -> [Cause] {
        symptom.rank(CauseEvidence(result: result, context: context))
    }

    /// DOM storage is off by default on Android (docs/requirements.md#storage); null or throwing storage there
    /// means `domStorageEnabled` was never set.
    func evaluateWebStorage(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let probe = result.probe
        let name = probe == .storageLocal ? "localStorage" : "sessionStorage"
        let available = result.bool("available")
        let roundTrip = result.bool("writeReadRemove")
        let error = result.string("errorName")
        guard available != nil || roundTrip != nil || error != nil else { return Assessment(.unknown, "") }
        let observed = "\(name) available \(describe(available)), write-read-remove \(describe(roundTrip))" + (error.map { ", threw \($0)" } ?? "")
        if available == true, roundTrip != false, error == nil { return Assessment(.works, observed) }

        if available == false || (error != nil && error != "QuotaExceededError") {
            let how = available == false ? "is null" : "throws \(error!)"
            // domStorageEnabled gates localStorage alone (Symptom.webStorageWorked), so a null
            // sessionStorage on Android is the data store's or the origin's doing, as elsewhere.
            return diagnosed(.storageUnavailable, result, context, state: .broken, observed: observed, lead: Diagnosis.storageUnavailable(name, how), remedy: .domStorage)
        }
        return diagnosed(.storageRoundTripFailed, result, context, state: .broken, observed: observed, lead: Diagnosis.storageRoundTripFailed(name, error), remedy: .domStorage)
    }

    func evaluateIndexedDB(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let available = result.bool("available")
        let opened = result.bool("opened")
        let roundTrip = result.bool("putGetDelete")
        let error = result.string("errorName")
        return everyStep(available, opened, roundTrip, observed: "indexedDB available \(describe(available)), opened \(describe(opened)), put-get-delete \(describe(roundTrip))" + (error.map { ", \($0)" } ?? "")) { observed in
            diagnosed(.storageUnavailable, result, context, state: .broken, observed: observed, lead: Diagnosis.indexedDBFailed(), remedy: .domStorage)
        }
    }

    func evaluateDocumentCookie(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let enabled = result.bool("cookieEnabled")
        let writeRead = result.bool("writeRead")
        guard enabled != nil || writeRead != nil else { return Assessment(.unknown, "") }
        let observed = "cookieEnabled \(describe(enabled)), write-read \(describe(writeRead))"
        if enabled != false, writeRead == true { return Assessment(.works, observed) }
        return cookiesNotKept(result, context, observed)
    }

    func evaluateServerCookie(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        guard let echoed = result.bool("echoed") else { return Assessment(.unknown, "") }
        let observed = "server cookie echoed back \(describe(echoed))" + (result.bool("visibleToScript") == true ? ", HttpOnly cookie visible to script" : "")
        if !echoed {
            return cookiesNotKept(result, context, observed)
        }
        if result.bool("visibleToScript") == true {
            return diagnosed(.httpOnlyVisible, result, context, state: .warning, observed: observed, lead: Diagnosis.httpOnlyVisible(), remedy: nil)
        }
        return Assessment(.works, observed)
    }

    /// A cookie not kept: the causes the rest of the run leaves standing (cookies off for the
    /// app, or in a browser's settings, only where no other cookie was kept), which the
    /// settings rows name with their fixes in an app WebView.
    func cookiesNotKept(_ result: ProbeResult, _ context: EvaluationContext, _ observed: String, lead: Diagnosis = Diagnosis.cookieNotKept()) -> Assessment {
        diagnosed(.cookiesBlocked, result, context, state: .broken, observed: observed, lead: lead, remedy: nil)
    }

    /// Third-party cookies: Android WebView blocks them unless the app opts in; WebKit's ITP
    /// blocks them on iOS whatever the app does, which the profile expects.
    func evaluateThirdPartyCookie(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        if result.bool("frameLoaded") == false {
            return Assessment(.warning, "the second-origin frame did not load", diagnosis: Diagnosis.thirdPartyFrameUnreachable(), layer: .network)
        }
        guard let readBack = result.bool("readBack") else { return Assessment(.unknown, "") }
        let observed = "set \(describe(result.bool("set"))), read back \(describe(readBack))"
        if readBack { return Assessment(.works, observed) }
        // A browser's own site settings carry no fix of the app's: the cause's remedy, if any.
        let remedy: Remedy? = context.isAppWebView || context.family == .ios ? .thirdPartyCookies : nil
        return diagnosed(.thirdPartyCookiesBlocked, result, context, state: .broken, observed: observed, lead: Diagnosis.thirdPartyCookieNotKept(), remedy: remedy)
    }

    func evaluateNavigationStorage(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let cookie = result.bool("cookieSurvived")
        let local = result.bool("localStorageSurvived")
        return everyStep(cookie, local, observed: "after navigating away and back: cookie \(describe(cookie)), localStorage \(describe(local))") { observed in
            diagnosed(.storageNotPersistent, result, context, state: .broken, observed: observed,
                      lead: Diagnosis.navigationLostStorage(cookie == false, local == false), remedy: cookie == false ? .cookies : .persistentDataStore)
        }
    }

    func evaluateRelaunch(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        if result.bool("relaunched") == false {
            return Assessment(.notDone, "the app was not relaunched", diagnosis: Diagnosis.notRelaunched())
        }
        let persistent = result.bool("persistentCookie")
        let local = result.bool("localStorage")
        let indexed = result.bool("indexedDB")
        return noStepFailed(persistent, local, indexed, observed: "after relaunch: session cookie \(describe(result.bool("sessionCookie"))), persistent cookie \(describe(persistent)), localStorage \(describe(local)), IndexedDB \(describe(indexed))") { observed in
            diagnosed(.storageNotPersistent, result, context, state: .broken, observed: observed, lead: Diagnosis.relaunchLostStorage(), remedy: .persistentDataStore)
        }
    }
}

/// The fixes this area's findings carry, as code an integrator pastes (Tests/remedies/check.py
/// compiles each line; `RemedyCodeTests` checks their width and their API pages).
extension Remedy {
    static let wkDataStoreDefault = "https://developer.apple.com/documentation/webkit/wkwebsitedatastore/default()"

    static let androidCookieFlush = "https://developer.android.com/reference/android/webkit/CookieManager#flush()"

    // DOM storage is off by default on Android (docs/requirements.md#storage).
    public static let domStorage = Remedy(
        iosSwift: """
            // A non-persistent store loses storage
            configuration.websiteDataStore = .default()
            """,
        androidKotlin: """
            // Off by default: no localStorage without it
            webView.settings.domStorageEnabled = true
            """,
        reactNative: "<WebView domStorageEnabled />",
        docs: Docs(ios: wkDataStoreDefault, android: PlatformSource.androidDomStorage, reactNative: rnReference + "#domstorageenabled"))

    // https://developer.android.com/reference/android/webkit/CookieManager#setAcceptCookie(boolean)
    public static let cookies = Remedy(
        iosSwift: """
            // Not .nonPersistent()
            configuration.websiteDataStore = .default()
            """,
        androidKotlin: "CookieManager.getInstance().setAcceptCookie(true)",
        reactNative: """
            // sharedCookiesEnabled is iOS only; on Android allow cookies in
            // CookieManager (setAcceptCookie(true))
            <WebView sharedCookiesEnabled />
            """,
        docs: Docs(ios: wkDataStoreDefault, android: PlatformSource.androidAcceptCookie, reactNative: rnReference + "#sharedcookiesenabled"))

    // https://webkit.org/blog/10218/full-third-party-cookie-blocking-and-more/
    public static let thirdPartyCookies = Remedy(
        iosSwift: """
            // None: WebKit's ITP blocks third-party cookies whatever the app
            // sets; keep the flow first-party
            """,
        androidKotlin: "CookieManager.getInstance().setAcceptThirdPartyCookies(webView, true)",
        reactNative: """
            // Android only; iOS blocks them under ITP
            <WebView thirdPartyCookiesEnabled />
            """,
        docs: Docs(ios: PlatformSource.webKitThirdPartyCookies, android: PlatformSource.androidThirdPartyCookies,
                   reactNative: rnReference + "#thirdpartycookiesenabled"))

    // https://developer.apple.com/documentation/webkit/wkwebsitedatastore/nonpersistent()
    public static let persistentDataStore = Remedy(
        iosSwift: """
            // .nonPersistent() forgets everything on relaunch
            configuration.websiteDataStore = .default()
            """,
        androidKotlin: """
            // On start, do not call CookieManager.removeAllCookies or
            // WebStorage.getInstance().deleteAllData(); flush on pause
            override fun onPause() {
                super.onPause()
                CookieManager.getInstance().flush()
            }
            """,
        reactNative: """
            // Do not set incognito; keep cacheEnabled and the default data store
            <WebView incognito={false} cacheEnabled />
            """,
        docs: Docs(ios: wkDataStoreDefault, android: androidCookieFlush, reactNative: rnReference + "#incognito"))
}
