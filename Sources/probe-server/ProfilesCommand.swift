import Foundation
import ProbeCatalog
import ProbeServer

/// `probe-server profiles`: every probe's expectation per platform and requirement set. Offline.
enum ProfilesCommand {
    static let abstract = "Show the expected outcome of every probe per platform (offline)."

    static let options: [Arguments.Option] = [
        .init(long: "json", short: nil, valueName: nil, help: "Print the requirement sets and profiles as JSON."),
        .init(long: "help", short: "h", valueName: nil, help: "Show this help."),
    ]

    static var help: String {
        """
        OVERVIEW: \(abstract)

        USAGE: probe-server profiles [--json]

        OPTIONS:
        \(Arguments.helpText(options))
        """
    }

    struct Export: Encodable {
        let defaultRequirementSet: String
        let requirementSets: [RequirementSet]
        let profiles: [Profile]
    }

    static func run(_ argv: [String]) throws -> Int32 {
        let args = try Arguments(options: options, arguments: argv)
        if args.flag("help") {
            print(Arguments.fitted(help))
            return ExitCode.ready
        }
        if let extra = args.positionals.first { throw UsageError("profiles takes no argument, got \(extra)") }
        let catalog = Catalog.standard
        if args.flag("json") {
            try Output.write(DiffCommand.jsonText(Export(
                defaultRequirementSet: Catalog.defaultRequirementSet, requirementSets: catalog.requirementSets,
                profiles: catalog.profiles)))
        } else {
            try Output.write(ProfileTable.render(catalog))
        }
        return ExitCode.ready
    }
}
