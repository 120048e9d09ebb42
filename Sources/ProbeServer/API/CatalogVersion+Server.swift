import ProbeCatalog
import ProbeRuns

extension DiffReport.JudgedBy {
    /// This build judging with the standard catalog, as a server of it would: what the CLI's
    /// own judgements (`probe-server diff`) say of their judge.
    public static var thisBuild: DiffReport.JudgedBy {
        CatalogVersion(catalog: .standard, serverVersion: ProbeService.version).judgedBy
    }
}
