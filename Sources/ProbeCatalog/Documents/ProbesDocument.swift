#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials

/// The text of `docs/probes.md`, generated from the catalog so that the docs cannot drift
/// from what the diff does (a test compares it with the committed file).
public enum ProbesDocument {
    public static let regenerateCommand = "UPDATE_DOCS=1 swift test --filter ProbesDocumentTests"

    /// The opening of a document that `regenerateCommand` writes (docs/probes.md,
    /// docs/profiles.md): its title, and the note that sends an editor to the catalog instead.
    static func opening(_ title: String) -> [String] {
        ["# \(title)", "", "<!-- Generated from ProbeCatalog (Catalog.standard). Do not edit by hand: run `\(regenerateCommand)`. -->", ""]
    }

    public static func render(_ catalog: Catalog = .standard) -> String {
        var out = opening("Probes")
        out.append("The sequential page runs these probes in this order. Each posts a result `{run, probe, attempt, status, observed, elapsedMs, at}`; the diff reads the observed fields against the profile of the detected platform and requirement set.")
        out.append("")
        out.append("Expectations: **required** (must pass), **expected-blocked** (the platform blocks it, and that is fine), **security** (must be denied: a grant is a finding), **info** (reported only).")
        out.append("")
        out.append("Requirement sets: " + catalog.requirementSets.map { "`\($0.id)` — \($0.title) (\($0.source))" }.joined(separator: "; ") + ". `\(Catalog.defaultRequirementSet)` is the default.")
        out.append("")
        out.append("## Overview (\(Catalog.defaultRequirementSet))")
        out.append("")
        out.append("| # | probe | kind | " + catalog.platforms.map(\.rawValue).joined(separator: " | ") + " |")
        out.append("|---|---|---|" + catalog.platforms.map { _ in "---" }.joined(separator: "|") + "|")
        let defaults = catalog.platforms.compactMap { catalog.profile(platform: $0, requirementSet: Catalog.defaultRequirementSet) }
        for (index, probe) in catalog.probes.enumerated() {
            let cells = defaults.map { $0.expectation(for: probe.id)?.rawValue ?? "—" }
            out.append("| \(index + 1) | [`\(probe.id)`](#\(anchor(probe.id.rawValue))) | \(kindText(probe)) | " + cells.joined(separator: " | ") + " |")
        }
        out.append("")
        out.append("Time limits the page applies to every step (each probe's own are listed with it):")
        out.append("")
        for threshold in Catalog.pageThresholds { out.append("- `\(threshold.name)` \(Int(threshold.ms)) ms: \(escape(threshold.reason))") }
        out.append("")
        out.append("## Version minimums")
        out.append("")
        for set in catalog.requirementSets {
            out.append("- `\(set.id)`: " + set.minimums.map { minimum in
                (minimum.minimum.map { "\(minimum.subject.rawValue) ≥ \($0)" } ?? "\(minimum.subject.rawValue): no fixed minimum") + (minimum.recommended.map { " (recommended \($0))" } ?? "") + " — \(minimum.note)"
            }.joined(separator: "; "))
        }
        out.append("")
        out.append("## Probes")
        for probe in catalog.probes {
            out.append("")
            out.append("### \(probe.id)")
            out.append("")
            out.append("**\(probe.title)** — \(kindText(probe)), phase `\(probe.phase.rawValue)`" + (probe.after.map { $0.waits == .run ? ", runs after `\($0.probe)`" : ", posts after `\($0.probe)` ended" } ?? "") + ".")
            out.append("")
            out.append("What it checks: \(escape(probe.checks))")
            out.append("")
            out.append("On the device: \(escape(probe.instructions))")
            out.append("")
            out.append("| platform | " + catalog.requirementSets.map(\.id).joined(separator: " | ") + " | expected |")
            out.append("|---|" + catalog.requirementSets.map { _ in "---" }.joined(separator: "|") + "|---|")
            for platform in catalog.platforms {
                let entries = catalog.requirementSets.compactMap { catalog.profile(platform: platform, requirementSet: $0.id)?.entry(for: probe.id) }
                let expected = entries.first?.expected ?? ""
                var extra = ""
                if let changed = entries.dropFirst().first(where: { $0.because != nil && $0.expected != expected }) {
                    extra = "; \(changed.expected) under `\(catalog.requirementSets.first { set in set.overrides[probe.id] != nil }?.id ?? "")`"
                }
                out.append("| \(platform.rawValue) | " + entries.map(\.expectation.rawValue).joined(separator: " | ") + " | \(escape(expected + extra)) |")
            }
            out.append("")
            out.append("Observed fields:")
            out.append("")
            out.append("| field | type | meaning |")
            out.append("|---|---|---|")
            for field in probe.observed {
                let values = field.values.isEmpty ? "" : " Values: " + field.values.map { "`\($0)`" }.joined(separator: ", ") + "."
                out.append("| `\(field.name)` | \(field.type.rawValue) | \(escape(field.doc))\(values) |")
            }
            if !probe.thresholds.isEmpty {
                out.append("")
                out.append("Time limits on the page:")
                out.append("")
                for threshold in probe.thresholds { out.append("- `\(threshold.name)` \(Int(threshold.ms)) ms: \(escape(threshold.reason))") }
            }
            if !probe.checklistItems.isEmpty {
                out.append("")
                out.append("Checklist items: " + probe.checklistItems.map { "`\($0)`" }.joined(separator: ", ") + ".")
            }
            if let diagnoses = DiagnosisGuide.byProbe[probe.id], !diagnoses.isEmpty {
                out.append("")
                out.append("What the diff concludes:")
                out.append("")
                for line in diagnoses { out.append("- \(escape(line))") }
            }
            out += causesSection(probe)
            if !probe.consequences.isEmpty {
                out.append("")
                out.append("Folded under its cause when that failed too (`consequenceOf`, [diagnosis.md](diagnosis.md#consequences)):")
                out.append("")
                for c in probe.consequences { out.append("- `\(c.cause)`: \(escape(c.because))") }
            }
            if let remedy = probe.remedy, !remedy.isEmpty {
                out.append("")
                out.append("Remedies when it fails:")
                for fix in remedy.fixes { out += remedyBlock(fix) }
            }
            for set in catalog.requirementSets {
                if let change = set.overrides[probe.id] {
                    out.append("")
                    out.append("Under `\(set.id)`: \(change.expectation.rawValue)" + (change.platforms.isEmpty ? "" : " on " + change.platforms.map(\.rawValue).joined(separator: ", ")) + " — \(change.because).")
                }
            }
        }
        out.append("")
        out.append("## Checklist map")
        out.append("")
        let counts = catalog.coverageMethodCounts
        out.append("\(catalog.checklist.count) items: " + Coverage.Method.allCases.map { "\(counts[$0.rawValue] ?? 0) \($0.rawValue)" }.joined(separator: ", ") + ".")
        for tab in ChecklistItem.Tab.allCases {
            out.append("")
            out.append("### \(tab.rawValue)")
            out.append("")
            out.append("| id | item | how | by |")
            out.append("|---|---|---|---|")
            for item in catalog.checklist where item.tab == tab {
                let by: String
                switch item.coverage.method {
                case .verified: by = item.coverage.probes.map { "`\($0)`" }.joined(separator: ", ")
                case .inferred: by = "`\(item.coverage.rule!.probe)` \(item.coverage.rule!.condition.rawValue): \(item.coverage.rule!.because)"
                case .confirmed:
                    let question = item.coverage.question!
                    let asked = question.audience == .integrator ? "asked of the integrator in the report's checklist, not on the phone" : "asked of the tester"
                    by = "`\(question.probe)` (\(question.fields.joined(separator: ", ")), \(asked)): \(question.text)"
                case .notObservable: by = item.coverage.reason ?? ""
                }
                let only = item.requirementSet.map { " (only under `\($0)`)" } ?? ""
                out.append("| `\(item.id)` | \(escape(item.text)) | \(item.coverage.method.rawValue)\(only) | \(escape(by)) |")
            }
        }
        out.append("")
        return out.joined(separator: "\n")
    }

    /// Every known cause of the probe's failing observations, with the check that tells it
    /// apart and its public source; then the facts and sources of the probe's own declared
    /// diagnoses (the `extension Diagnosis` of each `Areas/<Area>/*.swift`).
    static func causesSection(_ probe: Probe) -> [String] {
        var out: [String] = []
        if probe.marksStart {
            out += ["", "The page posts a `\(StepMarker.probe)` marker just before this step; a run silent for \(Int(Diff.stalledStepSeconds)) s after it stopped here (`run.stalled` below)."]
        }
        if let tap = probe.farmTap {
            let times = tap.clicks == 1 ? "" : tap.clicks == 2 ? " twice" : " \(tap.clicks) times"
            out += ["", "A device-farm script taps `#\(tap.button)`\(times), as a person would (`farmTap`)."]
        }
        for symptom in Catalog.symptoms where symptom.probes.contains(probe.id) {
            out += ["", "Known causes when \(escape(symptom.observation)) (`\(symptom.id)`):", ""]
            for cause in symptom.causes {
                let ruledOut = cause.ruledOutBy.isEmpty ? "" : " Ruled out when " + cause.ruledOutBy.map { "\($0.probe): \(escape($0.reason))" }.joined(separator: "; ") + "."
                out.append("- `\(cause.id)` (\(cause.layer.rawValue); \(escape(cause.scope))): \(escape(cause.summary)). Check: \(escape(cause.check)).\(ruledOut) Source: <\(cause.source)>")
            }
        }
        return out
    }

    static func kindText(_ probe: Probe) -> String {
        var text = probe.kind.rawValue
        if probe.asksOperator { text += " + operator" }
        if probe.autoWhenUnattended { text += " (auto when unattended)" }
        // docs/requirements.md#product-rules: an unattended run leaves these to a person without holding back the verdict.
        if probe.needsPerson { text += " (needs a person)" }
        return text
    }

    static func anchor(_ id: String) -> String { id.lowercased().replacingEach(".", with: "") }

    /// Markdown renders `<WebView …/>` and `<noscript>` as HTML; the docs show them as text.
    /// A list item with the remedy's code as a fenced block inside it (CommonMark §5.2: the
    /// block is indented to the item's content) and the page documenting its API.
    /// One fix under its wrapper's label ("WKWebView (Swift)"), fenced in its language.
    static func remedyBlock(_ fix: WrapperFix) -> [String] {
        let fence = fix.language.lowercased().filter { $0.isLetter || $0.isNumber }
        return ["", "- \(fix.label)" + (fix.docs.isEmpty ? "" : ", documented at <\(fix.docs)>") + ":", "", "  ```\(fence)"]
            + fix.code.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }
            + ["  ```"]
    }

    static func escape(_ text: String) -> String {
        text.replacingEach("<", with: "&lt;").replacingEach("|", with: "\\|")
    }
}
