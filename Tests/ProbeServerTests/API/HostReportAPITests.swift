import Foundation
import Testing
@testable import ProbeCatalog
@testable import ProbeServer
import TestSupport
@testable import ProbeServerTesting

/// The host report over the real run API (docs/host-report.md): refused with the field at
/// fault, or stored and shown as the checklist items it verified.
@Suite struct HostReportAPITests {
    static func hostResult(_ run: String, report: String) -> String {
        TestService.result(run, HostReport.probe.rawValue, status: "info", observed: #"{"bridge":"android","answered":true,"report":\#(report)}"#)
    }

    /// The page's look for bridges, which it posts before it asks for a report: it found the
    /// Android interface (a report is weighed against it, docs/host-report.md).
    static func injected(_ run: String) -> String {
        TestService.result(run, "env.injected", status: "info", observed: #"{"patchedNatives":[],"unexpectedGlobals":[],"bridgeObjects":["ProbeHost"]}"#)
    }

    @Test func MalformedHostReport_Is400NamingTheFactsValue_AndNothingIsStored() throws {
        let s = try TestService(transport: .router)
        let id = try s.createRun(#"{"platform":"android-webview"}"#)
        let report = #"{"schema":"probe-server.host-report/1","host":{"platform":"android"},"facts":{"domStorageEnabled":{"value":"on","how":"webView.settings.domStorageEnabled"}}}"#
        let r = try s.request("POST", "/api/runs/\(id)/results", body: Self.hostResult(id, report: report))
        #expect(r.status == 400, "\(r.text)")
        #expect(r.errorField == "observed.report.facts.domStorageEnabled.value", "\(r.text)")
        #expect(r.errorMessage.contains("expected a boolean"))
        #expect(try s.service.store.results(runID: id).isEmpty)
    }

    @Test func HostReport_IsStored_AndTheReportPageMarksTheItemsItVerified() throws {
        let s = try TestService(transport: .router)
        let id = try s.createRun(#"{"platform":"android-webview"}"#)
        let fixture = Repository.file("companions/fixtures/android-native.json")
        let report = try String(contentsOf: fixture, encoding: .utf8)
        let looked = try s.request("POST", "/api/runs/\(id)/results", body: Self.injected(id))
        #expect(looked.status == 200, "\(looked.text)")
        let posted = try s.request("POST", "/api/runs/\(id)/results", body: Self.hostResult(id, report: report))
        #expect(posted.status == 200, "\(posted.text)")
        let diff = try s.request("GET", "/api/runs/\(id)/diff")
        let items = try #require((diff.json["coverage"] as? [String: Any])?["items"] as? [[String: Any]])
        let manifest = try #require(items.first { $0["id"] as? String == "android.manifest.camera" })
        #expect(manifest["status"] as? String == "verified")
        #expect(manifest["source"] as? String == "host-report")
        let page = try s.request("GET", "/runs/\(id)")
        #expect(page.status == 200)
        #expect(page.text.contains("<span class=\"badge host\">host report</span>"))
    }

    @Test func MarkdownAndTerminalReports_ListTheItemsTheHostReportSettled_AndOnlyThen() {
        let report: JSONValue = .object([
            "schema": .string(HostReport.schema), "host": .object(["platform": "android"]),
            "facts": .object(["manifestPermissions": .object(["value": ["android.permission.CAMERA"], "how": "PackageInfo.requestedPermissions"])]),
        ])
        let host = ProbeResult(run: ReportFixtures.runID, probe: HostReport.probe, status: .info, observed: ["bridge": "android", "answered": true, "report": report])
        let platform = ProbeResult(run: ReportFixtures.runID, probe: "env.platform", status: .pass, observed: ["userAgent": .string(ReportFixtures.androidUserAgent)])
        // The page's look for bridges, posted before it asks: it found the Android interface.
        let injected = ProbeResult(run: ReportFixtures.runID, probe: "env.injected", status: .info,
                                   observed: ["patchedNatives": [], "unexpectedGlobals": [], "bridgeObjects": ["ProbeHost"]])
        let with = ReportFixtures.document([platform, injected, host])
        // The item by its words, as the guide states it.
        #expect(RunReports.markdown(with).contains("From the host report: android.permission.CAMERA is declared in AndroidManifest.xml. verified"))
        #expect(RunReports.text(with).contains("from the host report: android.permission.CAMERA is declared in"))
        let without = ReportFixtures.document([platform])
        #expect(!RunReports.markdown(without).contains("host report"))
        #expect(!RunReports.text(without).contains("host report"))
    }
}
