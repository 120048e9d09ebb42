// Where the catalog's knowledge lives and where it is judged: each file of an area
// (`Areas/<Area>/*.swift`, one per group of probes) declares its probes, the diagnoses its
// evaluators state (`extension Diagnosis`), the evaluators (`extension Diff`), which only decide
// which declaration applies to a result and fill in what it observed, the symptoms they rank with
// their causes (`extension Symptom`) and the fixes its findings carry (`extension Remedy`). An evaluator
// cannot word a diagnosis itself: `Assessment` takes a `Diagnosis`, and only a declared
// `KnownDiagnosis` states one.

/// A diagnosis as an evaluator stated it: the declared diagnosis's name and basis, and its
/// words filled in with what the run observed.
public struct Diagnosis: Sendable, Equatable {
    /// The declaration's stable name (`android.dom-storage-off`), so tests need not match prose.
    public let id: String
    /// The words a person reads.
    public let text: String
    public let basis: Basis
    /// What was observed and what the run ruled out, without the causes `text` names: what a
    /// report shows above the causes it lists one by one (`Words.diagnosis`). Nil when `text`
    /// is not worded from causes.
    public let lead: String?

    /// Only a declaration (`KnownDiagnosis`) or the wording of ranked causes in this file makes one.
    fileprivate init(id: String, text: String, basis: Basis, lead: String? = nil) {
        self.id = id
        self.text = text
        self.basis = basis
        self.lead = lead
    }

    /// Why the catalog may say it. No case states a platform fact: a fact of a WebView
    /// setting or callback is a settings row of the wrappers' tables, one of the web platform,
    /// a browser, the page, the device or the person a known cause of the run's context
    /// (`KnownCause.context`), each beside its public source; a diagnosis only says what was
    /// seen, which rule was applied, or what the person is to do, and its causes are ranked.
    public enum Basis: Sendable, Equatable {
        /// A rule of the requirement set the run is judged by (docs/requirements.md), not of the platform.
        case contract
        /// What the page saw, in words: the causes that explain it are its symptom's (beside its probe) and the settings rows'.
        case observation
        /// A step for the person, or a note on the run itself: it claims nothing of the platform.
        case instruction
    }
}

/// A diagnosis the catalog knows: its stable name, the probes that state it, its basis, and
/// its words as a function of the values an evaluator observed (a storage's name, an error's
/// name, a percentage). Declared once, in its probe's file (`Areas/<Area>/*.swift`); an evaluator states it by
/// calling it with those values (`Diagnosis.domStorageOff(name, how)`).
public struct KnownDiagnosis<each Value>: Sendable, DeclaredDiagnosis {
    public let id: String
    public let probes: [ProbeID]
    public let basis: Diagnosis.Basis
    let words: @Sendable (repeat each Value) -> String

    init(_ id: String, probes: [ProbeID], _ basis: Diagnosis.Basis, words: @escaping @Sendable (repeat each Value) -> String) {
        self.id = id
        self.probes = probes
        self.basis = basis
        self.words = words
    }

    func callAsFunction(_ value: repeat each Value) -> Diagnosis {
        Diagnosis(id: id, text: words(repeat each value), basis: basis)
    }
}

/// What a declaration says of itself whatever its values: what the docs and the tests list.
public protocol DeclaredDiagnosis: Sendable {
    var id: String { get }
    var probes: [ProbeID] { get }
    var basis: Diagnosis.Basis { get }
}

extension Diagnosis {
    /// Every diagnosis the catalog declares (the `extension Diagnosis` of each `Areas/<Area>/*.swift`).
    public static let declared: [any DeclaredDiagnosis] = cameraDeclared + environmentDeclared + filesDeclared + grantScopeDeclared + locationDeclared + mediaDeclared + microphoneDeclared + navigationDeclared + networkDeclared + runDeclared + storageDeclared

    /// The declared diagnoses a probe can state.
    public static func declared(for probe: ProbeID) -> [any DeclaredDiagnosis] {
        declared.filter { $0.probes.contains(probe) }
    }

    /// A symptom's diagnosis worded from its ranked causes after the declared lead (what was
    /// observed): one cause when the evidence is conclusive, the others joined by "or" with
    /// the check that tells them apart when it is not, and what the run rules out.
    static func ranking(_ lead: Diagnosis, causes: [Cause], ruledOut: [(cause: KnownCause, by: Contradiction)]) -> Diagnosis {
        let excluded = ruledOut.isEmpty ? "" : " Ruled out by this run: " + ruledOut.map { "\($0.cause.id) (\($0.by.reason))" }.joined(separator: "; ") + "."
        guard let top = causes.first else {
            return Diagnosis(id: lead.id, text: lead.text + "." + excluded, basis: lead.basis)
        }
        let observed = lead.text + "." + excluded
        let leading = causes.leading
        var text = "\(lead.text): \(top.summary)"
        if leading.count > 1 {
            text += leading.dropFirst().map { "; or \($0.summary)" }.joined()
            text += ". The evidence does not tell these apart; check: " + leading.map(\.check).joined(separator: "; ") + "."
        } else {
            text += "."
        }
        let others = causes.dropFirst(leading.count)
        if !others.isEmpty {
            text += " Less likely: " + others.map(\.summary).joined(separator: "; ") + "."
        }
        return Diagnosis(id: lead.id, text: text + excluded, basis: lead.basis, lead: observed)
    }

    /// A diagnosis that names one cause, with the others the evidence leaves standing said
    /// too, so the text claims no more than the evidence.
    func namingTheOthers(_ causes: [Cause]) -> Diagnosis {
        guard causes.count > 1, !text.contains("; or "), !text.contains("Less likely:") else { return self }
        let unnamed = causes.dropFirst().filter { !text.contains($0.summary) }
        guard !unnamed.isEmpty else { return self }
        return Diagnosis(id: id, text: text + " Also possible: " + unnamed.map(\.summary).joined(separator: "; ") + ".", basis: basis, lead: lead ?? text)
    }
}

extension Diagnosis {
    /// The declared lead followed by every cause, most likely first, joined by "or": for a
    /// finding with no result of its own to weigh the causes against (`StalledStep`).
    static func listing(_ lead: Diagnosis, causes: [Cause]) -> Diagnosis {
        guard let top = causes.first else { return Diagnosis(id: lead.id, text: lead.text + ".", basis: lead.basis) }
        let text = lead.text + ": " + ([top.summary] + causes.dropFirst().map { "or \($0.summary)" }).joined(separator: "; ") + "."
        return Diagnosis(id: lead.id, text: text, basis: lead.basis, lead: lead.text + ".")
    }
}
