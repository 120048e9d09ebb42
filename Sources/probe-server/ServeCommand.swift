#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials
import ProbeServer
import ProbeHTTP
import ProbeStore
import ProbeClient

/// `probe-server serve`: run the server until SIGINT or SIGTERM.
enum ServeCommand: Command {
    static let name = "serve"
    static let summary = "Serve the probe page over HTTPS and collect results (default)."

    static let options: [Arguments.Option] = [
        .init(long: "host", short: nil, valueName: "ADDRESS", help: "Address to listen on (default :: = every interface, IPv6 and IPv4)."),
        .init(long: "port", short: "p", valueName: "PORT", help: "HTTPS port of the probe page (default 8443; 0 picks a free one)."),
        .init(long: "second-port", short: nil, valueName: "PORT|off", help: "Port of the second origin for cross-origin probes (default: port + 1)."),
        .init(long: "setup-port", short: nil, valueName: "PORT|off", help: "Plain-HTTP port for /setup and the mixed-content probe (default 8080, else the next free one up to 8099; off with --http)."),
        .init(long: "advertise", short: nil, valueName: "HOST[,HOST]", help: "Names or addresses devices reach this server by, for the certificate, the URLs and the QR code, instead of this machine's (a container's); default: $PROBE_ADVERTISE."),
        .init(long: "public", short: nil, valueName: "DIR", help: "Folder of the page (default: Public/ of the checkout)."),
        .init(long: "data-dir", short: "d", valueName: "DIR", help: "Runs, results, certificates and the token (default: $PROBE_DATA_DIR, else ./probe-data)."),
        .init(long: "store", short: nil, valueName: "sqlite|URL", help: "Where runs are kept: sqlite (default, in the data folder) or postgres://user@host/db, shared by several instances (default: $PROBE_STORE)."),
        .init(long: "http", short: nil, valueName: nil, help: "Serve plain HTTP, for running behind a TLS-terminating proxy."),
        .init(long: "cert", short: nil, valueName: "FILE", help: "Certificate chain (PEM) to use instead of the local CA; needs --key."),
        .init(long: "key", short: nil, valueName: "FILE", help: "Private key (PEM) of --cert."),
        CACommand.caDirectoryOption,
        .init(long: "trust-proxy", short: nil, valueName: "CIDR[,CIDR]", help: "Honour X-Forwarded-Proto/For/Host from these addresses only."),
        .init(long: "hsts", short: nil, valueName: "SECONDS", help: "Send Strict-Transport-Security with this max-age (default: none)."),
        .init(long: "app-link", short: nil, valueName: "TEMPLATE", help: "Make the QR code open your app, e.g. myapp://webview?url={url}."),
        .init(long: "qr", short: nil, valueName: "auto|light|dark|off", help: "QR code style: light or dark for the terminal's background; auto paints black on white in a colour terminal (default auto)."),
        .init(long: "token", short: nil, valueName: "TOKEN", help: "Access token for listing and deleting runs (default: $PROBE_TOKEN, else generated)."),
        .init(long: "keep-days", short: nil, valueName: "N", help: "Delete runs not seen for N days, with their uploads."),
        .init(long: "max-store", short: nil, valueName: "SIZE", help: "Largest store (database and uploads), e.g. 512M, 4G (default 1G); beyond it writes get 507 store_full."),
        .init(long: "runs-per-hour", short: nil, valueName: "N", help: "Runs one address may create per hour without the token (default 600)."),
        .init(long: "webhook", short: nil, valueName: "URL", help: "Post each judged run's verdict (JSON, signed) to URL; repeatable. Needs --webhook-secret."),
        .init(long: "webhook-secret", short: nil, valueName: "SECRET", help: "HMAC-SHA256 key of the X-Probe-Signature header (default: $PROBE_WEBHOOK_SECRET)."),
        .init(long: "metrics-public", short: nil, valueName: nil, help: "Serve /metrics without the token (default: the token or a read token)."),
        .init(long: "log-level", short: nil, valueName: "LEVEL", help: "error, warn, notice (default: refusals, reloads, stops), info (adds a line per request) or debug."),
        .init(long: "access-log", short: nil, valueName: "FILE|-", help: "Append one line per request to FILE (- for stderr), at any log level."),
        .init(long: "event-loops", short: nil, valueName: "N", help: "Event-loop threads (default: one per core)."),
    ]

    static let usage = ["serve [options]"]

    static let discussion = """
        It issues a certificate for every address of this machine (or the --advertise
        names) into the data folder from your local certificate authority, one per
        user (`probe-server ca`), made at the first start, and prints the probe URLs
        and a QR code. Devices trust the CA once, through /setup.
        Each completed run then prints one line: its verdict, the first reason and its
        report's URL. SIGHUP reloads the certificate; Ctrl-C (SIGINT) or SIGTERM stops
        accepting, finishes in-flight requests, and exits 0.
        """

    static let exitStatuses = [
        ExitStatusNote(ExitCode.ready, "stopped by SIGINT or SIGTERM"),
        ExitStatusNote(ExitCode.noInput, "the page folder was not found (the message lists where it looked)"),
        ExitStatusNote(ExitCode.osError, "the address cannot be bound or another process serves the port"),
        ExitStatusNote(ExitCode.cannotCreate, "the data folder, the certificates or the store cannot be set up, or the data folder is not trusted"),
    ]

    static func port(_ args: Arguments, _ name: String) throws -> (value: UInt16?, off: Bool) {
        guard let text = args.value(name) else { return (nil, false) }
        if text == "off" { return (nil, true) }
        guard let p = UInt16(text) else { throw UsageError("--\(name) must be a port from 0 to 65535 or off, got \(text)") }
        return (p, false)
    }

    static func run(_ args: Arguments) throws -> Int32 {

        let publicDir = try ServerOptions.publicDirectory(args)
        var o = ServiceOptions(publicDirectory: publicDir)
        if let host = args.value("host") { o.host = host }
        if let p = try args.int("port", UInt16.self, range: 0...65535) { o.port = p }
        let second = try port(args, "second-port")
        o.secondPort = second.value
        o.secondOriginEnabled = !second.off
        let setup = try port(args, "setup-port")
        o.setupPort = setup.value
        o.setupEnabled = !setup.off
        o.dataDirectory = ServerOptions.dataDirectory(args)
        if let text = args.value("store") ?? ProcessInfo.processInfo.environment["PROBE_STORE"], !text.isEmpty {
            guard let store = StoreLocation(text) else {
                throw UsageError("--store must be sqlite or a postgres:// URL such as postgres://probe@db.example/probe; got \(text.prefix(40))")
            }
            o.store = store
        }
        if let text = args.value("advertise") ?? ServerOptions.nonEmpty(ProcessInfo.processInfo.environment["PROBE_ADVERTISE"]) {
            do { o.advertised = try AdvertisedHosts(parsing: text) } catch { throw UsageError(error.description) }
        }
        o.plainHTTP = args.flag("http")
        o.certificateFile = args.value("cert")
        o.keyFile = args.value("key")
        if (o.certificateFile == nil) != (o.keyFile == nil) { throw UsageError("--cert and --key go together") }
        if o.plainHTTP && o.certificateFile != nil { throw UsageError("--http serves plain HTTP: it takes no --cert") }
        o.authorityDirectory = args.value("ca-dir")
        if let cidrs = args.value("trust-proxy") {
            var ranges: [TrustedProxies.Range] = []
            for part in cidrs.split(separator: ",") {
                guard let r = TrustedProxies.Range(String(part).trimming(.whitespaces)) else {
                    throw UsageError("--trust-proxy: \(part) is not an address or CIDR range such as 10.0.0.0/8")
                }
                ranges.append(r)
            }
            o.trustedProxies = TrustedProxies(ranges)
        }
        o.hstsMaxAge = try args.int("hsts", Int.self, range: 0...63_072_000)
        if let template = args.value("app-link") {
            guard template.contains("{url}") else { throw UsageError("--app-link needs {url} where the probe URL goes, e.g. myapp://webview?url={url}") }
            o.appLinkTemplate = template
        }
        o.token = args.value("token") ?? ProcessInfo.processInfo.environment["PROBE_TOKEN"]
        o.keepDays = try args.int("keep-days", Int.self, range: 1...36_500)
        o.eventLoops = try args.int("event-loops", Int.self, range: 1...256)
        if let text = args.value("max-store") {
            guard let bytes = Quotas.parseBytes(text) else {
                throw UsageError("--max-store must be a size such as 1073741824, 512M or 4G; got \(text)")
            }
            o.quotas.maxStoreBytes = bytes
        }
        if let n = try args.int("runs-per-hour", Int.self, range: 1...1_000_000) { o.quotas.runsPerAddressPerHour = n }
        o.metricsPublic = args.flag("metrics-public")
        o.webhooks = args.values("webhook")
        o.webhookSecret = args.value("webhook-secret") ?? ProcessInfo.processInfo.environment["PROBE_WEBHOOK_SECRET"]
        for url in o.webhooks {
            do { _ = try ServerURL(parsing: url) } catch { throw UsageError("--webhook: \(error)") }
        }
        if !o.webhooks.isEmpty && (o.webhookSecret ?? "").isEmpty {
            throw UsageError("--webhook needs a secret to sign with: --webhook-secret SECRET or PROBE_WEBHOOK_SECRET")
        }
        if let level = args.value("log-level") {
            guard let l = LogLevel(name: level) else {
                throw UsageError("--log-level must be one of error, warn, notice, info, debug; got \(level)")
            }
            o.logLevel = l
        }
        if let path = args.value("access-log") {
            guard !path.isEmpty else { throw UsageError("--access-log needs a file name, or - for stderr") }
            o.accessLogPath = path
        }
        let logger = Logger(level: o.logLevel)
        let qr = try qrStyle(args.value("qr") ?? "auto")

        // Signals are taken by this thread with sigwait; the loops inherit the blocked mask.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGHUP)
        pthread_sigmask(SIG_BLOCK, &signals, nil)

        // The data folder, the certificates, the store: each error says which and what to do.
        let service = try ServerStartFailure.start(o)
        printBanner(service, qr: qr)
        let style = TerminalStyle.detect(isTerminal: isatty(1) == 1, environment: ProcessInfo.processInfo.environment)
        let reportBase = service.probeURLs.first ?? "https://localhost:\(service.server.port)/"
        service.api.verdicts.listen { run in
            print(run.line(reportURL: reportBase + "runs/" + run.id, style: style))
            fflush(nil)
        }
        // On this, the main thread, whose heap malloc_trim can give back (`RunAPI.warm`).
        service.warm()

        while true {
            var received: Int32 = 0
            sigwait(&signals, &received)
            if received == SIGHUP {
                do {
                    logger.notice("SIGHUP: \(try service.reloadCertificates())")
                } catch {
                    logger.error("SIGHUP: the certificate was not reloaded, the old one stays: \(error)")
                }
                continue
            }
            logger.notice("signal \(received): stopping")
            service.shutdown()
            logger.notice("stopped")
            return ExitCode.ready
        }
    }

    /// `--qr`: nil for off. `auto` paints black on white through ANSI colours when a person
    /// watches a colour terminal (readable on a light or a dark theme); written to a file, it
    /// keeps the plain blocks for a dark background.
    static func qrStyle(_ text: String) throws -> QRCode.TerminalStyle? {
        switch text {
        case "off": return nil
        case "light": return .darkOnLight
        case "dark": return .lightOnDark
        case "auto":
            let colour = TerminalStyle.detect(isTerminal: isatty(1) == 1, environment: ProcessInfo.processInfo.environment).colour
            return colour ? .blackOnWhite : .lightOnDark
        default: throw UsageError("--qr must be auto, light, dark or off; got \(text)")
        }
    }

    static func printBanner(_ service: ProbeService, qr: QRCode.TerminalStyle?) {
        let server = service.server
        var banner = Banner(version: ProbeService.version, listening: server.addresses.map(\.description),
                            probeURLs: service.probeURLs, qrTarget: service.setupURL,
                            runsURL: (service.probeURLs.first ?? "https://localhost:\(server.port)/") + "runs")
        banner.secondPort = server.port(of: "second")
        banner.setupPort = server.port(of: "setup")
        banner.movedPorts = server.movedPorts.sorted(by: { $0.key < $1.key }).map { name, moved in
            (name: name, asked: moved.asked, bound: moved.bound, option: name == "setup" ? "--setup-port" : "--second-port")
        }
        if let certs = service.certificates {
            banner.authority = (file: certs.authorityCertificateFile, fingerprint: certs.authorityFingerprint)
        }
        let tokenFile = "\(service.options.dataDirectory)/\(AccessToken.fileName)"
        if service.token.wasGenerated {
            banner.token = .generated(value: service.token.value, file: tokenFile)
            banner.audience = .detect(isTerminal: isatty(1) == 1, fileExists: { FileManager.default.fileExists(atPath: $0) })
        } else {
            banner.token = (service.options.token ?? "").isEmpty ? .kept(file: tokenFile) : .given
        }
        print(banner.render(qr: qr), terminator: "")
        fflush(nil)
    }
}
