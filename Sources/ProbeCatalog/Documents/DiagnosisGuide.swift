/// What the diff can conclude for each probe, in words, for the docs and the export. Each
/// probe's lines are on its declaration (`evaluated(by:concluding:)`), in the same area file as
/// the evaluator that draws them; a test of the area's (`Tests/ProbeCatalogTests/Areas/`) proves each one.
public enum DiagnosisGuide {
    public static let byProbe: [ProbeID: [String]] = Dictionary(
        uniqueKeysWithValues: StandardProbes.all.filter { !$0.diagnoses.isEmpty }.map { ($0.id, $0.diagnoses) })
}
