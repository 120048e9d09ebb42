/// The host report in the diff (docs/host-report.md): its own finding (information, or a
/// warning when it contradicts what the page saw), the checklist items it verifies, and the
/// evidence it adds to the camera, storage and file causes.
extension EvaluationContext {
    /// The run's host report when the host answered and the run agrees it could have: the
    /// report that settles checklist items and causes. A report the page's own observations
    /// contradict (`HostClaim.conflicts`) settles nothing.
    var host: HostReportDocument? {
        guard let claim = hostClaim, claim.conflicts.isEmpty else { return nil }
        return claim.document
    }

    /// The report as posted, weighed against the run.
    var hostClaim: HostClaim? { HostReportDocument(results[HostReport.probe]).map { HostClaim($0, self) } }
}

/// A host report weighed against what the page itself saw. The report arrives as a result the
/// page posts, and whoever holds the run's write key can post one (docs/host-report.md): its
/// bridge, platform and wrapper are claims, which the run's own observations can contradict.
/// A claim nothing on the page contradicts is taken; one that is contradicted sets the whole
/// report aside.
struct HostClaim {
    let document: HostReportDocument
    let conflicts: [HostClaimConflict]

    /// What env.injected lists when each bridge exists, as the page looks for it
    /// (Public/host-report.js asks through the same objects, Public/probes/environment.js lists them).
    static let bridgeEvidence = Dictionary(uniqueKeysWithValues: HostReport.bridges.map { ($0.name, $0.injected) })
    static let platformFamilies: [String: Platform.Family] = ["ios": .ios, "android": .android, "desktop": .desktop]

    init(_ document: HostReportDocument, _ context: EvaluationContext) {
        self.document = document
        var found: [HostClaimConflict] = []
        let bridge = document.bridge ?? "none"
        if let evidence = Self.bridgeEvidence[bridge] {
            if let unseen = Self.unseen(evidence, in: context) {
                found.append(HostClaimConflict(claim: "the report came through the \(bridge) bridge", saw: unseen))
            }
        } else {
            found.append(HostClaimConflict(claim: "the report came through no known bridge (\(bridge))",
                                           saw: "the page asks for a report only through a bridge it found"))
        }
        if let family = Self.platformFamilies[document.platform], family != context.family {
            let how = context.platform.overridden ? "chosen for the run" : "detected from the user agent"
            found.append(HostClaimConflict(
                claim: "the host is \(document.platform)",
                saw: "the run is judged as \(context.platform.platform.rawValue) (\(how): \(context.platform.os) \(context.platform.engine))"))
        }
        if let said = document.wrapper.flatMap(Wrapper.init(rawValue:)), !said.isNative,
           let detected = context.platform.wrapperDetection, detected.confidence == .high, !detected.wrapper.isNative,
           detected.wrapper != said {
            found.append(HostClaimConflict(
                claim: "the wrapper is \(said.rawValue)",
                saw: "the page found \(detected.wrapper.rawValue) (\(detected.evidence.joined(separator: "; ")))"))
        }
        conflicts = found
    }

    /// What the page's own look for bridges says against a report through `evidence`, nil when
    /// every attempt of env.injected lists it. Every attempt the server received counts: a later
    /// one posted to agree with a forged report does not hide the page's first look. A run
    /// without that look (no env.injected, or one without bridgeObjects) has nothing to weigh
    /// the report against, so it cannot vouch for it: the page posts env.injected, with
    /// bridgeObjects, before it asks for a report (Public/probes/environment.js, host-report.js).
    static func unseen(_ evidence: String, in context: EvaluationContext) -> String? {
        let attempts = context.received[.envInjected] ?? context.results[.envInjected].map { [$0] } ?? []
        guard !attempts.isEmpty else { return "the run has no env.injected: the page never looked for \(evidence)" }
        for attempt in attempts {
            guard let seen = attempt.strings("bridgeObjects") else {
                return "env.injected (attempt \(attempt.attempt)) lists no bridgeObjects: nothing says \(evidence) was on the page"
            }
            if !seen.contains(evidence) {
                return "env.injected (attempt \(attempt.attempt)) found no \(evidence) on the page: "
                    + (seen.isEmpty ? "no bridge at all" : "only \(seen.joined(separator: ", "))")
            }
        }
        return nil
    }
}

/// One claim of a host report that the run contradicts.
struct HostClaimConflict: Equatable {
    let claim: String
    let saw: String

    var sentence: String { "\(claim), but \(saw)" }
}

extension CauseEvidence {
    var host: HostReportDocument? { context.host }
}

extension Diff {
    func evaluateHostReport(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        if let claim = context.hostClaim, !claim.conflicts.isEmpty { return Self.setAside(claim) }
        guard let host = context.host else {
            let bridge = result.string("bridge")
            let problem = result.string("problem").map { ": \($0)" } ?? ""
            let asked = bridge == nil || bridge == "none" ? "no bridge to ask" : "asked through \(bridge!), no report\(problem)"
            return Assessment(.noted, "no host report (\(asked))")
        }
        let source = [host.bridge.map { "through \($0)" }, "\(host.platform)\(host.wrapper.map { ", \($0)" } ?? "")"].compactMap { $0 }.joined(separator: " ")
        let observed = "host report \(source): \(host.facts.count) fact(s)"
        let contradictions = HostContradiction.find(host, context)
        guard !contradictions.isEmpty else { return Assessment(.noted, observed) }
        let causes = contradictions.map(\.cause)
        // Every contradiction holds at once (not one of several explanations): the first is
        // worded after the lead, the others follow it as the finding's causes.
        let lead = Diagnosis.hostReportContradicts(contradictions.map(\.sentence))
        return Assessment(
            .warning, observed + "; \(contradictions.count) contradiction(s)",
            diagnosis: Diagnosis.ranking(lead, causes: Array(causes.prefix(1)), ruledOut: []), layer: .webView,
            remedy: HostContradiction.remedy, causes: causes)
    }
}

extension Diff {
    /// How a forged report and a misdetected run are told apart: a real host answers again,
    /// through the bridge env.injected then lists; a report posted by someone else does not.
    static let separatingCheck = "Open the run again in the app on the device: a report its host sends arrives again through a bridge "
        + "that env.injected then lists (webkit.messageHandlers.probe, ProbeHost, ReactNativeWebView, …) on a run judged as the "
        + "host's platform (set ?platform= when the detection was wrong). If env.injected again lists no such bridge, the report "
        + "did not come from the WebView that ran the page: someone who held the run's write key posted it."

    /// A report the run contradicts: a warning of its own that settles nothing.
    static func setAside(_ claim: HostClaim) -> Assessment {
        let host = claim.document
        let observed = "host report through \(host.bridge ?? "none") claims \(host.platform)\(host.wrapper.map { ", \($0)" } ?? ""): "
            + "set aside, \(claim.conflicts.count) contradiction(s) with the run"
        let cause = Cause(
            id: "host.report.contradicts-run", layer: .app, likelihood: .likely,
            summary: "the host report was not sent by the host of the WebView that ran the page, or the run misdetected it",
            evidence: Cause.Evidence(supporting: claim.conflicts.map(\.sentence)),
            check: separatingCheck, remedy: nil,
            // A message handler the app adds is window.webkit.messageHandlers.<name> in the page.
            source: "https://developer.apple.com/documentation/webkit/wkusercontentcontroller/add(_:name:)")
        return Assessment(.warning, observed, diagnosis: Diagnosis.hostReportSetAside(claim.conflicts.map(\.sentence)),
                          layer: .webView, causes: [cause])
    }
}

/// A fact the host reports that the page's own observation contradicts.
struct HostContradiction: Equatable {
    let fact: String
    let probe: ProbeID
    /// The host's words (`HostReportDocument.says`).
    let says: String
    /// What the page saw instead.
    let saw: String

    var sentence: String { "the host says \(says), but \(probe) \(saw)" }

    // The configuration is copied when the WebView is created
    // (https://developer.apple.com/documentation/webkit/wkwebview/init(frame:configuration:));
    // WebSettings belong to one WebView (https://developer.android.com/reference/android/webkit/WebView#getSettings()).
    static let remedy = Remedy(
        iosSwift: """
            // Configure first, then create the WebView, and report from it
            let configuration = WKWebViewConfiguration()
            configuration.allowsInlineMediaPlayback = true  // and the rest
            let webView = WKWebView(frame: .zero, configuration: configuration)
            // Build the host report from webView.configuration, not from a copy
            """,
        androidKotlin: """
            // Configure the WebView that loads the page, before loadUrl,
            // and build the host report from that same instance
            webView.settings.domStorageEnabled = true  // and the rest
            webView.loadUrl(startUrl)
            val reported = webView.settings.domStorageEnabled
            """,
        reactNative: """
            // Report the props this element was given, not another's
            <WebView source={{ uri: startUrl }} domStorageEnabled {...hostProps} />
            """,
        docs: Remedy.Docs(ios: "https://developer.apple.com/documentation/webkit/wkwebview/init(frame:configuration:)",
                   android: "https://developer.android.com/reference/android/webkit/WebView#getSettings()",
                   reactNative: "https://github.com/react-native-webview/react-native-webview/blob/master/docs/Reference.md"))

    var cause: Cause {
        Cause(
            id: "host.contradiction.\(fact)", layer: .app, likelihood: .likely,
            summary: "the host reports \(says) for another WebView, or before it applied it, than the one the page ran in",
            evidence: Cause.Evidence(supporting: [sentence]),
            check: "read \(fact) from the WebView instance that shows the page, after it is configured",
            remedy: Self.remedy, source: HostFact.named(fact)?.apis.first?.url ?? HostFact.androidSettings)
    }

    static func find(_ host: HostReportDocument, _ context: EvaluationContext) -> [HostContradiction] {
        var found: [HostContradiction] = []
        func observed(_ probe: ProbeID, _ field: String) -> JSONValue? { context.observed(probe, field) }
        func add(_ fact: String, _ probe: ProbeID, _ saw: String) {
            found.append(HostContradiction(fact: fact, probe: probe, says: host.says(fact), saw: saw))
        }
        if host.bool("javaScriptEnabled") == false {
            add("javaScriptEnabled", HostReport.probe, "was posted by the page's own script")
        }
        if host.bool("domStorageEnabled") == true, observed(.storageLocal, "available")?.boolValue == false {
            add("domStorageEnabled", .storageLocal, "found localStorage null or throwing")
        }
        if host.bool("acceptCookies") == true, observed(.cookieDocument, "writeRead")?.boolValue == false {
            add("acceptCookies", .cookieDocument, "could not read back a cookie it wrote")
        }
        if host.bool("acceptThirdPartyCookies") == true, observed(.cookieThirdParty, "frameLoaded")?.boolValue == true,
           observed(.cookieThirdParty, "readBack")?.boolValue == false {
            add("acceptThirdPartyCookies", .cookieThirdParty, "saw the second origin's cookie refused")
        }
        let autoplayRefused = observed(.mediaAutoplay, "played")?.boolValue == false
            && observed(.mediaAutoplay, "errorName")?.stringValue == "NotAllowedError"
        if autoplayRefused, host.bool("mediaPlaybackRequiresUserGesture") == false {
            add("mediaPlaybackRequiresUserGesture", .mediaAutoplay, "was refused play() without a gesture (NotAllowedError)")
        }
        if autoplayRefused, host.strings("mediaTypesRequiringUserActionForPlayback")?.isEmpty == true {
            add("mediaTypesRequiringUserActionForPlayback", .mediaAutoplay, "was refused play() without a gesture (NotAllowedError)")
        }
        if host.bool("allowsInlineMediaPlayback") == true, observed(.mediaInline, "inline")?.boolValue == false {
            add("allowsInlineMediaPlayback", .mediaInline, "saw the playsinline video refused or sent fullscreen")
        }
        let cameraGranted = observed(.cameraGetUserMedia, "outcome")?.stringValue == "granted"
        if let authorization = host.string("cameraAuthorization"), ["denied", "restricted"].contains(authorization), cameraGranted {
            add("cameraAuthorization", .cameraGetUserMedia, "was granted the camera")
        }
        if context.isAndroid, host.bool("mediaCaptureHandler") == false, cameraGranted {
            add("mediaCaptureHandler", .cameraGetUserMedia, "was granted the camera, which the platform WebChromeClient's default denies")
        }
        if context.isAndroid, host.bool("fileChooserHandler") == false, (observed(.fileAccept, "fileCount")?.intValue ?? 0) > 0 {
            add("fileChooserHandler", .fileAccept, "received a picked file, which the platform WebChromeClient's default cancels")
        }
        return found
    }
}

/// What the host's facts settle among a symptom's known causes: a fact that proves a cause
/// makes it conclusive (the others fall away, `Symptom.rank`), a fact that excludes one
/// removes it. A cause the host says nothing about keeps the page's own weighing.
enum HostSettlement {
    enum Verdict {
        case confirms(String)
        case rulesOut
    }

    /// A report the page contradicts on any fact was read from another WebView than the page's,
    /// or before its settings were applied (`host.report`'s finding says which): none of its
    /// facts rules a cause in or out, so a stale "domStorageEnabled = true" does not hide the
    /// setting the page found off.
    static func settle(_ causes: [Cause], _ evidence: CauseEvidence) -> [Cause] {
        guard let host = evidence.host, HostContradiction.find(host, evidence.context).isEmpty else { return causes }
        return causes.compactMap { cause in
            switch verdict(cause.id, host, evidence) {
            case nil: return cause
            case .rulesOut?: return nil
            case .confirms(let why)?:
                return Cause(
                    id: cause.id, layer: cause.layer, likelihood: .conclusive, summary: cause.summary,
                    evidence: Cause.Evidence(supporting: ["host report: \(why)"] + cause.evidence.supporting, against: cause.evidence.against),
                    check: cause.check, remedy: cause.remedy, source: cause.source)
            }
        }
    }

    /// A cause that is a setting left off (or a handler left out): the host's `fact` true rules
    /// it out, false confirms it in the fact's words, and a fact the host did not send says nothing.
    static func offConfirms(_ fact: String, _ host: HostReportDocument) -> Verdict? {
        host.bool(fact).map { $0 ? .rulesOut : .confirms(host.says(fact)) }
    }

    static func verdict(_ cause: String, _ host: HostReportDocument, _ evidence: CauseEvidence) -> Verdict? {
        let authorization = host.string("cameraAuthorization")
        let osDenied = authorization.map { ["denied", "restricted"].contains($0) } ?? false
        let osAuthorized = authorization == "authorized"
        switch cause {
        // WebKit asks the OS authorization before the delegate and denies at once when it
        // is denied (PlatformSource.webKitPermissionOrder): then the delegate was never asked.
        case "ios.camera.settings-denied":
            if osDenied { return .confirms(host.says("cameraAuthorization")) }
            return osAuthorized ? .rulesOut : nil
        case "ios.camera.delegate-denied", "rn.ios.camera.grant-type-denied":
            if osDenied { return .rulesOut }
            if cause == "ios.camera.delegate-denied", osAuthorized, host.bool("mediaCaptureHandler") == false {
                return nil  // No handler: WebKit prompts (the delegate layer is not the one refusing).
            }
            if cause == "rn.ios.camera.grant-type-denied", osAuthorized, host.string("mediaCapturePermissionGrantType") == "deny" {
                return .confirms(host.says("mediaCapturePermissionGrantType"))
            }
            return nil
        case "android.camera.no-runtime-permission", "rn.android.camera.manifest", "cordova.android.grant-without-runtime":
            if let permissions = host.strings("manifestPermissions"), !permissions.contains("android.permission.CAMERA") {
                return .confirms(host.says("manifestPermissions") + " lacks android.permission.CAMERA")
            }
            if osDenied || authorization == "not-determined" { return .confirms(host.says("cameraAuthorization")) }
            return osAuthorized ? .rulesOut : nil
        case "android.camera.no-permission-handler":
            if host.bool("mediaCaptureHandler") == false { return .confirms(host.says("mediaCaptureHandler")) }
            return nil
        case "camera.person-denied":
            // The person's answer to the OS prompt is the OS authorization: authorized rules
            // out an OS "Don't Allow"; a WebView prompt of its own stays possible (no host fact).
            return nil
        case "android.dom-storage-off": return offConfirms("domStorageEnabled", host)
        case "android.cookies-off": return offConfirms("acceptCookies", host)
        case "android.third-party-cookies-off": return offConfirms("acceptThirdPartyCookies", host)
        case "webview.non-persistent-store": return offConfirms("dataStorePersistent", host)
        case "android.no-file-chooser": return offConfirms("fileChooserHandler", host)
        case "ios.camera.no-usage-description":
            if host.isAbsent("cameraUsageDescription") { return .confirms(host.says("cameraUsageDescription")) }
            return host.string("cameraUsageDescription").map { $0.isEmpty ? nil : .rulesOut } ?? nil
        case "ios.microphone.no-usage-description":
            if host.isAbsent("microphoneUsageDescription") { return .confirms(host.says("microphoneUsageDescription")) }
            return host.string("microphoneUsageDescription") != nil ? .rulesOut : nil
        default:
            return nil
        }
    }
}

/// The checklist items a host fact settles, and how (docs/host-report.md lists them).
enum HostChecks {
    struct Check {
        let facts: [String]
        /// true: the item holds; false: it does not; nil: the facts say nothing either way.
        let judge: @Sendable (HostReportDocument, EvaluationContext) -> Bool?
    }

    static func present(_ text: String?) -> Bool? { text.map { !$0.isEmpty } }

    static func usageDescription(_ fact: String) -> Check {
        Check(facts: [fact]) { host, _ in host.isAbsent(fact) ? false : present(host.string(fact)) }
    }

    /// Granted before the page opened: the app asked first. Not determined while the page
    /// runs: it opened the WebView without asking. Denied: the app asked and the person said
    /// no, which says nothing of the app's check (the operator's answer stands).
    static func askedBefore(_ fact: String) -> Check {
        Check(facts: [fact]) { host, _ in
            switch host.string(fact) {
            case "authorized"?, "limited"?: return true
            case "not-determined"?: return false
            default: return nil
            }
        }
    }

    static func flag(_ fact: String, holdsWhen wanted: Bool = true) -> Check {
        Check(facts: [fact]) { host, _ in host.bool(fact).map { $0 == wanted } }
    }

    static let cookies = Check(facts: ["acceptCookies", "acceptThirdPartyCookies"]) { host, _ in
        let flags = [host.bool("acceptCookies"), host.bool("acceptThirdPartyCookies")]
        if flags.contains(false) { return false }
        return flags.allSatisfy { $0 == true } ? true : nil
    }

    static let byItem: [String: Check] = [
        "common.permissions.camera": askedBefore("cameraAuthorization"),
        "common.permissions.photos": askedBefore("photosAuthorization"),
        "common.webview.javascript": flag("javaScriptEnabled"),
        "android.manifest.camera": Check(facts: ["manifestPermissions"]) { host, _ in
            host.strings("manifestPermissions").map { $0.contains("android.permission.CAMERA") }
        },
        "android.runtime.camera": Check(facts: ["cameraAuthorization"]) { host, _ in
            host.string("cameraAuthorization").map { $0 == "authorized" }
        },
        "android.onPermissionRequest": flag("mediaCaptureHandler"),
        "android.onShowFileChooser": flag("fileChooserHandler"),
        "android.webviewUpToDate": Check(facts: ["webViewPackage", "webViewVersion"]) { host, context in
            guard let text = host.string("webViewVersion"), let version = Version(text) else { return nil }
            let floor = context.requirementSet.minimum(for: .androidWebView)
            guard let minimum = floor?.minimum ?? floor?.recommended else { return true }
            return version >= minimum
        },
        "android.javaScriptEnabled": flag("javaScriptEnabled"),
        "android.domStorageEnabled": flag("domStorageEnabled"),
        "android.cookies": cookies,
        "android.mediaGesture": flag("mediaPlaybackRequiresUserGesture", holdsWhen: false),
        "ios.plist.camera": usageDescription("cameraUsageDescription"),
        "ios.plist.photos": usageDescription("photoLibraryUsageDescription"),
        "ios.appCameraPermission": askedBefore("cameraAuthorization"),
        "ios.appPhotosPermission": askedBefore("photosAuthorization"),
        "ios.uiDelegate": flag("uiDelegate"),
        "ios.mediaCaptureHandler": flag("mediaCaptureHandler"),
        "ios.javaScript": flag("javaScriptEnabled"),
        "ios.dataStore": flag("dataStorePersistent"),
        "rn.javaScriptEnabled": flag("javaScriptEnabled"),
        "rn.domStorageEnabled": flag("domStorageEnabled"),
        "rn.cookies": cookies,
        "rn.mediaCapture": Check(facts: ["mediaCapturePermissionGrantType", "allowsInlineMediaPlayback"]) { host, context in
            if host.string("mediaCapturePermissionGrantType") == "deny" { return false }
            if context.isIOS, host.bool("allowsInlineMediaPlayback") == false { return false }
            return host.facts["mediaCapturePermissionGrantType"] != nil || host.facts["allowsInlineMediaPlayback"] != nil ? true : nil
        },
        "rn.fileAccess": flag("allowFileAccess"),
        // The permission library's answer is accurate when it agrees with what the camera did.
        "rn.permissionApi": Check(facts: ["cameraAuthorization"]) { host, context in
            guard let authorization = host.string("cameraAuthorization"), host.facts["cameraAuthorization"]?.how.contains("react-native-permissions") == true,
                  let outcome = context.observed(.cameraGetUserMedia, "outcome")?.stringValue
            else { return nil }
            if outcome == "granted" { return authorization == "authorized" }
            return ["denied", "restricted"].contains(authorization) ? true : nil
        },
    ]
}

extension ChecklistCoverage {
    /// The coverage with the host report's facts applied: an item the page could not settle
    /// (an inference, an operator question, an item not observable, probes that did not run)
    /// becomes verified or failed *by the host report*; an item the probes settled keeps
    /// their verdict and gains the host's words as evidence (a disagreement is the
    /// `host.report` finding's contradiction). Without a report, nothing changes.
    func applyingHost(_ host: HostReportDocument?, _ context: EvaluationContext) -> ChecklistCoverage {
        guard let host else { return self }
        let decidedByPage: Set<Status> = [.verified, .failed, .notApplicable]
        let items = self.items.map { item -> Item in
            guard item.status != .notApplicable, let check = HostChecks.byItem[item.id], let holds = check.judge(host, context) else { return item }
            let words = "host report: " + check.facts.filter { host.facts[$0] != nil }.map(host.says).joined(separator: "; ")
            let observedByProbes = item.method == .verified && decidedByPage.contains(item.status)
            let operatorSaidNo = item.method == .confirmed && item.status == .failed
            if observedByProbes || operatorSaidNo {
                return Item(id: item.id, tab: item.tab, text: item.text, method: item.method, status: item.status,
                            evidence: [item.evidence, words].filter { !$0.isEmpty }.joined(separator: "; "), source: item.source,
                            consequenceOf: item.consequenceOf)
            }
            return Item(id: item.id, tab: item.tab, text: item.text, method: item.method, status: holds ? .verified : .failed,
                        evidence: [words, item.evidence].filter { !$0.isEmpty }.joined(separator: "; was: "), source: .hostReport)
        }
        var counts = Dictionary(uniqueKeysWithValues: Status.allCases.map { ($0.rawValue, 0) })
        for item in items { counts[item.status.rawValue, default: 0] += 1 }
        return ChecklistCoverage(counts: counts, items: items)
    }
}
