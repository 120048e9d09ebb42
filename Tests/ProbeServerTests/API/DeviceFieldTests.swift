import Foundation
import ProbeCatalog
import Testing
@testable import ProbeServer
@testable import ProbeStore
@testable import ProbeServerTesting

/// The device the tester names in the page's introduction (`metadata.deviceModel`) goes with the
/// run into every report, escaped for each, and is held to `StoreLimits.maxDeviceModelBytes`.
@Suite struct DeviceFieldTests {
    /// Markup, Markdown and a quote: what a device name must never become in a report.
    static let hostile = #"Pixel 8 <img src=x onerror=alert(1)> | **bold** & "Android 15""#

    static func createBody(device: String) throws -> String {
        let body: JSONValue = .object(["metadata": .object(["deviceModel": .string(device), "mode": .string("attended")])])
        return String(decoding: try JSONEncoder().encode(body), as: UTF8.self)
    }

    @Test func DeviceNamedAtTheStart_ComesBackAsSent_AndEveryReportShowsItEscaped() throws {
        let s = try TestService(transport: .router)
        let id = try s.createRun(try Self.createBody(device: Self.hostile))
        let run = try s.request("GET", "/api/runs/\(id)")
        #expect((run.json["metadata"] as? [String: Any])?["deviceModel"] as? String == Self.hostile)
        _ = try s.request("POST", "/api/runs/\(id)/results", body: TestService.result(id, "storage.local", observed: #"{"available":true}"#))
        #expect(try s.request("POST", "/api/runs/\(id)/complete").status == 200)

        let page = try s.request("GET", "/runs/\(id)")
        #expect(page.text.contains("<dt>Device</dt><dd>Pixel 8 &lt;img src=x onerror=alert(1)&gt;"), "the report's Device line")
        #expect(!page.text.contains("<img src=x"))
        let markdown = try s.request("GET", "/api/runs/\(id)/report.md").text
        #expect(markdown.contains("**Device** Pixel 8"))
        #expect(!markdown.contains("<img src=x") && !markdown.contains("**bold**") && !markdown.contains("| **bold"))
        let junit = try s.request("GET", "/api/runs/\(id)/report.junit.xml").text
        #expect(!junit.contains("<img src=x"))
        let json = try s.request("GET", "/api/runs/\(id)/report.json")
        let reported = ((json.json["run"] as? [String: Any])?["metadata"] as? [String: Any])?["deviceModel"] as? String
        #expect(reported == Self.hostile, "the JSON report keeps the text as sent: escaping is each format's")
        let matrix = try s.request("GET", "/runs", headers: ["Cookie": "probe_token=\(s.token)"])
        #expect(matrix.text.contains("Pixel 8 &lt;img src=x") && !matrix.text.contains("<img src=x"))
    }

    @Test func DeviceOverTheLimit_Is400NamingTheFieldAndTheLimit_AtTheLimitItIsKept() throws {
        let s = try TestService(transport: .router)
        let limit = StoreLimits.maxDeviceModelBytes
        // Two bytes a character: within the limit in characters, over it in bytes (the store's measure).
        let over = String(repeating: "é", count: limit / 2 + 1)
        let refused = try s.request("POST", "/api/runs", body: try Self.createBody(device: over))
        #expect(refused.status == 400)
        let error = refused.json["error"] as? [String: Any]
        #expect(error?["field"] as? String == "metadata.deviceModel")
        #expect((error?["message"] as? String)?.contains("\(limit)") == true)
        let atLimit = String(repeating: "x", count: limit)
        #expect(try s.request("POST", "/api/runs", body: try Self.createBody(device: atLimit)).status == 201)
    }

    @Test func ThePageAndTheAPIDocument_StateTheStoresDeviceLimit() throws {
        let s = try TestService(transport: .router)
        let config = try s.request("GET", "/api/config")
        #expect((config.json["limits"] as? [String: Any])?["deviceModelBytes"] as? Int == StoreLimits.maxDeviceModelBytes)
        let api = try #require(try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json.utf8)) as? [String: Any])
        let schemas = (api["components"] as? [String: Any])?["schemas"] as? [String: Any]
        let metadata = (schemas?["Metadata"] as? [String: Any])?["properties"] as? [String: Any]
        #expect((metadata?["deviceModel"] as? [String: Any])?["maxLength"] as? Int == StoreLimits.maxDeviceModelBytes)
    }
}
