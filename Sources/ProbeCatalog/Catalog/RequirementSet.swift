/// A named set of requirements: the version minimums and how it changes the default
/// expectations. Adding a set is adding a value to `RequirementSet.all`.
public struct RequirementSet: Sendable, Codable, Equatable, Identifiable {
    public let id: String
    public let title: String
    /// Where the set comes from: a section of docs/requirements.md.
    public let source: String
    public let summary: String
    public let minimums: [VersionMinimum]
    /// Probe id → expectation changes (for every platform, or some).
    public let overrides: [ProbeID: ExpectationOverride]
    /// video-only: display capture must be denied as well as audio (docs/requirements.md#video-only).
    public let deniesDisplayCapture: Bool
    /// video-only: no popup or new window for camera capture (docs/requirements.md#video-only).
    public let allowsPopups: Bool
    /// How strict the host's camera origin check must be.
    public let originCheck: OriginCheck

    public enum OriginCheck: String, Sendable, Codable {
        /// The host name must match. The LiveForm guide's samples compare `origin.host` only
        /// (and its React Native sample uses grantIfSameHostElsePrompt), so under it a grant
        /// on another port of the same host is a warning, not a failure.
        case host
        /// Scheme, host and port must match: the whole origin (RFC 6454 §4).
        case schemeHostPort = "scheme-host-port"
    }

    public init(
        id: String, title: String, source: String, summary: String, minimums: [VersionMinimum],
        overrides: [ProbeID: ExpectationOverride], deniesDisplayCapture: Bool, allowsPopups: Bool,
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

/// A version floor (docs/requirements.md#requirement-sets).
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
    /// Android System WebView has no fixed floor in the requirement sets ("kept current"); the catalog
    /// warns below this Chromium major, which Google shipped in late 2023 (Chrome 120),
    /// two years before this catalog: older means the WebView stopped updating.
    public static let staleWebViewChromeMajor = "120"

    /// The LiveForm WebView Integration Guide, the default (docs/requirements.md#liveform).
    public static let liveform = RequirementSet(
        id: "liveform",
        title: "LiveForm WebView integration",
        source: "docs/requirements.md#liveform (Argos Identity LiveForm WebView Integration Guide)",
        summary: "Camera capture, image upload, cookies and storage, external links; iOS 15+, Android 9 (API 28)+, react-native-webview 13.x+.",
        minimums: [
            VersionMinimum(.iOS, minimum: "15", recommended: "16", note: "iOS 15+ has the WKUIDelegate media-capture callback that restricts grants to the host"),
            VersionMinimum(.android, minimum: "9", recommended: "10", note: "Android 9 (API 28)+, Android 10 (API 29)+ recommended"),
            VersionMinimum(.androidWebView, minimum: nil, recommended: staleWebViewChromeMajor, note: "keep Android System WebView current; the catalog warns below Chrome \(staleWebViewChromeMajor)"),
            VersionMinimum(.reactNativeWebView, minimum: "13", note: "react-native-webview 13.x+ (not visible from the page)"),
        ],
        overrides: [:],
        deniesDisplayCapture: false,
        allowsPopups: true,
        originCheck: .host)

    /// A strict video-only camera contract (docs/requirements.md#video-only).
    public static let videoOnly = RequirementSet(
        id: "video-only",
        title: "Video-only camera contract",
        source: "docs/requirements.md#video-only (WebView SDK camera contract)",
        summary: "getUserMedia({video:true}) only: audio and display capture denied, no popups or new windows; iOS 14.3+, Android API 24+.",
        minimums: [
            // WKWebView has getUserMedia from iOS 14.3 (https://bugs.webkit.org/show_bug.cgi?id=208667).
            VersionMinimum(.iOS, minimum: "14.3", note: "in-WebView capture requires iOS 14.3 or later (WebKit bug 208667)"),
            // The contract's floor: API 24 (Android 7.0) or later (docs/requirements.md#video-only).
            VersionMinimum(.android, minimum: "7", note: "API 24 (Android 7.0) or later"),
            VersionMinimum(.androidWebView, minimum: nil, recommended: staleWebViewChromeMajor, note: "a WebRTC-capable System WebView"),
        ],
        overrides: [
            .navWindowOpen: ExpectationOverride(
                .expectedBlocked, on: ExpectationRule.appWebViews,
                expected: "no popup or new window (blocked or kept in the same view)",
                because: "video-only: no popup or new window for camera capture"),
            .fileAccept: ExpectationOverride(.info, because: "video-only covers the camera only"),
            .fileCapture: ExpectationOverride(.info, because: "video-only covers the camera only"),
            .fileCancel: ExpectationOverride(.info, because: "video-only covers the camera only"),
            .fileHeic: ExpectationOverride(.info, because: "video-only covers the camera only"),
            .cameraScope: ExpectationOverride(
                .security, on: ExpectationRule.appWebViews,
                expected: "audio, audio+video and display capture all denied",
                because: "video-only: {video, audio} fails as a whole; {audio} and display capture are denied"),
        ],
        deniesDisplayCapture: true,
        allowsPopups: false,
        originCheck: .schemeHostPort)

    public static let all: [RequirementSet] = [.liveform, .videoOnly]
}
