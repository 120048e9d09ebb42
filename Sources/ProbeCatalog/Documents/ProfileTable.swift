#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials

/// The plain-text table `probe-server profiles` prints: every probe's expectation per
/// platform, one block per requirement set.
public enum ProfileTable {
    /// Short cells keep a row of seven platform columns under 130 characters.
    static func cell(_ expectation: Expectation?) -> String {
        switch expectation {
        case .required: return "required"
        case .expectedBlocked: return "blocked-ok"
        case .security: return "security"
        case .info: return "info"
        case nil: return "-"
        }
    }

    public static func render(_ catalog: Catalog = .standard) -> String {
        var lines: [String] = []
        let probeWidth = max(5, catalog.probes.map(\.id.rawValue.count).max() ?? 0)
        let columns = catalog.platforms.map(\.rawValue)
        let widths = columns.map { max($0.count, 10) }
        func row(_ first: String, _ cells: [String]) -> String {
            ([first.paddedWithSpaces(toLength: probeWidth)]
                + zip(cells, widths).map { $0.paddedWithSpaces(toLength: $1) })
                .joined(separator: "  ").trimmingTrailingSpaces()
        }
        for set in catalog.requirementSets {
            lines.append("requirement set: \(set.id)\(set.id == Catalog.defaultRequirementSet ? " (default)" : "") — \(set.title), \(set.source)")
            for minimum in set.minimums {
                lines.append("  \(minimum.subject.rawValue): " + (minimum.minimum.map { "minimum \($0)" } ?? "no fixed minimum") + (minimum.recommended.map { ", recommended \($0)" } ?? "") + " — \(minimum.note)")
            }
            lines.append("")
            lines.append(row("probe", columns))
            lines.append(row(String(repeating: "-", count: probeWidth), widths.map { String(repeating: "-", count: $0) }))
            let profiles = catalog.platforms.compactMap { catalog.profile(platform: $0, requirementSet: set.id) }
            for probe in catalog.probes {
                lines.append(row(probe.id.rawValue, profiles.map { cell($0.expectation(for: probe.id)) }))
            }
            lines.append("")
        }
        lines.append("required: must pass; blocked-ok: expected blocked on that platform; security: must be denied; info: reported only.")
        return lines.joined(separator: "\n") + "\n"
    }
}

extension ProfileTable {
    /// The text of `docs/profiles.md`: the same table, with the requirement sets explained.
    public static func markdown(_ catalog: Catalog = .standard) -> String {
        var out = ProbesDocument.opening("Profiles")
        out.append("A profile is the expected outcome of every probe on one platform under one requirement set ([requirements.md](requirements.md#product-rules)). `probe-server profiles` prints the table below.")
        out.append("")
        for set in catalog.requirementSets {
            out.append("- `\(set.id)`\(set.id == Catalog.defaultRequirementSet ? " (default)" : ""): \(set.title), from \(set.source). \(set.summary) Camera origin check: \(set.originCheck.rawValue).")
            for (probe, change) in set.overrides.sorted(by: { $0.key < $1.key }) {
                out.append("  - `\(probe)`: \(change.expectation.rawValue)" + (change.platforms.isEmpty ? "" : " on " + change.platforms.map(\.rawValue).joined(separator: ", ")) + " — \(change.because)")
            }
        }
        out.append("")
        out.append("Per-probe details and remedies are in [probes.md](probes.md).")
        out.append("")
        out.append("```")
        out.append(render(catalog).trimming(.newlines))
        out.append("```")
        out.append("")
        return out.joined(separator: "\n")
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
