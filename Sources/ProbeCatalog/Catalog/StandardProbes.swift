/// The names of the standard probes, in page order: each is the `id` of one declaration below.
extension ProbeID {
    public static let envScript = ProbeID(rawValue: "env.script")
    public static let envPlatform = ProbeID(rawValue: "env.platform")
    public static let envSecureContext = ProbeID(rawValue: "env.secureContext")
    public static let envViewport = ProbeID(rawValue: "env.viewport")
    public static let envInjected = ProbeID(rawValue: "env.injected")
    public static let hostReport = ProbeID(rawValue: "host.report")
    public static let storageLocal = ProbeID(rawValue: "storage.local")
    public static let storageSession = ProbeID(rawValue: "storage.session")
    public static let storageIndexedDB = ProbeID(rawValue: "storage.indexedDB")
    public static let cookieDocument = ProbeID(rawValue: "cookie.document")
    public static let cookieServer = ProbeID(rawValue: "cookie.server")
    public static let cookieThirdParty = ProbeID(rawValue: "cookie.thirdParty")
    public static let storageNavigation = ProbeID(rawValue: "storage.navigation")
    public static let storageRelaunch = ProbeID(rawValue: "storage.relaunch")
    public static let fetchSameOrigin = ProbeID(rawValue: "fetch.sameOrigin")
    public static let fetchCredentials = ProbeID(rawValue: "fetch.credentials")
    public static let fetchCors = ProbeID(rawValue: "fetch.cors")
    public static let fetchIntegrity = ProbeID(rawValue: "fetch.integrity")
    public static let xhrSameOrigin = ProbeID(rawValue: "xhr.sameOrigin")
    public static let netMixedContent = ProbeID(rawValue: "net.mixedContent")
    public static let mediaAutoplay = ProbeID(rawValue: "media.autoplay")
    public static let mediaInline = ProbeID(rawValue: "media.inline")
    public static let cameraApi = ProbeID(rawValue: "camera.api")
    public static let cameraDevices = ProbeID(rawValue: "camera.devices")
    public static let cameraPermission = ProbeID(rawValue: "camera.permission")
    public static let cameraGetUserMedia = ProbeID(rawValue: "camera.getUserMedia")
    public static let cameraFrames = ProbeID(rawValue: "camera.frames")
    public static let cameraFacing = ProbeID(rawValue: "camera.facing")
    public static let cameraReacquire = ProbeID(rawValue: "camera.reacquire")
    public static let cameraScope = ProbeID(rawValue: "camera.scope")
    public static let cameraForeignOrigin = ProbeID(rawValue: "camera.foreignOrigin")
    public static let fileAccept = ProbeID(rawValue: "file.accept")
    public static let fileCapture = ProbeID(rawValue: "file.capture")
    public static let fileCancel = ProbeID(rawValue: "file.cancel")
    public static let fileHeic = ProbeID(rawValue: "file.heic")
    public static let navWindowOpen = ProbeID(rawValue: "nav.windowOpen")
    public static let navCustomScheme = ProbeID(rawValue: "nav.customScheme")
    public static let navReturnUrl = ProbeID(rawValue: "nav.returnUrl")
    public static let navLoadError = ProbeID(rawValue: "nav.loadError")
    public static let lifecycleBackground = ProbeID(rawValue: "lifecycle.background")
    public static let netOffline = ProbeID(rawValue: "net.offline")
    public static let operatorChecklist = ProbeID(rawValue: "operator.checklist")
}

/// The probes of the sequential page (docs/probes.md), in page order. The observed fields are the contract with the
/// page: the page posts them, `ResultDecoder` checks their types, and `Diff` reads them.
enum StandardProbes {
    typealias F = ObservedField

    static let outcomeValues = ["granted", "error", "not-run"]
    static let permissionStates = ["granted", "denied", "prompt", "unsupported"]

    static let all: [Probe] = environment + storage + network + media + camera + files + navigation + lifecycle + relaunch + confirmation

    // MARK: environment

    static let environment: [Probe] = [
        Probe(
            id: .envScript, title: "JavaScript runs",
            instructions: "Nothing to do: if this page shows steps, JavaScript is on.",
            kind: .auto, phase: .environment,
            checks: "A <noscript> beacon tells the server that JavaScript is off; the page reports that it ran.",
            observed: [
                F("javascript", .boolean, "True when the page's script ran (posted by the script itself)."),
                F("noscriptBeacon", .boolean, "True when the server saw the <noscript> image request (recorded by the server)."),
            ],
            healthy: .init(["javascript": true, "noscriptBeacon": false]),
            expectation: .init(.required, expected: "JavaScript on"),
            remedy: .javaScript).evaluated(
                by: Diff.evaluateScript,
                concluding: [
                "noscript beacon seen → JavaScript off (Android WebView's default: setJavaScriptEnabled is false)",
                ]),
        Probe(
            id: .envPlatform, title: "Platform and versions",
            instructions: "Nothing to do: the page reads the browser's identity.",
            kind: .auto, phase: .environment,
            checks: "User agent, userAgentData, wrapper signals, OS and engine versions, screen and DPR; versions compared with the minimums.",
            observed: [
                F("userAgent", .string, "navigator.userAgent."),
                F("reactNativeWebView", .boolean, "True when window.ReactNativeWebView exists (react-native-webview)."),
                F("webkitMessageHandlers", .boolean, "True when window.webkit.messageHandlers exists (a WKWebView host registered a handler)."),
                F("messageHandlerNames", .stringArray, "Names found in window.webkit.messageHandlers, where enumerable."),
                F("maxTouchPoints", .integer, "navigator.maxTouchPoints (iPadOS in desktop mode reports a Mac user agent with touch points > 1)."),
                F("uaBrands", .stringArray, "navigator.userAgentData.brands as \"Brand/version\"."),
                F("uaPlatform", .string, "navigator.userAgentData.platform."),
                F("uaPlatformVersion", .string, "getHighEntropyValues(['platformVersion']).platformVersion (the real Android version behind a reduced user agent)."),
                F("uaMobile", .boolean, "navigator.userAgentData.mobile."),
                F("screenWidth", .integer, "screen.width in CSS pixels."),
                F("screenHeight", .integer, "screen.height in CSS pixels."),
                F("devicePixelRatio", .number, "window.devicePixelRatio."),
                F("standalone", .boolean, "navigator.standalone (iOS home-screen web app)."),
                F("wrapperSignals", .object, "The app framework's bridge globals, message handlers and ?wrapper= (Public/wrapper.js; docs/wrappers.md)."),
            ],
            healthy: .init(["userAgent": "test"]),
            thresholds: [
                Threshold("highEntropyMs", ms: 2000, "getHighEntropyValues answers from the browser process at once; a WebView that never settles it leaves the user agent string to stand."),
            ],
            expectation: .init(.required, expected: "OS and engine at or above the minimums"),
            remedy: .updateOS).evaluated(
                by: Diff.evaluatePlatform,
                concluding: [
                "OS under the requirement set's minimum → fail naming the version and the minimum, whatever else passed",
                "under the recommended version, or Android System WebView older than Chrome \(RequirementSet.staleWebViewChromeMajor) → warning",
                "version unreadable (reduced user agent without userAgentData) → warning",
                ]),
        Probe(
            id: .envSecureContext, title: "Secure context",
            instructions: "Nothing to do.",
            kind: .auto, phase: .environment,
            checks: "isSecureContext, protocol and origin: without a secure context the camera API is absent.",
            observed: [
                F("isSecureContext", .boolean, "window.isSecureContext."),
                F("protocol", .string, "location.protocol, e.g. \"https:\"."),
                F("origin", .string, "location.origin."),
            ],
            healthy: .init(["isSecureContext": true, "protocol": "https:", "origin": "https://probe.test"]),
            expectation: .init(.required, expected: "secure (https, or http://localhost)"),
            remedy: .secureContext).evaluated(
                by: Diff.evaluateSecureContext,
                concluding: [
                "not a secure context → the camera API will be absent",
                ]),
        Probe(
            id: .envViewport, title: "Full-screen layout",
            instructions: "Hold the phone upright.",
            kind: .auto, phase: .environment,
            checks: "Viewport against screen, safe-area insets and orientation: the WebView should fill the screen (docs/requirements.md#layout).",
            observed: [
                F("innerWidth", .integer, "window.innerWidth."),
                F("innerHeight", .integer, "window.innerHeight."),
                F("screenWidth", .integer, "screen.width."),
                F("screenHeight", .integer, "screen.height."),
                F("heightRatio", .number, "innerHeight / screenHeight in the current orientation."),
                F("safeAreaTop", .number, "env(safe-area-inset-top) in CSS pixels."),
                F("safeAreaBottom", .number, "env(safe-area-inset-bottom) in CSS pixels."),
                F("orientation", .string, "screen.orientation.type or portrait/landscape from matchMedia."),
            ],
            healthy: .init(["heightRatio": 0.95]),
            expectation: .init(
                .required, ExpectationRule.on(ExpectationRule.browsers, .info),
                expected: "fills the screen (at least 90 % of its height)",
                expectedOn: [.iosSafari: "browser chrome takes part of the screen", .androidChrome: "browser chrome takes part of the screen", .desktop: "any size"]),
            remedy: .fullScreenLayout).evaluated(
                by: Diff.evaluateViewport,
                concluding: [
                "under 75 % of the screen height → embedded in a card or modal",
                "75–90 % → native header or bar (a safe-area inset alone is fine)",
                ]),
        Probe(
            id: .envInjected, title: "Injected scripts",
            instructions: "Nothing to do.",
            kind: .auto, phase: .environment,
            checks: "Signs of scripts the host injected: patched natives, unexpected globals, bridge objects.",
            observed: [
                F("patchedNatives", .stringArray, "Built-ins whose toString() is no longer native code, e.g. \"navigator.mediaDevices.getUserMedia\"."),
                F("unexpectedGlobals", .stringArray, "Window properties not in the page's baseline list."),
                F("bridgeObjects", .stringArray, "Known bridges found: ReactNativeWebView, webkit.messageHandlers.*, Android JavascriptInterface names."),
            ],
            healthy: .init(["patchedNatives": [], "unexpectedGlobals": [], "bridgeObjects": []]),
            expectation: .init(.info, expected: "reported for information")).evaluated(
                by: Diff.evaluateInjected,
                concluding: [
                "getUserMedia or enumerateDevices patched → camera results describe the host's shim",
                ]),
        Probe(
            id: .hostReport, title: "Host report",  // HostReport.probe
            instructions: "Nothing to do: the page asks the app what it configured; an app without the companion snippet does not answer.",
            kind: .auto, phase: .environment,
            checks: "Asks the host through its bridge for a \(HostReport.schema) document (docs/host-report.md); no answer within the page's wait is \"no host report\", never a failure.",
            observed: [
                F("bridge", .string, "The bridge the page asked through, or none.", values: HostReport.bridgeValues),
                F("answered", .boolean, "True when the host answered within the wait."),
                F("waitedMs", .number, "How long the page waited for the answer."),
                F("report", .object, "The host's document, validated by the catalog (docs/host-report.md)."),
                F("problem", .string, "Why an answer that came could not be used (not JSON, another schema)."),
            ],
            healthy: .init(["bridge": "none", "answered": false, "waitedMs": 0]),
            expectation: .init(.info, expected: "reported for information")).evaluated(
                by: Diff.evaluateHostReport,
                concluding: [
                "host says a setting is on that the page finds off → the report reads another WebView or configuration (a contradiction, warning)",
                "OS camera authorization denied → the OS layer, settling a fast NotAllowedError",
                ]),
    ]

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
                ]),
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
            Consequence(of: .storageLocal, because: "Web Storage is off: sessionStorage goes with localStorage")),
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
                ]),
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
                        unless: { $0.bool("visibleToScript") == true })),
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
            instructions: "Close the app completely, open it again, and open this link in it again. The page then asks whether you did.",
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

    // MARK: network

    static let network: [Probe] = [
        Probe(
            id: .fetchSameOrigin, title: "fetch, same origin",
            instructions: "Nothing to do.",
            kind: .auto, phase: .network,
            checks: "GET JSON, and a POST of JSON echoed byte for byte.",
            observed: [
                F("getOk", .boolean, "True when GET returned 200 and valid JSON."),
                F("postEchoExact", .boolean, "True when the echoed POST body matched byte for byte."),
                F("status", .integer, "HTTP status of the POST."),
                F("errorName", .string, "Exception name when fetch threw (TypeError for a network error)."),
                F("errorMessage", .string, "Exception message of the first failure."),
            ],
            healthy: .init(["getOk": true, "postEchoExact": true, "status": 200]),
            expectation: .init(.required, expected: "GET and POST work"),
            remedy: .bodyIntegrity).evaluated(
                by: Diff.evaluateSameOriginFetch,
                concluding: [
                "GET works, POST body altered → an interceptor rewrites bodies",
                ]),
        Probe(
            id: .fetchCredentials, title: "fetch carries the cookie",
            instructions: "Nothing to do.",
            kind: .auto, phase: .network,
            checks: "A same-origin fetch carries the cookie (the server says whether it saw it).",
            observed: [
                F("cookieSent", .boolean, "True when the server saw the cookie on the fetch."),
                F("errorName", .string, "Exception name when the fetch threw."),
            ],
            healthy: .init(["cookieSent": true]),
            expectation: .init(.required, expected: "the cookie is sent"),
            remedy: .cookies).evaluated(
                by: Diff.evaluateCredentials,
                concluding: [
                "cookie not sent → cookie policy",
                ]).failing(as:
            // The page sets the cookie with document.cookie; with cookies off there is none to send.
            Consequence(of: .cookieDocument, because: "cookies are off: the fetch has no cookie to carry",
                        unless: { $0.string("errorName") != nil })),
        Probe(
            id: .fetchCors, title: "fetch, cross origin",
            instructions: "Nothing to do.",
            kind: .auto, phase: .network,
            checks: "A cross-origin GET and a preflighted credentialed POST to the second origin.",
            observed: [
                F("getOk", .boolean, "True when the cross-origin GET succeeded."),
                F("preflightOk", .boolean, "True when the preflighted credentialed POST succeeded."),
                F("errorName", .string, "Exception name of the first failure."),
                F("cookiesAtSecondOrigin", .stringArray, "Names of the probe_ cookies the second origin saw on the credentialed POST."),
            ],
            healthy: .init(["getOk": true, "preflightOk": true]),
            expectation: .init(.required, expected: "both succeed")).evaluated(
                by: Diff.evaluateCORS,
                concluding: [
                "GET works, preflighted POST fails → OPTIONS intercepted or credentials stripped",
                "both fail → second origin unreachable or untrusted",
                ]),
        Probe(
            id: .fetchIntegrity, title: "Large bodies intact",
            instructions: "Nothing to do.",
            kind: .auto, phase: .network,
            checks: "A 1 MiB upload and download, SHA-256 checked on both sides.",
            observed: [
                F("bytes", .integer, "Size of each body (1048576)."),
                F("uploadHashMatch", .boolean, "True when the server's SHA-256 of the upload matched the page's."),
                F("downloadHashMatch", .boolean, "True when the page's SHA-256 of the download matched the server's."),
                F("errorName", .string, "Exception name when a transfer threw."),
                F("errorMessage", .string, "Exception message of the first failure."),
            ],
            healthy: .init(["bytes": 1_048_576, "uploadHashMatch": true, "downloadHashMatch": true]),
            expectation: .init(.required, expected: "both hashes match"),
            remedy: .bodyIntegrity).evaluated(
                by: Diff.evaluateIntegrity,
                concluding: [
                "hash mismatch → a bridge or proxy alters bodies",
                ]),
        Probe(
            id: .xhrSameOrigin, title: "XMLHttpRequest",
            instructions: "Nothing to do.",
            kind: .auto, phase: .network,
            checks: "XMLHttpRequest GET and POST.",
            observed: [
                F("getOk", .boolean, "True when the GET returned 200."),
                F("postOk", .boolean, "True when the POST was echoed."),
            ],
            healthy: .init(["getOk": true, "postOk": true]),
            thresholds: [
                Threshold("requestMs", ms: 10000, "Two small requests to the serving host; XMLHttpRequest has no timeout of its own."),
            ],
            expectation: .init(.required, expected: "GET and POST work"),
            remedy: .bodyIntegrity).evaluated(
                by: Diff.evaluateXHR,
                concluding: [
                "fails → patched XMLHttpRequest or request interception",
                ]),
        Probe(
            id: .netMixedContent, title: "Mixed content",
            instructions: "Nothing to do.",
            kind: .auto, phase: .network,
            checks: "An http: image and an http: fetch from the https page.",
            observed: [
                F("imageLoaded", .boolean, "True when the http: image loaded."),
                F("fetchBlocked", .boolean, "True when the http: fetch was blocked."),
                F("fetchErrorName", .string, "Exception name of the blocked http: fetch (TypeError, or TimeoutError set by the page)."),
            ],
            healthy: .init(["imageLoaded": false, "fetchBlocked": true], on: [.android: ["imageLoaded": true]]),
            thresholds: [
                Threshold("imageMs", ms: 5000, "A blocked http: image fails at once; an allowed one comes from the same server in well under a second."),
                Threshold("fetchMs", ms: 5000, "A blocked http: fetch rejects at once; one that hangs is as good as blocked."),
            ],
            expectation: .init(
                .info, expected: "fetch blocked; image blocked or upgraded",
                expectedOn: [
                    .androidWebView: "fetch blocked; image allowed in MIXED_CONTENT_COMPATIBILITY_MODE",
                    .rnWebViewAndroid: "fetch blocked; image allowed with mixedContentMode=\"compatibility\"",
                ]),
            remedy: .mixedContent).evaluated(
                by: Diff.evaluateMixedContent,
                concluding: [
                "http: fetch allowed → mixed content always allowed (warning)",
                "http: image allowed on Android → MIXED_CONTENT_COMPATIBILITY_MODE, which loads images only",
                ]),
    ]

    // MARK: media

    static let media: [Probe] = [
        Probe(
            id: .mediaAutoplay, title: "Autoplay",
            instructions: "Nothing to do.",
            kind: .auto, phase: .media,
            checks: "An unmuted play() without a gesture.",
            observed: [
                F("played", .boolean, "True when play() resolved."),
                F("allowed", .boolean, "True when play() was accepted: the element left the paused state, which only an allowed play() does (https://html.spec.whatwg.org/multipage/media.html#dom-media-play), even if the clip had not started by playMs."),
                F("errorName", .string, "Rejection name, e.g. \"NotAllowedError\"."),
                F("errorMessage", .string, "Exception message of the first failure."),
            ],
            healthy: .init(["played": true]),
            thresholds: [
                Threshold("playMs", ms: 4000, "The clip is a few KB from this server; an allowed play() starts in well under a second, and a refused one may never reject (older WebKit)."),
            ],
            expectation: .init(
                .required, ExpectationRule.on(ExpectationRule.browsers, .info),
                expected: "allowed without a gesture",
                expectedOn: [.iosSafari: "blocked until a gesture (browser policy)", .androidChrome: "blocked until a gesture (browser policy)", .desktop: "browser policy"]),
            remedy: .autoplay).evaluated(
                by: Diff.evaluateAutoplay,
                concluding: [
                "refused in a WebView → media requires a user gesture (Android WebView's default: mediaPlaybackRequiresUserGesture is true)",
                ]),
        Probe(
            id: .mediaInline, title: "Inline video",
            instructions: "Nothing to do.",
            kind: .auto, phase: .media,
            checks: "A playsinline video stays in the page (not fullscreen).",
            observed: [
                F("inline", .boolean, "True when the video played inside the page."),
                F("enteredFullscreen", .boolean, "True when a fullscreen/webkitbeginfullscreen event fired."),
                F("played", .boolean, "True when the video played at all."),
                F("allowed", .boolean, "True when play() was accepted (as media.autoplay), even if the clip had not started by playMs."),
                F("errorName", .string, "Rejection name of play(), e.g. \"NotAllowedError\"."),
            ],
            healthy: .init(["inline": true, "enteredFullscreen": false, "played": true]),
            thresholds: [
                Threshold("playMs", ms: 4000, "As media.autoplay."),
                Threshold("fullscreenSettleMs", ms: 500, "A fullscreen player takes over just after playing starts; its events fire within this."),
            ],
            expectation: .init(.required, [.desktop: .info], expected: "plays inline"),
            remedy: .inlineMedia).evaluated(
                by: Diff.evaluateInline,
                concluding: [
                "fullscreen on iOS → allowsInlineMediaPlayback false (its default on iPhone)",
                ]),
    ]

    // MARK: camera

    static let camera: [Probe] = [
        Probe(
            id: .cameraApi, title: "Camera API present",
            instructions: "Nothing to do.",
            kind: .auto, phase: .camera,
            checks: "navigator.mediaDevices.getUserMedia exists.",
            observed: [
                F("mediaDevices", .boolean, "True when navigator.mediaDevices exists."),
                F("getUserMedia", .boolean, "True when navigator.mediaDevices.getUserMedia is a function."),
            ],
            healthy: .init(["mediaDevices": true, "getUserMedia": true]),
            expectation: .init(.required, expected: "present"),
            remedy: .secureContext).evaluated(
                by: Diff.evaluateCameraAPI,
                concluding: [
                "absent in an insecure context → https",
                "absent on iOS < 14.3 → no getUserMedia in WKWebView (it arrived with iOS 14.3)",
                "absent otherwise → WebView without WebRTC",
                ]),
        Probe(
            id: .cameraDevices, title: "Cameras listed",
            instructions: "Nothing to do.",
            kind: .auto, after: .cameraRequestEnded, phase: .camera,
            checks: "enumerateDevices before and after the grant: video inputs and whether labels show.",
            observed: [
                F("videoInputsBefore", .integer, "Video inputs before the grant."),
                F("videoInputsAfter", .integer, "Video inputs after the grant (null when no grant happened)."),
                F("labelsBefore", .boolean, "True when device labels were readable before the grant."),
                F("labelsAfter", .boolean, "True when device labels were readable after the grant."),
            ],
            healthy: .init(["videoInputsBefore": 2, "videoInputsAfter": 2, "labelsBefore": false, "labelsAfter": true]),
            thresholds: [
                Threshold("enumerateMs", ms: 3000, "enumerateDevices answers from the device list at once; a patched or broken one is reported as unknown."),
            ],
            expectation: .init(.required, [.desktop: .info], expected: "at least one video input"),
            remedy: nil).evaluated(
                by: Diff.evaluateDevices,
                concluding: [
                "no video input → no camera, or no OS permission",
                ]),
        Probe(
            id: .cameraPermission, title: "Camera permission state",
            instructions: "Nothing to do.",
            kind: .auto, after: .cameraRequestEnded, phase: .camera,
            checks: "permissions.query({name:'camera'}) before and after (\"unsupported\" is a value).",
            observed: [
                F("stateBefore", .string, "Permission state before getUserMedia.", values: permissionStates),
                F("stateAfter", .string, "Permission state after getUserMedia.", values: permissionStates),
            ],
            healthy: .init(["stateBefore": "prompt", "stateAfter": "granted"]),
            expectation: .init(.info, expected: "reported for information")).evaluated(by: Diff.evaluatePermissionState),
        Probe(
            id: .cameraGetUserMedia, title: "Camera access",
            instructions: "Tap \"Start camera\". If a prompt appears, allow it.",
            kind: .tap, autoWhenUnattended: true, phase: .camera,
            checks: "getUserMedia({video:true}): granted, or the error name and message and how long the denial took.",
            observed: [
                F("outcome", .string, "granted, or error.", values: ["granted", "error"]),
                F("errorName", .string, "DOMException name: NotAllowedError, NotFoundError, NotReadableError, OverconstrainedError, SecurityError, AbortError, TypeError; or TimeoutError (set by the page) when the promise did not settle within its timeout."),
                F("errorMessage", .string, "DOMException message."),
                F("elapsedMs", .number, "Milliseconds from the call to the promise settling (a denial under ~250 ms had no human in it)."),
                F("permissionStateBefore", .string, "permissions.query camera state before the call.", values: permissionStates),
                F("permissionStateAfter", .string, "permissions.query camera state after the call.", values: permissionStates),
                F("promptShown", .boolean, "Whether a prompt appeared, when known (asked of the operator, or inferred by the page); null when unknown."),
                F("videoTracks", .integer, "Video tracks in the granted stream."),
                F("audioTracks", .integer, "Audio tracks in the granted stream (must be 0)."),
                F("settings", .object, "track.getSettings() of the granted video track: width, height, frameRate, facingMode."),
            ],
            healthy: .init(["outcome": "granted", "elapsedMs": 420, "promptShown": false, "videoTracks": 1, "audioTracks": 0]),
            thresholds: [
                Threshold("grantWaitMs", ms: 60000, "A person reads the prompt and answers it; a minute leaves room for one who hesitates."),
                Threshold("grantWaitUnattendedMs", ms: 20000, "No person answers: a WebView handler answers within milliseconds, and one with no handler never settles (QtWebEngine), which this bound turns into TimeoutError."),
            ],
            expectation: .init(
                .required, [.desktop: .info],
                expected: "granted for the probe origin"),
            remedy: .cameraGrant, marksStart: true).evaluated(
                by: Diff.evaluateGetUserMedia,
                concluding: [
                "NotAllowedError under \(Int(Diff.fastDenialMs)) ms with no prompt → the WebView's handler (iOS: the media-capture delegate denied; Android: no onPermissionRequest grant) or the app's OS permission (iOS: camera off in Settings, which WebKit checks first; Android: no CAMERA runtime permission), told apart by AVCaptureDevice.authorizationStatus / checkSelfPermission",
                "Cordova on Android → the CAMERA runtime permission (cordova-android grants every WebView request itself)",
                "NotAllowedError after a prompt or slowly → the person's answer",
                "permission state denied before the call → the OS permission or a stored denial, however fast (not on Android WebView, whose permissions.query answers denied for the camera before any request)",
                "NotFoundError → no camera (conclusive with no video input); NotReadableError → camera busy or failed to start",
                "TimeoutError (page-defined) → the handler never answered (or, in Cordova, a request left pending after a grant without the runtime permission)",
                "no result \(Int(Diff.stalledStepSeconds)) s after the step's start marker → the run stopped here (iOS: NSCameraUsageDescription missing; a crashed renderer; the app navigated away)",
                ]),
        Probe(
            id: .cameraFrames, title: "Camera preview",
            instructions: "Point the camera at something that moves.",
            kind: .auto, after: .cameraGrant, phase: .camera,
            checks: "An inline <video playsinline muted autoplay>: size, frame rate, black-frame and frozen-frame checks, fullscreen check.",
            observed: [
                F("playing", .boolean, "True when the preview video reached the playing state."),
                F("width", .integer, "videoWidth of the preview."),
                F("height", .integer, "videoHeight of the preview."),
                F("frames", .integer, "Frames per second over the time sampled (requestVideoFrameCallback), or distinct canvas samples over one second where that API is missing."),
                F("sampledMs", .integer, "How long frames were sampled: the whole second, or less once two distinct pictures, one lit, at a live camera's rate had decided it (decideMs)."),
                F("black", .boolean, "True when sampled frames were all black."),
                F("frozen", .boolean, "True when sampled frames were identical over the second."),
                F("fullscreen", .boolean, "True when the preview left the page for a fullscreen player."),
                F("frameSource", .string, "How `frames` was counted: requestVideoFrameCallback calls, or distinct canvas samples where that API is missing.", values: ["frameCallbacks", "distinctSamples"]),
                F("meanLuma", .number, "Mean luma (0–255) of the sampled frames; under 10 counts as black."),
                F("sampleError", .string, "Exception name when drawing the video to a canvas threw."),
                F("settings", .object, "track.getSettings() of the previewed track."),
                F("errorName", .string, "Rejection name of play() on the preview."),
            ],
            healthy: .init(["playing": true, "width": 1280, "height": 720, "frames": 30, "black": false, "frozen": false, "fullscreen": false]),
            thresholds: [
                Threshold("playMs", ms: 5000, "A granted stream plays within a second; a muted autoplay video refused by the WebView never does."),
                Threshold("settleMs", ms: 300, "Lets the first frames reach the video element before sampling."),
                Threshold("sampleMs", ms: 1000, "Frames are counted over one second at most: a live camera gives 15 to 60 a second."),
                Threshold("decideMs", ms: 300, "A stream that has shown two distinct pictures, one of them lit, at a live camera's rate (liveFrameMs) is decided after 300 ms: black needs every sample dark and frozen every sample alike, so neither can turn true; a dark, still or slow stream is sampled for the whole second."),
                Threshold("liveFrameMs", ms: 67, "A live camera's rate: a frame every 67 ms or sooner, 15 a second or more (the slowest a camera gives, sampleMs); a stream slower than that is counted over the whole second."),
            ],
            expectation: .init(.required, [.desktop: .info], expected: "real, moving, inline frames"),
            remedy: .inlineMedia).evaluated(
                by: Diff.evaluateFrames,
                concluding: [
                "fullscreen → inline playback off",
                "black or frozen frames in a granted stream → inline/autoplay settings (combined with media.inline and media.autoplay)",
                ]),
        Probe(
            id: .cameraFacing, title: "Front and back cameras",
            instructions: "Nothing to do.",
            kind: .auto, after: .cameraGrant, phase: .camera,
            checks: "facingMode environment and user: the settings the track reports.",
            observed: [
                F("environmentOk", .boolean, "True when facingMode 'environment' gave a stream."),
                F("environmentFacing", .string, "track.getSettings().facingMode for that stream."),
                F("userOk", .boolean, "True when facingMode 'user' gave a stream."),
                F("userFacing", .string, "track.getSettings().facingMode for that stream."),
                F("environmentErrorName", .string, "Error name when facingMode 'environment' gave no stream."),
                F("userErrorName", .string, "Error name when facingMode 'user' gave no stream."),
            ],
            healthy: .init(["environmentOk": true, "environmentFacing": "environment", "userOk": true, "userFacing": "user"]),
            thresholds: [
                Threshold("grantWaitMs", ms: 10000, "The camera is already granted: each facingMode request answers within a few seconds, or is refused."),
            ],
            expectation: .init(.info, expected: "both cameras on phones")).evaluated(by: Diff.evaluateFacing),
        Probe(
            id: .cameraReacquire, title: "Camera again",
            instructions: "Nothing to do; if a prompt appears again, note it.",
            kind: .auto, after: .cameraGrant, phase: .camera,
            checks: "Stop all tracks and request the camera again.",
            observed: [
                F("outcome", .string, "granted, or error.", values: ["granted", "error"]),
                F("errorName", .string, "DOMException name on error."),
                F("errorMessage", .string, "DOMException message on error."),
                F("elapsedMs", .number, "Milliseconds to settle (a second prompt shows as a slow grant)."),
                F("permissionStateBefore", .string, "permissions.query camera state before the second request.", values: permissionStates),
                F("promptShown", .boolean, "Whether a second prompt appeared, when known."),
            ],
            healthy: .init(["outcome": "granted", "elapsedMs": 300, "promptShown": false]),
            thresholds: [
                Threshold("grantWaitMs", ms: 60000, "A person reads the prompt and answers it; a minute leaves room for one who hesitates. A second prompt shows as a slow grant."),
                Threshold("grantWaitUnattendedMs", ms: 20000, "No person answers: a WebView handler answers within milliseconds, and one with no handler never settles (QtWebEngine), which this bound turns into TimeoutError."),
            ],
            expectation: .init(
                .required, ExpectationRule.on(ExpectationRule.browsers, .info),
                expected: "granted again, no second prompt"),
            remedy: .cameraReacquire).evaluated(
                by: Diff.evaluateReacquire,
                concluding: [
                "granted after a second prompt → the host prompts every time (warning)",
                ]),
        Probe(
            id: .cameraScope, title: "Only the camera",
            instructions: "Nothing to do.",
            kind: .auto, phase: .camera,
            checks: "getUserMedia({audio:true}) and ({video:true, audio:true}), and getDisplayMedia where present: all must be denied.",
            observed: [
                F("audioOutcome", .string, "{audio:true}: granted or error.", values: outcomeValues),
                F("audioErrorName", .string, "Error name for {audio:true}."),
                F("videoAudioOutcome", .string, "{video:true, audio:true}: granted or error.", values: outcomeValues),
                F("videoAudioErrorName", .string, "Error name for {video:true, audio:true}."),
                F("audioTracks", .integer, "Audio tracks received in any granted stream."),
                F("displayOutcome", .string, "getDisplayMedia({video:true}): granted, error, or unsupported.", values: outcomeValues + ["unsupported"]),
                F("displayErrorName", .string, "Error name for getDisplayMedia."),
                F("elapsedMs", .number, "Milliseconds the audio request took to settle."),
                F("videoAudioTracks", .integer, "Audio tracks in the {video:true, audio:true} stream (Chromium resolves it with video alone when only the camera is granted)."),
            ],
            healthy: .init(["audioOutcome": "error", "audioErrorName": "NotAllowedError", "videoAudioOutcome": "error", "videoAudioErrorName": "NotAllowedError", "audioTracks": 0, "displayOutcome": "unsupported", "elapsedMs": 20]),
            thresholds: [
                Threshold("grantWaitMs", ms: 30000, "A person may be asked about the microphone; half a minute to answer."),
                Threshold("grantWaitUnattendedMs", ms: 10000, "No person answers: a WebView handler answers within milliseconds, and one with no handler never settles (QtWebEngine), which this bound turns into TimeoutError."),
                Threshold("displayMs", ms: 3000, "getDisplayMedia without a gesture is refused at once where it exists; a picker left open is as good as refused."),
            ],
            expectation: .init(
                .security, ExpectationRule.on(ExpectationRule.browsers, .info),
                expected: "audio denied (the host grants only the camera)",
                expectedOn: [.iosSafari: "the person decides", .androidChrome: "the person decides", .desktop: "the person decides"]),
            remedy: .videoOnlyGrant).evaluated(
                by: Diff.evaluateScope,
                concluding: [
                "audio granted → the host grants every requested resource (Android: grant(request.resources))",
                "display capture granted under video-only → the video-only requirement set is broken",
                ]),
        Probe(
            id: .cameraForeignOrigin, title: "Camera from another origin",
            instructions: "Nothing to do.",
            kind: .auto, phase: .camera,
            checks: "The camera asked from the second origin: the same host on another port, and another host (in a frame, or a navigation that reports back).",
            observed: [
                F("via", .string, "How the second origin ran: frame or navigation.", values: ["frame", "navigation"]),
                F("otherPortOutcome", .string, "Same host, other port: granted, error, or not-run.", values: outcomeValues),
                F("otherPortErrorName", .string, "Error name on the other port."),
                F("otherPortElapsedMs", .number, "Milliseconds to settle on the other port."),
                F("otherHostOutcome", .string, "Other host: granted, error, or not-run.", values: outcomeValues),
                F("otherHostErrorName", .string, "Error name on the other host."),
                F("otherHostElapsedMs", .number, "Milliseconds to settle on the other host."),
            ],
            healthy: .init(["via": "frame", "otherPortOutcome": "error", "otherPortErrorName": "NotAllowedError", "otherPortElapsedMs": 30, "otherHostOutcome": "error", "otherHostErrorName": "NotAllowedError", "otherHostElapsedMs": 30]),
            thresholds: [
                Threshold("frameAnswerMs", ms: 15000, "The frame loads on the second origin and asks for the camera; a prompt the host shows for a foreign origin stays unanswered in unattended runs."),
            ],
            expectation: .init(
                .security, ExpectationRule.on(ExpectationRule.browsers, .info),
                expected: "denied on both",
                expectedOn: [.iosSafari: "the person decides", .androidChrome: "the person decides", .desktop: "the person decides"]),
            remedy: .strictOrigin).evaluated(
                by: Diff.evaluateForeignOrigin,
                concluding: [
                "granted on the other host → the origin check is missing",
                "granted on the other host and port → every origin is granted",
                "granted on the other port only → host compared but not the port; a warning under liveform, whose own samples check the host only",
                "granted after a prompt on iOS → the delegate returns .prompt instead of .deny for foreign origins",
                ]),
    ]

    // MARK: files

    static let files: [Probe] = [
        Probe(
            id: .fileAccept, title: "Pick an image",
            instructions: "Tap \"Choose image\" and pick any photo.",
            kind: .tap, phase: .files,
            checks: "accept=\"image/*\": change event, file type, size, lastModified, sniffed format and SHA-256; a multipart upload whose server hash must match.",
            observed: [
                F("changeFired", .boolean, "True when the input fired change."),
                F("cancelFired", .boolean, "True when the input fired cancel."),
                F("waitedMs", .number, "How long the page waited after the tap before giving up."),
                F("fileCount", .integer, "input.files.length."),
                F("type", .string, "File.type as the page saw it."),
                F("size", .integer, "File.size in bytes."),
                F("lastModified", .number, "File.lastModified."),
                F("sniffedFormat", .string, "Format from the file's magic bytes: jpeg, png, heic, gif, webp, other."),
                F("sha256", .string, "SHA-256 of the file computed by the page."),
                F("serverSha256", .string, "SHA-256 of the upload computed by the server."),
                F("hashMatch", .boolean, "True when both hashes are equal."),
                F("uploadStatus", .integer, "HTTP status of the multipart upload."),
                F("accept", .string, "The input's accept attribute."),
                F("captureAttribute", .string, "The input's capture attribute (null: none)."),
                F("name", .string, "File.name."),
                F("lastModifiedAgeMs", .number, "Milliseconds between File.lastModified and the pick (a fresh camera photo is seconds old)."),
                F("serverFormat", .string, "Format the server sniffed from the upload."),
                F("serverAccepted", .boolean, "True when the server accepted the upload."),
                F("uploadError", .string, "Exception name when the upload request threw."),
            ],
            healthy: .init(["changeFired": true, "cancelFired": false, "fileCount": 1, "type": "image/jpeg", "size": 123_456, "sniffedFormat": "jpeg", "sha256": "ab", "serverSha256": "ab", "hashMatch": true, "uploadStatus": 200]),
            expectation: .init(.required, expected: "the picker opens; the file reaches the page and the server intact"),
            remedy: .fileChooser, marksStart: true).tappedByFarms().evaluated(
                by: Diff.evaluateFileAccept,
                concluding: [
                "no change and no cancel after the tap on Android → onShowFileChooser not implemented (the default cancels)",
                "no answer on iOS → runOpenPanelWith implemented without calling its completion handler",
                "server hash differs → the upload was altered",
                "non-image despite accept=image/* → the chooser intent ignores accept (warning)",
                ]),
        Probe(
            id: .fileCapture, title: "Capture with the camera",
            instructions: "Tap \"Back camera\" then \"Front camera\"; take a photo each time. Did the camera open directly?",
            kind: .tap, asksOperator: true, answeredByPerson: true, phase: .files,
            checks: "capture=\"environment\" and capture=\"user\", and the person says whether the camera opened directly.",
            observed: [
                F("environmentChangeFired", .boolean, "True when the capture=environment input fired change."),
                F("environmentFileCount", .integer, "Files received from capture=environment."),
                F("userChangeFired", .boolean, "True when the capture=user input fired change."),
                F("userFileCount", .integer, "Files received from capture=user."),
                F("cameraOpenedDirectly", .boolean, "The person's answer: did the camera open directly (not a file list)?"),
                F("environmentCaptureAttribute", .string, "The capture attribute the page set on the back-camera input."),
                F("userCaptureAttribute", .string, "The capture attribute the page set on the front-camera input."),
            ],
            healthy: .init(["environmentChangeFired": true, "environmentFileCount": 1, "userChangeFired": true, "userFileCount": 1, "cameraOpenedDirectly": true]),
            expectation: .init(.required, [.desktop: .info], expected: "the camera path opens"),
            remedy: .captureAttribute, marksStart: true).evaluated(
                by: Diff.evaluateFileCapture,
                concluding: [
                "a file list instead of the camera → capture not honoured by the chooser intent",
                ]),
        Probe(
            id: .fileCancel, title: "Cancel, then pick again",
            instructions: "Tap \"Choose image\", cancel the chooser, then tap it again and pick a photo.",
            kind: .tap, asksOperator: true, phase: .files,
            checks: "Cancel the chooser, then choose again: the second pick must work; a cancel event where supported.",
            observed: [
                F("cancelFired", .boolean, "True when the first (cancelled) chooser fired cancel."),
                F("cancelMs", .number, "Milliseconds from the first tap to its cancel event (a cancel within a few ms: no chooser was shown)."),
                F("secondChooserOpened", .boolean, "The person's answer: did the chooser open the second time?"),
                F("secondChangeFired", .boolean, "True when the second pick fired change."),
                F("secondFileCount", .integer, "Files received on the second pick."),
                F("taps", .integer, "Taps on \"Choose image\" so far."),
                F("firstPickChanged", .boolean, "True when the first chooser returned a file instead of being cancelled."),
            ],
            healthy: .init(["cancelFired": true, "secondChooserOpened": true, "secondChangeFired": true, "secondFileCount": 1]),
            expectation: .init(.required, expected: "the second pick works; cancel fires where supported"),
            remedy: .fileCallbackOnCancel, marksStart: true).tappedByFarms(clicks: 2).evaluated(
                by: Diff.evaluateFileCancel,
                concluding: [
                "second pick never fires after a cancel → the ValueCallback was not answered with null",
                ]),
        Probe(
            id: .fileHeic, title: "HEIC photo",
            instructions: "Tap \"Choose HEIC\" and pick a photo taken with the camera (HEIC on iPhone).",
            kind: .tap, phase: .files,
            checks: "What type reached the page for a HEIC pick, and whether the server accepts it.",
            observed: [
                F("changeFired", .boolean, "True when the input fired change (a file was picked)."),
                F("cancelFired", .boolean, "True when the input fired cancel."),
                F("waitedMs", .number, "Milliseconds from the tap to change, cancel or \"Nothing happened\"."),
                F("type", .string, "File.type the page saw (image/heic, image/jpeg, empty)."),
                F("sniffedFormat", .string, "Format from magic bytes: heic, jpeg, other."),
                F("serverAccepted", .boolean, "True when the server accepted the upload."),
                F("convertedToJpeg", .boolean, "True when the platform converted the pick to JPEG."),
                F("serverFormat", .string, "Format the server sniffed from the upload."),
                F("name", .string, "File.name (a .heic name with JPEG bytes: the platform converted it)."),
                F("size", .integer, "File.size in bytes."),
            ],
            healthy: .init(["type": "image/jpeg", "sniffedFormat": "jpeg", "serverAccepted": true, "convertedToJpeg": true]),
            expectation: .init(
                .info, ExpectationRule.on(ExpectationRule.iosAll, .required),
                expected: "accepted, or converted to JPEG"),
            remedy: .heic, marksStart: true).tappedByFarms().evaluated(
                by: Diff.evaluateHEIC,
                concluding: [
                "refused by the server → accept image/heic or let iOS convert",
                ]),
    ]

    // MARK: navigation

    static let navigation: [Probe] = [
        Probe(
            id: .navWindowOpen, title: "window.open",
            instructions: "Tap \"Open window\", then come back.",
            kind: .tap, phase: .navigation,
            checks: "window.open from a tap and from a timer: where it opened.",
            observed: [
                F("tapResult", .string, "Where the tap's window.open went.", values: ["same-view", "new-window", "external", "blocked"]),
                F("timerResult", .string, "Where the timer's window.open went.", values: ["same-view", "new-window", "external", "blocked"]),
            ],
            healthy: .init(["tapResult": "same-view", "timerResult": "blocked"]),
            thresholds: [
                Threshold("watchMs", ms: 1500, "A new window or an external app hides this page within a second of window.open."),
            ],
            expectation: .init(.info, expected: "per app policy"),
            remedy: .windowOpen).tappedByFarms().evaluated(
                by: Diff.evaluateWindowOpen,
                concluding: [
                "blocked from a tap on iOS → createWebViewWith not implemented (warning)",
                "new window under video-only → contract uses no popups (warning)",
                ]),
        Probe(
            id: .navCustomScheme, title: "Custom scheme link",
            instructions: "Tap the custom-scheme link. What happened?",
            kind: .tap, asksOperator: true, answeredByPerson: true, phase: .navigation,
            checks: "A link to a custom scheme: an external app opened, a graceful failure, or a WebView error page.",
            observed: [
                F("outcome", .string, "The person's answer.", values: ["external-app", "graceful", "webview-error", "nothing"]),
            ],
            healthy: .init(["outcome": "external-app"]),
            expectation: .init(
                .required, ExpectationRule.on(ExpectationRule.browsers, .info),
                expected: "no WebView error page"),
            remedy: .customSchemes).evaluated(
                by: Diff.evaluateCustomScheme,
                concluding: [
                "WebView error page → unknown schemes not forwarded",
                ]),
        Probe(
            id: .navReturnUrl, title: "Return URL",
            instructions: "Tap \"Return to app\". Did it reach the app as your app intends?",
            kind: .tap, asksOperator: true, answeredByPerson: true, phase: .navigation,
            checks: "An https return URL or universal link reaches the app.",
            observed: [
                F("reachedApp", .boolean, "The person's answer: did the return URL reach the app as intended?"),
                F("outcome", .string, "Where it went.", values: ["app", "same-view", "browser", "error"]),
                F("returnUrl", .string, "The return URL the page offered (?returnUrl= or its own away page)."),
            ],
            healthy: .init(["reachedApp": true, "outcome": "app"]),
            expectation: .init(.info, expected: "per app policy"),
            remedy: .returnUrl).evaluated(
                by: Diff.evaluateReturnURL,
                concluding: [
                "did not reach the app → intercept it in the navigation callback",
                ]),
        Probe(
            id: .navLoadError, title: "Load errors",
            instructions: "Tap \"HTTP 500 page\" and then \"Unreachable address\". Did the app show a recoverable error each time?",
            kind: .operator, phase: .navigation,
            checks: "Links to an HTTP 500 page and an unreachable address: did the app show a recoverable error?",
            observed: [
                F("http500Recoverable", .boolean, "The person's answer for the HTTP 500 page."),
                F("unreachableRecoverable", .boolean, "The person's answer for the unreachable address."),
            ],
            healthy: .init(["http500Recoverable": true, "unreachableRecoverable": true]),
            expectation: .init(
                .required, ExpectationRule.on(ExpectationRule.browsers, .info),
                expected: "a recoverable error is shown"),
            remedy: .loadErrors).evaluated(
                by: Diff.evaluateLoadError,
                concluding: [
                "no recoverable error → load and HTTP errors not handled",
                ]),
    ]

    // MARK: lifecycle

    static let lifecycle: [Probe] = [
        Probe(
            id: .lifecycleBackground, title: "Background and return",
            instructions: "Switch to the home screen for a few seconds, then come back.",
            kind: .operator, phase: .lifecycle,
            checks: "Background and return: visibility events and the camera track state afterwards.",
            observed: [
                F("hiddenFired", .boolean, "True when visibilitychange to hidden fired."),
                F("visibleFired", .boolean, "True when visibilitychange to visible fired."),
                F("trackStateAfter", .string, "Camera track readyState after returning.", values: ["live", "ended", "muted", "none"]),
                F("resumed", .boolean, "True when the page kept running after returning (no reload)."),
            ],
            healthy: .init(["hiddenFired": true, "visibleFired": true, "trackStateAfter": "live", "resumed": true]),
            thresholds: [
                Threshold("grantWaitMs", ms: 10000, "The camera is already granted: the request answers within a few seconds."),
                Threshold("settleMs", ms: 1000, "After returning, the camera track has a second to end or resume before its state is read."),
            ],
            expectation: .init(.required, [.desktop: .info], expected: "the page resumes"),
            remedy: .backgroundResume).evaluated(
                by: Diff.evaluateBackground,
                concluding: [
                "page did not resume → WebView recreated or reloaded",
                ]),
        Probe(
            id: .netOffline, title: "Offline and back",
            instructions: "Turn on airplane mode, wait for the page to notice, then turn it off.",
            kind: .operator, phase: .lifecycle,
            checks: "offline and online events; results queued offline reach the server later.",
            observed: [
                F("offlineFired", .boolean, "True when the offline event fired."),
                F("onlineFired", .boolean, "True when the online event fired."),
                F("queued", .integer, "Results queued while offline."),
                F("delivered", .integer, "Queued results the server received afterwards."),
            ],
            healthy: .init(["offlineFired": true, "onlineFired": true, "queued": 2, "delivered": 2]),
            expectation: .init(.required, [.desktop: .info], expected: "nothing lost"),
            remedy: .offline).evaluated(
                by: Diff.evaluateOffline,
                concluding: [
                "queued results lost → storage cleared or page reloaded offline",
                "the interim result posted offline reached the server → nothing lost, whatever the page counted",
                "no offline event → warning",
                ]),
    ]

    // MARK: confirmation

    /// Not page probes: the operator questions for checklist items that the page cannot
    /// observe, never silently dropped (docs/requirements.md#product-rules).
    static let confirmation: [Probe] = [
        Probe(
            id: .operatorChecklist, title: "Questions about the app",
            instructions: "Answer a few questions about what the app did before the page opened.",
            kind: .operator, phase: .confirmation,
            checks: "The person answers the checklist questions the page cannot observe (see the checklist map).",
            observed: [
                F("answers", .object, "Question id → \"yes\", \"no\" or \"unknown\" (the question ids are in the checklist's `question.key`)."),
            ],
            healthy: .init(["answers": .object(Checklist.operatorAnswers("yes"))]),
            expectation: .init(.info, expected: "answered")).evaluated(by: Diff.evaluateOperatorChecklist),
    ]
}
