/// The facts more than one declaration rests on, stated once.
extension Diagnosis.Basis {
    fileprivate static let webViewUpdatesApartFromOS = fact("Android System WebView updates apart from the OS; its Chrome version is the engine's", source: PlatformSource.androidWebViewVersions)
}

/// The environment: the diagnoses `Diff+Environment.swift` states.
extension Diagnosis {
    static let javaScriptOffAndroid = KnownDiagnosis("android.javascript-off", probes: [.envScript],
        .fact("Android WebView runs no JavaScript unless setJavaScriptEnabled(true)", source: PlatformSource.androidJavaScript)) {
        "JavaScript is off: Android WebView has it off by default."
    }
    static let javaScriptOff = KnownDiagnosis("webview.javascript-off", probes: [.envScript], .observation) { "JavaScript is off in this WebView." }

    /// A version under the requirement set's minimum fails the run; its versions are the
    /// requirement set's (docs/requirements.md#requirement-sets), the engine's is Android System WebView's own.
    static let belowMinimumVersion = KnownDiagnosis("platform.below-minimum", probes: [.envPlatform], .webViewUpdatesApartFromOS) { (shortfalls: [VersionShortfall]) in
        shortfalls.map(\.sentence).joined(separator: "; ") + ". This fails the run whatever else passed."
    }
    static let belowRecommendedVersion = KnownDiagnosis("platform.below-recommended", probes: [.envPlatform], .webViewUpdatesApartFromOS) { (shortfalls: [VersionShortfall]) in
        shortfalls.map(\.sentence).joined(separator: "; ") + "."
    }

    static let notSecureContext = KnownDiagnosis("page.insecure-context", probes: [.envSecureContext],
        .fact("camera and storage APIs are offered to secure contexts only", source: PlatformSource.mdnSecureContext)) {
        "The page is not a secure context, so navigator.mediaDevices is absent and the camera cannot work. Load it over https:// (or http://localhost)."
    }

    /// The lead of `Symptom.underSystemBars`'s diagnosis.
    static let spansSystemBars = KnownDiagnosis("viewport.under-system-bars", probes: [.envViewport], .observation) {
        "The page spans the whole screen and no safe-area inset tells it where the system bars are"
    }
    static let nativeHeader = KnownDiagnosis("contract.viewport-native-header", probes: [.envViewport], .contract) { (leftPercent: Int) in
        "The WebView leaves \(leftPercent) % of the height to native UI: a header or bar. Pinned to the safe area on a notched iPhone it is about 89 %, which is fine (docs/requirements.md#layout); more than that, hide the native header."
    }
    static let embeddedWebView = KnownDiagnosis("contract.viewport-embedded", probes: [.envViewport], .contract) { (percent: Int) in
        "The WebView fills only \(percent) % of the screen height: it is embedded in a card, modal or split view. Let it fill the screen directly (docs/requirements.md#layout)."
    }

    static let cameraShimmed = KnownDiagnosis("host.camera-api-replaced", probes: [.envInjected], .observation) {
        "The host replaced the camera API with its own script: the camera results describe that shim, not the WebView."
    }
    /// Every diagnosis declared in this file, for the docs and the tests (a test holds the list to the declarations).
    static let environmentDeclared: [any DeclaredDiagnosis] = [
        javaScriptOffAndroid, javaScriptOff, belowMinimumVersion, belowRecommendedVersion, notSecureContext,
        spansSystemBars, nativeHeader, embeddedWebView, cameraShimmed,
    ]
}

/// A version the requirement set's minimum or recommendation is not met by, as
/// `Diff.evaluatePlatform` found it.
enum VersionShortfall: Sendable {
    case belowMinimum(subject: String, actual: Version, minimum: Version, requirementSet: String, note: String)
    case belowRecommended(subject: String, actual: Version, recommended: Version, minimum: Version?, note: String)
    case unreadable(subject: String, reason: String, minimum: Version?, recommended: Version?)

    var sentence: String {
        switch self {
        case let .belowMinimum(subject, actual, minimum, requirementSet, note):
            return "\(subject) \(actual) is below the minimum \(subject) \(minimum) (\(requirementSet): \(note))"
        case let .belowRecommended(subject, actual, recommended, minimum, note):
            let met = minimum.map { "meets the minimum \($0) but " } ?? ""
            return "\(subject) \(actual) \(met)is below the recommended \(recommended) (\(note))"
        case let .unreadable(subject, reason, minimum, recommended):
            let floor = (minimum ?? recommended).map { "; the \(minimum == nil ? "recommendation" : "minimum") is \($0)" } ?? ""
            return "the \(subject) version could not be read (\(reason))\(floor)"
        }
    }
}
