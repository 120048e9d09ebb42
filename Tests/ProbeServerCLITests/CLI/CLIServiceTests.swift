import Foundation
import ProbeCatalog
import Testing
@testable import ProbeServer
@testable import ProbeClient
@testable import ProbeHTTPTesting
@testable import ProbeServerTesting

/// The CLI against the assembled service (store, API, waiters): what a CI job does.
@Suite struct CLIServiceTests {
    /// Posts `results` to a new run, completes it, and returns its id. `requireTaps`: the run's own setting.
    static func completedRun(_ service: TestService, _ results: [ProbeResult], label: String, requireTaps: Bool = false) throws -> String {
        let id = try service.createRun(requireTaps ? #"{"label":"\#(label)","requireTaps":true}"# : #"{"label":"\#(label)"}"#)
        struct Batch: Encodable { let results: [ProbeResult] }
        let relabelled = results.map { result -> ProbeResult in
            var copy = result
            copy.run = id
            return copy
        }
        let body = String(decoding: try JSONEncoder().encode(Batch(results: relabelled)), as: UTF8.self)
        let posted = try service.request("POST", "/api/runs/\(id)/results", body: body)
        guard (200..<300).contains(posted.status) else { throw CommandError("posting results: \(posted.status) \(posted.text)") }
        let completed = try service.request("POST", "/api/runs/\(id)/complete", body: "{}")
        guard (200..<300).contains(completed.status) else { throw CommandError("completing: \(completed.status) \(completed.text)") }
        return id
    }

    struct CommandError: Error, CustomStringConvertible {
        let description: String
        init(_ text: String) { description = text }
    }

    @Test func WaitAgainstTheService_ExitsWithTheVerdictAndWritesJUnit() async throws {
        let service = try TestService()
        let ready = try Self.completedRun(service, ReportFixtures.healthyAndroid(), label: "ready")
        let failing = try Self.completedRun(service, ReportFixtures.cameraDenied(), label: "failing")
        let url = "http://127.0.0.1:\(service.port)"
        let token = service.token
        let directory = TLSTestSupport.temporaryDirectory()
        defer { TLSTestSupport.remove(directory) }
        let outputs = try await TLSTestSupport.onThread { () -> [String: TLSTestSupport.Output] in
            [
                "ready": try CLITests.run(["wait", ready, "--server", url, "--timeout", "20", "--junit", "\(directory)/ready.xml"]),
                "failing": try CLITests.run(["wait", failing, "--server", url, "--timeout", "20", "--junit", "\(directory)/failing.xml"]),
                "runs": try CLITests.run(["runs", "--server", url, "--token", token]),
                "compare": try CLITests.run(["compare", ready, failing, "--server", url, "--token", token]),
                "diff": try CLITests.run(["diff", failing, "--server", url, "--format", "md"]),
            ]
        }
        #expect(outputs["ready"]?.status == 0, "\(outputs["ready"]?.stderr ?? "")")
        #expect(outputs["failing"]?.status == 1, "\(outputs["failing"]?.stderr ?? "")")
        for name in ["ready", "failing"] {
            let xml = try String(contentsOfFile: "\(directory)/\(name).xml", encoding: .utf8)
            let (status, summary, stderr) = try ReportChecker.check("junit", xml)
            #expect(status == 0, "\(stderr)")
            #expect(summary["failures"] as? Int == (name == "ready" ? 0 : 1))
        }
        #expect(outputs["runs"]?.status == 0, "\(outputs["runs"]?.stderr ?? "")")
        #expect(outputs["runs"]?.stdout.contains(failing) == true)
        #expect(outputs["compare"]?.status == 1, "\(outputs["compare"]?.stderr ?? "")")
        #expect(outputs["diff"]?.status == 1, "\(outputs["diff"]?.stderr ?? "")")
        #expect(outputs["diff"]?.stdout.contains("camera.getUserMedia") == true)
    }

    @Test func WaitAgainstTheService_LeavesUntappedStepsToAPerson_UnlessTapsAreRequired() async throws {
        let service = try TestService()
        // `adb shell am start` and nothing else: the tap steps skipped, nobody there.
        let plain = try Self.completedRun(service, ReportFixtures.unattended(), label: "emulator")
        // A farm script's run: created with requireTaps, and it missed the taps.
        let strict = try Self.completedRun(service, ReportFixtures.unattended(), label: "farm", requireTaps: true)
        let url = "http://127.0.0.1:\(service.port)"
        let directory = TLSTestSupport.temporaryDirectory()
        defer { TLSTestSupport.remove(directory) }
        let outputs = try await TLSTestSupport.onThread { () -> [String: TLSTestSupport.Output] in
            [
                "plain": try CLITests.run(["wait", plain, "--server", url, "--timeout", "20", "--junit", "\(directory)/plain.xml"]),
                "plain-required": try CLITests.run(["wait", plain, "--server", url, "--timeout", "20", "--require-taps",
                                                    "--junit", "\(directory)/plain-required.xml"]),
                "strict": try CLITests.run(["wait", strict, "--server", url, "--timeout", "20"]),
                "diff-required": try CLITests.run(["diff", plain, "--server", url, "--require-taps"]),
                "report-required": try CLITests.run(["report", plain, "--server", url, "--require-taps", "--format", "junit"]),
            ]
        }
        #expect(outputs["plain"]?.status == 0, "\(outputs["plain"]?.stderr ?? "")")
        #expect(outputs["plain"]?.stdout.contains("left to a person") == true, "\(outputs["plain"]?.stdout ?? "")")
        #expect(outputs["plain-required"]?.status == 2, "\(outputs["plain-required"]?.stderr ?? "")")
        #expect(outputs["plain-required"]?.stdout.contains("not tapped (taps required)") == true)
        #expect(outputs["strict"]?.status == 2, "the run's own setting: \(outputs["strict"]?.stderr ?? "")")
        #expect(outputs["diff-required"]?.status == 2, "\(outputs["diff-required"]?.stderr ?? "")")
        #expect(outputs["report-required"]?.status == 0)
        #expect(outputs["report-required"]?.stdout.contains("<error message=\"the run is incomplete: ") == true)
        let (_, plainJUnit, _) = try ReportChecker.check("junit", try String(contentsOfFile: "\(directory)/plain.xml", encoding: .utf8))
        #expect(plainJUnit["errors"] as? Int == 0)
        let (_, requiredJUnit, _) = try ReportChecker.check("junit", try String(contentsOfFile: "\(directory)/plain-required.xml", encoding: .utf8))
        #expect(requiredJUnit["errors"] as? Int == 1)
        // The run's kept judgement is its own: asking with requireTaps changed nothing stored.
        let kept = try service.request("GET", "/api/runs/\(plain)")
        #expect(kept.json["verdict"] as? String == "ready")
        let strictRun = try service.request("GET", "/api/runs/\(strict)")
        #expect(strictRun.json["verdict"] as? String == "incomplete")
        #expect((strictRun.json["metadata"] as? [String: Any])?["requireTaps"] as? Bool == true)
        // Asked the other way round, the strict run is judged without the rule.
        let relaxed = try service.request("GET", "/api/runs/\(strict)/diff?requireTaps=false")
        #expect(relaxed.json["verdict"] as? String == "ready" && relaxed.json["requireTaps"] as? Bool == false)
        #expect(try service.request("GET", "/api/runs/\(strict)/diff?requireTaps=maybe").status == 400)
    }

    @Test func WaitAgainstTheService_TimesOutOnARunNobodyOpened() async throws {
        let service = try TestService()
        let id = try service.createRun()
        let url = "http://127.0.0.1:\(service.port)"
        let output = try await TLSTestSupport.onThread {
            try CLITests.run(["wait", id, "--server", url, "--timeout", "2"])
        }
        #expect(output.status == 2, "\(output.stderr)")
        #expect(output.stderr.contains("no result arrived within 2 s: the page never ran on the device"))
        // Nobody refused the certificate here: the advice is about reaching the server.
        #expect(output.stderr.contains("Check that the device opened the run URL"))
    }

    @Test func WaitOnARunThatStoppedHalfWay_SaysHowManyResultsArrivedAndTheLastOne() async throws {
        let service = try TestService()
        let id = try service.createRun(#"{"label":"half-way"}"#)
        // The first three results of a run, as a page that was closed at the fourth step posts them.
        let posted = Array(ReportFixtures.healthyAndroid().prefix(3)).map { result -> ProbeResult in
            var copy = result
            copy.run = id
            return copy
        }
        struct Batch: Encodable { let results: [ProbeResult] }
        let body = String(decoding: try JSONEncoder().encode(Batch(results: posted)), as: UTF8.self)
        let answer = try service.request("POST", "/api/runs/\(id)/results", body: body)
        #expect(answer.status == 200, "\(answer.text)")
        let last = try #require(posted.last)
        let title = try #require(Catalog.standard.probes.first { $0.id == last.probe }?.title)
        let url = "http://127.0.0.1:\(service.port)"
        let directory = TLSTestSupport.temporaryDirectory()
        defer { TLSTestSupport.remove(directory) }
        let output = try await TLSTestSupport.onThread {
            try CLITests.run(["wait", id, "--server", url, "--timeout", "1", "--junit", "\(directory)/missing/"])
        }
        #expect(output.status == 2, "\(output.stderr)")
        #expect(output.stderr.contains("3 results arrived, the last one (\(last.probe), \(title)) at "), "\(output.stderr)")
        // Its JUnit, in the folder wait made: red, the run's error first.
        let xml = try String(contentsOfFile: "\(directory)/missing/\(RunReports.junitFileName)", encoding: .utf8)
        let (_, summary, _) = try ReportChecker.check("junit", xml)
        #expect(summary["errors"] as? Int == 1)
        let first = (summary["cases"] as? [[String: Any]])?.first
        #expect(first?["type"] as? String == "not-completed")
        #expect((first?["message"] as? String)?.hasPrefix("the run has not completed: 3 results so far, ") == true, "\(first ?? [:])")
        #expect(output.stderr.contains("then nothing for "), "\(output.stderr)")
        #expect(output.stderr.contains("the page was closed, the app went to the background, or it was killed at that step"))
        // The device did open the run URL: the message for a run nobody opened would mislead.
        #expect(!output.stderr.contains("the page never ran on the device"))
        #expect(!output.stderr.contains("Check that the device opened the run URL"))
    }

    @Test func WaitOnARunWhoseDeviceRefusedTheCertificate_SaysToInstallTheCA() async throws {
        let service = try TestService { o in
            o.plainHTTP = false
            o.setupPort = 0
            o.eventLoops = 1  // what `refuseCertificate` orders its events on
        }
        let ca = service.dataDirectory + "/ca.pem"
        let trusted = try HTTPClient(server: ServerURL(scheme: .https, host: "127.0.0.1", port: service.port), trust: .caFile(ca))
        let created = try JSONSerialization.jsonObject(with: Data(try trusted.post("/api/runs", json: Array("{}".utf8)).body))
        let id = try #require((created as? [String: Any])?["id"] as? String)
        try service.refuseCertificate()
        let url = "https://127.0.0.1:\(service.port)"
        let output = try await TLSTestSupport.onThread {
            // With the token, as CI runs it: the refusal list is the whole server's, token only.
            try CLITests.run(["wait", id, "--server", url, "--cacert", ca, "--timeout", "1", "--token", service.token])
        }
        #expect(output.status == 2, "\(output.stderr)")
        #expect(output.stderr.contains("127.0.0.1 refused the server's certificate (TLS alert unknown_ca)"))
        #expect(output.stderr.contains("Install the CA on the device"))
    }
}
