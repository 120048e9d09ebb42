#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProbeHTTP

/// One verdict to post to one URL, kept as a file in `DATA/webhooks/` from before the
/// run's `complete` is answered until the receiver answers 2xx, so a restart resumes what
/// was pending.
struct WebhookDelivery: Codable, Sendable, Equatable {
    /// Sent as `X-Probe-Delivery`: a receiver told the same verdict twice (at least once
    /// means a lost 2xx is retried) can tell it is the same delivery. Signed.
    let id: String
    /// The judged run (nil in files an older server left); a delivery staged for a run
    /// whose verdict never reached the store is dropped at the next start.
    var run: String?
    let url: String
    /// The JSON posted, exactly as signed.
    let body: String
}

/// How a delivery is signed, so a receiver can tell it came from this server, unchanged,
/// and recently. The signed string is `v1:TIMESTAMP.DELIVERY.BODY`, HMAC-SHA256 under the
/// secret (RFC 2104), as Stripe signs its webhooks
/// (https://docs.stripe.com/webhooks#verify-manually): the timestamp (Unix seconds, new on
/// every attempt) lets a receiver refuse a captured delivery replayed later, and the
/// delivery id is covered too, so a replay cannot pass as a new delivery.
enum WebhookSignature {
    /// The scheme, in the signed string and the header value (`v1=HEX`).
    static let version = "v1"
    /// How far from its own clock a receiver should accept `X-Probe-Timestamp`: Stripe's and
    /// Slack's default (https://api.slack.com/authentication/verifying-requests-from-slack).
    /// A replay within it carries a delivery id the receiver has already seen.
    static let toleranceSeconds = 300

    static func signedBytes(timestamp: Int64, deliveryID: String, body: [UInt8]) -> [UInt8] {
        Array("\(version):\(timestamp).\(deliveryID).".utf8) + body
    }

    /// The `X-Probe-Signature` value: `v1=<hex>`.
    static func header(timestamp: Int64, deliveryID: String, body: [UInt8], secret: String) -> String {
        version + "=" + Digest.hex(Digest.hmacSHA256(key: Array(secret.utf8),
                                                     signedBytes(timestamp: timestamp, deliveryID: deliveryID, body: body)))
    }
}

/// What a webhook receives when a run is judged.
struct VerdictAnnouncement: Encodable {
    let event = "run.judged"
    let run: Run
    struct Run: Encodable {
        let id: String
        let label: String?
        let platform: String?
        let verdict: String
        let reason: String?
        let report: String
    }

    init(_ judged: JudgedRun, reportURL: String) {
        run = Run(id: judged.id, label: judged.label, platform: judged.platform, verdict: judged.verdict.rawValue,
                  reason: judged.reason, report: reportURL)
    }
}
