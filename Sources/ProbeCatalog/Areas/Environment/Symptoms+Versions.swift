/// env.platform: a version under the requirement set's minimum or recommendation. The rule is
/// the requirement set's (docs/requirements.md#requirement-sets); how the device gets a newer
/// engine is its platform's, and no setting of the app changes it: Android System WebView
/// updates apart from the OS, from the store, and its Chrome version is the engine's
/// (https://developer.android.com/develop/ui/views/layout/webapps/webview); WKWebView's WebKit
/// is part of iOS and updates only with it, each Safari release note naming its iOS
/// (https://developer.apple.com/documentation/safari-release-notes).
extension Symptom {
    static let belowVersion = Symptom(id: "platform.below-version", probes: [.envPlatform], observation: "a version under the requirement set's minimum or recommendation", causes: [
        KnownCause("android.webview-not-updated", .device, scope: "Android WebView and Chrome",
            summary: "the device's Android System WebView (or Chrome) has not been updated: it updates apart from the OS, from the Play Store, and its Chrome version is the engine's",
            check: "the Android System WebView version in Settings › Apps (or WebViewCompat.getCurrentWebViewPackage); update it from the Play Store",
            remedy: .updateOS, source: PlatformSource.androidWebViewVersions, context: .device,
            applies: { $0.context.versionBelowRequirement(.androidWebView) != nil },
            weigh: { e in .likely("Chrome \(e.context.versionBelowRequirement(.androidWebView).map { "\($0)" } ?? "?") is the engine's version") }),
        KnownCause("android.os-not-updated", .device, scope: "Android",
            summary: "the device runs an Android older than the requirement set's: Android itself comes with the device maker's system updates, apart from the WebView",
            check: "Settings › About phone › Android version; Settings › System › Software updates",
            remedy: .updateOS, source: PlatformSource.androidSystemUpdate, context: .device,
            applies: { $0.context.versionBelowRequirement(.android) != nil },
            weigh: { e in .likely("Android \(e.context.versionBelowRequirement(.android).map { "\($0)" } ?? "?")") }),
        KnownCause("ios.not-updated", .device, scope: "iOS, every browser and WKWebView",
            summary: "the device's iOS has not been updated: WKWebView's WebKit is part of iOS and updates only with the OS",
            check: "Settings › General › About › iOS Version; Software Update",
            remedy: .updateOS, source: PlatformSource.safariReleaseNotes, context: .device,
            applies: { $0.context.versionBelowRequirement(.iOS) != nil },
            weigh: { e in .likely("iOS \(e.context.versionBelowRequirement(.iOS).map { "\($0)" } ?? "?") brings its own WebKit") }),
    ])
}

extension EvaluationContext {
    /// The version of `subject` the run shows: the OS's from the user agent, Android System
    /// WebView's as its Chrome major; nil when the run shows none (react-native-webview's never).
    func measuredVersion(_ subject: VersionMinimum.Subject) -> Version? {
        switch subject {
        case .iOS: return platform.os == "iOS" ? platform.osVersion : nil
        case .android: return platform.os == "Android" ? platform.osVersion : nil
        case .androidWebView: return platform.engine == "Blink" ? platform.engineVersion.map { Version([$0.major]) } : nil
        case .reactNativeWebView: return nil
        }
    }

    /// The measured version of `subject` where it is under the requirement set's minimum or
    /// recommendation; nil where it meets both or the run shows none.
    func versionBelowRequirement(_ subject: VersionMinimum.Subject) -> Version? {
        guard let minimum = profile.minimums.first(where: { $0.subject == subject }), let actual = measuredVersion(subject) else { return nil }
        let short = (minimum.minimum.map { actual < $0 } ?? false) || (minimum.recommended.map { actual < $0 } ?? false)
        return short ? actual : nil
    }
}
