import Foundation
import Testing
@testable import ProbeServer
import TestSupport

/// The route table of docs/api.md is written from the route table (`APIRoute.all`); this test
/// fails when the committed table is stale, and rewrites it when run with UPDATE_DOCS=1.
@Suite struct APIRouteTableDocumentTests {
    static let document = Repository.file("docs/api.md")

    @Test func APIDocumentsRoutes_AreTheRouteTables() throws {
        let committed = try String(contentsOf: Self.document, encoding: .utf8)
        let generated = try #require(APIRouteTable.updating(committed), "docs/api.md has no table under \(APIRouteTable.heading)")
        if ProcessInfo.processInfo.environment["UPDATE_DOCS"] == "1" {
            try generated.write(to: Self.document, atomically: true, encoding: .utf8)
        }
        let now = try String(contentsOf: Self.document, encoding: .utf8)
        #expect(now == generated, "docs/api.md's route table is stale: run `\(APIRouteTable.regenerateCommand)` and commit it")
    }

    @Test func EveryDocumentedRoute_AndEveryPageWithADetail_HasARow() {
        let rows = APIRouteTable.markdown().split(separator: "\n").dropFirst(2)
        #expect(rows.count == APIRouteTable.listed().count)
        #expect(APIRoute.all.filter(\.isDocumented).allSatisfy { route in rows.contains { $0.hasPrefix("| `\(route)` |") } })
        #expect(rows.contains { $0.hasPrefix("| `GET /runs/{id}` |") }, "the report page has a detail, so a row")
        #expect(!rows.contains { $0.contains("/probe/") }, "the probes' endpoints are the page's, not the API's")
    }

    @Test func APipeInACell_IsEscaped_SoTheRowKeepsItsColumns() {
        #expect(APIRouteTable.cell("true|false") == "true\\|false")
        let diffRow = APIRouteTable.markdown().split(separator: "\n").first { $0.hasPrefix("| `GET /api/runs/{id}/diff` |") }
        #expect(diffRow.map { $0.replacingOccurrences(of: "\\|", with: "").filter { $0 == "|" }.count } == 4)
    }

    @Test func WhoMayCall_SaysTheAccessAndWhatItDoesNotTell() {
        #expect(APIRouteTable.access(.results) == "the run's write key, or an ingest token")
        #expect(APIRouteTable.access(.deleteRun) == "an admin token")
        #expect(APIRouteTable.access(.run) == "anyone; \(APIRoute.byRunID)")
    }
}
