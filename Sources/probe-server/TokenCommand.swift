#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials
import ProbeServer

/// `probe-server token create|list|revoke`: named tokens with a scope, kept (as SHA-256
/// digests) in the data folder; a running server sees a change at its next request.
enum TokenCommand: Command {
    static let name = "token"
    static let summary = "Create, list or revoke named access tokens (read, ingest, admin)."

    static let options: [Arguments.Option] = [
        .init(long: "scope", short: "s", valueName: "read|ingest|admin", help: "What the new token may do: read (runs, reports, lists, /metrics), ingest (create runs, post results) or admin (everything)."),
        .init(long: "data-dir", short: "d", valueName: "DIR", help: "The server's data folder (default: $PROBE_DATA_DIR, else ./probe-data)."),
    ]

    static let usage = [
        "token create NAME --scope read|ingest|admin [--data-dir DIR]",
        "token list [--data-dir DIR]",
        "token revoke NAME [--data-dir DIR]",
    ]
    static let operands = Operands.checkedByCommand
    static let discussion = """
        create prints the new token once: only its SHA-256 is kept. The server's own
        token (DATA_DIR/token) stays an admin token.
        """
    static let exitStatuses = [
        ExitStatusNote(ExitCode.ready, "done"),
        ExitStatusNote(ExitCode.dataError, "a name that is taken, missing or malformed"),
        ExitStatusNote(ExitCode.noInput, "no data folder there"),
    ]

    static func run(_ args: Arguments) throws -> Int32 {
        let tokens = NamedTokens(dataDirectory: ServerOptions.dataDirectory(args))
        let positionals = args.positionals
        guard let action = positionals.first else { throw UsageError("token needs create, list or revoke") }
        switch action {
        case "create":
            guard positionals.count == 2 else { throw UsageError("token create takes one NAME, e.g. token create ci --scope ingest") }
            guard let text = args.value("scope") else { throw UsageError("token create needs --scope read, ingest or admin") }
            guard let scope = TokenScope(rawValue: text) else { throw UsageError("--scope must be read, ingest or admin; got \(text)") }
            guard FileManager.default.fileExists(atPath: tokens.path.dropLastComponent) else {
                throw CommandFailure("no data folder at \(tokens.path.dropLastComponent); pass --data-dir DIR of the server", exitCode: ExitCode.noInput)
            }
            let secret = try tokens.create(name: positionals[1], scope: scope)
            try Output.write("\(secret)\n")
            printError("token \(positionals[1]) (\(scope.rawValue)) created; it is shown only now: keep it in your CI's secrets")
        case "list":
            guard positionals.count == 1 else { throw UsageError("token list takes no argument") }
            let list = tokens.list()
            guard !list.isEmpty else { try Output.write("no named tokens\n"); return ExitCode.ready }
            let width = max(4, list.map(\.name.count).max() ?? 0)
            try Output.write("NAME".paddedWithSpaces(toLength: width) + "  SCOPE   CREATED\n")
            for t in list {
                try Output.write(t.name.paddedWithSpaces(toLength: width) + "  "
                             + t.scope.rawValue.paddedWithSpaces(toLength: 6) + "  " + t.createdAt + "\n")
            }
        case "revoke":
            guard positionals.count == 2 else { throw UsageError("token revoke takes one NAME") }
            try tokens.revoke(name: positionals[1])
            printError("token \(positionals[1]) revoked")
        default:
            throw UsageError("unknown token action \(action); one of create, list, revoke")
        }
        return ExitCode.ready
    }
}

private extension String {
    var dropLastComponent: String {
        guard let slash = lastIndex(of: "/") else { return "." }
        return String(self[..<slash])
    }
}
