#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import ProbeHTTP
import ProbeServer

/// Where the CLI writes: stdout (with colour only for a person) and report files.
enum Output {
    /// Colour when stdout is a terminal and NO_COLOR is unset.
    static var style: TerminalStyle {
        TerminalStyle.detect(isTerminal: isatty(1) == 1, environment: ProcessInfo.processInfo.environment)
    }

    /// Writes all of `text` to stdout; a failed write (a full disk behind a redirection) is
    /// exit 74, so a CI step never takes a cut report for a whole one.
    static func write(_ text: String) throws {
        var copy = text
        let failure: Int32 = copy.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = LibC.write(1, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return n < 0 ? errno : EIO }
                offset += n
            }
            return 0
        }
        if failure != 0 {
            throw CommandFailure("cannot write to stdout: \(String(cString: strerror(failure))); check where it is redirected",
                                 exitCode: ExitCode.ioError)
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
            try write(text)
        }
    }
}

/// One line to stderr, written whole (a message, never data).
func printError(_ s: String) {
    var line = s + "\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}
