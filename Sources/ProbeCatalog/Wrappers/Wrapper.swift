/// The app framework around the WebView. It decides the defaults a run is judged against:
/// react-native-webview answers the Android permission request itself, cordova-android and
/// Capacitor grant every origin, webview_flutter hides the requesting origin. The raw value
/// is the `?wrapper=` spelling; docs/wrappers.md is generated from `WrapperCatalog`.
public enum Wrapper: String, Sendable, Codable, CaseIterable, Comparable {
    case nativeIOS = "native-ios"
    case nativeAndroid = "native-android"
    case reactNativeWebView = "react-native-webview"
    case webviewFlutter = "webview_flutter"
    case flutterInAppWebView = "flutter_inappwebview"
    case capacitor
    /// cordova-android, cordova-ios, and pages opened by cordova-plugin-inappbrowser.
    case cordova
    case maui

    public var title: String {
        switch self {
        case .nativeIOS: return "Native iOS (WKWebView)"
        case .nativeAndroid: return "Native Android (WebView)"
        case .reactNativeWebView: return "react-native-webview"
        case .webviewFlutter: return "Flutter webview_flutter"
        case .flutterInAppWebView: return "Flutter flutter_inappwebview"
        case .capacitor: return "Capacitor"
        case .cordova: return "Cordova"
        case .maui: return ".NET MAUI"
        }
    }

    /// True for the apps that configure WKWebView or android.webkit.WebView themselves: the
    /// catalog's own Swift and Kotlin remedies are theirs.
    public var isNative: Bool { self == .nativeIOS || self == .nativeAndroid }

    public var families: [Platform.Family] {
        switch self {
        case .nativeIOS: return [.ios]
        case .nativeAndroid: return [.android]
        default: return [.ios, .android]
        }
    }

    /// The wrapper whose own fix an app on `platform` pastes when no framework was detected:
    /// the platform's WebView, or react-native-webview for a React Native app; nil in a browser.
    public init?(app platform: Platform) {
        switch platform {
        case .iosWKWebView: self = .nativeIOS
        case .androidWebView: self = .nativeAndroid
        case .rnWebViewIOS, .rnWebViewAndroid: self = .reactNativeWebView
        case .iosSafari, .androidChrome, .desktop: return nil
        }
    }

    public static func < (lhs: Wrapper, rhs: Wrapper) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The wrapper a known cause is weighed for: the detector's, else the platform (rn-*) or
    /// the bridge objects env.injected saw. Nil for a native app, whose causes are the
    /// platform's own.
    init?(platform: DetectedPlatform, bridgeObjects: [String]) {
        if let detected = platform.wrapperDetection?.wrapper, !detected.isNative {
            self = detected
        } else if platform.platform.isReactNative || platform.wrapper == Self.reactNativeWebView.rawValue {
            self = .reactNativeWebView
        } else if bridgeObjects.contains("Capacitor") {
            self = .capacitor
        } else if bridgeObjects.contains("cordova") {
            self = .cordova
        } else if bridgeObjects.contains("flutter_inappwebview") {
            self = .flutterInAppWebView
        } else {
            return nil
        }
    }
}

/// A setting the probes touch, as every wrapper has one (under its own name).
public enum WrapperSetting: String, Sendable, Codable, CaseIterable {
    /// Which origins and which resources the camera request handler grants.
    case cameraOrigin = "camera-origin"
    /// Who answers the page's camera request, and whether the app's OS permission is asked.
    case permissionHandler = "permission-handler"
    case inlinePlayback = "inline-playback"
    case autoplay
    case fileChooser = "file-chooser"
    case storage
    case cookies

    public var title: String {
        switch self {
        case .cameraOrigin: return "Camera grant: origin and resources"
        case .permissionHandler: return "Camera permission handler"
        case .inlinePlayback: return "Inline playback"
        case .autoplay: return "Autoplay without a gesture"
        case .fileChooser: return "File chooser"
        case .storage: return "Web storage"
        case .cookies: return "Cookies"
        }
    }

    /// The probes whose outcome this setting decides.
    public var probes: [ProbeID] {
        switch self {
        case .cameraOrigin: return [.cameraForeignOrigin, .cameraScope]
        case .permissionHandler: return [.cameraGetUserMedia, .cameraPermission, .cameraReacquire]
        case .inlinePlayback: return [.mediaInline, .cameraFrames]
        case .autoplay: return [.mediaAutoplay]
        case .fileChooser: return [.fileAccept, .fileCancel, .fileCapture]
        case .storage: return [.storageLocal, .storageSession, .storageIndexedDB, .storageNavigation, .storageRelaunch]
        case .cookies: return [.cookieDocument, .cookieServer, .cookieThirdParty, .fetchCredentials]
        }
    }

    public static func of(probe: ProbeID) -> WrapperSetting? {
        allCases.first { $0.probes.contains(probe) }
    }
}

/// A fix in one wrapper's own API and language: complete code to paste, and where that
/// API is documented.
public struct WrapperFix: Sendable, Codable, Equatable {
    public let wrapper: Wrapper
    /// Nil for a settings row's own fix outside the shared settings (a navigation callback).
    public let setting: WrapperSetting?
    /// nil: the same code on iOS and Android.
    public let family: Platform.Family?
    /// "Dart", "TypeScript", "XML (config.xml)", "C#", "Swift", "Kotlin", "JSX".
    public let language: String
    public let code: String
    /// The page that documents the API the code uses.
    public let docs: String

    /// "Capacitor (Kotlin, Android)": how reports label the fix.
    /// A native fix names its WebView and language only ("WKWebView (Swift)"): its platform
    /// is the WebView's, and a second bracket would say it twice.
    public var label: String {
        switch wrapper {
        case .nativeIOS: return "WKWebView (\(language))"
        case .nativeAndroid: return "Android WebView (\(language))"
        default: return "\(wrapper.title) (\(language)\(family.map { ", \($0 == .ios ? "iOS" : "Android")" } ?? ""))"
        }
    }
}

extension WrapperFix {
    /// The fix tables' spelling (`<wrapper>/Wrappers+*.swift`): the code last, as the long part. Declared
    /// in an extension so that Swift still synthesises the memberwise initializer it calls
    /// (The Swift Programming Language, "Initializer Delegation for Value Types").
    public init(_ wrapper: Wrapper, _ setting: WrapperSetting?, family: Platform.Family? = nil, language: String, docs: String, code: String) {
        self.init(wrapper: wrapper, setting: setting, family: family, language: language, code: code, docs: docs)
    }
}

/// What a wrapper does for one setting when the app sets nothing, read from its source.
public struct WrapperDefault: Sendable, Codable, Equatable {
    public let setting: WrapperSetting
    public let family: Platform.Family?
    /// The default, in words.
    public let behaviour: String
    /// The line of the wrapper's public source (or its docs) that shows the default.
    public let source: String
    /// Probes this default fails on its own: a failure of one on this wrapper names it.
    public let fails: [ProbeID]
}

/// How one native checklist item is set in a wrapper that has no checklist of its own.
public struct WrapperChecklistMapping: Sendable, Codable, Equatable {
    public let item: String
    /// The wrapper's setting or code that decides the item.
    public let via: String
}

/// One wrapper in the catalog: where it runs, the versions the remedies need, its defaults
/// and its fixes per setting.
public struct WrapperProfile: Sendable, Codable, Equatable {
    public let wrapper: Wrapper
    /// The package or SDK and its versions the remedies were written for.
    public let minimumVersions: [String]
    /// Where its API is documented, as a whole.
    public let home: String
    /// What the page sees of it: its bridge globals, script message handlers and user agent tokens.
    public let detection: WrapperSignalNames
    public let defaults: [WrapperDefault]
    public let fixes: [WrapperFix]
    /// The vendor checklist's own tab, when it has one.
    public let checklistTab: ChecklistItem.Tab?
    /// Otherwise: how its settings map onto the native checklist's items.
    public let checklistMapping: [WrapperChecklistMapping]

    public func defaults(_ setting: WrapperSetting, family: Platform.Family?) -> [WrapperDefault] {
        defaults.filter { $0.setting == setting && (family == nil || $0.family == nil || $0.family == family) }
    }

    public func fixes(_ setting: WrapperSetting, family: Platform.Family?) -> [WrapperFix] {
        fixes.filter { $0.setting == setting && (family == nil || $0.family == nil || $0.family == family) }
    }
}

/// The names by which the page sees a wrapper (its data file's `detection`): the globals its
/// bridge defines, the WKWebView script message handlers it registers (probed by name, since
/// `window.webkit.messageHandlers` is not enumerable), and user agent tokens an app may add.
/// `WrapperDetector` weighs them; the page gathers every wrapper's (`/api/config`'s
/// `wrapperSignals`, read by Public/wrapper.js), so a wrapper's names are written once.
public struct WrapperSignalNames: Sendable, Codable, Equatable {
    public struct Signal: Sendable, Codable, Equatable {
        /// The signal in words, for docs/wrappers.md's detection table.
        public let signal: String
        public let confidence: String
    }

    public let globals: [String]
    public let messageHandlers: [String]
    public let userAgentTokens: [String]
    public let signals: [Signal]
    /// Where the wrapper's source defines them.
    public let sources: [String]
    /// Bridge members one release added or removed, which bound the run's release.
    public var releaseMarkers: [ReleaseMarker] = []
}

/// A member of a wrapper's bridge that one release added (or removed): where the page finds
/// it on `window` (`Capacitor.isNativePlatform`), the app bundles that release or a later one
/// (or an earlier one), whether or not the run shows the release itself (docs/wrapper-data.md
/// `releaseMarkers`). A marker's absence proves nothing: the page may have looked before the
/// bridge was in.
public struct ReleaseMarker: Sendable, Codable, Equatable {
    /// A dotted path from `window` (`Capacitor.isNativePlatform`, `webkit.messageHandlers.X`).
    public let path: String
    /// The platform whose bridge defines it; nil for both.
    public let family: Platform.Family?
    /// `from` (added there), `before` (removed there) or both: the releases it is found in.
    public let releases: VersionRange
    /// Where the first release with it defines it (or the last one before its removal), at a tag.
    public let source: String
    /// The release before it, without it, at a tag.
    public let absentAt: String
}

/// Every wrapper integrators use, in `Wrapper` order.
public enum WrapperCatalog {
    /// Read from the data files with the fixes beside them (`WrapperCatalog+Data.swift`).
    public static let all: [WrapperProfile] = Wrapper.allCases.map(loadProfile)

    public static func profile(_ wrapper: Wrapper) -> WrapperProfile {
        all.first { $0.wrapper == wrapper }!
    }

    /// What the page gathers (Public/wrapper.js): every wrapper's globals and message handler
    /// names, each once, in `Wrapper` order.
    public static let pageSignals: PageSignals = {
        func union(_ names: (WrapperSignalNames) -> [String]) -> [String] {
            var out: [String] = []
            for profile in all { for name in names(profile.detection) where !out.contains(name) { out.append(name) } }
            return out
        }
        return PageSignals(globals: union(\.globals), messageHandlers: union(\.messageHandlers),
                           markers: union { $0.releaseMarkers.map(\.path) })
    }()

    public struct PageSignals: Sendable, Codable, Equatable {
        public let globals: [String]
        public let messageHandlers: [String]
        /// Every wrapper's release markers' paths, which the page looks up on `window`.
        public let markers: [String]
    }

    /// The native fix a Remedy already states, as a WrapperFix for a native wrapper.
    static func native(_ wrapper: Wrapper, _ setting: WrapperSetting, _ remedy: Remedy, docs: String) -> WrapperFix {
        switch wrapper {
        case .nativeIOS: return WrapperFix(wrapper, setting, family: .ios, language: "Swift", docs: docs, code: remedy.fix(wrapper)?.code ?? "")
        case .nativeAndroid: return WrapperFix(wrapper, setting, family: .android, language: "Kotlin", docs: docs, code: remedy.fix(wrapper)?.code ?? "")
        default: return WrapperFix(wrapper, setting, language: "JSX", docs: docs, code: remedy.fix(.reactNativeWebView)?.code ?? "")
        }
    }
}

/// One setting of one wrapper as its source at a release tag has it: the name an integrator
/// writes, its default in the current and the previous major, the native call behind it,
/// what the probe page sees when it is wrong, the cause the diagnosis names for that, and
/// the fix in the wrapper's own API. `WrapperDefault` is the diagnosis's short form of the
/// same knowledge; these rows are the full table (docs/wrappers.md, `catalog --json`).
public struct WrapperSettingRow: Sendable, Equatable {
    public enum Area: String, Sendable, Codable, CaseIterable {
        case media, camera
        /// What decides navigator.geolocation's answer: the prompt callback, the setting, the
        /// OS permission and its usage text.
        case location
        case files
        case storage = "cookies-storage"
        case network, navigation, viewport
        /// The WebView's own processes and the app around them: what ends a run mid-way.
        case lifecycle
        /// JavaScript itself, and the scripts and bridges the host injects into the page.
        case script

        public var title: String {
            switch self {
            case .media: return "Media"
            case .camera: return "Camera"
            case .location: return "Location"
            case .files: return "Files"
            case .storage: return "Cookies and storage"
            case .network: return "Network"
            case .navigation: return "Navigation"
            case .viewport: return "Viewport"
            case .lifecycle: return "Process and lifecycle"
            case .script: return "Script and bridge"
            }
        }
    }

    /// A default at one release: `version` is the tag (or SDK) it was read at.
    public struct Versioned: Sendable, Codable, Equatable {
        public let version: String
        public let value: String
    }

    /// What the diagnosis calls the failure this setting causes.
    public enum Cause: Sendable, Equatable {
        /// A `KnownCause` id of `Catalog.symptoms`.
        case known(String)
        /// The `WrapperSetting` whose `WrapperDefault` the diff names (`WrapperJudgement`).
        case setting(WrapperSetting)
        /// A probe whose own evaluator concludes it (`DiagnosisGuide.byProbe`), for the areas
        /// no symptom models yet (mixed content, navigation, viewport).
        case probe(ProbeID)

        public var kind: String {
            switch self {
            case .known: return "known-cause"
            case .setting: return "wrapper-setting"
            case .probe: return "probe"
            }
        }

        public var id: String {
            switch self {
            case .known(let id): return id
            case .probe(let id): return id.rawValue
            case .setting(let setting): return setting.rawValue
            }
        }
    }

    /// The fix, in the wrapper's own API and language.
    public enum Fix: Sendable, Equatable {
        /// The profile's `WrapperFix` for this setting (and the row's family).
        case wrapperFix(WrapperSetting)
        /// A catalog `Remedy`, whose fix for the wrapper (Swift for native iOS, Kotlin for
        /// native Android, JSX for react-native-webview) is the row's.
        case remedy(String, Remedy)
        /// Code of the row's own. `kind` says where it goes for Tests/remedies/check.py
        /// (its compilation-unit kinds: "jsx.element", "dart.controllerStatements", …).
        case code(language: String, kind: String, String)
    }

    /// The row's key within its wrapper: the API name without punctuation.
    public let id: String
    /// Exactly as an integrator writes it (a prop, a config.xml preference, a Dart argument).
    public let name: String
    public let area: Area
    /// nil: read on both platforms.
    public let family: Platform.Family?
    public let current: Versioned
    /// nil where the previous major was not read (no tag in the source mirror).
    public let previous: Versioned?
    /// The platform API the wrapper calls for it.
    public let nativeCall: String
    /// The probes whose outcome it decides, and what they observe when it is wrong.
    public let probes: [ProbeID]
    public let whenWrong: String
    /// `whenWrong` as a predicate per probe (`ObservationPredicate`): what makes the row a
    /// cause of a failing finding (`SettingRowJudge`) and builds its generated case.
    public let when: ProbeObservations
    /// What another probe of the same run posts that rules the row out.
    public let unless: ProbeObservations
    public let cause: Cause
    public let fix: Fix
    /// The plugin whose own WebView the row is about (cordova-plugin-inappbrowser): it judges
    /// only a page that plugin opened, and the wrapper's other rows never judge such a page.
    public let plugin: String?
    /// The releases of the wrapper (of `plugin`, when set) the row holds for, when not all:
    /// a setting that did nothing, or a default that differed, before some release.
    public let versions: VersionRange?
    /// Permalinks at a release tag (or commit) to the lines that show the default; Apple's
    /// and Android's reference pages for the platforms themselves.
    public let sources: [String]
    /// True when the value at `current` is itself the wrong one (`whenWrong`): every app that
    /// leaves the setting unset fails the row's probes, as a `setting` cause whose default
    /// `fails` them does (`SettingRowJudge.Tier.wrongDefault`). For rows of the other kinds,
    /// whose default no `defaults` entry carries.
    public var defaultFails = false
}

/// A row's fix resolved to the code an integrator pastes.
public struct WrapperSettingCode: Sendable, Equatable, Encodable {
    public let language: String
    public let code: String
    /// Where the code comes from: "fix:<setting>", "remedy:<name>", or "row".
    public let origin: String
    /// Tests/remedies/check.py's kind, for the row's own code only.
    public let kind: String?

    /// `catalog --json` leaves out `kind`: it is the test tool's, not the integrator's.
    enum CodingKeys: String, CodingKey {
        case language, code, origin
    }
}

extension WrapperProfile {
    /// Every setting of the wrapper the probes observe, read from its source (<wrapper>/<wrapper>.json).
    public var settings: [WrapperSettingRow] { WrapperCatalog.settings(wrapper) }

    /// The code a row's fix points at; nil when the pointer leads nowhere (a test forbids it).
    public func code(_ row: WrapperSettingRow) -> WrapperSettingCode? {
        switch row.fix {
        case .wrapperFix(let setting):
            guard let fix = fixes(setting, family: row.family).first else { return nil }
            return WrapperSettingCode(language: fix.language, code: fix.code, origin: "fix:\(setting.rawValue)", kind: nil)
        case .remedy(let name, let remedy):
            guard Remedy.lineWrappers.contains(wrapper), let fix = remedy.fix(wrapper), !fix.code.isEmpty else { return nil }
            return WrapperSettingCode(language: fix.language, code: fix.code, origin: "remedy:\(name)", kind: nil)
        case .code(let language, let kind, let code):
            return WrapperSettingCode(language: language, code: code, origin: "row", kind: kind)
        }
    }
}

/// Releases from `from` (included) to `before` (excluded); either end may be open.
public struct VersionRange: Sendable, Equatable, Codable {
    public let from: Version?
    public let before: Version?

    public func contains(_ version: Version) -> Bool {
        (from.map { version >= $0 } ?? true) && (before.map { version < $0 } ?? true)
    }

    /// "before 6.0.0", "from 8.0.0", "from 7.0.0 before 8.0.0".
    public var words: String {
        [from.map { "from \($0)" }, before.map { "before \($0)" }].compactMap { $0 }.joined(separator: " ")
    }
}
