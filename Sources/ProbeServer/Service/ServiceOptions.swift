import ProbeCatalog
import ProbeHTTP
import ProbeStore

/// Everything `probe-server serve` can be told, with the defaults it uses.
public struct ServiceOptions: Sendable {
    public var host = "::"
    /// 8443: the conventional alternative HTTPS port; no root needed.
    public var port: UInt16 = 8443
    /// The second origin for the cross-origin probes; nil means `port + 1` (0 stays 0).
    public var secondPort: UInt16?
    public var secondOriginEnabled = true
    /// Plain-HTTP port for `/setup`, `/ca.pem` and the mixed-content probe's `http:` target.
    /// nil means 8080 with HTTPS and none with `--http`.
    public var setupPort: UInt16?
    public var setupEnabled = true
    public var publicDirectory: String
    public var dataDirectory = "probe-data"
    /// `--store` / `PROBE_STORE`: SQLite in the data folder, or a shared PostgreSQL database.
    public var store = StoreLocation.sqlite
    public var logLevel = LogLevel.notice
    /// `--access-log FILE`: one line per request appended to FILE at any level (`-`: stderr).
    public var accessLogPath: String?
    public var eventLoops: Int?
    /// False builds the whole server (routes, store, judging, webhooks) and binds no port: a
    /// test hands requests to its router in this process (ProbeHTTPTesting's
    /// `TestTransport.router`), as HummingbirdTesting's router mode does. No listener, no event loop.
    public var listens = true
    /// Serve plain HTTP (behind a TLS-terminating proxy).
    public var plainHTTP = false
    /// A real certificate chain and key instead of the local CA.
    public var certificateFile: String?
    public var keyFile: String?
    /// `--ca-dir`: the user's CA folder; nil finds it from `PROBE_CA_DIR`, `XDG_DATA_HOME`
    /// or `HOME` (`AuthorityFolder.locate`). Read only when the local CA is used.
    public var authorityDirectory: String?
    public var trustedProxies = TrustedProxies()
    /// `--advertise` / `PROBE_ADVERTISE`: the names devices reach the server by, in place of
    /// this machine's interface addresses and host name (a container's are not reachable).
    public var advertised: AdvertisedHosts?
    /// `Strict-Transport-Security` max-age; nil sends none. Off by default: HSTS covers every
    /// port of the host, so it would upgrade the plain setup page and the mixed-content
    /// probe's `http:` target on the same name, and both must stay plain.
    public var hstsMaxAge: Int?
    /// `myapp://webview?url={url}`: what the QR code opens.
    public var appLinkTemplate: String?
    public var token: String?
    /// Purge runs not seen for this many days.
    public var keepDays: Int?
    /// `--max-store`, `--runs-per-hour`; the per-run quotas are constants of `Quotas`.
    public var quotas = Quotas()
    /// What the server knows: the probes the page runs, how results are decoded and judged.
    /// The standard catalog; a test serves one with an extra probe to prove that a
    /// declaration alone is exported, accepted and judged (docs/adding-a-probe.md).
    public var catalog: Catalog = .standard
    /// Serve `/metrics` without the token (a scraper on a private network).
    public var metricsPublic = false
    /// Where each judged run's verdict is posted (`--webhook`), and the HMAC key it is signed with.
    public var webhooks: [String] = []
    public var webhookSecret: String?
    public var limits = HTTPLimits()
    public var timeouts = HTTPTimeouts()

    public init(publicDirectory: String) {
        self.publicDirectory = publicDirectory
    }

    var resolvedSecondPort: UInt16? {
        guard secondOriginEnabled else { return nil }
        if let secondPort { return secondPort }
        return port == 0 ? 0 : (port == UInt16.max ? nil : port + 1)
    }

    var resolvedSetupPort: UInt16? {
        guard setupEnabled else { return nil }
        if let setupPort { return setupPort }
        return plainHTTP ? nil : (port == 0 ? 0 : 8080)
    }
}
