// The media the page plays: an unmuted clip without a gesture and a playsinline video: their
// names, their declarations, the diagnoses they can state, how their results are judged, the
// causes they rank and the fixes their findings carry, side by side. The camera's preview
// plays by the same rules (`Symptom.previewNotPlaying`, CameraAccess.swift).

/// The names of this area's probes, in page order: each is the `id` of one declaration below.
extension ProbeID {
    public static let mediaAutoplay = ProbeID(rawValue: "media.autoplay")
    public static let mediaInline = ProbeID(rawValue: "media.inline")
}

extension StandardProbes {
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
                ])
            // It waits on the clip's load and first frame, and the steps after it (the muted
            // inline clip, the camera's API, devices and grant) neither read what it observes
            // nor change it: a video-only capture takes no audio. Not on iOS, as media.inline:
            // a clip there can go fullscreen over the page and the camera's preview.
            .runningBesideTheNext(on: [.android, .desktop])
            .verifies("android.mediaGesture"),
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
                ])
            // It spends most of its time waiting fullscreenSettleMs for a player that would
            // take its clip over, and the camera's steps after it neither read what it observes
            // nor change it (its clip is muted: no audio session is taken from the capture).
            // Not on iOS: there a clip refused inline playback goes fullscreen over the page and
            // the camera's preview, and WebKit has delivered requestVideoFrameCallback
            // (camera.frames' count) only to a displayed video
            // (https://bugs.webkit.org/show_bug.cgi?id=282782), so one result could change the other.
            .runningBesideTheNext(on: [.android, .desktop])
            .verifies("rn.mediaCapture"),
    ]

    /// The failing observations this file's evaluators rank causes for (`Catalog.symptoms`).
    static let mediaSymptoms: [Symptom] = [.autoplayRefused, .inlineRefused]
}

/// Media playback: the leads of the diagnoses the evaluators below word from the causes of
/// the symptoms below.
extension Diagnosis {
    // Both leads say what the page saw: the gesture and inline-playback facts are the
    // platform's rows (native Android's mediaPlaybackRequiresUserGesture, native iOS's
    // mediaTypesRequiringUserActionForPlayback and allowsInlineMediaPlayback) and the
    // symptoms' causes those rows link.
    static let autoplayRefused = KnownDiagnosis("media.autoplay-refused", probes: [.mediaAutoplay], .observation) {
        "Unmuted media did not play without a gesture"
    }
    static let inlineRefused = KnownDiagnosis("media.inline-refused", probes: [.mediaInline], .observation) {
        "The playsinline video did not play inside the page"
    }
    /// Every diagnosis declared in this file, for the docs and the tests (a test holds the list to the declarations).
    static let mediaDeclared: [any DeclaredDiagnosis] = [
        autoplayRefused, inlineRefused,
    ]
}

extension Diff {
    func evaluateAutoplay(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        guard let played = result.bool("played") else { return Assessment(.unknown, "") }
        let error = result.string("errorName")
        if played { return Assessment(.works, "unmuted play() without a gesture worked") }
        // Accepted but still loading at the limit: the policy allowed it; a slow network or
        // device is not a gesture rule.
        if result.bool("allowed") == true {
            return Assessment(.works, "unmuted play() without a gesture was allowed; the clip had not started by the limit")
        }
        let observed = "unmuted play() was refused" + (error.map { " (\($0))" } ?? "")
        return diagnosed(.autoplayRefused, result, context, state: .broken, observed: observed, lead: Diagnosis.autoplayRefused(), remedy: nil)
    }

    /// allowsInlineMediaPlayback defaults to false on iPhone and true on iPad
    /// (https://developer.apple.com/documentation/webkit/wkwebviewconfiguration/allowsinlinemediaplayback).
    func evaluateInline(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let inline = result.bool("inline")
        let fullscreen = result.bool("enteredFullscreen")
        guard inline != nil || fullscreen != nil else { return Assessment(.unknown, "") }
        let observed = "inline \(describe(inline)), entered fullscreen \(describe(fullscreen))"
        if inline == true, fullscreen != true { return Assessment(.works, observed) }
        let refused = result.string("errorName").map { ", play() refused with \($0)" } ?? ""
        return diagnosed(.inlineRefused, result, context, state: .broken, observed: observed + refused, lead: Diagnosis.inlineRefused(), remedy: nil)
    }
}

/// Media playback: an unmuted play() refused, a playsinline video that did not stay in the
/// page, and their known causes. Both settings refuse a play() without a gesture the same way:
/// with inline playback off WebKit must go fullscreen, fullscreen needs a gesture, so play()
/// rejects with NotAllowedError and no player appears
/// (https://github.com/WebKit/WebKit/blob/c502f01c62f004efd64643191b2fbe2422a8347b/LayoutTests/media/video-fullscreen-restriction-removed-expected.txt),
/// exactly as the gesture rule rejects it
/// (https://developer.apple.com/documentation/webkit/wkwebviewconfiguration/mediatypesrequiringuseractionforplayback).
/// Only a video that played rules either out; otherwise both stand, with the check between them.
extension Symptom {
    /// What media.inline saw that inline playback being off cannot give.
    static let inlinePlaybackWorked: [Contradiction] = [
        Contradiction(.mediaInline, "media.inline played the video inside the page") { r in
            r.bool("inline") == true && r.bool("enteredFullscreen") != true
        },
    ]
    /// What media.autoplay saw that a gesture rule cannot give.
    static let noGestureRule: [Contradiction] = [
        Contradiction(.mediaAutoplay, "media.autoplay's unmuted play() was allowed without a gesture: no gesture rule holds") { r in r.bool("played") == true || r.bool("allowed") == true },
    ]

    static let iosInlineOff = KnownCause("ios.inline-playback-off", .webViewSetting, scope: "iOS WKWebView on iPhone (false by default; react-native-webview and flutter_inappwebview: allowsInlineMediaPlayback, false by default)",
        summary: "allowsInlineMediaPlayback is false (the iPhone default): video plays only in the fullscreen player, which a tap must open, so a play() without one is refused and one with a tap leaves the page",
        check: "the configuration's allowsInlineMediaPlayback (or the host report's); media.inline's fullscreen event (webkitbeginfullscreen). WebKit defaults it to true on iPad, but Cordova sets it false there too unless AllowInlineMediaPlayback is on, so an iPad that plays inline rules it out only outside Cordova",
        remedy: .inlineAndAutoplay, source: PlatformSource.wkInlinePlayback,
        ruledOutBy: inlinePlaybackWorked,
        // A camera preview that shows no frames is its symptom too (native iOS's
        // allowsInlineMediaPlayback row): a video that played inline rules it out there.
        applies: { $0.family == .ios && $0.platform.isAppWebView && ($0.context.inlinePlaybackFailed || $0.result?.probe == .cameraFrames) },
        weigh: { e in
            if e.observed(.mediaInline, "enteredFullscreen")?.boolValue == true {
                return .likely("media.inline entered the fullscreen player")
            }
            if e.observed(.mediaInline, "errorName")?.stringValue == "NotAllowedError" {
                return .likely("media.inline's play() was refused before any player appeared, which inline playback off gives too: the fullscreen player it needs waits for a gesture")
            }
            return .likely("media.inline did not play inside the page")
        })

    /// A gesture rule for playback on one family's app WebViews: the host's setting, with one
    /// fix on both. It explains media.autoplay refused, or media.inline refused with
    /// NotAllowedError (not sent fullscreen), and a play() allowed without a gesture rules it out.
    static func gestureRule(
        _ id: String, on family: Platform.Family, scope: String, summary: String, check: String, source: String,
        weigh: @escaping @Sendable (CauseEvidence) -> KnownCause.Weighing?
    ) -> KnownCause {
        KnownCause(
            id, .webViewSetting, scope: scope, summary: summary, check: check, remedy: .autoplay, source: source,
            ruledOutBy: noGestureRule,
            applies: { e in
                guard e.family == family && e.platform.isAppWebView else { return false }
                return e.result?.probe != .mediaInline || e.result?.string("errorName") == "NotAllowedError"
            },
            weigh: weigh)
    }

    static let iosGestureRule = gestureRule("ios.autoplay.user-action-required", on: .ios,
        scope: "iOS WKWebView (react-native-webview: mediaPlaybackRequiresUserAction; webview_flutter: mediaTypesRequiringUserAction, all media by default)",
        summary: "media needs a user gesture: mediaTypesRequiringUserActionForPlayback is not empty (react-native-webview: mediaPlaybackRequiresUserAction; webview_flutter: mediaTypesRequiringUserAction, which requires one for all media by default)",
        check: "the configuration's mediaTypesRequiringUserActionForPlayback must be [] before the WKWebView is created; a video started from a tap plays in the page under this rule and goes fullscreen when inline playback is off",
        source: WrapperCatalog.wkMediaTypes,
        weigh: { e in
            if e.result?.probe == .mediaInline {
                return .likely("media.inline's play() was refused with NotAllowedError, not sent fullscreen")
            }
            var against: [String] = []
            if e.observed(.mediaInline, "enteredFullscreen")?.boolValue == true {
                against.append("media.inline went fullscreen: the video cannot play in the page yet, so the gesture rule cannot be judged")
            }
            return .init(likelihood: against.isEmpty ? .likely : .possible, supporting: ["unmuted play() was refused without a gesture"], against: against)
        })

    static let androidGestureRule = gestureRule("android.autoplay.gesture-required", on: .android,
        scope: "Android WebView (true by default; react-native-webview: mediaPlaybackRequiresUserAction; webview_flutter: setMediaPlaybackRequiresUserGesture)",
        summary: "media needs a user gesture: WebSettings.mediaPlaybackRequiresUserGesture is true, Android WebView's default",
        check: "webView.settings.mediaPlaybackRequiresUserGesture is false",
        source: PlatformSource.androidMediaGesture,
        weigh: { e in
            // A camera preview is a video element the page starts without a gesture: the
            // setting holds it back as it holds back media.autoplay's play().
            guard e.result?.probe == .cameraFrames else { return .likely("play() was refused without a gesture in an Android WebView") }
            return e.observed(.mediaAutoplay, "played")?.boolValue == false
                ? .likely("media.autoplay was refused without a gesture too, and the preview's video starts without one")
                : .possible("the preview's video starts without a gesture")
        })

    /// media.autoplay refused.
    static let autoplayRefused = Symptom(id: "media.autoplay-refused", probes: [.mediaAutoplay], observation: "an unmuted play() without a gesture was refused", causes: [
        iosInlineOff, iosGestureRule, androidGestureRule,
        KnownCause("browser.autoplay-policy", .osPermission, scope: "Safari, Chrome, desktop browsers",
            summary: "the browser's autoplay policy refuses unmuted media without a gesture (expected in a browser)",
            check: "none in the app: start playback from a tap", remedy: nil,
            source: "https://developer.mozilla.org/en-US/docs/Web/Media/Guides/Autoplay", context: .browser,
            applies: { !$0.platform.isAppWebView },
            weigh: .likely("a browser")),
    ])

    /// media.inline: the playsinline video did not play inside the page.
    static let inlineRefused = Symptom(id: "media.not-inline", probes: [.mediaInline], observation: "a playsinline video did not play inside the page", causes: [iosInlineOff, iosGestureRule, androidGestureRule])
}

/// The fixes this file's findings carry, as code an integrator pastes (Tests/remedies/check.py
/// compiles each line; `RemedyCodeTests` checks their width and their API pages).
extension Remedy {
    static let wkMediaTypes = WrapperCatalog.wkMediaTypes

    // Autoplay of the preview without an extra tap (docs/requirements.md#media-playback).
    public static let autoplay = Remedy(
        iosSwift: """
            // Before WKWebView(frame:configuration:); the default needs a tap
            configuration.mediaTypesRequiringUserActionForPlayback = []
            """,
        androidKotlin: "webView.settings.mediaPlaybackRequiresUserGesture = false",
        reactNative: "<WebView mediaPlaybackRequiresUserAction={false} />",
        docs: Docs(ios: wkMediaTypes, android: PlatformSource.androidMediaGesture, reactNative: rnReference + "#mediaplaybackrequiresuseraction"))

    // allowsInlineMediaPlayback defaults to false on iPhone, true on iPad (docs/requirements.md#media-playback).
    public static let inlineMedia = Remedy(
        iosSwift: """
            // Set before creating the WKWebView (false on iPhone by default)
            configuration.allowsInlineMediaPlayback = true
            """,
        androidKotlin: """
            // Android plays inline; the gesture rule is what holds the video
            webView.settings.mediaPlaybackRequiresUserGesture = false
            """,
        reactNative: """
            <WebView
              allowsInlineMediaPlayback
              mediaPlaybackRequiresUserAction={false}
            />
            """,
        docs: Docs(ios: PlatformSource.wkInlinePlayback, android: PlatformSource.androidMediaGesture,
                   reactNative: rnReference + "#allowsinlinemediaplayback"))

    // Both playback settings at once: what a video that never plays in the page needs when
    // the run cannot tell which of the two blocked it (camera preview, autoplay with inline off).
    // The React Native fix of `inlineMedia` already sets both props, so its line and pages are
    // this one's: one place to correct them.
    public static let inlineAndAutoplay = Remedy(
        iosSwift: """
            // Both before creating the WKWebView
            configuration.allowsInlineMediaPlayback = true
            configuration.mediaTypesRequiringUserActionForPlayback = []
            """,
        androidKotlin: "webView.settings.mediaPlaybackRequiresUserGesture = false",
        reactNative: inlineMedia.reactNative,
        docs: inlineMedia.docs)
}
