#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BeyondEssentials

/// Finds the page folder when `--public` is not given: `Public/` in the working directory,
/// else beside or above the executable (`swift run` puts it in `.build/<config>/`).
public enum PublicDirectory {
    /// How many folders above the executable to look: `.build/x86_64-unknown-linux-gnu/debug/`
    /// is three levels below the checkout.
    static let levelsAboveExecutable = 4

    public struct NotFound: Error, CustomStringConvertible {
        public let looked: [String]
        public var description: String {
            "could not find the page folder (Public/ with index.html); looked in:\n"
                + looked.map { "  \($0)" }.joined(separator: "\n")
                + "\npass --public DIR, or run from the repository"
        }
    }

    public static func locate(workingDirectory: String, executablePath: String) throws(NotFound) -> String {
        var candidates = [join(workingDirectory, "Public")]
        var dir = parent(executablePath)
        for _ in 0..<levelsAboveExecutable {
            candidates.append(join(dir, "Public"))
            dir = parent(dir)
        }
        for c in candidates {
            var st = stat()
            if stat(join(c, "index.html"), &st) == 0 { return c }
        }
        throw NotFound(looked: candidates)
    }

    static func join(_ a: String, _ b: String) -> String { a.hasSuffix("/") ? a + b : a + "/" + b }

    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The real path of the running executable (`RunningExecutable`, kept here for callers
    /// of ProbeHTTP).
    public static func executablePath() -> String {
        RunningExecutable.path()
    }

    public static func currentDirectory() -> String {
        var buf = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buf, buf.count) != nil else { return "." }
        return String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
