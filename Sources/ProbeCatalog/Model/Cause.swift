/// One possible reason for a failing observation, as a finding carries it: where it lives,
/// how likely the evidence leaves it, what supports and what speaks against it, the check
/// that tells it from the others, its fix, and the public source of the platform fact.
public struct Cause: Sendable, Codable, Equatable {
    /// Where the cause lives. Finer than `Finding.Layer`: the two permission layers of an app
    /// WebView (the WebView's handler and the OS permission) are told apart here.
    public enum Layer: String, Sendable, Codable, CaseIterable {
        /// The page or the server: the probe itself, an insecure or opaque origin.
        case page
        /// A WebView setting the host sets (or leaves at its default).
        case webViewSetting = "webview-setting"
        /// The host's permission or chooser callback (WKUIDelegate, WebChromeClient).
        case webViewPermissionHandler = "webview-permission-handler"
        /// The OS permission of the app: the person's answer, the Settings switch, the
        /// usage description or manifest entry it depends on.
        case osPermission = "os-permission"
        /// The host app around the WebView: its lifecycle, its navigation, its process.
        case app
        /// The hardware or OS version: no camera, a busy camera, an engine too old.
        case device
        /// The network path between page and server.
        case network

        /// The coarser layer the findings of report schema 1 carry.
        public var findingLayer: Finding.Layer {
            switch self {
            case .page: return .page
            case .webViewSetting, .webViewPermissionHandler, .app: return .webView
            case .osPermission: return .userOrOS
            case .device: return .device
            case .network: return .network
            }
        }
    }

    /// How far the evidence leaves the cause standing. Ranked causes with the same
    /// likelihood are told apart by their `check`, not by their order.
    public enum Likelihood: String, Sendable, Codable, CaseIterable, Comparable {
        /// Nothing observed speaks against it and something rules the others out.
        case conclusive
        /// The evidence fits it; another cause fits as well.
        case likely
        /// It fits, but part of the evidence speaks against it.
        case possible

        var rank: Int {
            switch self {
            case .conclusive: return 2
            case .likely: return 1
            case .possible: return 0
            }
        }
        public static func < (lhs: Likelihood, rhs: Likelihood) -> Bool { lhs.rank < rhs.rank }
    }

    /// What the observation says for and against the cause, in words.
    public struct Evidence: Sendable, Codable, Equatable {
        public var supporting: [String]
        public var against: [String]

        public init(supporting: [String] = [], against: [String] = []) {
            self.supporting = supporting
            self.against = against
        }

        enum CodingKeys: String, CodingKey {
            case supporting = "for"
            case against
        }
    }

    /// A stable name (`ios.camera.tcc-denied`) so tests and scripts need not match prose.
    public let id: String
    public let layer: Layer
    public let likelihood: Likelihood
    /// The cause, in one sentence that claims no more than its layer.
    public let summary: String
    public let evidence: Evidence
    /// What to look at on the device or in the app to confirm or rule it out.
    public let check: String
    public let remedy: Remedy?
    /// The public page that states the platform fact (engine source, vendor docs, a thread
    /// where the cause was confirmed).
    public let source: String
}

extension Cause {
    /// "likely, os-permission: … — check: … — source: …", one line for text reports.
    public var reportLine: String {
        Words.causeLine(self)
    }
}

extension Array where Element == Cause {
    /// The causes the evidence leaves at the top: one when conclusive, several when not.
    public var leading: [Cause] {
        guard let best = map(\.likelihood).max() else { return [] }
        return filter { $0.likelihood == best }
    }

    /// "A; or B (check: …)" — the top cause and the others the evidence leaves standing.
    public var sentence: String? {
        guard let first else { return nil }
        let rest = dropFirst().map(\.summary)
        let checks = leading.count > 1 ? " Check: " + leading.map(\.check).joined(separator: "; ") + "." : ""
        return ([first.summary] + rest.map { "or \($0)" }).joined(separator: "; ") + checks
    }
}
