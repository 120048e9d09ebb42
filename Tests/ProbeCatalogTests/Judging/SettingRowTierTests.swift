import Testing
@testable import ProbeCatalog

/// The rows a failure leaves standing rank by the evidence, each tier read from the row's data
/// (`SettingRowJudge.Tier`): a wrong default of this wrapper, then a setting apps commonly
/// change, then a version-gated absence, then the app's own code; each cause's check opens
/// with the question that tells its tier apart.
@Suite struct SettingRowTierTests {
    /// One row of a test table that holds for any failure of media.autoplay.
    static func row(_ id: String, nativeCall: String, cause: WrapperSettingRow.Cause, versions: VersionRange? = nil) -> WrapperSettingRow {
        WrapperSettingRow(
            id: id, name: id, area: .media, family: .android,
            current: .init(version: "SDK 35", value: "test"), previous: nil, nativeCall: nativeCall,
            probes: [.mediaAutoplay], whenWrong: "test",
            when: ProbeObservations([.mediaAutoplay: ObservationPredicate(statuses: [.fail])]), unless: ProbeObservations(),
            cause: cause, fix: .code(language: "Kotlin", kind: "kotlin.statements", "webView.settings.mediaPlaybackRequiresUserGesture = false"),
            plugin: nil, versions: versions, sources: ["https://developer.android.com/reference/android/webkit/WebSettings"])
    }

    /// The table in the reverse of the evidence's order, so only the ranking can put it right.
    static let table: [WrapperSettingRow] = [
        row("callback", nativeCall: "WebChromeClient.onPermissionRequest", cause: .probe(.mediaAutoplay)),
        row("gated", nativeCall: "WebSettings.setMediaPlaybackRequiresUserGesture", cause: .probe(.mediaAutoplay), versions: VersionRange(from: nil, before: Version([140]))),
        row("changed", nativeCall: "WebSettings.setMediaPlaybackRequiresUserGesture", cause: .probe(.mediaAutoplay)),
        row("changedToo", nativeCall: "WebSettings.setMediaPlaybackRequiresUserGesture", cause: .probe(.mediaAutoplay)),
        // Android's default requires a gesture, which fails media.autoplay (native-android.json's defaults).
        row("default", nativeCall: "WebSettings.setMediaPlaybackRequiresUserGesture", cause: .setting(.autoplay)),
    ]

    static func judge() throws -> SettingRowJudge {
        let detected = Run.detected(.androidWebView)
        let blocked = Run.result("media.autoplay", [:], status: .fail)
        let results = Run.healthy(.androidWebView).filter { $0.probe != "media.autoplay" } + [blocked]
        let diff = try #require(Diff(platform: detected, requirementSet: "liveform"))
        let context = EvaluationContext(results: Diff.latestAttempts(results), platform: detected, profile: diff.profile, requirementSet: diff.requirementSet)
        let probe = try #require(Catalog.standard.probe(id: "media.autoplay"))
        var judge = SettingRowJudge(probe: probe, result: blocked, context: context)
        judge.table = { $0 == .nativeAndroid ? Self.table : [] }
        return judge
    }

    @Test func a_wrong_default_outranks_a_changed_setting_outranks_a_version_gate_outranks_app_code() throws {
        let judge = try Self.judge()
        #expect(judge.matchingRows().map(\.row.id) == ["default", "changed", "changedToo", "gated", "callback"],
                "two rows of one tier keep their table's order")
        #expect(Self.table.map { judge.tier(.nativeAndroid, $0, release: nil) } == [.appCode, .versionGate, .changedSetting, .changedSetting, .wrongDefault])
    }

    /// Under a wrapper, a callback is the app's code only where the integrator writes it; the
    /// wrapper's own chrome client is what the wrapper does, with no prop to change.
    @Test func a_wrappers_callback_is_app_code_only_where_the_integrator_passes_it() throws {
        func row(_ wrapper: Wrapper, _ id: String) throws -> WrapperSettingRow {
            try #require(WrapperCatalog.settings(wrapper).first { $0.id == id }, "\(wrapper.rawValue) \(id)")
        }
        #expect(SettingRowJudge.isAppCode(.flutterInAppWebView, try row(.flutterInAppWebView, "onPermissionRequest")))
        #expect(SettingRowJudge.isAppCode(.webviewFlutter, try row(.webviewFlutter, "setOnShowFileSelector")))
        #expect(SettingRowJudge.isAppCode(.maui, try row(.maui, "OnPermissionRequest")), "a WebChromeClient subclass the app writes")
        #expect(!SettingRowJudge.isAppCode(.reactNativeWebView, try row(.reactNativeWebView, "onPermissionRequest")), "RNCWebChromeClient's own, no prop")
        #expect(!SettingRowJudge.isAppCode(.cordova, try row(.cordova, "onShowFileChooser")), "SystemWebChromeClient's own")
        #expect(!SettingRowJudge.isAppCode(.reactNativeWebView, try row(.reactNativeWebView, "mediaCapturePermissionGrantType")), "a prop's value")
        #expect(SettingRowJudge.isAppCode(.nativeAndroid, try row(.nativeAndroid, "onShowFileChooser")))
    }

    @Test func each_rows_cause_opens_its_check_with_the_question_that_tells_its_tier_apart() throws {
        let causes = try Self.judge().judge(named: []).causes
        func check(_ id: String) -> String { causes.first { $0.id == "native-android.\(id)" }?.check ?? "" }
        #expect(check("default").hasPrefix("a wrong default of Native Android (WebView)"), "\(check("default"))")
        #expect(check("changed").hasPrefix("a setting the app changes"), "\(check("changed"))")
        // The platform's table is gated by the device's WebView (the run's Chromium 130), not by a release the app bundles.
        #expect(check("gated").hasPrefix("a version gate: does the device run Android System WebView before 140?"), "\(check("gated"))")
        #expect(check("callback").hasPrefix("the app's code: what does its onPermissionRequest answer?"), "\(check("callback"))")
        #expect(causes.map(\.id) == ["default", "changed", "changedToo", "gated", "callback"].map { "native-android.\($0)" })
    }
}
