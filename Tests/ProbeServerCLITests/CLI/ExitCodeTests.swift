import Foundation
import Testing
import ProbeEngines
@testable import ProbeServer
@testable import probe_server
@testable import ProbeHTTP
@testable import ProbeClient
import TestSupport

/// The CLI's exit statuses come from one table (`ExitCode`), and an error nothing expected
/// is 70 (EX_SOFTWARE), never 1, which CI reads as findings.
@Suite struct ExitCodeTests {
    struct Surprise: Error {}

    @Test func EveryStatus_IsInTheTableOnce_AndOneMeansFindingsOnly() {
        let codes = ExitCode.table.map(\.code)
        #expect(Set(codes).count == codes.count, "a status is listed twice")
        #expect(ExitCode.table.first { $0.code == 1 }?.meaning.hasPrefix("findings") == true)
        for named in [ExitCode.ready, ExitCode.findings, ExitCode.incomplete, ExitCode.usage, ExitCode.dataError,
                      ExitCode.noInput, ExitCode.unavailable, ExitCode.software, ExitCode.osError,
                      ExitCode.cannotCreate, ExitCode.ioError, ExitCode.noPermission, ExitCode.interrupted(by: SIGINT)] {
            #expect(codes.contains(named), "\(named) is not in ExitCode.table")
        }
    }

    @Test func ErrorsMapToTheirStatuses_AndAnUnexpectedOneIs70() {
        #expect(ExitCode.of(UsageError("bad")).code == 64)
        #expect(ExitCode.of(CommandFailure("gone", exitCode: ExitCode.noInput)).code == 66)
        #expect(ExitCode.of(SocketError(call: "bind", code: EADDRINUSE, detail: "")).code == 71)
        let unexpected = ExitCode.of(Surprise())
        #expect(unexpected.code == 70)
        #expect(unexpected.message.contains("unexpected"))
    }

    /// A command that throws what it was given, as a command's `run` lets a domain error out.
    enum Throwing: Command {
        nonisolated(unsafe) static var error: any Error = Surprise()
        static let name = "throwing"
        static let summary = "Throws its error."
        static let usage = ["throwing"]
        static let options: [Arguments.Option] = []
        static func run(_ args: Arguments) throws -> Int32 { throw error }
    }

    /// Commands throw the domain's errors as they are; the one map where an error leaves a
    /// command (`RootCommand.main`) gives each its status, so none is the bug status 70.
    @Test func ADomainErrorLeavingACommand_ExitsWithItsMappedStatus_Not70() {
        let cases: [(any Error, Int32)] = [
            (ProbeAPIError(status: 404, code: "not_found", message: "no such run", field: nil), ExitCode.noInput),
            (ProbeAPIError(status: 401, code: "unauthorized", message: "token", field: nil), ExitCode.noPermission),
            (ProbeAPIError(status: 503, code: "unavailable", message: "later", field: nil), ExitCode.unavailable),
            (HTTPClientError.cannotConnect(server: "https://127.0.0.1:1", reason: "refused"), ExitCode.unavailable),
            (HTTPClientError.cannotReadCAFile(path: "/nope.pem", reason: "missing"), ExitCode.noInput),
            (PublicDirectory.NotFound(looked: ["/nowhere/Public"]), ExitCode.noInput),
            (ServerStartFailure(cause: SocketError(call: "bind", code: EADDRINUSE, detail: "")), ExitCode.osError),
            (ServerStartFailure(cause: Surprise()), ExitCode.cannotCreate),
            (EngineFailure(.notFound, "no Tests/engines here"), ExitCode.noInput),
            (EngineFailure(.unavailable, "chromium is not installed"), ExitCode.unavailable),
            (EngineFailure(.cannotCreate, "cannot write the profile"), ExitCode.cannotCreate),
        ]
        for (error, expected) in cases {
            Throwing.error = error
            #expect(RootCommand.main(["throwing"], commands: [Throwing.self]) == expected, "\(error)")
        }
        Throwing.error = Surprise()
        #expect(RootCommand.main(["throwing"], commands: [Throwing.self]) == ExitCode.software)
    }

    /// The CLI reference (docs/cli.md) names the statuses; each one it names is in the table.
    @Test func CLIReferenceExitCodes_AreAllInTheTable() throws {
        let reference = try String(contentsOf: Repository.file("docs/cli.md"), encoding: .utf8)
        let codes = Set(ExitCode.table.map(\.code))
        var named: Set<Int32> = []
        for paragraph in reference.components(separatedBy: "\n\n") where paragraph.contains("Exit codes") {
            let text = paragraph[paragraph.range(of: "Exit codes")!.lowerBound...]
            for word in text.split(whereSeparator: { !$0.isNumber }) {
                if let n = Int32(word), n < 256, n == 0 || n > 0 { named.insert(n) }
            }
        }
        #expect(!named.isEmpty)
        // Numbers of other facts in those paragraphs (ports, seconds) are not statuses.
        let statuses = named.filter { $0 <= 2 || (64...78).contains($0) || $0 == 130 }
        #expect(statuses.isSubset(of: codes), "docs/cli.md names \(statuses.subtracting(codes).sorted()), not in ExitCode.table")
    }
}
