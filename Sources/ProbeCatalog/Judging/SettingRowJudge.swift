import BeyondEssentials

/// The wrappers' settings tables as judging rules (docs/wrapper-data.md): a failing finding
/// names every row of the detected wrapper, and of the native iOS or Android layer beneath
/// every wrapper, whose `when` holds for the probe's result, less the rows another probe of
/// the same run rules out (the row's `unless`, a known cause's declared contradictions). So a
/// failure no evaluator was written for is still traced to the setting a row says decides it,
/// with that row's fix in the app's own API.
struct SettingRowJudge {
    let probe: Probe
    /// The probe's latest result; for a run that stopped in the step, its start marker.
    let result: ProbeResult
    let context: EvaluationContext
    /// The run stopped inside this step (`StalledStep`): only `@stalled` predicates hold.
    var stalled = false
    /// An info finding the page reported as info too (a step judged by the app's policy,
    /// nav.windowOpen, net.mixedContent): only rows whose `@status` names `info` hold, each a
    /// cause to weigh if the outcome is not the app's policy.
    var policyOnly = false
    /// The evaluator's causes explain a requirement set's rule (a `.contract` diagnosis: a
    /// version under the minimum), not what the page observed, so they are no alternative to a
    /// row whose predicate holds: such a row is weighed on its own evidence, as if alone
    /// (an old iOS and an agent the app rewrote are two problems, each with its own fix).
    var besideAContract = false
    /// Each wrapper's settings rows (the catalog's; a test judges with rows of its own).
    var table: @Sendable (Wrapper) -> [WrapperSettingRow] = WrapperCatalog.settings

    /// The platform a user agent should name (`namesNoPlatform`): the run's, unless `?platform=`
    /// chose it, which says the agent is not the judged platform's (a WebView sending a
    /// browser's agent, an engine standing in for a phone); then only an agent naming none counts.
    var agentFamily: Platform.Family? {
        context.platform.overridden ? nil : context.family
    }

    /// The wrappers whose rows apply, the detected one first: the app's framework (when the
    /// run shows one), then the platform's own WebView, which every wrapper configures.
    var layers: [Wrapper] {
        let family = context.family
        guard context.isAppWebView, family != .desktop else { return [] }
        let native: Wrapper = family == .ios ? .nativeIOS : .nativeAndroid
        let detected = context.platform.wrapperDetection?.wrapper ?? CauseEvidence(result: result, context: context).wrapper
        return detected.map { $0 == native ? [native] : [$0, native] } ?? [native]
    }

    /// The rows whose predicate holds for this result and that nothing else of the run rules
    /// out, each with the wrapper it belongs to, in the order of the evidence (`Tier`): a
    /// wrong default of this wrapper, then a setting apps commonly change, then a version-gated
    /// absence, then the app's own code. Within a tier the wrapper's rows come before the
    /// platform's, each table in its own order.
    func matchingRows() -> [(wrapper: Wrapper, row: WrapperSettingRow)] { matchingRows(releases: releases) }

    /// `matchingRows()` with the run's releases read once by the caller (`judge`).
    func matchingRows(releases: [Wrapper: ReleaseEvidence]) -> [(wrapper: Wrapper, row: WrapperSettingRow)] {
        let rows = holdingRows(releases: releases)
        let tiers = rows.map { tier($0.wrapper, $0.row, release: releases[$0.wrapper]) }
        return Tier.allCases.flatMap { tier in rows.indices.filter { tiers[$0] == tier }.map { rows[$0] } }
    }

    /// Where a row's cause ranks, read from its data alone, and the check that tells it from
    /// the causes of the other tiers. The order is the evidence's: a default the
    /// wrapper ships fails every app that leaves it (nothing to have gone wrong but the
    /// default); a setting fails only the apps that changed it; a release without the
    /// feature fails only the apps that bundle such a release; a callback fails only where
    /// the app wrote it wrong, and its code is the last place to read.
    enum Tier: Int, CaseIterable, Comparable {
        /// The setting's default in this wrapper fails the probe by itself (`WrapperDefault.fails`,
        /// or the row's own `defaultFails`; for a row with `versions`, where the run shows a
        /// release inside them).
        case wrongDefault = 1
        /// A setting the app sets (a prop, a config key, a WebSettings call) to a value that fails.
        case changedSetting
        /// A row for some releases only (`versions`): the feature was absent, or differed, before;
        /// a release's own wrong default too, where the run does not show the release.
        case versionGate
        /// A callback the app implements (WebChromeClient, WebViewClient, WKUIDelegate,
        /// WKNavigationDelegate): on the platform's layer, or one the integrator passes to the
        /// wrapper (`isAppCode`).
        case appCode

        static func < (a: Tier, b: Tier) -> Bool { a.rawValue < b.rawValue }

        /// The first words of the cause's check: what tells this tier's cause apart.
        func check(_ wrapper: Wrapper, _ row: WrapperSettingRow) -> String {
            switch self {
            case .wrongDefault: return "a wrong default of \(wrapper.title): does the app leave \(row.name) unset?"
            case .changedSetting: return "a setting the app changes: does it set \(row.name)?"
            case .versionGate:
                let range = row.versions.map { " \($0.words)" } ?? ""
                // The platform's own WebView comes with the device, not with the app.
                if let platform = wrapper.platformRelease { return "a version gate: does the device run \(platform)\(range)?" }
                return "a version gate: does the app bundle \(row.plugin ?? wrapper.title)\(range)?"
            case .appCode: return "the app's code: what does its \(SettingRowJudge.callback(row.nativeCall) ?? row.name) answer?"
            }
        }
    }

    func tier(_ wrapper: Wrapper, _ row: WrapperSettingRow, release: ReleaseEvidence?) -> Tier {
        if failsByDefault(wrapper, row), row.versions.map({ range in row.plugin == nil && release?.within(range) == true }) ?? true { return .wrongDefault }
        if row.versions != nil { return .versionGate }
        if Self.isAppCode(wrapper, row) { return .appCode }
        return .changedSetting
    }

    /// True for a row about a callback the app writes rather than a value it sets: its native
    /// call is a WebView client's or delegate's callback, or what only such a callback holds,
    /// and the app is the one implementing it. On the platform's own layer it always is; under
    /// a wrapper only where what the integrator writes (`name`) is itself a callback
    /// (`InAppWebView(onPermissionRequest: …)`, a WebChromeClient subclass,
    /// `setOnShowFileSelector`), not the wrapper's own class (`RNCWebChromeClient.onPermissionRequest
    /// (no prop)`), which the app cannot change.
    static func isAppCode(_ wrapper: Wrapper, _ row: WrapperSettingRow) -> Bool {
        // The clients and delegates, and what only their callbacks hold: the chooser's
        // ValueCallback, the PermissionRequest, the decision a delegate hands back.
        let owners = ["WebChromeClient.", "WebViewClient.", "WKUIDelegate", "WKNavigationDelegate", "ValueCallback.", "PermissionRequest.",
                      "GeolocationPermissions.Callback", "WKPermissionDecision", "WKNavigationActionPolicy"]
        let call = row.nativeCall.split(separator: ",").first.map { $0.trimming(.whitespaces) } ?? ""
        guard owners.contains(where: { call.hasPrefix($0) }) else { return false }
        if wrapper.isNative { return true }
        let name = row.name
        guard !name.contains("(no prop)"), !name.contains("(no option)") else { return false }
        return owners.contains { name.hasPrefix($0) } || name.contains("setOn") || name.contains("Callbacks(") || name.contains("Callback(")
            || passesCallback(name)
    }

    /// True when `name` names a callback the integrator passes: `onX` or `shouldX` at its start
    /// or after a space or a parenthesis (a Dart argument, a JSX prop), not after a class's dot.
    static func passesCallback(_ name: String) -> Bool {
        let characters = Array(name)
        for start in characters.indices where start == 0 || characters[start - 1] == " " || characters[start - 1] == "(" {
            for prefix in ["on", "should"] {
                let end = start + prefix.count
                if end < characters.count, String(characters[start..<end]) == prefix, characters[end].isUppercase { return true }
            }
        }
        return false
    }

    func failsByDefault(_ wrapper: Wrapper, _ row: WrapperSettingRow) -> Bool {
        if row.defaultFails { return true }
        guard case .setting(let setting) = row.cause else { return false }
        return WrapperCatalog.profile(wrapper).defaults(setting, family: context.family).contains { $0.fails.contains(probe.id) }
    }

    /// False when what the run shows of the row's wrapper's release (`ReleaseEvidence`) is
    /// outside the row's versions.
    func inRange(_ row: WrapperSettingRow, release: ReleaseEvidence?) -> Bool {
        guard let range = row.versions, row.plugin == nil, let release else { return true }
        return !release.excludes(range)
    }

    func holdingRows(releases: [Wrapper: ReleaseEvidence]) -> [(wrapper: Wrapper, row: WrapperSettingRow)] {
        // A page a plugin opened in its own WebView (cordova-plugin-inappbrowser) is judged by
        // that plugin's rows and the platform's, never by the wrapper's main WebView's rows.
        let plugin = context.platform.wrapperDetection?.inAppBrowser == true ? "cordova-plugin-inappbrowser" : nil
        let framework = layers.count > 1 ? layers.first : nil
        return layers.flatMap { wrapper in
            table(wrapper).filter { row in
                guard row.family == nil || row.family == context.family, wrapper.isNative || row.plugin == plugin,
                      !(wrapper.isNative && framework.map { implements($0, row) } == true),
                      let predicate = row.when.byProbe[probe.id], predicate.holds(result, stalled: stalled, family: agentFamily),
                      !policyOnly || predicate.statuses?.contains(.info) == true else { return false }
                return inRange(row, release: releases[wrapper]) && ruledOut(row) == nil
            }.map { (wrapper, $0) }
        }
    }

    /// True when the framework implements the platform callback `row` is about: its own table
    /// has a row on that callback (Capacitor's BridgeWebChromeClient answers
    /// onGeolocationPermissionsShowPrompt itself), so the platform's row, which reads "the app
    /// does not implement it", is not the app's to fix; the framework's row says what it does.
    func implements(_ framework: Wrapper, _ row: WrapperSettingRow) -> Bool {
        guard let callback = Self.callback(row.nativeCall) else { return false }
        return table(framework).contains { $0.id == callback || $0.nativeCall.contains(callback) }
    }

    /// The callback a platform row is about, when its native call is one a WebView client or
    /// delegate implements: "WebChromeClient.onShowFileChooser, …" → "onShowFileChooser",
    /// "WKUIDelegate webView(_:createWebViewWith:for:windowFeatures:)" → "createWebViewWith".
    /// A setting (WebSettings.setX) is not one: an app changes it whatever its framework does.
    static func callback(_ nativeCall: String) -> String? {
        let first = nativeCall.split(separator: ",").first.map { $0.trimming(.whitespaces) } ?? ""
        for owner in ["WebChromeClient.", "WebViewClient."] where first.hasPrefix(owner) {
            let name = first.dropFirst(owner.count).prefix { $0.isLetter }
            return name.isEmpty ? nil : String(name)
        }
        if first.hasPrefix("WKUIDelegate webView(_:") || first.hasPrefix("WKNavigationDelegate webView(_:") {
            let name = first.split(separator: ":").dropFirst().first.map(String.init) ?? ""
            return name.isEmpty ? nil : name
        }
        return nil
    }

    /// What the run shows of `wrapper`'s release: for the platform's own table the device's
    /// (`Wrapper.platformRelease`); otherwise the host report's `host.wrapperVersion` when a
    /// report the run does not contradict names that wrapper (the app reads its own
    /// dependency, docs/host-report.md), else, for Cordova, the page's `cordova.version`
    /// (cordova-js, released with each platform at its number), else the bounds of the
    /// wrapper's release markers the page found on its bridge. Nil for a plugin's own
    /// WebView, whose release none of these can see, and for a run that shows nothing: a row
    /// for some releases then stays possible, with its releases said.
    func release(of wrapper: Wrapper) -> ReleaseEvidence? {
        // Read once per finding (`releases`): the host report is weighed against the run anew
        // on every read of `context.host`.
        // The platform's own table is versioned by the device: iOS, whose release WKWebView
        // ships with, and Android System WebView, by its Chromium major (the engine's version).
        switch wrapper {
        case .nativeIOS: return context.family == .ios ? context.platform.osVersion.map(ReleaseEvidence.release) : nil
        case .nativeAndroid: return context.family == .android ? context.platform.engineVersion.map(ReleaseEvidence.release) : nil
        default: break
        }
        guard context.platform.wrapperDetection?.inAppBrowser != true else { return nil }
        if let host = context.host, host.wrapper == wrapper.rawValue, let version = host.wrapperVersion.flatMap(Version.init) {
            return .release(version)
        }
        guard let platform = context.results[.envPlatform], platform.status != .skipped else { return nil }
        let signals = WrapperSignals(observed: platform.observed)
        if wrapper == .cordova, let version = signals.cordovaVersion.flatMap(Version.init) { return .release(version) }
        return ReleaseEvidence.markers(WrapperCatalog.profile(wrapper).detection, found: signals.markers, family: context.family)
    }

    /// What the run shows of the release of each wrapper whose rows apply (`layers`).
    var releases: [Wrapper: ReleaseEvidence] {
        var found: [Wrapper: ReleaseEvidence] = [:]
        for wrapper in layers { found[wrapper] = release(of: wrapper) }
        return found
    }

    /// Why the row cannot be the cause in this run, if another probe's observation says so.
    func ruledOut(_ row: WrapperSettingRow) -> String? {
        if let other = row.unless.firstHolding(in: context.results), other != probe.id {
            return "\(other.rawValue) posted \(row.unless.byProbe[other]!.words)"
        }
        if case .known(let id) = row.cause, let known = Self.knownCauses[id], let contradiction = known.contradiction(in: context.results) {
            return contradiction.reason
        }
        return nil
    }

    /// What the rows add to a finding: causes beside those the probe's own evaluator named,
    /// and the fix of every matching row whose cause stands, in the row's wrapper's API.
    struct Judgement {
        var causes: [Cause] = []
        var fixes: [WrapperFix] = []
        /// For a cause the evaluator named whose row is a framework's: that row's API, so the
        /// cause names the setting in the app's own API, not only the engine's (`Cause.naming`).
        var apis: [String: String] = [:]

        /// `causes` with the framework's API before the check of each this judgement has one for.
        func naming(_ causes: [Cause]) -> [Cause] { causes.map { $0.naming(apis[$0.id]) } }
    }

    /// A row whose known cause is named already adds its fix only (a conclusive cause too:
    /// the row is where its fix is written). One whose known cause the cause's own rule does
    /// not leave standing on this evidence (`KnownCause.cause`: where it applies, how the
    /// evidence weighs) adds nothing, nor does any other row once the evaluator found a
    /// conclusive cause (it rules the others out). Two rows of one cause add one cause.
    func judge(named: [Cause]) -> Judgement {
        var judgement = Judgement()
        let conclusive = named.contains { $0.likelihood == .conclusive }
        var seen = Set(named.map(\.id))
        // Causes a framework's own row added: their check already names its API.
        var framed = Set<String>()
        let releases = self.releases
        let matched = matchingRows(releases: releases)
        for (wrapper, row) in matched {
            let remedy = Self.remedy(wrapper, row)
            if case .known(let id) = row.cause, seen.contains(id) {
                judgement.fixes += remedy?.fixes ?? []
                // Named by the evaluator or by the platform's row: the framework's row names its API.
                if !wrapper.isNative, !framed.contains(id), judgement.apis[id] == nil {
                    judgement.apis[id] = "\(wrapper.title): \(row.name) (default: \(Self.defaultWords(row)))"
                }
                continue
            }
            guard !conclusive else { continue }
            guard let cause = cause(wrapper, row, remedy: remedy, named: named, release: releases[wrapper],
                                    tier: tier(wrapper, row, release: releases[wrapper])) else { continue }
            judgement.fixes += remedy?.fixes ?? []
            guard !seen.contains(cause.id) else { continue }
            seen.insert(cause.id)
            if !wrapper.isNative { framed.insert(cause.id) }
            judgement.causes.append(cause)
        }
        judgement.causes = judgement.naming(judgement.causes)
        if let host = unknownHostCause(named: named + judgement.causes, rows: matched, releases: releases) { judgement.causes.append(host) }
        return judgement
    }

    /// Where no framework's bridge names the app WebView and a callback of the platform's
    /// layer decides the finding (one of `rows`, the finding's matching rows, is of the app-code
    /// tier), the page may be in a plugin's own WebView, which answers those callbacks itself
    /// (`UnknownHost`). Not for a run that stopped: a stopped step's rows are about the
    /// process, not a callback's answer.
    func unknownHostCause(named: [Cause], rows: [(wrapper: Wrapper, row: WrapperSettingRow)], releases: [Wrapper: ReleaseEvidence]) -> Cause? {
        guard !stalled, !named.isEmpty, let host = UnknownHost.of(context), let native = layers.first, layers.count == 1 else { return nil }
        var callbacks: [String] = []
        for (wrapper, row) in rows where tier(wrapper, row, release: releases[wrapper]) == .appCode {
            let name = Self.callback(row.nativeCall) ?? row.name
            if !callbacks.contains(name) { callbacks.append(name) }
        }
        guard native.isNative, !callbacks.isEmpty else { return nil }
        return host.cause(callbacks: callbacks, family: context.family)
    }

    /// The row as a cause; its check opens with its tier's question (`Tier.check`), so a
    /// report that lists several tells a wrong default from a changed setting, a release
    /// from the app's own callback.
    func cause(_ wrapper: Wrapper, _ row: WrapperSettingRow, remedy: Remedy?, named: [Cause], release: ReleaseEvidence?, tier: Tier) -> Cause? {
        let hasOthers = !named.isEmpty && !besideAContract
        let tierCheck = tier.check(wrapper, row)
        let observed = "\(probe.title) posted \(row.when.byProbe[probe.id]!.words)"
        // A row for some releases only says which, and counts the unknown release against it.
        let releases = row.versions.map { " (\(row.plugin ?? wrapper.platformRelease ?? wrapper.title) \($0.words) only)" } ?? ""
        let unknownRelease = row.versions.map { range in !(row.plugin == nil && release?.within(range) == true) } ?? false
        let againstRelease = unknownRelease
            ? ["the run does not show which release the app bundles" + (release?.words.map { " (\($0))" } ?? "")] : []
        // A release's own wrong default (`versions` with `defaultFails`) fails every app on
        // those releases that leaves the setting alone: the platform's cause seen from the
        // wrapper's side, and the one explanation of a wrapper whose later releases set the
        // value right, other than the app changing it. So where the run does not show the
        // release, that weighs against it, but it stays as likely as the best cause the
        // probe's evaluator named (the same fact from the engine's side), no more: it ranks
        // among the version gates (`tier`). Markers or a release outside its versions leave it
        // out (`inRange`).
        let releaseDefault = row.defaultFails && row.versions != nil && !wrapper.isNative && unknownRelease
        // Both a wrapper's wrong default and a release's are as likely as the best cause the
        // evaluator named, no more (below).
        let releaseDefaultLikelihood = min(Cause.Likelihood.likely, named.map(\.likelihood).max() ?? .likely)
        // A framework's own default that fails the probe (`Tier.wrongDefault`) holds for every app
        // that leaves the setting alone: as likely as the best cause the evaluator named, which
        // is the same setting seen from the engine's side, and no more (the symptom's reading
        // is the evaluator's). A row of a known cause is capped by that cause's own weighing too.
        let wrongDefault = tier == .wrongDefault && !wrapper.isNative
        if case .known(let id) = row.cause, let known = Self.knownCauses[id] {
            // A cause of a run that stopped in the step (`Symptom.stalled`) is about the
            // absence of a result; one of any other symptom is about what a result showed.
            guard Self.stallCauses.contains(id) == stalled else { return nil }
            // The cause's own rule, then the host report's facts, as the evaluator's ranking
            // would weigh it (`Symptom.rank`).
            let evidence = CauseEvidence(result: result, context: context)
            guard let weighed = known.cause(evidence).flatMap({ HostSettlement.settle([$0], evidence).first }) else { return nil }
            return Cause(
                id: known.id, layer: known.layer,
                likelihood: releaseDefault || (wrongDefault && hasOthers) ? min(weighed.likelihood, releaseDefaultLikelihood)
                    : hasOthers ? .possible : weighed.likelihood,
                summary: known.summary,
                evidence: Cause.Evidence(supporting: [observed, "\(wrapper.title): \(row.name)\(releases)"] + weighed.evidence.supporting,
                                         against: weighed.evidence.against + againstRelease),
                check: "\(tierCheck) \(known.check)", remedy: remedy ?? weighed.remedy, source: known.source)
        }
        let likelihood: Cause.Likelihood = if releaseDefault || wrongDefault { releaseDefaultLikelihood }
            else if hasOthers || unknownRelease { .possible } else { .likely }
        return Cause(
            id: "\(wrapper.rawValue).\(row.id)", layer: Self.layer(row), likelihood: likelihood,
            summary: "\(wrapper.title): \(row.name)\(releases) — \(row.whenWrong)",
            evidence: Cause.Evidence(supporting: [observed], against: againstRelease),
            check: "\(tierCheck) Look at \(row.nativeCall) in the app (default: \(Self.defaultWords(row)))",
            remedy: remedy, source: row.sources.first ?? WrapperCatalog.profile(wrapper).home)
    }

    /// The row's value at the release it was read at: "false in 8.4.2".
    static func defaultWords(_ row: WrapperSettingRow) -> String { "\(row.current.value) in \(row.current.version)" }

    /// A permission or chooser callback is the handler layer; every other row is a setting.
    static func layer(_ row: WrapperSettingRow) -> Cause.Layer {
        if case .setting(let setting) = row.cause, setting == .permissionHandler || setting == .fileChooser { return .webViewPermissionHandler }
        return .webViewSetting
    }

    /// The row's fix as a finding carries it: the native lines for a native wrapper (and
    /// react-native-webview's JSX), otherwise a fix in the wrapper's own API.
    static func remedy(_ wrapper: Wrapper, _ row: WrapperSettingRow) -> Remedy? {
        guard let code = WrapperCatalog.profile(wrapper).code(row) else { return nil }
        let setting: WrapperSetting? = if case .setting(let setting) = row.cause { setting } else { nil }
        return Remedy(fixes: [WrapperFix(wrapper, setting, family: row.family, language: code.language,
                                         docs: row.sources.last ?? WrapperCatalog.profile(wrapper).home, code: code.code)])
    }

    static let stallCauses = Set(Symptom.stalled.causes.map(\.id))

    static let knownCauses: [String: KnownCause] = Dictionary(
        Catalog.symptoms.flatMap { $0.causes.map { ($0.id, $0) } }, uniquingKeysWith: { first, _ in first })

}

extension Remedy {
    /// This remedy with the rows' fixes among its fixes, one per code: after the detected
    /// wrapper's own fixes (the evaluator's, first) and before every other wrapper's. A fix for
    /// the other platform's WebView is left out (`Remedy.applicable`).
    func leading(with fixes: [WrapperFix], detected: Wrapper?, family: Platform.Family) -> Remedy {
        guard !fixes.isEmpty else { return self }
        var all = self.fixes.filter { $0.wrapper == detected }
        for fix in fixes + self.fixes where !all.contains(where: { $0.wrapper == fix.wrapper && $0.code == fix.code }) { all.append(fix) }
        return Remedy(fixes: Remedy.applicable(all, to: family))
    }
}

extension Wrapper {
    /// What a native table's `versions` count (docs/wrapper-data.md): the device's iOS, which
    /// WKWebView ships with, or its Android System WebView (Chromium's major); nil for a
    /// wrapper, whose `versions` are its own releases.
    var platformRelease: String? {
        switch self {
        case .nativeIOS: return "iOS"
        case .nativeAndroid: return "Android System WebView"
        default: return nil
        }
    }
}

extension Cause {
    /// The cause with the framework's own API for it before its check (`Judgement.apis`): a
    /// platform cause reads in the engine's terms, and the app sets it through its framework.
    func naming(_ api: String?) -> Cause {
        guard let api, !check.contains(api) else { return self }
        return Cause(id: id, layer: layer, likelihood: likelihood, summary: summary, evidence: evidence,
                     check: "In the app's framework, \(api). \(check)", remedy: remedy, source: source)
    }
}
