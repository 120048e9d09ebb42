/// The engine a trial runs the page in: headless Chromium itself, or one of the WebView
/// hosts of Tests/engines/hosts (docs/engines.md), which are configured like apps.
public enum TrialEngine: String, CaseIterable, Sendable {
    case chromium, webkit, qt

    /// What the run is judged as, unless `--platform` says otherwise: the WebKitGTK host
    /// stands in for WKWebView and the QtWebEngine host for Android's WebView (docs/engines.md).
    public var defaultPlatform: String {
        switch self {
        case .chromium: return "desktop"
        case .webkit: return "ios-wkwebview"
        case .qt: return "android-webview"
        }
    }

    /// A finding the engine itself causes whatever the host does (docs/engines.md): said
    /// beside the verdict so that a trial's reader does not fix the wrong thing.
    public var knownLimitation: (probe: String, text: String)? {
        switch self {
        case .webkit:
            return ("camera.foreignOrigin", "WebKitGTK's permission request carries no origin, so the WebKit host cannot check "
                + "it and camera.foreignOrigin fails on every WebKit host (docs/engines.md); iOS hands the delegate the origin.")
        default:
            return nil
        }
    }

    public var summary: String {
        switch self {
        case .chromium: return "headless Chromium, a plain browser (judged as desktop)"
        case .webkit: return "the WebKitGTK host of Tests/engines, a stand-in for WKWebView (judged as ios-wkwebview)"
        case .qt: return "the QtWebEngine host of Tests/engines, a stand-in for Android WebView (judged as android-webview)"
        }
    }
}

/// One app setting a trial can break on purpose, to show what a broken host looks like.
/// The host arguments are those of Tests/engines/hosts/common.py (`parse_settings`), as the
/// cases of Tests/engines/cases.py use them; Chromium's are the profile preferences and
/// switches of ChromiumProfile.
public struct Misconfiguration: Sendable {
    public let name: String
    public let meaning: String
    /// Arguments of webkit_host.py and qt_host.py; nil when the hosts cannot break it.
    let hostArguments: [String]?
    /// The engines whose host has the setting: WebKitGTK's permission request has no origin
    /// (docs/engines.md), Android and so the Qt host no inline-playback switch
    /// (Tests/engines/hosts/qt_host.py).
    let hostEngines: Set<TrialEngine>
    let chromium: ChromiumProfile.Change?

    public func applies(to engine: TrialEngine) -> Bool {
        engine == .chromium ? chromium != nil : hostArguments != nil && hostEngines.contains(engine)
    }

    /// The page cannot run at all, so it never completes the run: `try` stops once the
    /// server has the page's <noscript> beacon (the result env.script).
    public var pageNeverFinishes: Bool { name == "javascript" }

    static let both: Set<TrialEngine> = [.webkit, .qt]

    public static let all: [Misconfiguration] = [
        .init(name: "javascript", meaning: "JavaScript off", hostArguments: ["--javascript", "off"], hostEngines: both,
              chromium: .contentSetting("javascript", blocked: true)),
        .init(name: "storage", meaning: "DOM storage (localStorage) off", hostArguments: ["--dom-storage", "off"], hostEngines: both,
              chromium: nil),
        .init(name: "cookies", meaning: "cookies blocked", hostArguments: ["--cookies", "never"], hostEngines: both,
              chromium: .contentSetting("cookies", blocked: true)),
        .init(name: "third-party-cookies", meaning: "third-party cookies blocked", hostArguments: ["--cookies", "no-third-party"],
              hostEngines: both, chromium: nil),
        // Not offered on chromium: judged as desktop, a camera the person refuses is theirs to
        // refuse (info), so the run would end READY and show nothing broken.
        .init(name: "camera", meaning: "the media-capture handler denies the camera", hostArguments: ["--media-handler", "deny"],
              hostEngines: both, chromium: nil),
        .init(name: "no-media-handler", meaning: "no media-capture handler at all", hostArguments: ["--media-handler", "none"],
              hostEngines: both, chromium: nil),
        .init(name: "any-origin", meaning: "the media handler grants every origin", hostArguments: ["--media-handler", "all"],
              hostEngines: [.qt], chromium: nil),
        .init(name: "host-only", meaning: "the media handler checks the host but not the port",
              hostArguments: ["--media-handler", "host-only"], hostEngines: [.qt], chromium: nil),
        .init(name: "every-resource", meaning: "the media handler grants every resource asked (microphone too)",
              hostArguments: ["--grant", "requested"], hostEngines: both, chromium: nil),
        .init(name: "no-file-chooser", meaning: "no file-chooser callback (the engine's default)",
              hostArguments: ["--file-chooser", "none"], hostEngines: [.qt], chromium: nil),
        .init(name: "file-chooser-ignored", meaning: "a file-chooser callback that never answers",
              hostArguments: ["--file-chooser", "ignore"], hostEngines: both, chromium: nil),
        .init(name: "gesture", meaning: "media playback needs a user gesture", hostArguments: ["--gesture-required", "on"],
              hostEngines: both, chromium: nil),
        .init(name: "inline", meaning: "inline media playback off", hostArguments: ["--inline", "off"], hostEngines: [.webkit],
              chromium: nil),
        .init(name: "untrusted-ca", meaning: "the app does not trust the local CA", hostArguments: [], hostEngines: both,
              chromium: nil),
    ]

    public static func named(_ name: String) -> Misconfiguration? { all.first { $0.name == name } }
}
