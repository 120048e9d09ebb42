#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Levels of the server log, from the quietest. The default is `notice`: what a person
/// watching `serve` acts on (a device that refused the certificate, a reload, a stop), with
/// one line per judged run beside it; `info` adds one access line per request, which drowns
/// those in a terminal (an attended run makes ~200 requests). The names follow syslog's
/// severities (RFC 5424 §6.2.1), where notice sits between warning and informational.
public enum LogLevel: Int, Sendable, Comparable, CaseIterable {
    case error, warning, notice, info, debug

    public static func < (a: LogLevel, b: LogLevel) -> Bool { a.rawValue < b.rawValue }

    public init?(name: String) {
        switch name.lowercased() {
        case "error": self = .error
        case "warn", "warning": self = .warning
        case "notice": self = .notice
        case "info": self = .info
        case "debug": self = .debug
        default: return nil
        }
    }

    public var name: String { ["error", "warn", "notice", "info", "debug"][rawValue] }
}

/// The server log on stderr. Access lines (`info`) are buffered per event loop and written
/// once per loop iteration, so logging costs one write per wake-up, not one per request.
public struct Logger: Sendable {
    public var level: LogLevel

    public init(level: LogLevel = .notice) { self.level = level }

    public func enabled(_ l: LogLevel) -> Bool { l <= level }

    public func log(_ l: LogLevel, _ message: String) {
        guard enabled(l) else { return }
        Self.write("\(Self.timestamp()) \(l.name) \(message)\n")
    }

    public func error(_ m: String) { log(.error, m) }
    public func warning(_ m: String) { log(.warning, m) }
    public func notice(_ m: String) { log(.notice, m) }
    public func info(_ m: String) { log(.info, m) }
    public func debug(_ m: String) { log(.debug, m) }

    static func write(_ s: String) {
        var s = s
        s.withUTF8 { p in _ = LibC.write(2, p.baseAddress, p.count) }
    }

    /// UTC with milliseconds: `2026-11-30T03:10:00.123Z`.
    public static func timestamp() -> String {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        var t = ts.tv_sec
        var tmv = tm()
        gmtime_r(&t, &tmv)
        func pad(_ v: Int, _ n: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, n - s.count)) + s
        }
        return "\(tmv.tm_year + 1900)-\(pad(Int(tmv.tm_mon) + 1, 2))-\(pad(Int(tmv.tm_mday), 2))T"
            + "\(pad(Int(tmv.tm_hour), 2)):\(pad(Int(tmv.tm_min), 2)):\(pad(Int(tmv.tm_sec), 2)).\(pad(ts.tv_nsec / 1_000_000, 3))Z"
    }

    /// Makes an attacker-controlled string safe for one log line: control bytes, spaces,
    /// quotes and non-ASCII are percent-escaped, and it is cut at `max` bytes.
    public static func sanitize(_ s: String, max: Int = 256) -> String {
        var out = ""
        out.reserveCapacity(min(s.utf8.count, max))
        for b in s.utf8.prefix(max) {
            if b > 0x20 && b < 0x7F && b != UInt8(ascii: "\"") && b != UInt8(ascii: "%") {
                out.unicodeScalars.append(UnicodeScalar(b))
            } else {
                out += "%" + String(b, radix: 16, uppercase: true).leftPadded(2)
            }
        }
        if s.utf8.count > max { out += "…" }
        return out
    }
}

extension String {
    /// `self` with `c` in front up to `n` characters: `"7".leftPadded(3)` is `"007"`.
    package func leftPadded(_ n: Int, with c: Character = "0") -> String {
        count >= n ? self : String(repeating: c, count: n - count) + self
    }
}
