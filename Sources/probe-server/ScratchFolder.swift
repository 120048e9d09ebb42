#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ProbeServer

/// A private temporary folder for one trial (the browser profile, the engine's log),
/// removed at the end whatever happened.
struct ScratchFolder {
    let path: String

    /// Chromium puts its singleton socket in TMPDIR/org.chromium.Chromium.XXXXXX/ and aborts
    /// ("Socket path too long") past the 108 bytes of sockaddr_un.sun_path (unix(7)); the
    /// scratch folder is the browser's TMPDIR, so a longer TMPDIR falls back to /tmp.
    static let longestBase = 48

    init() throws {
        var base = NSTemporaryDirectory()
        while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
        if base.utf8.count > Self.longestBase { base = "/tmp" }
        var template = Array((base + "/probe-try-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw CommandFailure("cannot create a temporary folder: \(String(cString: strerror(errno))); "
                + "check that TMPDIR (or /tmp) is writable", exitCode: ExitCode.cannotCreate)
        }
        path = String(cString: made)
    }

    /// Where the engine's stdout and stderr go.
    var logFile: String { path + "/engine.log" }

    /// The last lines of the engine's log, indented, for a message when it ended too early.
    func logTail(lines: Int = 6) -> String {
        guard let text = try? String(contentsOfFile: logFile, encoding: .utf8) else { return "" }
        return text.split(separator: "\n").suffix(lines).map { "  " + ReportText.terminal(String($0.prefix(200))) }.joined(separator: "\n")
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
