#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials
import ProbeServer
import ProbeHTTP

/// `probe-server ca`: the user's local CA, which every data folder and `try` of the user
/// issue their certificates from, so a device installs it once (docs/tls.md).
enum CACommand: Command {
    static let name = "ca"
    static let summary = "Show, export or rotate your local CA (one per user, installed once)."

    static let options: [Arguments.Option] = [
        caDirectoryOption,
        .init(long: "der", short: nil, valueName: nil, help: "export: DER (.cer/.crt, what a phone installs) instead of PEM."),
        .init(long: "advertise", short: nil, valueName: "HOST[,HOST]", help: "rotate: names the new CA permits besides local ones (default: $PROBE_ADVERTISE, else this machine's)."),
        .init(long: "data-dir", short: "d", valueName: "DIR", help: "adopt: the data folder with a CA of its own (default: $PROBE_DATA_DIR, else ./probe-data)."),
    ]

    /// `--ca-dir`, shared with `serve` and `try`.
    static let caDirectoryOption = Arguments.Option(
        long: "ca-dir", short: nil, valueName: "DIR",
        help: "Your CA folder (default: $PROBE_CA_DIR, else $XDG_DATA_HOME/probe-server/ca, else ~/.local/share/probe-server/ca).")

    static let usage = [
        "ca [show] [--ca-dir DIR]",
        "ca export [FILE] [--der] [--ca-dir DIR]",
        "ca rotate [--advertise HOST[,HOST]] [--ca-dir DIR]",
        "ca adopt [--data-dir DIR] [--ca-dir DIR]",
    ]
    static let operands = Operands.checkedByCommand
    static let discussion = """
        serve and try issue every data folder's certificate from one CA per user,
        kept in your CA folder (ca.pem, ca-key.pem 0600); a data folder holds a copy
        of ca.pem only. A device that installed it (/setup) trusts every server you
        start, in any folder or checkout.

        show prints the CA's file, subject, SHA-256 fingerprint, expiry and the names
        it may vouch for. export writes its public certificate to FILE or stdout.
        rotate makes a new CA and keeps the old certificate as ca-old-DATE.pem (its key
        is deleted): every device must then install the new one. adopt moves a data
        folder made by an older version, with a CA of its own, to your CA.
        """
    static let exitStatuses: [ExitStatusNote] = [
        ExitStatusNote(ExitCode.ready, "done"),
        ExitStatusNote(ExitCode.noInput, "no CA yet (serve or try makes it), or none in the data folder"),
        ExitStatusNote(ExitCode.cannotCreate, "the CA folder or FILE cannot be written"),
        .stdoutUnwritable,
    ]

    static func run(_ args: Arguments) throws -> Int32 {
        let positionals = args.positionals
        let action = positionals.first ?? "show"
        let folder = try locate(args)
        switch action {
        case "show":
            guard positionals.count <= 1 else { throw UsageError("ca show takes no argument") }
            try Output.write(describe(try existing(folder)).joined(separator: "\n") + "\n")
        case "export":
            guard positionals.count <= 2 else { throw UsageError("ca export takes at most one FILE") }
            let authority = try existing(folder)
            let bytes = args.flag("der") ? authority.der : authority.pem
            if positionals.count == 2, positionals[1] != "-" {
                do { try Data(bytes).write(to: URL(fileURLWithPath: positionals[1]), options: .atomic) } catch {
                    throw CommandFailure("cannot write \(positionals[1]): \(error.localizedText); check that the folder exists and is writable",
                                         exitCode: ExitCode.cannotCreate)
                }
                printError("wrote \(folder.certificateFile) (\(args.flag("der") ? "DER" : "PEM")) to \(positionals[1])")
            } else {
                try bytes.withUnsafeBytes { try Output.write(bytes: $0) }
            }
        case "rotate":
            guard positionals.count == 1 else { throw UsageError("ca rotate takes no argument") }
            var advertised: AdvertisedHosts?
            if let text = args.value("advertise") ?? ServerOptions.nonEmpty(ProcessInfo.processInfo.environment["PROBE_ADVERTISE"]) {
                do { advertised = try AdvertisedHosts(parsing: text) } catch { throw UsageError(error.description) }
            }
            let (authority, retired) = try cannotCreate {
                try folder.rotate(hostName: ProcessInfo.processInfo.hostName, addresses: InterfaceAddresses.current(),
                                  advertised: advertised)
            }
            var lines = ["made a new CA:"] + describe(authority)
            if let retired { lines.append(fitted("the old CA's certificate stays as \(retired); its key is deleted.")) }
            lines.append(fitted("Every device must install the new CA (/setup of any server) and may remove the old one; "
                + "every data folder's certificate is reissued from it at the server's next start: restart the servers that run now."))
            try Output.write(lines.joined(separator: "\n") + "\n")
        case "adopt":
            guard positionals.count == 1 else { throw UsageError("ca adopt takes no argument; the data folder goes with --data-dir DIR") }
            try Output.write(try adopt(CertificateDirectory(path: ServerOptions.dataDirectory(args)), into: folder) + "\n")
        default:
            throw UsageError("unknown ca action \(action); one of show, export, rotate, adopt")
        }
        return ExitCode.ready
    }

    /// The CA folder from `--ca-dir` or the environment; no HOME is a usage error saying what to set.
    static func locate(_ args: Arguments) throws -> AuthorityFolder {
        do {
            return try AuthorityFolder.locate(explicit: args.value("ca-dir"), environment: ProcessInfo.processInfo.environment)
        } catch {
            throw CommandFailure(error.description, exitCode: ExitCode.cannotCreate)
        }
    }

    static func existing(_ folder: AuthorityFolder) throws -> AuthorityDescription {
        guard let authority = try folder.describe() else {
            throw CommandFailure("no CA in \(folder.path) yet: `probe-server serve` or `probe-server try` makes it at its first start",
                                 exitCode: ExitCode.noInput)
        }
        return authority
    }

    /// A data folder with a CA of its own gives it up: its CA becomes the user's when the user
    /// has none and it is worth keeping (constrained, not near its end), so devices that trust
    /// it keep working; else it is retired and the folder uses the user's CA from its next start.
    static func adopt(_ data: CertificateDirectory, into folder: AuthorityFolder) throws -> String {
        guard data.hasOwnAuthority(besides: folder) else {
            guard FileManager.default.fileExists(atPath: data.path) else {
                throw CommandFailure("no data folder at \(data.path); pass --data-dir DIR", exitCode: ExitCode.noInput)
            }
            return fitted("\(data.path) has no CA of its own: it uses your CA (\(folder.path)) already.")
        }
        let own = AuthorityFolder(path: data.path)
        if !folder.holdsAuthority, own.isHealthy() {
            let authority = try cannotCreate { try folder.takeOver(from: own) }
            return (["the CA of \(data.path) is now your CA:"] + describe(authority)
                + [fitted("Devices that trust it keep trusting it; every data folder and `try` now use it.")]).joined(separator: "\n")
        }
        let retired = try cannotCreate { try own.retire() }
        let why = folder.holdsAuthority ? "you have a CA already" : "its CA has no name constraints or is near its end"
        return fitted("\(data.path) now uses your CA (\(folder.path)), since \(why): its certificate is reissued at the "
            + "server's next start. Install your CA on every device (/setup) and remove the old one"
            + (retired.map { ", kept as \($0)" } ?? "") + "; the old key is deleted.")
    }

    /// The lines of `ca show`, within 80 columns.
    static func describe(_ authority: AuthorityDescription) -> [String] {
        let bytes = authority.fingerprint.split(separator: ":")
        let half = bytes.count / 2
        // A path is never broken: one too long for the line goes on a line of its own.
        let file = "certificate: \(authority.file)"
        var lines = [
            file.count <= TerminalText.columns ? file : "certificate:\n  \(authority.file)",
            "subject:     \(authority.commonName)",
            "SHA-256:     \(bytes[..<half].joined(separator: ":"))",
            "             \(bytes[half...].joined(separator: ":"))",
        ]
        if let end = authority.notAfter {
            let days = Int((end.timeIntervalSinceNow / 86_400).rounded(.down))
            let day = end.formatted(Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day())
            lines.append("expires:     \(day) (" + (days >= 0 ? "in \(days) days)" : "expired)"))
        }
        if let permitted = authority.permitted {
            let names = permitted.filter { $0.hasPrefix("DNS:") }.map { String($0.dropFirst(4)) }
            let blocks = permitted.filter { $0.hasPrefix("IP:") }.map { String($0.dropFirst(3)) }
            let text = "names \(names.joined(separator: ", ")) (and every name below them); addresses \(blocks.joined(separator: ", "))"
            lines.append("permits:     " + TerminalText.wrap(text, width: TerminalText.columns - 13, indent: "")
                .replacingEach("\n", with: "\n             "))
        } else {
            lines.append(fitted("permits:     any name: no name constraints (made by an older version); rotate it: `probe-server ca rotate`"))
        }
        return lines
    }

    static func fitted(_ text: String) -> String { TerminalText.wrap(text, indent: "") }

    /// A CA folder that cannot be written is exit 73, with what to set.
    static func cannotCreate<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as AuthorityFolder.Unusable {
            throw CommandFailure(error.description, exitCode: ExitCode.cannotCreate)
        } catch let error as TLSError {
            if case .unusableAuthority = error { throw CommandFailure(error.description, exitCode: ExitCode.noInput) }
            throw CommandFailure(error.description, exitCode: ExitCode.cannotCreate)
        }
    }
}
