/// The facts more than one declaration rests on, stated once.
extension Diagnosis.Basis {
    static let inlinePlaybackOffOnIPhone = fact("allowsInlineMediaPlayback is false by default on iPhone", source: PlatformSource.wkInlinePlayback)
}

/// Media playback: the leads of the diagnoses `Diff+Media.swift` words from the causes in
/// `Symptoms+Media.swift`.
extension Diagnosis {
    static let autoplayRefused = KnownDiagnosis("media.autoplay-refused", probes: [.mediaAutoplay],
        .fact("Android WebView requires a gesture for media playback by default; iOS: mediaTypesRequiringUserActionForPlayback", source: PlatformSource.androidMediaGesture)) {
        "Unmuted media did not play without a gesture"
    }
    static let inlineRefused = KnownDiagnosis("media.inline-refused", probes: [.mediaInline], .inlinePlaybackOffOnIPhone) {
        "The playsinline video did not play inside the page"
    }
    /// Every diagnosis declared in this file, for the docs and the tests (a test holds the list to the declarations).
    static let mediaDeclared: [any DeclaredDiagnosis] = [
        autoplayRefused, inlineRefused,
    ]
}
