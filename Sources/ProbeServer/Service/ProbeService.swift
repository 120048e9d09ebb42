#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials
import ProbeCatalog
import ProbeHTTP
import ProbeStore

/// The assembled product: data dir, store, certificates and TLS, the HTTP server with its
/// primary origin, second origin and setup port, and the API. `probe-server serve` makes one,
/// prints its banner, and waits for signals.
public final class ProbeService: @unchecked Sendable {
    /// Query parameters whose values are credentials, hidden in the access log: the access
    /// token of `/runs?token=` and a run's write key (`?run=ID&key=`).
    public static let secretQueryParameters: Set<String> = [AccessToken.queryName, RunKey.queryName]

    public let options: ServiceOptions
    public let server: HTTPServer
    public let store: any RunStore
    public let api: RunAPI
    public let token: AccessToken
    public let certificates: LocalCertificates?
    let tls: TLSContext?
    let logger: Logger
    /// What `/metrics` reports.
    public let metrics = ServerMetrics()
    /// Posts judged runs to `--webhook` URLs (nil without one).
    public let webhooks: WebhookOutbox?
    private var purgeTimer: DispatchSourceTimer?

    public static let version = "0.2.0"

    public enum StartError: Error, CustomStringConvertible {
        case dataDirectory(String, String)
        case publicDirectory(String)
        case accessLog(String)
        public var description: String {
            switch self {
            case .dataDirectory(let path, let why): return "cannot use the data folder \(path): \(why); pass --data-dir DIR"
            case .publicDirectory(let why): return "\(why); pass --public DIR"
            case .accessLog(let why): return why
            }
        }
    }

    /// Builds everything and starts listening. Throws errors that say what to do.
    public init(options: ServiceOptions, extraRoutes: (inout Router) -> Void = { _ in }) throws {
        self.options = options
        self.logger = Logger(level: options.logLevel)
        let dataDir = options.dataDirectory
        try DataFolder(path: dataDir).prepare()
        let staticFiles: StaticFiles
        do { staticFiles = try StaticFiles(root: options.publicDirectory) } catch { throw StartError.publicDirectory("\(error)") }

        token = try AccessToken.resolve(explicit: options.token, dataDirectory: dataDir)
        if !AccessToken.isUnguessable(token.value) {
            // Said to the operator only: a 429 that said it would tell a guesser the token is short.
            logger.warning("the access token is shorter than \(AccessToken.unguessableLength) characters: wrong guesses from an address "
                + "lock it out there too (anyone who shares the address can make it 429); give --token a random one of at least "
                + "\(AccessToken.unguessableLength) (openssl rand -hex 16), or use a named token (probe-server token create)")
        }
        store = try options.store.open(dataDirectory: dataDir)
        webhooks = options.webhooks.isEmpty ? nil
            : try WebhookOutbox(urls: options.webhooks, secret: options.webhookSecret ?? "", dataDirectory: dataDir, logger: logger)

        let machineName = ProcessInfo.processInfo.hostName
        // With --advertise the machine's own name and addresses are not how devices reach it.
        let hostName = options.advertised == nil ? machineName : ""
        let addresses = options.advertised?.hosts ?? InterfaceAddresses.current()
        if options.plainHTTP {
            tls = nil
            certificates = nil
        } else if let cert = options.certificateFile, let key = options.keyFile {
            tls = try TLSContext(certificateChainFile: cert, privateKeyFile: key)
            certificates = nil
        } else {
            let prepared = try CertificateDirectory(path: dataDir)
                .prepare(hostName: machineName, addresses: addresses, advertised: options.advertised,
                         authority: try Self.authorityFolder(options))
            certificates = prepared
            if let notice = prepared.ownAuthorityNotice { logger.notice(notice) }
            for warning in prepared.warnings { logger.warning(warning) }
            tls = try TLSContext(certificateChainFile: prepared.certificateChainFile, privateKeyFile: prepared.privateKeyFile)
        }

        var config = ServerConfiguration()
        config.host = options.host
        config.port = options.port
        if let n = options.eventLoops { config.eventLoops = n }
        config.limits = options.limits
        config.timeouts = options.timeouts
        config.secretQueryParameters = Self.secretQueryParameters
        config.logLevel = options.logLevel
        if let path = options.accessLogPath { config.accessLogFD = try Self.openAccessLog(path) }
        config.trustedProxies = options.trustedProxies
        let scheme = options.plainHTTP ? "http" : "https"
        // Exact origins, never `https://*:8443`: with a wildcard host any `host:8443` on the
        // network could frame the operator steps (a `*` host matches every host:
        // https://www.w3.org/TR/CSP3/#match-hosts). The second-host origin shares the
        // primary port under another name.
        let plan = OriginPlan(hostName: hostName, addresses: addresses)
        var ports: [UInt16] = []
        if let p = options.resolvedSecondPort, p != 0 { ports.append(p) }
        if options.port != 0 { ports.append(options.port) }
        var extraOrigins = plan.exactOrigins(scheme: scheme, ports: ports)
        if let p = options.resolvedSetupPort, p != 0 { extraOrigins += plan.exactOrigins(scheme: "http", ports: [p]) }
        config.security = SecurityHeaders(extraOrigins: extraOrigins,
                                          strictTransportSecurity: options.hstsMaxAge.map { "max-age=\($0)" })
        let refusals = CertificateRefusals()
        config.certificateRefusals = refusals
        config.metrics = metrics
        if let tls {
            config.isSecure = true
            config.makeTransport = { fd in try tls.makeSession(fileDescriptor: fd) }
        }

        api = RunAPI(store: store, catalog: options.catalog, token: token,
                     origins: OriginPlan(secondPort: nil, insecurePort: nil, hostName: hostName, addresses: addresses),
                     dataDirectory: dataDir, serverVersion: Self.version, certificateRefusals: refusals,
                     quotas: options.quotas)

        var router = Router(limits: options.limits)
        api.register(into: &router)
        api.metrics = metrics
        if let webhooks {
            // Before any request: deliveries an earlier process staged for a stored verdict are sent.
            let store = self.store
            webhooks.recover { run in
                do { return try store.run(id: run)?.isAnnounced == true } catch { return nil }
            }
            webhooks.reportBase = "\(options.plainHTTP ? "http" : "https")://localhost:\(options.port)/"
            api.webhooks = webhooks
        }
        let metrics = self.metrics
        api.verdicts.listen { metrics.judged(verdict: $0.verdict.rawValue) }
        let tlsContext = tls, plain = options.plainHTTP
        HealthEndpoints(api: api, metrics: metrics, certificateLoaded: { plain || tlsContext != nil },
                        metricsPublic: options.metricsPublic).register(into: &router)
        let api = self.api
        let probeConfig = ProbeEndpointsConfig(
            origins: OriginPlan(hostName: hostName, addresses: addresses),
            primaryPort: options.port == 0 ? nil : options.port,
            onNoscriptBeacon: { run, key, request in api.recordNoscriptBeacon(run: run, key: key, request: request) })
        var withUploads = probeConfig
        withUploads.saveUpload = { u in
            try api.saveUpload(run: u.run, probe: u.probe, fileName: u.fileName, declaredType: u.declaredType,
                               sniffedType: u.sniffedType, bytes: u.bytes, sha256: u.sha256,
                               access: RunAccess(key: u.key, scope: try api.token.scope(of: u.request)), address: u.request.quotaKey)
        }
        ProbeEndpoints.register(into: &router, config: withUploads)
        QRImage.register(into: &router, config: probeConfig)
        var setupRouter = Self.setupRoutes(into: &router, certificates: certificates, options: options, refusals: refusals)
        // The mixed-content probe's `http:` targets live on the plain listener.
        ProbeEndpoints.registerInsecureTargets(into: &setupRouter, config: probeConfig)
        extraRoutes(&router)

        if let p = options.resolvedSecondPort {
            config.additionalEndpoints.append(Endpoint(name: "second", host: options.host, port: p, isSecure: tls != nil,
                                                       makeTransport: config.makeTransport, option: "--second-port",
                                                       freePortSearch: options.secondPort == nil ? Endpoint.defaultFreePortSearch : 0))
        }
        if let p = options.resolvedSetupPort {
            config.additionalEndpoints.append(Endpoint(name: "setup", host: options.host, port: p, isSecure: false,
                                                       router: setupRouter, option: "--setup-port",
                                                       freePortSearch: options.setupPort == nil ? Endpoint.defaultFreePortSearch : 0))
        }
        server = HTTPServer(configuration: config, router: router, staticFiles: staticFiles)
        if options.listens { try server.start() }
        // The ports are known only now (0 asks the kernel).
        api.origins.secondPort = server.port(of: "second")
        api.origins.insecurePort = server.port(of: "setup")
        SetupState.shared.update(page: makeSetupPage())
        startPurging()
        api.storeGauge.start()
        if let webhooks {
            webhooks.reportBase = probeURLs.first ?? "https://localhost:\(server.port)/"
            webhooks.start()
        }
    }

    /// Builds what the first page load and the first judged run need (`RunAPI.warm`), on the
    /// caller's thread: `serve` calls it on its main thread once the listeners are up and the
    /// banner is printed, so neither the start nor a device waits for it.
    public func warm() { api.warm() }

    /// The probe URLs a person can open: the first LAN address first, then localhost.
    public var probeURLs: [String] {
        let scheme = tls == nil ? "http" : "https"
        let port = server.port
        var urls: [String] = []
        let anyAddress = options.host == "::" || options.host == "0.0.0.0"
        if let advertised = options.advertised {
            urls = advertised.urls(scheme: scheme, port: port)
        } else if anyAddress {
            for a in InterfaceAddresses.reachable() where !(a.isIPv6 && options.host == "0.0.0.0") {
                urls.append(a.isIPv6 ? "\(scheme)://[\(a.ip)]:\(port)/" : "\(scheme)://\(a.ip):\(port)/")
            }
            urls.append("\(scheme)://localhost:\(port)/")
        } else {
            urls = server.addresses.map { "\(scheme)://\($0)/" }
        }
        return urls
    }

    /// What the QR code opens: the first LAN URL (or the app link wrapping it).
    public var qrTarget: String {
        let url = probeURLs.first ?? "https://localhost:\(server.port)/"
        return options.appLinkTemplate.map { SetupPage.appLink(template: $0, url: url) } ?? url
    }

    /// What the terminal's QR code opens: /setup on the setup port, plain HTTP, which a phone
    /// opens before it trusts the local CA; without that port, /setup on the probe origin.
    public var setupURL: String {
        let first = probeURLs.first ?? "https://localhost:\(server.port)/"
        guard let setup = server.port(of: "setup"), let host = URLComponents(string: first)?.host else { return first + "setup" }
        // URLComponents gives an IPv6 host without its brackets (RFC 3986 §3.2.2 needs them back).
        return "http://\(host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host):\(setup)/setup"
    }

    func makeSetupPage() -> SetupPage {
        var page = SetupPage(probeURLs: probeURLs, qrTarget: qrTarget, authorityFingerprint: certificates?.authorityFingerprint,
                             authorityName: certificates?.authorityCommonName, port: server.port, isSecure: tls != nil)
        // companions/ sits beside Public/, in a checkout and in the container image alike.
        page.deepLinks = DeepLinkSnippet.load(companions: options.publicDirectory + "/../companions")
        page.appLinkTemplate = options.appLinkTemplate
        return page
    }

    /// Re-reads the certificate files (SIGHUP). New connections get the new certificate; open
    /// ones keep theirs. With the local CA, the leaf is reissued first if addresses changed.
    public func reloadCertificates() throws -> String {
        guard let tls else { return "plain HTTP: no certificate to reload" }
        if let cert = options.certificateFile, let key = options.keyFile {
            try tls.reload(certificateChainFile: cert, privateKeyFile: key)
            return "reloaded \(cert)"
        }
        let prepared = try CertificateDirectory(path: options.dataDirectory)
            .prepare(hostName: ProcessInfo.processInfo.hostName, addresses: InterfaceAddresses.current(),
                     advertised: options.advertised, authority: try Self.authorityFolder(options))
        try tls.reload(certificateChainFile: prepared.certificateChainFile, privateKeyFile: prepared.privateKeyFile)
        prepared.warnings.forEach { logger.warning($0) }
        return prepared.reissueReason.map { "reissued the leaf certificate: \($0)" } ?? "reloaded the certificate"
    }

    /// The user's CA folder: `--ca-dir`, else where the environment puts it. Without a HOME,
    /// a data folder with a CA of its own (made by an older version) still starts: it needs none.
    static func authorityFolder(_ options: ServiceOptions) throws -> AuthorityFolder {
        do {
            return try AuthorityFolder.locate(explicit: options.authorityDirectory, environment: ProcessInfo.processInfo.environment)
        } catch {
            let data = CertificateDirectory(path: options.dataDirectory)
            guard FileManager.default.fileExists(atPath: data.authorityKeyFile) else { throw error }
            return AuthorityFolder(path: data.path)
        }
    }

    /// Stops accepting, lets requests in flight finish, then closes the store.
    public func shutdown() {
        purgeTimer?.cancel()
        webhooks?.stop()
        api.storeGauge.stop()
        server.shutdown()
        store.close()
    }

    // MARK: Purging

    /// How often `--keep-days` looks for old runs.
    static let purgeInterval: DispatchTimeInterval = .seconds(3600)

    private func startPurging() {
        guard let days = options.keepDays else { return }
        let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        timer.schedule(deadline: .now() + .seconds(5), repeating: Self.purgeInterval)
        timer.setEventHandler { [weak self] in self?.purge(olderThanDays: days) }
        timer.resume()
        purgeTimer = timer
    }

    public func purge(olderThanDays days: Int) {
        let cutoff = Date().addingTimeInterval(-Double(days) * 86_400)
        do {
            var total = 0
            while true {
                let outcome = try store.purge(olderThan: cutoff)
                UploadFiles(dataDirectory: options.dataDirectory).remove(outcome.uploadPaths)
                total += outcome.runIDs.count
                if !outcome.hasMore { break }
            }
            if total > 0 { logger.notice("purged \(total) runs not seen for \(days) days") }
        } catch {
            logger.error("purge failed: \(error)")
        }
    }

    // MARK: Setup routes

    /// `/setup`, `/ca.pem`, `/ca.mobileconfig` on the main router, and the setup port's own
    /// router: those pages, and a redirect to HTTPS for everything else.
    static func setupRoutes(
        into router: inout Router, certificates: LocalCertificates?, options: ServiceOptions, refusals: CertificateRefusals? = nil
    ) -> Router {
        var handlers: RouteHandlers = [
            APIRoute.setupPage: Router.now { req in
                // The device opening /setup is often the one whose handshake just failed: say so.
                // Alerts only: phones send one, and a bare hang-up can also be a client that
                // raced two connections and dropped the slower one.
                let refused = refusals?.list(since: Date() - SetupPage.refusalMemory)
                    .last { $0.client == req.remoteAddress && $0.sign == "alert" && $0.acceptedLater == nil }
                let route = DeviceRoute.of(remoteAddress: req.remoteAddress, forwardedFor: req.headers.combined("x-forwarded-for"),
                                           trustedProxies: options.trustedProxies)
                // The query only selects among the known wrappers; it is never echoed.
                return .html(SetupState.shared.page?.html(refusedHere: refused, route: route, wrapper: req.queryItems["wrapper"]) ?? "<p>starting</p>")
            },
            APIRoute.setupStyles: Router.now { _ in .text(SetupPage.css, contentType: "text/css; charset=utf-8") },
        ]
        if let certificates {
            handlers[APIRoute.caCertificate] = Router.now { _ in
                guard let pem = try? [UInt8](Data(contentsOf: URL(fileURLWithPath: certificates.authorityCertificateFile))) else {
                    throw HTTPError(.notFound, "the CA file is missing from the data folder; restart the server")
                }
                var resp = Response(status: .ok, headers: HTTPHeaders([("Content-Type", "application/x-pem-file")]), body: pem)
                resp.headers.add("Content-Disposition", "attachment; filename=\"probe-server-ca.pem\"")
                return resp
            }
            handlers[APIRoute.caProfile] = Router.now { _ in
                let config = MobileConfig(certificates: certificates)
                var resp = Response(status: .ok, headers: HTTPHeaders([("Content-Type", MobileConfig.contentType)]), body: config.data)
                resp.headers.add("Content-Disposition", "attachment; filename=\"\(MobileConfig.fileName)\"")
                return resp
            }
        }
        // The CA files only with the local CA (TLS without --cert).
        let routes = APIRoute.routes(of: .setup).filter { certificates != nil || !APIRoute.localCARoutes.contains($0) }
        func add(_ r: inout Router) { r.register(routes, handlers) }
        add(&router)
        var setup = Router(limits: options.limits)
        add(&setup)
        setup.get("/") { _ in .redirect(to: "/setup") }
        return setup
    }
}

/// The setup page as last built, shared by the routes (it needs the bound ports).
final class SetupState: @unchecked Sendable {
    static let shared = SetupState()
    private let lock = Lock()
    private var current: SetupPage?
    var page: SetupPage? { lock.withLock { current } }
    func update(page: SetupPage) { lock.withLock { current = page } }
}

extension ProbeService {
    /// The access log file: appended to (O_APPEND keeps lines whole when several loops write:
    /// write(2)), created 0600 since its lines hold client addresses, never through a link.
    static func openAccessLog(_ path: String) throws -> Int32 {
        if path == "-" { return 2 }
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else {
            throw StartError.accessLog("cannot open the access log \(path): \(String(cString: strerror(errno))); "
                                       + "check that its folder exists and is writable, and that it is not a symbolic link")
        }
        return fd
    }
}
