extension Diff {
    func evaluateAutoplay(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        guard let played = result.bool("played") else { return Assessment(.unknown, "") }
        let error = result.string("errorName")
        let observed = played ? "unmuted play() without a gesture worked" : "unmuted play() was refused" + (error.map { " (\($0))" } ?? "")
        if played { return Assessment(.works, observed) }
        // With inline playback off, WebKit refuses play() of an in-page video outright,
        // gesture or not (WebKitGTK measured; iPhone sends it fullscreen): the gesture setting
        // cannot be judged until inline playback works, so name the setting that blocks first.
        if context.inlinePlaybackFailed && context.isIOS {
            return Assessment(
                .broken, observed,
                diagnosis: "The video may not play inside the page at all: allowsInlineMediaPlayback is false (media.inline failed too), so play() is refused whatever the gesture setting. Turn inline playback on and keep mediaTypesRequiringUserActionForPlayback empty; re-run to see whether autoplay then works.",
                layer: .webView, remedy: .inlineAndAutoplay)
        }
        let diagnosis: String
        switch context.family {
        case .android: diagnosis = "Media needs a user gesture: Android WebView's mediaPlaybackRequiresUserGesture is on by default."
        case .ios: diagnosis = "Media needs a user gesture: mediaTypesRequiringUserActionForPlayback is not empty."
        case .desktop: diagnosis = "The browser's autoplay policy requires a gesture."
        }
        return Assessment(.broken, observed, diagnosis: diagnosis, layer: context.isAppWebView ? .webView : .userOrOS, remedy: .autoplay)
    }

    /// allowsInlineMediaPlayback defaults to false on iPhone and true on iPad
    /// (https://developer.apple.com/documentation/webkit/wkwebviewconfiguration/allowsinlinemediaplayback).
    func evaluateInline(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let inline = result.bool("inline")
        let fullscreen = result.bool("enteredFullscreen")
        guard inline != nil || fullscreen != nil else { return Assessment(.unknown, "") }
        let observed = "inline \(describe(inline)), entered fullscreen \(describe(fullscreen))"
        if inline == true, fullscreen != true { return Assessment(.works, observed) }
        let diagnosis = context.isIOS
            ? "A playsinline video left the page for the fullscreen player: allowsInlineMediaPlayback is false, the iPhone default."
            : "A playsinline video did not stay in the page."
        return Assessment(.broken, observed, diagnosis: diagnosis, layer: .webView, remedy: .inlineMedia)
    }
}
