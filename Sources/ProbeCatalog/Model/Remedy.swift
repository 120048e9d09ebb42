/// The fix in each wrapper: iOS Swift, Android Kotlin, React Native prop (docs/requirements.md#product-rules), and in a finding
/// the fix in every wrapper's own API (`wrappers`, the detected wrapper's first; docs/wrappers.md).
public struct Remedy: Sendable, Codable, Equatable {
    public var iosSwift: String?
    public var androidKotlin: String?
    public var reactNative: String?
    /// Where the API each line uses is documented: the reports' Documentation link.
    public var docs: Docs?
    /// Set on a finding's remedy by `WrapperJudgement`: the detected wrapper's fix first.
    public var wrappers: [WrapperFix]?

    /// The longest line of a remedy's code: the terminal report prints it under an 8-column
    /// indent and stays within 80 columns (`TerminalText.columns` in ProbeServer).
    public static let lineLimit = 72

    /// Public, unlike the initializer Swift would write: a catalog given to a server
    /// (`ServiceOptions.catalog`) from another module declares its probes' remedies with it.
    public init(iosSwift: String? = nil, androidKotlin: String? = nil, reactNative: String? = nil, docs: Docs? = nil) {
        self.iosSwift = iosSwift
        self.androidKotlin = androidKotlin
        self.reactNative = reactNative
        self.docs = docs
    }

    /// The documentation page of each line's API (Apple, Android, react-native-webview).
    public struct Docs: Sendable, Codable, Equatable {
        public var ios: String?
        public var android: String?
        public var reactNative: String?

        public init(ios: String? = nil, android: String? = nil, reactNative: String? = nil) {
            self.ios = ios
            self.android = android
            self.reactNative = reactNative
        }
    }

    public var isEmpty: Bool { iosSwift == nil && androidKotlin == nil && reactNative == nil }

    /// Keeps only the remedy lines that apply to the platform's wrapper, so a finding on
    /// Android does not tell the reader to change a WKWebView setting.
    public func relevant(to platform: Platform) -> Remedy {
        var relevant = nativeLines(for: platform)
        relevant.docs = docs
        relevant.wrappers = wrappers.map { Remedy.applicable($0, to: platform.family) }
        return relevant
    }

    /// The fixes a reader on `family` can paste: one written for the other platform's WebView
    /// (a WebChromeClient in Kotlin on an iOS run, a WKUIDelegate on an Android one) is left
    /// out; a fix for both (`family` nil) stays, and a desktop run, standing in for either, keeps all.
    static func applicable(_ fixes: [WrapperFix], to family: Platform.Family) -> [WrapperFix] {
        guard family != .desktop else { return fixes }
        return fixes.filter { $0.family == nil || $0.family == family }
    }

    func nativeLines(for platform: Platform) -> Remedy {
        switch platform {
        case .iosWKWebView: return Remedy(iosSwift: iosSwift)
        case .androidWebView: return Remedy(androidKotlin: androidKotlin)
        // A React Native app whose fix has no JavaScript side is fixed in its native project:
        // the native line keeps its own language and label, never passed off as JavaScript.
        case .rnWebViewIOS: return reactNative.map { Remedy(reactNative: $0) } ?? Remedy(iosSwift: iosSwift)
        case .rnWebViewAndroid: return reactNative.map { Remedy(reactNative: $0) } ?? Remedy(androidKotlin: androidKotlin)
        case .iosSafari, .androidChrome, .desktop: return self
        }
    }
}
