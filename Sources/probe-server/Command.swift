import BeyondEssentials
import ProbeServer

/// One subcommand of probe-server, in the spirit of swift-argument-parser's `ParsableCommand`
/// (https://github.com/apple/swift-argument-parser): a command declares what it is called,
/// its one-line summary, its usage, operands, options and exit statuses, and does its job in
/// `run`. `RootCommand` does the rest once for every command: it parses the options, answers
/// `--help`, checks the operand count, and maps whatever `run` throws to an exit status
/// (`ExitCode.of`), so no command can forget to.
protocol Command {
    /// The word after `probe-server`.
    static var name: String { get }
    /// One line, for the root help's list and the command's OVERVIEW.
    static var summary: String { get }
    /// What follows `probe-server ` on each USAGE line.
    static var usage: [String] { get }
    /// Prose between the overview and the usage; empty for none.
    static var discussion: String { get }
    /// How many operands the command takes; `RootCommand` refuses another count.
    static var operands: Operands { get }
    /// The ARGUMENTS section: each operand and what it is.
    static var argumentHelp: [(name: String, help: String)] { get }
    /// The command's options; `-h, --help` is added to every command.
    static var options: [Arguments.Option] { get }
    /// Sections after OPTIONS (the engines of `try`, say).
    static var sections: [HelpSection] { get }
    /// The statuses this command exits with besides 64 (a usage error, common to all), each
    /// with what it means here; their numbers come from `ExitCode`.
    static var exitStatuses: [ExitStatusNote] { get }

    /// Does the command's job with its parsed arguments; returns the exit status, or throws
    /// an error that `ExitCode.of` maps to one.
    static func run(_ args: Arguments) throws -> Int32
}

/// How many operands (positional arguments) a command takes.
enum Operands {
    case none
    /// Exactly `count`, described for the messages as e.g. "a run id".
    case exactly(Int, String)
    /// The command checks them itself (`token create NAME`, `token list`).
    case checkedByCommand
}

struct HelpSection {
    let title: String
    let body: String
}

/// One line of a command's EXIT STATUS section.
struct ExitStatusNote {
    let code: Int32
    let meaning: String

    init(_ code: Int32, _ meaning: String) {
        self.code = code
        self.meaning = meaning
    }
}

extension Command {
    static var discussion: String { "" }
    static var operands: Operands { .none }
    static var argumentHelp: [(name: String, help: String)] { [] }
    static var sections: [HelpSection] { [] }
    static var exitStatuses: [ExitStatusNote] { [] }

    static var helpOption: Arguments.Option { .init(long: "help", short: "h", valueName: nil, help: "Show this help.") }

    /// Every option the command parses: its own, then `--help`.
    static var allOptions: [Arguments.Option] { options + [helpOption] }

    /// The command's help, laid out the same for every command, within 80 columns.
    static var help: String {
        var parts = ["OVERVIEW: \(summary)"]
        if !discussion.isEmpty {
            // Prose: its line breaks are the source's, so each paragraph is wrapped afresh.
            parts += discussion.components(separatedBy: "\n\n").map {
                TerminalText.wrap($0.replacingEach("\n", with: " "), indent: "")
            }
        }
        // A long usage line continues under the command's name (wrap's indent adds to the
        // line's own leading spaces).
        let program = "probe-server "
        parts.append(usage.enumerated().map { index, line in
            let lead = index == 0 ? "USAGE: " : "       "
            return TerminalText.wrap(lead + program + line,
                                     indent: String(repeating: " ", count: (index == 0 ? lead.count : 0) + program.count))
        }.joined(separator: "\n"))
        if !argumentHelp.isEmpty { parts.append("ARGUMENTS:\n" + Arguments.table(argumentHelp.map { ($0.name, $0.help) })) }
        parts.append("OPTIONS:\n" + Arguments.helpText(allOptions))
        parts += sections.map { "\($0.title):\n\($0.body)" }
        if !exitStatuses.isEmpty {
            let notes = (exitStatuses + [ExitStatusNote(ExitCode.usage, ExitCode.meaning(of: ExitCode.usage))])
                .sorted { $0.code < $1.code }
            parts.append("EXIT STATUS:\n" + Arguments.table(notes.map { (String($0.code), $0.meaning) }))
        }
        return Arguments.fitted(parts.joined(separator: "\n\n"))
    }

    /// Checks the operands against `operands`: the same words for every command.
    static func checkOperands(_ positionals: [String]) throws {
        switch operands {
        case .none:
            if let extra = positionals.first { throw UsageError("\(name) takes no argument, got \(extra)") }
        case .exactly(let count, let what):
            if positionals.count < count { throw UsageError("\(name) needs \(what)" + (positionals.isEmpty ? "" : "; got \(positionals.count)")) }
            if positionals.count > count { throw UsageError("\(name) takes \(what), got also \(positionals[count])") }
        case .checkedByCommand:
            return
        }
    }
}

extension ExitStatusNote {
    // The statuses several commands share, worded once.
    static let ready = ExitStatusNote(ExitCode.ready, "ready")
    static let printed = ExitStatusNote(ExitCode.ready, "printed")
    static let findings = ExitStatusNote(ExitCode.findings, "not ready (findings)")
    static let incompleteOrTimedOut = ExitStatusNote(ExitCode.incomplete, "incomplete or timed out")
    static let noSuchRun = ExitStatusNote(ExitCode.noInput, "no such run")
    static let serverUnreachable = ExitStatusNote(ExitCode.unavailable, "the server cannot be reached")
    static let tokenRefused = ExitStatusNote(ExitCode.noPermission, "the token is missing or wrong")
    static let stdoutUnwritable = ExitStatusNote(ExitCode.ioError, "stdout cannot be written")
}
