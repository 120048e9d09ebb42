#if canImport(Glibc)
import Glibc
#endif

/// probe-server: one root command with subcommands; `serve` is the default.
let rootHelp = """
OVERVIEW: probe-server finds WebView misconfigurations: it serves a sequential test page,
collects what the page observes, and names the setting to fix for each wrapper.

USAGE: probe-server [serve] [options]
       probe-server <subcommand> --help

SUBCOMMANDS:
  serve      \(ServeCommand.abstract)

Run `probe-server serve --help` for the server's options.
"""

func main() -> Int32 {
    var argv = Array(CommandLine.arguments.dropFirst())
    let subcommand: String
    if let first = argv.first, !first.hasPrefix("-") {
        subcommand = first
        argv.removeFirst()
    } else if argv.first == "--help" || argv.first == "-h" {
        print(rootHelp)
        return 0
    } else if argv.first == "--version" {
        print(Version.current)
        return 0
    } else {
        subcommand = "serve"
    }
    do {
        switch subcommand {
        case "serve": return try ServeCommand.run(argv)
        case "help":
            print(rootHelp)
            return 0
        default:
            throw UsageError("unknown subcommand \(subcommand)")
        }
    } catch let error as UsageError {
        printError("probe-server: \(error)\nSee `probe-server \(subcommand == "serve" ? "serve " : "")--help`.")
        return 64  // EX_USAGE
    } catch {
        printError("probe-server: \(error)")
        return 1
    }
}

exit(main())
