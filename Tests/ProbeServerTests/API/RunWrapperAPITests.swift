import Foundation
import Testing
@testable import ProbeServer
import ProbeCatalog
@testable import ProbeServerTesting

/// `POST /api/runs` takes `wrapper` like `platform`: kept with the run and used by its diff.
@Suite struct RunWrapperAPITests {
    @Test func CreatedRunsWrapper_IsKept_AndTheDiffJudgesAgainstIt() throws {
        let s = try TestService(transport: .router)
        let id = try s.createRun(#"{"platform":"android-webview","wrapper":"cordova"}"#)
        let got = try s.request("GET", "/api/runs/\(id)")
        #expect((got.json["metadata"] as? [String: Any])?["wrapper"] as? String == "cordova")
        _ = try s.request("POST", "/api/runs/\(id)/results", body: TestService.result(
            id, "camera.foreignOrigin", status: "fail", observed: #"{"otherPortOutcome":"granted","otherHostOutcome":"granted"}"#))
        let diff = try s.request("GET", "/api/runs/\(id)/diff")
        let detection = (diff.json["platform"] as? [String: Any])?["wrapperDetection"] as? [String: Any]
        #expect(detection?["wrapper"] as? String == "cordova")
        #expect(detection?["overridden"] as? Bool == true)
        let finding = (diff.json["findings"] as? [[String: Any]])?.first { $0["probe"] as? String == "camera.foreignOrigin" }
        let first = ((finding?["remedy"] as? [String: Any])?["fixes"] as? [[String: Any]])?.first
        #expect(first?["wrapper"] as? String == "cordova")
        #expect((first?["code"] as? String)?.contains("extends SystemWebChromeClient") == true)
        #expect((finding?["diagnosis"] as? String)?.contains("SystemWebChromeClient.onPermissionRequest grants every requested resource") == true)
    }

    @Test func UnknownWrapper_Is400_NamingTheFieldAndTheKnownOnes() throws {
        let s = try TestService(transport: .router)
        let r = try s.request("POST", "/api/runs", body: #"{"wrapper":"ionic"}"#)
        #expect(r.status == 400 && r.errorField == "wrapper")
        #expect(r.errorMessage.contains("webview_flutter"))
    }
}

/// The run report page shows the detected wrapper's fix first and maps its settings onto the checklist.
@Suite struct WrapperReportPageTests {
    @Test func ReportPage_ShowsTheWrappersFixOpen_TheOthersFolded_AndItsChecklistMapping() throws {
        let s = try TestService(transport: .router)
        let id = try s.createRun(#"{"platform":"android-webview","wrapper":"capacitor"}"#)
        _ = try s.request("POST", "/api/runs/\(id)/results", body: TestService.result(
            id, "camera.foreignOrigin", status: "fail", observed: #"{"otherPortOutcome":"granted","otherHostOutcome":"granted"}"#))
        let page = try s.request("GET", "/runs/\(id)").text
        let open = try #require(page.range(of: "<strong>Fix in Capacitor (Kotlin, Android)</strong> <span class=\"tag\">this app</span>"))
        let folded = try #require(page.range(of: "<details class=\"other-wrappers\"><summary>The fix in the other wrappers"))
        #expect(open.lowerBound < folded.lowerBound)
        #expect(page.contains("<h3>The items in Capacitor</h3>"))
        #expect(page.contains("BridgeWebChromeClient.onPermissionRequest (grants every origin: subclass it)"))
    }
}
