/// What the page saw of the app framework around it (`env.platform`'s `wrapperSignals`,
/// gathered by Public/wrapper.js): the bridge globals each wrapper injects, the script
/// message handlers a WKWebView host registered, and a `?wrapper=` the page was opened with.
public struct WrapperSignals: Sendable, Codable, Equatable {
    /// Names of the bridge globals present: "flutter_inappwebview", "Capacitor", "cordova",
    /// "_cordovaNative", "cordova_iab", "ReactNativeWebView", "androidBridge", "HybridWebView".
    public var globals: [String] = []
    /// Names found in window.webkit.messageHandlers (probed by name: they are not enumerable).
    public var messageHandlers: [String] = []
    /// `Capacitor.getPlatform()` and `Capacitor.isNativePlatform()`.
    public var capacitorPlatform: String?
    public var capacitorNative: Bool?
    /// `cordova.platformId` and `cordova.version`.
    public var cordovaPlatform: String?
    public var cordovaVersion: String?
    /// The page's `?wrapper=`.
    public var override: String?
    /// The release markers' paths the page found on `window` (`ReleaseMarker`).
    public var markers: [String] = []
}

// In an extension, so that Swift still synthesises the memberwise initializer (every signal absent by default).
extension WrapperSignals {
    /// Reads `env.platform`'s observed `wrapperSignals` object; the older fields
    /// (`reactNativeWebView`, `messageHandlerNames`) count too.
    public init(observed: [String: JSONValue]) {
        let object = observed["wrapperSignals"]?.objectValue ?? [:]
        func strings(_ value: JSONValue?) -> [String] { value?.arrayValue?.compactMap(\.stringValue) ?? [] }
        var globals = strings(object["globals"])
        if observed["reactNativeWebView"]?.boolValue == true, !globals.contains("ReactNativeWebView") { globals.append("ReactNativeWebView") }
        var handlers = strings(object["messageHandlers"])
        for name in strings(observed["messageHandlerNames"]) where !handlers.contains(name) { handlers.append(name) }
        self.init(
            globals: globals, messageHandlers: handlers,
            capacitorPlatform: object["capacitorPlatform"]?.stringValue, capacitorNative: object["capacitorNative"]?.boolValue,
            cordovaPlatform: object["cordovaPlatform"]?.stringValue, cordovaVersion: object["cordovaVersion"]?.stringValue,
            override: object["override"]?.stringValue, markers: strings(object["markers"]))
    }
}

/// The wrapper a run was judged against, how sure, and why.
public struct WrapperDetection: Sendable, Codable, Equatable {
    public var wrapper: Wrapper
    public var confidence: DetectedPlatform.Confidence
    /// The signals that decided it, in the order they were weighed.
    public var evidence: [String]
    /// cordova-plugin-inappbrowser's window rather than the app's own WebView.
    public var inAppBrowser: Bool = false
    /// True when `?wrapper=` (or a run's `wrapper`) chose it.
    public var overridden: Bool = false
}

/// Tells the wrapper from the page's signals and the user agent. Nil outside an app's
/// WebView (a browser has no wrapper to judge).
///
/// Injected globals are the strongest signal (each wrapper's bridge defines one of its own);
/// a message handler name is next; without either, an app WebView is taken as native with
/// low confidence, since webview_flutter and .NET MAUI's WebView inject nothing by default.
public enum WrapperDetector {
    /// A Capacitor app also defines `window.cordova` for its Cordova-plugin compatibility
    /// layer, so Capacitor is weighed before Cordova.
    public static func detect(signals: WrapperSignals, userAgent: String, platform: DetectedPlatform, override: String? = nil) -> WrapperDetection? {
        let chosen = override ?? signals.override
        if let chosen, !chosen.isEmpty {
            if let wrapper = Wrapper(rawValue: chosen) {
                var detected = fromPage(signals: signals, userAgent: userAgent, platform: platform)
                let said = detected.map { $0.wrapper == wrapper ? "agrees with detection" : "overrides the detected \($0.wrapper.rawValue)" } ?? "sets it"
                detected = WrapperDetection(wrapper: wrapper, confidence: .high, evidence: (detected?.evidence ?? []) + ["?wrapper=\(chosen) \(said)"],
                                            inAppBrowser: detected?.inAppBrowser ?? false, overridden: true)
                return detected
            }
            var detected = fromPage(signals: signals, userAgent: userAgent, platform: platform)
            detected?.evidence.append("ignored unknown ?wrapper=\(chosen) (known: \(Wrapper.allCases.map(\.rawValue).joined(separator: ", ")))")
            return detected
        }
        return fromPage(signals: signals, userAgent: userAgent, platform: platform)
    }

    /// The order the wrappers' signals are weighed in (docs/wrappers.md's detection table):
    /// a bridge global before a handler name, a wrapper's own bridge before a user agent token,
    /// the platform's own WebView last. A Capacitor app also defines `window.cordova` for its
    /// Cordova-plugin compatibility layer, so Capacitor is weighed before Cordova.
    /// One wrapper a line, so a new one is a line of its own, above the platform's WebViews.
    public static let precedence: [Wrapper] = [
        .flutterInAppWebView,
        .capacitor,
        .cordova,
        .reactNativeWebView,
        .maui,
        .webviewFlutter,
        .nativeIOS,
        .nativeAndroid,
    ]

    static func names(_ wrapper: Wrapper) -> WrapperSignalNames { WrapperCatalog.profile(wrapper).detection }

    static func fromPage(signals: WrapperSignals, userAgent ua: String, platform: DetectedPlatform) -> WrapperDetection? {
        let g = Set(signals.globals), h = Set(signals.messageHandlers)
        let iab = g.contains("cordova_iab") || h.contains("cordova_iab")
        func found(_ wrapper: Wrapper, _ confidence: DetectedPlatform.Confidence, _ evidence: [String]) -> WrapperDetection {
            WrapperDetection(wrapper: wrapper, confidence: confidence, evidence: evidence, inAppBrowser: wrapper == .cordova && iab)
        }
        /// The wrapper's own globals and handlers the page saw (its data file's `detection`).
        func seen(_ wrapper: Wrapper) -> [String] {
            names(wrapper).globals.filter(g.contains).map { "window.\($0) is present" }
                + names(wrapper).messageHandlers.filter(h.contains).map { "webkit.messageHandlers.\($0) is present" }
        }
        for wrapper in precedence {
            switch wrapper {
            case .capacitor:
                // Capacitor's web build defines window.Capacitor in a browser too, where
                // isNativePlatform() is false; its iOS handler name ("bridge") is common, so it
                // counts only beside window.Capacitor.
                if g.contains("Capacitor"), signals.capacitorNative != false {
                    let on = signals.capacitorPlatform.map { " on \($0)" } ?? ""
                    return found(.capacitor, signals.capacitorNative == true ? .high : .medium,
                                 ["window.Capacitor is present" + (signals.capacitorNative == true ? " and isNativePlatform() is true\(on)" : "")])
                }
                if g.contains("androidBridge") || h.contains("bridge") && g.contains("Capacitor") {
                    return found(.capacitor, .medium, [g.contains("androidBridge") ? "window.androidBridge is present (Capacitor's Android message bridge)" : "webkit.messageHandlers.bridge with window.Capacitor"])
                }
            case .cordova:
                guard !seen(.cordova).isEmpty else { continue }
                var evidence: [String] = []
                if g.contains("cordova") { evidence.append("window.cordova is present" + (signals.cordovaPlatform.map { " (platformId \($0)\(signals.cordovaVersion.map { ", \($0)" } ?? ""))" } ?? "")) }
                if g.contains("_cordovaNative") { evidence.append("window._cordovaNative is present (cordova-android's JavaScript interface)") }
                if h.contains("cordova") { evidence.append("webkit.messageHandlers.cordova is present (cordova-ios's bridge)") }
                if iab {
                    evidence.append("cordova_iab is present: a page opened by cordova-plugin-inappbrowser in its own WebView, judged by the plugin's "
                        + "settings and the platform's, not Cordova's: such a WebView has only the permission and file chooser callbacks the plugin implements")
                }
                return found(.cordova, .high, evidence)
            case .reactNativeWebView:
                let evidence = seen(.reactNativeWebView)
                if !evidence.isEmpty || platform.platform.isReactNative {
                    return found(.reactNativeWebView, platform.overridden && !g.contains("ReactNativeWebView") ? .medium : .high,
                                 evidence.isEmpty ? ["the platform is \(platform.platform.rawValue)"] : evidence)
                }
            case .nativeIOS, .nativeAndroid:
                // The platform's own WebView: what is left once no wrapper's bridge or token shows.
                continue
            default:
                // A wrapper whose bridge is its globals and handlers, nothing more to weigh.
                let evidence = seen(wrapper)
                if !evidence.isEmpty { return found(wrapper, .high, evidence) }
            }
        }
        if let token = uaToken(ua) {
            return found(token.0, .medium, ["user agent token \"\(token.1)\""])
        }
        guard platform.platform.isAppWebView else { return nil }
        switch platform.platform.family {
        case .ios:
            let why = h.isEmpty ? "no wrapper bridge or token: a WKWebView the app configures itself, or a wrapper that injects nothing (webview_flutter, .NET MAUI)"
                : "message handlers \(h.sorted().joined(separator: ", ")) but no wrapper's bridge: the app's own WKWebView"
            return found(.nativeIOS, h.isEmpty ? .low : .medium, [why])
        case .android:
            return found(.nativeAndroid, .low, ["no wrapper bridge or token: an Android WebView the app configures itself, or a wrapper that injects nothing (webview_flutter, .NET MAUI)"])
        case .desktop:
            return nil
        }
    }

    /// Tokens naming a wrapper in the user agent (each data file's `detection`). None of the
    /// wrappers adds one by default; an app that appends its wrapper's name (Capacitor's
    /// `appendUserAgent`, Cordova's `AppendUserAgent`, webview_flutter's `setUserAgent`) is
    /// matched on whole tokens, in `precedence` order.
    static let userAgentTokens: [(String, Wrapper)] =
        precedence.flatMap { wrapper in names(wrapper).userAgentTokens.map { ($0, wrapper) } }

    static func uaToken(_ ua: String) -> (Wrapper, String)? {
        let words = ua.split(whereSeparator: { $0 == " " || $0 == ";" || $0 == "(" || $0 == ")" }).map { $0.split(separator: "/").first.map(String.init) ?? "" }
        for (token, wrapper) in userAgentTokens where words.contains(token) { return (wrapper, token) }
        return nil
    }
}
