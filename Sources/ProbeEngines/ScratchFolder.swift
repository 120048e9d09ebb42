#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials

/// A private temporary folder for one trial (the browser profile, the engine's log),
/// removed at the end whatever happened.
public struct ScratchFolder: Sendable {
    public let path: String

    /// Chromium puts its singleton socket in TMPDIR/org.chromium.Chromium.XXXXXX/ and aborts
    /// ("Socket path too long") past the 108 bytes of sockaddr_un.sun_path (unix(7)); the
    /// scratch folder is the browser's TMPDIR, so a longer TMPDIR falls back to /tmp.
    static let longestBase = 48

    /// What every scratch folder's name starts with, in `base`.
    static let prefix = "probe-try-"

    /// Where scratch folders go: TMPDIR, or /tmp when TMPDIR is too long (`longestBase`).
    static var base: String {
        // NSTemporaryDirectory() as swift-corelibs-foundation answers it: TMPDIR with a
        // trailing slash, else /tmp/ (FoundationEssentials has no NSTemporaryDirectory).
        var base = ProcessInfo.processInfo.environment["TMPDIR"].map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? "/tmp/"
        while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
        return base.utf8.count > longestBase ? "/tmp" : base
    }

    public init() throws {
        var template = Array((Self.base + "/" + Self.prefix + "XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw EngineFailure(.cannotCreate, "cannot create a temporary folder: \(String(cString: strerror(errno))); "
                + "check that TMPDIR (or /tmp) is writable")
        }
        path = String(cString: made)
        // Written before anything else goes in: a folder without it is never taken for abandoned.
        do {
            try TrialOwner.current().text.write(toFile: path + "/" + TrialOwner.fileName, atomically: false, encoding: .utf8)
        } catch {
            remove()
            throw EngineFailure(.cannotCreate, "cannot write \(path)/\(TrialOwner.fileName): \(error.localizedText)")
        }
    }

    /// Removes the scratch folders in `base` that a trial killed before it cleaned up left
    /// behind (`AbandonedScratch`), and the browser folders they name in /tmp; returns their paths.
    public static func removeAbandoned(in base: String? = nil) -> [String] {
        let browser = BrowserUser.lookUp(BrowserUser.accountName)
        return AbandonedScratch.find(in: base ?? Self.base, prefix: prefix).map { found in
            if let outside = found.elsewhere, AbandonedScratch.isOwnedFolder(outside, by: browser?.uid ?? geteuid()) {
                try? FileManager.default.removeItem(atPath: outside)
            }
            try? FileManager.default.removeItem(atPath: found.path)
            return found.path
        }
    }

    /// Chromium's own folder (profile, TMPDIR, HOME): inside the scratch folder when the
    /// browser's account can reach it there, else a folder of its own under /tmp, removed with
    /// the scratch folder. The scratch folder becomes searchable (not listable) by others so
    /// that an unprivileged browser can reach its subfolder; what else it holds stays 0600.
    func browserFolder(for user: BrowserUser?) throws -> String {
        guard let user else { return path }
        guard chmod(path, BrowserFolder.searchableMode) == 0 else {
            throw EngineFailure(.cannotCreate, "cannot open \(path) to the browser's account: \(String(cString: strerror(errno)))")
        }
        let inside = path + "/" + BrowserFolder.name
        if user.canReach(inside) {
            try BrowserFolder.make(inside)
            return inside
        }
        // A TMPDIR above that the account cannot search: the browser's folder goes to /tmp,
        // and a link in the scratch folder removes it with the rest.
        var template = Array((BrowserFolder.elsewherePrefix + "XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw EngineFailure(.cannotCreate, "cannot create a folder for the browser in /tmp: \(String(cString: strerror(errno)))")
        }
        let outside = String(cString: made)
        try? "\(outside)\n".write(toFile: path + "/" + BrowserFolder.elsewhereNote, atomically: false, encoding: .utf8)
        return outside
    }

    /// Where the engine's stdout and stderr go.
    public var logFile: String { path + "/engine.log" }

    /// The last lines of the engine's log, each cut at `lineLength`, for a message when it
    /// ended too early. As the engine wrote them: the CLI makes them safe for a terminal.
    public func logTail(lines: Int = 6, lineLength: Int = 200) -> [String] {
        guard let text = try? String(contentsOfFile: logFile, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").suffix(lines).map { String($0.prefix(lineLength)) }
    }

    public func remove() {
        if let outside = BrowserFolder.elsewhere(noted: path) {
            try? FileManager.default.removeItem(atPath: outside)
        }
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// The browser's folder in a trial's scratch folder.
enum BrowserFolder {
    static let name = "browser"
    /// The file that names the browser's folder when it had to go to /tmp.
    static let elsewhereNote = "browser-folder"
    static let elsewherePrefix = "/tmp/probe-try-browser-"

    /// The browser's folder in /tmp that the scratch folder at `scratch` notes, if it names one there.
    static func elsewhere(noted scratch: String) -> String? {
        guard let outside = try? String(contentsOfFile: scratch + "/" + elsewhereNote, encoding: .utf8)
            .trimming(.whitespacesAndNewlines),
              outside.hasPrefix(elsewherePrefix), !outside.dropFirst(elsewherePrefix.count).contains("/") else { return nil }
        return outside
    }
    /// Owner all, others search only: the browser's account reaches its subfolder by name,
    /// and lists nothing (the log and the notes are 0600 root's).
    static let searchableMode: mode_t = 0o711
    static let privateMode: mode_t = 0o700

    static func make(_ path: String) throws {
        guard mkdir(path, privateMode) == 0 else {
            throw EngineFailure(.cannotCreate, "cannot create \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Copies `file` into `folder` and returns the copy's path.
    static func copy(_ file: String, into folder: String) throws -> String {
        let copy = folder + "/" + file.lastPathComponent
        do {
            try FileManager.default.copyItem(atPath: file, toPath: copy)
        } catch {
            throw EngineFailure(.cannotCreate, "cannot copy \(file) for the browser: \(error.localizedText)")
        }
        return copy
    }
}
