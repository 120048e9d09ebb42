#if canImport(Glibc)
import Glibc
#endif
import ProbeServer

/// The subcommands: name, one-line abstract, entry point. `serve` is the default.
let subcommands: [(name: String, abstract: String, run: ([String]) throws -> Int32)] = [
    ("serve", ServeCommand.abstract, ServeCommand.run),
    ("try", TryCommand.abstract, TryCommand.run),
    ("diff", DiffCommand.abstract, DiffCommand.run),
    ("wait", WaitCommand.abstract, WaitCommand.run),
    ("runs", RunsCommand.abstract, RunsCommand.run),
    ("report", ReportCommand.abstract, ReportCommand.run),
    ("compare", CompareCommand.abstract, CompareCommand.run),
    ("profiles", ProfilesCommand.abstract, ProfilesCommand.run),
    ("catalog", CatalogCommand.abstract, CatalogCommand.run),
    ("token", TokenCommand.abstract, TokenCommand.run),
    ("health", HealthCommand.abstract, HealthCommand.run),
]

/// probe-server: one root command with subcommands; `serve` is the default.
let rootHelp = """
OVERVIEW: probe-server finds WebView misconfigurations: it serves a sequential
test page, collects what the page observes, and names the setting to fix for
each wrapper.

USAGE: probe-server [serve] [options]
       probe-server <subcommand> [options]

SUBCOMMANDS:
\(Arguments.table(subcommands.map { ($0.name, $0.abstract) }))

OPTIONS:
  -h, --help   Show this help.
  --version    Show the version.

Run `probe-server <subcommand> --help` for a subcommand's options.

EXIT STATUS:
\(Arguments.table(ExitCode.table.map { (String($0.code), $0.meaning) }))
"""

@MainActor func main() -> Int32 {
    var argv = Array(CommandLine.arguments.dropFirst())
    let subcommand: String
    if let first = argv.first, !first.hasPrefix("-") {
        subcommand = first
        argv.removeFirst()
    } else if argv.first == "--help" || argv.first == "-h" {
        print(Arguments.fitted(rootHelp))
        return ExitCode.ready
    } else if argv.first == "--version" {
        print(ProbeService.version)
        return ExitCode.ready
    } else {
        subcommand = "serve"
    }
    do {
        if subcommand == "help" {
            // `probe-server help diff` is `probe-server diff --help`.
            guard let topic = argv.first else {
                print(Arguments.fitted(rootHelp))
                return ExitCode.ready
            }
            guard let command = subcommands.first(where: { $0.name == topic }) else {
                throw UsageError("unknown subcommand \(topic)")
            }
            return try command.run(["--help"])
        }
        guard let command = subcommands.first(where: { $0.name == subcommand }) else {
            throw UsageError("unknown subcommand \(subcommand); one of \(subcommands.map(\.name).joined(separator: ", "))")
        }
        return try command.run(argv)
    } catch {
        let (code, message) = ExitCode.of(error)
        if error is UsageError {
            let known = subcommands.contains { $0.name == subcommand }
            printError("probe-server: \(message)\nSee `probe-server \(known ? subcommand + " " : "")--help`.")
        } else {
            printError("probe-server: \(message)")
        }
        return code
    }
}

exit(main())
