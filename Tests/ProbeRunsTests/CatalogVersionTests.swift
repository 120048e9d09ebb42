import Foundation
import ProbeCatalog
import ProbeRuns
import Testing

/// The key a judgement is kept under (`CatalogVersion`): the catalog's export, the server's
/// version and the build, hashed once.
@Suite struct CatalogVersionTests {
    @Test func CatalogVersion_FollowsTheExportAndTheServer_AndIsComputedOnce() {
        let standard = CatalogVersion(catalog: .standard, serverVersion: "1.0").value
        #expect(standard == CatalogVersion(catalog: .standard, serverVersion: "1.0").value)
        #expect(standard != CatalogVersion(catalog: .standard, serverVersion: "1.1").value)
        let fewer = Catalog(probes: Catalog.standard.probes, requirementSets: Array(Catalog.standard.requirementSets.prefix(1)), checklist: Catalog.standard.checklist)
        #expect(standard != CatalogVersion(catalog: fewer, serverVersion: "1.0").value)
        #expect(standard.count == 32 && standard.allSatisfy(\.isHexDigit))
    }

    @Test func AReportsJudge_NamesTheVersionTheBuildAndTheKey() {
        let version = CatalogVersion(catalog: .standard, serverVersion: "1.0")
        let judge = version.judgedBy
        #expect(judge.version == "1.0")
        #expect(judge.build == BuildIdentity.current && judge.build != "unknown", "the test binary's own hash")
        #expect(judge.key == version.value)
    }
}
