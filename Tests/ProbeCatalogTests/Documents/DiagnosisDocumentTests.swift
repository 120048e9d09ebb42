import Foundation
import Testing
@testable import ProbeCatalog

/// docs/diagnosis.md: prose by hand, then every symptom's causes and every declared diagnosis
/// generated from the catalog. Fails when the committed page is stale; rewrites it with
/// UPDATE_DOCS=1.
@Suite struct DiagnosisDocumentTests {
    static let url = CitationTests.root
        .appendingPathComponent("docs/diagnosis.md")

    @Test func DiagnosisDoc_IsGeneratedFromTheCatalog() throws {
        let committed = try String(contentsOf: Self.url, encoding: .utf8)
        let generated = DiagnosisDocument.render(keeping: committed)
        if ProcessInfo.processInfo.environment["UPDATE_DOCS"] == "1" {
            try generated.write(to: Self.url, atomically: true, encoding: .utf8)
        }
        let now = try String(contentsOf: Self.url, encoding: .utf8)
        #expect(now == generated, "docs/diagnosis.md is stale: run `\(DiagnosisDocument.regenerateCommand)` and commit it")
        #expect(now.contains(DiagnosisDocument.marker))
    }

    @Test func DiagnosisDoc_NamesEveryCause_AndEveryDeclaredDiagnosis() {
        let text = DiagnosisDocument.generated()
        for symptom in Catalog.symptoms {
            #expect(text.contains("`\(symptom.id)`"))
            for cause in symptom.causes { #expect(text.contains("(`\(cause.id)`, "), "\(cause.id) is missing") }
        }
        for declared in Diagnosis.declared { #expect(text.contains("| `\(declared.id)` |"), "\(declared.id) is missing") }
    }

    @Test func ACellWithAPipe_StaysOneCell() {
        #expect(DiagnosisDocument.cell("a | b\nc") == "a \\| b c")
    }
}
