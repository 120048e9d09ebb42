// A testing library: compiled in debug builds only. `swift build -c release` builds every
// library target of the package, and `@testable import` needs the modules compiled for
// testing, which SwiftPM does in debug (the configuration `swift test` uses).
#if DEBUG
import Foundation
import TestSupport
@testable import ProbeHTTPTesting

/// The reports' independent reader: `Tests/reports/check_report.py` (JUnit against its XSD,
/// the HTML page's structure), run on a rendered report.
enum ReportChecker {
    static let checker = Repository.file("Tests/reports/check_report.py").path

    /// Writes `text` to a temporary file and runs the Python checker on it.
    static func check(_ mode: String, _ text: String) throws -> (status: Int32, json: [String: Any], stderr: String) {
        let directory = TLSTestSupport.temporaryDirectory()
        defer { TLSTestSupport.remove(directory) }
        let path = directory + "/report." + (mode == "junit" ? "xml" : "html")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let output = try TLSTestSupport.run("python3", [checker, mode, path])
        let json = (try? JSONSerialization.jsonObject(with: Data(output.stdout.utf8))) as? [String: Any] ?? [:]
        return (output.status, json, output.stderr)
    }
}
#endif
