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

/// The WebView hosts of Tests/engines/hosts, launched as Tests/engines/test_matrix.py
/// launches them: WebKitGTK under xvfb-run on the system Python (where PyGObject lives),
/// QtWebEngine offscreen on the python3 of PATH with PyQt6 from PyPI (docs/engines.md).
struct EngineHost {
    let engine: TrialEngine
    /// The checkout's Tests/engines folder.
    let folder: String

    /// Seconds an unattended tap step waits for the host's farm script before it is skipped,
    /// and a tapped chooser before the page gives up: the values of the engine matrix
    /// (Tests/engines/test_matrix.py), where the hosts click within about 0.3 s.
    static let tapWaitSeconds = "1.5"
    static let answerWaitSeconds = "4"
    /// A host that does not trust the CA never sees the page end; it gives up after this
    /// (the matrix's UNTRUSTED_TIMEOUT).
    static let untrustedTimeoutSeconds = 8
    /// Debian packages of the WebKit host (Tests/engines/run.sh).
    static let webkitPackages = ["xvfb", "xauth", "python3-gi", "python3-gi-cairo", "gir1.2-webkit2-4.1"]
    static let qtPipPackages = ["PyQt6", "PyQt6-WebEngine"]
    static let systemPython = "/usr/bin/python3"

    /// Where Tests/engines may be: in each checkout root the CLI names (beside the page
    /// folder, the working directory), in that order.
    static func candidateFolders(checkoutRoots: [String]) -> [String] {
        checkoutRoots.map { $0 + "/Tests/engines" }
    }

    /// The image the hosts (and Chromium's tap script) pick in the file chooser.
    static func fixture(checkoutRoots: [String]) -> String? {
        candidateFolders(checkoutRoots: checkoutRoots).map { $0 + "/fixtures/document.jpg" }
            .first { FileManager.default.fileExists(atPath: $0) }
    }

    var fixture: String { folder + "/fixtures/document.jpg" }

    /// Finds Tests/engines of the checkout.
    static func locate(_ engine: TrialEngine, checkoutRoots: [String]) throws -> EngineHost {
        let folders = candidateFolders(checkoutRoots: checkoutRoots)
        if let folder = folders.first(where: { FileManager.default.fileExists(atPath: $0 + "/hosts/common.py") }) {
            return EngineHost(engine: engine, folder: folder)
        }
        throw EngineFailure(.notFound, "--engine \(engine.rawValue) runs the host of Tests/engines/hosts, which is not here; "
            + "run `probe-server try` from the repository (looked in \(folders.joined(separator: ", ")))")
    }

    /// The query the page needs: unattended, the platform the host stands in for, and the
    /// matrix's tap timings (the hosts click the tap steps like a device farm).
    func pageQuery(platform: String) -> String {
        "mode=unattended&platform=\(platform)&\(TapFarm.pageQuery)"
    }

    /// Installs what the host needs when it is missing (as Tests/engines/run.sh does), or
    /// says which command would; `say` prints what it installs.
    func ensureDependencies(say: (String) -> Void) throws {
        switch engine {
        case .webkit:
            let missing = Self.webkitPackages.filter { !ChildProcess.succeeds("dpkg", ["-s", $0]) }
            guard !missing.isEmpty else { return }
            try DebianPackages.install(missing, why: "the WebKitGTK host", say: say)
        case .qt:
            guard !ChildProcess.succeeds("python3", ["-c", "import PyQt6.QtWebEngineCore"]) else { return }
            let command = ["python3", "-m", "pip", "install", "-q"] + Self.qtPipPackages
            say("installing PyQt6 and PyQt6-WebEngine (the QtWebEngine host): \(command.joined(separator: " "))")
            let status = try ChildProcess.run("python3", Array(command.dropFirst()))
            guard status == 0, ChildProcess.succeeds("python3", ["-c", "import PyQt6.QtWebEngineCore"]) else {
                throw EngineFailure(.unavailable, "installing PyQt6 failed (pip exited \(status)); run `\(command.joined(separator: " "))` and try again")
            }
        case .chromium:
            return
        }
    }

    /// The host's command line for `url` with the app settings of `misconfiguration`.
    func command(url: String, caFile: String?, misconfiguration: Misconfiguration?, timeout: Int) -> (String, [String]) {
        let untrusted = misconfiguration?.name == "untrusted-ca"
        var args = [url, "--file", fixture,
                    "--timeout", String(untrusted ? Self.untrustedTimeoutSeconds : timeout)]
        if !untrusted, let caFile { args += ["--trust-ca", caFile] }
        // QtWebEngine has no location provider here: a granted request would wait out the
        // page's positionMs for a fix that never comes. The trial's app answers as one that
        // does not use the location (location.position is information either way); a
        // misconfiguration's own --geolocation, later on the line, wins.
        if engine == .qt { args += ["--geolocation", "deny"] }
        args += misconfiguration?.hostArguments ?? []
        switch engine {
        case .webkit:
            // The WebView fills a phone-sized virtual screen (the matrix's).
            return ("xvfb-run", ["-a", "-s", "-screen 0 390x844x24", Self.systemPython, folder + "/hosts/webkit_host.py"] + args)
        default:
            return ("python3", [folder + "/hosts/qt_host.py", "--width", "390", "--height", "844"] + args)
        }
    }
}

/// Debian packages installed on demand: apt-get when root, else the command to run.
enum DebianPackages {
    /// `what`: who needs the packages, e.g. "the WebKitGTK host".
    static func install(_ packages: [String], why what: String, say: (String) -> Void) throws {
        let names = packages.joined(separator: " ")
        let command = "apt-get update && apt-get install -y \(names)"
        guard geteuid() == 0, ChildProcess.onPath("apt-get") != nil else {
            throw EngineFailure(.unavailable, "probe-server try needs \(names) (\(what)), which is not installed; install it with\n"
                + "  sudo sh -c '\(command)'\nand run `probe-server try` again")
        }
        say("installing \(names) (\(what)): \(command)")
        var environment = ProcessInfo.processInfo.environment
        environment["DEBIAN_FRONTEND"] = "noninteractive"
        let updated = try ChildProcess.run("apt-get", ["update", "-qq"], environment: environment)
        let installed = try ChildProcess.run("apt-get", ["install", "-y", "-qq"] + packages, environment: environment)
        guard updated == 0, installed == 0 else {
            throw EngineFailure(.unavailable, "`\(command)` failed (apt-get exited \(updated == 0 ? installed : updated)); "
                + "fix what it printed and run `probe-server try` again")
        }
    }
}
