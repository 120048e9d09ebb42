import ProbeCatalog

/// A command that prints one view of the catalog, offline: as text, or with `--json` as
/// JSON (`catalog`, `profiles`). The option, the usage, the exit statuses and `run` are the
/// same for every such view, so a view says only what its two forms print.
protocol CatalogViewCommand: Command {
    /// The help of `--json`: what the JSON holds.
    static var jsonHelp: String { get }
    /// The view as JSON, as printed.
    static func jsonView(_ catalog: Catalog) -> String
    /// The view for a person, as printed.
    static func textView(_ catalog: Catalog) -> String
}

extension CatalogViewCommand {
    static var options: [Arguments.Option] { [.init(long: "json", short: nil, valueName: nil, help: jsonHelp)] }
    static var usage: [String] { ["\(name) [--json]"] }
    static var exitStatuses: [ExitStatusNote] { [.printed, .stdoutUnwritable] }

    static func run(_ args: Arguments) throws -> Int32 {
        let catalog = Catalog.standard
        try Output.write(args.flag("json") ? jsonView(catalog) : textView(catalog))
        return ExitCode.ready
    }
}
