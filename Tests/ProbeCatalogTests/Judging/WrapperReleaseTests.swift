import Testing
@testable import ProbeCatalog

/// A settings row that holds for some releases of a wrapper only is ruled in or out by the
/// release the app's host report says it bundles (`host.wrapperVersion`, docs/host-report.md),
/// for any wrapper, and is named as possible, with its releases, when the run shows none.
@Suite struct WrapperReleaseTests {
    /// react-native-webview's chrome client has answered onPermissionRequest since 6.6.0; its
    /// row holds "before 6.6.0" and names the known cause `rn.android.camera.no-handler`.
    static let row = "rn.android.camera.no-handler"

    static func causes(hostVersion: String?, hostWrapper: String = "react-native-webview") throws -> [Cause] {
        var detected = Run.detected(.androidWebView)
        detected.wrapperDetection = WrapperDetection(wrapper: .reactNativeWebView, confidence: .high, evidence: ["test"])
        var host: [String: JSONValue] = ["platform": "android", "wrapper": .string(hostWrapper)]
        if let hostVersion { host["wrapperVersion"] = .string(hostVersion) }
        let report = JSONValue.object(["schema": .string(HostReport.schema), "host": .object(host), "facts": .object([:])])
        let denied = Run.result("camera.getUserMedia", ["outcome": "error", "errorName": "NotAllowedError", "elapsedMs": 12, "promptShown": false], status: .fail)
        let results = Run.healthy(.androidWebView).filter { !["camera.getUserMedia", "env.injected", HostReport.probe.rawValue].contains($0.probe.rawValue) }
            + HostReportTests.answered(report, bridge: "react-native") + [denied]
        let diff = try #require(Diff(platform: detected, requirementSet: "liveform"))
        let context = EvaluationContext(results: Diff.latestAttempts(results), platform: detected, profile: diff.profile, requirementSet: diff.requirementSet)
        #expect(context.host != nil, "the run agrees with the report: it is the one that settles")
        let probe = try #require(Catalog.standard.probe(id: "camera.getUserMedia"))
        return SettingRowJudge(probe: probe, result: denied, context: context).judge(named: []).causes
    }

    @Test func ARowForOlderReleases_IsRuledOutByTheReleaseTheHostReports() throws {
        #expect(try !Self.causes(hostVersion: "13.12.2").contains { $0.id == Self.row }, "13.12.2 is not before 6.6.0")
    }

    @Test func ARowForOlderReleases_HoldsForAReleaseInItsRange() throws {
        let cause = try #require(try Self.causes(hostVersion: "6.5.0").first { $0.id == Self.row })
        #expect(!cause.evidence.against.contains { $0.contains("which release") }, "the release is known: \(cause.evidence.against)")
    }

    @Test func WithoutAReportedRelease_TheRowStaysPossible_SayingItsReleases() throws {
        for causes in [try Self.causes(hostVersion: nil), try Self.causes(hostVersion: "13.12.2", hostWrapper: "native")] {
            let cause = try #require(causes.first { $0.id == Self.row })
            #expect(cause.evidence.against.contains("the run does not show which release the app bundles"))
            #expect(cause.evidence.supporting.contains { $0.contains("before 6.6.0 only") }, "\(cause.evidence.supporting)")
        }
    }
}
