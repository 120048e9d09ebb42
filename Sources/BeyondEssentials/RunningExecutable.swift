#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The running executable's file: what Foundation's `Bundle.main.executablePath` gave, which
/// FoundationEssentials does not have. Read to find the page folder beside a build
/// (`PublicDirectory`) and to hash the build that judges (`BuildIdentity`).
public enum RunningExecutable {
    /// The real path of the running executable (symbolic links resolved); the command's
    /// first argument where the system cannot say.
    public static func path() -> String {
        #if os(Linux)
        realPath("/proc/self/exe") ?? CommandLine.arguments[0]
        #else
        // No /proc on Darwin: dyld's path of the main executable (_NSGetExecutablePath(3),
        // <mach-o/dyld.h>), asked once for its length, then made real.
        var length: UInt32 = 0
        _ = _NSGetExecutablePath(nil, &length)
        var buffer = [CChar](repeating: 0, count: Int(length) + 1)
        guard _NSGetExecutablePath(&buffer, &length) == 0 else { return CommandLine.arguments[0] }
        let path = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return realPath(path) ?? path
        #endif
    }

    private static func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }
}
