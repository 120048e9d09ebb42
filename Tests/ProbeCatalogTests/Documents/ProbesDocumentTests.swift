import Foundation
import Testing
@testable import ProbeCatalog

/// docs/probes.md is generated from the catalog; this test fails when the committed file
/// is stale, and rewrites it when run with UPDATE_DOCS=1.
@Suite struct ProbesDocumentTests {
    static let docsURL = CitationTests.root
        .appendingPathComponent("docs/probes.md")

    @Test func ProbesDoc_IsUpToDate() throws {
        let generated = ProbesDocument.render()
        if ProcessInfo.processInfo.environment["UPDATE_DOCS"] == "1" {
            try FileManager.default.createDirectory(at: Self.docsURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            try generated.write(to: Self.docsURL, atomically: true, encoding: .utf8)
        }
        let committed = try? String(contentsOf: Self.docsURL, encoding: .utf8)
        #expect(committed == generated, "docs/probes.md is stale: run `\(ProbesDocument.regenerateCommand)` and commit it")
    }

    @Test func ProfilesDoc_IsUpToDate() throws {
        let url = Self.docsURL.deletingLastPathComponent().appendingPathComponent("profiles.md")
        let generated = ProfileTable.markdown()
        if ProcessInfo.processInfo.environment["UPDATE_DOCS"] == "1" {
            try generated.write(to: url, atomically: true, encoding: .utf8)
        }
        let committed = try? String(contentsOf: url, encoding: .utf8)
        #expect(committed == generated, "docs/profiles.md is stale: run `\(ProbesDocument.regenerateCommand)` and commit it")
    }

    @Test func ProbesDoc_ListsEveryProbeAndChecklistItem_WithRemedies() {
        let text = ProbesDocument.render()
        for probe in Catalog.standard.probes { #expect(text.contains("### \(probe.id)")) }
        for item in Catalog.standard.checklist { #expect(text.contains("`\(item.id)`")) }
        #expect(text.contains("- Android WebView (Kotlin), documented at <\(PlatformSource.androidDomStorage)>:\n\n  ```kotlin\n"))
        #expect(text.contains("  webView.settings.domStorageEnabled = true\n  ```"))
        #expect(text.contains("  ```jsx\n  <WebView domStorageEnabled />\n  ```"))
        #expect(text.contains("53 items: 31 verified, 4 inferred, 14 confirmed, 4 not-observable."))
    }

    @Test func ProbesDoc_ShowsEachProbesCauses_WithTheirSources() {
        let text = ProbesDocument.render()
        for symptom in Catalog.symptoms {
            #expect(text.contains("(`\(symptom.id)`)"))
            for cause in symptom.causes { #expect(text.contains("`\(cause.id)`") && text.contains("Source: <\(cause.source)>")) }
        }
    }
}
