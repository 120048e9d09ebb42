#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials

/// How a TLS client ended a handshake when it does not trust the server's certificate: the
/// most common reason a device never reaches the page ("certificates!"). The server cannot
/// see the device's trust store, only what the client did after receiving the certificate.
public enum HandshakeRefusal: Equatable, Sendable {
    /// The client sent a certificate alert (RFC 8446 §6.2): Chromium, Android and iOS send
    /// `certificate_unknown`, curl and OpenSSL `unknown_ca`.
    case alert(String)
    /// The client dropped the connection after the server's certificate, with no alert:
    /// what WebKitGTK (GnuTLS) does. Weaker evidence: a scanner can do the same.
    case hungUp

    /// The alerts a client sends about the server's certificate, by description number
    /// (RFC 8446 §6.2; 42 is TLS 1.2's `bad_certificate`, kept in TLS 1.3's registry).
    static let certificateAlerts: [UInt8: String] = [
        42: "bad_certificate", 43: "unsupported_certificate", 44: "certificate_revoked",
        45: "certificate_expired", 46: "certificate_unknown", 48: "unknown_ca",
    ]

    /// Reads a failed handshake: `peerAlert` is the alert the client sent (nil: none);
    /// `hungUpAfterHello` is true when the connection dropped once the server had answered
    /// the ClientHello (its certificate was on the wire). Nil when nothing points at the
    /// certificate (a bad ClientHello, a protocol-version alert, a port scan).
    public static func classify(peerAlert: UInt8?, hungUpAfterHello: Bool) -> HandshakeRefusal? {
        if let peerAlert {
            return certificateAlerts[peerAlert].map { .alert($0) }
        }
        return hungUpAfterHello ? .hungUp : nil
    }

    /// What the person at the device should read.
    public var explanation: String {
        switch self {
        case .alert(let name):
            return "refused the server's certificate (TLS alert \(name)): the device does not trust the local CA"
        case .hungUp:
            return "hung up after receiving the server's certificate (no alert; WebKit-based clients do this when they do not trust it)"
        }
    }
}

/// One refused handshake, as the API and the setup page show it.
public struct CertificateRefusal: Codable, Sendable, Equatable {
    public let at: Date
    /// The client's address: which device to fix.
    public let client: String
    /// The host name the client asked for (SNI), if any. Client-supplied: escape it.
    public let serverName: String?
    /// `alert` or `hung-up`.
    public let sign: String
    /// The alert's name when `sign` is `alert`.
    public let alert: String?
    public let explanation: String
    /// Set when the same address completed a handshake afterwards: a browser told to ignore
    /// certificate errors (Playwright's `ignoreHTTPSErrors`, a person clicking through the
    /// warning) sends `certificate_unknown` first and then goes on (measured: headless
    /// Chromium, nine alerts during one successful run), and a browser racing two connections
    /// drops one. It may also be another device behind the same address, so it is kept and
    /// said, not dropped: a run with no result still shows it.
    public var acceptedLater: Bool?

    public init(at: Date, client: String, serverName: String?, refusal: HandshakeRefusal) {
        self.at = at
        self.client = client
        self.serverName = serverName
        switch refusal {
        case .alert(let name): sign = "alert"; alert = name
        case .hungUp: sign = "hung-up"; alert = nil
        }
        explanation = refusal.explanation
    }
}

/// The latest refused handshakes, shared by every event loop (record) and the API (read).
public final class CertificateRefusals: @unchecked Sendable {
    /// Enough for a farm's devices retrying for a few minutes; older ones only repeat what
    /// the log already said.
    public static let capacity = 64

    private let lock = Lock()
    private var entries: [CertificateRefusal] = []

    public init() {}

    func record(client: String, serverName: String?, refusal: HandshakeRefusal, at date: Date = Date()) {
        record(CertificateRefusal(at: date, client: client, serverName: serverName, refusal: refusal))
    }

    func record(_ refusal: CertificateRefusal) {
        lock.withLock {
            entries.append(refusal)
            if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
        }
    }

    /// A client refused the certificate: kept for the API and /setup, counted, and said in
    /// the log at once (the person is looking at the terminal) — it is the usual reason a
    /// device never reaches the page.
    func handshakeRefused(client: String, serverName: String?, refusal: HandshakeRefusal,
                          metrics: ServerMetrics?, logger: Logger) {
        record(client: client, serverName: serverName, refusal: refusal)
        if case .alert = refusal { metrics?.refusedHandshake(sign: "alert") } else { metrics?.refusedHandshake(sign: "hungUp") }
        if case .alert = refusal, shouldLog(client: client) {
            logger.notice("\(client) \(refusal.explanation); open /setup on that device to install it")
        } else if case .hungUp = refusal {
            logger.debug("\(client) \(refusal.explanation)")
        }
    }

    /// A client completed a handshake: if it had refused the certificate, that is said once.
    func handshakeCompleted(client: String, logger: Logger) {
        if noteAccepted(client: client), shouldLog(client: "accepted " + client) {
            logger.notice("\(client) completed a TLS handshake after refusing the certificate: it was told to ignore certificate errors, it trusts the CA now, or it is another device at the same address")
        }
    }

    /// A client completed a handshake: what it refused before, it (or a device behind the
    /// same address) accepted since. True when that changed anything, so the caller can say so
    /// once.
    @discardableResult
    func noteAccepted(client: String) -> Bool {
        lock.withLock {
            guard !entries.isEmpty else { return false }
            var changed = false
            for i in entries.indices where entries[i].client == client && entries[i].acceptedLater == nil {
                entries[i].acceptedLater = true
                changed = true
            }
            return changed
        }
    }

    /// Whether a refusal from `client` should be logged: the first one, and then one a minute,
    /// so a client retrying (or a browser overriding the error) does not fill the terminal.
    func shouldLog(client: String, at date: Date = Date()) -> Bool {
        lock.withLock {
            if let last = lastLogged[client], date.timeIntervalSince(last) < Self.logInterval { return false }
            if lastLogged.count >= Self.capacity { lastLogged.removeAll() }
            lastLogged[client] = date
            return true
        }
    }
    private var lastLogged: [String: Date] = [:]
    /// One log line per client and minute.
    static let logInterval: TimeInterval = 60

    /// Oldest first; only those at or after `date` when given.
    public func list(since date: Date? = nil) -> [CertificateRefusal] {
        lock.withLock { date.map { d in entries.filter { $0.at >= d } } ?? entries }
    }
}
