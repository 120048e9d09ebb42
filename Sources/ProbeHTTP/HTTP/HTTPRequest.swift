/// HTTP versions this server speaks (RFC 9112 §2.3).
public enum HTTPVersion: Sendable, Equatable, CustomStringConvertible {
    case http1_0, http1_1
    public var description: String { self == .http1_0 ? "HTTP/1.0" : "HTTP/1.1" }
}

/// The head of a request: what the parser yields before the body is read, so that the
/// server can pick the body limit of the route and answer `Expect: 100-continue`.
public struct RequestHead: Sendable, Equatable {
    public var method: String
    /// The target exactly as received (origin-form, absolute-form or `*`).
    public var target: String
    public var version: HTTPVersion
    public var headers: HTTPHeaders
    /// The path of the target, still percent-encoded, without the query.
    public var path: String
    /// The query without the `?`, or "".
    public var query: String
    /// `Content-Length` when the body is delimited by it.
    public var contentLength: Int?
    /// True when the body is `Transfer-Encoding: chunked`.
    public var isChunked: Bool

    /// RFC 9112 §9.3: 1.1 keeps the connection open unless `close`; 1.0 closes unless `keep-alive`.
    public var keepAlive: Bool {
        let tokens = headers.tokens("connection")
        switch version {
        case .http1_1: return !tokens.contains("close")
        case .http1_0: return tokens.contains("keep-alive") && !tokens.contains("close")
        }
    }

    /// True when the client waits for `100 Continue` before sending the body (RFC 9110 §10.1.1).
    public var expectsContinue: Bool {
        version == .http1_1 && headers.combined("expect")?.lowercased() == "100-continue"
    }

    public var hasBody: Bool { isChunked || (contentLength ?? 0) > 0 }
}

/// A complete request, handed to a route handler.
public struct Request: Sendable {
    public var head: RequestHead
    public var body: [UInt8]
    public var trailers: HTTPHeaders
    /// Path parameters captured by the route pattern (`:id`), percent-decoded.
    public var parameters: [String: String] = [:]
    /// The peer's address, for logs and rate limits.
    public var remoteAddress: String = ""
    /// True when the request arrived over TLS (or, from a trusted proxy, says it did).
    public var isSecure: Bool = false
    /// The name of the endpoint it arrived on (`primary`, `second`, `setup`, …).
    public var endpoint: String = Endpoint.primary
    /// The port it arrived on (the proxy's, when a trusted proxy says so).
    public var localPort: UInt16 = 0

    public init(head: RequestHead, body: [UInt8] = [], trailers: HTTPHeaders = HTTPHeaders()) {
        self.head = head
        self.body = body
        self.trailers = trailers
    }

    public var method: String { head.method }
    public var path: String { head.path }
    public var headers: HTTPHeaders { head.headers }

    /// Query parameters, percent-decoded (`+` as space, as forms send it). Last one wins.
    public var queryItems: [String: String] {
        var items: [String: String] = [:]
        for pair in head.query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = PercentDecoding.decode(String(parts[0]), plusAsSpace: true) ?? String(parts[0])
            let value = parts.count > 1
                ? PercentDecoding.decode(String(parts[1]), plusAsSpace: true) ?? String(parts[1]) : ""
            items[key] = value
        }
        return items
    }
}

/// Percent-decoding (RFC 3986 §2.1), strict: a `%` not followed by two hex digits is an error.
public enum PercentDecoding {
    public static func decodeBytes(_ s: String, plusAsSpace: Bool = false) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        var it = s.utf8.makeIterator()
        while let b = it.next() {
            if b == UInt8(ascii: "%") {
                guard let h = it.next(), let l = it.next(), let hv = hexValue(h), let lv = hexValue(l)
                else { return nil }
                out.append(hv << 4 | lv)
            } else if plusAsSpace && b == UInt8(ascii: "+") {
                out.append(UInt8(ascii: " "))
            } else {
                out.append(b)
            }
        }
        return out
    }

    /// Decodes to a String; nil on a bad escape or invalid UTF-8.
    public static func decode(_ s: String, plusAsSpace: Bool = false) -> String? {
        guard let bytes = decodeBytes(s, plusAsSpace: plusAsSpace) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
