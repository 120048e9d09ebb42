/// Media playback: an unmuted play() refused, a playsinline video that did not stay in the
/// page, and their known causes. Both settings refuse a play() without a gesture the same way:
/// with inline playback off WebKit must go fullscreen, fullscreen needs a gesture, so play()
/// rejects with NotAllowedError and no player appears
/// (https://github.com/WebKit/WebKit/blob/main/LayoutTests/media/video-fullscreen-restriction-removed-expected.txt),
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

    /// camera.frames: a granted camera whose preview left the page for the fullscreen player, or
    /// shows no moving picture. iOS's inline-playback default sends it fullscreen (or keeps it
    /// black where no gesture opens the player); Android's gesture rule holds back a video the
    /// page starts on its own. A video that played inside the page, or without a gesture, rules
    /// each out.
    static let previewNotPlaying = Symptom(id: "camera.preview-not-playing", probes: [.cameraFrames], observation: "the granted camera's preview went fullscreen, or is black, frozen or not playing", causes: [iosInlineOff, androidGestureRule])

    /// media.inline: the playsinline video did not play inside the page.
    static let inlineRefused = Symptom(id: "media.not-inline", probes: [.mediaInline], observation: "a playsinline video did not play inside the page", causes: [iosInlineOff, iosGestureRule, androidGestureRule])
}
