// The probes of the page's requests: fetch, XHR, CORS, body integrity and mixed content: their
// names, their declarations, the diagnoses they can state, how their results are judged, the
// causes they rank and the fixes their findings carry, side by side; docs/adding-a-probe.md walks
// adding a probe to an area.

/// The names of this file's probes, in page order: each is the `id` of one declaration below.
extension ProbeID {
    public static let fetchSameOrigin = ProbeID(rawValue: "fetch.sameOrigin")
    public static let fetchCredentials = ProbeID(rawValue: "fetch.credentials")
    public static let fetchCors = ProbeID(rawValue: "fetch.cors")
    public static let fetchIntegrity = ProbeID(rawValue: "fetch.integrity")
    public static let xhrSameOrigin = ProbeID(rawValue: "xhr.sameOrigin")
    public static let netMixedContent = ProbeID(rawValue: "net.mixedContent")
}

extension StandardProbes {
    /// fetch.integrity's body, each way: twice HTTP/2's initial flow-control window of 65,535
    /// bytes (RFC 9113 §6.9.2) and eight TLS records of 16 KiB (RFC 8446 §5.1), so a proxy or
    /// bridge that truncates at a window or a buffer shows; random bytes, so one that re-encodes
    /// binary as text shows at any size. Larger only costs a slow link time: 1 MiB took 11 s up
    /// a device farm's 750 kbit/s tunnel (docs/performance.md). Exported as
    /// `thresholds.integrityBodyBytes`, which the page reads.
    public static let integrityBodyBytes = 131_072

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
                ])
            // Its two requests are a round trip the steps after it need nothing from: it sets
            // no cookie, and fetch.credentials' cookie is none of its business (each request
            // reads its own answer), so on a farm's tunnel (150 ms a round trip) it waits
            // beside the next step instead of before it.
            .runningBesideTheNext(on: [.ios, .android, .desktop]),
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
                ])
            // A preflight and two requests to the second origin: the steps after it (the
            // integrity transfer, XHR, mixed content) set no probe_ cookie, the one thing it
            // reads besides its own answers (cookiesAtSecondOrigin), so it waits beside them.
            .runningBesideTheNext(on: [.ios, .android, .desktop]),
        Probe(
            id: .fetchIntegrity, title: "Large bodies intact",
            instructions: "Nothing to do.",
            kind: .auto, phase: .network,
            checks: "A 128 KiB upload and download of random bytes, SHA-256 checked on both sides.",
            observed: [
                F("bytes", .integer, "Size of each body (integrityBodyBytes, 131072)."),
                F("uploadHashMatch", .boolean, "True when the server's SHA-256 of the upload matched the page's."),
                F("downloadHashMatch", .boolean, "True when the page's SHA-256 of the download matched the server's."),
                F("errorName", .string, "Exception name when a transfer threw."),
                F("errorMessage", .string, "Exception message of the first failure."),
            ],
            healthy: .init(["bytes": .number(Double(StandardProbes.integrityBodyBytes)), "uploadHashMatch": true, "downloadHashMatch": true]),
            expectation: .init(.required, expected: "both hashes match"),
            remedy: .bodyIntegrity).evaluated(
                by: Diff.evaluateIntegrity,
                concluding: [
                "hash mismatch → a bridge or proxy alters bodies",
                ])
            // It moves 128 KiB each way, on a phone's link the longest wait of the automatic steps;
            // the steps after it read neither those bytes nor their timing (xhr.sameOrigin's
            // requestMs and the clips' play(), which media.autoplay counts when accepted, do not
            // tighten while a transfer shares the link).
            .runningBesideTheNext(on: [.ios, .android, .desktop]),
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
                ])
            .verifies("android.mixedContent", "ios.mixedContent"),
    ]

    /// The failing observations this file's evaluators rank causes for (`Catalog.symptoms`).
    static let networkSymptoms: [Symptom] = [
        .requestIntercepted, .preflightFailed, .mixedContentAllowed, .mixedImagesLoad, .mixedContentBlocked,
    ]
}

/// Requests between the page and the server: the diagnoses the evaluators below state.
extension Diagnosis {
    /// What the page saw of a request that failed or changed on the way: the causes are
    /// `Symptom.requestIntercepted`'s, which the platform's rows link (native Android's
    /// shouldInterceptRequest, native iOS's setURLSchemeHandler).
    static let postBodyAltered = KnownDiagnosis("network.post-body-altered", probes: [.fetchSameOrigin], .observation) {
        "The POST body came back altered or empty while the GET worked"
    }
    static let sameOriginBlocked = KnownDiagnosis("network.same-origin-blocked", probes: [.fetchSameOrigin], .observation) { (errorName: String?) in
        "A same-origin fetch failed\(errorName.map { " (\($0))" } ?? "")"
    }

    /// What the page saw; the cause is `Symptom.preflightFailed`'s.
    static let preflightFailed = KnownDiagnosis("network.preflight-failed", probes: [.fetchCors], .observation) {
        "The preflighted credentialed POST failed while a simple GET worked"
    }
    static let crossOriginUnreachable = KnownDiagnosis("network.second-origin-unreachable", probes: [.fetchCors], .observation) {
        "The second origin was unreachable from the WebView (certificate not trusted, or requests to other hosts blocked by the host's navigation or network policy)."
    }

    static let bodyChanged = KnownDiagnosis("network.body-changed", probes: [.fetchIntegrity], .observation) {
        "A 128 KiB body changed in transit"
    }
    static let xhrIntercepted = KnownDiagnosis("network.xhr-intercepted", probes: [.xhrSameOrigin], .observation) {
        "XMLHttpRequest failed"
    }

    /// What the page saw of mixed content; the causes are the symptoms' (`Symptom.mixedContentAllowed`,
    /// `.mixedImagesLoad`, `.mixedContentBlocked`), which native Android's mixedContentMode rows link.
    static let mixedContentAlwaysAllowed = KnownDiagnosis("network.mixed-fetch-allowed", probes: [.netMixedContent], .observation) {
        "An http: fetch went through from the https page"
    }
    static let mixedImagesCompatibility = KnownDiagnosis("contract.mixed-images-compatibility", probes: [.netMixedContent], .contract) {
        "http: images load and the http: fetch is blocked: the compatibility mode the requirement set configures on Android (docs/requirements.md#network)."
    }
    static let mixedImagesPassive = KnownDiagnosis("network.mixed-images-load", probes: [.netMixedContent], .observation) {
        "http: images load and the http: fetch is blocked"
    }
    static let mixedContentBlocked = KnownDiagnosis("network.mixed-content-blocked", probes: [.netMixedContent], .observation) {
        "The http: image and the http: fetch were both blocked"
    }
    /// Every diagnosis declared in this file, for the docs and the tests (a test holds the list to the declarations).
    static let networkDeclared: [any DeclaredDiagnosis] = [
        postBodyAltered, sameOriginBlocked, preflightFailed, crossOriginUnreachable, bodyChanged, xhrIntercepted,
        mixedContentAlwaysAllowed, mixedImagesCompatibility, mixedImagesPassive, mixedContentBlocked,
    ]
}

extension Diff {
    func evaluateSameOriginFetch(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let get = result.bool("getOk")
        let post = result.bool("postEchoExact")
        let error = result.string("errorName")
        return everyStep(get, post, observed: "GET \(describe(get)), POST echoed exactly \(describe(post))" + (error.map { ", \($0)" } ?? "")) { observed in
            diagnosed(.requestIntercepted, result, context, state: .broken, observed: observed,
                      lead: get == true ? Diagnosis.postBodyAltered() : Diagnosis.sameOriginBlocked(error), remedy: .bodyIntegrity)
        }
    }

    func evaluateCredentials(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        guard let sent = result.bool("cookieSent") else { return Assessment(.unknown, "") }
        if sent { return Assessment(.works, "the cookie was sent") }
        return cookiesNotKept(result, context, "the cookie was not sent", lead: Diagnosis.cookieNotSent())
    }

    func evaluateCORS(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let get = result.bool("getOk")
        let preflight = result.bool("preflightOk")
        let error = result.string("errorName")
        return everyStep(get, preflight, observed: "cross-origin GET \(describe(get)), preflighted credentialed POST \(describe(preflight))" + (error.map { ", \($0)" } ?? "")) { observed in
            get == true
                ? diagnosed(.preflightFailed, result, context, state: .broken, observed: observed, lead: Diagnosis.preflightFailed(), remedy: nil)
                : Assessment(.broken, observed, diagnosis: Diagnosis.crossOriginUnreachable(), layer: .network)
        }
    }

    func evaluateIntegrity(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let up = result.bool("uploadHashMatch")
        let down = result.bool("downloadHashMatch")
        return everyStep(up, down, observed: "128 KiB upload hash match \(describe(up)), download hash match \(describe(down))") { observed in
            diagnosed(.requestIntercepted, result, context, state: .broken, observed: observed, lead: Diagnosis.bodyChanged(), remedy: .bodyIntegrity)
        }
    }

    func evaluateXHR(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let get = result.bool("getOk")
        let post = result.bool("postOk")
        return everyStep(get, post, observed: "XHR GET \(describe(get)), POST \(describe(post))") { observed in
            diagnosed(.requestIntercepted, result, context, state: .broken, observed: observed, lead: Diagnosis.xhrIntercepted(), remedy: .bodyIntegrity)
        }
    }

    /// An http: fetch is blocked everywhere; an http: image is allowed by Android's
    /// compatibility mode (docs/requirements.md#network). A fetch that goes through means mixed content is always allowed.
    func evaluateMixedContent(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let image = result.bool("imageLoaded")
        let fetchBlocked = result.bool("fetchBlocked")
        guard image != nil || fetchBlocked != nil else { return Assessment(.unknown, "") }
        let observed = "http: image loaded \(describe(image)), http: fetch blocked \(describe(fetchBlocked))"
        if fetchBlocked == false {
            return diagnosed(.mixedContentAllowed, result, context, state: .warning, observed: observed, lead: Diagnosis.mixedContentAlwaysAllowed(), remedy: .mixedContent)
        }
        if image == true, context.isAndroid {
            return Assessment(.noted, observed, diagnosis: Diagnosis.mixedImagesCompatibility())
        }
        if image == true {
            return diagnosed(.mixedImagesLoad, result, context, state: .noted, observed: observed, lead: Diagnosis.mixedImagesPassive(), remedy: nil)
        }
        return diagnosed(.mixedContentBlocked, result, context, state: .noted, observed: observed, lead: Diagnosis.mixedContentBlocked(), remedy: nil)
    }
}

/// Requests and mixed content: failing observations and their known causes.
extension Symptom {
    /// A same-origin request that failed or whose body changed on the way to the server. The
    /// host that answers its WebView's requests itself is a setting of the platform's (native
    /// Android's shouldInterceptRequest, native iOS's setURLSchemeHandler rows link these).
    static let requestIntercepted = Symptom(id: "network.request-intercepted", probes: [.fetchSameOrigin, .fetchIntegrity, .xhrSameOrigin, .fileAccept], observation: "a same-origin request failed, or its body reached the server changed", causes: [
        KnownCause("android.intercept-request-reissued", .network, scope: "Android WebView whose WebViewClient overrides shouldInterceptRequest",
            summary: "the app's WebViewClient.shouldInterceptRequest answers the page's requests itself: a WebResourceRequest carries no body, so a request it re-issues reaches the server without its POST body, and one it answers with an error or an empty response fails",
            check: "the app's shouldInterceptRequest must return null for every request it does not answer from local data; look for an OkHttp or HttpURLConnection call inside it",
            remedy: .bodyIntegrity, source: PlatformSource.androidInterceptRequest,
            applies: { $0.family == .android && $0.platform.isAppWebView },
            // A fetch or XMLHttpRequest the host replaced may never reach the WebView, nor so its
            // WebViewClient: the host's own HTTP stack is then as likely a place for the body to change.
            weigh: { evidence in
                let replaced = evidence.replacedRequestAPIs
                guard !replaced.isEmpty else { return .likely("a request of the page failed or lost its body in an Android WebView") }
                return .possible("a request of the page failed or lost its body in an Android WebView",
                                 against: "the page's \(replaced.joined(separator: " and ")) is the host's own script (env.injected), which may send the request past the WebView's shouldInterceptRequest")
            }),
        KnownCause("ios.scheme-handler-reissued", .network, scope: "iOS WKWebView whose page is served through a WKURLSchemeHandler",
            summary: "the app serves the page through a WKURLSchemeHandler (or a URLProtocol proxy) that fetches its requests itself: a streamed POST body arrives empty and a request it does not answer fails",
            check: "the configuration's setURLSchemeHandler(_:forURLScheme:) and the page's scheme (http and https cannot be registered, so a custom scheme serves the page)",
            remedy: .bodyIntegrity, source: "https://developer.apple.com/documentation/webkit/wkurlschemehandler",
            applies: { $0.family == .ios && $0.platform.isAppWebView },
            weigh: .possible("a request of the page failed or lost its body in a WKWebView")),
    ])

    /// fetch.cors: the simple GET worked and the preflighted POST did not. The preflight is the
    /// web platform's (Fetch), which every engine sends; no WebView setting changes it.
    static let preflightFailed = Symptom(id: "network.preflight-failed", probes: [.fetchCors], observation: "a preflighted credentialed cross-origin POST failed while a simple GET worked", causes: [
        KnownCause("cors.preflight-lost", .network, scope: "every engine",
            summary: "a credentialed cross-origin POST with a custom header is sent only after an OPTIONS preflight, which did not come back allowed: something between the page and the server (the host's request interception, a proxy) answers or drops OPTIONS requests, or strips the credentials of cross-origin requests",
            check: "the server's log: did the OPTIONS request arrive, and did the POST after it carry the cookie? The server answers both itself",
            remedy: nil, source: PlatformSource.corsPreflight, context: .webPlatform,
            weigh: .likely("the simple GET worked, so the second origin is reachable")),
    ])

    /// net.mixedContent: an http: fetch from the https page went through.
    static let mixedContentAllowed = Symptom(id: "network.mixed-fetch-allowed", probes: [.netMixedContent], observation: "an http: fetch went through from the https page", causes: [
        KnownCause("android.mixed-content-always-allow", .webViewSetting, scope: "Android WebView (react-native-webview: mixedContentMode=\"always\")",
            summary: "mixed content is always allowed (WebSettings.mixedContentMode = MIXED_CONTENT_ALWAYS_ALLOW), which lets a network attacker inject script into the page",
            check: "webView.settings.mixedContentMode (React Native: the mixedContentMode prop)",
            remedy: .mixedContent, source: PlatformSource.androidMixedContent,
            applies: { $0.family == .android && $0.platform.isAppWebView },
            weigh: .likely("an http: fetch went through in an Android WebView")),
    ])

    /// net.mixedContent outside Android's WebView: images load, the fetch is blocked. The
    /// Mixed Content standard's split of passive and active content, in every engine.
    static let mixedImagesLoad = Symptom(id: "network.mixed-images-load", probes: [.netMixedContent], observation: "http: images load while the http: fetch is blocked", causes: [
        KnownCause("engine.mixed-images-passive", .page, scope: "every engine",
            summary: "the engine upgrades or allows passive mixed content such as images and blocks active content such as fetch, as the Mixed Content standard says (not a fault)",
            check: "none: serve every resource of the flow over https",
            remedy: nil, source: PlatformSource.mixedContent, context: .webPlatform,
            weigh: .likely("the image loaded and the fetch was blocked")),
    ])

    /// net.mixedContent: both the http: image and the http: fetch blocked.
    static let mixedContentBlocked = Symptom(id: "network.mixed-content-blocked", probes: [.netMixedContent], observation: "the http: image and the http: fetch were both blocked", causes: [
        KnownCause("android.mixed-content-never-allow", .webViewSetting, scope: "Android WebView (the default since Android 5)",
            summary: "mixedContentMode is MIXED_CONTENT_NEVER_ALLOW, Android WebView's default: http: images are blocked as well as the fetch",
            check: "webView.settings.mixedContentMode: MIXED_CONTENT_COMPATIBILITY_MODE lets images load and still blocks the fetch",
            remedy: .mixedContent, source: PlatformSource.androidMixedContent,
            applies: { $0.family == .android && $0.platform.isAppWebView },
            weigh: .likely("both were blocked in an Android WebView")),
        KnownCause("engine.mixed-content-blocked", .page, scope: "every engine",
            summary: "the engine blocks mixed content whole, passive images as well as fetch, which the Mixed Content standard allows: serve every resource over https (nothing is lost then)",
            check: "none: every resource of the flow is https",
            remedy: nil, source: PlatformSource.mixedContent, context: .webPlatform,
            applies: { !($0.family == .android && $0.platform.isAppWebView) },
            weigh: .likely("both were blocked")),
    ])
}

/// The fixes this file's findings carry, as code an integrator pastes (Tests/remedies/check.py
/// compiles each line; `RemedyCodeTests` checks their width and their API pages).
extension Remedy {
    static let wkSchemeHandler = "https://developer.apple.com/documentation/webkit/wkurlschemehandler"

    static let androidInterceptRequest = "https://developer.android.com/reference/android/webkit/WebViewClient#shouldInterceptRequest(android.webkit.WebView,%20android.webkit.WebResourceRequest)"

    // https://developer.android.com/reference/android/webkit/WebSettings#setMixedContentMode(int)
    public static let mixedContent = Remedy(
        iosSwift: """
            // Serve every resource over https:// (WKWebView blocks mixed
            // active content); nothing to set in the app
            """,
        androidKotlin: """
            // Never MIXED_CONTENT_ALWAYS_ALLOW; serve resources over https://
            webView.settings.mixedContentMode =
                WebSettings.MIXED_CONTENT_COMPATIBILITY_MODE
            """,
        reactNative: """
            // Never "always"
            <WebView mixedContentMode="compatibility" />
            """,
        docs: Docs(ios: PlatformSource.mdnSecureContext, android: PlatformSource.androidMixedContent, reactNative: rnReference + "#mixedcontentmode"))

    // https://developer.android.com/reference/android/webkit/WebViewClient#shouldInterceptRequest(android.webkit.WebView,%20android.webkit.WebResourceRequest)
    public static let bodyIntegrity = Remedy(
        iosSwift: """
            // Remove any URLProtocol / WKURLSchemeHandler proxy that rewrites
            // request bodies
            """,
        androidKotlin: """
            // Remove shouldInterceptRequest code that re-issues requests (it
            // drops or alters POST bodies); let the WebView load them
            override fun shouldInterceptRequest(
                view: WebView, request: WebResourceRequest
            ): WebResourceResponse? = null
            """,
        reactNative: "// Remove request interception that re-issues POST requests natively",
        docs: Docs(ios: wkSchemeHandler, android: androidInterceptRequest, reactNative: rnReference))
}
