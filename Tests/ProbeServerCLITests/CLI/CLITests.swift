import Foundation
import Synchronization
import Glibc
import ProbeCatalog
import Testing
@testable import ProbeServer
@testable import probe_server
@testable import ProbeHTTP
@testable import ProbeHTTPTesting
@testable import ProbeServerTesting

/// The built `probe-server` binary, run as a process: exit codes, help, usage errors, and
/// the server commands against `CLITestAPI`.
@Suite struct CLITests {
    /// `swift test` builds every product; the binary sits next to the test bundle.
    static let binary: String = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("probe-server").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return "/tmp/build-reports/debug/probe-server"
    }()

    static func run(_ arguments: [String], environment: [String: String] = [:], input: String = "") throws -> TLSTestSupport.Output {
        // A clean environment: no PROBE_* from the developer's shell, no colour.
        var env = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
        env.merge(environment) { $1 }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = env
        process.currentDirectoryURL = URL(fileURLWithPath: NSTemporaryDirectory())
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let out = TLSTestSupport.Collector(stdout.fileHandleForReading)
        let err = TLSTestSupport.Collector(stderr.fileHandleForReading)
        try stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        return TLSTestSupport.Output(status: process.terminationStatus, stdout: out.wait(), stderr: err.wait())
    }

    /// Writes results as `{"results":[…]}` to a temporary file.
    static func resultsFile(_ results: [ProbeResult], in directory: String, name: String = "results.json") throws -> String {
        struct Batch: Encodable { let results: [ProbeResult] }
        let path = "\(directory)/\(name)"
        try JSONEncoder().encode(Batch(results: results)).write(to: URL(fileURLWithPath: path))
        return path
    }

    static let subcommands = ["serve", "try", "diff", "wait", "runs", "report", "compare", "profiles", "catalog", "token", "ca", "health"]

    // MARK: Help and usage

    @Test func Help_IsOfferedAtEveryLevel() throws {
        let root = try Self.run(["--help"])
        #expect(root.status == 0)
        for name in Self.subcommands {
            #expect(root.stdout.contains("  \(name) "), "root help lists \(name)")
            for flag in ["--help", "-h"] {
                let output = try Self.run([name, flag])
                #expect(output.status == 0, "\(name) \(flag): \(output.stderr)")
                #expect(output.stdout.hasPrefix("OVERVIEW: "), "\(name)")
                #expect(output.stdout.contains("USAGE: probe-server \(name)"), "\(name)")
            }
            #expect(try Self.run(["help", name]).stdout.contains("USAGE: probe-server \(name)"))
        }
    }

    @Test func EveryHelp_FitsEightyColumns() throws {
        for args in [["--help"]] + Self.subcommands.map({ [$0, "--help"] }) {
            let output = try Self.run(args)
            for line in output.stdout.split(separator: "\n") {
                #expect(line.count <= 80, "\(args.joined(separator: " ")): \(line.count) columns: \(line)")
            }
        }
    }

    @Test func UsageErrors_Exit64WithAMessage() throws {
        let cases: [[String]] = [
            ["bogus"],
            ["diff"],
            ["diff", "a.json", "b.json"],
            ["diff", "x.json", "--format", "pdf"],
            ["diff", "x.json", "--profile", "nope"],
            ["diff", "x.json", "--platform", "windows-phone"],
            ["diff", "x.json", "--no-such-option"],
            ["wait"],
            ["wait", "not a run id!", "--server", "http://127.0.0.1:1"],
            ["wait", "run-1", "--server", "ftp://x"],
            ["wait", "run-1", "--server", "http://127.0.0.1:1", "--timeout", "soon"],
            ["runs", "--server", "http://127.0.0.1:1"],
            ["runs", "--server", "http://127.0.0.1:1", "--token", "t", "--verdict", "great"],
            ["runs", "--server", "http://127.0.0.1:1", "--token", "t\r\nX-Injected: 1"],
            ["report", "run-1", "--server", "http://127.0.0.1:1", "--format", "pdf"],
            ["compare", "a", "--server", "http://127.0.0.1:1"],
            ["profiles", "extra"],
            ["serve", "--advertise", "not a host"],
            ["serve", "--advertise", ","],
            ["health", "extra"],
            ["catalog", "--format"],
            // try checks its plan before it installs, starts or opens anything.
            ["try", "extra"],
            ["try", "--engine", "gecko"],
            ["try", "--misconfigure", "everything"],
            ["try", "--engine", "webkit", "--misconfigure", "any-origin"],
            ["try", "--misconfigure", "storage"],
            ["try", "--platform", "windows-phone"],
            ["try", "--timeout", "0"],
            ["try", "--server", "https://127.0.0.1:1", "--port", "9443"],
        ]
        for arguments in cases {
            let output = try Self.run(arguments)
            #expect(output.status == 64, "\(arguments): \(output.status) \(output.stderr)")
            #expect(output.stderr.hasPrefix("probe-server: "), "\(arguments)")
            #expect(output.stderr.contains("--help"), "\(arguments)")
        }
    }

    // MARK: diff FILE

    @Test func DiffCommand_ExitsWithTheVerdictCode() throws {
        let directory = TLSTestSupport.temporaryDirectory()
        defer { TLSTestSupport.remove(directory) }
        let ready = try Self.resultsFile(ReportFixtures.healthyAndroid(), in: directory, name: "ready.json")
        let failing = try Self.resultsFile(ReportFixtures.cameraDenied(), in: directory, name: "failing.json")
        let farm = try Self.resultsFile(ReportFixtures.unattended(), in: directory, name: "farm.json")

        let readyRun = try Self.run(["diff", ready])
        #expect(readyRun.status == 0, "\(readyRun.stdout)\(readyRun.stderr)")
        #expect(readyRun.stdout.contains("verdict:   READY"))
        let failingRun = try Self.run(["diff", failing, "--profile", "liveform"])
        #expect(failingRun.status == 1)
        #expect(failingRun.stdout.contains("FAIL "))
        #expect(failingRun.stdout.contains("fix (Android WebView (Kotlin)):"))
        #expect(!failingRun.stdout.contains("\u{1B}["), "no colour into a pipe")
        // Nobody tapped: ready, the tap steps left to a person; counted with --require-taps.
        let farmRun = try Self.run(["diff", farm])
        #expect(farmRun.status == 0, "\(farmRun.stdout)")
        #expect(farmRun.stdout.contains("left to a person"), "\(farmRun.stdout)")
        let required = try Self.run(["diff", farm, "--require-taps"])
        #expect(required.status == 2, "\(required.stdout)")
        #expect(required.stdout.contains("not tapped (taps required)"), "\(required.stdout)")
    }

    @Test func Colour_OnlyOnATerminalWithoutNO_COLOR() throws {
        let directory = TLSTestSupport.temporaryDirectory()
        defer { TLSTestSupport.remove(directory) }
        let failing = try Self.resultsFile(ReportFixtures.cameraDenied(), in: directory)
        // util-linux `script` gives the command a pseudo-terminal as stdout.
        let command = "env -u NO_COLOR TERM=xterm \(Self.binary) diff \(failing)"
        let terminal = try TLSTestSupport.run("script", ["-qec", command, "/dev/null"])
        let noColor = try TLSTestSupport.run("script", ["-qec", "env NO_COLOR=1 TERM=xterm \(Self.binary) diff \(failing)", "/dev/null"])
        let piped = try Self.run(["diff", failing], environment: ["TERM": "xterm"])
        #expect(terminal.status == 1)
        #expect(terminal.stdout.contains("\u{1B}[31mFAIL"), "\(terminal.stdout.prefix(300))")
        #expect(noColor.stdout.contains("NOT READY") && !noColor.stdout.contains("\u{1B}["))
        #expect(piped.stdout.contains("NOT READY") && !piped.stdout.contains("\u{1B}["))
    }

    @Test func DiffCommand_ReadsOneResultABatchAReportOrStdin() throws {
        let directory = TLSTestSupport.temporaryDirectory()
        defer { TLSTestSupport.remove(directory) }
        let single = "\(directory)/one.json"
        try JSONEncoder().encode(ReportFixtures.cameraDenied().first { $0.probe == "camera.getUserMedia" }!).write(to: URL(fileURLWithPath: single))
        #expect(try Self.run(["diff", single]).status == 2, "alone, it leaves the run incomplete")
        #expect(try Self.run(["diff", single, "--platform", "android-webview"]).status == 1)

        let report = "\(directory)/report.json"
        try Data(RunReports.json(ReportFixtures.document(ReportFixtures.healthyAndroid())).utf8).write(to: URL(fileURLWithPath: report))
        let fromReport = try Self.run(["diff", report, "--format", "json"])
        #expect(fromReport.status == 0, "\(fromReport.stderr)")
        let diff = try JSONDecoder().decode(DiffReport.self, from: Data(fromReport.stdout.utf8))
        #expect(diff.verdict == .ready && diff.run == ReportFixtures.runID)

        struct Batch: Encodable { let results: [ProbeResult] }
        let stdin = String(decoding: try JSONEncoder().encode(Batch(results: ReportFixtures.unattended())), as: UTF8.self)
        #expect(try Self.run(["diff", "-"], input: stdin).status == 0)
        #expect(try Self.run(["diff", "-", "--require-taps"], input: stdin).status == 2)
    }

    @Test func DiffCommand_WritesEveryFormat() throws {
        let directory = TLSTestSupport.temporaryDirectory()
        defer { TLSTestSupport.remove(directory) }
        let failing = try Self.resultsFile(ReportFixtures.cameraDenied(), in: directory)
        let junit = try Self.run(["diff", failing, "-f", "junit", "-o", "\(directory)/out.xml"])
        #expect(junit.status == 1 && junit.stdout.isEmpty)
        let xml = try String(contentsOfFile: "\(directory)/out.xml", encoding: .utf8)
        #expect(xml.hasPrefix("<?xml") && xml.contains("<failure "))
        #expect(try Self.run(["diff", failing, "--format", "md"]).stdout.contains("| ❌ fail |"))
        let asIOS = try Self.run(["diff", failing, "--platform", "ios-wkwebview", "--format", "json"])
        #expect(try JSONDecoder().decode(DiffReport.self, from: Data(asIOS.stdout.utf8)).platform.platform == .iosWKWebView)
    }

    @Test func DiffCommand_BadInputIsADataErrorThatNamesTheField() throws {
        let directory = TLSTestSupport.temporaryDirectory()
        defer { TLSTestSupport.remove(directory) }
        let garbage = "\(directory)/garbage.json"
        try Data("not json".utf8).write(to: URL(fileURLWithPath: garbage))
        #expect(try Self.run(["diff", garbage]).status == 65)
        let wrong = "\(directory)/wrong.json"
        try Data(#"{"results":[{"run":"r","probe":"env.script","attempt":"one","status":"pass","at":"x"}]}"#.utf8).write(to: URL(fileURLWithPath: wrong))
        let output = try Self.run(["diff", wrong])
        #expect(output.status == 65)
        #expect(output.stderr.contains("results[0].attempt"))
        let missing = try Self.run(["diff", "\(directory)/missing.json"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("no such file") && missing.stderr.contains("a run id is"))
    }

    // MARK: Offline catalog commands

    @Test func ProfilesAndCatalog_WorkOfflineInTextAndJSON() throws {
        let profiles = try Self.run(["profiles"])
        #expect(profiles.status == 0 && profiles.stdout == ProfileTable.render())
        let profilesJSON = try Self.run(["profiles", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(profilesJSON.stdout.utf8)) as? [String: Any]
        #expect(object?["defaultRequirementSet"] as? String == "liveform")
        let catalog = try Self.run(["catalog"])
        #expect(catalog.status == 0 && catalog.stdout.contains("camera.getUserMedia"))
        let catalogJSON = try Self.run(["catalog", "--json"])
        #expect(catalogJSON.stdout == Catalog.standard.exportJSON() + "\n")
    }

    /// A report that cannot reach stdout (a full disk behind `>`) is exit 74 with the reason,
    /// not 0 with a cut file, and never 1, which CI reads as findings.
    @Test func StdoutThatCannotBeWritten_Exits74NamingStdout() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = ["catalog", "--json"]
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let stderr = Pipe()
        process.standardError = stderr
        try process.run()
        let err = TLSTestSupport.Collector(stderr.fileHandleForReading)
        process.waitUntilExit()
        #expect(process.terminationStatus == 74)
        #expect(err.wait().contains("cannot write to stdout"))
    }

    @Test func RootHelp_ListsEveryExitStatusOfTheTable() throws {
        let help = try Self.run(["--help"]).stdout
        #expect(help.contains("EXIT STATUS:"))
        for (code, meaning) in [("70", "an unexpected error"), ("1", "findings"), ("74", "stdout cannot be written")] {
            let row = help.split(separator: "\n").first { $0.split(separator: " ", omittingEmptySubsequences: true).first.map(String.init) == code }
            #expect(row?.contains(meaning) == true, "root help lacks \(code) \(meaning)")
        }
    }

    /// Each subcommand's help names only statuses of the one table.
    @Test func SubcommandHelp_NamesOnlyStatusesOfTheTable() throws {
        let table = Set(ExitCode.table.map(\.code))
        var sections = 0
        for name in Self.subcommands {
            let help = try Self.run([name, "--help"]).stdout
            guard let start = help.range(of: "EXIT STATUS:") else { continue }
            sections += 1
            var section = help[start.upperBound...]
            if let end = section.range(of: "\n\n") { section = section[..<end.lowerBound] }
            let named = section.split { !$0.isNumber }.compactMap { Int32($0) }.filter { $0 <= 2 || $0 >= 64 }
            #expect(!named.isEmpty, "\(name)")
            #expect(Set(named).isSubset(of: table), "\(name) --help names \(Set(named).subtracting(table).sorted())")
        }
        #expect(sections >= 4, "diff, wait, try, report and compare say their statuses")
    }

    // MARK: Against a server

    @Test func WaitCommand_WritesJUnitAndExitsWithTheVerdict() async throws {
        let server = try TestServer(router: CLITestAPI.router())
        let url = "http://127.0.0.1:\(server.port)"
        let directory = TLSTestSupport.temporaryDirectory()
        defer { TLSTestSupport.remove(directory) }
        // The farm run: nobody tapped. Ready; with --require-taps, incomplete.
        let expected: [(String, [String], Int32)] = [("ready-run", [], 0), ("failing-run", [], 1), ("farm-run", [], 0),
                                                     ("farm-run", ["--require-taps"], 2)]
        for (run, extra, code) in expected {
            let name = run + extra.joined()
            let junit = "\(directory)/\(name).xml", json = "\(directory)/\(name).json"
            let output = try await TLSTestSupport.onThread {
                try Self.run(["wait", run, "--server", url, "--timeout", "30", "--junit", junit, "--json", json] + extra)
            }
            #expect(output.status == code, "\(name): \(output.stderr)")
            let (status, summary, stderr) = try ReportChecker.check("junit", try String(contentsOfFile: junit, encoding: .utf8))
            #expect(status == 0, "\(stderr)")
            // An incomplete run has one more test case: its error.
            #expect(summary["tests"] as? Int == Catalog.standard.probes.count + (code == 2 ? 1 : 0))
            #expect(summary["errors"] as? Int == (code == 2 ? 1 : 0))
            let document = try RunReportDocument.decode(Array(try Data(contentsOf: URL(fileURLWithPath: json))))
            #expect(document.run.id == run)
            #expect(document.diff.requireTaps == !extra.isEmpty)
        }
    }

    @Test func WaitCommand_CreatesMissingReportFolders() async throws {
        let server = try TestServer(router: CLITestAPI.router())
        let url = "http://127.0.0.1:\(server.port)"
        let directory = TLSTestSupport.temporaryDirectory()
        defer { TLSTestSupport.remove(directory) }
        let output = try await TLSTestSupport.onThread {
            try Self.run(["wait", "ready-run", "--server", url, "--timeout", "30", "--junit", "\(directory)/out/junit/",
                          "--json", "\(directory)/json/deeper/report.json", "--markdown", "\(directory)/md/report.md",
                          "--out", "\(directory)/all/reports"])
        }
        #expect(output.status == 0, "\(output.stderr)")
        for path in ["out/junit/\(RunReports.junitFileName)", "json/deeper/report.json", "md/report.md", "all/reports/report.json"] {
            #expect(FileManager.default.fileExists(atPath: "\(directory)/\(path)"), "\(path)")
        }
    }

    @Test func WaitCommand_AReportFolderThatCannotBeMade_Exits73BeforeWaiting() async throws {
        // A server that counts the long polls: a bad path must fail before the first one.
        let polls = Mutex(0)
        var router = Router()
        router.add("GET", "/api/runs/:id/wait") { _ in
            polls.withLock { $0 += 1 }
            return .now(.json(["completed": true]))
        }
        let server = try TestServer(router: router)
        let url = "http://127.0.0.1:\(server.port)"
        let directory = TLSTestSupport.temporaryDirectory()
        defer { TLSTestSupport.remove(directory) }
        // A file where the folder should go: no `mkdir -p` can make it.
        try Data("a file".utf8).write(to: URL(fileURLWithPath: "\(directory)/taken"))
        let output = try await TLSTestSupport.onThread {
            try Self.run(["wait", "ready-run", "--server", url, "--timeout", "20", "--junit", "\(directory)/taken/reports/"])
        }
        #expect(output.status == 73, "\(output.stderr)")
        #expect(output.stderr.contains("cannot create the folder \(directory)/taken/reports for the JUnit report"), "\(output.stderr)")
        let inTheWay = try await TLSTestSupport.onThread {
            try Self.run(["wait", "ready-run", "--server", url, "--timeout", "20", "--out", "\(directory)/taken"])
        }
        #expect(inTheWay.status == 73)
        #expect(inTheWay.stderr.contains("a file of that name is in the way"), "\(inTheWay.stderr)")
        #expect(polls.withLock { $0 } == 0, "it waited before it found the path unwritable")
    }

    @Test func WaitCommand_RequireTapsOnAServerThatIgnoresIt_SaysSoInsteadOfAVerdict() async throws {
        // A server older than the option: it drops the query it does not know.
        var router = Router()
        router.get("/api/runs/:id/wait") { _ in .json(["completed": true]) }
        router.get("/api/runs/:id/report.json") { _ in
            .text(RunReports.json(CLITestAPI.document("farm-run")!), contentType: RunReports.jsonContentType)
        }
        let server = try TestServer(router: router)
        let url = "http://127.0.0.1:\(server.port)"
        let output = try await TLSTestSupport.onThread {
            try Self.run(["wait", "farm-run", "--server", url, "--timeout", "10", "--require-taps"])
        }
        #expect(output.status == 69, "\(output.stderr)")
        #expect(output.stderr.contains("judged the run without requireTaps: it is older than this CLI"), "\(output.stderr)")
    }

    @Test func WaitCommand_TimeoutExits2AndStillWritesTheReport() async throws {
        let server = try TestServer(router: CLITestAPI.router())
        let directory = TLSTestSupport.temporaryDirectory()
        defer { TLSTestSupport.remove(directory) }
        let url = "http://127.0.0.1:\(server.port)"
        let output = try await TLSTestSupport.onThread {
            try Self.run(["wait", "stuck-run", "--server", url, "--timeout", "2",
                          "--junit", "\(directory)/stuck.xml"])
        }
        // The JUnit report of a run without a verdict is red in CI: one error test case.
        let (_, summary, _) = try ReportChecker.check("junit", try String(contentsOfFile: "\(directory)/stuck.xml", encoding: .utf8))
        #expect(summary["errors"] as? Int == 1)
        #expect(output.status == 2)
        #expect(output.stderr.contains("did not complete within 2 s"))
        let title = try #require(Catalog.standard.probe(id: "file.accept")?.title)
        #expect(output.stdout.contains("timed out after 2 s waiting for the tap on \(title)"), "\(output.stdout)")
        for verdict in ["READY", "NOT READY", "INCOMPLETE", "verdict"] {
            #expect(!output.stdout.contains(verdict), "a verdict the run does not have: \(output.stdout)")
        }
        #expect(FileManager.default.fileExists(atPath: "\(directory)/stuck.xml"))
    }

    @Test func WaitCommand_UnknownRunAndUnreachableServer_HaveTheirOwnCodes() async throws {
        let server = try TestServer(router: CLITestAPI.router())
        let url = "http://127.0.0.1:\(server.port)"
        let unknown = try await TLSTestSupport.onThread {
            try Self.run(["wait", "no-such-run", "--server", url, "--timeout", "5"])
        }
        #expect(unknown.status == 66)
        #expect(unknown.stderr.contains("no run no-such-run"))
        let unreachable = try await TLSTestSupport.onThread {
            try Self.run(["wait", "run-1", "--server", "http://127.0.0.1:1", "--timeout", "1"])
        }
        #expect(unreachable.status == 69, "\(unreachable.stderr)")
        #expect(unreachable.stderr.contains("is `probe-server serve` running"))
    }

    @Test func ReportRunsCompareAndDiffRun_TalkToTheServer() async throws {
        let server = try TestServer(router: CLITestAPI.router())
        let url = "http://127.0.0.1:\(server.port)"
        let results = try await TLSTestSupport.onThread { () -> [String: TLSTestSupport.Output] in
            [
                "report-md": try Self.run(["report", "failing-run", "--server", url, "--format", "md"]),
                "report-html": try Self.run(["report", "failing-run", "--server", url, "--format", "html"]),
                "report-json": try Self.run(["report", "ready-run", "-s", url, "-f", "json"]),
                "runs": try Self.run(["runs", "--server", url, "--token", CLITestAPI.token]),
                "runs-env": try Self.run(["runs", "--json", "--verdict", "ready"], environment: ["PROBE_SERVER": url, "PROBE_TOKEN": CLITestAPI.token]),
                "runs-bad-token": try Self.run(["runs", "--server", url, "--token", "wrong"]),
                "compare": try Self.run(["compare", "ready-run", "failing-run", "--server", url, "--token", CLITestAPI.token]),
                "compare-json": try Self.run(["compare", "failing-run", "ready-run", "--server", url, "--token", CLITestAPI.token, "--json"]),
                "diff-run": try Self.run(["diff", "failing-run", "--server", url]),
                "diff-run-ios": try Self.run(["diff", "ready-run", "--server", url, "--platform", "ios-wkwebview", "-f", "json"]),
            ]
        }
        #expect(results["report-md"]?.status == 0)
        #expect(results["report-md"]?.stdout.hasPrefix("### ❌ probe-server") == true)
        #expect(results["report-html"]?.stdout.contains("<link rel=\"stylesheet\" href=\"/assets/report.css\">") == true)
        #expect((try? RunReportDocument.decode(Array((results["report-json"]?.stdout ?? "").utf8)))?.run.id == "ready-run")
        #expect(results["runs"]?.status == 0)
        #expect(results["runs"]?.stdout.contains("failing-run") == true)
        #expect(results["runs"]?.stdout.contains("not-ready") == true)
        let listed = try JSONSerialization.jsonObject(with: Data((results["runs-env"]?.stdout ?? "").utf8)) as? [String: Any]
        // The farm run is ready too: nobody tapped, and its taps were not required.
        #expect((listed?["runs"] as? [[String: Any]])?.map { $0["id"] as? String } == ["farm-run", "ready-run"])
        let listedRuns = results["runs"]?.stdout ?? ""
        #expect(listedRuns.contains("farm pixel-7 nightly build"), "the label under its run")
        #expect(listedRuns.contains("…"), "a label too long for 80 columns is cut")
        for (name, output) in results where ["runs", "compare"].contains(name) {
            for line in output.stdout.split(separator: "\n") {
                #expect(line.count <= 80, "\(name): \(line.count) columns: \(line)")
            }
        }
        #expect(results["runs-bad-token"]?.status == 77)
        #expect(results["runs-bad-token"]?.stderr.contains("PROBE_TOKEN") == true)
        #expect(results["compare"]?.status == 1, "worse")
        #expect(results["compare"]?.stdout.contains("camera.getUserMedia: pass → fail") == true)
        #expect(results["compare-json"]?.status == 0)
        #expect(results["compare-json"]?.stdout.contains("\"direction\" : \"better\"") == true)
        #expect(results["diff-run"]?.status == 1)
        let ios = try JSONDecoder().decode(DiffReport.self, from: Data((results["diff-run-ios"]?.stdout ?? "").utf8))
        #expect(ios.platform.platform == .iosWKWebView)
    }

    @Test func WaitCommand_OverHTTPSWithTheDataDirectoryCA() async throws {
        let certificates = try CertificateDirectory(path: TLSTestSupport.temporaryDirectory()).prepare(hostName: "probebox", addresses: [])
        let context = try TLSContext(certificateChainFile: certificates.certificateChainFile, privateKeyFile: certificates.privateKeyFile)
        let server = try TestServer(router: CLITestAPI.router()) { config in
            config.isSecure = true
            config.makeTransport = { fd -> any Transport in
                if let session = try? context.makeSession(fileDescriptor: fd) { return session }
                return FailedTransport()
            }
        }
        let url = "https://localhost:\(server.port)"
        let dataDirectory = certificates.directory.path
        let (trusted, untrusted) = try await TLSTestSupport.onThread {
            (try Self.run(["wait", "ready-run", "--server", url, "--data-dir", dataDirectory, "--timeout", "10"]),
             try Self.run(["wait", "ready-run", "--server", url, "--timeout", "10"]))
        }
        #expect(trusted.status == 0, "\(trusted.stderr)")
        #expect(untrusted.status == 69)
        #expect(untrusted.stderr.contains("--cacert"))
    }
}
