import BeyondEssentials
import ProbeServer
/// A usage error: printed with the command's help hint, exit status 64 (EX_USAGE).
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

/// Minimal option parsing in the swift-argument-parser style: `--long value`,
/// `--long=value`, `-s value`, flags, and positional arguments.
struct Arguments {
    struct Option {
        let long: String
        let short: Character?
        let valueName: String?   // nil for a flag
        let help: String
    }

    let options: [Option]
    private(set) var values: [String: String] = [:]
    /// Every value of an option given more than once (`--webhook A --webhook B`), in order.
    private(set) var allValues: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []

    init(options: [Option], arguments: [String]) throws {
        self.options = options
        var i = 0
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            if arg == "--" {
                positionals += arguments[i...]
                break
            }
            guard arg.hasPrefix("-"), arg != "-" else {
                positionals.append(arg)
                continue
            }
            var name = arg
            var inlineValue: String?
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                name = String(arg[..<eq])
                inlineValue = String(arg[arg.index(after: eq)...])
            }
            let option: Option?
            if name.hasPrefix("--") {
                option = options.first { "--" + $0.long == name }
            } else {
                option = name.count == 2 ? options.first { $0.short.map { "-\($0)" } == name } : nil
            }
            guard let option else {
                throw UsageError("unknown option \(name)")
            }
            if option.valueName == nil {
                if inlineValue != nil { throw UsageError("--\(option.long) takes no value") }
                flags.insert(option.long)
            } else if let v = inlineValue {
                values[option.long] = v
                allValues[option.long, default: []].append(v)
            } else {
                guard i < arguments.count else { throw UsageError("--\(option.long) needs a value: --\(option.long) \(option.valueName!)") }
                values[option.long] = arguments[i]
                allValues[option.long, default: []].append(arguments[i])
                i += 1
            }
        }
    }

    func value(_ long: String) -> String? { values[long] }
    func values(_ long: String) -> [String] { allValues[long] ?? [] }
    func flag(_ long: String) -> Bool { flags.contains(long) }

    func int<T: FixedWidthInteger>(_ long: String, _ type: T.Type, range: ClosedRange<T>) throws -> T? {
        guard let text = values[long] else { return nil }
        guard let v = T(text), range.contains(v) else {
            throw UsageError("--\(long) must be a whole number from \(range.lowerBound) to \(range.upperBound), got \(text)")
        }
        return v
    }

    static func helpText(_ options: [Option]) -> String {
        let rows = options.map { o -> (String, String) in
            var left = o.short.map { "-\($0), " } ?? "    "
            left += "--\(o.long)"
            if let v = o.valueName { left += " \(v)" }
            return (left, o.help)
        }
        return table(rows)
    }

    /// Two columns, the second wrapped at words within 80 columns under itself.
    static func table(_ rows: [(String, String)]) -> String {
        let width = (rows.map(\.0.count).max() ?? 0) + 2
        // The help column wraps at words within 80 columns, continuation lines under it.
        let column = String(repeating: " ", count: 2 + width)
        return rows.map { left, help in
            let wrapped = TerminalText.wrap(help, width: TerminalText.columns - column.count, indent: "")
            return "  " + left.paddedWithSpaces(toLength: width)
                + wrapped.replacingEach("\n", with: "\n" + column)
        }.joined(separator: "\n")
    }

    /// A command's help as printed: prose lines wrapped at words to 80 columns (the option
    /// table is already within them).
    static func fitted(_ help: String) -> String { TerminalText.wrap(help, indent: "") }
}
