import Foundation
import ProbeCatalog
import ProbeServer

/// The exit statuses of the CLI. 0/1/2 are the verdict (so a CI step fails on findings);
/// the rest follow sysexits.h so a script can tell "the app has findings" from "the
/// command could not run".
enum ExitCode {
    static let ready: Int32 = 0
    static let findings: Int32 = 1
    static let incomplete: Int32 = 2
    static let usage: Int32 = 64        // EX_USAGE
    static let dataError: Int32 = 65    // EX_DATAERR: the input is not results or a report
    static let noInput: Int32 = 66      // EX_NOINPUT: no such file, no such run
    static let unavailable: Int32 = 69  // EX_UNAVAILABLE: cannot reach the server, or it failed
    static let cannotCreate: Int32 = 73 // EX_CANTCREAT: cannot write an output file
    static let noPermission: Int32 = 77 // EX_NOPERM: the token is missing or wrong

    static func verdict(_ verdict: DiffReport.Verdict) -> Int32 {
        switch verdict {
        case .ready: return ready
        case .notReady: return findings
        case .incomplete: return incomplete
        }
    }
}
