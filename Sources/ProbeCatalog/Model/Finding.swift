/// One probe's outcome against the profile (docs/requirements.md#product-rules).
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

    /// Where the cause lives (docs/requirements.md#camera-getusermedia, "Two permission layers").
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

    public let probe: ProbeID
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
    /// Every known cause the evidence leaves standing, most likely first (report schema 2);
    /// `diagnosis`, `layer` and `remedy` stay for readers of schema 1.
    public let causes: [Cause]
    /// The probe whose failure this finding's follows from (`Consequence`): it keeps its
    /// verdict, but is not counted among the verdict's failures nor offered as a top remedy.
    public var consequenceOf: ProbeID? = nil
    /// Where this finding stands in the run's one order of findings to act on (1 first;
    /// `Catalog.precedes`); nil for a finding nobody must act on. Every report and the page
    /// list findings by it.
    public var rank: Int? = nil
    /// The diagnosis without the causes it names: what was observed and what the run ruled
    /// out, which a report shows above the causes it lists (`Words.diagnosis`); nil when the
    /// diagnosis is not worded from causes.
    public var lead: String? = nil

    enum CodingKeys: String, CodingKey {
        case probe, title, expectation, expected, observed, verdict, severity, diagnosis, lead, layer, remedy, checklistItems, attempt, pageStatus, causes, consequenceOf, rank
    }
}

// In an extension, so that Swift still synthesises the memberwise initializer the diff calls.
extension Finding {
    /// Reads schema 1 reports too: they have no `causes`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            probe: try c.decode(ProbeID.self, forKey: .probe), title: try c.decode(String.self, forKey: .title),
            expectation: try c.decode(Expectation.self, forKey: .expectation), expected: try c.decode(String.self, forKey: .expected),
            observed: try c.decode(String.self, forKey: .observed), verdict: try c.decode(Verdict.self, forKey: .verdict),
            severity: try c.decode(Severity.self, forKey: .severity), diagnosis: try c.decodeIfPresent(String.self, forKey: .diagnosis),
            layer: try c.decodeIfPresent(Layer.self, forKey: .layer), remedy: try c.decodeIfPresent(Remedy.self, forKey: .remedy),
            checklistItems: try c.decode([String].self, forKey: .checklistItems), attempt: try c.decodeIfPresent(Int.self, forKey: .attempt),
            pageStatus: try c.decodeIfPresent(ProbeResult.Status.self, forKey: .pageStatus),
            causes: try c.decodeIfPresent([Cause].self, forKey: .causes) ?? [])
        consequenceOf = try c.decodeIfPresent(ProbeID.self, forKey: .consequenceOf)
        rank = try c.decodeIfPresent(Int.self, forKey: .rank)
        lead = try c.decodeIfPresent(String.self, forKey: .lead)
    }
}
