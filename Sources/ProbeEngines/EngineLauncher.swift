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

/// The engine of a trial: found (and installed when missing) before the run exists, then
/// started on the run's URL in a process group of its own.
public struct EngineLauncher {
    enum Kind {
        /// `fixture`: the image the tap script picks; without it nobody taps the file steps.
        /// `taps`: the buttons the script taps (the catalog's farm taps).
        case chromium(binary: String, change: ChromiumProfile.Change?, fixture: String?, taps: [FarmButton])
        case host(EngineHost, Misconfiguration?)
    }

    let kind: Kind

    /// `checkoutRoots`: the folders that may hold Tests/engines, in order; `farmTaps`: the
    /// buttons Chromium's tap script clicks (`Catalog.farmTaps`; the hosts read them from the
    /// page's /api/config); `say` prints what is installed on the way.
    public static func prepare(_ engine: TrialEngine, misconfiguration: Misconfiguration?, checkoutRoots: [String],
                               farmTaps: [FarmButton], say: (String) -> Void) throws -> EngineLauncher {
        #if !os(Linux)
        // The engines stand on Linux: the hosts on Debian's packages and xvfb-run, Chromium
        // on a forked start for its DevTools pipe and account (`ForkedStart`). Linux-only
        // for now (docs/macos.md).
        throw EngineFailure(.unavailable, "--engine \(engine.rawValue) runs on Linux only for now: run `probe-server try` "
            + "in the container (docs/container.md), or open the page on a device (docs/getting-started.md)")
        #else
        switch engine {
        case .chromium:
            return EngineLauncher(kind: .chromium(binary: try ChromiumBinary.findOrInstall(say: say), change: misconfiguration?.chromium,
                                                  fixture: EngineHost.fixture(checkoutRoots: checkoutRoots), taps: farmTaps))
        case .webkit, .qt:
            let host = try EngineHost.locate(engine, checkoutRoots: checkoutRoots)
            try host.ensureDependencies(say: say)
            return EngineLauncher(kind: .host(host, misconfiguration))
        }
        #endif
    }

    public func pageQuery(platform: String) -> String {
        switch kind {
        case .chromium(_, _, let fixture, _):
            return "mode=unattended&platform=\(platform)" + (fixture == nil ? "" : "&" + TapFarm.pageQuery)
        case .host(let host, _): return host.pageQuery(platform: platform)
        }
    }

    /// Starts the engine on `url`. Chromium trusts exactly the keys `pins` gives (asked only
    /// for Chromium: the hosts trust `caFile`); `say` prints what is set up on the way (the
    /// browser's account), `report` gets the DevTools script's complaints.
    public func launch(url: String, pins: () throws -> [String], caFile: String?, scratch: ScratchFolder, timeout: Int,
                       say: (String) -> Void, report: @escaping @Sendable (String) -> Void) throws -> RunningEngine {
        do {
            switch kind {
            case .chromium(let binary, let change, let fixture, let taps):
                let user = try BrowserUser.forTrial(say: say)
                let folder = try scratch.browserFolder(for: user)
                let profile = try ChromiumProfile(in: folder, change: change)
                // The browser reads the picked file itself: a copy in its folder, where it can.
                let picked = try fixture.map { try BrowserFolder.copy($0, into: folder) }
                try user?.own(folder)
                let pins = try pins()
                let environment = BrowserEnvironment.make(from: ProcessInfo.processInfo.environment, folder: folder)
                let pipe = try DevToolsPipe()
                let process: ChildProcess
                do {
                    process = try ChildProcess(binary, profile.arguments(pins: pins), environment: environment,
                                               output: scratch.logFile, user: user, descriptors: pipe.childDescriptors)
                } catch {
                    pipe.close()
                    throw error
                }
                pipe.browserStarted()
                // The run's URL carries its write key: it goes over the pipe, never on the command line.
                let farm = TapFarm(pipe: pipe, url: url, taps: taps, fixture: picked, report: report)
                farm.start()
                return RunningEngine(process: process, farm: farm, pipe: pipe)
            case .host(let host, let misconfiguration):
                let (executable, arguments) = host.command(url: url, caFile: caFile, misconfiguration: misconfiguration,
                                                           timeout: timeout)
                // Their temporary files (xvfb-run's auth folder among them) go with the scratch
                // folder: a host stopped before it cleaned up leaves nothing behind.
                var environment = ProcessInfo.processInfo.environment
                environment["TMPDIR"] = scratch.path
                return RunningEngine(process: try ChildProcess(executable, arguments, environment: environment, output: scratch.logFile),
                                     farm: nil, pipe: nil)
            }
        } catch let error as ChildProcess.SpawnError {
            throw EngineFailure(.unavailable, error.description)
        } catch let error as DevToolsPipe.Failure {
            throw EngineFailure(.unavailable, "cannot open the DevTools pipe to Chromium: \(error)")
        }
    }
}

/// The engine of a running trial: its process group and, for Chromium, the DevTools pipe
/// (which keeps it open) and the tap script.
public struct RunningEngine {
    let process: ChildProcess
    let farm: TapFarm?
    let pipe: DevToolsPipe?

    public var hasExited: Int32? { process.hasExited }

    public func exits(within seconds: Double) -> Bool { process.exits(within: seconds) }

    /// The script first (so that it does not report Chromium's end as its failure), then the
    /// process group; the script's thread ends with the pipe's end of file, and the pipe is
    /// closed once nothing reads it.
    public func stop() {
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

    static func findOrInstall(say: (String) -> Void) throws -> String {
        if let found = find() { return found }
        try DebianPackages.install(["chromium"], why: "headless Chromium, which runs the page", say: say)
        guard let found = find() else {
            throw EngineFailure(.unavailable, "chromium was installed but neither \(direct) nor chromium on PATH is there; "
                + "check `dpkg -L chromium`")
        }
        return found
    }
}
