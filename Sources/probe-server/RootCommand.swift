import ProbeServer

/// probe-server itself: picks the subcommand (`serve` by default), parses its arguments,
/// answers `--help`, and is the one place where an error leaves a command: `ExitCode.of`
/// maps it to a status and the line to print.
enum RootCommand {
    /// Every subcommand, in the order the root help lists them.
    static var commands: [any Command.Type] {
        [ServeCommand.self, TryCommand.self, DiffCommand.self, WaitCommand.self, RunsCommand.self,
         ReportCommand.self, CompareCommand.self, ProfilesCommand.self, CatalogCommand.self,
         TokenCommand.self, CACommand.self, HealthCommand.self]
    }
    static let defaultCommand = ServeCommand.name

    static func help(_ commands: [any Command.Type]) -> String {
        Arguments.fitted("""
        OVERVIEW: probe-server finds WebView misconfigurations: it serves a sequential
        test page, collects what the page observes, and names the setting to fix for
        each wrapper.

        USAGE: probe-server [\(defaultCommand)] [options]
               probe-server <subcommand> [options]

        SUBCOMMANDS:
        \(Arguments.table(commands.map { ($0.name, $0.summary) }))

        OPTIONS:
          -h, --help   Show this help.
          --version    Show the version.

        Run `probe-server <subcommand> --help` for a subcommand's options.

        EXIT STATUS:
        \(Arguments.table(ExitCode.table.map { (String($0.code), $0.meaning) }))
        """)
    }

    /// Runs the command named by `argv` (without the program's name) and returns the exit
    /// status; every error, of any command, is printed and mapped here.
    static func main(_ argv: [String], commands: [any Command.Type]) -> Int32 {
        var argv = argv
        var name = defaultCommand
        if let first = argv.first, !first.hasPrefix("-") {
            name = first
            argv.removeFirst()
        } else if argv.first == "--help" || argv.first == "-h" {
            print(help(commands))
            return ExitCode.ready
        } else if argv.first == "--version" {
            print(ProbeService.version)
            return ExitCode.ready
        }
        let known = command(named: name, in: commands) != nil
        let hint = "See `probe-server " + (known ? name + " " : "") + "--help`."
        do {
            if name == "help" {
                // `probe-server help diff` is `probe-server diff --help`.
                guard let topic = argv.first else {
                    print(help(commands))
                    return ExitCode.ready
                }
                guard let command = command(named: topic, in: commands) else {
                    throw UsageError("unknown subcommand \(topic)")
                }
                return try run(command, ["--help"])
            }
            guard let command = command(named: name, in: commands) else {
                throw UsageError("unknown subcommand \(name); one of \(names(commands).joined(separator: ", "))")
            }
            return try run(command, argv)
        } catch {
            let (code, message) = ExitCode.of(error)
            if error is UsageError {
                printError("probe-server: \(message)\n" + hint)
            } else {
                printError("probe-server: \(message)")
            }
            return code
        }
    }

    static func command(named name: String, in commands: [any Command.Type]) -> (any Command.Type)? {
        for command in commands where command.name == name { return command }
        return nil
    }

    static func names(_ commands: [any Command.Type]) -> [String] {
        var names: [String] = []
        for command in commands { names.append(command.name) }
        return names
    }

    /// What every command shares before its own work: parsing, `--help`, the operand count.
    static func run(_ command: any Command.Type, _ argv: [String]) throws -> Int32 {
        let args = try Arguments(options: command.allOptions, arguments: argv)
        if args.flag("help") {
            print(command.help)
            return ExitCode.ready
        }
        try command.checkOperands(args.positionals)
        return try command.run(args)
    }
}
