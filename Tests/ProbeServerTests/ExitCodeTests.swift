import Foundation
import Testing
@testable import ProbeServer
@testable import probe_server

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
        #expect(CommandFailure.from(Surprise()).exitCode == 70, "the client commands' mapping falls back to the same table")
    }

    /// README's CLI reference names the statuses; each one it names is in the table.
    @Test func READMEExitCodes_AreAllInTheTable() throws {
        let readme = try String(contentsOfFile: #filePath.replacingOccurrences(of: "Tests/ProbeServerTests/ExitCodeTests.swift", with: "README.md"),
                                encoding: .utf8)
        let codes = Set(ExitCode.table.map(\.code))
        var named: Set<Int32> = []
        for paragraph in readme.components(separatedBy: "\n\n") where paragraph.contains("Exit codes") {
            let text = paragraph[paragraph.range(of: "Exit codes")!.lowerBound...]
            for word in text.split(whereSeparator: { !$0.isNumber }) {
                if let n = Int32(word), n < 256, n == 0 || n > 0 { named.insert(n) }
            }
        }
        #expect(!named.isEmpty)
        // Numbers of other facts in those paragraphs (ports, seconds) are not statuses.
        let statuses = named.filter { $0 <= 2 || (64...78).contains($0) || $0 == 130 }
        #expect(statuses.isSubset(of: codes), "README names \(statuses.subtracting(codes).sorted()), not in ExitCode.table")
    }
}
