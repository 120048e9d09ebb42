/// What the page can see besides the user agent (the `env.platform` observed fields).
public struct PlatformSignals: Sendable, Codable, Equatable {
    /// `window.ReactNativeWebView` exists: react-native-webview injects it on both platforms.
    public var reactNativeWebView: Bool?
    /// `window.webkit.messageHandlers` exists: only a WKWebView host that registered a
    /// script message handler exposes it; Safari never does.
    public var webkitMessageHandlers: Bool?
    /// iPadOS 13+ in desktop mode sends a Mac user agent; only the touch points give it away.
    public var maxTouchPoints: Int?
    /// `navigator.userAgentData.brands` as "Brand/version".
    public var uaBrands: [String]?
    public var uaPlatform: String?
    /// The real Android version behind Chrome's reduced user agent ("Android 10; K").
    public var uaPlatformVersion: String?
    public var uaMobile: Bool?
    /// The app framework's bridges and handlers (Public/wrapper.js).
    public var wrapperSignals: WrapperSignals?

    public init(
        reactNativeWebView: Bool? = nil, webkitMessageHandlers: Bool? = nil, maxTouchPoints: Int? = nil,
        uaBrands: [String]? = nil, uaPlatform: String? = nil, uaPlatformVersion: String? = nil, uaMobile: Bool? = nil,
        wrapperSignals: WrapperSignals? = nil
    ) {
        self.wrapperSignals = wrapperSignals
        self.reactNativeWebView = reactNativeWebView
        self.webkitMessageHandlers = webkitMessageHandlers
        self.maxTouchPoints = maxTouchPoints
        self.uaBrands = uaBrands
        self.uaPlatform = uaPlatform
        self.uaPlatformVersion = uaPlatformVersion
        self.uaMobile = uaMobile
    }

    /// Reads the signals from an `env.platform` result's observed fields.
    public init(observed: [String: JSONValue]) {
        self.init(
            reactNativeWebView: observed["reactNativeWebView"]?.boolValue,
            webkitMessageHandlers: observed["webkitMessageHandlers"]?.boolValue,
            maxTouchPoints: observed["maxTouchPoints"]?.intValue,
            uaBrands: observed["uaBrands"]?.arrayValue?.compactMap(\.stringValue),
            uaPlatform: observed["uaPlatform"]?.stringValue,
            uaPlatformVersion: observed["uaPlatformVersion"]?.stringValue,
            uaMobile: observed["uaMobile"]?.boolValue,
            wrapperSignals: WrapperSignals(observed: observed))
    }
}
