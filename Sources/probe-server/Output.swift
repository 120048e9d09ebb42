#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ProbeServer

/// Where the CLI writes: stdout (with colour only for a person) and report files.
enum Output {
    /// Colour when stdout is a terminal and NO_COLOR is unset.
    static var style: TerminalStyle {
        TerminalStyle.detect(isTerminal: isatty(1) == 1, environment: ProcessInfo.processInfo.environment)
    }

    static func write(_ text: String) {
        var copy = text
        copy.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(1, buffer.baseAddress! + offset, buffer.count - offset)
                if n <= 0 { if errno == EINTR { continue } else { return } }
                offset += n
            }
        }
    }

    /// Writes a report file whole (temporary file, then rename), so a CI step never picks
    /// up half a JUnit file.
    static func writeFile(_ text: String, to path: String, what: String) throws {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CommandFailure("cannot write the \(what) to \(path): \(error.localizedDescription); check that the folder exists and is writable",
                                 exitCode: ExitCode.cannotCreate)
        }
    }

    /// The text to stdout, or to `--output FILE` when given.
    static func emit(_ text: String, output: String?, what: String) throws {
        if let output, output != "-" {
            try writeFile(text, to: output, what: what)
        } else {
            write(text)
        }
    }
}
