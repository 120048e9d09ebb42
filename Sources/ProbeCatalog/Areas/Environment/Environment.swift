// The probes of the environment: JavaScript, the platform, the secure context, the layout and
// injected scripts: their names, their declarations, the diagnoses they can state, how their
// results are judged, the causes they rank and the fixes their findings carry, side by side;
// docs/adding-a-probe.md walks adding a probe to an area.

/// The names of this area's probes, in page order: each is the `id` of one declaration below.
extension ProbeID {
    public static let envScript = ProbeID(rawValue: "env.script")
    public static let envPlatform = ProbeID(rawValue: "env.platform")
    public static let envSecureContext = ProbeID(rawValue: "env.secureContext")
    public static let envViewport = ProbeID(rawValue: "env.viewport")
    public static let envInjected = ProbeID(rawValue: "env.injected")
}

extension StandardProbes {
    // MARK: environment

    static let environment: [Probe] = [
        Probe(
            id: .envScript, title: "JavaScript runs",
            instructions: "Nothing to do: if this page shows steps, JavaScript is on.",
            kind: .auto, phase: .environment,
            checks: "A <noscript> beacon tells the server that JavaScript is off; the page reports that it ran.",
            observed: [
                F("javascript", .boolean, "True when the page's script ran (posted by the script itself)."),
                F("noscriptBeacon", .boolean, "True when the server saw the <noscript> image request (recorded by the server)."),
            ],
            healthy: .init(["javascript": true, "noscriptBeacon": false]),
            expectation: .init(.required, expected: "JavaScript on"),
            remedy: .javaScript).evaluated(
                by: Diff.evaluateScript,
                concluding: [
                "noscript beacon seen → JavaScript off (Android WebView's default: setJavaScriptEnabled is false)",
                ]).blockingTheFlow()
            .verifies("common.webview.javascript", "android.javaScriptEnabled", "ios.javaScript", "rn.javaScriptEnabled"),
        Probe(
            id: .envPlatform, title: "Platform and versions",
            instructions: "Nothing to do: the page reads the browser's identity.",
            kind: .auto, phase: .environment,
            checks: "User agent, userAgentData, wrapper signals, OS and engine versions, screen and DPR; versions compared with the minimums.",
            observed: [
                F("userAgent", .string, "navigator.userAgent."),
                F("reactNativeWebView", .boolean, "True when window.ReactNativeWebView exists (react-native-webview)."),
                F("webkitMessageHandlers", .boolean, "True when window.webkit.messageHandlers exists (a WKWebView host registered a handler)."),
                F("messageHandlerNames", .stringArray, "Names found in window.webkit.messageHandlers, where enumerable."),
                F("maxTouchPoints", .integer, "navigator.maxTouchPoints (iPadOS in desktop mode reports a Mac user agent with touch points > 1)."),
                F("uaBrands", .stringArray, "navigator.userAgentData.brands as \"Brand/version\"."),
                F("uaPlatform", .string, "navigator.userAgentData.platform."),
                F("uaPlatformVersion", .string, "getHighEntropyValues(['platformVersion']).platformVersion (the real Android version behind a reduced user agent)."),
                F("uaMobile", .boolean, "navigator.userAgentData.mobile."),
                F("screenWidth", .integer, "screen.width in CSS pixels."),
                F("screenHeight", .integer, "screen.height in CSS pixels."),
                F("devicePixelRatio", .number, "window.devicePixelRatio."),
                F("standalone", .boolean, "navigator.standalone (iOS home-screen web app)."),
                F("navigatorPlatform", .string, "navigator.platform, which a site may read as well as the user agent to tell a phone or tablet from a desktop."),
                F("wrapperSignals", .object, "The app framework's bridge globals, message handlers and ?wrapper= (Public/wrapper.js; docs/wrappers.md)."),
            ],
            // Each family's default agent, which names its platform (PlatformDetector.userAgentNamesPlatform).
            healthy: .init(["userAgent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36"], on: [
                .ios: ["userAgent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148"],
                .android: ["userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.0.0 Mobile Safari/537.36"],
            ]),
            thresholds: [
                Threshold("highEntropyMs", ms: 2000, "getHighEntropyValues answers from the browser process at once; a WebView that never settles it leaves the user agent string to stand."),
            ],
            expectation: .init(.required, expected: "OS and engine at or above the minimums"),
            remedy: .updateOS).evaluated(
                by: Diff.evaluatePlatform,
                concluding: [
                "OS under the requirement set's minimum → fail naming the version and the minimum, whatever else passed",
                "under the recommended version, or Android System WebView older than Chrome \(RequirementSet.staleWebViewChromeMajor) → warning",
                "version unreadable (reduced user agent without userAgentData) → warning",
                "an app WebView's desktop-class (Mac) agent on a touch screen, an iPad in desktop content mode → warning: the page works, a site's flow may serve the desktop one",
                ])
            .verifies("android.webviewUpToDate"),
        Probe(
            id: .envSecureContext, title: "Secure context",
            instructions: "Nothing to do.",
            kind: .auto, phase: .environment,
            checks: "isSecureContext, protocol and origin: without a secure context the camera API is absent.",
            observed: [
                F("isSecureContext", .boolean, "window.isSecureContext."),
                F("protocol", .string, "location.protocol, e.g. \"https:\"."),
                F("origin", .string, "location.origin."),
            ],
            healthy: .init(["isSecureContext": true, "protocol": "https:", "origin": "https://probe.test"]),
            expectation: .init(.required, expected: "secure (https, or http://localhost)"),
            remedy: .secureContext).evaluated(
                by: Diff.evaluateSecureContext,
                concluding: [
                "not a secure context → the camera API will be absent",
                ]).blockingTheFlow()
            .verifies("android.mixedContent", "ios.mixedContent"),
        Probe(
            id: .envViewport, title: "Full-screen layout",
            instructions: "Hold the phone upright.",
            kind: .auto, phase: .environment,
            checks: "Viewport against screen, safe-area insets and orientation: the WebView should fill the screen (docs/requirements.md#layout).",
            observed: [
                F("innerWidth", .integer, "window.innerWidth."),
                F("innerHeight", .integer, "window.innerHeight."),
                F("screenWidth", .integer, "screen.width."),
                F("screenHeight", .integer, "screen.height."),
                F("heightRatio", .number, "innerHeight / screenHeight in the current orientation."),
                F("safeAreaTop", .number, "env(safe-area-inset-top) in CSS pixels."),
                F("safeAreaBottom", .number, "env(safe-area-inset-bottom) in CSS pixels."),
                F("orientation", .string, "screen.orientation.type or portrait/landscape from matchMedia."),
                F("viewportTags", .integer, "How many <meta name=viewport> the document has: the page declares one; a host that injects its own adds another."),
                F("viewportFitCover", .boolean, "Whether the viewport tag in effect (the last) still says viewport-fit=cover, as the page's own does."),
                F("viewportContent", .string, "The content of the viewport tag in effect, its first 160 characters."),
            ],
            healthy: .init(["heightRatio": 0.95, "viewportTags": 1, "viewportFitCover": true]),
            expectation: .init(
                .required, ExpectationRule.on(ExpectationRule.browsers, .info),
                expected: "fills the screen (at least 90 % of its height)",
                expectedOn: [.iosSafari: "browser chrome takes part of the screen", .androidChrome: "browser chrome takes part of the screen", .desktop: "any size"]),
            remedy: .fullScreenLayout).evaluated(
                by: Diff.evaluateViewport,
                concluding: [
                "under 75 % of the screen height → embedded in a card or modal",
                "75–90 % → native header or bar (a safe-area inset alone is fine)",
                "an iOS app on a notched iPhone, upright: the whole screen with no safe-area inset → the page under the status bar",
                "a viewport tag without viewport-fit=cover in effect, in an app → the host replaced the page's tag",
                ]),
        Probe(
            id: .envInjected, title: "Injected scripts",
            instructions: "Nothing to do.",
            kind: .auto, phase: .environment,
            checks: "Signs of scripts the host injected: patched natives, unexpected globals, bridge objects.",
            observed: [
                F("patchedNatives", .stringArray, "Built-ins whose toString() is no longer native code, e.g. \"navigator.mediaDevices.getUserMedia\"."),
                F("unexpectedGlobals", .stringArray, "Window properties not in the page's baseline list."),
                F("bridgeObjects", .stringArray, "Known bridges found: ReactNativeWebView, webkit.messageHandlers.*, Android JavascriptInterface names."),
            ],
            healthy: .init(["patchedNatives": [], "unexpectedGlobals": [], "bridgeObjects": []]),
            expectation: .init(.info, expected: "reported for information")).evaluated(
                by: Diff.evaluateInjected,
                concluding: [
                "getUserMedia or enumerateDevices patched → camera results describe the host's shim",
                ])
            // Its work is the main thread's alone (a frame's globals and the window's, each
            // enumerated: most of a slow phone's 100 ms here), and no later step adds a global
            // or patches a built-in: it yields first, so the storage steps after it start their
            // requests and the second origin's frame, and runs while they wait on them.
            .runningBesideTheNext(on: [.ios, .android, .desktop]),
    ]

    /// The failing observations this area's evaluators rank causes for (`Catalog.symptoms`).
    static let environmentSymptoms: [Symptom] = [.underSystemBars, .insecureContext, .belowVersion, .scriptOff, .userAgentReplaced, .desktopContentMode]
}

/// The environment: the diagnoses the evaluators below state.
extension Diagnosis {
    // What the page saw; the causes are `Symptom.scriptOff`'s, which the platform's rows link
    // (native Android's setJavaScriptEnabled, native iOS's allowsContentJavaScript).
    static let javaScriptOff = KnownDiagnosis("webview.javascript-off", probes: [.envScript], .observation) { "JavaScript is off" }

    /// A version under the requirement set's minimum fails the run: the requirement set's rule
    /// (docs/requirements.md#requirement-sets). How the engine updates (Android System WebView
    /// apart from the OS, WKWebView's WebKit only with iOS) is `Symptom.belowVersion`'s causes.
    static let belowMinimumVersion = KnownDiagnosis("platform.below-minimum", probes: [.envPlatform], .contract) { (shortfalls: [VersionShortfall]) in
        shortfalls.map(\.sentence).joined(separator: "; ") + ", which fails the run whatever else passed"
    }
    static let belowRecommendedVersion = KnownDiagnosis("platform.below-recommended", probes: [.envPlatform], .contract) { (shortfalls: [VersionShortfall]) in
        shortfalls.map(\.sentence).joined(separator: "; ")
    }

    /// An app's own user agent, or one naming another platform than the run's
    /// (PlatformDetector.userAgentNames): the run is judged by the page's other signals (or
    /// ?platform=), but whatever reads the agent does not see a phone. What the page saw; the
    /// causes are the settings rows' (native iOS's customUserAgent, native Android's
    /// setUserAgentString, a wrapper's own), which word the finding (`Symptom.userAgentReplaced`).
    static let userAgentHidesPlatform = KnownDiagnosis("webview.user-agent-hides-platform", probes: [.envPlatform], .observation) { (userAgent: String, judgedAs: String) in
        "The WebView's user agent (\"\(userAgent.prefix(80))\") names no platform, or another than the device's, so a page or server that reads it (a flow's own device check, a \"continue on your phone\" hand-off) sees no phone; the run was judged as \(judgedAs) from the page's other signals"
    }

    /// An iOS app WebView's agent names the iPhone or iPad but lacks WebKit's "Mobile/" token
    /// (`PlatformDetector.mobileTokenReplaced`); the causes are the settings rows'
    /// (native iOS's applicationNameForUserAgent, a wrapper's own), which word the finding.
    static let mobileTokenReplaced = KnownDiagnosis("webview.mobile-token-replaced", probes: [.envPlatform], .observation) { (userAgent: String) in
        "The WebView's user agent (\"\(userAgent.prefix(80))\") lacks WebKit's \"Mobile/\" token: the app's name replaced it rather than following it, so a page or server that looks for \"Mobile\" (a flow's device check) takes the phone for a desktop"
    }

    /// An iPad's app WebView in desktop content mode: WebKit gives the page the Mac's agent, so a
    /// site that branches on it serves its desktop flow. The page itself works; the causes are
    /// the settings rows' (`Symptom.desktopContentMode`), which word the finding.
    static let desktopClassAgent = KnownDiagnosis("webview.desktop-class-agent", probes: [.envPlatform], .observation) { (userAgent: String, touchPoints: Int) in
        "The WebView sends WebKit's desktop-class agent (\"\(userAgent.prefix(80))\") on a touch screen with \(touchPoints) touch points: an iPad whose WebView loads pages in desktop content mode. "
            + "The page works, but a site or server that reads the agent sees a Mac, so a flow that branches on it (mobile capture, or \"open this on your phone\") serves its desktop one"
    }

    // What the page saw; a secure context is the web platform's rule, no WebView setting: the
    // cause is the page's own (`Symptom.insecureContext`), not a row.
    static let notSecureContext = KnownDiagnosis("page.insecure-context", probes: [.envSecureContext], .observation) {
        "The page is not a secure context, so navigator.mediaDevices is absent and the camera cannot work"
    }

    /// The lead of `Symptom.underSystemBars`'s diagnosis.
    static let spansSystemBars = KnownDiagnosis("viewport.under-system-bars", probes: [.envViewport], .observation) {
        "The page spans the whole screen and no safe-area inset tells it where the system bars are"
    }
    /// An iOS app WebView on a notched iPhone, upright, that spans the whole screen with no
    /// safe-area inset: the page's top is under the status bar and the notch or Dynamic Island,
    /// and CSS cannot pad for it. The causes are the settings rows' (a scroll view whose
    /// contentInsetAdjustmentBehavior is .never: Capacitor's contentInset, react-native-webview's,
    /// the Flutter plugins'), which word the finding.
    static let underStatusBar = KnownDiagnosis("viewport.under-status-bar", probes: [.envViewport], .observation) { (height: Int) in
        "The page spans the whole \(height)-point screen of a notched iPhone with no safe-area inset: its top is under the status bar and the notch, and env(safe-area-inset-*) gives the page nothing to pad with"
    }
    /// The viewport tag in effect is not the page's: a host added its own (a user script at the
    /// document's end), which dropped viewport-fit=cover. The causes are the settings rows'
    /// (a wrapper's zoom setting that injects the tag), which word the finding.
    static let viewportTagReplaced = KnownDiagnosis("viewport.tag-replaced", probes: [.envViewport], .observation) { (tags: Int, content: String) in
        "The viewport tag in effect is not the page's (\(tags) tags; in effect: \"\(content.prefix(100))\"): the host added its own, which replaces the page's and drops viewport-fit=cover, so env(safe-area-inset-*) reads 0 and the page cannot lay itself out around the notch and the home indicator"
    }
    static let nativeHeader = KnownDiagnosis("contract.viewport-native-header", probes: [.envViewport], .contract) { (leftPercent: Int) in
        "The WebView leaves \(leftPercent) % of the height to native UI: a header or bar. Pinned to the safe area on a notched iPhone it is about 89 %, which is fine (docs/requirements.md#layout); more than that, hide the native header."
    }
    static let embeddedWebView = KnownDiagnosis("contract.viewport-embedded", probes: [.envViewport], .contract) { (percent: Int) in
        "The WebView fills only \(percent) % of the screen height: it is embedded in a card, modal or split view. Let it fill the screen directly (docs/requirements.md#layout)."
    }

    static let cameraShimmed = KnownDiagnosis("host.camera-api-replaced", probes: [.envInjected], .observation) {
        "The host replaced the camera API with its own script: the camera results describe that shim, not the WebView."
    }
    /// Every diagnosis declared in this file, for the docs and the tests (a test holds the list to the declarations).
    static let environmentDeclared: [any DeclaredDiagnosis] = [
        javaScriptOff, belowMinimumVersion, belowRecommendedVersion,
        userAgentHidesPlatform, desktopClassAgent, mobileTokenReplaced, notSecureContext,
        spansSystemBars, underStatusBar, viewportTagReplaced, nativeHeader, embeddedWebView, cameraShimmed,
    ]
}

/// A version the requirement set's minimum or recommendation is not met by, as
/// `Diff.evaluatePlatform` found it.
enum VersionShortfall: Sendable {
    case belowMinimum(subject: String, actual: Version, minimum: Version, requirementSet: String, note: String)
    case belowRecommended(subject: String, actual: Version, recommended: Version, minimum: Version?, note: String)
    case unreadable(subject: String, reason: String, minimum: Version?, recommended: Version?)

    var sentence: String {
        switch self {
        case let .belowMinimum(subject, actual, minimum, requirementSet, note):
            return "\(subject) \(actual) is below the minimum \(subject) \(minimum) (\(requirementSet): \(note))"
        case let .belowRecommended(subject, actual, recommended, minimum, note):
            let met = minimum.map { "meets the minimum \($0) but " } ?? ""
            return "\(subject) \(actual) \(met)is below the recommended \(recommended) (\(note))"
        case let .unreadable(subject, reason, minimum, recommended):
            let floor = (minimum ?? recommended).map { "; the \(minimum == nil ? "recommendation" : "minimum") is \($0)" } ?? ""
            return "the \(subject) version could not be read (\(reason))\(floor)"
        }
    }
}

extension Diff {
    func evaluateScript(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        if result.bool("noscriptBeacon") == true || result.bool("javascript") == false {
            return diagnosed(.scriptOff, result, context, state: .broken, observed: "the <noscript> beacon reached the server: JavaScript is off",
                             lead: Diagnosis.javaScriptOff(), remedy: .javaScript)
        }
        if result.bool("javascript") == true { return Assessment(.works, "JavaScript ran") }
        return Assessment(.unknown, "")
    }

    /// The version minimums of each requirement set (docs/requirements.md#requirement-sets): below the minimum fails whatever else passed.
    func evaluatePlatform(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let detected = context.platform
        // In the words every surface uses for the platform, an override said as one.
        let observed = Words.platform(detected)
        // An app's own user agent hides the platform from whatever reads it; its versions are
        // not in it either, so that is what the step says.
        // Under ?platform= the agent is not the judged platform's by the person's own word (a
        // WebView sending a browser's agent, an engine standing in for a phone): then only an
        // agent naming no platform at all is the app's own.
        let named = detected.overridden ? PlatformDetector.userAgentNamesPlatform : { PlatformDetector.userAgentNames(detected.platform.family, $0) }
        if context.isAppWebView, let agent = result.string("userAgent"), !agent.isEmpty, !named(agent) {
            return Assessment(.warning, observed, diagnosis: Diagnosis.userAgentHidesPlatform(agent, Words.platform(detected)),
                              layer: .webView, remedy: .platformUserAgent)
        }

        // An iPad in desktop content mode: the agent names the Mac and holds no iPadOS version.
        // A version under the minimum still fails below; else the agent is the finding.
        var desktopClass: (agent: String, touchPoints: Int)?
        if context.isAppWebView, context.family == .ios, let agent = result.string("userAgent"), let touch = result.int("maxTouchPoints"),
           PlatformDetector.desktopClassOnTouch(agent, maxTouchPoints: touch) {
            desktopClass = (agent, touch)
        }

        var failures: [VersionShortfall] = []
        var warnings: [VersionShortfall] = []
        for minimum in context.profile.minimums {
            // react-native-webview's is not visible from the page: the checklist asks instead.
            guard minimum.subject != .reactNativeWebView else { continue }
            let actual = context.measuredVersion(minimum.subject)
            let name = minimum.subject == .androidWebView ? "Android System WebView Chrome" : minimum.subject.rawValue
            guard let actual else {
                // Under ?platform= the user agent is not the judged platform's: it cannot carry its version.
                let reason = detected.overridden ? "the platform was set by ?platform=, and the user agent names no \(name) version" : detected.reasons.last ?? "no signal"
                warnings.append(.unreadable(subject: name, reason: reason, minimum: minimum.minimum, recommended: minimum.recommended))
                continue
            }
            if let floor = minimum.minimum, actual < floor {
                failures.append(.belowMinimum(subject: name, actual: actual, minimum: floor, requirementSet: context.requirementSet.id, note: minimum.note))
            } else if let recommended = minimum.recommended, actual < recommended {
                warnings.append(.belowRecommended(subject: name, actual: actual, recommended: recommended, minimum: minimum.minimum, note: minimum.note))
            }
        }
        // The rule is the requirement set's; how the device gets a newer engine is its
        // platform's (`Symptom.belowVersion`), which the causes say.
        // A version is the device's, read or not: a finding that no cause explains (a version
        // the run could not read) is still about the device.
        func onTheDevice(_ assessment: Assessment) -> Assessment {
            var assessment = assessment
            assessment.layer = assessment.layer ?? .device
            return assessment
        }
        if !failures.isEmpty {
            return onTheDevice(diagnosed(.belowVersion, result, context, state: .broken, observed: observed, lead: Diagnosis.belowMinimumVersion(failures), remedy: .updateOS))
        }
        if let desktopClass {
            return Assessment(.warning, observed, diagnosis: Diagnosis.desktopClassAgent(desktopClass.agent, desktopClass.touchPoints),
                              layer: .webView, remedy: .mobileContentMode)
        }
        // An iPhone's agent without WebKit's "Mobile/" token: the app's name in its place.
        if context.isAppWebView, context.family == .ios, let agent = result.string("userAgent"), PlatformDetector.mobileTokenReplaced(agent) {
            return Assessment(.warning, observed, diagnosis: Diagnosis.mobileTokenReplaced(agent), layer: .webView, remedy: .platformUserAgent)
        }
        if !warnings.isEmpty {
            return onTheDevice(diagnosed(.belowVersion, result, context, state: .warning, observed: observed, lead: Diagnosis.belowRecommendedVersion(warnings), remedy: .updateOS))
        }
        return Assessment(.works, observed)
    }

    func evaluateSecureContext(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        guard let secure = result.bool("isSecureContext") else { return Assessment(.unknown, "") }
        let observed = "isSecureContext \(describe(secure)), \(result.string("protocol") ?? "?") \(result.string("origin") ?? "")"
        if secure { return Assessment(.works, observed) }
        return diagnosed(.insecureContext, result, context, state: .broken, observed: observed, lead: Diagnosis.notSecureContext(), remedy: .secureContext)
    }

    func evaluateViewport(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        var ratio = result.number("heightRatio")
        if ratio == nil, let inner = result.number("innerHeight"), let screen = result.number("screenHeight"), screen > 0 {
            ratio = inner / screen
        }
        guard let ratio else { return Assessment(.unknown, "") }
        let percent = Int((ratio * 100).rounded())
        let observed = "the page uses \(percent) % of the screen height"
        let noInsets = result.number("safeAreaTop") == 0 && result.number("safeAreaBottom") == 0
        if ratio >= Self.underSystemBarsHeightRatio, context.isAndroid, context.platform.platform.isAppWebView, noInsets {
            // Edge to edge is enforced from Android 15 (targetSdk 35); before it, or with no
            // version known, the page cannot tell it from bars the app hid: a note, not a warning.
            let enforced = context.platform.osVersion.map { $0 >= Symptom.edgeToEdgeEnforcedFrom } ?? false
            return diagnosed(.underSystemBars, result, context, state: enforced ? .warning : .noted,
                             observed: observed + " with no safe-area inset", lead: Diagnosis.spansSystemBars(), remedy: .edgeToEdgeInsets)
        }
        // WKWebView reports the insets only where the page spans them; the whole of a notched
        // screen with none is a page under the status bar (the rows name the scroll view's setting).
        if ratio >= Self.underSystemBarsHeightRatio, noInsets, context.family == .ios, context.platform.platform.isAppWebView,
           let height = Self.notchedIPhoneHeight(result) {
            return Assessment(.warning, observed + " with no safe-area inset", diagnosis: Diagnosis.underStatusBar(height), layer: .webView)
        }
        // An embedded WebView fails whatever its tag says; the tag is said where nothing fails.
        guard ratio >= Self.embeddedHeightRatio else {
            return Assessment(.broken, observed, diagnosis: Diagnosis.embeddedWebView(percent), layer: .webView, remedy: .fullScreenLayout)
        }
        // The page declares viewport-fit=cover (Public/index.html); a tag in effect without it is
        // the host's. Posted since the page reads its tags; older results say nothing of it.
        if context.platform.platform.isAppWebView, result.bool("viewportFitCover") == false {
            let tags = result.int("viewportTags") ?? 0
            return Assessment(.warning, observed + ", \(tags) viewport tags, viewport-fit=cover not in effect",
                              diagnosis: Diagnosis.viewportTagReplaced(tags, result.string("viewportContent") ?? ""), layer: .webView)
        }
        if ratio >= Self.fullScreenHeightRatio { return Assessment(.works, observed) }
        return Assessment(.warning, observed, diagnosis: Diagnosis.nativeHeader(100 - percent), layer: .webView, remedy: .fullScreenLayout)
    }

    /// The portrait screen height of an iPhone whose screen has a notch or a Dynamic Island, read
    /// from the page's screen size (every such iPhone is 812 points tall or more, every iPhone
    /// without one 736 or less: https://developer.apple.com/design/human-interface-guidelines/layout#iOS-iPadOS-device-size-classes),
    /// when the page was upright on a phone-sized screen; nil otherwise (a landscape page has
    /// its insets at the sides, which the page does not measure).
    static func notchedIPhoneHeight(_ result: ProbeResult) -> Int? {
        guard let width = result.number("screenWidth"), let height = result.number("screenHeight") else { return nil }
        let long = max(width, height), short = min(width, height)
        guard long >= 812, short <= 440 else { return nil }
        if let inner = result.number("innerWidth"), let innerHeight = result.number("innerHeight"), inner > innerHeight { return nil }
        return Int(long)
    }

    func evaluateInjected(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        func list(_ field: String) -> [String] { result.observed[field]?.arrayValue?.compactMap(\.stringValue) ?? [] }
        let patched = list("patchedNatives")
        let globals = list("unexpectedGlobals")
        let bridges = list("bridgeObjects")
        let observed = "patched natives: \(patched.isEmpty ? "none" : patched.joined(separator: ", ")); unexpected globals: \(globals.count); bridges: \(bridges.isEmpty ? "none" : bridges.joined(separator: ", "))"
        if patched.contains(where: { $0.contains("getUserMedia") || $0.contains("enumerateDevices") }) {
            return Assessment(.warning, observed, diagnosis: Diagnosis.cameraShimmed(), layer: .webView)
        }
        return Assessment(.noted, observed)
    }
}

/// env.script: the page's own script never ran, only its <noscript> beacon reached the server.
/// Each platform's WebView has a switch for it (Android's off by default, iOS's on), and a
/// browser a setting of its own; the settings rows link the WebViews' (native Android's
/// setJavaScriptEnabled, native iOS's allowsContentJavaScript).
extension Symptom {
    static let scriptOff = Symptom(id: "env.javascript-off", probes: [.envScript], observation: "the page's <noscript> beacon reached the server and its script posted nothing", causes: [
        KnownCause("android.javascript-off", .webViewSetting, scope: "Android WebView (false by default), every wrapper that leaves it",
            summary: "WebSettings.setJavaScriptEnabled(true) was not called on this WebView: Android WebView runs no JavaScript unless it is, and its default is false",
            check: "webView.settings.javaScriptEnabled on the WebView that loads the page, set before loadUrl",
            remedy: .javaScript, source: PlatformSource.androidJavaScript,
            applies: { $0.family == .android && $0.platform.isAppWebView },
            weigh: .likely("the <noscript> beacon reached the server from an Android WebView")),
        KnownCause("ios.javascript-off", .webViewSetting, scope: "iOS WKWebView (true by default)",
            summary: "the app turned JavaScript off: defaultWebpagePreferences.allowsContentJavaScript is false (or the preferences decidePolicyFor returns for this navigation; WKPreferences.javaScriptEnabled before iOS 14)",
            check: "configuration.defaultWebpagePreferences.allowsContentJavaScript, and the preferences webView(_:decidePolicyFor:preferences:decisionHandler:) hands back",
            remedy: .javaScript, source: PlatformSource.wkAllowsContentJavaScript,
            applies: { $0.family == .ios && $0.platform.isAppWebView },
            weigh: .likely("the <noscript> beacon reached the server from a WKWebView")),
        KnownCause("browser.javascript-off", .osPermission, scope: "Safari, Chrome, desktop browsers",
            summary: "JavaScript is turned off in the browser's settings, for every site or for this one",
            check: "the browser's JavaScript setting (Safari: Settings › Apps › Safari › Advanced; Chrome: Settings › Site settings › JavaScript)",
            remedy: nil, source: PlatformSource.noscriptElement, context: .browser,
            applies: { !$0.platform.isAppWebView },
            weigh: .likely("a browser ran no script of the page")),
    ])
}

/// env.platform: an app WebView whose user agent names no platform, or another than the
/// device's. An app may replace its WebView's whole agent or append its name to the platform's;
/// only replacing it hides the phone. The settings rows link these causes (native iOS's
/// customUserAgent, native Android's setUserAgentString) and a wrapper's own row names its
/// setting, so the rows word the finding: the evaluator ranks none of them itself.
extension Symptom {
    static let userAgentReplaced = Symptom(id: "platform.user-agent-replaced", probes: [.envPlatform], observation: "an app WebView's user agent names no platform, or another than the device's", causes: [
        KnownCause("ios.custom-user-agent", .webViewSetting, scope: "iOS WKWebView, every wrapper that sets it",
            summary: "the app set WKWebView.customUserAgent to a string of its own, which replaces WebKit's agent and the iPhone it names (applicationNameForUserAgent appends to it instead)",
            check: "webView.customUserAgent is nil; the app's name goes in configuration.applicationNameForUserAgent",
            remedy: .platformUserAgent, source: PlatformSource.wkCustomUserAgent,
            applies: { $0.family == .ios && $0.platform.isAppWebView },
            weigh: .likely("the user agent names no iPhone")),
        KnownCause("android.user-agent-replaced", .webViewSetting, scope: "Android WebView, every wrapper that sets it",
            summary: "the app set WebSettings.setUserAgentString to a string of its own, which replaces the WebView's default agent (getDefaultUserAgent) and the Android phone it names",
            check: "webView.settings.userAgentString starts with WebSettings.getDefaultUserAgent(context)",
            remedy: .platformUserAgent, source: PlatformSource.androidSetUserAgentString,
            applies: { $0.family == .android && $0.platform.isAppWebView },
            weigh: .likely("the user agent names no Android phone")),
    ])
}

/// env.platform: a version under the requirement set's minimum or recommendation. The rule is
/// the requirement set's (docs/requirements.md#requirement-sets); how the device gets a newer
/// engine is its platform's, and no setting of the app changes it: Android System WebView
/// updates apart from the OS, from the store, and its Chrome version is the engine's
/// (https://developer.android.com/develop/ui/views/layout/webapps/webview); WKWebView's WebKit
/// is part of iOS and updates only with it, each Safari release note naming its iOS
/// (https://developer.apple.com/documentation/safari-release-notes).
extension Symptom {
    static let belowVersion = Symptom(id: "platform.below-version", probes: [.envPlatform], observation: "a version under the requirement set's minimum or recommendation", causes: [
        KnownCause("android.webview-not-updated", .device, scope: "Android WebView and Chrome",
            summary: "the device's Android System WebView (or Chrome) has not been updated: it updates apart from the OS, from the Play Store, and its Chrome version is the engine's",
            check: "the Android System WebView version in Settings › Apps (or WebViewCompat.getCurrentWebViewPackage); update it from the Play Store",
            remedy: .updateOS, source: PlatformSource.androidWebViewVersions, context: .device,
            applies: { $0.context.versionBelowRequirement(.androidWebView) != nil },
            weigh: { e in .likely("Chrome \(e.context.versionBelowRequirement(.androidWebView).map { "\($0)" } ?? "?") is the engine's version") }),
        KnownCause("android.os-not-updated", .device, scope: "Android",
            summary: "the device runs an Android older than the requirement set's: Android itself comes with the device maker's system updates, apart from the WebView",
            check: "Settings › About phone › Android version; Settings › System › Software updates",
            remedy: .updateOS, source: PlatformSource.androidSystemUpdate, context: .device,
            applies: { $0.context.versionBelowRequirement(.android) != nil },
            weigh: { e in .likely("Android \(e.context.versionBelowRequirement(.android).map { "\($0)" } ?? "?")") }),
        KnownCause("ios.not-updated", .device, scope: "iOS, every browser and WKWebView",
            summary: "the device's iOS has not been updated: WKWebView's WebKit is part of iOS and updates only with the OS",
            check: "Settings › General › About › iOS Version; Software Update",
            remedy: .updateOS, source: PlatformSource.safariReleaseNotes, context: .device,
            applies: { $0.context.versionBelowRequirement(.iOS) != nil },
            weigh: { e in .likely("iOS \(e.context.versionBelowRequirement(.iOS).map { "\($0)" } ?? "?") brings its own WebKit") }),
    ])
}

extension EvaluationContext {
    /// The version of `subject` the run shows: the OS's from the user agent, Android System
    /// WebView's as its Chrome major; nil when the run shows none (react-native-webview's never).
    func measuredVersion(_ subject: VersionMinimum.Subject) -> Version? {
        switch subject {
        case .iOS: return platform.os == "iOS" ? platform.osVersion : nil
        case .android: return platform.os == "Android" ? platform.osVersion : nil
        case .androidWebView: return platform.engine == "Blink" ? platform.engineVersion.map { Version([$0.major]) } : nil
        case .reactNativeWebView: return nil
        }
    }

    /// The measured version of `subject` where it is under the requirement set's minimum or
    /// recommendation; nil where it meets both or the run shows none.
    func versionBelowRequirement(_ subject: VersionMinimum.Subject) -> Version? {
        guard let minimum = profile.minimums.first(where: { $0.subject == subject }), let actual = measuredVersion(subject) else { return nil }
        let short = (minimum.minimum.map { actual < $0 } ?? false) || (minimum.recommended.map { actual < $0 } ?? false)
        return short ? actual : nil
    }
}

/// env.secureContext: a page that is not a secure context. Camera, microphone and storage APIs
/// are offered to secure contexts only, a rule of the web platform that no WebView setting
/// turns: the page's origin (https://, or http://localhost) is the cause, not the app.
extension Symptom {
    static let insecureContext = Symptom(id: "page.insecure-context", probes: [.envSecureContext], observation: "isSecureContext is false", causes: [
        KnownCause("page.insecure-context", .page, scope: "every engine",
            summary: "the page was loaded over http:// from a host other than localhost (or from an opaque origin), and camera and storage APIs are offered to secure contexts only",
            check: "the address the WebView loads: https://, or http://localhost with adb reverse",
            remedy: .secureContext, source: PlatformSource.mdnSecureContext,
            weigh: { e in .conclusive("isSecureContext is false" + (e.observed(.envSecureContext, "protocol")?.stringValue.map { " on \($0)" } ?? "")) }),
    ])
}

/// env.viewport: an Android WebView that spans the whole screen with no safe-area inset. From
/// Android 15 an app that targets SDK 35 is drawn edge to edge, under the status and
/// navigation bars (https://developer.android.com/about/versions/15/behavior-changes-15#edge-to-edge),
/// and Android WebView passed no safe-area insets to the page before version 140, the version
/// Capacitor's system-bar handling waits for
/// (https://github.com/ionic-team/capacitor/blob/8.4.2/android/capacitor/src/main/java/com/getcapacitor/plugin/SystemBars.java#L37-L41).
/// Bars the app hid on purpose give the same page, so both are said with the check between them.
extension Symptom {
    /// The first Android that draws every app targeting SDK 35 edge to edge.
    static let edgeToEdgeEnforcedFrom = Version([15])

    static let underSystemBars = Symptom(id: "viewport.under-system-bars", probes: [.envViewport], observation: "the page spans the whole screen and env(safe-area-inset-*) is 0", causes: [
        KnownCause("android.edge-to-edge-unhandled", .app,
            scope: "Android 15+ apps that target SDK 35, every wrapper (Capacitor 7: android.adjustMarginsForEdgeToEdge, \"disable\" by default)",
            summary: "Android 15 draws the app edge to edge and the app applies no system-bar insets, so the page's top and bottom sit under the status and navigation bars",
            check: "whether the status bar's icons are drawn over the page's top; the app's targetSdkVersion; a ViewCompat.setOnApplyWindowInsetsListener on the WebView or its parent",
            remedy: .edgeToEdgeInsets, source: "https://developer.android.com/about/versions/15/behavior-changes-15#edge-to-edge",
            applies: { $0.family == .android && $0.platform.isAppWebView },
            weigh: { e in
                guard let os = e.osVersion else {
                    return .possible("the whole screen with no inset", against: "the Android version is unknown, and edge to edge is enforced only from Android 15")
                }
                if os >= edgeToEdgeEnforcedFrom {
                    return .likely("Android \(os): edge to edge for every app that targets SDK 35")
                }
                return .possible("the whole screen with no inset", against: "Android \(os): only an app that asks for edge to edge (setDecorFitsSystemWindows(false), a status bar over the WebView) is drawn under the bars")
            }),
        KnownCause("app.system-bars-hidden", .app, scope: "every Android app",
            summary: "the app hides the status and navigation bars (immersive mode), so nothing covers the page and no inset is due",
            check: "whether the bars are visible while the page is shown; if they are not, nothing needs fixing",
            remedy: nil, source: "https://developer.android.com/develop/ui/views/layout/immersive", context: .app,
            applies: { $0.family == .android && $0.platform.isAppWebView },
            weigh: .possible("bars hidden on purpose give the same page")),
    ])
}

/// env.platform: an app WebView on an iPad whose agent is the Mac's. iPadOS 13+ loads pages in
/// desktop content mode when `WKWebpagePreferences.preferredContentMode` is `.recommended`, its
/// default, on most iPads, and the page then gets the Mac's agent
/// (https://developer.apple.com/documentation/webkit/wkwebpagepreferences/preferredcontentmode;
/// WWDC19 "Introducing Desktop-class Browsing on iPad", https://developer.apple.com/videos/play/wwdc2019/203/).
/// Each WebView has its own preferences: a plugin's window (an in-app browser) said Macintosh while
/// the app's own WebView said iPad until the plugin read the content-mode preference too
/// (https://github.com/apache/cordova-plugin-inappbrowser/issues/687, merged #688). An agent the
/// app set itself (`customUserAgent`) gives the same page, so both are said with the check between
/// them. The settings rows link these causes and name each wrapper's setting.
extension Symptom {
    static let desktopContentMode = Symptom(id: "platform.desktop-content-mode", probes: [.envPlatform], observation: "an app WebView on a touch screen sends WebKit's desktop-class (Mac) agent", causes: [
        KnownCause("ios.desktop-content-mode", .webViewSetting, scope: "iPadOS 13+ WKWebView, every wrapper that leaves the content mode recommended",
            summary: "the WKWebView's content mode is .recommended (the default) or .desktop, and on an iPad .recommended is desktop: WebKit gives the page the Mac's agent, so a site's device check serves its desktop flow",
            check: "configuration.defaultWebpagePreferences.preferredContentMode (or the preferences decidePolicyFor hands back) is .mobile; if it is and the agent still says Macintosh, webView.customUserAgent holds a Mac agent the app set",
            remedy: .mobileContentMode, source: PlatformSource.wkPreferredContentMode,
            applies: { $0.family == .ios && $0.platform.isAppWebView },
            weigh: .likely("a desktop-class agent with touch points: an iPad in desktop content mode")),
        KnownCause("ios.custom-desktop-user-agent", .webViewSetting, scope: "iOS WKWebView, every wrapper that sets it",
            summary: "the app set WKWebView.customUserAgent to a Mac agent of its own, which no content mode changes",
            check: "webView.customUserAgent is nil (the app's name goes in configuration.applicationNameForUserAgent); with it nil and the content mode .mobile, WebKit names the iPad",
            remedy: .platformUserAgent, source: PlatformSource.wkCustomUserAgent,
            applies: { $0.family == .ios && $0.platform.isAppWebView },
            weigh: .possible("a Mac agent the app set gives the same page", against: "the content mode's default gives it with no setting at all")),
    ])
}

/// The fixes this area's findings carry, as code an integrator pastes (Tests/remedies/check.py
/// compiles each line; `RemedyCodeTests` checks their width and their API pages).
extension Remedy {
    static let androidWebViewPackage = "https://developer.android.com/reference/androidx/webkit/WebViewCompat#getCurrentWebViewPackage(android.content.Context)"

    // Android has JavaScript off by default (docs/requirements.md#javascript-and-secure-context).
    public static let javaScript = Remedy(
        iosSwift: """
            // On the WKWebViewConfiguration, before WKWebView(frame:configuration:)
            configuration.defaultWebpagePreferences.allowsContentJavaScript = true
            """,
        androidKotlin: """
            // Off by default in android.webkit.WebView
            webView.settings.javaScriptEnabled = true
            """,
        reactNative: "<WebView javaScriptEnabled />",
        docs: Docs(
            ios: "https://developer.apple.com/documentation/webkit/wkwebpagepreferences/allowscontentjavascript",
            android: PlatformSource.androidJavaScript, reactNative: rnReference + "#javascriptenabled"))

    // https://developer.mozilla.org/en-US/docs/Web/Security/Secure_Contexts/features_restricted_to_secure_contexts
    public static let secureContext = Remedy(
        iosSwift: """
            // Load the page over https:// (camera APIs are absent in an
            // insecure context)
            let start = URL(string: "https://id.example.com/start")!
            webView.load(URLRequest(url: start))
            """,
        androidKotlin: """
            // Load the page over https:// (or http://localhost with adb reverse)
            webView.loadUrl("https://id.example.com/start")
            """,
        reactNative: "<WebView source={{ uri: 'https://id.example.com/start' }} />",
        docs: Docs(ios: PlatformSource.mdnSecureContext, android: PlatformSource.mdnSecureContext, reactNative: PlatformSource.mdnSecureContext))

    // The page needs the whole screen (docs/requirements.md#layout).
    public static let fullScreenLayout = Remedy(
        iosSwift: """
            // Pin the WKWebView to the view's edges; no navigation bar on this
            // route
            webView.translatesAutoresizingMaskIntoConstraints = false
            let safeTop = view.safeAreaLayoutGuide.topAnchor
            view.addSubview(webView)
            NSLayoutConstraint.activate([
                webView.topAnchor.constraint(equalTo: safeTop),
                webView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
                webView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                webView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            ])
            navigationController?.setNavigationBarHidden(true, animated: false)
            """,
        androidKotlin: """
            // In an activity of its own, not a dialog or card
            val full = ViewGroup.LayoutParams.MATCH_PARENT
            setContentView(webView, ViewGroup.LayoutParams(full, full))
            """,
        reactNative: """
            // On a screen with headerShown: false, not in a Modal card
            <WebView style={{ flex: 1 }} />
            """,
        docs: Docs(ios: "https://developer.apple.com/documentation/uikit/nslayoutconstraint",
                   android: "https://developer.android.com/reference/android/view/ViewGroup.LayoutParams#MATCH_PARENT",
                   reactNative: rnReference + "#style"))

    // https://developer.android.com/develop/ui/views/layout/webapps/webview
    /// The platform's own user agent with the app's name after it, rather than an agent of the
    /// app's own (PlatformDetector.userAgentNamesPlatform).
    public static let platformUserAgent = Remedy(
        iosSwift: """
            // Keep WebKit's agent (it names the iPhone) and its application
            // name ("Mobile/15E148" by default): add the app's name after it
            let appName = configuration.applicationNameForUserAgent ?? ""
            configuration.applicationNameForUserAgent = appName + " ExampleApp/1.0"
            webView.customUserAgent = nil
            """,
        androidKotlin: """
            // Keep the WebView's agent (it names Android); append the app's name
            webView.settings.userAgentString =
                WebSettings.getDefaultUserAgent(context) + " ExampleApp/1.0"
            """,
        reactNative: "<WebView applicationNameForUserAgent=\"ExampleApp/1.0\" />",
        docs: Docs(
            ios: "https://developer.apple.com/documentation/webkit/wkwebviewconfiguration/applicationnameforuseragent",
            android: "https://developer.android.com/reference/android/webkit/WebSettings#getDefaultUserAgent(android.content.Context)",
            reactNative: rnReference + "#applicationnameforuseragent"))

    /// An iPad's WKWebView in the mobile content mode: WebKit then names the iPad in the agent.
    public static let mobileContentMode = Remedy(
        iosSwift: """
            // On the WKWebViewConfiguration, before WKWebView(frame:configuration:)
            // (an iPad then gets the mobile agent and pages, as an iPhone does)
            configuration.defaultWebpagePreferences.preferredContentMode = .mobile
            """,
        reactNative: "<WebView contentMode=\"mobile\" />",
        docs: Docs(ios: PlatformSource.wkPreferredContentMode, reactNative: rnReference + "#contentmode"))

    public static let updateOS = Remedy(
        iosSwift: """
            // Ask the user to update iOS; gate the flow below the minimum
            guard #available(iOS 15, *) else { return showUpdateIOSScreen() }
            """,
        androidKotlin: """
            // Ask the user to update Android System WebView (Play Store) or the OS
            val webViewPackage = WebViewCompat.getCurrentWebViewPackage(context)
            val version = webViewPackage?.versionName
            val major = version?.substringBefore('.')?.toIntOrNull()
            if (major == null || major < 120) showUpdateWebViewScreen()
            """,
        reactNative: """
            // Gate the flow below the minimum
            // package.json: "react-native-webview": "^13.0.0"
            """,
        docs: Docs(ios: "https://developer.apple.com/documentation/xcode/running-code-on-a-specific-version",
                   android: androidWebViewPackage, reactNative: rnReference))

    // https://developer.android.com/develop/ui/views/layout/edge-to-edge#handle-overlaps
    public static let edgeToEdgeInsets = Remedy(
        androidKotlin: """
            // Android 15 draws the app edge to edge: keep the page out from
            // under the status and navigation bars
            ViewCompat.setOnApplyWindowInsetsListener(webView) { view, insets ->
                val bars = insets.getInsets(WindowInsetsCompat.Type.systemBars())
                view.setPadding(bars.left, bars.top, bars.right, bars.bottom)
                WindowInsetsCompat.CONSUMED
            }
            """,
        reactNative: """
            // Wrap the WebView in react-native-safe-area-context's
            // SafeAreaView (edges top and bottom) on Android 15 and later
            """,
        docs: Docs(android: "https://developer.android.com/develop/ui/views/layout/edge-to-edge#handle-overlaps",
                   reactNative: "https://github.com/AppAndFlow/react-native-safe-area-context"))
}
