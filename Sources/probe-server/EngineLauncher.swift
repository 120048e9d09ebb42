#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ProbeServer

/// The engine of a trial: found (and installed when missing) before the run exists, then
/// started on the run's URL in a process group of its own.
enum EngineLauncher {
    /// `fixture`: the image the tap script picks; without it nobody taps the file steps.
    case chromium(binary: String, change: ChromiumProfile.Change?, fixture: String?)
    case host(EngineHost, Misconfiguration?)

    static func prepare(_ plan: TrialPlan, publicDirectory: String?) throws -> EngineLauncher {
        switch plan.engine {
        case .chromium:
            return .chromium(binary: try ChromiumBinary.findOrInstall(), change: plan.misconfiguration?.chromium,
                             fixture: EngineHost.fixture(publicDirectory: publicDirectory))
        case .webkit, .qt:
            let host = try EngineHost.locate(plan.engine, publicDirectory: publicDirectory)
            try host.ensureDependencies()
            return .host(host, plan.misconfiguration)
        }
    }

    func pageQuery(platform: String) -> String {
        switch self {
        case .chromium(_, _, let fixture):
            return "mode=unattended&platform=\(platform)" + (fixture == nil ? "" : "&" + TapFarm.pageQuery)
        case .host(let host, _): return host.pageQuery(platform: platform)
        }
    }

    func launch(url: String, server: TrialServer, scratch: ScratchFolder, timeout: Int) throws -> RunningEngine {
        do {
            switch self {
            case .chromium(let binary, let change, let fixture):
                let user = try BrowserUser.forTrial()
                let folder = try scratch.browserFolder(for: user)
                let profile = try ChromiumProfile(in: folder, change: change)
                // The browser reads the picked file itself: a copy in its folder, where it can.
                let picked = try fixture.map { try BrowserFolder.copy($0, into: folder) }
                try user?.own(folder)
                let pins = try ChromiumBinary.pins(server)
                var environment = ProcessInfo.processInfo.environment
                // Its sockets, temporary files and caches go with the profile, which the browser's account owns.
                environment["TMPDIR"] = folder
                environment["HOME"] = folder
                let pipe = try DevToolsPipe()
                let process: ChildProcess
                do {
                    process = try ChildProcess(binary, profile.arguments(url: url, pins: pins), environment: environment,
                                               output: scratch.logFile, user: user, descriptors: pipe.childDescriptors)
                } catch {
                    pipe.close()
                    throw error
                }
                pipe.browserStarted()
                let farm = picked.map { TapFarm(pipe: pipe, fixture: $0) }
                farm?.start()
                return RunningEngine(process: process, farm: farm, pipe: pipe)
            case .host(let host, let misconfiguration):
                let (executable, arguments) = host.command(url: url, caFile: server.caFile, misconfiguration: misconfiguration,
                                                           timeout: timeout)
                return RunningEngine(process: try ChildProcess(executable, arguments, output: scratch.logFile), farm: nil, pipe: nil)
            }
        } catch let error as ChildProcess.SpawnError {
            throw CommandFailure(error.description, exitCode: ExitCode.unavailable)
        }
    }
}

/// The engine of a running trial: its process group and, for Chromium, the DevTools pipe
/// (which keeps it open) and the tap script.
struct RunningEngine {
    let process: ChildProcess
    let farm: TapFarm?
    let pipe: DevToolsPipe?

    var hasExited: Int32? { process.hasExited }

    func exits(within seconds: Double) -> Bool { process.exits(within: seconds) }

    /// The script first (so that it does not report Chromium's end as its failure), then the
    /// process group; the script's thread ends with the pipe's end of file, and the pipe is
    /// closed once nothing reads it.
    func stop() {
        farm?.requestStop()
        process.stop()
        farm?.waitForEnd()
        pipe?.close()
    }
}

/// Debian's Chromium (the package the test scripts install, docs/engines.md), installed on demand.
enum ChromiumBinary {
    /// The real binary first: /usr/bin/chromium is a wrapper script that adds noise and flags.
    static let direct = "/usr/lib/chromium/chromium"

    static func find() -> String? {
        if access(direct, X_OK) == 0 { return direct }
        return ChildProcess.onPath("chromium")
    }

    static func findOrInstall() throws -> String {
        if let found = find() { return found }
        try DebianPackages.install(["chromium"], why: "headless Chromium, which runs the page")
        guard let found = find() else {
            throw CommandFailure("chromium was installed but neither \(direct) nor chromium on PATH is there; "
                + "check `dpkg -L chromium`", exitCode: ExitCode.unavailable)
        }
        return found
    }

    /// The key pins of every https origin of the page (the primary, the second port and the
    /// second host name of GET /api/config), each from a handshake that verified the
    /// certificate against the CA the CLI trusts. An origin that does not verify is left out:
    /// the browser then refuses it, as a device without the CA would.
    static func pins(_ server: TrialServer) throws -> [String] {
        // Plain HTTP (behind a proxy): no certificate, and localhost is a secure context anyway.
        guard server.url.scheme == .https else { return [] }
        var pins: [String] = []
        pins.append(try server.api.http.presentedKeyPin())
        for origin in secondOrigins(server) {
            do {
                let client = try HTTPClient(server: try ServerURL(parsing: origin), trust: server.api.http.trust)
                pins.append(try client.presentedKeyPin(timeout: TrialServer.probeSeconds))
            } catch {
                printError("probe-server: \(ReportText.terminal(origin)) did not verify (\(error.localizedDescription)); "
                    + "the cross-origin probes will fail")
            }
        }
        return Array(Set(pins)).sorted()
    }

    /// The https origins of the page other than the one the CLI talks to.
    static func secondOrigins(_ server: TrialServer) -> [String] {
        guard let response = try? server.api.http.get("/api/config"), response.isSuccess,
              let object = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any],
              let origins = object["origins"] as? [String: Any] else { return [] }
        return ["secondPort", "secondHost"].compactMap { origins[$0] as? String }.filter { $0.hasPrefix("https://") }
    }
}
