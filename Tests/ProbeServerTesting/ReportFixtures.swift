// A testing library: compiled in debug builds only. `swift build -c release` builds every
// library target of the package, and `@testable import` needs the modules compiled for
// testing, which SwiftPM does in debug (the configuration `swift test` uses).
#if DEBUG
import Foundation
import ProbeCatalog
@testable import ProbeServer
@testable import ProbeStore

/// Runs for the report tests, judged by the real catalog: a healthy run, runs with
/// findings, and runs whose every user-supplied field carries an attack.
enum ReportFixtures {
    static let runID = "report-fixture-run"
    static let created = Date(timeIntervalSince1970: 1_764_470_000)

    /// Payloads every format must neutralise: markup, attribute break-out, template
    /// syntax for client- and server-side engines, a CDATA terminator, control characters
    /// (NUL, BEL, ESC with an ANSI sequence, a C1 CSI, backspace) and Markdown syntax.
    static let hostile = "<script>alert(1)</script>\"><img src=x onerror=alert(1)>{{7*7}}${7*7}]]>\u{0}\u{7}\u{1B}[31m\u{9B}2J\u{8}|`*_[x](javascript:alert(1))"

    static func result(_ probe: ProbeID, _ observed: [String: JSONValue], status: ProbeResult.Status = .info,
                       attempt: Int = 1, elapsedMs: Double = 12, reason: String? = nil) -> ProbeResult {
        ProbeResult(run: runID, probe: probe, attempt: attempt, status: status, reason: reason, observed: observed,
                    elapsedMs: elapsedMs, at: "2026-11-30T03:00:00Z")
    }

    /// What a correctly configured Android WebView app shows on every probe (the catalog's
    /// healthy examples), with a real Android WebView user agent.
    static func healthyAndroid(userAgent: String = androidUserAgent) -> [ProbeResult] {
        HealthyRun(.android).results(run: runID, elapsedMs: 12).map { result in
            result.probe == "env.platform" ? Self.result("env.platform", ["userAgent": .string(userAgent)]) : result
        }
    }

    static let androidUserAgent =
        "Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/UQ1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.6723.86 Mobile Safari/537.36"

    /// The healthy run with the WebView layer denying the camera fast (a finding with a fix).
    static func cameraDenied(errorMessage: String = "Permission denied") -> [ProbeResult] {
        healthyAndroid().compactMap { result in
            switch result.probe {
            case "camera.getUserMedia":
                return Self.result("camera.getUserMedia", ["outcome": "error", "errorName": "NotAllowedError",
                                                           "errorMessage": .string(errorMessage), "elapsedMs": 8, "promptShown": false],
                                   status: .fail, elapsedMs: 8)
            case "camera.frames", "camera.facing", "camera.reacquire": return nil
            default: return result
            }
        }
    }

    /// The healthy run without the tap probes (an unattended run nobody tapped, `adb shell am
    /// start` and nothing else): ready, the tap steps left to a person; incomplete when its
    /// taps are required (`requireTaps`).
    static func unattended() -> [ProbeResult] {
        healthyAndroid().map { result in
            guard ["file.accept", "file.capture", "file.cancel", "file.heic", "nav.windowOpen", "nav.customScheme", "nav.returnUrl"].contains(result.probe)
            else { return result }
            return Self.result(result.probe, [:], status: .skipped, reason: "needs-operator")
        }
    }

    static func report(_ results: [ProbeResult], platform: String? = nil, requireTaps: Bool = false) -> DiffReport {
        Diff.report(results: results, platformOverride: platform, requireTaps: requireTaps)!
    }

    static func run(label: String? = "pixel-7 nightly", userAgent: String? = androidUserAgent,
                    metadata: String = #"{"appVersion":"2.4.1","deviceModel":"Pixel 7"}"#) -> RunRecord {
        RunRecord(id: runID, label: label, requirementSet: "liveform", metadata: RunMetadata(storedText: metadata), userAgent: userAgent,
                  createdAt: created, completedAt: created + 95, verdict: nil, detectedPlatform: .androidWebView)
    }

    static func records(_ results: [ProbeResult]) -> [ResultRecord] {
        results.map { result in
            let observed = (try? JSONEncoder().encode(result.observed)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
            return ResultRecord(runID: result.run, probe: result.probe.rawValue, attempt: result.attempt, status: result.status.rawValue,
                                observed: observed, elapsedMs: result.elapsedMs, at: created + 10, receivedAt: created + 11,
                                reason: result.reason)
        }
    }

    static func upload(fileName: String = "IMG_0001.jpg") -> UploadRecord {
        UploadRecord(id: "upload1", runID: runID, probe: "file.accept", fileName: fileName, declaredType: "image/jpeg",
                     sniffedType: "image/jpeg", size: 20_480, sha256: String(repeating: "ab", count: 32),
                     storedPath: "uploads/\(runID)/upload1", receivedAt: created + 30)
    }

    /// A document whose every user-supplied field is `hostile`: label, user agent,
    /// metadata keys and values, an observed error message, a file name, a probe id.
    static func hostileDocument() -> RunReportDocument {
        var results = cameraDenied(errorMessage: hostile)
        results.append(result(ProbeID(rawValue: hostile), ["x": .string(hostile)]))
        results = results.map { result in
            guard result.probe == "env.platform" else { return result }
            return Self.result("env.platform", ["userAgent": .string(hostile + " Android 14; wv) Chrome/130.0.0.0")])
        }
        let report = Self.report(results)
        let metadata = String(decoding: try! JSONEncoder().encode(JSONValue.object([hostile: .string(hostile), "deviceModel": .string(hostile)])), as: UTF8.self)
        return RunReportDocument(run: run(label: hostile, userAgent: hostile, metadata: metadata), report: report,
                                 results: records(results), uploads: [upload(fileName: hostile)], generatedAt: created + 100)
    }

    static func document(_ results: [ProbeResult], uploads: [UploadRecord] = [], requireTaps: Bool = false) -> RunReportDocument {
        RunReportDocument(run: run(), report: report(results, requireTaps: requireTaps), results: records(results), uploads: uploads,
                          generatedAt: created + 100)
    }

    /// The document of a run that has not completed (a `wait` that timed out): its first
    /// `count` results, no completion.
    static func openDocument(first count: Int) -> RunReportDocument {
        var open = run()
        open.completedAt = nil
        let results = Array(healthyAndroid().prefix(count))
        return RunReportDocument(run: open, report: report(results), results: records(results), uploads: [], generatedAt: created + 100)
    }
}
#endif
