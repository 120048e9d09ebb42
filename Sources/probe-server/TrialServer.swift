#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials
import ProbeCatalog
import ProbeServer
import ProbeClient

/// The server a trial runs against: the probe-server that already answers at `--server`
/// (default https://localhost:8443), or, when nothing listens there, one `try` starts in
/// this process with the user's CA (`probe-server ca`) and stops at the end.
final class TrialServer {
    let url: ServerURL
    let api: ProbeAPIClient
    let dataDirectory: String
    /// The CA file the client trusts; the engine hosts verify the server against it too.
    let caFile: String?
    private let service: ProbeService?

    var startedHere: Bool { service != nil }

    /// How long the check for a running server may take: a local server answers in
    /// milliseconds, and a port that accepts but never answers is not one.
    static let probeSeconds = 5.0

    private init(url: ServerURL, api: ProbeAPIClient, dataDirectory: String, caFile: String?, service: ProbeService?) {
        self.url = url
        self.api = api
        self.dataDirectory = dataDirectory
        self.caFile = caFile
        self.service = service
    }

    static func findOrStart(_ args: Arguments) throws -> TrialServer {
        let explicit = ServerOptions.serverText(args)
        let port = try args.int("port", UInt16.self, range: 0...65535)
        let dataDirectory = ServerOptions.dataDirectory(args)
        if let explicit {
            let url = try parse(explicit)
            let api = try client(url, args)
            try check(api, url: url, explicit: true)
            return TrialServer(url: url, api: api, dataDirectory: dataDirectory, caFile: api.http.trust.caFile, service: nil)
        }
        // --port 0 asks for a free port: nothing to look for there.
        if port != 0 {
            let standard = try parse(ServerOptions.defaultServer)
            let url = ServerURL(scheme: standard.scheme, host: standard.host, port: port ?? standard.port)
            let api = try client(url, args)
            if try check(api, url: url, explicit: false) {
                return TrialServer(url: url, api: api, dataDirectory: dataDirectory, caFile: api.http.trust.caFile, service: nil)
            }
        }
        return try start(args, port: port)
    }

    /// True when a probe-server answers; false when nothing listens (so `try` may start one).
    @discardableResult
    static func check(_ api: ProbeAPIClient, url: ServerURL, explicit: Bool) throws -> Bool {
        let busy = "port \(url.port) is taken by something that is not a probe-server"
        let advice = "stop what holds it, or pass --port N (with --second-port and --setup-port) to start a server on free ports"
        do {
            let response = try api.http.get(APIRoute.health.path(), timeout: probeSeconds)
            struct Health: Decodable { let status: String }
            guard response.isSuccess, (try? JSONDecoder().decode(Health.self, from: Data(response.body)))?.status == "ok" else {
                throw CommandFailure(explicit ? "\(url) answered GET /api/health with \(response.status): it is not a probe-server; check --server"
                                              : "\(busy) (GET /api/health answered \(response.status)); \(advice)",
                                     exitCode: ExitCode.unavailable)
            }
            return true
        } catch HTTPClientError.cannotConnect(let server, let reason) {
            guard explicit else { return false }
            throw CommandFailure("no probe-server answers at \(server) (\(reason)): start one with `probe-server serve`, "
                + "or leave out --server and `try` starts its own", exitCode: ExitCode.unavailable)
        } catch HTTPClientError.certificateNotTrusted(let server, let reason, let caFile) {
            throw CommandFailure("\(server) presents a certificate that \(caFile ?? "the system store") does not trust (\(reason)): "
                + "if it is a probe-server with another data folder, pass that folder with --data-dir (or its CA with --cacert); "
                + (explicit ? "else check --server" : "else \(busy): \(advice)"), exitCode: ExitCode.unavailable)
        } catch let error as HTTPClientError {
            if case .cannotReadCAFile = error { throw error }
            if explicit { throw error }
            throw CommandFailure("\(busy) (\(error.localizedText)); \(advice)", exitCode: ExitCode.unavailable)
        }
    }

    /// A server in this process on the default ports (or those given), quiet but for errors:
    /// the step list is the trial's output.
    static func start(_ args: Arguments, port: UInt16?) throws -> TrialServer {
        let publicDirectory = try ServerOptions.publicDirectory(args)
        var options = ServiceOptions(publicDirectory: publicDirectory)
        if let port { options.port = port }
        let second = try ServeCommand.port(args, "second-port")
        options.secondPort = second.value
        options.secondOriginEnabled = !second.off
        let setup = try ServeCommand.port(args, "setup-port")
        options.setupPort = setup.value
        options.setupEnabled = !setup.off
        options.dataDirectory = ServerOptions.dataDirectory(args)
        options.authorityDirectory = args.value("ca-dir")
        options.logLevel = .error
        let service = try ServerStartFailure.start(options, prefix: "cannot start a server: ",
                                                   addressAdvice: "; pass free ports with --port, --second-port and --setup-port")
        let bound = service.server.addresses.first?.port ?? options.port
        let url = ServerURL(scheme: .https, host: "localhost", port: bound)
        let api: ProbeAPIClient
        do {
            api = try client(url, args)
        } catch {
            service.shutdown()
            throw error
        }
        return TrialServer(url: url, api: api, dataDirectory: options.dataDirectory, caFile: api.http.trust.caFile,
                           service: service)
    }

    /// The key pins of every https origin of the page (the primary, the second port and the
    /// second host name of GET /api/config), each from a handshake that verified the
    /// certificate against the CA the CLI trusts. An origin that does not verify is left out:
    /// the browser then refuses it, as a device without the CA would.
    func keyPins() throws -> [String] {
        // Plain HTTP (behind a proxy): no certificate, and localhost is a secure context anyway.
        guard url.scheme == .https else { return [] }
        var pins = [try api.http.presentedKeyPin()]
        for origin in secondOrigins() {
            do {
                let client = try HTTPClient(server: try ServerURL(parsing: origin), trust: api.http.trust)
                pins.append(try client.presentedKeyPin(timeout: Self.probeSeconds))
            } catch {
                printError("probe-server: \(ReportText.terminal(origin)) did not verify (\(error.localizedText)); "
                    + "the cross-origin probes will fail")
            }
        }
        return Array(Set(pins)).sorted()
    }

    /// The https origins of the page other than the one the CLI talks to.
    func secondOrigins() -> [String] {
        guard let response = try? api.http.get(APIRoute.config.path()), response.isSuccess,
              let object = JSONValue.parse(text: String(decoding: response.body, as: UTF8.self))?.objectValue,
              let origins = object["origins"]?.objectValue else { return [] }
        return ["secondPort", "secondHost"].compactMap { origins[$0]?.stringValue }.filter { $0.hasPrefix("https://") }
    }

    /// Stops the server when `try` started it; a server that was running stays.
    func stop() {
        service?.shutdown()
    }

    /// The origin and base path that relative URLs of the API are relative to.
    func absolute(_ url: String) -> String {
        url.hasPrefix("/") ? self.url.description + url : url
    }

    static func parse(_ text: String) throws -> ServerURL {
        do { return try ServerURL(parsing: text) } catch { throw UsageError(error.localizedText) }
    }

    static func client(_ url: ServerURL, _ args: Arguments) throws -> ProbeAPIClient {
        let trust = ClientTrust.resolve(caFile: args.value("cacert"), dataDirectory: ServerOptions.dataDirectory(args))
        return ProbeAPIClient(http: try HTTPClient(server: url, trust: trust, token: ServerOptions.token(args)))
    }
}

extension ClientTrust {
    var caFile: String? {
        if case .caFile(let path) = self { return path }
        return nil
    }
}
