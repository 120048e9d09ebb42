import Foundation
import Testing
@testable import ProbeCatalog

/// The wrappers' data files (Sources/ProbeCatalog/Wrappers/<wrapper>/<wrapper>.json) are read when the
/// catalog is first used; a typo must stop the program there, naming the file, the row and
/// what to fix, instead of shipping a row that matches nothing.
@Suite struct WrapperDataTests {
    /// A data file as the loader gets it, after `edit` changed its first row named `row`.
    static func edited(_ wrapper: Wrapper, row id: String, _ edit: (inout [String: Any]) -> Void) throws -> [UInt8] {
        var file = try #require(try JSONSerialization.jsonObject(with: Data(WrapperCatalog.embeddedJSON(wrapper))) as? [String: Any])
        var rows = try #require(file["settings"] as? [[String: Any]])
        let index = try #require(rows.firstIndex { $0["id"] as? String == id })
        edit(&rows[index])
        file["settings"] = rows
        return Array(try JSONSerialization.data(withJSONObject: file))
    }

    static func read(_ wrapper: Wrapper, _ json: [UInt8]) throws -> WrapperDataFile {
        try WrapperCatalog.readFile(wrapper, json: json, vocabulary: .standard)
    }

    @Test func EveryDataFile_ReadsAndEveryFixLeadsSomewhere() throws {
        for wrapper in Wrapper.allCases {
            let file = try Self.read(wrapper, WrapperCatalog.embeddedJSON(wrapper))
            #expect(!file.readAt.isEmpty && !file.settings.isEmpty && !file.defaults.isEmpty, "\(wrapper.rawValue)")
            #expect(WrapperProfile(file, fixes: WrapperCatalog.fixes(wrapper)).unresolvedFix(file.settings) == nil)
        }
    }

    /// A wrapper is one folder named by its `?wrapper=` spelling, holding its data file and its
    /// fixes (docs/wrapper-data.md), and no wrapper's file lies outside its own folder.
    @Test func EveryWrapper_IsOneFolderWithItsDataAndItsFixes() throws {
        let folder = CitationTests.root.appendingPathComponent("Sources/ProbeCatalog/Wrappers")
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let folders = entries.filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder) && isFolder.boolValue
        }
        #expect(Set(folders) == Set(Wrapper.allCases.map(\.rawValue)), "one folder per wrapper, named by its ?wrapper= spelling")
        #expect(!entries.contains { $0.hasSuffix(".json") }, "a data file belongs in its wrapper's folder")
        for wrapper in Wrapper.allCases {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(wrapper.rawValue).path)) ?? []
            #expect(files.contains("\(wrapper.rawValue).json"), "\(wrapper.rawValue)/ has no \(wrapper.rawValue).json")
            #expect(files.contains { $0.hasPrefix("Wrappers+") && $0.hasSuffix(".swift") }, "\(wrapper.rawValue)/ has no Wrappers+<Name>.swift with its fixes")
        }
    }

    /// A file as the loader gets it, after `edit` changed its top-level fields.
    static func editedFile(_ wrapper: Wrapper, _ edit: (inout [String: Any]) -> Void) throws -> [UInt8] {
        var file = try #require(try JSONSerialization.jsonObject(with: Data(WrapperCatalog.embeddedJSON(wrapper))) as? [String: Any])
        edit(&file)
        return Array(try JSONSerialization.data(withJSONObject: file))
    }

    @Test func ABridgeName_IsAnIdentifierWithItsSource() throws {
        let spaced = try Self.editedFile(.maui) { file in
            var detection = file["detection"] as! [String: Any]
            detection["globals"] = ["Hybrid WebView"]
            file["detection"] = detection
        }
        #expect(throws: WrapperDataError(description: "maui.json detection: \"Hybrid WebView\" is no JavaScript identifier or user agent token")) {
            try Self.read(.maui, spaced)
        }
        let unsourced = try Self.editedFile(.maui) { file in
            var detection = file["detection"] as! [String: Any]
            detection["sources"] = [String]()
            file["detection"] = detection
        }
        #expect(throws: WrapperDataError(description: "maui.json detection: names a bridge with no \"sources\": cite where the wrapper's source defines it, at a tag")) {
            try Self.read(.maui, unsourced)
        }
    }

    /// The page gathers the names from the catalog (`/api/config` wrapperSignals): it keeps
    /// no list of its own that a new wrapper would have to be added to.
    @Test func ThePage_KeepsNoCopyOfTheWrappersNames() throws {
        let names = WrapperCatalog.pageSignals.globals + WrapperCatalog.pageSignals.messageHandlers
        #expect(names.contains("ReactNativeWebView") && names.contains("cordova_iab") && names.contains("callHandler"))
        for path in ["Public/wrapper.js", "Public/probes/environment.js"] {
            let text = try String(contentsOf: CitationTests.root.appendingPathComponent(path), encoding: .utf8)
            for name in names {
                #expect(!text.contains("'\(name)'") && !text.contains("\"\(name)\""), "\(path) lists '\(name)': read it from the config")
            }
        }
    }

    @Test func AMisspeltProbe_IsRefusedNamingTheRow() throws {
        let json = try Self.edited(.cordova, row: "onPermissionRequest") { $0["probes"] = ["camera.getUserMedia2"] }
        #expect(throws: WrapperDataError(description: "cordova.json row 4 (onPermissionRequest): probe \"camera.getUserMedia2\" is not a declared probe")) {
            try Self.read(.cordova, json)
        }
    }

    @Test func ACauseThatDoesNotResolve_IsRefused() throws {
        let known = try Self.edited(.cordova, row: "onPermissionRequest") { $0["cause"] = ["known": "cordova.android.grant-without-runtim"] }
        #expect(throws: WrapperDataError(description: "cordova.json row 4 (onPermissionRequest) cause: \"cordova.android.grant-without-runtim\" is no known cause of Catalog.symptoms")) {
            try Self.read(.cordova, known)
        }
        let setting = try Self.edited(.cordova, row: "onPermissionRequest") { $0["cause"] = ["setting": "inline"] }
        #expect(throws: WrapperDataError.self) { try Self.read(.cordova, setting) }
        let probe = try Self.edited(.cordova, row: "onPermissionRequest") { $0["cause"] = ["probe": "nav.customSchem"] }
        #expect(throws: WrapperDataError(description: "cordova.json row 4 (onPermissionRequest) cause: probe \"nav.customSchem\" is not a declared probe")) {
            try Self.read(.cordova, probe)
        }
        let two = try Self.edited(.cordova, row: "onPermissionRequest") { $0["cause"] = ["probe": "nav.customScheme", "setting": "autoplay"] }
        #expect(throws: WrapperDataError(description: "cordova.json row 4 (onPermissionRequest) cause: give exactly one of \"known\", \"setting\", \"probe\", not setting and probe")) {
            try Self.read(.cordova, two)
        }
    }

    /// A row's predicate is checked against the probe's declared observed fields: a field the
    /// probe never posts, a value its field never takes, or a probe left without a predicate
    /// stops the program naming the row, so no rule silently matches nothing.
    @Test func APredicateOverWhatTheProbeNeverPosts_IsRefusedNamingTheRow() throws {
        let field = try Self.edited(.cordova, row: "onPermissionRequest") { $0["when"] = ["camera.getUserMedia": ["errorNam": "NotAllowedError"]] }
        #expect(throws: WrapperDataError(description: "cordova.json row 4 (onPermissionRequest): \"when\".camera.getUserMedia.errorNam: camera.getUserMedia declares no observed field \"errorNam\" (it has outcome, errorName, errorMessage, elapsedMs, permissionStateBefore, permissionStateAfter, promptShown, videoTracks, audioTracks, settings)")) {
            try Self.read(.cordova, field)
        }
        let value = try Self.edited(.cordova, row: "onPermissionRequest") { $0["when"] = ["camera.getUserMedia": ["outcome": "denied"]] }
        #expect(throws: WrapperDataError(description: "cordova.json row 4 (onPermissionRequest): \"when\".camera.getUserMedia.outcome is \"denied\", which outcome, string, never is (one of granted, error)")) {
            try Self.read(.cordova, value)
        }
        let type = try Self.edited(.cordova, row: "onPermissionRequest") { $0["when"] = ["camera.getUserMedia": ["promptShown": "no"]] }
        #expect(throws: WrapperDataError.self) { try Self.read(.cordova, type) }
        let missing = try Self.edited(.cordova, row: "onPermissionRequest") { $0["when"] = [String: Any]() }
        #expect(throws: WrapperDataError(description: "cordova.json row 4 (onPermissionRequest): \"when\" must name each of \"probes\" once; missing camera.getUserMedia")) {
            try Self.read(.cordova, missing)
        }
    }

    @Test func ARowsReleases_ReadAsARange_AndABadOneIsRefused() throws {
        let json = try Self.edited(.cordova, row: "mixedContentMode") { $0["versions"] = ["from": "12.0.0", "before": "14.0.0"] }
        let row = try #require(try Self.read(.cordova, json).settings.first { $0.id == "mixedContentMode" })
        let range = try #require(row.versions)
        #expect(range.contains(Version([13, 0, 1])) && range.contains(Version([12])) && !range.contains(Version([14])) && !range.contains(Version([11, 9])))
        #expect(range.words == "from 12.0.0 before 14.0.0")
        let reversed = try Self.edited(.cordova, row: "mixedContentMode") { $0["versions"] = ["from": "14.0.0", "before": "12.0.0"] }
        #expect(throws: WrapperDataError(description: "cordova.json row 16 (mixedContentMode) versions: \"from\" 14.0.0 is not below \"before\" 12.0.0")) {
            try Self.read(.cordova, reversed)
        }
        let word = try Self.edited(.cordova, row: "mixedContentMode") { $0["versions"] = ["before": "six"] }
        #expect(throws: WrapperDataError.self) { try Self.read(.cordova, word) }
    }

    /// The causes an edited mixed-content row (`row` of `wrapper`'s table) names for a run on
    /// Android whose env.platform posts `signals` as its wrapperSignals.
    static func mixedContentCauses(_ rows: [WrapperSettingRow], wrapper: Wrapper = .cordova, row: String = "mixedContentMode",
                                   signals: [String: JSONValue]) throws -> [Cause] {
        var detected = Run.detected(.androidWebView)
        detected.wrapperDetection = WrapperDetection(wrapper: wrapper, confidence: .high, evidence: ["test"])
        let mixed = Run.result("net.mixedContent", ["imageLoaded": false, "fetchBlocked": true], status: .fail)
        let platform = Run.result("env.platform", ["wrapperSignals": .object(signals)])
        let results = Run.healthy(.androidWebView).filter { $0.probe != "net.mixedContent" && $0.probe != "env.platform" } + [mixed, platform]
        let diff = try #require(Diff(platform: detected, requirementSet: "liveform"))
        let context = EvaluationContext(results: Diff.latestAttempts(results), platform: detected, profile: diff.profile, requirementSet: diff.requirementSet)
        let probe = try #require(Catalog.standard.probe(id: "net.mixedContent"))
        var judge = SettingRowJudge(probe: probe, result: mixed, context: context)
        judge.table = { $0 == wrapper ? rows : WrapperCatalog.settings($0) }
        return judge.judge(named: []).causes.filter { $0.id == "\(wrapper.rawValue).\(row)" }
    }

    /// A row for some releases is ruled in or out by the release the run shows (Cordova's
    /// `cordova.version`), and without one it is named as possible, saying which releases.
    @Test func ARowForSomeReleases_IsJudgedByTheReleaseTheRunShows() throws {
        let json = try Self.edited(.cordova, row: "mixedContentMode") { $0["versions"] = ["before": "12.0.0"]; $0["defaultFails"] = nil }
        let rows = try Self.read(.cordova, json).settings
        func causes(cordovaVersion: String?) throws -> [Cause] {
            var signals: [String: JSONValue] = ["globals": ["cordova"]]
            if let cordovaVersion { signals["cordovaVersion"] = .string(cordovaVersion) }
            return try Self.mixedContentCauses(rows, signals: signals)
        }
        #expect(try causes(cordovaVersion: "13.0.0").isEmpty, "cordova-android 13 is outside \"before 12.0.0\"")
        #expect(try causes(cordovaVersion: "11.0.0").first?.likelihood == .likely)
        let unknown = try #require(try causes(cordovaVersion: nil).first)
        #expect(unknown.likelihood == .possible && unknown.summary.contains("Cordova before 12.0.0 only"), "\(unknown.summary)")
    }

    /// A release's own wrong default (`versions` with `defaultFails`) is the platform's cause
    /// seen from the wrapper's side: where the run does not show the release it stays as likely,
    /// saying so against it; a release the run shows outside it leaves it out.
    @Test func AReleasesOwnWrongDefault_StaysLikelyWhereTheReleaseIsUnknown() throws {
        let json = try Self.edited(.cordova, row: "mixedContentMode") { $0["versions"] = ["before": "12.0.0"] }
        let rows = try Self.read(.cordova, json).settings
        let unknown = try #require(try Self.mixedContentCauses(rows, signals: ["globals": ["cordova"]]).first)
        #expect(unknown.likelihood == .likely, "\(unknown)")
        #expect(unknown.evidence.against.contains { $0.hasPrefix("the run does not show which release") }, "\(unknown.evidence.against)")
        #expect(try Self.mixedContentCauses(rows, signals: ["globals": ["cordova"], "cordovaVersion": "12.0.1"]).isEmpty)
    }

    /// A release marker the page found on the bridge bounds the release: a row before the
    /// marker's release is left out, one from it holds, and an absent marker proves nothing.
    @Test func AReleaseMarkerTheBridgeShows_BoundsTheRelease() throws {
        let json = try Self.editedFile(.capacitor) { file in
            var rows = file["settings"] as! [[String: Any]]
            let index = rows.firstIndex { $0["id"] as? String == "allowMixedContent" }!
            rows[index]["versions"] = ["before": "3.0.0"]
            file["settings"] = rows
        }
        let file = try Self.read(.capacitor, json)
        let marker = try #require(file.detection.releaseMarkers.first { $0.path == "Capacitor.isNativePlatform" })
        #expect(marker.releases.from == Version([3]))
        func causes(_ markers: [String]) throws -> [Cause] {
            try Self.mixedContentCauses(file.settings, wrapper: .capacitor, row: "allowMixedContent",
                                        signals: ["globals": ["Capacitor"], "markers": .array(markers.map { .string($0) })])
        }
        #expect(try causes(["Capacitor.isNativePlatform"]).isEmpty, "Capacitor 3.0.0 or later is outside \"before 3.0.0\"")
        let unbounded = try #require(try causes([]).first)
        #expect(unbounded.evidence.against.contains { $0.hasPrefix("the run does not show which release") })
        let older = try #require(try causes(["Capacitor.convertFileSrc"]).first, "from 1.0.0-beta.20 leaves releases before 3.0.0")
        #expect(older.evidence.against.contains { $0.contains("Capacitor.convertFileSrc, from 1.0.0-beta.20") }, "\(older.evidence.against)")
    }

    /// A release marker's path, releases and links are checked when the file is read.
    @Test func AReleaseMarker_IsADottedPathWithReleasesAndLinks() throws {
        func edited(_ marker: [String: Any]) throws -> [UInt8] {
            try Self.editedFile(.capacitor) { file in
                var detection = file["detection"] as! [String: Any]
                detection["releaseMarkers"] = [marker]
                file["detection"] = detection
            }
        }
        let good: [String: Any] = ["path": "Capacitor.isNativePlatform", "family": "both", "from": "3.0.0",
                                   "source": "https://example.org/a", "absentAt": "https://example.org/b"]
        #expect(try Self.read(.capacitor, edited(good)).detection.releaseMarkers.count == 1)
        var spaced = good; spaced["path"] = "Capacitor.is Native"
        #expect(throws: WrapperDataError.self) { try Self.read(.capacitor, edited(spaced)) }
        var none = good; none["from"] = nil
        #expect(throws: WrapperDataError(description: "capacitor.json detection releaseMarkers 1: give \"from\", \"before\" or both")) {
            try Self.read(.capacitor, edited(none))
        }
        var plain = good; plain["source"] = "github.com/ionic-team/capacitor"
        #expect(throws: WrapperDataError.self) { try Self.read(.capacitor, edited(plain)) }
    }

    @Test func APredicate_HoldsOnlyForWhatItSays() throws {
        let json = try Self.edited(.cordova, row: "onPermissionRequest") {
            $0["when"] = ["camera.getUserMedia": ["errorName": ["NotReadableError", "NotAllowedError"], "elapsedMs": ["below": 250], "promptShown": NSNull()]]
        }
        let row = try #require(try Self.read(.cordova, json).settings.first { $0.id == "onPermissionRequest" })
        let predicate = try #require(row.when.byProbe["camera.getUserMedia"])
        func result(_ observed: [String: JSONValue], status: ProbeResult.Status = .fail) -> ProbeResult {
            ProbeResult(run: "r", probe: "camera.getUserMedia", status: status, observed: observed, elapsedMs: 1, at: "2026-12-05T00:00:00Z")
        }
        #expect(predicate.holds(result(["errorName": "NotAllowedError", "elapsedMs": 40])))
        #expect(!predicate.holds(result(["errorName": "NotAllowedError", "elapsedMs": 900])))
        #expect(!predicate.holds(result(["errorName": "NotFoundError", "elapsedMs": 40])))
        #expect(!predicate.holds(result(["errorName": "NotAllowedError", "elapsedMs": 40, "promptShown": true])))
        #expect(!predicate.holds(result(["errorName": "NotAllowedError", "elapsedMs": 40], status: .skipped)))
        let example = predicate.example(from: result(["outcome": "granted", "elapsedMs": 2000, "promptShown": true], status: .pass))
        #expect(example.observed["errorName"] == "NotReadableError" && example.observed["promptShown"] == nil && predicate.holds(example))
    }

    /// `{"lacks": …}` is a bridge the page looked for and did not find: a list posted without
    /// the entry. A list not posted says nothing, and only a list field can lack an entry.
    @Test func ANamesNoPlatformCondition_HoldsForAnAgentNamingNoneOrAnotherThanTheRuns() throws {
        let row = try #require(WrapperCatalog.settings(.cordova).first { $0.id == "OverrideUserAgent" })
        let predicate = try #require(row.when.byProbe["env.platform"])
        func platform(_ agent: String) -> ProbeResult {
            ProbeResult(run: "r", probe: "env.platform", status: .info, observed: ["userAgent": .string(agent)], elapsedMs: 1, at: "2026-12-05T00:00:00Z")
        }
        let desktop = platform("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/58.0 Safari/537.36")
        let android = platform("Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.0.0 Mobile Safari/537.36")
        let iPad = platform("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)")
        #expect(predicate.holds(platform("ExampleApp/1.0"), family: .android))
        #expect(predicate.holds(desktop, family: .android))
        #expect(!predicate.holds(android, family: .android))
        #expect(!predicate.holds(iPad, family: .ios), "an iPad's WKWebView sends a Mac agent by default")
        #expect(!predicate.holds(desktop), "with no run platform, any named platform counts")
    }

    /// `{"desktopClass": true}` is WebKit's Mac agent naming no iPhone or iPad; beside the touch
    /// points it is an iPad in desktop content mode, and a Mac (no touch points) is not one.
    @Test func ADesktopClassCondition_HoldsForTheMacAgentWithTouchPoints_Only() throws {
        let row = try #require(WrapperCatalog.settings(.nativeIOS).first { $0.id == "preferredContentMode" })
        let predicate = try #require(row.when.byProbe["env.platform"])
        func platform(_ agent: String, _ touch: Int) -> ProbeResult {
            ProbeResult(run: "r", probe: "env.platform", status: .info, observed: ["userAgent": .string(agent), "maxTouchPoints": .number(Double(touch))], elapsedMs: 1, at: "2026-12-05T00:00:00Z")
        }
        let mac = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)"
        let iPadMobile = "Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148"
        #expect(predicate.holds(platform(mac, 5), family: .ios))
        #expect(!predicate.holds(platform(mac, 0), family: .ios), "a Mac has no touch points")
        #expect(!predicate.holds(platform(iPadMobile, 5), family: .ios), "the mobile content mode names the iPad")
    }

    @Test func ALacksCondition_HoldsForAPostedListWithoutTheEntry_AndOnlyOnAList() throws {
        let row = try #require(WrapperCatalog.settings(.capacitor).first { $0.id == "allowNavigationBridge" })
        let predicate = try #require(row.when.byProbe["env.injected"])
        func injected(_ observed: [String: JSONValue]) -> ProbeResult {
            ProbeResult(run: "r", probe: "env.injected", status: .info, observed: observed, elapsedMs: 1, at: "2026-12-05T00:00:00Z")
        }
        #expect(predicate.holds(injected(["bridgeObjects": ["Capacitor"]])))
        #expect(!predicate.holds(injected(["bridgeObjects": ["androidBridge", "Capacitor"]])))
        #expect(!predicate.holds(injected([:])), "a page that posted no list did not look")
        #expect(predicate.holds(predicate.example(from: injected([:]))))
        #expect(predicate.words.contains("bridgeObjects without androidBridge"), "\(predicate.words)")
        let onAString = try Self.edited(.capacitor, row: "allowNavigationBridge") {
            $0["when"] = ["env.platform": ["userAgent": ["lacks": "Android"]]]
        }
        #expect(throws: WrapperDataError.self) { try Self.read(.capacitor, onAString) }
    }

    @Test func AMissingOrMisspeltField_IsRefused() throws {
        let missing = try Self.edited(.capacitor, row: "autoplay") { $0["whenWrong"] = nil }
        #expect(throws: WrapperDataError(description: "capacitor.json row 2 (autoplay): field \"whenWrong\" is missing")) {
            try Self.read(.capacitor, missing)
        }
        let misspelt = try Self.edited(.capacitor, row: "autoplay") { $0["sourcse"] = [] }
        #expect(throws: WrapperDataError.self) { try Self.read(.capacitor, misspelt) }
    }

    @Test func AFixThatNamesNothing_IsRefused() throws {
        let remedy = try Self.edited(.nativeIOS, row: "websiteDataStore") { $0["fix"] = ["remedy": "persistentStore"] }
        #expect(throws: WrapperDataError.self) { try Self.read(.nativeIOS, remedy) }
        let template = try Self.edited(.cordova, row: "domStorage") { $0["fix"] = ["template": "cordovaSettingJava", "statement": "x();"] }
        #expect(throws: WrapperDataError.self) { try Self.read(.cordova, template) }
        let argument = try Self.edited(.cordova, row: "domStorage") { $0["fix"] = ["template": "cordovaSettingsJava"] }
        #expect(throws: WrapperDataError(description: "cordova.json row 8 (domStorage) fix (cordovaSettingsJava): field \"statement\" is missing")) {
            try Self.read(.cordova, argument)
        }
        // A wrapper fix MAUI does not have for an iOS row: the profile has only Android's cookie fix.
        let nowhere = try Self.edited(.maui, row: "AllowsInlineMediaPlayback") { $0["fix"] = ["wrapperFix": "cookies"] }
        let file = try Self.read(.maui, nowhere)
        #expect(WrapperProfile(file, fixes: WrapperCatalog.fixes(.maui)).unresolvedFix(file.settings)?.description
            == "maui.json row 1 (AllowsInlineMediaPlayback): the fix points at nothing: no maui fix for \"cookies\" on ios: add it to the wrapper's fixes (maui/Wrappers+<Name>.swift) or name another fix")
    }

    /// The data's forms read back to the same values the diagnosis and the export use.
    @Test func TheDataForms_ReadAsTheSwiftValues() throws {
        let rows = Dictionary(uniqueKeysWithValues: WrapperCatalog.settings(.cordova).map { ($0.id, $0) })
        #expect(rows["AllowInlineMediaPlayback"]?.cause == .setting(.inlinePlayback))
        #expect(rows["onPermissionRequest"]?.cause == .known("cordova.android.grant-without-runtime"))
        #expect(rows["onPermissionRequest"]?.fix == .wrapperFix(.permissionHandler))
        #expect(rows["allowNavigation"]?.cause == .probe(.navCustomScheme))
        #expect(rows["domStorage"]?.fix == WrapperCatalog.cordovaSettingsJava("webView.getSettings().setDomStorageEnabled(true);"))
        #expect(rows["LimitsNavigationsToAppBoundDomains"]?.previous == nil)
        let native = WrapperCatalog.settings(.nativeAndroid).first { $0.id == "flush" }
        #expect(native?.fix == .remedy("flushCookies", Symptom.flushCookies))
    }
}
