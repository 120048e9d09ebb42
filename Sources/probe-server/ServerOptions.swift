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

/// The options every command that talks to a server shares, with their environment
/// fallbacks so a CI job sets them once.
enum ServerOptions {
    static let options: [Arguments.Option] = [
        .init(long: "server", short: "s", valueName: "URL", help: "The server (default: $PROBE_SERVER, else \(defaultServer))."),
        .init(long: "token", short: "t", valueName: "TOKEN", help: "Access token (default: $PROBE_TOKEN, else DATA_DIR/token)."),
        .init(long: "cacert", short: nil, valueName: "FILE", help: "CA to trust for https (default: DATA_DIR/ca.pem if present, else the system store)."),
        .init(long: "data-dir", short: "d", valueName: "DIR", help: "The server's data folder, for ca.pem and token (default: $PROBE_DATA_DIR, else ./probe-data)."),
    ]

    /// Where `probe-server serve` listens with its defaults, so the CLI finds a local server
    /// without options.
    static let defaultServer = "https://localhost:8443"

    /// `--server` or `PROBE_SERVER`; nil when neither is given.
    static func serverText(_ args: Arguments) -> String? {
        args.value("server") ?? nonEmpty(ProcessInfo.processInfo.environment["PROBE_SERVER"])
    }

    /// `--token`, `PROBE_TOKEN`, else the token file of a local server's data folder.
    static func token(_ args: Arguments) -> String? {
        if let explicit = args.value("token") ?? nonEmpty(ProcessInfo.processInfo.environment["PROBE_TOKEN"]) { return explicit }
        let path = dataDirectory(args) + "/token"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return nonEmpty(text.trimming(.whitespacesAndNewlines))
    }

    /// `--public`, else the checkout's or the installed `Public/`; not found, it throws
    /// `PublicDirectory.NotFound` listing where it looked (exit 66).
    static func publicDirectory(_ args: Arguments) throws -> String {
        try args.value("public")
            ?? PublicDirectory.locate(workingDirectory: PublicDirectory.currentDirectory(),
                                      executablePath: PublicDirectory.executablePath())
    }

    /// `--data-dir`, `PROBE_DATA_DIR` (a container image sets it), else `./probe-data`.
    static func dataDirectory(_ args: Arguments) -> String {
        args.value("data-dir") ?? nonEmpty(ProcessInfo.processInfo.environment["PROBE_DATA_DIR"]) ?? "probe-data"
    }

    /// The API client; `requireToken` for the calls that reach across runs.
    /// `sendsToken` false: a client for routes that answer anyone, which never carries the token.
    static func client(_ args: Arguments, command: String, requireToken: Bool = false, sendsToken: Bool = true,
                       timeout: Double = HTTPClient.defaultTimeoutSeconds) throws -> ProbeAPIClient {
        let text = serverText(args) ?? defaultServer
        let url: ServerURL
        do { url = try ServerURL(parsing: text) } catch { throw UsageError(error.localizedText) }
        let token = sendsToken ? token(args) : nil
        // The token goes into a header line: a CR or LF in it would start another header.
        if let token, token.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F }) {
            throw UsageError("the access token contains spaces or control characters; pass it as printed by `probe-server serve`")
        }
        if requireToken && token == nil {
            throw UsageError("\(command) needs the access token: pass --token T or set PROBE_TOKEN (the server keeps it in DATA_DIR/token, and showed it at a first start at a terminal)")
        }
        let trust = ClientTrust.resolve(caFile: args.value("cacert"), dataDirectory: dataDirectory(args))
        return ProbeAPIClient(http: try HTTPClient(server: url, trust: trust, token: token, timeout: timeout))
    }

    /// A run id as the store accepts it, checked before any request is sent.
    static func runID(_ text: String) throws -> String {
        guard RunID.isWellFormed(text) else {
            throw UsageError("\(text.prefix(80)) is not a run id (1 to 64 characters of A-Z a-z 0-9 - _)")
        }
        return text
    }

    static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}
