import Foundation
import Testing
@testable import ProbeCatalog

/// A failure that follows from another is folded under its cause: one cause, one reason,
/// one fix; the knock-on keeps its verdict and evidence.
@Suite struct ConsequenceTests {
    static let grantSteps: [ProbeID] = ["camera.frames", "camera.facing", "camera.reacquire"]

    /// Android with the WebView's handler denying the camera: the page skips the steps that
    /// need the stream (`camera-not-granted`).
    static func cameraDenied() -> [ProbeResult] {
        Run.healthy(.androidWebView, replacing: "camera.getUserMedia",
                    with: ["outcome": "error", "errorName": "NotAllowedError", "elapsedMs": 12, "promptShown": false])
            .map { grantSteps.contains($0.probe) ? ProbeResult(run: Run.id, probe: $0.probe, status: .skipped, reason: "camera-not-granted") : $0 }
    }

    /// Android with CookieManager.setAcceptCookie(false): no cookie of any kind is kept.
    static func cookiesOff() -> [ProbeResult] {
        let off: [ProbeID: [String: JSONValue]] = [
            "cookie.document": ["cookieEnabled": false, "writeRead": false],
            "cookie.server": ["setCookieSent": true, "echoed": false, "visibleToScript": false],
            "cookie.thirdParty": ["frameLoaded": true, "set": true, "readBack": false],
            "fetch.credentials": ["cookieSent": false],
            "storage.navigation": ["cookieSurvived": false, "localStorageSurvived": true],
        ]
        return Run.healthy(.androidWebView).map { result in off[result.probe].map { Run.result(result.probe, $0) } ?? result }
    }

    @Test func CameraDenied_FoldsTheStepsThatNeedTheStream_AndTheGestureItem_UnderIt() throws {
        let report = Run.report(.androidWebView, Self.cameraDenied())
        #expect(report.finding("camera.getUserMedia")?.verdict == .fail)
        #expect(report.finding("camera.getUserMedia")?.consequenceOf == nil)
        for step in Self.grantSteps {
            let finding = try #require(report.finding(step))
            #expect(finding.verdict == .skipped, "\(step) keeps its own verdict")
            #expect(finding.consequenceOf == "camera.getUserMedia", "\(step)")
        }
        let gesture = try #require(report.coverage.item("android.mediaGesture"))
        #expect(gesture.status == .failed)
        #expect(gesture.consequenceOf == "camera.getUserMedia")
        // The item that names the camera handler is the camera's own failure, not a knock-on.
        #expect(report.coverage.item("android.onPermissionRequest")?.consequenceOf == nil)
        #expect(report.verdict == .notReady)
        #expect(!report.verdictReasons.joined().contains("android.mediaGesture"), "\(report.verdictReasons)")
        #expect(!report.verdictReasons.joined().contains("Media playback"), "\(report.verdictReasons)")
    }

    @Test func AStepSkippedAfterAGrant_IsNotFolded_AndKeepsTheRunIncomplete() {
        // The camera was granted: nothing explains the skip but the skip itself.
        let results = Run.healthy(.androidWebView).map {
            $0.probe == "camera.frames" ? ProbeResult(run: Run.id, probe: $0.probe, status: .skipped, reason: "skipped-by-operator") : $0
        }
        let report = Run.report(.androidWebView, results)
        #expect(report.finding("camera.getUserMedia")?.verdict == .pass)
        #expect(report.finding("camera.frames")?.verdict == .skipped)
        #expect(report.finding("camera.frames")?.consequenceOf == nil)
        #expect(report.verdict == .incomplete)
    }

    @Test func CookiesOff_CountsOneFailure_AndOneFix() throws {
        let report = Run.report(.androidWebView, Self.cookiesOff())
        for probe: ProbeID in ["cookie.server", "cookie.thirdParty", "fetch.credentials", "storage.navigation"] {
            let finding = try #require(report.finding(probe))
            #expect(finding.verdict == .fail, "\(probe) keeps its verdict: \(finding.observed)")
            #expect(finding.consequenceOf == "cookie.document", "\(probe)")
            #expect(finding.remedy != nil, "\(probe) keeps its own evidence and fix")
        }
        #expect(report.topRemedies.map(\.probe) == ["cookie.document"], "\(report.topRemedies.map(\.probe))")
        let failedReason = try #require(report.verdictReasons.first)
        #expect(failedReason.contains("document.cookie"), "\(failedReason)")
        #expect(!failedReason.contains("Server cookie") && !failedReason.contains("Third-party"), "\(failedReason)")
    }

    @Test func AFailureOfItsOwn_IsNotFolded_EvenWhenTheCauseFailed() {
        // An HttpOnly cookie visible to script is a bridge copying cookies, not cookies being off.
        let results = Self.cookiesOff().map {
            $0.probe == "cookie.server" ? Run.result("cookie.server", ["setCookieSent": true, "echoed": false, "visibleToScript": true]) : $0
        }
        let report = Run.report(.androidWebView, results)
        #expect(report.finding("cookie.server")?.verdict == .fail)
        #expect(report.finding("cookie.server")?.consequenceOf == nil)
        #expect(report.topRemedies.map(\.probe).contains("cookie.server"))
    }

    @Test func AKnockOn_WhoseCausePassed_IsItsOwnFailure() {
        // Third-party cookies blocked while first-party cookies work: setAcceptThirdPartyCookies.
        let results = Run.healthy(.androidWebView, replacing: "cookie.thirdParty", with: ["frameLoaded": true, "set": true, "readBack": false])
        let report = Run.report(.androidWebView, results)
        #expect(report.finding("cookie.thirdParty")?.verdict == .fail)
        #expect(report.finding("cookie.thirdParty")?.consequenceOf == nil)
        #expect(report.topRemedies.first?.probe == "cookie.thirdParty")
    }

    @Test func StorageOff_FoldsSessionStorageAndTheNavigationMarker_UnderLocalStorage() {
        let off: [ProbeID: [String: JSONValue]] = [
            "storage.local": ["available": false, "writeReadRemove": false, "errorName": "SecurityError"],
            "storage.session": ["available": false, "writeReadRemove": false, "errorName": "SecurityError"],
            "storage.navigation": ["cookieSurvived": true, "localStorageSurvived": false],
        ]
        let results = Run.healthy(.androidWebView).map { result in off[result.probe].map { Run.result(result.probe, $0) } ?? result }
        let report = Run.report(.androidWebView, results)
        #expect(report.finding("storage.local")?.consequenceOf == nil)
        #expect(report.finding("storage.session")?.consequenceOf == "storage.local")
        #expect(report.finding("storage.navigation")?.consequenceOf == "storage.local")
        #expect(report.topRemedies.map(\.probe) == [.storageLocal])
    }

    @Test func EveryDeclaredCause_IsAProbeOfTheCatalog_ThatRunsFirst() {
        let order = Dictionary(uniqueKeysWithValues: Catalog.standard.probes.enumerated().map { ($1.id, $0) })
        for probe in Catalog.standard.probes {
            for consequence in probe.consequences {
                #expect(order[consequence.cause] != nil, "\(probe.id) names an unknown cause \(consequence.cause)")
                #expect((order[consequence.cause] ?? .max) < order[probe.id]!, "\(probe.id)'s cause \(consequence.cause) runs after it")
            }
        }
    }

    @Test func ConsequenceOf_IsInTheJSON_OnlyWhenSet() throws {
        let report = Run.report(.androidWebView, Self.cameraDenied())
        let data = try JSONEncoder().encode(report)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"consequenceOf\":\"camera.getUserMedia\""))
        let decoded = try JSONDecoder().decode(DiffReport.self, from: data)
        #expect(decoded == report)
        let healthy = String(decoding: try JSONEncoder().encode(Run.report(.androidWebView, Run.healthy(.androidWebView))), as: UTF8.self)
        #expect(!healthy.contains("consequenceOf"))
    }
}

/// A verdict's reasons are read by a person: titles, counted, capped; the ids stay in `reasons`.
@Suite struct VerdictReasonTests {
    @Test func AnOperatorsNo_IsSaidInTheItemsWords_NotItsId() throws {
        var answers = Checklist.operatorAnswers(true)
        answers["liveformUrlOpens"] = false
        let results = Run.healthy(.androidWebView).map { $0.probe == "operator.checklist" ? Run.result("operator.checklist", ["answers": .object(answers)]) : $0 }
        let report = Run.report(.androidWebView, results)
        let reason = try #require(report.reason(.answeredNo), "\(report.verdictReasons)")
        #expect(reason.ids == ["common.url.opens"])
        #expect(reason.text == "1 checklist item answered no: A LiveForm URL in the format https://form.argosidentity.com?pid={pid} opens successfully")
    }

    @Test func ManyStepsNotRun_AreCountedAndCapped() throws {
        let report = Run.report(.androidWebView, Run.healthy(.androidWebView).filter { $0.probe.rawValue.hasPrefix("env.") })
        let reason = try #require(report.reason(.notRun))
        #expect(reason.ids.count > VerdictReason.namesShown + 1)
        #expect(reason.text.hasPrefix("\(reason.ids.count) steps not run or skipped: localStorage, sessionStorage, "), "\(reason.text)")
        #expect(reason.text.hasSuffix(" and \(reason.ids.count - VerdictReason.namesShown) more"), "\(reason.text)")
        #expect(!reason.text.contains("storage.local"))
        let items = try #require(report.reason(.unverified))
        #expect(items.text.hasSuffix(" and \(items.ids.count - VerdictReason.itemsShown) more"), "\(items.text)")
    }

    @Test func AShortList_IsSaidWhole_WithAnAnd() {
        #expect(VerdictReason.list(["A"], cap: 2) == "A")
        #expect(VerdictReason.list(["A", "B", "C"], cap: 2) == "A, B and C")
        #expect(VerdictReason.list(["A", "B", "C", "D"], cap: 2) == "A, B and 2 more")
    }
}
