import Foundation

/// One verdict to post to one URL, kept as a file in `DATA/webhooks/` from the moment the
/// run is judged until the receiver answers 2xx, so a restart resumes what was pending.
struct WebhookDelivery: Codable, Sendable, Equatable {
    /// Sent as `X-Probe-Delivery`: a receiver told the same verdict twice (at least once
    /// means a lost 2xx is retried) can tell it is the same delivery.
    let id: String
    let url: String
    /// The JSON posted, exactly as signed.
    let body: String

    /// `sha256=<hex>` of the body under the secret, as GitHub signs its webhooks
    /// (https://docs.github.com/en/webhooks/using-webhooks/validating-webhook-deliveries).
    static func signature(body: [UInt8], secret: String) -> String {
        "sha256=" + Digest.hex(Digest.hmacSHA256(key: Array(secret.utf8), body))
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
