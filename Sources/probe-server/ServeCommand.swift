#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ProbeServer

/// `probe-server serve`: run the server until SIGINT or SIGTERM.
enum ServeCommand {
    static let abstract = "Serve the probe page over HTTPS and collect results (the default command)."

    static let options: [Arguments.Option] = [
        .init(long: "host", short: nil, valueName: "ADDRESS", help: "Address to listen on (default :: = every interface, IPv6 and IPv4)."),
        .init(long: "port", short: "p", valueName: "PORT", help: "HTTPS port of the probe page (default 8443; 0 picks a free one)."),
        .init(long: "second-port", short: nil, valueName: "PORT|off", help: "Port of the second origin for cross-origin probes (default: port + 1)."),
        .init(long: "setup-port", short: nil, valueName: "PORT|off", help: "Plain-HTTP port for /setup and the mixed-content probe (default 8080, else the next free one up to 8099; off with --http)."),
        .init(long: "public", short: nil, valueName: "DIR", help: "Folder of the page (default: Public/ of the checkout)."),
        .init(long: "data-dir", short: "d", valueName: "DIR", help: "Runs, results, certificates and the token (default ./probe-data)."),
        .init(long: "store", short: nil, valueName: "sqlite|URL", help: "Where runs are kept: sqlite (default, in the data folder) or postgres://user@host/db, shared by several instances (default: $PROBE_STORE)."),
        .init(long: "http", short: nil, valueName: nil, help: "Serve plain HTTP, for running behind a TLS-terminating proxy."),
        .init(long: "cert", short: nil, valueName: "FILE", help: "Certificate chain (PEM) to use instead of the local CA; needs --key."),
        .init(long: "key", short: nil, valueName: "FILE", help: "Private key (PEM) of --cert."),
        .init(long: "trust-proxy", short: nil, valueName: "CIDR[,CIDR]", help: "Honour X-Forwarded-Proto/For/Host from these addresses only."),
        .init(long: "hsts", short: nil, valueName: "SECONDS", help: "Send Strict-Transport-Security with this max-age (default: none)."),
        .init(long: "app-link", short: nil, valueName: "TEMPLATE", help: "Make the QR code open your app, e.g. myapp://webview?url={url}."),
        .init(long: "token", short: nil, valueName: "TOKEN", help: "Access token for listing and deleting runs (default: $PROBE_TOKEN, else generated)."),
        .init(long: "keep-days", short: nil, valueName: "N", help: "Delete runs not seen for N days, with their uploads."),
        .init(long: "max-store", short: nil, valueName: "SIZE", help: "Largest store (database and uploads), e.g. 512M, 4G (default 1G); beyond it writes get 507 store_full."),
        .init(long: "runs-per-hour", short: nil, valueName: "N", help: "Runs one address may create per hour without the token (default 600)."),
        .init(long: "log-level", short: nil, valueName: "LEVEL", help: "error, warn, info (access log, default) or debug."),
        .init(long: "event-loops", short: nil, valueName: "N", help: "Event-loop threads (default: one per core)."),
        .init(long: "help", short: "h", valueName: nil, help: "Show this help."),
    ]

    static var help: String {
        """
        OVERVIEW: \(abstract)

        USAGE: probe-server serve [options]

        OPTIONS:
        \(Arguments.helpText(options))

        On first start it creates a local certificate authority and a certificate for every
        address of this machine in the data folder, and prints the probe URLs and a QR code.
        Devices trust the CA through /setup. SIGHUP reloads the certificate; Ctrl-C (SIGINT)
        or SIGTERM stops accepting, finishes in-flight requests, and exits 0.
        """
    }

    static func port(_ args: Arguments, _ name: String) throws -> (value: UInt16?, off: Bool) {
        guard let text = args.value(name) else { return (nil, false) }
        if text == "off" { return (nil, true) }
        guard let p = UInt16(text) else { throw UsageError("--\(name) must be a port from 0 to 65535 or off, got \(text)") }
        return (p, false)
    }

    static func run(_ argv: [String]) throws -> Int32 {
        let args = try Arguments(options: options, arguments: argv)
        if args.flag("help") {
            print(help)
            return 0
        }
        if let extra = args.positionals.first { throw UsageError("serve takes no argument, got \(extra)") }

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
        if let d = args.value("data-dir") { o.dataDirectory = d }
        if let text = args.value("store") ?? ProcessInfo.processInfo.environment["PROBE_STORE"], !text.isEmpty {
            guard let store = StoreLocation(text) else {
                throw UsageError("--store must be sqlite or a postgres:// URL such as postgres://probe@db.example/probe; got \(text.prefix(40))")
            }
            o.store = store
        }
        o.plainHTTP = args.flag("http")
        o.certificateFile = args.value("cert")
        o.keyFile = args.value("key")
        if (o.certificateFile == nil) != (o.keyFile == nil) { throw UsageError("--cert and --key go together") }
        if o.plainHTTP && o.certificateFile != nil { throw UsageError("--http serves plain HTTP: it takes no --cert") }
        if let cidrs = args.value("trust-proxy") {
            var ranges: [TrustedProxies.Range] = []
            for part in cidrs.split(separator: ",") {
                guard let r = TrustedProxies.Range(String(part).trimmingCharacters(in: .whitespaces)) else {
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
        if let level = args.value("log-level") {
            guard let l = LogLevel(name: level) else {
                throw UsageError("--log-level must be one of error, warn, info, debug; got \(level)")
            }
            o.logLevel = l
        }
        let logger = Logger(level: o.logLevel)

        // Signals are taken by this thread with sigwait; the loops inherit the blocked mask.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGHUP)
        pthread_sigmask(SIG_BLOCK, &signals, nil)

        let service: ProbeService
        do {
            service = try ProbeService(options: o) { router in Routes.register(into: &router) }
        } catch let error as SocketError {
            printError("probe-server: \(error)")
            return 71  // EX_OSERR
        } catch let error as PortInUse {
            printError("probe-server: \(error)")
            return 71  // EX_OSERR
        } catch {
            printError("probe-server: \(error)")
            return 73  // EX_CANTCREAT: data dir, certificates, store
        }
        printBanner(service)

        while true {
            var received: Int32 = 0
            sigwait(&signals, &received)
            if received == SIGHUP {
                do {
                    logger.info("SIGHUP: \(try service.reloadCertificates())")
                } catch {
                    logger.error("SIGHUP: the certificate was not reloaded, the old one stays: \(error)")
                }
                continue
            }
            logger.info("signal \(received): stopping")
            service.shutdown()
            logger.info("stopped")
            return 0
        }
    }

    static func printBanner(_ service: ProbeService) {
        let server = service.server
        var text = "probe-server \(ProbeService.version) listening on \(server.addresses.map(\.description).joined(separator: ", "))"
        if let p = server.port(of: "second") { text += ", second origin :\(p)" }
        if let p = server.port(of: "setup") { text += ", setup (plain HTTP) :\(p)" }
        for (name, moved) in server.movedPorts.sorted(by: { $0.key < $1.key }) {
            let option = name == "setup" ? "--setup-port" : "--second-port"
            text += "\n(port \(moved.asked) was taken, so the \(name == "setup" ? "setup port" : "second origin") is :\(moved.bound); \(option) chooses one)"
        }
        text += "\nopen the probe page at:\n" + service.probeURLs.map { "  \($0)" }.joined(separator: "\n") + "\n"
        if let qr = try? QRCode(text: service.qrTarget) {
            text += "\n" + qr.terminalText() + "  scan: \(service.qrTarget)\n"
        }
        if let certs = service.certificates {
            text += "\nlocal CA: \(certs.authorityCertificateFile) (SHA-256 \(certs.authorityFingerprint))\n"
            let setupPort = server.port(of: "setup")
            let host = service.probeURLs.first.flatMap { URL(string: $0)?.host } ?? "localhost"
            text += "devices trust it through " + (setupPort.map { "http://\(host):\($0)/setup" } ?? "/setup") + "\n"
        }
        if service.token.wasGenerated {
            text += "\naccess token (shown once; also in \(service.options.dataDirectory)/token): \(service.token.value)\n"
        }
        print(text, terminator: "")
        fflush(nil)
    }
}

func printError(_ s: String) {
    var line = s + "\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}
