#if canImport(Glibc)
import Glibc
#endif
import ProbeServer

/// `probe-server serve`: run the server until SIGINT or SIGTERM.
enum ServeCommand {
    static let abstract = "Serve the probe page and collect results (the default command)."

    static let options: [Arguments.Option] = [
        .init(long: "host", short: nil, valueName: "ADDRESS", help: "Address to listen on (default :: = every interface, IPv6 and IPv4)."),
        .init(long: "port", short: "p", valueName: "PORT", help: "Port to listen on (default 8080; 0 picks a free one)."),
        .init(long: "public", short: nil, valueName: "DIR", help: "Folder of the page (default: Public/ of the checkout)."),
        .init(long: "data-dir", short: "d", valueName: "DIR", help: "Where runs, results and certificates are kept (default ./probe-data)."),
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

        On start it prints the probe URL for every address. Stop with Ctrl-C (SIGINT) or SIGTERM:
        it stops accepting, finishes in-flight requests, and exits 0.
        """
    }

    static func run(_ argv: [String]) throws -> Int32 {
        let args = try Arguments(options: options, arguments: argv)
        if args.flag("help") {
            print(help)
            return 0
        }
        if let extra = args.positionals.first { throw UsageError("serve takes no argument, got \(extra)") }

        var config = ServerConfiguration()
        if let host = args.value("host") { config.host = host }
        if let port = try args.int("port", UInt16.self, range: 0...65535) { config.port = port }
        if let loops = try args.int("event-loops", Int.self, range: 1...256) { config.eventLoops = loops }
        if let level = args.value("log-level") {
            guard let l = LogLevel(name: level) else {
                throw UsageError("--log-level must be one of error, warn, info, debug; got \(level)")
            }
            config.logLevel = l
        }
        let logger = Logger(level: config.logLevel)

        let publicDir: String
        do {
            publicDir = try args.value("public")
                ?? PublicDirectory.locate(workingDirectory: PublicDirectory.currentDirectory(),
                                          executablePath: PublicDirectory.executablePath())
        } catch {
            printError("probe-server: \(error)")
            return 66  // EX_NOINPUT
        }
        let staticFiles: StaticFiles
        do {
            staticFiles = try StaticFiles(root: publicDir)
        } catch {
            printError("probe-server: \(error); pass --public DIR")
            return 66
        }
        let dataDir = args.value("data-dir") ?? "probe-data"
        if mkdir(dataDir, 0o700) != 0 && errno != EEXIST {
            printError("probe-server: cannot create the data folder \(dataDir): \(String(cString: strerror(errno))); pass --data-dir DIR")
            return 73  // EX_CANTCREAT
        }

        let router = Routes.make(limits: config.limits)
        let server = HTTPServer(configuration: config, router: router, staticFiles: staticFiles)

        // Signals are taken by this thread with sigwait; the loops inherit the blocked mask.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGHUP)
        pthread_sigmask(SIG_BLOCK, &signals, nil)

        do {
            try server.start()
        } catch {
            printError("probe-server: \(error)")
            return 71  // EX_OSERR
        }
        printBanner(server: server, config: config, publicDir: staticFiles.root)

        while true {
            var received: Int32 = 0
            sigwait(&signals, &received)
            if received == SIGHUP {
                logger.info("SIGHUP: nothing to reload over plain HTTP")
                continue
            }
            logger.info("signal \(received): stopping (in-flight requests get \(config.shutdownGrace))")
            server.shutdown()
            logger.info("stopped")
            return 0
        }
    }

    static func printBanner(server: HTTPServer, config: ServerConfiguration, publicDir: String) {
        let port = server.port
        var urls = ["http://localhost:\(port)/"]
        let anyAddress = config.host == "::" || config.host == "0.0.0.0"
        if anyAddress {
            for a in InterfaceAddresses.reachable() where !(a.isIPv6 && config.host == "0.0.0.0") {
                urls.append(a.isIPv6 ? "http://[\(a.ip)]:\(port)/" : "http://\(a.ip):\(port)/")
            }
        } else {
            urls = server.addresses.map { "http://\($0)/" }
        }
        var text = "probe-server listening on \(server.addresses.map(\.description).joined(separator: ", "))\n"
        text += "serving \(publicDir)\n"
        text += "open the probe page at:\n" + urls.map { "  \($0)" }.joined(separator: "\n") + "\n"
        print(text, terminator: "")
        fflush(nil)
    }
}

func printError(_ s: String) {
    var line = s + "\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}
