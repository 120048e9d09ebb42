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
import ProbeCatalog

/// A throw-away Chromium profile and the switches of a trial run: a fake camera that the
/// browser grants without asking, the DevTools pipe (`DevToolsPipe`) so that headless
/// Chromium stays open until it is stopped (a one-shot `--dump-dom` or `--screenshot` quits
/// half-way through the run), its sandbox on, and trust in exactly the server's key. Never
/// `--no-sandbox` and never `--remote-debugging-port`: a DevTools port on loopback has no
/// credential, and any local user who finds it drives the browser (files through file://,
/// writes through downloads). Switches:
/// https://peter.sh/experiments/chromium-command-line-switches/ and
/// Tests/engines/hosts/chromium_host.py, which runs the same browser in the engine matrix.
struct ChromiumProfile {
    /// What a misconfiguration changes in the profile.
    enum Change {
        /// `Default/Preferences` content settings (1 allow, 2 block), as a person or a policy
        /// sets them; "cookies" blocked also blocks DOM storage (docs/engines.md).
        case contentSetting(String, blocked: Bool)
    }

    /// The page's viewport: a phone's (390×844 CSS pixels, the screenshots of docs/).
    static let windowSize = "390,844"

    let directory: String
    let change: Change?

    /// Writes the profile into `directory` (a scratch folder of the trial).
    init(in directory: String, change: Change?) throws {
        self.directory = directory
        self.change = change
        try writePreferences()
    }

    var profileDirectory: String { directory + "/profile" }

    /// The microphone is blocked in every trial (the page asks for the camera; a microphone
    /// prompt would wait for nobody), and screen capture is off: with it on, camera.scope's
    /// getDisplayMedia opens a picker nobody closes in headless Chromium (see
    /// Tests/engines/hosts/chromium_host.py for the measurements).
    private func writePreferences() throws {
        var settings: [String: JSONValue] = ["media_stream_mic": 2]
        if case .contentSetting(let name, let blocked)? = change { settings[name] = blocked ? 2 : 1 }
        let preferences: JSONValue = [
            "profile": ["default_content_setting_values": .object(settings)],
            "hardware": ["screen_capture_enabled": false],
        ]
        do {
            try FileManager.default.createDirectory(atPath: profileDirectory + "/Default", withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let data = try encoder.encode(preferences)
            try data.write(to: URL(fileURLWithPath: profileDirectory + "/Default/Preferences"))
        } catch {
            throw EngineFailure(.cannotCreate, "cannot write the Chromium profile in \(directory): \(error.localizedText)")
        }
    }

    /// What the browser opens at start. The run's URL (with its write key) is opened over the
    /// DevTools pipe (`DevToolsSession.openPage`): a command line is world-readable in
    /// /proc/PID/cmdline (proc(5)), and `ps` shows it to every local user.
    static let startPage = "about:blank"

    /// The command line, trusting the keys in `pins` (base64 SHA-256 of each
    /// SubjectPublicKeyInfo) and nothing else: never --ignore-certificate-errors.
    func arguments(pins: [String]) -> [String] {
        // Chromium refuses to run as root with its sandbox (https://crbug.com/638180): `try`
        // started as root runs it as another account (`BrowserUser`), never with --no-sandbox.
        var args = ["--headless=new"]
        args += [
            "--use-fake-device-for-media-stream",
            "--user-data-dir=\(profileDirectory)",
            "--remote-debugging-pipe",
            "--no-first-run",
            "--no-default-browser-check",
            "--window-size=\(Self.windowSize)",
        ]
        if !pins.isEmpty { args.append("--ignore-certificate-errors-spki-list=\(pins.joined(separator: ","))") }
        // Answers the permission prompt for the person (headless Chromium has nobody to ask).
        args.append("--use-fake-ui-for-media-stream")
        return args + [Self.startPage]
    }

}
