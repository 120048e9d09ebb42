import Foundation
import Testing
@testable import ProbeServer
import TestSupport

/// The table "Who may call each route" in docs/security-capabilities.md is written from the
/// route table (`APIRoute.all`); this test fails when the committed table is stale, and
/// rewrites it when run with UPDATE_DOCS=1. `RouteScopeTests` calls the real server with
/// every credential and holds it to each cell.
@Suite struct CapabilityTableDocumentTests {
    static let document = Repository.file("docs/security-capabilities.md")

    @Test func CapabilityTable_IsTheRouteTables() throws {
        let committed = try String(contentsOf: Self.document, encoding: .utf8)
        let generated = try #require(CapabilityTable.updating(committed), "docs/security-capabilities.md has no table under its heading")
        if ProcessInfo.processInfo.environment["UPDATE_DOCS"] == "1" {
            try generated.write(to: Self.document, atomically: true, encoding: .utf8)
        }
        let now = try String(contentsOf: Self.document, encoding: .utf8)
        #expect(now == generated, "docs/security-capabilities.md's capability table is stale: run `\(CapabilityTable.regenerateCommand)` and commit it")
    }

    @Test func EveryRoute_HasOneRow() {
        let rows = CapabilityTable.markdown().split(separator: "\n").dropFirst(2)
        #expect(rows.count == APIRoute.all.count)
        #expect(Set(APIRoute.all).count == APIRoute.all.count, "a route is in the table twice")
    }
}
