import Foundation
import Testing
@testable import ProbeCatalog

/// Absence is evidence: a run whose results stop after a step's start marker gets a
/// finding for that step, judged with the time passed in (the diff has no clock).
@Suite struct StalledRunTests {
    static let start = Date(timeIntervalSince1970: 2_000_000)
    static let marker = Run.result(StepMarker.probe, [StepMarker.stepField: "camera.getUserMedia", StepMarker.stepAttemptField: 1])

    static func clock(after seconds: Double, completed: Bool = false) -> RunClock {
        RunClock(now: start.addingTimeInterval(seconds), lastActivity: start, completed: completed)
    }

    static func report(_ platform: Platform, _ results: [ProbeResult], _ clock: RunClock?) -> DiffReport {
        Diff(platform: Run.detected(platform), requirementSet: "liveform")!.report(results: results, clock: clock)
    }

    @Test func RunKilledAtTheCameraStep_OnIOS_NamesTheUsageDescription() throws {
        let report = Self.report(.iosWKWebView, [Self.marker], Self.clock(after: Diff.stalledStepSeconds))
        let finding = try #require(report.finding("camera.getUserMedia"))
        #expect(finding.verdict == .fail)
        #expect(finding.causes.first?.id == "ios.camera.no-usage-description")
        #expect(finding.causes.first?.source == PlatformSource.cameraUsageDescription)
        #expect(finding.diagnosis?.contains("NSCameraUsageDescription") == true)
        #expect(finding.causes.contains { $0.id == "app.navigated-away" })
        #expect(finding.remedy?.iosSwift?.contains("NSCameraUsageDescription") == true)
        #expect(report.verdictReasons.first?.hasPrefix("stopped at Camera access") == true)
        #expect(report.reasons.first?.ids == ["camera.getUserMedia"])
    }

    @Test func RunStoppedAtTheCameraStep_OnAndroid_NamesTheRendererAndTheNavigation_NotTheUsageDescription() throws {
        let finding = try #require(Self.report(.androidWebView, [Self.marker], Self.clock(after: 90)).finding("camera.getUserMedia"))
        #expect(finding.causes.contains { $0.id == "android.renderer-gone" })
        #expect(!finding.causes.contains { $0.id.hasPrefix("ios.") })
    }

    @Test func SilenceShorterThanTheThreshold_IsNotAStop() {
        let report = Self.report(.iosWKWebView, [Self.marker], Self.clock(after: Diff.stalledStepSeconds - 1))
        #expect(report.finding("camera.getUserMedia")?.verdict == .notRun)
    }

    @Test func CompletedRun_OrAStepThatEnded_OrNoClock_IsNotAStop() {
        #expect(Self.report(.iosWKWebView, [Self.marker], Self.clock(after: 600, completed: true)).finding("camera.getUserMedia")?.verdict == .notRun)
        #expect(Self.report(.iosWKWebView, [Self.marker], nil).finding("camera.getUserMedia")?.verdict == .notRun)
        let ended = Run.result("camera.getUserMedia", ["outcome": "granted", "elapsedMs": 400, "promptShown": true])
        #expect(Self.report(.iosWKWebView, [Self.marker, ended], Self.clock(after: 600)).finding("camera.getUserMedia")?.verdict == .pass)
    }

    @Test func StepMarker_IsNotAResultOfTheProbe_NorAnUnknownProbe() {
        let report = Self.report(.iosWKWebView, Run.healthy(.iosWKWebView) + [Self.marker], nil)
        #expect(report.unknownProbes.isEmpty)
        #expect(!report.findings.contains { $0.probe == StepMarker.probe })
        #expect(report.finding("camera.getUserMedia")?.verdict == .pass)
    }

    @Test func StalledStepThreshold_IsAtMostAMinute() {
        #expect(Diff.stalledStepSeconds <= 60)
    }

    @Test func ResultDecoder_AcceptsTheMarker_AndRefusesOneForAStepWithoutIt() throws {
        let good = #"{"run":"r","probe":"step.started","attempt":2,"status":"info","observed":{"step":"file.capture","stepAttempt":1},"elapsedMs":0,"at":"2026-12-01T09:00:00Z"}"#
        let marker = try ResultDecoder().decode(Array(good.utf8))
        #expect(StepMarker.isMarker(marker))
        let bad = good.replacingOccurrences(of: "file.capture", with: "storage.local")
        #expect(throws: ResultDecodingError.self) { try ResultDecoder().decode(Array(bad.utf8)) }
        let missing = good.replacingOccurrences(of: #""step":"file.capture","#, with: "")
        #expect(throws: ResultDecodingError.self) { try ResultDecoder().decode(Array(missing.utf8)) }
    }
}
