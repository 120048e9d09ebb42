import Foundation
import Testing
@testable import ProbeCatalog
@testable import ProbeServer
@testable import ProbeServerTesting

/// The promise of docs/adding-a-probe.md: a probe is one declaration. A catalog with one more
/// probe, declared here as a fixture and nowhere else, is served to the page in `/api/config`,
/// its posted results are checked against its declared fields, and a failing one is judged
/// into a finding carrying its remedy — with no other file of the server told about it.
@Suite struct AddingAProbeTests {
    /// The fixture: the guide's example, a Cache API round trip in the storage phase.
    static let cacheAPI = Probe(
        id: "storage.cacheApi", title: "Cache API",
        instructions: "Nothing to do.",
        kind: .auto, phase: .storage,
        checks: "caches.open, put and match of a small response.",
        observed: [
            ObservedField("available", .boolean, "True when window.caches exists."),
            ObservedField("putMatch", .boolean, "True when a put then match returned the response."),
            ObservedField("errorName", .string, "Exception name of the first failure."),
        ],
        healthy: .init(["available": true, "putMatch": true]),
        expectation: .init(.required, expected: "open, put and match work"),
        remedy: .domStorage)

    /// The standard catalog with the fixture after the last storage probe (page order).
    static var catalog: Catalog {
        var probes = Catalog.standard.probes
        let at = (probes.lastIndex { $0.phase == .storage } ?? probes.count - 1) + 1
        probes.insert(cacheAPI, at: at)
        return Catalog(probes: probes, requirementSets: Catalog.standard.requirementSets,
                       checklist: Catalog.standard.checklist)
    }

    @Test func AProbeDeclaredOnce_IsExportedToThePage_PostedAndJudged() throws {
        let s = try TestService { $0.catalog = Self.catalog }
        // Exported: the page reads its probes from /api/config.
        let config = try s.request("GET", "/api/config")
        let probes = (config.json["catalog"] as? [String: Any])?["probes"] as? [[String: Any]] ?? []
        let exported = try #require(probes.first { $0["id"] as? String == "storage.cacheApi" }, "the new probe is not in /api/config")
        let fields = (exported["observed"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(fields == ["available", "putMatch", "errorName"])

        let id = try s.createRun()
        // Posted: a declared field of the wrong type is refused, naming it ...
        let wrong = try s.request("POST", "/api/runs/\(id)/results",
                                  body: TestService.result(id, "storage.cacheApi", status: "fail", observed: #"{"putMatch":"no"}"#))
        #expect(wrong.status == 400)
        #expect(wrong.errorMessage.contains("putMatch"), "the refusal names the field: \(wrong.errorMessage)")
        // ... and the declared fields are taken.
        let posted = try s.request("POST", "/api/runs/\(id)/results",
                                   body: TestService.result(id, "storage.cacheApi", status: "fail",
                                                            observed: #"{"available":true,"putMatch":false,"errorName":"SecurityError"}"#))
        #expect(posted.status == 200, "\(posted.text)")

        // Judged: the failure is a finding of the new probe with its declared remedy.
        let diff = try s.request("GET", "/api/runs/\(id)/diff")
        let findings = diff.json["findings"] as? [[String: Any]] ?? []
        let finding = try #require(findings.first { $0["probe"] as? String == "storage.cacheApi" }, "no finding for the new probe")
        #expect(finding["verdict"] as? String == "fail")
        let fixes = (finding["remedy"] as? [String: Any])?["fixes"] as? [[String: Any]] ?? []
        #expect(fixes.contains { $0["wrapper"] as? String == "native-android" && $0["language"] as? String == "Kotlin" && $0["code"] is String })
    }

    @Test func TheStandardServer_DoesNotKnowTheFixture() throws {
        // The probe above is known only through the catalog the server was given.
        let s = try TestService()
        let id = try s.createRun()
        let posted = try s.request("POST", "/api/runs/\(id)/results",
                                   body: TestService.result(id, "storage.cacheApi", observed: #"{"available":true}"#))
        #expect(posted.status == 400)
        #expect(posted.errorMessage.contains("storage.cacheApi"), "\(posted.errorMessage)")
    }
}
