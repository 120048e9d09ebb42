/// The fix in each wrapper: iOS Swift, Android Kotlin, React Native prop (docs/requirements.md#product-rules), and in a finding
/// the fix in every wrapper's own API (`wrappers`, the detected wrapper's first; docs/wrappers.md).
public struct Remedy: Sendable, Codable, Equatable {
    public var iosSwift: String?
    public var androidKotlin: String?
    public var reactNative: String?
    /// Set on a finding's remedy by `WrapperJudgement`: the detected wrapper's fix first.
    public var wrappers: [WrapperFix]?

    public init(iosSwift: String? = nil, androidKotlin: String? = nil, reactNative: String? = nil) {
        self.iosSwift = iosSwift
        self.androidKotlin = androidKotlin
        self.reactNative = reactNative
    }

    public var isEmpty: Bool { iosSwift == nil && androidKotlin == nil && reactNative == nil }

    /// Keeps only the remedy lines that apply to the platform's wrapper, so a finding on
    /// Android does not tell the reader to change a WKWebView setting.
    public func relevant(to platform: Platform) -> Remedy {
        var relevant = nativeLines(for: platform)
        relevant.wrappers = wrappers
        return relevant
    }

    func nativeLines(for platform: Platform) -> Remedy {
        switch platform {
        case .iosWKWebView: return Remedy(iosSwift: iosSwift)
        case .androidWebView: return Remedy(androidKotlin: androidKotlin)
        case .rnWebViewIOS, .rnWebViewAndroid: return Remedy(reactNative: reactNative ?? (platform == .rnWebViewIOS ? iosSwift : androidKotlin))
        case .iosSafari, .androidChrome, .desktop: return self
        }
    }
}
