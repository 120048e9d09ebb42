/// What the page runs in (docs/requirements.md#product-rules). The raw value is the `?platform=` spelling.
public enum Platform: String, CaseIterable, Codable, CodingKeyRepresentable, Sendable, Comparable {
    case iosWKWebView = "ios-wkwebview"
    /// Safari, and SFSafariViewController, whose user agent is the same as Safari's.
    case iosSafari = "ios-safari"
    case androidWebView = "android-webview"
    /// Chrome and the other Android browsers, Custom Tabs included.
    case androidChrome = "android-chrome"
    case rnWebViewIOS = "rn-webview-ios"
    case rnWebViewAndroid = "rn-webview-android"
    case desktop

    public enum Family: String, Codable, Sendable { case ios, android, desktop }

    public var family: Family {
        switch self {
        case .iosWKWebView, .iosSafari, .rnWebViewIOS: return .ios
        case .androidWebView, .androidChrome, .rnWebViewAndroid: return .android
        case .desktop: return .desktop
        }
    }

    /// True when an app hosts the page in a WebView it configures: the settings,
    /// delegates and origin checks of docs/requirements.md apply only there.
    public var isAppWebView: Bool {
        switch self {
        case .iosWKWebView, .androidWebView, .rnWebViewIOS, .rnWebViewAndroid: return true
        case .iosSafari, .androidChrome, .desktop: return false
        }
    }

    public var isReactNative: Bool { self == .rnWebViewIOS || self == .rnWebViewAndroid }

    public var title: String {
        switch self {
        case .iosWKWebView: return "iOS WKWebView"
        case .iosSafari: return "iOS Safari / SFSafariViewController"
        case .androidWebView: return "Android WebView"
        case .androidChrome: return "Android Chrome / Custom Tabs"
        case .rnWebViewIOS: return "react-native-webview on iOS"
        case .rnWebViewAndroid: return "react-native-webview on Android"
        case .desktop: return "Desktop browser"
        }
    }

    public static func < (lhs: Platform, rhs: Platform) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
