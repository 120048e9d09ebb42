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
        try copy.withUTF8 { try write(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Writes all of `buffer` to stdout, as `write(_:)`.
    static func write(bytes buffer: UnsafeRawBufferPointer) throws {
        let failure: Int32 = {
            guard buffer.count > 0 else { return 0 }
            var offset = 0
            while offset < buffer.count {
                let n = LibC.write(1, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return n < 0 ? errno : EIO }
                offset += n
            }
            return 0
        }()
        if failure != 0 {
            throw CommandFailure("cannot write to stdout: \(String(cString: strerror(failure))); check where it is redirected",
                                 exitCode: ExitCode.ioError)
        }
    }

    /// All of stdin (`-` for a file), read until its end.
    static func readStandardInput() throws -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = read(0, &chunk, chunk.count)
            if n < 0 && errno == EINTR { continue }
            if n < 0 {
                throw CommandFailure("cannot read stdin: \(String(cString: strerror(errno)))", exitCode: ExitCode.ioError)
            }
            if n == 0 { return bytes }
            bytes += chunk[..<n]
        }
    }

    /// Writes a report file whole (temporary file, then rename), so a CI step never picks
    /// up half a JUnit file.
    static func writeFile(_ text: String, to path: String, what: String) throws {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CommandFailure("cannot write the \(what) to \(path): \(error.localizedText); check that the folder exists and is writable",
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
