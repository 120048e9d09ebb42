/// What a probe says of one checklist item, declared on the probe in its own file
/// (`Probe.verifies(_:inheritingItsFailure:)`, `Probe.infers(_:_:because:)`). The checklist
/// names no probe: the catalog builds each verified item's probes and each inferred item's
/// rule from these (`Checklist.resolved(_:by:)`), so an item and its probes cannot disagree.
public struct ChecklistClaim: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The probe's pass is part of the item's verification. `inherited`: when the probe
        /// fails, the failure is one another item names (`Coverage.inherited`).
        case verifies(inherited: Bool)
        /// The item is inferred from the probe's finding when `condition` holds, for the reason `because`.
        case infers(InferenceRule.Condition, because: String)
    }

    /// A checklist item id (`Checklist`).
    public let item: String
    public let kind: Kind
}

extension Probe {
    /// The probe verifying the checklist items `items` (`Checklist` ids): each item passes only
    /// when every probe that verifies it passes. `inheritingItsFailure`: this probe's failure
    /// is named by another item, so an item that fails only by it follows from it
    /// (`ChecklistCoverage.Item.consequenceOf`).
    func verifies(_ items: String..., inheritingItsFailure: Bool = false) -> Probe {
        var probe = self
        probe.checklistClaims += items.map { ChecklistClaim(item: $0, kind: .verifies(inherited: inheritingItsFailure)) }
        return probe
    }

    /// The probe from which the checklist item `item` is inferred when its finding meets
    /// `condition`, for the reason `because` (shown with the item's status).
    func infers(_ item: String, _ condition: InferenceRule.Condition, because: String) -> Probe {
        var probe = self
        probe.checklistClaims.append(ChecklistClaim(item: item, kind: .infers(condition, because: because)))
        return probe
    }
}

extension Checklist {
    /// The guide's items with the probes that claim them, in page order (the order of
    /// `probes`): a verified item lists every probe that verifies it, an inferred item takes its
    /// rule from the probe that infers it. Other items, and a claim that fits no item, are left
    /// as they are: `problems(in:claimedBy:)` names those.
    static func resolved(_ guide: [ChecklistItem], by probes: [Probe]) -> [ChecklistItem] {
        guide.map { item in
            var item = item
            let claims = probes.flatMap { probe in probe.checklistClaims.filter { $0.item == item.id }.map { (probe: probe.id, kind: $0.kind) } }
            switch item.coverage.method {
            case .verified:
                var verifying: [ProbeID] = [], inherited: [ProbeID] = []
                for claim in claims {
                    guard case let .verifies(isInherited) = claim.kind, !verifying.contains(claim.probe) else { continue }
                    verifying.append(claim.probe)
                    if isInherited { inherited.append(claim.probe) }
                }
                item.coverage = .verified(by: verifying, inheriting: inherited)
            case .inferred:
                for claim in claims {
                    if case let .infers(condition, because) = claim.kind {
                        item.coverage = .inferred(by: InferenceRule(claim.probe, condition, because: because))
                        break
                    }
                }
            case .confirmed, .notObservable:
                break
            }
            return item
        }
    }

    /// What is wrong between the guide and the probes' claims, one sentence each: a claim of an
    /// item the guide lacks, a claim that does not fit the item's method, a verified item no
    /// probe verifies, an inferred item with no probe or more than one inferring it. Empty for a
    /// sound catalog (CatalogTests holds the standard one to it).
    static func problems(in guide: [ChecklistItem], claimedBy probes: [Probe]) -> [String] {
        var problems: [String] = []
        let methods = Dictionary(guide.map { ($0.id, $0.coverage.method) }, uniquingKeysWith: { first, _ in first })
        for probe in probes {
            for claim in probe.checklistClaims {
                let claimed: Coverage.Method
                switch claim.kind {
                case .verifies: claimed = .verified
                case .infers: claimed = .inferred
                }
                guard let method = methods[claim.item] else {
                    problems.append("\(probe.id) claims the checklist item \"\(claim.item)\", which Checklist.swift does not have")
                    continue
                }
                if method != claimed {
                    problems.append("\(probe.id) says it \(claimed == .verified ? "verifies" : "infers") \"\(claim.item)\", which Checklist.swift accounts for as \(method.rawValue)")
                }
            }
        }
        for item in guide {
            let claiming = probes.filter { probe in probe.checklistClaims.contains { $0.item == item.id } }.map(\.id)
            switch item.coverage.method {
            case .verified where claiming.isEmpty:
                problems.append("\"\(item.id)\" is verified, but no probe declares .verifies(\"\(item.id)\")")
            case .inferred where claiming.count != 1:
                problems.append("\"\(item.id)\" is inferred, so exactly one probe declares .infers(\"\(item.id)\", …); "
                    + (claiming.isEmpty ? "none does" : claiming.map(\.rawValue).joined(separator: ", ") + " do"))
            default:
                break
            }
        }
        return problems
    }
}
