#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProbeCatalog
import ProbeServer

/// `probe-server profiles`: every probe's expectation per platform and requirement set. Offline.
enum ProfilesCommand: CatalogViewCommand {
    static let name = "profiles"
    static let summary = "Show the expected outcome of every probe per platform (offline)."

    static let jsonHelp = "Print the requirement sets and profiles as JSON."

    struct Export: Encodable {
        let defaultRequirementSet: String
        let requirementSets: [RequirementSet]
        let profiles: [Profile]
    }

    static func jsonView(_ catalog: Catalog) -> String {
        DiffCommand.jsonText(Export(
            defaultRequirementSet: Catalog.defaultRequirementSet, requirementSets: catalog.requirementSets,
            profiles: catalog.profiles))
    }

    static func textView(_ catalog: Catalog) -> String { ProfileTable.render(catalog) }
}
