import BeyondEssentials
/// Tells the platform from the user agent plus the page's signals (docs/requirements.md#product-rules).
///
/// The user agent alone cannot tell Safari from SFSafariViewController, Chrome from a
/// Custom Tab, or a Safari-looking WKWebView from Safari; the page signals settle what
/// they can, and `confidence` with `reasons` says what is left.
///
/// An app's WebView shows in its default user agent: Android WebView's "; wv)" token and
/// "Version/4.0" (https://developer.chrome.com/docs/multidevice/user-agent/, the format the
/// Android CDD §3.4.1 requires: https://source.android.com/docs/compatibility/cdd), and a
/// WKWebView's agent ending at "Mobile/…" without the "Version/… Safari/…" that Safari adds as
/// its application name (https://developer.apple.com/documentation/webkit/wkwebviewconfiguration/applicationnameforuseragent).
/// What cannot be told apart: an app may give its WebView any user agent (WKWebView's
/// `customUserAgent`, Android's `WebSettings.setUserAgentString`), and one that sends a
/// browser's, with no bridge the page can see, is that browser to this rule. The page's first
/// screen (`POST /api/platform`) says so, and `?platform=` judges it as what it is.
public enum PlatformDetector {
    /// The rule itself, from a user agent and signals already read; the product reaches it
    /// through `detect(observation:…)` only, the catalog's tests directly.
    /// - Parameters:
    ///   - userAgent: `navigator.userAgent`.
    ///   - signals: what the page saw (`PlatformSignals(observed:)` reads an `env.platform` result).
    ///   - override: the `?platform=` value; an unknown value is ignored and said so in `reasons`.
    ///   - wrapperOverride: a run's `wrapper` (else the page's `?wrapper=` in the signals).
    public static func detect(userAgent: String, signals: PlatformSignals = PlatformSignals(), override: String? = nil,
                              wrapperOverride: String? = nil) -> DetectedPlatform {
        var detected = detectPlatform(userAgent: userAgent, signals: signals, override: override)
        detected.wrapperDetection = WrapperDetector.detect(
            signals: signals.wrapperSignals ?? WrapperSignals(), userAgent: userAgent, platform: detected, override: wrapperOverride)
        return detected
    }

    /// The probe whose observed fields carry the user agent and the signals.
    public static let probe = ProbeID.envPlatform

    /// What the page runs in, from what it reported: the one entry every path goes through
    /// (a run's judgement, `RunJudge.platform`; the catalog's own `Diff.report`; the page's first
    /// screen, `POST /api/platform`), so the run's row, its report, the matrix and the page
    /// cannot disagree about what a device is. `observation`: the fields of `env.platform`
    /// (its latest attempt in a run: `observation(in:)`), which give the user agent and the
    /// signals; `userAgent`: the User-Agent header, for a page that could not post
    /// `env.platform` (JavaScript off, or a crash first).
    public static func detect(observation observed: [String: JSONValue], userAgent: String?, override: String? = nil,
                              wrapperOverride: String? = nil) -> DetectedPlatform {
        detect(userAgent: observed["userAgent"]?.stringValue ?? userAgent ?? "",
               signals: PlatformSignals(observed: observed), override: override, wrapperOverride: wrapperOverride)
    }

    /// The observation of a run's latest `env.platform` attempt; `[:]` for a run without one.
    public static func observation(in results: [ProbeResult]) -> [String: JSONValue] {
        platformResult(in: results)?.observed ?? [:]
    }

    /// The user agent `detect(observation:…)` reads for a run: the page's `navigator.userAgent`, else `fallback`.
    public static func userAgent(results: [ProbeResult], fallback: String?) -> String? {
        observation(in: results)["userAgent"]?.stringValue ?? fallback
    }

    /// The latest attempt of `env.platform` (of equal attempts, the last given).
    static func platformResult(in results: [ProbeResult]) -> ProbeResult? {
        var latest: ProbeResult?
        for result in results where result.probe == probe && (latest?.attempt ?? .min) <= result.attempt {
            latest = result
        }
        return latest
    }

    static func detectPlatform(userAgent: String, signals: PlatformSignals, override: String?) -> DetectedPlatform {
        var detected = detectFromPage(userAgent: userAgent, signals: signals)
        if let override, !override.isEmpty {
            if let platform = Platform(rawValue: override) {
                if platform != detected.platform {
                    detected.reasons.append("?platform=\(override) overrides the detected \(detected.platform.rawValue)")
                } else {
                    detected.reasons.append("?platform=\(override) agrees with detection")
                }
                detected.platform = platform
                detected.confidence = .high
                detected.overridden = true
                if platform.isReactNative { detected.wrapper = "react-native-webview" }
            } else {
                let known = Platform.allCases.map(\.rawValue).joined(separator: ", ")
                detected.reasons.append("ignored unknown ?platform=\(override) (known: \(known))")
            }
        }
        return detected
    }

    /// The tokens by which a user agent names its platform: a phone's, a tablet's or a desktop's.
    /// Every engine's default agent has one (WebKit's "iPhone"/"Macintosh", Chromium's
    /// "Android"/"Windows NT"/"X11"/"CrOS"); an app's own agent need not.
    static let platformTokens = ["Android", "iPhone", "iPad", "iPod", "Macintosh", "Mac OS X", "Windows", "X11", "Linux", "CrOS"]

    /// Whether `userAgent` names a platform (`platformTokens`). False for an app's own agent
    /// ("ExampleApp/2.3"), which pages and servers that read the user agent take for no phone.
    public static func userAgentNamesPlatform(_ userAgent: String) -> Bool {
        platformTokens.contains { userAgent.containsBytes($0) }
    }

    /// The tokens by which an app WebView's own platform shows in its agent: Android's, and
    /// WebKit's on an iPhone or an iPad (whose WKWebView sends a Mac agent by default:
    /// https://developer.apple.com/documentation/webkit/wkwebpagepreferences/preferredcontentmode).
    static let ownPlatformTokens: [Platform.Family: [String]] = [
        .android: ["Android"],
        .ios: ["iPhone", "iPad", "iPod", "Macintosh", "Mac OS X"],
    ]

    /// Whether `userAgent` names the platform of `family`, the one the run is judged as. False for
    /// an app's own agent and for one naming another platform (a desktop agent an app set to be
    /// served a site's desktop pages), which pages and servers that read the agent take for no phone.
    public static func userAgentNames(_ family: Platform.Family, _ userAgent: String) -> Bool {
        guard let tokens = ownPlatformTokens[family] else { return userAgentNamesPlatform(userAgent) }
        return tokens.contains { userAgent.containsBytes($0) }
    }

    /// Whether `userAgent` is WebKit's desktop-class agent, the Mac's ("Macintosh; Intel Mac OS
    /// X 10_15_7"), naming no iPhone, iPad or iPod. iPadOS 13+ gives it to a page when the
    /// content mode is desktop, which `WKWebpagePreferences.preferredContentMode`'s default,
    /// `.recommended`, chooses on most iPads
    /// (https://developer.apple.com/documentation/webkit/wkwebpagepreferences/preferredcontentmode;
    /// WWDC19 "Introducing Desktop-class Browsing on iPad", https://developer.apple.com/videos/play/wwdc2019/203/).
    public static func desktopClassAgent(_ userAgent: String) -> Bool {
        userAgent.containsBytes("Macintosh") && !["iPhone", "iPad", "iPod"].contains { userAgent.containsBytes($0) }
    }

    /// Whether `userAgent` is an iPhone's or iPad's mobile agent without WebKit's "Mobile/" token:
    /// WKWebViewConfiguration.applicationNameForUserAgent defaults to "Mobile/15E148" on iOS
    /// (https://github.com/WebKit/WebKit/blob/62160da965fce1b9c4054c0f212660ccfb05726e/Source/WebKit/UIProcess/API/Cocoa/WKWebViewConfiguration.mm,
    /// defaultApplicationNameForUserAgent), and an app that sets it to its own name replaces that
    /// token instead of adding to it; sites that look for "Mobile" then take the phone for a desktop.
    public static func mobileTokenReplaced(_ userAgent: String) -> Bool {
        ["iPhone", "iPad", "iPod"].contains { userAgent.containsBytes($0) } && !userAgent.containsBytes(" Mobile/")
    }

    /// A desktop-class agent on a touch screen: an iPad in desktop content mode, since a Mac has
    /// no touch points (`navigator.maxTouchPoints` is 0 there, 5 on an iPad).
    public static func desktopClassOnTouch(_ userAgent: String, maxTouchPoints: Int?) -> Bool {
        desktopClassAgent(userAgent) && (maxTouchPoints ?? 0) > 1
    }

    static func detectFromPage(userAgent ua: String, signals: PlatformSignals) -> DetectedPlatform {
        if !ua.isEmpty, !userAgentNamesPlatform(ua), let hidden = fromSignals(ua, signals) {
            return hidden
        }
        if ua.containsBytes("Android") {
            return android(ua, signals)
        }
        if ua.containsBytes("iPhone") || ua.containsBytes("iPad") || ua.containsBytes("iPod") {
            return ios(ua, signals, desktopMode: false)
        }
        if desktopClassOnTouch(ua, maxTouchPoints: signals.maxTouchPoints) {
            return ios(ua, signals, desktopMode: true)
        }
        return desktop(ua, signals)
    }

    // MARK: iOS

    static func ios(_ ua: String, _ signals: PlatformSignals, desktopMode: Bool) -> DetectedPlatform {
        var reasons: [String] = []
        var osVersion: Version?
        let safariVersion = number(after: "Version/", in: ua)
        if let text = iosVersionText(ua) {
            osVersion = Version(text)
            reasons.append("iOS \(osVersion?.description ?? text) from the \"OS \(text)\" token")
        } else if desktopMode, let safariVersion {
            // iPadOS desktop mode hides the OS version; Safari's Version/ follows iOS major.minor.
            osVersion = Version(safariVersion)
            reasons.append("iPadOS desktop mode: Mac user agent with \(signals.maxTouchPoints ?? 0) touch points; OS version taken from Safari's Version/\(safariVersion)")
        } else if desktopMode {
            reasons.append("iPadOS desktop mode: Mac user agent with \(signals.maxTouchPoints ?? 0) touch points; no version in the user agent")
        }
        let engineVersion = safariVersion.flatMap { Version($0) } ?? osVersion

        let inApp = iosInAppWrapper(ua)
        let browserApp = iosBrowserApp(ua)

        func result(_ platform: Platform, _ wrapper: String?, _ confidence: DetectedPlatform.Confidence, _ why: String) -> DetectedPlatform {
            reasons.append(why)
            return DetectedPlatform(
                platform: platform, os: "iOS", osVersion: osVersion, engine: "WebKit", engineVersion: engineVersion,
                wrapper: wrapper, confidence: desktopMode ? min(confidence, .medium) : confidence, reasons: reasons)
        }

        if signals.reactNativeWebView == true {
            return result(.rnWebViewIOS, "react-native-webview", .high, "window.ReactNativeWebView is present")
        }
        if let inApp {
            return result(.iosWKWebView, inApp, .high, "\(inApp) in-app browser token: a WKWebView inside that app")
        }
        if let browserApp {
            // Every iOS browser is WebKit with the browser's own prompts: profiled like Safari.
            return result(.iosSafari, browserApp, .medium, "\(browserApp) token: a browser app on WebKit, profiled like Safari")
        }
        if signals.webkitMessageHandlers == true {
            return result(.iosWKWebView, nil, .high, "window.webkit.messageHandlers is present: a WKWebView host registered a handler")
        }
        if ua.containsBytes("Safari/"), safariVersion != nil {
            return result(.iosSafari, nil, .medium, "Version/ and Safari/ tokens: Safari or SFSafariViewController (same user agent)")
        }
        if desktopMode {
            return result(.iosWKWebView, nil, .low, "no Safari/ token on an iPad in desktop mode: probably a WKWebView")
        }
        return result(.iosWKWebView, nil, .medium, "no Safari/ token: WKWebView's default user agent ends at Mobile/…")
    }

    static func iosVersionText(_ ua: String) -> String? {
        // "CPU iPhone OS 17_4_1 like Mac OS X", "CPU OS 18_1 like Mac OS X"
        var search = ua[...]
        while let range = search.firstBytesRange(of: "OS ") {
            let rest = search[range.upperBound...]
            let digits = rest.prefix { $0.isNumber || $0 == "_" || $0 == "." }
            if let first = digits.first, first.isNumber { return String(digits) }
            search = rest
        }
        return nil
    }

    static func iosInAppWrapper(_ ua: String) -> String? {
        if ua.containsBytes("FBAN/") || ua.containsBytes("FBAV/") || ua.containsBytes("FB_IAB") { return "Facebook" }
        if ua.containsBytes("Instagram") { return "Instagram" }
        if ua.containsBytes(" Line/") { return "LINE" }
        if ua.containsBytes("GSA/") { return "Google app" }
        return nil
    }

    /// Browser apps on iOS add their own token to WebKit's agent: CriOS
    /// (https://developer.chrome.com/docs/multidevice/user-agent/), FxiOS
    /// (https://developer.mozilla.org/en-US/docs/Web/HTTP/Headers/User-Agent/Firefox), EdgiOS.
    static func iosBrowserApp(_ ua: String) -> String? {
        if ua.containsBytes("CriOS/") { return "Chrome for iOS" }
        if ua.containsBytes("FxiOS/") { return "Firefox for iOS" }
        if ua.containsBytes("EdgiOS/") { return "Edge for iOS" }
        return nil
    }

    // MARK: Android

    static func android(_ ua: String, _ signals: PlatformSignals) -> DetectedPlatform {
        var reasons: [String] = []
        var osVersion = number(after: "Android ", in: ua).flatMap { Version($0) }
        // Chrome 110+ reduces the user agent to "Android 10; K": the real version is only in
        // userAgentData.getHighEntropyValues(['platformVersion']).
        if ua.containsBytes("; K)"), osVersion == Version([10]) {
            if let real = signals.uaPlatformVersion.flatMap({ Version($0) }) {
                osVersion = real
                reasons.append("reduced user agent (\"Android 10; K\"); Android \(real) from userAgentData.platformVersion")
            } else {
                osVersion = nil
                reasons.append("reduced user agent (\"Android 10; K\"): the Android version is unknown without userAgentData.platformVersion")
            }
        } else if let osVersion {
            reasons.append("Android \(osVersion) from the \"Android\" token")
        }

        var engine = "Blink"
        var engineVersion: Version?
        if let chrome = number(after: "Chrome/", in: ua) {
            engineVersion = Version(chrome)
            reasons.append("Chrome/\(chrome): Chromium \(engineVersion?.major ?? 0)")
        } else if let firefox = number(after: "Firefox/", in: ua) {
            engine = "Gecko"
            engineVersion = Version(firefox)
        }

        var wrapper: String?
        if ua.containsBytes("FB_IAB") || ua.containsBytes("FBAV/") || ua.containsBytes("FBAN/") { wrapper = "Facebook" }
        else if ua.containsBytes("Instagram") { wrapper = "Instagram" }
        else if ua.containsBytes("Line/") { wrapper = "LINE" }
        // https://developer.samsung.com/internet/android/web-developer-guide.html: "SamsungBrowser/" before "Chrome/".
        else if ua.containsBytes("SamsungBrowser/") { wrapper = "Samsung Internet" }
        else if ua.containsBytes("EdgA/") { wrapper = "Edge" }
        else if ua.containsBytes("OPR/") { wrapper = "Opera" }
        else if engine == "Gecko" { wrapper = "Firefox" }

        func result(_ platform: Platform, _ confidence: DetectedPlatform.Confidence, _ why: String) -> DetectedPlatform {
            reasons.append(why)
            return DetectedPlatform(
                platform: platform, os: "Android", osVersion: osVersion, engine: engine, engineVersion: engineVersion,
                wrapper: wrapper, confidence: confidence, reasons: reasons)
        }

        if signals.reactNativeWebView == true {
            wrapper = "react-native-webview"
            return result(.rnWebViewAndroid, .high, "window.ReactNativeWebView is present")
        }
        // The WebView's own token (Lollipop on), which Chrome never sends (sources: the type's documentation).
        if ua.containsBytes("; wv)") {
            return result(.androidWebView, .high, "\"; wv)\" token: Android System WebView" + (wrapper.map { " inside \($0)" } ?? ""))
        }
        if ua.containsBytes("Version/4.0"), ua.containsBytes("Chrome/") {
            // Before Android 5 the WebView had no "wv" token, only "Version/4.0 Chrome/".
            return result(.androidWebView, .medium, "\"Version/4.0 Chrome/\" without \"wv\": an Android WebView from before Lollipop")
        }
        if wrapper == "Facebook" || wrapper == "Instagram" || wrapper == "LINE" {
            return result(.androidWebView, .medium, "\(wrapper!) in-app browser token")
        }
        if let wrapper {
            return result(.androidChrome, .medium, "\(wrapper) browser: profiled like Chrome")
        }
        return result(.androidChrome, .medium, "Chrome without \"wv\": Chrome or a Custom Tab (same user agent)")
    }

    // MARK: an app's own user agent

    /// The platform of a page whose user agent names none, from what else the page saw: an app
    /// replaced the agent (WKWebView's `customUserAgent`,
    /// https://developer.apple.com/documentation/webkit/wkwebview/customuseragent; Android's
    /// `WebSettings.setUserAgentString`,
    /// https://developer.android.com/reference/android/webkit/WebSettings#setUserAgentString(java.lang.String)),
    /// which only an app can do. Chromium's client hints keep the platform
    /// (`navigator.userAgentData.platform`, https://wicg.github.io/ua-client-hints/#dom-navigatoruadata-platform);
    /// WebKit has none, so a WKWebView shows by its message handlers or a touch screen. Nil when
    /// nothing says (the page is then taken for a desktop, as before).
    static func fromSignals(_ ua: String, _ signals: PlatformSignals) -> DetectedPlatform? {
        let rn = signals.reactNativeWebView == true
        let why = "the user agent (\"\(ua.prefix(60))\") names no platform: an app's own"
        var detected: DetectedPlatform
        if signals.uaPlatform == "Android" {
            let chromium = (signals.uaBrands ?? []).compactMap { brand -> Version? in
                let parts = brand.split(separator: "/", maxSplits: 1)
                return parts.count == 2 && parts[0] == "Chromium" ? Version(String(parts[1])) : nil
            }.first
            detected = DetectedPlatform(
                platform: rn ? .rnWebViewAndroid : .androidWebView, os: "Android",
                osVersion: signals.uaPlatformVersion.flatMap { Version($0) }, engine: "Blink", engineVersion: chromium,
                wrapper: rn ? "react-native-webview" : nil, confidence: .medium,
                reasons: [why + "; userAgentData.platform says Android: an app's WebView"])
        } else if signals.webkitMessageHandlers == true || (signals.maxTouchPoints ?? 0) > 1 {
            let handlers = signals.webkitMessageHandlers == true
            detected = DetectedPlatform(
                platform: rn ? .rnWebViewIOS : .iosWKWebView, os: "iOS", osVersion: nil, engine: "WebKit", engineVersion: nil,
                wrapper: rn ? "react-native-webview" : nil, confidence: handlers ? .medium : .low,
                reasons: [why + (handlers ? "; window.webkit.messageHandlers is present: a WKWebView"
                                          : "; a touch screen and no client hints (WebKit has none): probably a WKWebView")])
        } else {
            return nil
        }
        detected.userAgentNamesNoPlatform = true
        return detected
    }

    // MARK: desktop

    static func desktop(_ ua: String, _ signals: PlatformSignals) -> DetectedPlatform {
        var reasons: [String] = []
        var os = "unknown"
        var osVersion: Version?
        if ua.containsBytes("Windows NT") {
            os = "Windows"
            osVersion = number(after: "Windows NT ", in: ua).flatMap { Version($0) }
        } else if ua.containsBytes("Mac OS X") {
            os = "macOS"
            // Browsers freeze this at 10_15_7; reported as sent.
            osVersion = number(after: "Mac OS X ", in: ua).flatMap { Version($0) }
        } else if ua.containsBytes("CrOS") {
            os = "ChromeOS"
        } else if ua.containsBytes("Linux") || ua.containsBytes("X11") {
            os = "Linux"
        }
        var engine = "unknown"
        var engineVersion: Version?
        var wrapper: String?
        if let firefox = number(after: "Firefox/", in: ua) {
            engine = "Gecko"
            engineVersion = Version(firefox)
            wrapper = "Firefox"
        } else if let chrome = number(after: "Chrome/", in: ua) {
            engine = "Blink"
            engineVersion = Version(chrome)
            wrapper = ua.containsBytes("Edg/") ? "Edge" : (ua.containsBytes("OPR/") ? "Opera" : "Chrome")
        } else if ua.containsBytes("AppleWebKit") {
            engine = "WebKit"
            // Only Safari's Version/ names a release (Safari's, on macOS). WebKitGTK and WPE
            // send a Version/ of their own that follows no WebKit or Safari release (it reads
            // "60.5" in some builds), so their engine version stays unknown:
            // https://github.com/WebKit/WebKit/blob/a41a0658989b1b54631d7f66f1abe9090f714f96/Source/WebCore/platform/glib/UserAgentGLib.cpp
            if os == "macOS" {
                engineVersion = number(after: "Version/", in: ua).flatMap { Version($0) }
                wrapper = engineVersion == nil ? nil : "Safari"
            }
        }
        let known = os != "unknown" && engine != "unknown"
        reasons.append(known ? "\(os) with \(wrapper ?? engine): a desktop browser" : "no mobile token: treated as desktop")
        return DetectedPlatform(
            platform: .desktop, os: os, osVersion: osVersion, engine: engine, engineVersion: engineVersion,
            wrapper: wrapper, confidence: known ? .high : .low, reasons: reasons)
    }

    /// The dotted number right after `prefix`: "Chrome/" in "Chrome/120.0.6099.193 Mobile" → "120.0.6099.193".
    static func number(after prefix: String, in ua: String) -> String? {
        guard let range = ua.firstBytesRange(of: prefix) else { return nil }
        let digits = ua[range.upperBound...].prefix { $0.isNumber || $0 == "." || $0 == "_" }
        guard let first = digits.first, first.isNumber else { return nil }
        return String(digits)
    }
}
