#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProbeServer

/// `probe-server health`: asks a server's `/healthz` (or `/readyz`) and exits 0 when it
/// answers 200. A container image's HEALTHCHECK runs it, so the image needs no curl.
enum HealthCommand: Command {
    static let name = "health"
    static let summary = "Ask a server's /healthz (or /readyz); exit 0 when it answers 200."

    /// A health check that hangs is worse than one that fails: Docker's own default
    /// HEALTHCHECK timeout is 30 s (https://docs.docker.com/reference/dockerfile/#healthcheck).
    static let timeoutSeconds = 5.0

    /// /readyz names each failing check in a few hundred bytes; more is not a health answer.
    static let maxBodyBytes = 2000

    static let options: [Arguments.Option] = [
        .init(long: "ready", short: nil, valueName: nil, help: "Ask /readyz (store writable, certificate loaded, disk and store below their limits) instead of /healthz."),
    ] + ServerOptions.options

    static let usage = ["health [--ready] [--server URL] [--data-dir DIR]"]
    static let exitStatuses = [
        ExitStatusNote(ExitCode.ready, "the server answered OK"),
        ExitStatusNote(ExitCode.findings, "it answered another status (for /readyz: what is failing is printed)"),
        ExitStatusNote(ExitCode.unavailable, "it cannot be reached"),
    ]

    static func run(_ args: Arguments) throws -> Int32 {
        let path = (args.flag("ready") ? APIRoute.readyz : APIRoute.healthz).path()
        // /healthz and /readyz answer anyone: the token (from PROBE_TOKEN, which a container's
        // HEALTHCHECK inherits) is never sent where no route needs it, so no proxy or access
        // log between here and the server sees it.
        let client = try ServerOptions.client(args, command: "health", sendsToken: false, timeout: timeoutSeconds)
        let response = try client.http.get(path)
        guard response.status == 200 else {
            // Whatever answers at --server wrote this body: escaped, it cannot move the cursor,
            // retitle the terminal or print a line of its own.
            let body = ReportText.terminal(String(decoding: response.body.prefix(maxBodyBytes), as: UTF8.self))
            printError("probe-server health: \(path) answered \(response.status): \(body)")
            return ExitCode.findings
        }
        return ExitCode.ready
    }
}
