import Foundation
import ProbeCatalog
import ProbeServer

/// `probe-server profiles`: every probe's expectation per platform and requirement set. Offline.
enum ProfilesCommand: Command {
    static let name = "profiles"
    static let summary = "Show the expected outcome of every probe per platform (offline)."

    static let options: [Arguments.Option] = [
        .init(long: "json", short: nil, valueName: nil, help: "Print the requirement sets and profiles as JSON."),
    ]

    static let usage = ["profiles [--json]"]
    static let exitStatuses: [ExitStatusNote] = [.printed, .stdoutUnwritable]

    struct Export: Encodable {
        let defaultRequirementSet: String
        let requirementSets: [RequirementSet]
        let profiles: [Profile]
    }

    static func run(_ args: Arguments) throws -> Int32 {
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
