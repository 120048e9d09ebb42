/// A named set of requirements: the version minimums and how it changes the default
/// expectations. Adding a set is adding a value to `RequirementSet.all`.
public struct RequirementSet: Sendable, Codable, Equatable, Identifiable {
    public let id: String
    public let title: String
    /// The seed the set comes from.
    public let source: String
    public let summary: String
    public let minimums: [VersionMinimum]
    /// Probe id → expectation changes (for every platform, or some).
    public let overrides: [String: ExpectationOverride]
    /// seed 004: display capture must be denied as well as audio.
    public let deniesDisplayCapture: Bool
    /// seed 004: "Do not use a popup or new window for camera capture."
    public let allowsPopups: Bool
    /// How strict the host's camera origin check must be.
    public let originCheck: OriginCheck

    public enum OriginCheck: String, Sendable, Codable {
        /// The host name must match. seed 000's own samples compare `origin.host` only
        /// (and its React Native sample uses grantIfSameHostElsePrompt), so under it a grant
        /// on another port of the same host is a warning, not a failure.
        case host
        /// Scheme, host and port must match (seed 001 "compares all three").
        case schemeHostPort = "scheme-host-port"
    }

    public init(
        id: String, title: String, source: String, summary: String, minimums: [VersionMinimum],
        overrides: [String: ExpectationOverride], deniesDisplayCapture: Bool, allowsPopups: Bool,
        originCheck: OriginCheck = .schemeHostPort
    ) {
        self.id = id
        self.title = title
        self.source = source
        self.summary = summary
        self.minimums = minimums
        self.overrides = overrides
        self.deniesDisplayCapture = deniesDisplayCapture
        self.allowsPopups = allowsPopups
        self.originCheck = originCheck
    }

    public func minimum(for subject: VersionMinimum.Subject) -> VersionMinimum? {
        minimums.first { $0.subject == subject }
    }
}

/// A change of one probe's expectation under a requirement set.
public struct ExpectationOverride: Sendable, Codable, Equatable {
    /// The new expectation on every platform, unless `platforms` narrows it.
    public let expectation: Expectation
    /// Empty: all platforms.
    public let platforms: [Platform]
    public let expected: String?
    public let because: String

    public init(_ expectation: Expectation, on platforms: [Platform] = [], expected: String? = nil, because: String) {
        self.expectation = expectation
        self.platforms = platforms
        self.expected = expected
        self.because = because
    }

    func applies(to platform: Platform) -> Bool { platforms.isEmpty || platforms.contains(platform) }
}

/// A version floor (SPEC §2 / seed 000 "Supported Versions and Minimum Requirements").
public struct VersionMinimum: Sendable, Codable, Equatable {
    public enum Subject: String, Sendable, Codable {
        case iOS
        case android = "Android"
        /// The Chromium major of Android System WebView.
        case androidWebView = "Android System WebView"
        case reactNativeWebView = "react-native-webview"
    }

    public let subject: Subject
    /// Nil: no floor, only a recommendation (Android System WebView is "kept current").
    public let minimum: Version?
    public let recommended: Version?
    /// Below `recommended` is a warning, below `minimum` a failure.
    public let note: String

    public init(_ subject: Subject, minimum: String?, recommended: String? = nil, note: String) {
        self.subject = subject
        self.minimum = minimum.flatMap { Version($0) }
        self.recommended = recommended.flatMap { Version($0) }
        self.note = note
    }
}

extension RequirementSet {
    /// Android System WebView has no fixed floor in the seeds ("kept current"); the catalog
    /// warns below this Chromium major, which Google shipped in late 2023 (Chrome 120),
    /// two years before this catalog: older means the WebView stopped updating.
    public static let staleWebViewChromeMajor = "120"

    /// seed 000, the default.
    public static let liveform = RequirementSet(
        id: "liveform",
        title: "LiveForm WebView integration",
        source: "seed 000 (LiveForm WebView Integration Guide)",
        summary: "Camera capture, image upload, cookies and storage, external links; iOS 15+, Android 9 (API 28)+, react-native-webview 13.x+.",
        minimums: [
            VersionMinimum(.iOS, minimum: "15", recommended: "16", note: "iOS 15+ has the WKUIDelegate media-capture callback that restricts grants to the host"),
            VersionMinimum(.android, minimum: "9", recommended: "10", note: "Android 9 (API 28)+, Android 10 (API 29)+ recommended"),
            VersionMinimum(.androidWebView, minimum: nil, recommended: staleWebViewChromeMajor, note: "keep Android System WebView current (seed 000); the catalog warns below Chrome \(staleWebViewChromeMajor)"),
            VersionMinimum(.reactNativeWebView, minimum: "13", note: "react-native-webview 13.x+ (not visible from the page)"),
        ],
        overrides: [:],
        deniesDisplayCapture: false,
        allowsPopups: true,
        originCheck: .host)

    /// seed 004: a strict video-only camera contract.
    public static let videoOnly = RequirementSet(
        id: "video-only",
        title: "Video-only camera contract",
        source: "seed 004 (WebView SDK camera contract)",
        summary: "getUserMedia({video:true}) only: audio and display capture denied, no popups or new windows; iOS 14.3+, Android API 24+.",
        minimums: [
            // seed 004: "In-WebView capture requires iOS 14.3 or later."
            VersionMinimum(.iOS, minimum: "14.3", note: "in-WebView capture requires iOS 14.3 or later (seed 004)"),
            // seed 004: "Set an approximate minimum SDK level of API 24 or later" (Android 7.0).
            VersionMinimum(.android, minimum: "7", note: "API 24 (Android 7.0) or later (seed 004)"),
            VersionMinimum(.androidWebView, minimum: nil, recommended: staleWebViewChromeMajor, note: "a WebRTC-capable System WebView (seed 004)"),
        ],
        overrides: [
            "nav.windowOpen": ExpectationOverride(
                .expectedBlocked, on: ExpectationRule.appWebViews,
                expected: "no popup or new window (blocked or kept in the same view)",
                because: "seed 004: do not use a popup or new window for camera capture"),
            "file.accept": ExpectationOverride(.info, because: "seed 004 covers the camera only"),
            "file.capture": ExpectationOverride(.info, because: "seed 004 covers the camera only"),
            "file.cancel": ExpectationOverride(.info, because: "seed 004 covers the camera only"),
            "file.heic": ExpectationOverride(.info, because: "seed 004 covers the camera only"),
            "camera.scope": ExpectationOverride(
                .security, on: ExpectationRule.appWebViews,
                expected: "audio, audio+video and display capture all denied",
                because: "seed 004: {video, audio} fails as a whole; {audio} and display capture are denied"),
        ],
        deniesDisplayCapture: true,
        allowsPopups: false,
        originCheck: .schemeHostPort)

    public static let all: [RequirementSet] = [.liveform, .videoOnly]
}
