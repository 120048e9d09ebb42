import Foundation
import ProbeServer

/// `probe-server health`: asks a server's `/healthz` (or `/readyz`) and exits 0 when it
/// answers 200. A container image's HEALTHCHECK runs it, so the image needs no curl.
enum HealthCommand {
    static let abstract = "Ask a server's /healthz (or /readyz); exit 0 when it answers 200."

    /// A health check that hangs is worse than one that fails: Docker's own default
    /// HEALTHCHECK timeout is 30 s (https://docs.docker.com/reference/dockerfile/#healthcheck).
    static let timeoutSeconds = 5.0

    static let options: [Arguments.Option] = [
        .init(long: "ready", short: nil, valueName: nil, help: "Ask /readyz (store writable, certificate loaded, disk and store below their limits) instead of /healthz."),
    ] + ServerOptions.options + [
        .init(long: "help", short: "h", valueName: nil, help: "Show this help."),
    ]

    static var help: String {
        """
        OVERVIEW: \(abstract)

        USAGE: probe-server health [--ready] [--server URL] [--data-dir DIR]

        OPTIONS:
        \(Arguments.helpText(options))

        EXIT STATUS:
          0 the server answered OK, 1 it answered another status (for /readyz: what is
          failing is printed), 64 usage error, 69 it cannot be reached.
        """
    }

    static func run(_ argv: [String]) throws -> Int32 {
        let args = try Arguments(options: options, arguments: argv)
        if args.flag("help") {
            print(Arguments.fitted(help))
            return ExitCode.ready
        }
        if let extra = args.positionals.first { throw UsageError("health takes no argument, got \(extra)") }
        let path = args.flag("ready") ? "/readyz" : "/healthz"
        let client = try ServerOptions.client(args, command: "health", timeout: timeoutSeconds)
        let response: HTTPClientResponse
        do { response = try client.http.get(path) } catch { throw CommandFailure.from(error) }
        guard response.status == 200 else {
            printError("probe-server health: \(path) answered \(response.status): \(String(decoding: response.body.prefix(2000), as: UTF8.self))")
            return ExitCode.findings
        }
        return ExitCode.ready
    }
}
