/// What `PlatformDetector` concluded, and how sure it is.
public struct DetectedPlatform: Sendable, Codable, Equatable {
    public enum Confidence: String, Sendable, Codable, Comparable {
        case low, medium, high
        public static func < (lhs: Confidence, rhs: Confidence) -> Bool {
            let order: [Confidence] = [.low, .medium, .high]
            return order.firstIndex(of: lhs)! < order.firstIndex(of: rhs)!
        }
    }

    public var platform: Platform
    /// iOS, Android, macOS, Windows, Linux, ChromeOS, or unknown.
    public var os: String
    public var osVersion: Version?
    /// WebKit, Blink or Gecko.
    public var engine: String
    /// WebKit on iOS: the Safari/iOS version (AppleWebKit/605.1.15 is frozen);
    /// Blink: the Chrome version; Gecko: the Firefox version.
    public var engineVersion: Version?
    /// The app or browser around the engine when known: "react-native-webview", "Facebook",
    /// "Instagram", "LINE", "Samsung Internet", "Chrome for iOS", …
    public var wrapper: String?
    public var confidence: Confidence
    /// Why, in the order the detector reasoned.
    public var reasons: [String]
    /// True when `?platform=` chose the platform.
    public var overridden: Bool = false
    /// The app framework the run is judged against (`WrapperDetector`); nil in a browser.
    public var wrapperDetection: WrapperDetection?
    /// True when the user agent names no platform at all (an app's own, set with WKWebView's
    /// `customUserAgent` or Android's `setUserAgentString`) and the page's other signals told
    /// the platform (`PlatformDetector.fromSignals`); nil otherwise.
    public var userAgentNamesNoPlatform: Bool?
}
