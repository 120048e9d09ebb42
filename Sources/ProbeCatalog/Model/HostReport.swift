/// What the app says it configured, as the page asked it through the app's bridge
/// (docs/host-report.md): Info.plist usage descriptions, manifest permissions, the OS camera
/// authorization, the WebView's callbacks and settings, the System WebView, the data store.
///
/// Wire format: an ordinary result of the probe `host.report` whose `observed.report` is the
/// host's JSON document `{schema: "probe-server.host-report/1", host: {platform, wrapper?,
/// wrapperVersion?, app?}, facts: {name: {value, how}}}`. Each fact carries the value the host read and `how`
/// it read it (the API, e.g. `AVCaptureDevice.authorizationStatus(for: .video)`). A fact the
/// host could not read is left out; `value: null` is the API's own "nothing" (an Info.plist
/// key that is absent). Unknown facts are tolerated (a newer snippet may send more); a known
/// fact of the wrong type is refused with its path.
public enum HostReport {
    public static let probe = ProbeID.hostReport
    public static let schema = "probe-server.host-report/1"
    /// The observed field that holds the host's document.
    public static let reportField = "report"
    /// More facts than the catalog knows several times over: a report this large is not a
    /// snippet's, and the whole run is capped at 8 MiB of observations anyway.
    public static let maxFacts = 64
    /// Enough for the longest API name with its arguments
    /// (`WebViewCompat.getCurrentWebViewPackage(context)?.versionName`); a `how` is a name, not a log.
    public static let maxHowLength = 200
    public static let platforms = ["ios", "android", "desktop"]

    /// The bridges the page asks through (Public/host-report.js's BRIDGES, in its order), each
    /// with the name env.injected lists when it exists on the page (Public/probes/environment.js):
    /// the `observed.bridge` values, and what `HostClaim` holds a report's bridge against.
    public static let bridges: [(name: String, injected: String)] = [
        ("webkit", "webkit.messageHandlers.probe"),
        ("android", "ProbeHost"),
        // webview_flutter's JavaScriptChannel "ProbeHost" (addJavaScriptChannel): window.ProbeHost.postMessage.
        ("webview_flutter", "ProbeHost"),
        ("flutter", "flutter_inappwebview"),
        ("capacitor", "Capacitor"),
        ("qt-webchannel", "qt"),
        ("react-native", "ReactNativeWebView"),
    ]
    /// `observed.bridge`'s values: every bridge, or none.
    public static var bridgeValues: [String] { bridges.map(\.name) + ["none"] }

    /// The problem with a posted `host.report`'s observed object, for the result decoder, as
    /// a path below `observed`; nil when it is well formed or carries no report ("no host report").
    static func problem(in observed: [String: JSONValue]) -> (field: String, problem: String)? {
        guard let report = observed[reportField], !report.isNull else { return nil }
        return problem(inReport: report).map { (reportField + ($0.field.isEmpty ? "" : "." + $0.field), $0.problem) }
    }

    /// The problem with a host's document itself, the path relative to it (`facts.javaScriptEnabled.value`).
    public static func problem(inReport report: JSONValue) -> (field: String, problem: String)? {
        guard let object = report.objectValue else { return ("", "expected the host's JSON object, got \(report.typeDescription)") }
        guard let version = object["schema"]?.stringValue else {
            return ("schema", "missing; a host report says \"schema\": \"\(schema)\"")
        }
        guard version == schema else {
            return ("schema", "\"\(version)\" is not supported; this server reads \"\(schema)\"")
        }
        guard let host = object["host"]?.objectValue else {
            return ("host", "expected an object {\"platform\": \"ios\" | \"android\", \"wrapper\": …}")
        }
        guard let platform = host["platform"]?.stringValue, platforms.contains(platform) else {
            return ("host.platform", "expected one of \(platforms.joined(separator: ", "))")
        }
        for name in ["wrapper", "wrapperVersion", "app"] {
            if let value = host[name], !value.isNull, value.stringValue == nil {
                return ("host.\(name)", "expected a string, got \(value.typeDescription)")
            }
        }
        guard let facts = object["facts"]?.objectValue else {
            return ("facts", "expected an object {\"<fact>\": {\"value\": …, \"how\": \"<API>\"}}")
        }
        guard facts.count <= maxFacts else {
            return ("facts", "\(facts.count) facts; at most \(maxFacts)")
        }
        for name in facts.keys.sorted() {
            guard let fact = facts[name]?.objectValue else {
                return ("facts.\(name)", "expected an object {\"value\": …, \"how\": \"<API>\"}")
            }
            guard let how = fact["how"]?.stringValue, !how.isEmpty, how.count <= maxHowLength else {
                return ("facts.\(name).how", "expected the API the host read it with, 1 to \(maxHowLength) characters")
            }
            guard let value = fact["value"] else {
                return ("facts.\(name).value", "missing; a fact the host could not read is left out, an absent key is null")
            }
            if let known = HostFact.named(name), let problem = known.field.mismatch(value) {
                return ("facts.\(name).value", problem)
            }
        }
        return nil
    }
}

/// One fact a host can report, with its type and the platform APIs that read it.
public struct HostFact: Sendable, Encodable {
    public let name: String
    public let type: ObservedField.JSONType
    public let values: [String]
    public let doc: String
    /// The API per platform or wrapper ("iOS", "Android", "react-native-webview") and its docs URL.
    public let apis: [API]

    public struct API: Sendable, Encodable, Equatable {
        public let on: String
        public let how: String
        public let url: String
    }

    var field: ObservedField { ObservedField(name, type, doc, values: values) }

    init(_ name: String, _ type: ObservedField.JSONType, values: [String] = [], _ doc: String, _ apis: [API]) {
        self.name = name
        self.type = type
        self.values = values
        self.doc = doc
        self.apis = apis + Self.wrapperAPIs(name, platform: apis)
    }

    public static func named(_ name: String) -> HostFact? { all.first { $0.name == name } }

    static let authorizationValues = ["authorized", "limited", "denied", "restricted", "not-determined"]

    private static func ios(_ how: String, _ url: String) -> API { API(on: "iOS", how: how, url: url) }
    private static func android(_ how: String, _ url: String) -> API { API(on: "Android", how: how, url: url) }
    private static func rn(_ how: String, _ url: String) -> API { API(on: "react-native-webview", how: how, url: url) }
    private static func flutter(_ how: String, _ url: String) -> API { API(on: "flutter_inappwebview", how: how, url: url) }
    /// An Info.plist key, as Bundle.main reads it.
    private static func infoPlist(_ key: String, _ url: String) -> API {
        ios("Bundle.main.object(forInfoDictionaryKey: \"\(key)\")", url)
    }
    /// A WebSettings property, at its getter in Android's reference.
    private static func webSettings(_ name: String) -> API {
        android("webView.settings.\(name)", androidSettings + "#get\(name.prefix(1).uppercased() + name.dropFirst())()")
    }
    /// A react-native-webview prop, at its entry in the props reference.
    private static func rnProp(_ name: String) -> API { rn("the \(name) prop", rnProps + "#\(name.lowercased())") }

    static let rnProps = "https://github.com/react-native-webview/react-native-webview/blob/1d8205af06dbb0bad0d8f208bb2a37ce5f732fd3/docs/Reference.md"
    static let rnPermissions = "https://github.com/zoontek/react-native-permissions#check"
    static let androidSettings = "https://developer.android.com/reference/android/webkit/WebSettings"

    /// Every fact the catalog reads, in the order docs/host-report.md lists them.
    public static let all: [HostFact] = [
        HostFact("cameraAuthorization", .string, values: authorizationValues,
                 "The app's OS camera permission when the page asked: iOS .authorized/.denied/.restricted/.notDetermined; Android PERMISSION_GRANTED is authorized, PERMISSION_DENIED denied.", [
                     ios("AVCaptureDevice.authorizationStatus(for: .video)", "https://developer.apple.com/documentation/avfoundation/avcapturedevice/authorizationstatus(for:)"),
                     android("ContextCompat.checkSelfPermission(context, Manifest.permission.CAMERA)", "https://developer.android.com/reference/androidx/core/content/ContextCompat#checkSelfPermission(android.content.Context,java.lang.String)"),
                     rn("react-native-permissions check(PERMISSIONS.IOS.CAMERA / PERMISSIONS.ANDROID.CAMERA)", rnPermissions),
                 ]),
        HostFact("photosAuthorization", .string, values: authorizationValues,
                 "The app's photo-library permission: iOS PHPhotoLibrary.authorizationStatus(for: .readWrite); Android READ_MEDIA_IMAGES (API 33+) or READ_EXTERNAL_STORAGE.", [
                     ios("PHPhotoLibrary.authorizationStatus(for: .readWrite)", "https://developer.apple.com/documentation/photokit/phphotolibrary/authorizationstatus(for:)"),
                     android("ContextCompat.checkSelfPermission(context, Manifest.permission.READ_MEDIA_IMAGES)", "https://developer.android.com/reference/android/Manifest.permission#READ_MEDIA_IMAGES"),
                 ]),
        HostFact("cameraUsageDescription", .string, "Info.plist NSCameraUsageDescription; null when the key is absent (iOS ends the app at the first camera use).", [
            infoPlist("NSCameraUsageDescription", "https://developer.apple.com/documentation/foundation/bundle/object(forinfodictionarykey:)"),
        ]),
        HostFact("photoLibraryUsageDescription", .string, "Info.plist NSPhotoLibraryUsageDescription; null when absent.", [
            infoPlist("NSPhotoLibraryUsageDescription", "https://developer.apple.com/documentation/bundleresources/information-property-list/nsphotolibraryusagedescription"),
        ]),
        HostFact("microphoneUsageDescription", .string, "Info.plist NSMicrophoneUsageDescription; null when absent (a capture switched to video needs it).", [
            infoPlist("NSMicrophoneUsageDescription", "https://developer.apple.com/documentation/bundleresources/information-property-list/nsmicrophoneusagedescription"),
        ]),
        HostFact("manifestPermissions", .stringArray, "The permissions AndroidManifest.xml requests (uses-permission).", [
            android("PackageManager.getPackageInfo(packageName, GET_PERMISSIONS).requestedPermissions", "https://developer.android.com/reference/android/content/pm/PackageInfo#requestedPermissions"),
        ]),
        HostFact("uiDelegate", .boolean, "A WKUIDelegate is set on the WKWebView that shows the page.", [
            ios("webView.uiDelegate != nil", "https://developer.apple.com/documentation/webkit/wkwebview/uidelegate"),
        ]),
        HostFact("mediaCaptureHandler", .boolean, "The app answers the WebView's media-capture request: iOS 15+ the delegate implements requestMediaCapturePermissionFor; Android the WebChromeClient overrides onPermissionRequest.", [
            ios("webView.uiDelegate?.responds(to: #selector(WKUIDelegate.webView(_:requestMediaCapturePermissionFor:initiatedByFrame:type:decisionHandler:)))", "https://developer.apple.com/documentation/webkit/wkuidelegate/webview(_:requestmediacapturepermissionfor:initiatedbyframe:type:decisionhandler:)"),
            android("webView.webChromeClient's class declares onPermissionRequest(PermissionRequest)", "https://developer.android.com/reference/android/webkit/WebView#getWebChromeClient()"),
            flutter("InAppWebView(onPermissionRequest: …) is set", "https://inappwebview.dev/docs/webview/webview-events#onpermissionrequest"),
        ]),
        HostFact("fileChooserHandler", .boolean, "Android: the WebChromeClient overrides onShowFileChooser (the platform default cancels every request).", [
            android("webView.webChromeClient's class declares onShowFileChooser(WebView, ValueCallback, FileChooserParams)", "https://developer.android.com/reference/android/webkit/WebChromeClient#onShowFileChooser(android.webkit.WebView,%20android.webkit.ValueCallback%3Candroid.net.Uri[]%3E,%20android.webkit.WebChromeClient.FileChooserParams)"),
        ]),
        HostFact("javaScriptEnabled", .boolean, "JavaScript is on for the page.", [
            ios("configuration.defaultWebpagePreferences.allowsContentJavaScript", "https://developer.apple.com/documentation/webkit/wkwebpagepreferences/allowscontentjavascript"),
            webSettings("javaScriptEnabled"),
            rnProp("javaScriptEnabled"),
        ]),
        HostFact("domStorageEnabled", .boolean, "Android: DOM storage (localStorage) is on.", [
            webSettings("domStorageEnabled"),
            rnProp("domStorageEnabled"),
        ]),
        HostFact("allowsInlineMediaPlayback", .boolean, "iOS: videos may play inside the page (false by default on iPhone).", [
            ios("configuration.allowsInlineMediaPlayback", "https://developer.apple.com/documentation/webkit/wkwebviewconfiguration/allowsinlinemediaplayback"),
            rnProp("allowsInlineMediaPlayback"),
        ]),
        HostFact("mediaTypesRequiringUserActionForPlayback", .stringArray, values: ["audio", "video"],
                 "iOS: the media types that need a gesture to play; [] is none.", [
                     ios("configuration.mediaTypesRequiringUserActionForPlayback", "https://developer.apple.com/documentation/webkit/wkwebviewconfiguration/mediatypesrequiringuseractionforplayback"),
                 ]),
        HostFact("mediaPlaybackRequiresUserGesture", .boolean, "Android: media playback needs a gesture (true by default).", [
            webSettings("mediaPlaybackRequiresUserGesture"),
            rnProp("mediaPlaybackRequiresUserAction"),
        ]),
        HostFact("mediaCapturePermissionGrantType", .string, values: ["grantIfSameHostElsePrompt", "grantIfSameHostElseDeny", "deny", "grant", "prompt"],
                 "react-native-webview on iOS 15+: how the camera request is answered.", [
                     rnProp("mediaCapturePermissionGrantType"),
                 ]),
        HostFact("allowFileAccess", .boolean, "Android: file access within the WebView.", [
            webSettings("allowFileAccess"),
            rnProp("allowFileAccess"),
        ]),
        HostFact("webViewPackage", .string, "Android: the package that provides the WebView (com.google.android.webview, com.android.chrome).", [
            android("WebViewCompat.getCurrentWebViewPackage(context)?.packageName", "https://developer.android.com/reference/androidx/webkit/WebViewCompat#getCurrentWebViewPackage(android.content.Context)"),
        ]),
        HostFact("webViewVersion", .string, "Android: the WebView package's version, whose first number is its Chromium major.", [
            android("WebViewCompat.getCurrentWebViewPackage(context)?.versionName", "https://developer.android.com/reference/androidx/webkit/WebViewCompat#getCurrentWebViewPackage(android.content.Context)"),
        ]),
        HostFact("dataStorePersistent", .boolean, "iOS: the WKWebsiteDataStore keeps data past the WebView (false for .nonPersistent()).", [
            ios("configuration.websiteDataStore.isPersistent", "https://developer.apple.com/documentation/webkit/wkwebsitedatastore/ispersistent"),
        ]),
        HostFact("acceptCookies", .boolean, "Android: the CookieManager accepts cookies.", [
            android("CookieManager.getInstance().acceptCookie()", "https://developer.android.com/reference/android/webkit/CookieManager#acceptCookie()"),
            rn("the sharedCookiesEnabled prop (iOS)", rnProps + "#sharedcookiesenabled"),
        ]),
        HostFact("acceptThirdPartyCookies", .boolean, "Android: the WebView accepts third-party cookies (off by default since Android 5).", [
            android("CookieManager.getInstance().acceptThirdPartyCookies(webView)", "https://developer.android.com/reference/android/webkit/CookieManager#acceptThirdPartyCookies(android.webkit.WebView)"),
            rnProp("thirdPartyCookiesEnabled"),
        ]),
    ]
}

/// A validated host report as the diff reads it.
public struct HostReportDocument: Sendable, Equatable {
    public struct Fact: Sendable, Equatable {
        public let value: JSONValue
        public let how: String
    }

    public let platform: String
    public let wrapper: String?
    /// The release of `wrapper` the app bundles, as its build resolved it ("5.2.0").
    public let wrapperVersion: String?
    /// The bridge the page reached the host through (`webkit`, `android`, `react-native`, …).
    public let bridge: String?
    public let facts: [String: Fact]

    /// The report of a run's `host.report` result; nil when the page got no answer.
    init?(_ result: ProbeResult?) {
        guard let result, let report = result.observed[HostReport.reportField]?.objectValue,
              let host = report["host"]?.objectValue, let platform = host["platform"]?.stringValue,
              let facts = report["facts"]?.objectValue
        else { return nil }
        self.platform = platform
        self.wrapper = host["wrapper"]?.stringValue
        self.wrapperVersion = host["wrapperVersion"]?.stringValue
        self.bridge = result.string("bridge")
        var read: [String: Fact] = [:]
        for (name, value) in facts {
            guard let fact = value.objectValue, let how = fact["how"]?.stringValue, let value = fact["value"] else { continue }
            read[name] = Fact(value: value, how: how)
        }
        self.facts = read
    }

    public func bool(_ name: String) -> Bool? { facts[name]?.value.boolValue }
    public func string(_ name: String) -> String? { facts[name]?.value.stringValue }
    public func strings(_ name: String) -> [String]? { facts[name]?.value.arrayValue?.compactMap(\.stringValue) }
    /// The fact was read and its value is null (an absent Info.plist key).
    public func isAbsent(_ name: String) -> Bool { facts[name]?.value.isNull == true }

    /// "javaScriptEnabled = true (webView.settings.javaScriptEnabled)": the words evidence is written in.
    public func says(_ name: String) -> String {
        guard let fact = facts[name] else { return "\(name) not reported" }
        return "\(name) = \(fact.value.compactText) (\(fact.how))"
    }
}

extension JSONValue {
    /// A short rendering for evidence lines: strings quoted, arrays bracketed.
    var compactText: String {
        switch self {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .string(let text): return "\"\(text)\""
        case .array(let items): return "[" + items.map(\.compactText).joined(separator: ", ") + "]"
        case .object(let fields): return "{" + fields.keys.sorted().joined(separator: ", ") + "}"
        }
    }
}

extension HostReport {
    /// The export: what the page and a snippet's author need (docs/host-report.md).
    struct Export: Encodable {
        let probe = HostReport.probe
        let schema = HostReport.schema
        let maxFacts = HostReport.maxFacts
        let facts = HostFact.all
    }
}
