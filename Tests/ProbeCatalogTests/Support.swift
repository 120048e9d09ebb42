import Foundation
@testable import ProbeCatalog

/// Builds results and runs the diff the way the server will.
enum Run {
    static let id = "run-test"

    static func result(_ probe: ProbeID, _ observed: [String: JSONValue], status: ProbeResult.Status = .info, attempt: Int = 1) -> ProbeResult {
        ProbeResult(run: id, probe: probe, attempt: attempt, status: status, observed: observed, elapsedMs: 10, at: "2026-11-30T03:00:00Z")
    }

    static func detected(_ platform: Platform, osVersion: String? = nil, engineVersion: String? = nil) -> DetectedPlatform {
        let os: String
        let engine: String
        switch platform.family {
        case .ios: os = "iOS"; engine = "WebKit"
        case .android: os = "Android"; engine = "Blink"
        case .desktop: os = "Linux"; engine = "Blink"
        }
        let defaultOS = platform.family == .ios ? "17.4" : (platform.family == .android ? "14" : nil)
        let defaultEngine = platform.family == .ios ? "17.4" : "130"
        return DetectedPlatform(
            platform: platform, os: os, osVersion: (osVersion ?? defaultOS).flatMap { Version($0) }, engine: engine,
            engineVersion: Version(engineVersion ?? defaultEngine), wrapper: nil, confidence: .high, reasons: ["test"])
    }

    static func report(
        _ platform: Platform, _ results: [ProbeResult], requirementSet: String = "liveform",
        osVersion: String? = nil, engineVersion: String? = nil, requireTaps: Bool = false
    ) -> DiffReport {
        Diff(platform: detected(platform, osVersion: osVersion, engineVersion: engineVersion), requirementSet: requirementSet)!
            .report(results: results, requireTaps: requireTaps)
    }

    static func finding(_ platform: Platform, _ result: ProbeResult, others: [ProbeResult] = [], requirementSet: String = "liveform") -> Finding {
        report(platform, [result] + others, requirementSet: requirementSet).finding(result.probe)!
    }

    /// A run in which every probe observed what a correctly configured app gives (the
    /// catalog's own healthy examples).
    static func healthy(_ platform: Platform) -> [ProbeResult] {
        HealthyRun(platform.family).results(run: id)
    }

    /// `healthy` with one probe's observed fields replaced.
    static func healthy(_ platform: Platform, replacing probe: ProbeID, with observed: [String: JSONValue]) -> [ProbeResult] {
        healthy(platform).map { $0.probe == probe ? result(probe, observed) : $0 }
    }
}
