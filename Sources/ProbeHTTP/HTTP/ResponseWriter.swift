#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Serialises response heads into bytes (RFC 9112 §4, §6). The framing headers are always
/// ours: a handler cannot produce a response whose length disagrees with its body.
struct ResponseWriter {
    let plainSecurityHeaders: [UInt8]
    /// The same plus `Strict-Transport-Security` when configured: HSTS is meaningful (and
    /// allowed, RFC 6797 §7.2) on HTTPS responses only.
    let secureSecurityHeaders: [UInt8]

    init(securityHeaders: SecurityHeaders) {
        self.plainSecurityHeaders = securityHeaders.bytes(secure: false)
        self.secureSecurityHeaders = securityHeaders.bytes(secure: true)
    }

    /// Appends the head (and, unless `omitBody`, the body) to `out`.
    func write(_ response: Response, version: HTTPVersion, keepAlive: Bool, omitBody: Bool,
               secure: Bool, date: [UInt8], into out: inout [UInt8]) {
        // One allocation for head and body, not a doubling per append (the connection gives
        // back large buffers between responses). Only into an empty buffer: reserving exactly
        // behind queued pipelined responses would copy them once per response.
        if out.isEmpty && !omitBody { out.reserveCapacity(Self.headReserve + response.body.count) }
        out.append(contentsOf: version == .http1_0 ? Self.http10 : Self.http11)
        out.append(contentsOf: String(response.status.code).utf8)
        out.append(Self.space)
        out.append(contentsOf: response.status.reason.utf8)
        out.append(contentsOf: Self.crlf)
        for (name, value) in response.headers {
            if name == "content-length" || name == "connection" || name == "date" || name == "transfer-encoding" { continue }
            Self.appendHeader(name, value, into: &out)
        }
        out.append(contentsOf: response.renderedHeaderLines)
        // RFC 9110 §8.6: no Content-Length on 1xx and 204; on 304 it would describe the
        // representation, which we leave out.
        let code = response.status.code
        if code >= 200 && code != 204 && code != 304 {
            out.append(contentsOf: Self.contentLength)
            out.append(contentsOf: String(response.body.count).utf8)
            out.append(contentsOf: Self.crlf)
        }
        out.append(contentsOf: date)
        if !keepAlive {
            out.append(contentsOf: Self.connectionClose)
        } else if version == .http1_0 {
            out.append(contentsOf: Self.connectionKeepAlive)
        }
        out.append(contentsOf: secure ? secureSecurityHeaders : plainSecurityHeaders)
        out.append(contentsOf: Self.crlf)
        if !omitBody && code != 304 && code != 204 {
            out.append(contentsOf: response.body)
        }
    }

    static func appendHeader(_ name: String, _ value: String, into out: inout [UInt8]) {
        appendCanonicalName(name, into: &out)
        out.append(contentsOf: Self.colonSpace)
        // A handler's value never ends the head early: CR and LF are replaced. Most values
        // have neither and are copied whole, not byte by byte.
        if value.utf8.contains(where: { $0 == 13 || $0 == 10 }) {
            for b in value.utf8 { out.append(b == 13 || b == 10 ? UInt8(ascii: " ") : b) }
        } else {
            out.append(contentsOf: value.utf8)
        }
        out.append(contentsOf: Self.crlf)
    }

    /// `content-type` → `Content-Type`. Field names are case-insensitive, but people read them.
    static func appendCanonicalName(_ name: String, into out: inout [UInt8]) {
        if name == "etag" {
            out.append(contentsOf: Self.etagName)
            return
        }
        var upper = true
        for b in name.utf8 {
            out.append(upper && b >= 0x61 && b <= 0x7A ? b - 0x20 : b)
            upper = b == UInt8(ascii: "-")
        }
    }

    /// Room for the status line, the handler's headers and the security headers (the CSP
    /// alone is about 400 bytes).
    static let headReserve = 1024
    static let etagName = Array("ETag".utf8)
    static let http11 = Array("HTTP/1.1 ".utf8)
    static let http10 = Array("HTTP/1.0 ".utf8)
    static let space = UInt8(ascii: " ")
    static let crlf = Array("\r\n".utf8)
    static let colonSpace = Array(": ".utf8)
    static let contentLength = Array("Content-Length: ".utf8)
    static let connectionClose = Array("Connection: close\r\n".utf8)
    static let connectionKeepAlive = Array("Connection: keep-alive\r\n".utf8)
    static let continueResponse = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
}

/// The headers every response carries. The page makes no external request, so the
/// policy allows the server's own origins only.
public struct SecurityHeaders: Sendable {
    /// Extra origins the page may reach and frame: the second origin of the cross-origin probes.
    public var extraOrigins: [String]
    /// Sent on HTTPS responses when set (issue: HSTS is configurable).
    public var strictTransportSecurity: String?

    public init(extraOrigins: [String] = [], strictTransportSecurity: String? = nil) {
        self.extraOrigins = extraOrigins
        self.strictTransportSecurity = strictTransportSecurity
    }

    public var contentSecurityPolicy: String {
        // A host-source cannot name an IPv6 literal (https://www.w3.org/TR/CSP3/#grammardef-host-source):
        // browsers ignore such a source and log it as invalid on every page, so it is left out.
        let expressible = extraOrigins.filter { !$0.contains("[") }
        let extra = expressible.isEmpty ? "" : " " + expressible.joined(separator: " ")
        return "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:\(extra); "
            + "media-src 'self' blob: data:; connect-src 'self'\(extra); frame-src 'self'\(extra); "
            + "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'self'\(extra)"
    }

    func bytes(secure: Bool) -> [UInt8] {
        var out: [UInt8] = []
        ResponseWriter.appendHeader("x-content-type-options", "nosniff", into: &out)
        // Run ids travel in URLs; no Referer carries them to another origin.
        ResponseWriter.appendHeader("referrer-policy", "no-referrer", into: &out)
        ResponseWriter.appendHeader("content-security-policy", contentSecurityPolicy, into: &out)
        if secure, let sts = strictTransportSecurity {
            ResponseWriter.appendHeader("strict-transport-security", sts, into: &out)
        }
        return out
    }
}

/// The `Date` header line, formatted once per second per loop (RFC 9110 §5.6.7 IMF-fixdate).
struct DateHeaderCache {
    private var second: Int = -1
    private(set) var line: [UInt8] = []

    mutating func current() -> [UInt8] {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        if ts.tv_sec != second {
            second = ts.tv_sec
            line = Array("Date: \(HTTPDate.format(epochSeconds: ts.tv_sec))\r\n".utf8)
        }
        return line
    }
}

public enum HTTPDate {
    static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    public static func format(epochSeconds: Int) -> String {
        var t = time_t(epochSeconds)
        var tmv = tm()
        gmtime_r(&t, &tmv)
        func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(days[Int(tmv.tm_wday)]), \(two(tmv.tm_mday)) \(months[Int(tmv.tm_mon)]) \(tmv.tm_year + 1900) "
            + "\(two(tmv.tm_hour)):\(two(tmv.tm_min)):\(two(tmv.tm_sec)) GMT"
    }
}
