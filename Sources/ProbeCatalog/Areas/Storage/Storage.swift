// The probes of storage and cookies: web storage, IndexedDB, cookies, and what survives a
// navigation and a relaunch: their names, their declarations, the diagnoses they can state, how
// their results are judged, the causes they rank and the fixes their findings carry, side by
// side; docs/adding-a-probe.md walks adding a probe here.

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
                ]).blockingTheFlow()
            .verifies("common.webview.cookiesPersist", "android.domStorageEnabled", "rn.domStorageEnabled"),
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
            Consequence(of: .storageLocal, because: "Web Storage is off: sessionStorage goes with localStorage")).blockingTheFlow()
            .verifies("android.domStorageEnabled", "rn.domStorageEnabled"),
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
                ]).blockingTheFlow()
            // Its first open in a fresh profile creates the database (100–200 ms on a phone,
            // waiting on the browser's storage process), and the cookie steps after it neither
            // read nor change IndexedDB; storage.navigation, which leaves the page, waits for it.
            .runningBesideTheNext(on: [.ios, .android, .desktop])
            .verifies("android.domStorageEnabled", "rn.domStorageEnabled"),
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
                ])
            .verifies("common.webview.cookiesPersist", "android.cookies", "ios.dataStore", "rn.cookies"),
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
            .runningBesideTheNext(on: [.ios, .android, .desktop])
            .verifies("common.webview.cookiesPersist", "android.cookies", "ios.dataStore", "rn.cookies"),
        Probe(
            id: .cookieThirdParty, title: "Third-party cookie",
            instructions: "Nothing to do.",
            kind: .auto, phase: .storage,
            checks: "A frame on the second origin sets a SameSite=None; Secure cookie and reads it back on a credentialed request.",
            observed: [
                F("frameLoaded", .boolean, "True when the second-origin frame loaded and answered."),
                F("loadedAsPage", .boolean, "True when the frame's URL was loaded as the page itself (the host took the frame's navigation over and loaded it in the main frame), and the frame's page sent the test page back."),
                F("set", .boolean, "True when the frame's Set-Cookie response arrived."),
                F("readBack", .boolean, "True when the next credentialed request from the frame carried the cookie."),
                F("storageAccessApi", .boolean, "True when document.hasStorageAccess exists in the frame."),
                F("origin", .string, "The second origin the frame was loaded from."),
                F("crossSite", .boolean, "True when that origin is another host (cross-site); false for the same host on another port, which RFC 6265bis counts as the same site."),
                F("errorName", .string, "Error the frame reported, if any."),
            ],
            healthy: .init(["frameLoaded": true, "loadedAsPage": false, "set": true, "readBack": true], on: [.ios: ["readBack": false]]),
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
            // Its frame's navigation is the run's first: a host that loads a subframe's URL in
            // the main frame replaces the page there (the start marker says where it stopped).
            remedy: .thirdPartyCookies, marksStart: true).evaluated(
                by: Diff.evaluateThirdPartyCookie,
                concluding: [
                "blocked on Android → setAcceptThirdPartyCookies(webView, true)",
                "blocked on iOS → ITP, expected",
                "second-origin frame did not load → certificate or reachability (warning)",
                "the frame's URL loaded as the page → the host's navigation policy loads frames in the main frame (warning)",
                ]).failing(as:
            // A third-party cookie is a cookie first: with cookies off, setAcceptThirdPartyCookies
            // has nothing to allow (https://developer.android.com/reference/android/webkit/CookieManager#setAcceptThirdPartyCookies(android.webkit.WebView,%20boolean)).
            Consequence(of: .cookieDocument, because: "cookies are off: no third-party cookie either",
                        unless: { $0.bool("frameLoaded") == false }))
            .verifies("android.cookies", "rn.cookies"),
        Probe(
            id: .storageNavigation, title: "Storage across navigation",
            instructions: "The page leaves and comes back by itself.",
            kind: .auto, phase: .storage,
            checks: "A cookie and a localStorage marker survive a full navigation: the page loads itself again as a new document and reads them.",
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
                        unless: { $0.bool("localStorageSurvived") == false }))
            .verifies("common.webview.cookiesPersist", "ios.dataStore"),
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
                        unless: { $0.bool("localStorage") == false || $0.bool("indexedDB") == false }))
            .verifies("ios.dataStore"),
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
    static let storageSymptoms: [Symptom] = [.storageUnavailable, .storageRoundTripFailed, .storageNotPersistent, .sessionCookieEnded, .cookiesBlocked, .httpOnlyVisible, .thirdPartyCookiesBlocked]
}

/// Storage and cookies: the diagnoses the evaluators below state (the causes they rank are
/// the symptoms below).
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
    /// The rows that judge it are the hosts' navigation policies that load every URL in the
    /// main frame (native Android's shouldOverrideUrlLoading, native iOS's decidePolicyFor,
    /// webview_flutter_android before 3.16.1).
    static let frameLoadedAsPage = KnownDiagnosis("navigation.frame-loaded-as-page", probes: [.cookieThirdParty], .observation) {
        "The host loaded the second origin's frame as the page itself: a navigation policy that takes over every URL, a frame's included, and loads it in the main frame replaces the page (and any embedded flow, such as a verification provider's frame)."
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
    static let sessionCookieEnded = KnownDiagnosis("storage.session-cookie-ended", probes: [.storageRelaunch], .observation) {
        "Persistent data survived the relaunch; the session cookie ended with the app, as a cookie without Expires or Max-Age does"
    }
    /// Every diagnosis declared in this file, for the docs and the tests (a test holds the list to the declarations).
    static let storageDeclared: [any DeclaredDiagnosis] = [
        storageUnavailable, storageRoundTripFailed, indexedDBFailed, httpOnlyVisible, cookieNotKept, cookieNotSent,
        thirdPartyFrameUnreachable, frameLoadedAsPage, thirdPartyCookieNotKept, navigationLostStorage, notRelaunched, relaunchLostStorage,
        sessionCookieEnded,
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
        if result.bool("loadedAsPage") == true {
            // A warning wherever the cookie's own expectation stands (ITP's blocking passes on
            // iOS): the page came back, but any flow that embeds a frame would be replaced.
            return Assessment(.warning, "the frame's URL was loaded as the page, replacing it", diagnosis: Diagnosis.frameLoadedAsPage(), layer: .webView)
        }
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
        let observed = "after relaunch: session cookie \(describe(result.bool("sessionCookie"))), persistent cookie \(describe(persistent)), localStorage \(describe(local)), IndexedDB \(describe(indexed))"
        let judged = noStepFailed(persistent, local, indexed, observed: observed) { observed in
            diagnosed(.storageNotPersistent, result, context, state: .broken, observed: observed, lead: Diagnosis.relaunchLostStorage(), remedy: .persistentDataStore)
        }
        // Everything persistent stayed and the session cookie went: the web's rule, not a fault,
        // and the one explanation of a site whose login does not survive a relaunch.
        if judged.state == .works, result.bool("sessionCookie") == false {
            return diagnosed(.sessionCookieEnded, result, context, state: .works, observed: observed, lead: Diagnosis.sessionCookieEnded(), remedy: nil)
        }
        return judged
    }
}

/// Storage and cookies: failing observations and their known causes.
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

    /// storage.relaunch kept every persistent marker and lost the session cookie, as the web's
    /// cookie model says: the explanation a site that logs in with a session cookie needs.
    static let sessionCookieEnded = Symptom(id: "storage.session-cookie-ended", probes: [.storageRelaunch], observation: "the session cookie ended with the relaunch while persistent cookies and storage stayed", causes: [
        KnownCause("page.session-cookie-ends-with-app", .page, scope: "every app WebView and browser",
            summary: "a cookie without Expires or Max-Age is a session cookie, which ends with the app's session: a login the site keeps in one is gone at every relaunch, while persistent cookies and storage stay",
            check: "the Set-Cookie of the site's login: without Expires or Max-Age it ends with the app; storage.relaunch's persistent cookie (Max-Age) survived",
            remedy: nil, source: "https://www.rfc-editor.org/rfc/rfc6265#section-5.3", context: .page,
            weigh: .likely("the persistent cookie, localStorage and IndexedDB survived the relaunch and the session cookie did not")),
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
}

/// What rules storage's causes out, and the causes that stand when it holds: the cookie jar a
/// request layer bypasses, and a relaunch that lost the cookie while localStorage stayed.
extension Symptom {
    /// localStorage that worked in this run: DOM storage is on. Only localStorage says so:
    /// Android WebView turns `domStorageEnabled` into Blink's `local_storage_enabled`
    /// (https://github.com/chromium/chromium/blob/00b861abe677c1df2e83895e6ebac39cf5c96f7a/android_webview/browser/aw_settings.cc),
    /// which Blink checks before localStorage and not before sessionStorage
    /// (https://github.com/chromium/chromium/blob/060c72b76edb31927a3b3cc61a454e73425426f1/third_party/blink/renderer/modules/storage/dom_window_storage.cc),
    /// so a working sessionStorage beside a null localStorage is what the setting gives.
    static let webStorageWorked: [Contradiction] = [
        Contradiction(.storageLocal, "storage.local wrote, read and removed a value: DOM storage is on") { r in
            r.bool("available") == true && r.bool("writeReadRemove") == true
        },
    ]
    /// Cookies kept in this run: the WebView's cookie store accepts them, and a setting that
    /// refuses cookies refuses document.cookie's and the server's alike.
    static let cookiesKept: [Contradiction] = [
        Contradiction(.cookieDocument, "cookie.document wrote and read back a cookie: the WebView's cookie store accepts cookies") { r in r.bool("writeRead") == true },
        Contradiction(.cookieServer, "cookie.server's Set-Cookie came back on the next request: the WebView's cookie store accepts cookies") { r in r.bool("echoed") == true },
    ]
    static let cookieSurvivedRelaunch: [Contradiction] = [
        Contradiction(.storageRelaunch, "storage.relaunch found the persistent cookie after the relaunch") { r in r.bool("persistentCookie") == true },
    ]

    // MARK: cookies

    // Same symptom as cookies off, told apart by cookie.document: a layer that fetches the
    // page's requests itself loses the response's Set-Cookie while the jar works.
    static let interceptionDropsSetCookie = KnownCause("app.interception-drops-set-cookie", .network,
        scope: "app WebViews that answer the page's requests themselves (shouldInterceptRequest, a WKURLSchemeHandler, CapacitorHttp, Capacitor's server.url proxy) or sit behind a proxy",
        summary: "a request-interception layer (shouldInterceptRequest, a WKURLSchemeHandler, a native HTTP bridge such as CapacitorHttp, Capacitor's server.url proxy, or a proxy) fetches the page's requests itself and does not store the response's Set-Cookie in the WebView's cookie jar",
        check: "cookie.document passes while cookie.server fails and the server sent Set-Cookie: look for shouldInterceptRequest, a WKURLSchemeHandler, CapacitorHttp enabled or server.url in the app, or a proxy on the network",
        remedy: interceptorCookies, source: "https://github.com/ionic-team/capacitor/pull/3076",
        ruledOutBy: [
            Contradiction(.cookieServer, "cookie.server's Set-Cookie came back on the next request: response cookies reach the jar") { r in r.bool("echoed") == true },
            Contradiction(.cookieServer, "the server sent no Set-Cookie, so none was lost on the way") { r in r.bool("setCookieSent") == false },
        ],
        applies: { $0.platform.isAppWebView && $0.result?.probe != .cookieDocument },
        weigh: { e in
            if e.observed(.cookieDocument, "writeRead")?.boolValue == true {
                return .likely("cookie.document kept its cookie: the jar accepts cookies, only the server's was lost")
            }
            return .possible("the server's cookie was not kept", against: "cookie.document failed too: cookies are off altogether")
        })

    // https://developer.android.com/reference/android/webkit/CookieManager#setCookie(java.lang.String,%20java.lang.String)
    static let interceptorCookies = Remedy(
        iosSwift: """
            // Where a WKURLSchemeHandler or a native request answers for
            // the page, store the response's cookies in the WebView's store
            func keepCookies(of response: HTTPURLResponse, in webView: WKWebView) {
                let fields = response.allHeaderFields
                guard let url = response.url,
                      let headers = fields as? [String: String] else { return }
                let store = webView.configuration.websiteDataStore.httpCookieStore
                HTTPCookie.cookies(withResponseHeaderFields: headers, for: url)
                    .forEach { store.setCookie($0) }
            }
            """,
        androidKotlin: """
            // Where shouldInterceptRequest (or a native HTTP bridge) fetches
            // for the page, store each Set-Cookie in the WebView's jar
            fun keepCookies(url: String, connection: java.net.HttpURLConnection) {
                val jar = CookieManager.getInstance()
                connection.headerFields["Set-Cookie"].orEmpty()
                    .forEach { jar.setCookie(url, it) }
            }
            """,
        docs: Remedy.Docs(ios: "https://developer.apple.com/documentation/webkit/wkhttpcookiestore/setcookie(_:completionhandler:)",
                          android: "https://developer.android.com/reference/android/webkit/CookieManager#setCookie(java.lang.String,%20java.lang.String)"))

    // MARK: relaunch: incognito or not flushed (the same cookie lost, localStorage kept)

    static let incognitoClearsCookies = KnownCause("android.incognito-clears-cookies", .webViewSetting,
        scope: "Android: react-native-webview's and flutter_inappwebview's incognito, on any WebView of the app",
        summary: "an incognito WebView calls CookieManager.removeAllCookies when it is created, which empties the app's one cookie jar (every WebView's) while localStorage stays",
        check: "the incognito prop or setting on any WebView of the app; the cookie is lost after a normal relaunch too, where an unflushed cookie is lost only when the app is killed soon after it was set",
        remedy: nonPersistentRemedy, source: "https://github.com/react-native-webview/react-native-webview/pull/1447",
        ruledOutBy: cookieSurvivedRelaunch,
        applies: { e in
            e.family == .android && e.result?.probe == .storageRelaunch && [.reactNativeWebView, .flutterInAppWebView].contains(e.wrapper)
        },
        weigh: { e in
            let localKept = e.result?.bool("localStorage") == true
            return .init(likelihood: localKept ? .likely : .possible,
                         supporting: ["the persistent cookie was lost in \(e.wrapper?.rawValue ?? "the wrapper"), whose incognito clears every cookie of the app"],
                         against: localKept ? [] : ["localStorage was lost too, which incognito's cookie clearing does not do"])
        })

    static let cookiesNotFlushed = KnownCause("android.cookies-not-flushed", .app, scope: "Android WebView, every wrapper",
        summary: "the cookie was still only in memory when the app was ended: Android WebView writes cookies to disk lazily, and the app does not call CookieManager.flush() when it goes to the background",
        check: "the cookie is lost only when the app is killed soon after it was set (swiped away, force-stopped), not after a normal background and relaunch; CookieManager.getInstance().flush() in onPause",
        remedy: flushCookies, source: "https://developer.android.com/reference/android/webkit/CookieManager#flush()",
        ruledOutBy: cookieSurvivedRelaunch,
        applies: { $0.family == .android && $0.platform.isAppWebView && $0.result?.probe == .storageRelaunch },
        weigh: { e in
            let localKept = e.result?.bool("localStorage") == true
            return .init(likelihood: localKept ? .likely : .possible, supporting: ["the persistent cookie was lost across the relaunch"],
                         against: localKept ? [] : ["localStorage was lost too, which an unflushed cookie does not explain"])
        })

    // https://developer.android.com/reference/android/webkit/CookieManager#flush()
    static let flushCookies = Remedy(
        androidKotlin: """
            // Write the in-memory cookies to disk whenever the app goes to
            // the background, before its process can be ended
            lifecycle.addObserver(LifecycleEventObserver { _, event ->
                if (event == Lifecycle.Event.ON_PAUSE) {
                    CookieManager.getInstance().flush()
                }
            })
            """,
        docs: Remedy.Docs(android: "https://developer.android.com/reference/android/webkit/CookieManager#flush()"))
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
