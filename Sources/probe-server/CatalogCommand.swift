#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials
import ProbeCatalog
import ProbeServer

/// `probe-server catalog`: the probes in page order, what each checks, and the checklist. Offline.
enum CatalogCommand: CatalogViewCommand {
    static let name = "catalog"
    static let summary = "List the probes, requirement sets and checklist (offline)."

    static let jsonHelp = "Print the whole catalog as JSON (as GET /api/catalog)."

    static func jsonView(_ catalog: Catalog) -> String { catalog.exportJSON() + "\n" }

    static func textView(_ catalog: Catalog) -> String { text(catalog, style: Output.style) }

    static func text(_ catalog: Catalog, style: TerminalStyle) -> String {
        var lines: [String] = []
        let width = catalog.probes.map(\.id.rawValue.count).max() ?? 0
        for phase in Probe.Phase.allCases {
            let probes = catalog.probes.filter { $0.phase == phase }
            guard !probes.isEmpty else { continue }
            lines.append(style.bold(phase.rawValue))
            for probe in probes {
                var kind = probe.kind.rawValue
                if probe.asksOperator && probe.kind != .operator { kind += "+operator" }
                lines.append("  \(probe.id.rawValue.paddedWithSpaces(toLength: width))  \(kind.paddedWithSpaces(toLength: 12))  \(probe.title)")
            }
        }
        lines.append("")
        lines.append(style.bold("requirement sets"))
        for set in catalog.requirementSets {
            lines.append("  \(set.id)\(set.id == Catalog.defaultRequirementSet ? " (default)" : ""): \(set.title)")
        }
        lines.append("")
        let methods = Coverage.Method.allCases.map { "\(catalog.coverageMethodCounts[$0.rawValue] ?? 0) \($0.rawValue)" }
        lines.append(style.bold("checklist") + ": \(catalog.checklist.count) items (\(methods.joined(separator: ", ")))")
        lines.append("")
        lines.append("\(catalog.probes.count) probes on \(catalog.platforms.count) platforms; `probe-server catalog --json` for everything.")
        return lines.joined(separator: "\n") + "\n"
    }
}
