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
import ProbeEngines
import ProbeServer
import ProbeStore
import ProbeHTTP

/// `probe-server try`: a trial without a phone. Uses the running server (or starts one),
/// creates a run, opens it unattended in a local engine, prints each step as its result
/// arrives, then the verdict, and exits with the verdict's code.
enum TryCommand: Command {
    static let name = "try"
    static let summary = "A trial without a phone: the page in local headless Chromium, its steps and verdict."

    static let defaultTimeoutSeconds = 120
    /// How often the run is read while the page runs: steps appear within a third of a
    /// second, and a local server answers each read in about a millisecond.
    static let pollIntervalNanoseconds = 300_000_000
    /// After the engine exits, the results it posted last may still be on the way.
    static let engineExitGraceSeconds = 3.0
    /// With JavaScript off the page posts nothing; the server records its <noscript>
    /// beacon as env.script (docs/probes.md), and nothing else will come.
    static let noScriptProbe = ProbeID.envScript.rawValue

    static let options: [Arguments.Option] = [
        .init(long: "engine", short: "e", valueName: "ENGINE",
              help: "chromium (default), webkit or qt: the engine hosts of Tests/engines/hosts."),
        .init(long: "misconfigure", short: nil, valueName: "SETTING", help: "Break one app setting on purpose (see below)."),
        .init(long: "platform", short: nil, valueName: "PLATFORM",
              help: "Judge as this platform (default: desktop for chromium, ios-wkwebview for webkit, android-webview for qt)."),
        .init(long: "timeout", short: nil, valueName: "SECONDS", help: "Give up after this long (default \(defaultTimeoutSeconds)); then exit 2."),
        .init(long: "port", short: "p", valueName: "PORT",
              help: "Start the server on this port (default 8443 when none runs there; 0 picks a free one)."),
        .init(long: "second-port", short: nil, valueName: "PORT|off", help: "Second origin of a server started here (default: port + 1)."),
        .init(long: "setup-port", short: nil, valueName: "PORT|off", help: "Plain-HTTP setup port of a server started here (default 8080)."),
        .init(long: "public", short: nil, valueName: "DIR", help: "Folder of the page for a server started here (default: Public/ of the checkout)."),
        CACommand.caDirectoryOption,
    ] + ServerOptions.options

    static let usage = ["try [--engine chromium|webkit|qt] [--misconfigure SETTING] [--timeout SECONDS]"]
    static let discussion = """
        Uses the probe-server that answers at --server (default \(ServerOptions.defaultServer), trusting
        DATA_DIR/ca.pem), or starts one in this process with --data-dir and stops it at the end.
        Creates a run labelled "try", opens it with mode=unattended in the engine (a fake camera,
        a throw-away profile, trust in exactly the server's certificate key), prints each step
        as its result arrives, then the verdict and the report URL. Engines and packages that are
        missing are installed when running as root (apt-get, pip), else the command is printed.
        """
    static var sections: [HelpSection] {
        [HelpSection(title: "ENGINES", body: Arguments.table(TrialEngine.allCases.map { ($0.rawValue, $0.summary) })),
         HelpSection(title: "SETTINGS FOR --misconfigure (and the engines that have them)",
                     body: Arguments.table(Misconfiguration.all.map { m in
                         (m.name, m.meaning + " (" + TrialEngine.allCases.filter { m.applies(to: $0) }.map(\.rawValue).joined(separator: ", ") + ")")
                     }))]
    }
    static let exitStatuses: [ExitStatusNote] = [
        .ready, .findings, .incompleteOrTimedOut,
        ExitStatusNote(ExitCode.noInput, "the page folder or the engine hosts were not found"),
        ExitStatusNote(ExitCode.unavailable, "the server, the engine or its packages are unavailable"),
        ExitStatusNote(ExitCode.osError, "the ports are taken"),
        ExitStatusNote(ExitCode.cannotCreate, "the trial's scratch folder or the server's data folder cannot be set up"),
        ExitStatusNote(ExitCode.interrupted(by: SIGINT), "interrupted (Ctrl-C)"),
    ]

    static func run(_ args: Arguments) throws -> Int32 {
        let plan = try TrialPlan(args)

        // Everything the engine needs, before a server or a run exists.
        let launcher = try EngineLauncher.prepare(plan.engine, misconfiguration: plan.misconfiguration,
                                                  checkoutRoots: checkoutRoots(publicDirectory: args.value("public")),
                                                  farmTaps: Catalog.standard.farmTaps.map { FarmButton(button: $0.button, clicks: $0.clicks) },
                                                  say: say)

        // Ctrl-C and SIGTERM are taken by the poll loop (sigtimedwait), so that the browser
        // and the profile are always cleaned up; blocked before the server's threads start,
        // which inherit the mask. Children get the default mask (ChildProcess).
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, signal) }
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        defer { pthread_sigmask(SIG_UNBLOCK, &signals, nil) }

        let server = try TrialServer.findOrStart(args)
        defer { server.stop() }
        say(server.startedHere
            ? "started a probe-server at \(server.url) (data in \(server.dataDirectory)); it stops when the trial ends"
            : "using the probe-server at \(server.url)")

        // The engine taps every farm tap (`Catalog.farmTaps`), as a farm script does: its taps count.
        let run = try server.api.createRun(label: "try", platform: plan.platform, requireTaps: true)
        // The server's own URL for the run (it may carry more than the id), never rebuilt here.
        let runURL = server.absolute(run.url)
        let pageURL = runURL + (runURL.contains("?") ? "&" : "?") + launcher.pageQuery(platform: plan.platform)
        say("run \(ReportText.terminal(run.id)): \(plan.description)")

        // A trial killed before it could clean up (SIGKILL, a power cut) left its folder.
        for left in ScratchFolder.removeAbandoned() { say("removed \(ReportText.terminal(left)), left by a trial that was killed") }
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let engine = try launcher.launch(url: pageURL, pins: server.keyPins, caFile: server.caFile, scratch: scratch,
                                         timeout: plan.timeout, say: say, report: { printError("probe-server: " + $0) })
        defer { engine.stop() }

        let outcome = watch(run.id, server: server, engine: engine, plan: plan, signals: &signals)
        if case .completed = outcome, plan.engine != .chromium {
            // The hosts quit by themselves after the page's end and clean up after them
            // (xvfb-run removes its auth folder); Chromium stays until it is stopped.
            _ = engine.exits(within: engineExitGraceSeconds)
        }
        engine.stop()
        if case .interrupted(let signal) = outcome {
            say("interrupted: the engine and its profile are gone\(server.startedHere ? ", the server stopped" : "")")
            return ExitCode.interrupted(by: signal)
        }

        let document = try server.api.reportDocument(run.id)
        say("")
        try Output.write(RunReports.text(document, style: Output.style))
        if let limitation = plan.engine.knownLimitation,
           document.diff.findings.contains(where: { $0.probe.rawValue == limitation.probe && $0.verdict == .fail }) {
            say("note: " + limitation.text)
        }
        if let m = plan.misconfiguration, document.diff.verdict == .ready, plan.platform == TrialEngine.chromium.defaultPlatform {
            // On desktop what a person allows in a browser is theirs to decide: the catalog reports it as info.
            let hosts = TrialEngine.allCases.filter { $0 != .chromium && m.applies(to: $0) }.map(\.rawValue)
            say("note: on desktop a browser's person decides this, so it is info, not a finding"
                + (hosts.isEmpty ? "." : "; an app's WebView must get it right: try --engine \(hosts.joined(separator: " or ")) --misconfigure \(m.name)"))
        }
        let reportURL = server.absolute(run.reportUrl)
        say("report: \(reportURL)")
        if server.startedHere {
            say("  (the server stops with the trial; the run stays in \(server.dataDirectory): `probe-server serve -d \(server.dataDirectory)` shows it)")
        }

        switch outcome {
        case .completed:
            return ExitCode.verdict(document.diff.verdict)
        case .judgedWithoutScript:
            say("The page cannot run with JavaScript off, so the run never completes: judged on the <noscript> beacon the server saw.")
            return ExitCode.verdict(document.diff.verdict)
        case .engineExited(let status):
            explainIncomplete(document, server: server, runID: run.id, plan: plan)
            // The untrusted host gives up on the page it cannot load: that exit is the lesson, not news.
            if plan.misconfiguration?.name == "untrusted-ca" && document.results.isEmpty { return ExitCode.incomplete }
            printError("probe-server: the engine exited (status \(status)) before the run completed; the last lines of its log:\n"
                + scratch.logTail().map { "  " + ReportText.terminal($0) }.joined(separator: "\n"))
            if plan.engine == .chromium, (try? String(contentsOfFile: scratch.logFile, encoding: .utf8))?.contains(BrowserUser.noSandboxMessage) == true {
                printError(BrowserUser.sandboxHelp)
            }
            return ExitCode.incomplete
        case .timedOut:
            explainIncomplete(document, server: server, runID: run.id, plan: plan)
            return ExitCode.incomplete
        case .interrupted:
            return ExitCode.incomplete
        }
    }

    /// Where Tests/engines may be: beside the page folder (`--public`, else the one found),
    /// then in the working directory.
    static func checkoutRoots(publicDirectory: String?) -> [String] {
        var roots: [String] = []
        if let publicDirectory { roots.append(publicDirectory.deletingLastPathComponent) }
        if let found = try? PublicDirectory.locate(workingDirectory: PublicDirectory.currentDirectory(),
                                                   executablePath: PublicDirectory.executablePath()) {
            roots.append(found.deletingLastPathComponent)
        }
        roots.append(PublicDirectory.currentDirectory())
        return roots
    }

    enum Outcome {
        case completed, judgedWithoutScript, engineExited(Int32), timedOut, interrupted(Int32)
    }

    /// Reads the run every `pollIntervalNanoseconds` and prints the new steps, until the run
    /// completes, the engine is gone, the timeout passes or a signal arrives.
    static func watch(_ id: String, server: TrialServer, engine: RunningEngine, plan: TrialPlan,
                      signals: inout sigset_t) -> Outcome {
        var steps = StepList()
        let deadline = Date() + Double(plan.timeout)
        var engineExit: (status: Int32, at: Date)?
        var lastProblem: String?
        while true {
            do {
                let state = try server.api.run(id)
                lastProblem = nil
                let results = state.results ?? []
                // What the judge says of each new step for the trial's platform (the verdict's language).
                let judged = steps.hasNew(results) ? try? server.api.diff(id, profile: nil, platform: plan.platform) : nil
                for line in steps.newLines(results, judged: judged) { say(line) }
                if state.completedAt != nil { return .completed }
                if plan.misconfiguration?.pageNeverFinishes == true,
                   state.results?.contains(where: { $0.probe == noScriptProbe }) == true {
                    return .judgedWithoutScript
                }
            } catch {
                // A blink of the server is retried until the deadline; said once.
                let text = (error as? LocalizedError)?.errorDescription ?? "\(error)"
                if text != lastProblem { printError("probe-server: \(text); retrying") }
                lastProblem = text
            }
            if engineExit == nil, let status = engine.hasExited { engineExit = (status, Date()) }
            if let engineExit, Date().timeIntervalSince(engineExit.at) > engineExitGraceSeconds {
                return .engineExited(engineExit.status)
            }
            if Date() >= deadline { return .timedOut }
            var pause = timespec(tv_sec: 0, tv_nsec: pollIntervalNanoseconds)
            #if os(Linux)
            let received = sigtimedwait(&signals, nil, &pause)
            #else
            // Darwin has no sigtimedwait: the same pause, then a signal of the set that is
            // pending taken with sigwait, which returns at once for it (sigpending(2)).
            nanosleep(&pause, nil)
            var pending = sigset_t()
            sigpending(&pending)
            var received: Int32 = 0
            if [SIGINT, SIGTERM, SIGHUP].contains(where: { sigismember(&pending, $0) == 1 }) { sigwait(&signals, &received) }
            #endif
            if received > 0 { return .interrupted(received) }
        }
    }

    /// Why the run did not complete: no result at all (the engine never ran the page, often
    /// a refused certificate), or results that stopped at a step.
    static func explainIncomplete(_ document: RunReportDocument, server: TrialServer, runID: String, plan: TrialPlan) {
        if let stalled = StalledRun(results: document.results, now: Date()) {
            let title = Catalog.standard.probes.first { $0.id.rawValue == stalled.lastProbe }?.title
            printError("probe-server: run \(runID) did not complete within \(plan.timeout) s: " + stalled.explanation(title: title))
            return
        }
        printError("probe-server: run \(runID): no result arrived: the engine never ran the page.")
        let refusals = (try? server.api.run(runID).certificateRefusals) ?? nil
        for refusal in refusals ?? [] {
            printError("  " + ReportText.terminal("\(RFC3339.formatSeconds(refusal.at))  \(refusal.client) \(refusal.explanation)"))
        }
        if refusals?.isEmpty == false {
            printError(plan.misconfiguration?.name == "untrusted-ca"
                ? "That is what --misconfigure untrusted-ca shows: an app that does not trust the local CA never loads the page."
                : "The engine did not trust the server's certificate.")
        }
    }

    /// Progress goes to stdout unbuffered, between the step lines. A progress line that cannot
    /// be written is not worth stopping the trial for: the verdict is its exit status.
    static func say(_ text: String) {
        try? Output.write(text + "\n")
    }
}

/// What `try` was asked to do, checked before anything starts.
struct TrialPlan {
    let engine: TrialEngine
    let misconfiguration: Misconfiguration?
    let platform: String
    let timeout: Int

    init(_ args: Arguments) throws {
        let engineName = args.value("engine") ?? TrialEngine.chromium.rawValue
        guard let engine = TrialEngine(rawValue: engineName) else {
            throw UsageError("--engine must be one of \(TrialEngine.allCases.map(\.rawValue).joined(separator: ", ")); got \(engineName)")
        }
        self.engine = engine
        if let name = args.value("misconfigure") {
            guard let m = Misconfiguration.named(name) else {
                throw UsageError("unknown --misconfigure \(name); one of \(Misconfiguration.all.map(\.name).joined(separator: ", "))")
            }
            guard m.applies(to: engine) else {
                let alternatives = TrialEngine.allCases.filter { m.applies(to: $0) }.map(\.rawValue)
                let here = Misconfiguration.all.filter { $0.applies(to: engine) }.map(\.name)
                throw UsageError("--misconfigure \(name) is not a setting of the \(engine.rawValue) engine; "
                    + "try --engine \(alternatives.joined(separator: " or ")), or one of \(here.joined(separator: ", "))")
            }
            misconfiguration = m
        } else {
            misconfiguration = nil
        }
        let platform = args.value("platform") ?? engine.defaultPlatform
        guard Platform(rawValue: platform) != nil else {
            throw UsageError("unknown platform \(platform); known: \(Platform.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self.platform = platform
        timeout = try args.int("timeout", Int.self, range: 1...3600) ?? TryCommand.defaultTimeoutSeconds
        if ServerOptions.serverText(args) != nil {
            for option in ["port", "second-port", "setup-port", "public", "ca-dir"] where args.value(option) != nil {
                throw UsageError("--\(option) is for a server `try` starts itself: it does not go with --server (or PROBE_SERVER)")
            }
        }
        _ = try args.int("port", UInt16.self, range: 0...65535)
        _ = try ServeCommand.port(args, "second-port")
        _ = try ServeCommand.port(args, "setup-port")
    }

    var description: String {
        var text = "\(engine.rawValue), judged as \(platform)"
        if let m = misconfiguration { text += ", misconfigured: \(m.meaning)" }
        return text
    }
}
