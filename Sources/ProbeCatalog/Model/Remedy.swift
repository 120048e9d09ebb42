/// The fix of a failing probe, one `WrapperFix` per wrapper: the catalog declares the native
/// iOS Swift line (the `.nativeIOS` fix), the Android Kotlin line (`.nativeAndroid`) and the
/// React Native prop (`.reactNativeWebView`), docs/requirements.md#product-rules; a finding
/// judged against a detected wrapper carries every wrapper's fix in its own API, the detected
/// wrapper's first (`WrapperJudgement`, docs/wrappers.md). One list, so reports, the end
/// screen and the JSON read one model of "the fix in this wrapper".
public struct Remedy: Sendable, Codable, Equatable {
    /// At most one fix per wrapper and family (`Key`), the one to show first at the head.
    public var fixes: [WrapperFix]

    /// The longest line of a remedy's code: the terminal report prints it under an 8-column
    /// indent and stays within 80 columns (`TerminalText.columns` in ProbeServer).
    public static let lineLimit = 72

    public init(fixes: [WrapperFix] = []) {
        self.fixes = fixes
    }

    /// The declaration the catalog's areas write: the three lines and their pages, each made
    /// the fix of its native wrapper. Public: a catalog given to a server
    /// (`ServiceOptions.catalog`) from another module declares its probes' remedies with it.
    public init(iosSwift: String? = nil, androidKotlin: String? = nil, reactNative: String? = nil, docs: Docs? = nil) {
        self.fixes = [
            iosSwift.map { Remedy.line(.nativeIOS, code: $0, docs: docs?.ios) },
            androidKotlin.map { Remedy.line(.nativeAndroid, code: $0, docs: docs?.android) },
            reactNative.map { Remedy.line(.reactNativeWebView, code: $0, docs: docs?.reactNative) },
        ].compactMap { $0 }
    }

    /// The documentation page of each declared line's API (Apple, Android, react-native-webview):
    /// the declaration's spelling only; the pages are kept in each fix's `docs`.
    public struct Docs: Sendable, Equatable {
        public var ios: String?
        public var android: String?
        public var reactNative: String?

        public init(ios: String? = nil, android: String? = nil, reactNative: String? = nil) {
            self.ios = ios
            self.android = android
            self.reactNative = reactNative
        }
    }

    /// The wrappers whose fix the catalog declares as a line of its own, in declaration order.
    public static let lineWrappers: [Wrapper] = [.nativeIOS, .nativeAndroid, .reactNativeWebView]

    /// A declared line as its wrapper's fix: WKWebView's in Swift, android.webkit.WebView's in
    /// Kotlin, react-native-webview's as a JSX prop on both platforms. Without a page the docs
    /// are empty, and readers fall back to the wrapper's own documentation.
    static func line(_ wrapper: Wrapper, code: String, docs: String?) -> WrapperFix {
        switch wrapper {
        case .nativeIOS: return WrapperFix(wrapper, nil, family: .ios, language: "Swift", docs: docs ?? "", code: code)
        case .nativeAndroid: return WrapperFix(wrapper, nil, family: .android, language: "Kotlin", docs: docs ?? "", code: code)
        default: return WrapperFix(wrapper, nil, language: "JSX", docs: docs ?? "", code: code)
        }
    }

    /// What no two fixes of one remedy share: a wrapper can have one fix for iOS and another
    /// for Android, never two for the same platform.
    public struct Key: Hashable, Sendable {
        public let wrapper: Wrapper
        public let family: Platform.Family?
    }

    /// The first fix of `wrapper` a reader on `family` can paste (nil: any family).
    public func fix(_ wrapper: Wrapper, family: Platform.Family? = nil) -> WrapperFix? {
        fixes.first { $0.wrapper == wrapper && (family == nil || $0.family == nil || $0.family == family) }
    }

    /// The declared lines read back from the fixes: an area composes one remedy from another's
    /// line (`inlineAndAutoplay` takes `inlineMedia`'s prop and pages).
    public var iosSwift: String? { fix(.nativeIOS)?.code }
    public var androidKotlin: String? { fix(.nativeAndroid)?.code }
    public var reactNative: String? { fix(.reactNativeWebView)?.code }
    public var docs: Docs? {
        let page = { (wrapper: Wrapper) in fix(wrapper).map(\.docs).flatMap { $0.isEmpty ? nil : $0 } }
        let docs = Docs(ios: page(.nativeIOS), android: page(.nativeAndroid), reactNative: page(.reactNativeWebView))
        return docs == Docs() ? nil : docs
    }

    public var isEmpty: Bool { fixes.isEmpty }

    /// Keeps only the fixes that apply to the platform's app, so a finding on Android does not
    /// tell the reader to change a WKWebView setting: of the declared lines the one of the
    /// platform's WebView (`nativeLines`), of every other wrapper the fixes for its family.
    public func relevant(to platform: Platform) -> Remedy {
        let lines = Set(nativeLines(for: platform).map { Key(wrapper: $0.wrapper, family: $0.family) })
        let others = Remedy.applicable(fixes.filter { !Remedy.lineWrappers.contains($0.wrapper) }, to: platform.family)
        return Remedy(fixes: fixes.filter { fix in
            Remedy.lineWrappers.contains(fix.wrapper)
                ? lines.contains(Key(wrapper: fix.wrapper, family: fix.family))
                : others.contains(fix)
        })
    }

    /// The fixes a reader on `family` can paste: one written for the other platform's WebView
    /// (a WebChromeClient in Kotlin on an iOS run, a WKUIDelegate on an Android one) is left
    /// out; a fix for both (`family` nil) stays, and a desktop run, standing in for either, keeps all.
    static func applicable(_ fixes: [WrapperFix], to family: Platform.Family) -> [WrapperFix] {
        guard family != .desktop else { return fixes }
        return fixes.filter { $0.family == nil || $0.family == family }
    }

    /// The declared lines (fixes of the native wrappers and react-native-webview) that apply
    /// to an app on `platform`.
    func nativeLines(for platform: Platform) -> [WrapperFix] {
        let ios = fix(.nativeIOS), android = fix(.nativeAndroid)
        switch platform {
        case .iosWKWebView: return [ios].compactMap { $0 }
        case .androidWebView: return [android].compactMap { $0 }
        // A React Native app whose fix has no JavaScript side is fixed in its native project:
        // the native line keeps its own language and label, never passed off as JavaScript.
        case .rnWebViewIOS: return [fix(.reactNativeWebView, family: .ios) ?? ios].compactMap { $0 }
        case .rnWebViewAndroid: return [fix(.reactNativeWebView, family: .android) ?? android].compactMap { $0 }
        case .iosSafari, .androidChrome, .desktop: return fixes.filter { Remedy.lineWrappers.contains($0.wrapper) }
        }
    }
}
