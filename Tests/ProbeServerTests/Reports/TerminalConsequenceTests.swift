import Testing
import ProbeCatalog
@testable import ProbeServer
@testable import ProbeServerTesting

/// The terminal says a knock-on under its cause, not as a failure of its own.
@Suite struct TerminalConsequenceTests {
    @Test func CameraDenied_ListsTheStepsItStopped_UnderTheCamera() throws {
        let text = RunReports.text(ReportFixtures.document(ReportFixtures.cameraDenied()))
        let lines = text.split(separator: "\n").map(String.init)
        let camera = try #require(lines.firstIndex { $0.hasPrefix("FAIL") && $0.contains("Camera access") }, "\(text)")
        let also = try #require(lines.firstIndex { $0.contains("also fails because of it:") }, "\(text)")
        #expect(also > camera)
        #expect(lines[also + 1] == "       Camera preview (not run)", "\(text)")
        #expect(!lines.contains { $0.hasPrefix("FAIL") && $0.contains("Camera preview") })
        // android.mediaGesture fails only because the camera was denied: counted apart.
        let checklist = try #require(lines.first { $0.hasPrefix("checklist: ") })
        #expect(checklist.contains("1 failed-as-consequence"), "\(checklist)")
    }
}
