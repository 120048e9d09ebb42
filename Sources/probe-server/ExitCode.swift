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
import ProbeHTTP
import ProbeClient

/// The exit statuses of the CLI, all of them. 0/1/2 are the verdict (so a CI step fails on
/// findings); the rest follow sysexits(3) (https://man.freebsd.org/cgi/man.cgi?sysexits) so a
/// script can tell "the app has findings" from "the command could not run". An error nothing
/// expected is 70, never 1: CI reads 1 as findings.
enum ExitCode {
    static let ready: Int32 = 0
    static let findings: Int32 = 1
    static let incomplete: Int32 = 2
    static let usage: Int32 = 64        // EX_USAGE
    static let dataError: Int32 = 65    // EX_DATAERR: the input is not results or a report
    static let noInput: Int32 = 66      // EX_NOINPUT: no such file, no such run, no page folder
    static let unavailable: Int32 = 69  // EX_UNAVAILABLE: cannot reach the server, or it failed
    static let software: Int32 = 70     // EX_SOFTWARE: an unexpected error, a bug
    static let osError: Int32 = 71      // EX_OSERR: the address cannot be bound, the port is taken
    static let cannotCreate: Int32 = 73 // EX_CANTCREAT: cannot write an output file or set up the data folder
    static let ioError: Int32 = 74      // EX_IOERR: stdout cannot be written (a full disk, a closed pipe)
    static let noPermission: Int32 = 77 // EX_NOPERM: the token is missing or wrong
    /// A signal ends a command as a shell reports it: 128 + the signal (130 for Ctrl-C).
    static func interrupted(by signal: Int32) -> Int32 { 128 + signal }

    /// Every status with what it means, as `probe-server --help` prints it.
    static let table: [(code: Int32, meaning: String)] = [
        (ready, "ready (or the command did its job)"),
        (findings, "findings: not ready (compare: the second run is worse)"),
        (incomplete, "incomplete or timed out"),
        (usage, "usage error"),
        (dataError, "the input is not results or a report"),
        (noInput, "no such file, run or page folder"),
        (unavailable, "the server, the engine or their packages are unavailable (TLS failure included)"),
        (software, "an unexpected error: a bug, please report it with the message"),
        (osError, "the address cannot be bound or the port is taken"),
        (cannotCreate, "an output file, the data folder, the certificates or the store cannot be set up"),
        (ioError, "stdout cannot be written"),
        (noPermission, "the token is missing or wrong"),
        (interrupted(by: SIGINT), "interrupted (Ctrl-C)"),
    ]

    static func verdict(_ verdict: DiffReport.Verdict) -> Int32 {
        switch verdict {
        case .ready: return ready
        case .notReady: return findings
        case .incomplete: return incomplete
        }
    }

    /// What a status means, as the table says it.
    static func meaning(of code: Int32) -> String {
        table.first { $0.code == code }?.meaning ?? "status \(code)"
    }

    /// The status for an error that ended a command, and the line to print: the one mapping
    /// from errors to statuses, applied where an error leaves a command (`RootCommand.main`),
    /// so a command throws the domain's own errors and never maps them by hand. An error not
    /// listed here is a bug (70).
    static func of(_ error: any Error) -> (code: Int32, message: String) {
        switch error {
        case let usage as UsageError: return (Self.usage, usage.description)
        case let failure as CommandFailure: return (failure.exitCode, failure.description)
        case let api as ProbeAPIError:
            // The server's own answer, with its advice (the token, the run id).
            switch api.status {
            case 401, 403: return (noPermission, api.localizedText)
            case 404: return (noInput, api.localizedText)
            case 400, 422: return (Self.usage, api.localizedText)
            default: return (unavailable, api.localizedText)
            }
        case let old as ServerIgnoredRequireTaps: return (unavailable, old.localizedText)
        case let client as HTTPClientError:
            switch client {
            case .invalidURL: return (Self.usage, client.localizedText)
            case .cannotReadCAFile: return (noInput, client.localizedText)
            default: return (unavailable, client.localizedText)
            }
        case let start as ServerStartFailure: return (start.exitCode, start.description)
        case let socket as SocketError: return (osError, "\(socket)")
        case let port as PortInUse: return (osError, "\(port)")
        case let missing as PublicDirectory.NotFound: return (noInput, "\(missing)")
        case let change as NamedTokens.ChangeError: return (dataError, "\(change)")
        case let engine as EngineFailure:
            switch engine.reason {
            case .notFound: return (noInput, engine.description)
            case .unavailable: return (unavailable, engine.description)
            case .cannotCreate: return (cannotCreate, engine.description)
            }
        default:
            return (software, "unexpected error: \(error); this is a bug in probe-server, please report it with this line")
        }
    }
}
