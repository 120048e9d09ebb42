import Foundation
import ProbeServer

/// `probe-server health`: asks a server's `/healthz` (or `/readyz`) and exits 0 when it
/// answers 200. A container image's HEALTHCHECK runs it, so the image needs no curl.
enum HealthCommand: Command {
    static let name = "health"
    static let summary = "Ask a server's /healthz (or /readyz); exit 0 when it answers 200."

    /// A health check that hangs is worse than one that fails: Docker's own default
    /// HEALTHCHECK timeout is 30 s (https://docs.docker.com/reference/dockerfile/#healthcheck).
    static let timeoutSeconds = 5.0

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
        let path = args.flag("ready") ? "/readyz" : "/healthz"
        let client = try ServerOptions.client(args, command: "health", timeout: timeoutSeconds)
        let response = try client.http.get(path)
        guard response.status == 200 else {
            printError("probe-server health: \(path) answered \(response.status): \(String(decoding: response.body.prefix(2000), as: UTF8.self))")
            return ExitCode.findings
        }
        return ExitCode.ready
    }
}
