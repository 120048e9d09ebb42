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
import ProbeServer
import ProbeStore
import ProbeClient

/// `probe-server wait RUN`: for CI. Long-polls until the run completes or the timeout
/// passes, then fetches the report, writes JUnit/JSON files and exits with the verdict.
enum WaitCommand: Command {
    static let name = "wait"
    static let summary = "Wait for a run to complete, write JUnit/JSON, exit with the verdict (for CI)."

    /// One long poll asks the server to hold the request at most this long: proxies and
    /// load balancers commonly drop a silent connection after 60 s.
    static let longPollSliceSeconds = 50
    /// Pause before retrying after the server could not be reached (it may be restarting).
    static let retryPauseSeconds: UInt32 = 2
    static let defaultTimeoutSeconds = 300

    static let options: [Arguments.Option] = [
        .init(long: "timeout", short: nil, valueName: "SECONDS", help: "Give up after this long (default \(defaultTimeoutSeconds)); then exit 2."),
        .init(long: "junit", short: "j", valueName: "FILE", help: "Write the JUnit XML report to FILE; to FOLDER/\(RunReports.junitFileName) (Azure's TEST-*.xml) when FILE is a folder or ends in /. Missing folders are created."),
        .init(long: "json", short: nil, valueName: "FILE", help: "Write the JSON report to FILE."),
        .init(long: "markdown", short: "m", valueName: "FILE", help: "Write the Markdown report (a PR comment) to FILE."),
        .init(long: "out", short: nil, valueName: "DIR", help: "Write every report into DIR: \(ReportFolder.fileNames.joined(separator: ", ")) (created if missing)."),
        .init(long: "require-taps", short: nil, valueName: nil, help: "Count the tap steps nobody tapped (pick an image, cancel then pick) as not run: the run is incomplete (exit 2) unless a farm script tapped them. For a script that taps; a run created with \"requireTaps\": true is judged so without it."),
        .init(long: "github", short: nil, valueName: nil, help: "Append the Markdown report to $GITHUB_STEP_SUMMARY and print ::error/::warning annotations per finding (on by itself when GITHUB_ACTIONS=true)."),
        .init(long: "quiet", short: "q", valueName: nil, help: "Print nothing but errors (and --github's annotations)."),
    ] + ServerOptions.options

    static let usage = ["wait <run-id> [--server URL] [--timeout SECONDS] [--junit FILE] [--json FILE] [--out DIR] [--github] [--require-taps]"]
    static let discussion = """
        The report files are written in every case where the report could be fetched,
        timeouts included; their folders are created first, so a path that cannot be
        written fails at once (exit 73), not after the wait. A run that timed out or is
        incomplete has an error test case in the JUnit report, which CI shows red.

        In an unattended run (?mode=unattended) the steps nobody was there to do end
        "not run (needs a person)": the steps only a person can complete (relaunch the
        app, "did the camera open directly?") and, unless --require-taps, the tap steps
        (pick an image). They do not hold the verdict back: a correctly configured app is
        READY (exit 0), and the report names them and the checklist items they leave open.
        """
    static let operands = Operands.exactly(1, "a run id")
    static let argumentHelp: [(name: String, help: String)] = [
        ("<run-id>", "The run created with POST /api/runs and opened on the device."),
    ]
    static let exitStatuses: [ExitStatusNote] = [
        .ready, .findings,
        ExitStatusNote(ExitCode.incomplete, "incomplete (with --require-taps: a tap step nobody tapped) or timed out"),
        .noSuchRun,
        ExitStatusNote(ExitCode.unavailable, "the server cannot be reached, or is too old for --require-taps"),
        ExitStatusNote(ExitCode.cannotCreate, "a report file or its folder cannot be written"),
        .tokenRefused,
    ]

    static func run(_ args: Arguments) throws -> Int32 {
        let id = try ServerOptions.runID(args.positionals[0])
        let timeout = try args.int("timeout", Int.self, range: 1...86_400) ?? defaultTimeoutSeconds
        let api = try ServerOptions.client(args, command: "wait")
        let quiet = args.flag("quiet")
        // Nil, not false, without the flag: the run's own setting decides.
        let requireTaps: Bool? = args.flag("require-taps") ? true : nil
        // The folders first: a path that cannot be written fails now, not after the wait.
        let junit = try args.value("junit").map { try ReportFolder.prepare(ReportFolder.junitPath($0), what: "JUnit report") }
        let json = try args.value("json").map { try ReportFolder.prepare($0, what: "JSON report") }
        let markdown = try args.value("markdown").map { try ReportFolder.prepare($0, what: "Markdown report") }
        let out = try args.value("out").map { try ReportFolder.create($0) }
        // In GitHub Actions every line but the annotations is data: commands stay off from
        // here to just before them, and on every way out (a thrown error included).
        let pause = GitHubStep.isActive(flag: args.flag("github")) ? GitHubStep.CommandPause() : nil
        try pause?.stop()
        defer { try? pause?.resume() }

        let deadline = Date() + Double(timeout)
        var completed = false
        var lastProblem: String?
        while !completed {
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { break }
            let slice = max(1, min(longPollSliceSeconds, Int(remaining.rounded(.up))))
            do {
                completed = try api.wait(id, seconds: slice).completed
                lastProblem = nil
            } catch let error as HTTPClientError {
                // The server may be restarting or the network blinking; keep trying until the deadline.
                // What waiting cannot cure: the trust of the client itself.
                switch error {
                case .cannotReadCAFile, .certificateNotTrusted, .hostNameMismatch: throw error
                default: break
                }
                lastProblem = error.localizedText
                if !quiet { printError("probe-server: \(lastProblem!); retrying") }
                if deadline.timeIntervalSinceNow > Double(retryPauseSeconds) { sleep(retryPauseSeconds) } else { break }
            }
        }
        if !completed, let lastProblem {
            throw CommandFailure("gave up after \(timeout) s: \(lastProblem)", exitCode: ExitCode.unavailable)
        }

        let document = try api.reportDocument(id, requireTaps: requireTaps)
        if let junit { try Output.writeFile(RunReports.junit(document), to: junit, what: "JUnit report") }
        if let json { try Output.writeFile(RunReports.json(document), to: json, what: "JSON report") }
        if let markdown { try Output.writeFile(RunReports.markdown(document), to: markdown, what: "Markdown report") }
        if let out { try ReportFolder.write(document, to: out) }
        if !quiet {
            if completed {
                try Output.write(RunReports.text(document, style: Output.style))
            } else {
                // No verdict: the run has none until it completes. What it waits for instead.
                let step = StalledRun.waitingStep(document.results)
                try Output.write(TerminalText.wrap("run \(ReportText.terminal(id)): timed out after \(timeout) s "
                    + StalledRun.waitingFor(step) + " (\(document.results.filter { $0.probe != StepMarker.probe.rawValue }.count) results so far)") + "\n")
            }
        }
        if !completed { explainIncomplete(id, document, timeout: timeout, api: api) }
        if let pause {
            try pause.resume()
            try GitHubStep.publish(document)
        }
        return completed ? ExitCode.verdict(document.diff.verdict) : ExitCode.incomplete
    }

    /// Why the run did not complete in time, on stderr: the page never ran, or where it stopped.
    static func explainIncomplete(_ id: String, _ document: RunReportDocument, timeout: Int, api: ProbeAPIClient) {
        if document.results.isEmpty {
            printError("probe-server: run \(id): no result arrived within \(timeout) s: the page never ran on the device.")
            // The usual cause is a device that does not trust the local CA: the server saw it refuse.
            let refusals = (try? api.run(id).certificateRefusals) ?? nil
            for refusal in refusals ?? [] {
                let later = refusal.acceptedLater == true ? " (the same address completed a handshake later)" : ""
                printError("  " + ReportText.terminal("\(RFC3339.formatSeconds(refusal.at))  \(refusal.client) \(refusal.explanation)\(later)"))
            }
            printError(refusals?.isEmpty == false
                ? "Install the CA on the device (open /setup on it: /ca.pem, /ca.mobileconfig), or pass a certificate it trusts (--cert/--key)."
                : "Check that the device opened the run URL and can reach the server, or raise --timeout.")
        } else if let stalled = StalledRun(results: document.results, now: Date()) {
            // Results arrived, so the device did open the run URL: say where it stopped.
            let title = Catalog.standard.probes.first { $0.id.rawValue == stalled.lastProbe }?.title
            printError("probe-server: run \(id) did not complete within \(timeout) s: " + stalled.explanation(title: title))
        }
    }
}
