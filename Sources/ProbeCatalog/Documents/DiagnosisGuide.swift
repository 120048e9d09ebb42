/// What the diff can conclude for each probe, in words, for the docs and the export. Each
/// probe's lines are on its declaration (`evaluated(by:concluding:)` in StandardProbes.swift),
/// beside the evaluator that draws them (`Diff+*.swift`); a test proves each one (DiagnosisTests).
public enum DiagnosisGuide {
    public static let byProbe: [ProbeID: [String]] = Dictionary(
        uniqueKeysWithValues: StandardProbes.all.filter { !$0.diagnoses.isEmpty }.map { ($0.id, $0.diagnoses) })
}
