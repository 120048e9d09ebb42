import Foundation
import Testing
@testable import ProbeCatalog

/// The host report (docs/host-report.md): validated like any result, settling checklist
/// items and causes, and contradicting the page when the two disagree.
@Suite struct HostReportTests {
    static let root = CitationTests.root

    static func report(_ platform: String, _ facts: [String: JSONValue], wrapper: String = "native") -> JSONValue {
        .object([
            "schema": .string(HostReport.schema),
            "host": .object(["platform": .string(platform), "wrapper": .string(wrapper)]),
            "facts": .object(facts),
        ])
    }

    static func fact(_ value: JSONValue, _ how: String = "test API") -> JSONValue { .object(["value": value, "how": .string(how)]) }

    static func hostResult(_ report: JSONValue?, bridge: String = "webkit") -> ProbeResult {
        var observed: [String: JSONValue] = ["bridge": .string(bridge), "answered": .bool(report != nil)]
        if let report { observed["report"] = report }
        return Run.result(HostReport.probe, observed)
    }

    /// What a real page posts for a host report: env.injected, which lists the bridge it asked
    /// through (Public/app.js runs it before host.report), then the host's answer.
    static func answered(_ report: JSONValue?, bridge: String = "webkit") -> [ProbeResult] {
        let object = HostReport.bridges.first { $0.name == bridge }.map { JSONValue.string($0.injected) }
        return [Run.result("env.injected", ["patchedNatives": [], "unexpectedGlobals": [], "bridgeObjects": .array(object.map { [$0] } ?? [])]),
                hostResult(report, bridge: bridge)]
    }

    static func posted(_ report: JSONValue) throws -> [UInt8] {
        let result = JSONValue.object([
            "run": "r1", "probe": .string(HostReport.probe.rawValue), "attempt": 1, "status": "info",
            "observed": .object(["bridge": "webkit", "answered": true, "report": report]), "elapsedMs": 5, "at": "2026-12-01T12:00:00Z",
        ])
        return Array(try JSONEncoder().encode(result))
    }

    /// A healthy run of an app with the host report's bridge, without any host.report result:
    /// env.injected lists the bridge the app installs (Run.healthy's has none).
    static func healthy(_ platform: Platform) -> [ProbeResult] {
        let bridge = platform.family == .android ? "ProbeHost" : "webkit.messageHandlers.probe"
        return Run.healthy(platform, replacing: "env.injected", with: ["patchedNatives": [], "unexpectedGlobals": [], "bridgeObjects": [.string(bridge)]])
            .filter { $0.probe != HostReport.probe }
    }

    static let fastDenial = Run.result("camera.getUserMedia", ["outcome": "error", "errorName": "NotAllowedError", "elapsedMs": 15, "promptShown": false])

    // MARK: the schema

    /// Fixture → the companion snippet that produces it (its `how` strings are the snippet's own).
    static let fixtures = [
        "ios-native.json": "companions/ios/ProbeHostReport.swift",
        "android-native.json": "companions/android/ProbeHostReport.kt",
        "react-native-ios.json": "companions/react-native/ProbeHostReport.js",
        "flutter-android.json": "companions/flutter/probe_host_report.dart",
        "capacitor-ios.json": "companions/capacitor/ios/ProbeHostPlugin.swift",
        "capacitor-android.json": "companions/capacitor/android/ProbeHostPlugin.kt",
        "cordova-android.json": "companions/cordova/src/android/ProbeHostReport.java",
        "cordova-ios.json": "companions/cordova/src/ios/ProbeHostReport.swift",
        "webview_flutter-ios.json": "companions/webview_flutter/probe_host_report.dart",
        "webview_flutter-android.json": "companions/webview_flutter/probe_host_report.dart",
        "maui-android.json": "companions/maui/ProbeHostReport.cs",
        "maui-ios.json": "companions/maui/ProbeHostReport.cs",
    ]

    /// The companions that are no app's code of their own: the plugin manifest a snippet ships in.
    static let notSnippets: Set<String> = ["companions/cordova/plugin.xml"]

    @Test func EveryCompanionSnippet_HasAFixture_AndEveryFixtureASnippet() throws {
        let companions = Self.root.appendingPathComponent("companions")
        let files = try #require(FileManager.default.enumerator(atPath: companions.path)).compactMap { $0 as? String }
            .filter { !$0.hasPrefix("fixtures/") && !$0.hasSuffix(".md") && !$0.hasPrefix(".") }
            .map { "companions/" + $0 }
            .filter { path in var isFolder: ObjCBool = false; return FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path, isDirectory: &isFolder) && !isFolder.boolValue }
        // The debug deep links make no host report: they load the probe origin into the WebView.
        let snippets = Set(files).subtracting(Self.notSnippets)
            .filter { !$0.contains("/ProbeDeepLink.") && !$0.hasSuffix("/probe_deep_link.dart") }
        #expect(snippets == Set(Self.fixtures.values), "companions without a fixture: \(snippets.subtracting(Self.fixtures.values).sorted())")
        let fixtures = try FileManager.default.contentsOfDirectory(atPath: companions.appendingPathComponent("fixtures").path).filter { $0.hasSuffix(".json") }
        #expect(Set(fixtures) == Set(Self.fixtures.keys))
    }

    /// A wrapper's companion names the wrapper as the run detects it (Wrapper's raw value), so a
    /// report from it is weighed against the page's own detection (HostClaim).
    @Test(arguments: fixtures.keys.sorted())
    func CompanionFixture_NamesItsWrapper_AsTheCatalogSpellsIt(name: String) throws {
        let data = try Data(contentsOf: Self.root.appendingPathComponent("companions/fixtures/\(name)"))
        let report = try JSONDecoder().decode(JSONValue.self, from: data)
        let wrapper = try #require(report.objectValue?["host"]?.objectValue?["wrapper"]?.stringValue)
        let platform = try #require(report.objectValue?["host"]?.objectValue?["platform"]?.stringValue)
        #expect(wrapper == "native" || Wrapper(rawValue: wrapper) != nil, "\(name): wrapper \(wrapper)")
        #expect(name.contains(platform), "\(name): a fixture's name says its platform")
    }

    @Test(arguments: fixtures.keys.sorted())
    func CompanionFixture_DecodesThroughTheCatalogValidator_WithKnownFactsReadByTheSnippetsAPIs(name: String) throws {
        let data = try Data(contentsOf: Self.root.appendingPathComponent("companions/fixtures/\(name)"))
        let report = try JSONDecoder().decode(JSONValue.self, from: data)
        #expect(HostReport.problem(inReport: report) == nil)
        let decoded = try ResultDecoder().decode(try Self.posted(report))
        let document = try #require(HostReportDocument(decoded))
        #expect(!document.facts.isEmpty)
        let snippet = try String(contentsOf: Self.root.appendingPathComponent(Self.fixtures[name]!), encoding: .utf8)
        for (fact, value) in document.facts {
            #expect(HostFact.named(fact) != nil, "\(name): \(fact) is not a fact the catalog knows")
            let escaped = value.how.replacingOccurrences(of: "\"", with: "\\\"")
            #expect(snippet.contains(value.how) || snippet.contains(escaped), "\(name): the snippet never writes how \"\(value.how)\"")
        }
    }

    // MARK: the bridges

    /// The page asks through Public/host-report.js's BRIDGES; the catalog knows the same names in
    /// the same order (observed.bridge's values, and what HostClaim holds a report's bridge against).
    @Test func TheCatalogsBridges_AreThePagesBridges_InItsOrder() throws {
        let script = try String(contentsOf: Self.root.appendingPathComponent("Public/host-report.js"), encoding: .utf8)
        let body = try #require(script.range(of: "const BRIDGES = [").map { script[$0.upperBound...] })
        let list = try #require(body.range(of: "\n];").map { body[..<$0.lowerBound] })
        let names = list.split(separator: "\n").compactMap { line -> String? in
            let text = line.trimmingCharacters(in: .whitespaces)
            guard text.hasPrefix("['"), let end = text.dropFirst(2).firstIndex(of: "'") else { return nil }
            return String(text[text.index(text.startIndex, offsetBy: 2)..<end])
        }
        #expect(names == HostReport.bridges.map(\.name))
        let field = try #require(Catalog.standard.probe(id: HostReport.probe)?.observed.first { $0.name == "bridge" })
        #expect(field.values == HostReport.bridgeValues)
        #expect(Set(HostClaim.bridgeEvidence.keys) == Set(HostReport.bridges.map(\.name)))
    }

    @Test func AWebviewFlutterReport_ThroughItsChannel_IsAcceptedAndSettlesItsItems() throws {
        let report = try JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: Self.root.appendingPathComponent("companions/fixtures/webview_flutter-android.json")))
        // The result decoder takes the bridge's name (observed.bridge's values).
        var posted = try JSONDecoder().decode(JSONValue.self, from: Data(try Self.posted(report)))
        if case .object(var result) = posted, case .object(var observed) = result["observed"] {
            observed["bridge"] = "webview_flutter"
            result["observed"] = .object(observed)
            posted = .object(result)
        }
        let decoded = try ResultDecoder().decode(Array(try JSONEncoder().encode(posted)))
        #expect(decoded.string("bridge") == "webview_flutter")
        // env.injected saw the channel's window.ProbeHost: the report is weighed, not set aside.
        let results = Run.healthy(.androidWebView, replacing: "env.injected", with: ["patchedNatives": [], "unexpectedGlobals": [], "bridgeObjects": ["ProbeHost"]])
            .filter { $0.probe != HostReport.probe } + [Self.hostResult(report, bridge: "webview_flutter")]
        let run = Run.report(.androidWebView, results)
        let finding = try #require(run.finding(HostReport.probe))
        #expect(finding.verdict == .info, "\(finding.observed) \(finding.diagnosis ?? "")")
        #expect(finding.observed == "host report through webview_flutter android, webview_flutter: 5 fact(s)")
        // Without the channel on the page, the same report settles nothing.
        let unseen = Run.report(.androidWebView, Run.healthy(.androidWebView).filter { $0.probe != HostReport.probe } + [Self.hostResult(report, bridge: "webview_flutter")])
        #expect(unseen.finding(HostReport.probe)?.verdict == .warn)
        #expect(!unseen.coverage.items.contains { $0.source == .hostReport })
    }

    @Test func HostReport_WithAFactOfTheWrongType_IsRefusedNamingTheFactsValue() throws {
        let bad = Self.report("android", ["javaScriptEnabled": Self.fact("yes")])
        #expect(throws: ResultDecodingError(path: "observed.report.facts.javaScriptEnabled.value", problem: "expected a boolean, got a string")) {
            try ResultDecoder().decode(try Self.posted(bad))
        }
    }

    @Test func HostReport_OfAnotherSchema_IsRefusedNamingTheOneThisServerReads() throws {
        let other = JSONValue.object(["schema": "probe-server.host-report/2", "host": .object(["platform": "ios"]), "facts": .object([:])])
        do {
            _ = try ResultDecoder().decode(try Self.posted(other))
            Issue.record("a report of another schema was accepted")
        } catch let error as ResultDecodingError {
            #expect(error.path == "observed.report.schema")
            #expect(error.problem.contains(HostReport.schema))
        }
    }

    @Test func HostFact_WithoutHow_IsRefused_AndAnUnknownFactIsKept() throws {
        let noHow = Self.report("ios", ["cameraAuthorization": .object(["value": "authorized"])])
        #expect(HostReport.problem(inReport: noHow)?.field == "facts.cameraAuthorization.how")
        let unknown = Self.report("ios", ["someFutureFact": Self.fact(42)])
        #expect(HostReport.problem(inReport: unknown) == nil)
        let outOfRange = Self.report("ios", ["cameraAuthorization": Self.fact("granted")])
        #expect(HostReport.problem(inReport: outOfRange)?.field == "facts.cameraAuthorization.value")
    }

    @Test func NoHostReport_ChangesNothing_AndIsInformationOnly() {
        let healthy = Self.healthy(.iosWKWebView)
        let without = Run.report(.iosWKWebView, healthy)
        let unanswered = Run.report(.iosWKWebView, healthy + [Self.hostResult(nil)])
        #expect(unanswered.coverage == without.coverage)
        #expect(unanswered.verdict == without.verdict)
        let finding = unanswered.finding(HostReport.probe)
        #expect(finding?.verdict == .info)
        #expect(finding?.observed.contains("no host report") == true)
    }

    // MARK: the checklist

    @Test func HostReport_VerifiesTheItemsThePageCouldOnlyInferOrAsk_AsVerifiedByTheHost() throws {
        let host = Self.report("ios", [
            "cameraUsageDescription": Self.fact("Scan your ID"),
            "photoLibraryUsageDescription": Self.fact("Pick a photo of your ID"),
            "cameraAuthorization": Self.fact("authorized"),
            "uiDelegate": Self.fact(true),
            "dataStorePersistent": Self.fact(true),
        ])
        var results = Self.healthy(.iosWKWebView).filter { $0.probe != "storage.relaunch" && $0.probe != "operator.checklist" }
        results.append(Self.hostResult(host))
        let without = Run.report(.iosWKWebView, results.dropLast())
        let with = Run.report(.iosWKWebView, results)
        for id in ["ios.plist.camera", "ios.plist.photos", "ios.appCameraPermission", "ios.uiDelegate", "ios.dataStore"] {
            let item = try #require(with.coverage.item(id))
            #expect(item.status == .verified, "\(id): \(item.status) \(item.evidence)")
            #expect(item.source == .hostReport, "\(id)")
            #expect(item.evidence.contains("host report:"))
            #expect(without.coverage.item(id)?.source == nil)
        }
        #expect(without.coverage.item("ios.plist.photos")?.status == .notObservable)
        #expect(without.coverage.item("ios.appCameraPermission")?.status == .unconfirmed)
        #expect(with.coverage.item("ios.plist.camera")?.evidence.hasPrefix("host report: cameraUsageDescription = \"Scan your ID\"") == true)
        #expect(with.coverage.counts["verified"]! > without.coverage.counts["verified"]!)
    }

    @Test func HostReport_WithoutTheUsageDescription_FailsTheItem_AndHoldsBackReady() {
        let host = Self.report("ios", ["photoLibraryUsageDescription": Self.fact(.null)])
        let report = Run.report(.iosWKWebView, Self.healthy(.iosWKWebView) + [Self.hostResult(host)])
        #expect(report.coverage.item("ios.plist.photos")?.status == .failed)
        #expect(report.coverage.item("ios.plist.photos")?.source == .hostReport)
        #expect(report.verdict == .notReady)
        #expect(report.reason(.hostReportFails)?.ids == ["ios.plist.photos"])
        #expect(report.verdictReasons.contains { $0.hasPrefix("1 checklist item the host report fails: ") && !$0.contains("ios.plist.photos") })
    }

    @Test func ProbesThatFailed_KeepTheirVerdict_WhatTheHostSays() {
        var results = Self.healthy(.androidWebView)
        results.removeAll { $0.probe == "storage.local" }
        results.append(Run.result("storage.local", ["available": false, "writeReadRemove": false], status: .fail))
        results.append(Self.hostResult(Self.report("android", ["domStorageEnabled": Self.fact(true)]), bridge: "android"))
        let report = Run.report(.androidWebView, results)
        let item = report.coverage.item("android.domStorageEnabled")
        #expect(item?.status == .failed)
        #expect(item?.source == nil)
        #expect(item?.evidence.contains("host report: domStorageEnabled = true") == true)
    }

    // MARK: the causes

    @Test func FastNotAllowedError_OnIOS_WithTheOSAuthorizationDenied_IsSettledAsTheOSLayer() throws {
        let host = Self.answered(Self.report("ios", ["cameraAuthorization": Self.fact("denied", "AVCaptureDevice.authorizationStatus(for: .video)")]))
        let finding = Run.finding(.iosWKWebView, Self.fastDenial, others: host)
        #expect(finding.causes.map(\.id) == ["ios.camera.settings-denied"])
        #expect(finding.causes.first?.likelihood == .conclusive)
        #expect(finding.causes.first?.evidence.supporting.first?.contains("cameraAuthorization = \"denied\"") == true)
        #expect(finding.diagnosis?.contains("does not tell these apart") == false)
        #expect(finding.layer == .userOrOS)
    }

    @Test func FastNotAllowedError_OnIOS_WithTheOSAuthorizationGranted_LeavesTheDelegate() {
        let host = Self.answered(Self.report("ios", ["cameraAuthorization": Self.fact("authorized"), "mediaCaptureHandler": Self.fact(true)]))
        let finding = Run.finding(.iosWKWebView, Self.fastDenial, others: host)
        #expect(finding.causes.leading.map(\.id) == ["ios.camera.delegate-denied"])
        #expect(!finding.causes.contains { $0.id == "ios.camera.settings-denied" })
        #expect(finding.layer == .webView)
        // Without the report, both layers stand.
        #expect(Run.finding(.iosWKWebView, Self.fastDenial).causes.leading.count == 2)
    }

    @Test func FastDenial_OnAndroid_WithoutAnOnPermissionRequest_IsSettledAsTheHandler() {
        let host = Self.answered(Self.report("android", ["mediaCaptureHandler": Self.fact(false), "cameraAuthorization": Self.fact("authorized")]), bridge: "android")
        let finding = Run.finding(.androidWebView, Self.fastDenial, others: host)
        #expect(finding.causes.map(\.id) == ["android.camera.no-permission-handler"])
        #expect(finding.causes.first?.likelihood == .conclusive)
    }

    @Test func NullLocalStorage_OnAndroid_WithDomStorageReportedOff_IsSettledAsTheSetting() {
        let storage = Run.result("storage.local", ["available": false, "writeReadRemove": false], status: .fail)
        let host = Self.answered(Self.report("android", ["domStorageEnabled": Self.fact(false)]), bridge: "android")
        let finding = Run.finding(.androidWebView, storage, others: host)
        #expect(finding.causes.first?.id == "android.dom-storage-off")
        #expect(finding.causes.first?.likelihood == .conclusive)
    }

    @Test func UnansweredChooser_OnAnOldAndroidWebView_WithTheChooserReportedMissing_IsTheMissingChooserAlone() throws {
        let accept = Run.result("file.accept", ["changeFired": false, "cancelFired": false, "fileCount": 0, "waitedMs": 20_000])
        let diff = Diff(platform: Run.detected(.androidWebView, osVersion: "9", engineVersion: "69"), requirementSet: "liveform")!
        // Without the report: the missing chooser, or a person's cancel the old engine did not signal.
        #expect(try #require(diff.report(results: [accept]).finding("file.accept")).causes.count > 1)
        let host = Self.answered(Self.report("android", ["fileChooserHandler": Self.fact(false)]), bridge: "android")
        let finding = try #require(diff.report(results: [accept] + host).finding("file.accept"))
        #expect(finding.causes.map(\.id) == ["android.no-file-chooser"])
        #expect(finding.causes.first?.likelihood == .conclusive)
        // A chooser the host says it implements is not the cause.
        let implemented = Self.answered(Self.report("android", ["fileChooserHandler": Self.fact(true)]), bridge: "android")
        #expect(try #require(diff.report(results: [accept] + implemented).finding("file.accept")).causes.contains { $0.id == "android.no-file-chooser" } == false)
    }

    // MARK: contradictions

    @Test func DomStorageReportedOn_ButLocalStorageNull_IsAContradictionOfItsOwn() throws {
        var results = Self.healthy(.androidWebView)
        results.removeAll { $0.probe == "storage.local" }
        results.append(Run.result("storage.local", ["available": false, "writeReadRemove": false], status: .fail))
        results.append(Self.hostResult(Self.report("android", ["domStorageEnabled": Self.fact(true, "webView.settings.domStorageEnabled")]), bridge: "android"))
        let report = Run.report(.androidWebView, results)
        let finding = try #require(report.finding(HostReport.probe))
        #expect(finding.verdict == .warn)
        #expect(finding.diagnosis?.contains("the host says domStorageEnabled = true (webView.settings.domStorageEnabled), but storage.local found localStorage null") == true)
        #expect(finding.causes.map(\.id) == ["host.contradiction.domStorageEnabled"])
        // The lead says what was seen; the cause says why a report and a page disagree.
        #expect(finding.diagnosis?.contains(": the host reports domStorageEnabled = true (webView.settings.domStorageEnabled) for another WebView, or before it applied it") == true)
        #expect(finding.remedy?.androidKotlin?.contains("before loadUrl") == true)
    }

    @Test func AConsistentHostReport_IsInformation_NamingItsBridge() {
        let host = Self.hostResult(Self.report("ios", ["javaScriptEnabled": Self.fact(true)]))
        let finding = Run.finding(.iosWKWebView, host, others: Self.healthy(.iosWKWebView))
        #expect(finding.verdict == .info)
        #expect(finding.observed == "host report through webkit ios, native: 1 fact(s)")
    }

    // MARK: a report the run contradicts

    /// What a forger posts to settle items: an iOS app's answers, good and bad.
    static let forgedIOS = report("ios", [
        "cameraAuthorization": fact("not-determined"), "photosAuthorization": fact("not-determined"),
        "javaScriptEnabled": fact(true), "cameraUsageDescription": fact(.null), "photoLibraryUsageDescription": fact(.null),
        "uiDelegate": fact(false), "mediaCaptureHandler": fact(false), "dataStorePersistent": fact(false),
    ])

    @Test func ForgedIOSReport_OnADesktopChromeRunWithoutABridge_SettlesNothing_AndSaysWhy() throws {
        // Desktop Chrome's own results: env.injected found no bridge at all.
        let results = Run.healthy(.desktop).filter { $0.probe != HostReport.probe }
        let without = Run.report(.desktop, results)
        let with = Run.report(.desktop, results + [Self.hostResult(Self.forgedIOS, bridge: "webkit")])
        #expect(without.verdict == .ready)
        #expect(with.verdict == without.verdict, "\(with.verdictReasons)")
        #expect(with.coverage == without.coverage)
        #expect(!with.coverage.items.contains { $0.source == .hostReport })
        let finding = try #require(with.finding(HostReport.probe))
        #expect(finding.verdict == .warn)
        #expect(finding.observed.contains("set aside, 2 contradiction(s)"), "\(finding.observed)")
        let diagnosis = finding.diagnosis ?? ""
        #expect(diagnosis.contains("the report came through the webkit bridge, but env.injected (attempt 1) found no webkit.messageHandlers.probe on the page: no bridge at all"), "\(diagnosis)")
        #expect(diagnosis.contains("the host is ios, but the run is judged as desktop"), "\(diagnosis)")
        #expect(diagnosis.contains("Open the run again in the app on the device"))
        #expect(finding.causes.map(\.id) == ["host.report.contradicts-run"])
    }

    @Test func ReportThroughABridgeThePageNeverSaw_OnTheClaimedPlatform_SettlesNothing() throws {
        // An iOS app without the snippet: the run is iOS, but no bridge was ever on the page.
        let results = Run.healthy(.iosWKWebView).filter { $0.probe != HostReport.probe }
        let report = Run.report(.iosWKWebView, results + [Self.hostResult(Self.forgedIOS, bridge: "webkit")])
        #expect(report.coverage == Run.report(.iosWKWebView, results).coverage)
        #expect(report.reason(.hostReportFails) == nil)
        let finding = try #require(report.finding(HostReport.probe))
        #expect(finding.verdict == .warn)
        #expect(finding.observed.contains("1 contradiction(s)"), "\(finding.observed)")
    }

    @Test func ReportOfAnotherPlatform_ThroughTheBridgeThePageSaw_SettlesNothing() throws {
        let forged = Self.hostResult(Self.report("ios", ["cameraAuthorization": Self.fact("not-determined")]), bridge: "android")
        let report = Run.report(.androidWebView, Self.healthy(.androidWebView) + [forged])
        #expect(report.coverage.item("android.runtime.camera")?.source == nil)
        let finding = try #require(report.finding(HostReport.probe))
        #expect(finding.verdict == .warn)
        #expect(finding.diagnosis?.contains("the host is ios, but the run is judged as android-webview") == true, "\(finding.diagnosis ?? "")")
    }

    @Test func ALaterAttemptOfEnvInjected_ListingTheBridge_DoesNotHideThePagesFirstLook() throws {
        var results = Run.healthy(.iosWKWebView).filter { $0.probe != HostReport.probe }
        results.append(Run.result("env.injected", ["patchedNatives": [], "unexpectedGlobals": [], "bridgeObjects": ["webkit.messageHandlers.probe"]], attempt: 2))
        let report = Run.report(.iosWKWebView, results + [Self.hostResult(Self.forgedIOS, bridge: "webkit")])
        #expect(!report.coverage.items.contains { $0.source == .hostReport })
        #expect(report.finding(HostReport.probe)?.diagnosis?.contains("env.injected (attempt 1)") == true)
    }

    /// A run whose page never looked for a bridge (no env.injected), or whose look names no
    /// bridge objects: nothing to weigh the report's bridge against, so it settles nothing.
    @Test(arguments: [
        ("no env.injected", nil),
        ("env.injected without bridgeObjects", ["patchedNatives": [], "unexpectedGlobals": []] as [String: JSONValue]),
    ] as [(String, [String: JSONValue]?)])
    func AReportWithNoLookForABridgeToWeighItAgainst_SettlesNothing_AndSaysWhy(_ run: String, injected: [String: JSONValue]?) throws {
        var results = Run.healthy(.iosWKWebView).filter { $0.probe != HostReport.probe && $0.probe != "env.injected" }
        if let injected { results.append(Run.result("env.injected", injected)) }
        let report = Run.report(.iosWKWebView, results + [Self.hostResult(Self.forgedIOS, bridge: "webkit")])
        #expect(!report.coverage.items.contains { $0.source == .hostReport }, "\(run)")
        #expect(report.coverage == Run.report(.iosWKWebView, results).coverage, "\(run)")
        let finding = try #require(report.finding(HostReport.probe))
        #expect(finding.verdict == .warn, "\(run)")
        #expect(finding.diagnosis?.contains("the report came through the webkit bridge, but") == true, "\(run): \(finding.diagnosis ?? "")")
        #expect(finding.causes.map(\.id) == ["host.report.contradicts-run"], "\(run)")
    }

    @Test func AConsistentReport_ThroughTheBridgeThePageSaw_SettlesItsItems() throws {
        let report = Run.report(.iosWKWebView, Self.healthy(.iosWKWebView) + [Self.hostResult(Self.forgedIOS, bridge: "webkit")])
        #expect(report.coverage.item("ios.plist.camera")?.status == .failed)
        #expect(report.coverage.item("ios.plist.camera")?.source == .hostReport)
        #expect(report.finding(HostReport.probe)?.verdict == .info)
    }

    @Test func TheExport_CarriesTheSchemaAndEveryFact() throws {
        let export = try JSONDecoder().decode(JSONValue.self, from: Data(Catalog.standard.exportJSON().utf8))
        let host = try #require(export.objectValue?["hostReport"]?.objectValue)
        #expect(host["schema"]?.stringValue == HostReport.schema)
        #expect(host["facts"]?.arrayValue?.count == HostFact.all.count)
    }
}

/// The four companions added beside the native, react-native-webview and flutter_inappwebview
/// ones (Capacitor, Cordova, webview_flutter, .NET MAUI): what each answers, posted through the
/// bridge the page looks for it by, settles the checklist items its facts decide. The run holds
/// env.injected and host.report only (the page's `?probes=host.report` runs both), so every item is one the
/// page could not settle itself.
@Suite struct WrapperCompanionReportTests {
    typealias Expected = (bridge: String, settles: [String: ChecklistCoverage.Status])

    /// Fixture → the bridge its companion answers through (companions/README.md) and each item
    /// its facts settle, as the fixture's values decide it.
    static let companions: [String: Expected] = [
        "capacitor-android.json": ("capacitor", [
            "common.permissions.camera": .verified, "common.webview.javascript": .verified, "android.manifest.camera": .verified,
            "android.runtime.camera": .verified, "android.onPermissionRequest": .verified, "android.onShowFileChooser": .verified,
            "android.webviewUpToDate": .verified, "android.javaScriptEnabled": .verified, "android.domStorageEnabled": .verified,
            // acceptThirdPartyCookies false in this fixture: the app turned off what Capacitor turns on.
            "android.cookies": .failed, "android.mediaGesture": .verified]),
        "capacitor-ios.json": ("capacitor", [
            // cameraAuthorization not-determined: the app opened the WebView without asking.
            "common.permissions.camera": .failed, "ios.appCameraPermission": .failed,
            "common.permissions.photos": .verified, "common.webview.javascript": .verified, "ios.plist.camera": .verified,
            "ios.plist.photos": .verified, "ios.appPhotosPermission": .verified, "ios.uiDelegate": .verified,
            "ios.mediaCaptureHandler": .verified, "ios.javaScript": .verified, "ios.dataStore": .verified]),
        "cordova-android.json": ("android", [
            // No CAMERA in the manifest and none granted.
            "android.manifest.camera": .failed, "android.runtime.camera": .failed,
            "common.webview.javascript": .verified, "android.onPermissionRequest": .verified, "android.onShowFileChooser": .verified,
            "android.webviewUpToDate": .verified, "android.javaScriptEnabled": .verified, "android.domStorageEnabled": .verified,
            "android.cookies": .verified, "android.mediaGesture": .verified]),
        "cordova-ios.json": ("webkit", [
            "common.permissions.camera": .verified, "common.permissions.photos": .verified, "common.webview.javascript": .verified,
            "ios.plist.camera": .verified, "ios.plist.photos": .failed, "ios.appCameraPermission": .verified,
            "ios.appPhotosPermission": .verified, "ios.uiDelegate": .verified, "ios.mediaCaptureHandler": .verified,
            "ios.javaScript": .verified, "ios.dataStore": .verified]),
        "webview_flutter-android.json": ("webview_flutter", [
            "android.onPermissionRequest": .verified, "android.onShowFileChooser": .verified, "android.mediaGesture": .verified]),
        "webview_flutter-ios.json": ("webview_flutter", ["ios.mediaCaptureHandler": .verified]),
        "maui-android.json": ("android", [
            "common.permissions.camera": .verified, "common.webview.javascript": .verified, "android.manifest.camera": .verified,
            "android.runtime.camera": .verified, "android.onShowFileChooser": .verified, "android.webviewUpToDate": .verified,
            "android.javaScriptEnabled": .verified, "android.domStorageEnabled": .verified,
            // MauiWebChromeClient has no onPermissionRequest; the WebView's defaults stand.
            "android.onPermissionRequest": .failed, "android.cookies": .failed, "android.mediaGesture": .failed]),
        "maui-ios.json": ("webkit", [
            "common.permissions.camera": .verified, "common.permissions.photos": .failed, "common.webview.javascript": .verified,
            "ios.plist.camera": .verified, "ios.plist.photos": .verified, "ios.appCameraPermission": .verified,
            "ios.appPhotosPermission": .failed, "ios.uiDelegate": .verified, "ios.mediaCaptureHandler": .failed,
            "ios.javaScript": .verified, "ios.dataStore": .verified]),
    ]

    static func report(_ name: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: HostReportTests.root.appendingPathComponent("companions/fixtures/\(name)")))
    }

    /// env.injected listing `seen` (the page's first look), then the companion's answer through `bridge`.
    static func run(_ name: String, bridge: String, seen: String?) throws -> DiffReport {
        let platform: Platform = name.hasSuffix("-ios.json") ? .iosWKWebView : .androidWebView
        let objects: [JSONValue] = seen.map { [.string($0)] } ?? []
        let results = [Run.result("env.injected", ["patchedNatives": [], "unexpectedGlobals": [], "bridgeObjects": .array(objects)]),
                       HostReportTests.hostResult(try report(name), bridge: bridge)]
        return Run.report(platform, results)
    }

    @Test func EveryNewerWrapper_HasACompanionOnBothPlatforms() {
        let wrappers = Set(Self.companions.keys.map { String($0.prefix { $0 != "-" }) })
        #expect(wrappers == ["capacitor", "cordova", "webview_flutter", "maui"])
        #expect(Set(Self.companions.keys).isSubset(of: HostReportTests.fixtures.keys))
        #expect(Self.companions.count == 8)
    }

    @Test(arguments: companions.keys.sorted())
    func CompanionReport_ThroughItsBridge_SettlesItsChecklistItems(name: String) throws {
        let expected = try #require(Self.companions[name])
        let injected = try #require(HostReport.bridges.first { $0.name == expected.bridge }?.injected)
        let run = try Self.run(name, bridge: expected.bridge, seen: injected)
        let finding = try #require(run.finding(HostReport.probe))
        #expect(finding.verdict == .info, "\(name): \(finding.observed) \(finding.diagnosis ?? "")")
        #expect(finding.observed.hasPrefix("host report through \(expected.bridge) "), "\(name): \(finding.observed)")
        let settled = Dictionary(uniqueKeysWithValues: run.coverage.items.filter { $0.source == .hostReport }.map { ($0.id, $0.status) })
        #expect(settled == expected.settles, "\(name): settled \(settled.sorted { $0.key < $1.key })")
        // Each settled item says which fact, read with which of the companion's APIs, settled it.
        for item in run.coverage.items where item.source == .hostReport {
            #expect(item.evidence.hasPrefix("host report: "), "\(name) \(item.id): \(item.evidence)")
        }
    }

    /// The same answer, through a bridge env.injected never saw, settles nothing: a page could
    /// forge it. The check above is not settling whatever arrives.
    @Test(arguments: companions.keys.sorted())
    func CompanionReport_ThroughABridgeThePageNeverSaw_SettlesNothing(name: String) throws {
        let expected = try #require(Self.companions[name])
        let run = try Self.run(name, bridge: expected.bridge, seen: nil)
        #expect(!run.coverage.items.contains { $0.source == .hostReport })
        #expect(run.finding(HostReport.probe)?.verdict == .warn)
    }

    /// `HostFact.apis` names, for each newer wrapper, the API its companion reads each fact with.
    @Test(arguments: companions.keys.sorted())
    func HostFactAPIs_NameEveryReadOfTheCompanion(name: String) throws {
        let document = try #require(HostReportDocument(HostReportTests.hostResult(try Self.report(name))))
        let label = HostFact.wrapperReads.map(\.on).first { on in
            let wrapper = name.prefix { $0 != "-" }
            let platform = name.hasSuffix("-ios.json") ? "iOS" : "Android"
            return on.hasSuffix(" " + platform) && ["capacitor": "Capacitor", "cordova": "Cordova", "webview_flutter": "webview_flutter", "maui": ".NET MAUI"][String(wrapper)].map { on.hasPrefix($0 + " ") } == true
        }
        let on = try #require(label, "\(name): no wrapper entry")
        for (fact, read) in document.facts {
            let apis = HostFact.named(fact)?.apis ?? []
            #expect(apis.contains { $0.on == on && $0.how == read.how }, "\(name): \(fact) read with \"\(read.how)\" is not among \(fact)'s APIs for \(on)")
        }
    }
}
