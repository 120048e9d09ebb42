/// One probe's outcome against the profile (SPEC §4).
public struct Finding: Sendable, Codable, Equatable {
    public enum Verdict: String, Sendable, Codable, CaseIterable {
        case pass, fail, warn, info, skipped
        case notRun = "not-run"

        /// Higher is better; used by `RunComparison`.
        var rank: Int {
            switch self {
            case .fail: return 0
            case .warn: return 1
            case .notRun, .skipped: return 2
            case .info, .pass: return 3
            }
        }
    }

    public enum Severity: String, Sendable, Codable, CaseIterable, Comparable {
        case none, low, medium, high, critical
        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// Where the cause lives (seed 001 "Two permission layers").
    public enum Layer: String, Sendable, Codable {
        /// The WebView's host code: settings, delegates, chrome client.
        case webView = "webview"
        /// The person's answer or the OS setting for the app.
        case userOrOS = "user-or-os"
        /// The device: no camera, camera busy, old OS.
        case device
        /// The network path or a proxy between page and server.
        case network
        /// The page or the server (a probe bug, not the app's).
        case page
    }

    public let probe: String
    public let title: String
    public let expectation: Expectation
    public let expected: String
    /// What the page observed, in words.
    public let observed: String
    public let verdict: Verdict
    public let severity: Severity
    /// Which layer, and why; nil when there is nothing to explain.
    public let diagnosis: String?
    public let layer: Layer?
    /// Fixes per wrapper, on fail and warn only.
    public let remedy: Remedy?
    public let checklistItems: [String]
    /// The attempt the finding is based on (the latest one posted).
    public let attempt: Int?
    /// The page's own status for that attempt.
    public let pageStatus: ProbeResult.Status?
}
