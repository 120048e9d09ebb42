#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file of /proc read whole. /proc files report a size of 0 and are produced a page per
/// read(2), and Foundation's `String(contentsOfFile:)` returns only the first page of them
/// (measured: 4,050 of 60,300 bytes of /proc/net/tcp with 400 listeners), so they are read
/// here until read(2) returns 0.
enum ProcFile {
    /// Never more than this: the tables read here are a few hundred KiB on a busy host.
    static let maximumBytes = 16 << 20

    static func read(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count < maximumBytes {
            let n = chunk.withUnsafeMutableBytes { LibC.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { return nil }
            if n == 0 { break }
            bytes += chunk[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
