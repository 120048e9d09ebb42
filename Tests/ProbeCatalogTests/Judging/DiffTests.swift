import Foundation
import Testing
@testable import ProbeCatalog

@Suite struct DiffTests {
    @Test(arguments: Platform.allCases)
    func HealthyRun_IsReady(platform: Platform) {
        let report = Run.report(platform, Run.healthy(platform))
        #expect(report.verdict == .ready, "\(report.verdictReasons)")
        #expect(report.findings.count == Catalog.standard.probes.count)
        #expect(report.findings.allSatisfy { $0.verdict != .fail && $0.verdict != .notRun })
        #expect(report.counts.values.reduce(0, +) == Catalog.standard.probes.count)
    }

    @Test func Findings_AreInPageOrder_WithTheProfileExpectation() {
        let report = Run.report(.androidWebView, Run.healthy(.androidWebView))
        #expect(report.findings.map(\.probe) == Catalog.standard.probes.map(\.id))
        #expect(report.finding("camera.scope")?.expectation == .security)
        #expect(report.finding("camera.scope")?.verdict == .pass)
        #expect(report.finding("camera.scope")?.checklistItems == ["android.onPermissionRequest", "ios.mediaCaptureHandler"])
    }

    @Test func AnyFailure_IsNotReady_AndItsRemedyLeadsTheTopRemedies() {
        let results = Run.healthy(.androidWebView, replacing: "camera.foreignOrigin", with: ["otherPortOutcome": "granted", "otherHostOutcome": "granted"])
        let report = Run.report(.androidWebView, results)
        #expect(report.verdict == .notReady)
        #expect(report.verdictReasons.first == "1 step failed: Camera from another origin")
        #expect(report.reasons.first?.kind == .failed)
        #expect(report.reasons.first?.ids == ["camera.foreignOrigin"])
        #expect(report.topRemedies.first?.probe == "camera.foreignOrigin")
        #expect(report.topRemedies.first?.severity == .critical)
    }

    @Test func MissingRequiredResults_AreIncomplete_AndNameTheUnverifiedItems() {
        let results = Run.healthy(.androidWebView).filter { !$0.probe.rawValue.hasPrefix("file.") }
        let report = Run.report(.androidWebView, results)
        #expect(report.verdict == .incomplete)
        #expect(report.finding("file.accept")?.verdict == .notRun)
        #expect(report.reason(.notRun)?.ids.contains("file.accept") == true)
        #expect(report.reason(.unverified)?.ids.contains("android.onShowFileChooser") == true)
        #expect(report.verdictReasons.contains { $0.contains("Pick an image") })
        #expect(report.coverage.item("android.onShowFileChooser")?.status == .unverified)
    }

    /// A healthy run as an unattended one with nobody to tap leaves it: every tap and operator
    /// step (but the camera request, which runs by itself) skipped `needs-operator`.
    static func unattendedWithoutTaps(_ platform: Platform) -> [ProbeResult] {
        let taps = Set(Catalog.standard.probes.filter { ($0.kind == .tap && !$0.autoWhenUnattended) || $0.kind == .operator }.map(\.id))
        return Run.healthy(platform).map { result in
            taps.contains(result.probe)
                ? ProbeResult(run: Run.id, probe: result.probe, status: .skipped, reason: Diff.unattendedSkipReason)
                : result
        }
    }

    @Test func UnattendedRun_WithNobodyToTap_IsReady_AndLeavesTheTapStepsToAPerson() {
        // docs/requirements.md#product-rules: `adb shell am start` of the run and nothing else. A
        // correct app is ready; the steps nobody did are said, never failed.
        let report = Run.report(.androidWebView, Self.unattendedWithoutTaps(.androidWebView))
        #expect(report.verdict == .ready, "\(report.verdictReasons)")
        #expect(!report.requireTaps)
        #expect(report.findings.filter { $0.verdict == .fail }.isEmpty)
        #expect(report.finding("file.accept")?.verdict == .skipped)
        #expect(report.finding("file.accept")?.observed == "not run (needs a person)")
        let left = report.reason(.leftToPerson)
        #expect(left?.ids.contains("file.accept") == true && left?.ids.contains("storage.relaunch") == true, "\(left?.ids ?? [])")
        #expect(report.reason(.notRun) == nil)
        // The checklist items they would have verified stay open, and the reasons say so.
        #expect(report.coverage.item("android.onShowFileChooser")?.status == .unverified)
        #expect(report.coverage.item("common.permissions.openSettings")?.status == .unconfirmed)
        #expect(report.reason(.stillOpen)?.ids.contains("android.onShowFileChooser") == true)
    }

    @Test func UnattendedRun_WithRequiredTaps_IsIncomplete_NamingTheStepsNotTapped() {
        let report = Run.report(.androidWebView, Self.unattendedWithoutTaps(.androidWebView), requireTaps: true)
        #expect(report.verdict == .incomplete)
        #expect(report.requireTaps)
        #expect(report.findings.filter { $0.verdict == .fail }.isEmpty, "skipped, never failed")
        let untapped = try! #require(report.reason(.notRun))
        // The required tap steps a farm script taps (`Catalog.isFarmTappable`); info ones (a new
        // window) do not hold a verdict back in any run.
        #expect(untapped.ids == ["file.accept", "file.cancel"], "\(untapped.ids)")
        #expect(untapped.text.hasPrefix("2 steps not tapped (taps required): "), "\(untapped.text)")
        #expect(report.reason(.unverified)?.ids.contains("android.onShowFileChooser") == true)
        // What only a person can do stays theirs, taps required or not.
        #expect(!untapped.ids.contains("file.capture") && !untapped.ids.contains("storage.relaunch"))
    }

    @Test func RequiredTaps_ThatWereTapped_LeaveTheRunReady() {
        // A farm script that tapped every farm tap: only a person's steps are left.
        let people = Set(Catalog.standard.probes.filter(\.needsPerson).map(\.id))
        let results = Run.healthy(.androidWebView).map { result in
            people.contains(result.probe)
                ? ProbeResult(run: Run.id, probe: result.probe, status: .skipped, reason: Diff.unattendedSkipReason)
                : result
        }
        let report = Run.report(.androidWebView, results, requireTaps: true)
        #expect(report.verdict == .ready, "\(report.verdictReasons)")
        #expect(report.reason(.leftToPerson)?.ids.contains("file.capture") == true)
    }

    @Test func TheUntappedRule_IsTheCatalogsFarmTapRule() {
        // Every step the rule counts under `requireTaps` is one a farm script is given to tap.
        let latest = Dictionary(uniqueKeysWithValues: Self.unattendedWithoutTaps(.androidWebView).map { ($0.probe, $0) })
        let skips = Diff.UnattendedSkips(catalog: .standard, latest: latest)
        #expect(skips.untapped == Set(Catalog.standard.probes.filter { $0.farmTap != nil }.map(\.id)))
        #expect(skips.byPerson == Set(Catalog.standard.probes.filter(\.needsPerson).map(\.id)))
        #expect(skips.untapped.isDisjoint(with: skips.byPerson))
    }

    @Test func UnattendedRun_WithOnlyAPersonsStepsLeft_IsReady_AndSaysWhatIsLeft() {
        // docs/requirements.md#product-rules: what needs a person is skipped, never failed; a farm that did every
        // step it can (taps and picks included) gets the verdict on the WebView's settings.
        let people = Set(Catalog.standard.probes.filter(\.needsPerson).map(\.id))
        let results = Run.healthy(.androidWebView).map { result in
            people.contains(result.probe)
                ? ProbeResult(run: Run.id, probe: result.probe, status: .skipped, reason: Diff.unattendedSkipReason)
                : result
        }
        let report = Run.report(.androidWebView, results)
        #expect(report.verdict == .ready, "\(report.verdictReasons)")
        #expect(report.finding("storage.relaunch")?.verdict == .skipped)
        let left = report.reason(.leftToPerson)
        #expect(left?.ids.contains("storage.relaunch") == true)
        #expect(left?.ids.contains("file.capture") == true)
        #expect(left?.text.hasPrefix("unattended, \(left?.ids.count ?? 0) steps left to a person: ") == true, "\(left?.text ?? "")")
        #expect(report.reason(.stillOpen) != nil)
        #expect(Run.report(.androidWebView, results, requireTaps: true).verdict == .ready, "a person's steps are never a farm's")
    }

    @Test func APersonSkippingAStep_IsIncomplete_EvenWhenOnlyAPersonCouldDoIt() {
        let results = Run.healthy(.androidWebView).map { result in
            result.probe == "storage.relaunch"
                ? ProbeResult(run: Run.id, probe: result.probe, status: .skipped, reason: "skipped-by-operator")
                : result
        }
        #expect(Run.report(.androidWebView, results).verdict == .incomplete)
    }

    /// The page's interim attempt, posted while offline and queued until the device was back.
    static let offlineInterim = Run.result("net.offline", ["offlineFired": true], attempt: 1)
    /// Airplane mode a moment after the previous post: the page counted that post among the
    /// queued results, and its acknowledgement before the count began.
    static let offlineCountedTwiceQueued = Run.result(
        "net.offline", ["offlineFired": true, "onlineFired": true, "queued": 2, "delivered": 1], status: .pass, attempt: 2)

    @Test func OfflineRun_WhoseQueuedResultReachedTheServer_PassesNetOffline_WhateverThePageCounted() {
        let results = Run.healthy(.androidWebView).filter { $0.probe != "net.offline" } + [Self.offlineInterim, Self.offlineCountedTwiceQueued]
        let report = Run.report(.androidWebView, results)
        #expect(report.finding("net.offline")?.verdict == .pass, "\(report.finding("net.offline")?.observed ?? "")")
        #expect(report.verdict == .ready, "\(report.verdictReasons)")
    }

    @Test func OfflineRun_WhoseQueuedResultNeverArrived_FailsNetOffline() {
        let results = Run.healthy(.androidWebView).filter { $0.probe != "net.offline" } + [Self.offlineCountedTwiceQueued]
        let report = Run.report(.androidWebView, results)
        #expect(report.finding("net.offline")?.verdict == .fail)
        #expect(report.finding("net.offline")?.diagnosis?.contains("never reached the server") == true)
    }

    @Test func AnOperatorNo_IsNotReady() {
        let results = Run.healthy(.iosWKWebView).map { result in
            result.probe == "operator.checklist"
                ? Run.result("operator.checklist", ["answers": ["openSettingsWorks": "no"]])
                : result
        }
        let report = Run.report(.iosWKWebView, results)
        #expect(report.coverage.item("common.permissions.openSettings")?.status == .failed)
        #expect(report.coverage.item("common.permissions.deniedMessage")?.status == .unconfirmed)
        #expect(report.verdict == .notReady)
    }

    @Test func FramesAfterADeniedCamera_AreNotRun() {
        let results = Run.healthy(.androidWebView)
            .filter { !["camera.frames", "camera.facing", "camera.reacquire"].contains($0.probe) }
            .map { $0.probe == "camera.getUserMedia" ? Run.result("camera.getUserMedia", ["outcome": "error", "errorName": "NotAllowedError", "elapsedMs": 5]) : $0 }
        let report = Run.report(.androidWebView, results)
        #expect(report.finding("camera.frames")?.verdict == .notRun)
        #expect(report.finding("camera.frames")?.observed.contains("after Camera access") == true)
        #expect(report.verdict == .notReady)
    }

    @Test func TheLatestAttempt_Wins() {
        var results = Run.healthy(.androidWebView)
        results.append(Run.result("storage.local", ["available": false], attempt: 2))
        #expect(Run.report(.androidWebView, results).finding("storage.local")?.verdict == .fail)
        #expect(Run.report(.androidWebView, results).finding("storage.local")?.attempt == 2)
        results.append(Run.result("storage.local", ["available": true, "writeReadRemove": true], attempt: 3))
        #expect(Run.report(.androidWebView, results).finding("storage.local")?.verdict == .pass)
    }

    @Test func WithoutObservedFields_ThePageStatusDecides() {
        #expect(Run.finding(.androidWebView, Run.result("fetch.cors", [:], status: .pass)).verdict == .pass)
        let failed = Run.finding(.androidWebView, Run.result("fetch.integrity", [:], status: .fail))
        #expect(failed.verdict == .fail)
        #expect(failed.remedy != nil)
        #expect(Run.finding(.androidWebView, Run.result("fetch.cors", [:], status: .error)).verdict == .warn)
    }

    @Test func TheVerdictComesFromObservedFields_NotThePageStatus() {
        // The page says pass, but localStorage was null: the catalog judges.
        let result = Run.result("storage.local", ["available": false], status: .pass)
        #expect(Run.finding(.androidWebView, result).verdict == .fail)
    }

    @Test func UnknownProbes_AreListed() {
        let report = Run.report(.desktop, Run.healthy(.desktop) + [Run.result("future.probe", [:])])
        #expect(report.unknownProbes == ["future.probe"])
    }

    @Test func Report_DetectsThePlatformFromEnvPlatform_AndHonoursTheOverride() throws {
        let ua = "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UD1A.230803.041; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.193 Mobile Safari/537.36"
        let results = Run.healthy(.androidWebView, replacing: "env.platform", with: ["userAgent": .string(ua), "reactNativeWebView": false])
        let report = try #require(Diff.report(results: results))
        #expect(report.platform.platform == .androidWebView)
        #expect(report.platform.engineVersion?.major == 120)
        #expect(report.verdict == .ready)
        let overridden = try #require(Diff.report(results: results, platformOverride: "rn-webview-android"))
        #expect(overridden.platform.platform == .rnWebViewAndroid)
        #expect(Diff.report(results: results, requirementSet: "nope") == nil)
        // JavaScript off: no env.platform result, so the server's User-Agent header decides.
        let noScript = [Run.result("env.script", ["noscriptBeacon": true], status: .fail)]
        let fallback = try #require(Diff.report(results: noScript, userAgent: ua))
        #expect(fallback.platform.platform == .androidWebView)
        #expect(fallback.finding("env.script")?.remedy?.androidKotlin?.contains("webView.settings.javaScriptEnabled = true") == true)
    }

    // MARK: coverage

    @Test(arguments: Platform.allCases)
    func Coverage_AccountsForEveryItem(platform: Platform) {
        let report = Run.report(platform, Run.healthy(platform))
        let coverage = report.coverage
        #expect(coverage.items.count == Catalog.standard.checklist.count)
        #expect(coverage.counts.values.reduce(0, +) == Catalog.standard.checklist.count)
        #expect(Set(coverage.counts.keys) == Set(ChecklistCoverage.Status.allCases.map(\.rawValue)))
        let applicable = Catalog.standard.checklist.filter { $0.tab.applies(to: platform) }.count
        #expect(coverage.counts["not-applicable"] == Catalog.standard.checklist.count - applicable)
        #expect(coverage.counts["failed"] == 0)
        #expect(coverage.items.allSatisfy { !$0.evidence.isEmpty })
    }

    @Test func Coverage_OnAHealthyIOSWebView_CountsEachStatus() {
        let coverage = Run.report(.iosWKWebView, Run.healthy(.iosWKWebView)).coverage
        // Common 13 + iOS 16 apply; Android 16 + React Native 8 do not. The phone asks only the
        // tester's questions: the integrator's (pid encoding, in the app's code) stays open.
        #expect(coverage.counts == [
            "verified": 14, "inferred": 2, "confirmed": 10, "failed": 0, "unverified": 0, "unconfirmed": 1,
            "not-observable": 2, "not-applicable": 24,
        ])
    }

    @Test func AGrantedCameraOnIOS_InfersNSCameraUsageDescription() {
        let granted = Run.report(.iosWKWebView, Run.healthy(.iosWKWebView)).coverage.item("ios.plist.camera")!
        #expect(granted.status == .inferred)
        #expect(granted.evidence.contains("NSCameraUsageDescription"))
        let denied = Run.healthy(.iosWKWebView, replacing: "camera.getUserMedia", with: ["outcome": "error", "errorName": "NotAllowedError", "elapsedMs": 3000])
        #expect(Run.report(.iosWKWebView, denied).coverage.item("ios.plist.camera")?.status == .unverified)
    }

    @Test func AGrantAfterAPrompt_DoesNotInferTheDelegate() {
        let prompted = Run.healthy(.iosWKWebView, replacing: "camera.getUserMedia", with: ["outcome": "granted", "elapsedMs": 2000, "promptShown": true])
        let coverage = Run.report(.iosWKWebView, prompted).coverage
        #expect(coverage.item("ios.uiDelegate")?.status == .unverified)
        #expect(coverage.item("ios.plist.camera")?.status == .inferred)
    }

    @Test func NotObservableItems_SayWhy() {
        let item = Run.report(.androidWebView, []).coverage.item("android.noFileUris")!
        #expect(item.status == .notObservable)
        #expect(item.evidence.contains("File object"))
    }

    // MARK: comparison

    @Test func ComparingTwoRuns_NamesWhatGotBetterAndWorse() {
        let before = Run.report(.androidWebView, Run.healthy(.androidWebView, replacing: "storage.local", with: ["available": false]))
        let fixed = Run.report(.androidWebView, Run.healthy(.androidWebView))
        let better = RunComparison(before: before, after: fixed)
        #expect(better.direction == .better)
        #expect(better.changes.map(\.probe) == ["storage.local"])
        #expect(better.changes.first?.before == .fail)
        #expect(better.changes.first?.after == .pass)
        #expect(better.verdictBefore == .notReady && better.verdictAfter == .ready)

        let worse = RunComparison(before: fixed, after: before)
        #expect(worse.direction == .worse)
        #expect(worse.changes.first?.diagnosisAfter?.contains("domStorageEnabled") == true)
        #expect(worse.checklistChanges.contains { $0.id == "android.domStorageEnabled" && $0.after == .failed })

        #expect(RunComparison(before: fixed, after: fixed).direction == .same)
    }

    @Test func Report_IsCodable() throws {
        let report = Run.report(.rnWebViewIOS, Run.healthy(.rnWebViewIOS))
        let data = try JSONEncoder().encode(report)
        #expect(try JSONDecoder().decode(DiffReport.self, from: data) == report)
        let comparison = RunComparison(before: report, after: report)
        #expect(try JSONDecoder().decode(RunComparison.self, from: JSONEncoder().encode(comparison)) == comparison)
    }
}

@Suite struct RemedyTests {
    @Test func Remedies_ForADevice_KeepOnlyItsWrapper() {
        let remedy = Remedy.domStorage
        #expect(remedy.relevant(to: .iosWKWebView) == Remedy(iosSwift: remedy.iosSwift, docs: remedy.docs))
        #expect(remedy.relevant(to: .rnWebViewAndroid) == Remedy(reactNative: remedy.reactNative, docs: remedy.docs))
        #expect(remedy.relevant(to: .desktop) == remedy)
    }

    @Test func AReactNativeAppsFixWithoutAJavaScriptSide_StaysInItsNativeLanguage() {
        let remedy = Remedy(iosSwift: "webView.isInspectable = true", androidKotlin: "WebView.setWebContentsDebuggingEnabled(true)")
        #expect(remedy.relevant(to: .rnWebViewAndroid) == Remedy(androidKotlin: remedy.androidKotlin))
        #expect(remedy.relevant(to: .rnWebViewIOS) == Remedy(iosSwift: remedy.iosSwift))
        #expect(remedy.relevant(to: .rnWebViewIOS).reactNative == nil, "Swift is never labelled React Native")
    }
}

@Suite struct OpenItemsTests {
    @Test func ReadyRun_WithoutOperatorAnswers_SaysWhichItemsAreStillOpen() {
        let results = Run.healthy(.androidWebView).filter { $0.probe != "operator.checklist" }
        let report = Run.report(.androidWebView, results)
        #expect(report.verdict == .ready)
        #expect(report.reason(.stillOpen)?.ids.contains("common.permissions.openSettings") == true)
        #expect(report.reason(.stillOpen)?.text.hasPrefix("\(report.reason(.stillOpen)?.ids.count ?? 0) checklist items still open: ") == true)
        #expect(report.coverage.counts["unconfirmed"] == 6)
    }
}
