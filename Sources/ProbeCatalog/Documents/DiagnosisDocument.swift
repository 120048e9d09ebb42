import BeyondEssentials

/// The generated half of docs/diagnosis.md: every symptom with every cause the catalog knows
/// for it (where it applies, the check that tells it from the others, what rules it out, its
/// public source), then every declared diagnosis with its basis. The prose above the marker is
/// written by hand; everything below it comes from here, so the page cannot drift from what
/// the diff says (`DiagnosisDocumentTests`).
public enum DiagnosisDocument {
    public static let regenerateCommand = "UPDATE_DOCS=1 swift test --filter DiagnosisDocumentTests"
    /// Where the hand-written prose ends and the generated part begins.
    public static let marker = "<!-- Generated below from the catalog: \(regenerateCommand) -->"

    /// `handWritten` with the generated part after it (whatever followed the marker replaced).
    public static func render(keeping handWritten: String) -> String {
        let prose = handWritten.components(separatedBy: marker).first ?? handWritten
        return prose.trimmingTrailingNewlines() + "\n\n" + marker + "\n\n" + generated()
    }

    static func generated(symptoms: [Symptom] = Catalog.symptoms) -> String {
        var out: [String] = []
        out.append("## Symptoms and their causes")
        out.append("")
        out.append("Where a symptom has more than one cause, the column *Tells it apart* is the check that")
        out.append("separates them (the host report's fact where one exists); *Ruled out by* is the")
        out.append("observation of the same run that makes the cause false, so a diagnosis never names it then.")
        for symptom in symptoms {
            out.append("")
            out.append("### \(cell(symptom.observation))")
            out.append("")
            out.append("`\(symptom.id)`, seen by " + symptom.probes.map { "`\($0)`" }.joined(separator: ", ") + ".")
            out.append("")
            out.append("| Cause | Where | Tells it apart | Ruled out by | Source |")
            out.append("|---|---|---|---|---|")
            for cause in symptom.causes {
                let ruledOut = cause.ruledOutBy.map { "`\($0.probe)`: \(cell($0.reason))" }.joined(separator: "; ")
                out.append("| **\(cell(cause.summary))** (`\(cause.id)`, \(cause.layer.rawValue)) | \(cell(cause.scope)) | "
                           + "\(cell(cause.check)) | \(ruledOut.isEmpty ? "–" : ruledOut) | \(link(cause.source)) |")
            }
        }
        out.append("")
        out.append("## Declared diagnoses")
        out.append("")
        out.append("What a finding's diagnosis may say, by id, with the probes that state it and its basis:")
        out.append("a rule of the requirement set, what the page saw (its causes are its symptom's above and")
        out.append("the settings rows'), or a step for the person. No diagnosis states a platform fact itself.")
        out.append("")
        out.append("| Diagnosis | Probes | Basis |")
        out.append("|---|---|---|")
        for declared in Diagnosis.declared.sorted(by: { $0.id < $1.id }) {
            let basis: String
            switch declared.basis {
            case .contract: basis = "the requirement set"
            case .observation: basis = "what the page saw"
            case .instruction: basis = "a step for the person"
            }
            out.append("| `\(declared.id)` | " + declared.probes.map { "`\($0)`" }.joined(separator: ", ") + " | \(basis) |")
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// Text inside a table cell: a pipe would end the cell, a newline the row.
    static func cell(_ text: String) -> String {
        text.replacingEach("|", with: "\\|").replacingEach("\n", with: " ")
    }

    /// A source as a named link: its host and path, so a bare URL is never autolinked twice.
    static func link(_ url: String) -> String {
        var name = url
        for prefix in ["https://", "http://", "www."] where name.hasPrefix(prefix) { name.removeFirst(prefix.count) }
        if name.count > 48 { name = String(name.prefix(47)) + "…" }
        return "[\(cell(name))](\(url))"
    }
}

extension String {
    fileprivate func trimmingTrailingNewlines() -> String {
        var s = self
        while s.hasSuffix("\n") { s.removeLast() }
        return s
    }
}
