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

/// RFC 3339 timestamps (`2026-11-30T03:00:00.123Z`, `…+01:00`) without Foundation's
/// `ISO8601DateFormatter`, which builds an ICU formatter per call: it was 37 % of the CPU of
/// result ingestion (docs/performance.md).
public enum RFC3339 {
    public static func parse(_ text: String) -> Date? {
        var b = Array(text.utf8)
        guard b.count >= 20 else { return nil }
        func num(_ from: Int, _ count: Int) -> Int? {
            var v = 0
            for i in from..<(from + count) {
                guard i < b.count, b[i] >= 48, b[i] <= 57 else { return nil }
                v = v * 10 + Int(b[i] - 48)
            }
            return v
        }
        guard let year = num(0, 4), b[4] == 45, let month = num(5, 2), b[7] == 45, let day = num(8, 2),
              b[10] == 84 || b[10] == 116 || b[10] == 32,
              let hour = num(11, 2), b[13] == 58, let minute = num(14, 2), b[16] == 58, let second = num(17, 2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second <= 60
        else { return nil }
        var i = 19
        var fraction = 0.0
        if i < b.count, b[i] == 46 {
            i += 1
            var scale = 0.1
            let start = i
            while i < b.count, b[i] >= 48, b[i] <= 57 {
                fraction += Double(b[i] - 48) * scale
                scale /= 10
                i += 1
            }
            guard i > start else { return nil }
        }
        guard i < b.count else { return nil }
        var offset = 0
        switch b[i] {
        case 90, 122: // Z z
            guard i + 1 == b.count else { return nil }
        case 43, 45: // + -
            guard i + 6 == b.count, let oh = num(i + 1, 2), b[i + 3] == 58, let om = num(i + 4, 2), oh < 24, om < 60 else { return nil }
            offset = (oh * 3600 + om * 60) * (b[i] == 43 ? 1 : -1)
        default:
            return nil
        }
        b.removeAll()
        var t = tm()
        t.tm_year = Int32(year - 1900)
        t.tm_mon = Int32(month - 1)
        t.tm_mday = Int32(day)
        t.tm_hour = Int32(hour)
        t.tm_min = Int32(minute)
        t.tm_sec = Int32(min(second, 59))
        let seconds = timegm(&t)
        return Date(timeIntervalSince1970: Double(seconds - offset) + fraction)
    }

    /// `2026-11-30T03:00:00.123Z` (milliseconds, UTC).
    public static func format(_ date: Date) -> String { format(date, milliseconds: true) }

    /// `2026-11-30T03:00:00Z`: whole seconds (cut, not rounded), as `ISO8601DateFormatter`'s
    /// default writes them, without building an ICU formatter for each date (the `/runs`
    /// page writes 120 and more).
    public static func formatSeconds(_ date: Date) -> String { format(date, milliseconds: false) }

    private static func format(_ date: Date, milliseconds: Bool) -> String {
        let ms = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        var t = time_t(ms >= 0 ? ms / 1000 : (ms - 999) / 1000)
        let millis = Int(((ms % 1000) + 1000) % 1000)
        var v = tm()
        gmtime_r(&t, &v)
        func pad(_ n: Int, _ w: Int) -> String {
            let digits = String(n)
            return String(repeating: "0", count: max(0, w - digits.count)) + digits
        }
        return "\(pad(Int(v.tm_year) + 1900, 4))-\(pad(Int(v.tm_mon) + 1, 2))-\(pad(Int(v.tm_mday), 2))T"
            + "\(pad(Int(v.tm_hour), 2)):\(pad(Int(v.tm_min), 2)):\(pad(Int(v.tm_sec), 2))" + (milliseconds ? ".\(pad(millis, 3))Z" : "Z")
    }
}
