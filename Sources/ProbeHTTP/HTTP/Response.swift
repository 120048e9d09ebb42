#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials

/// A response as a handler builds it. The connection adds the framing headers
/// (`Content-Length`, `Date`, `Connection`) and the security headers when it writes it.
public struct Response: Sendable {
    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// Header lines the server rendered itself, once, and appends as they are after
    /// `headers` (a static file's ETag, Cache-Control, Vary, Content-Type and
    /// Content-Encoding: rendered per file instead of per request, `StaticFiles`).
    /// Each line ends in CRLF and holds no framing header.
    var renderedHeaderLines: [UInt8] = []

    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    init(status: HTTPStatus, renderedHeaderLines: [UInt8], body: [UInt8]) {
        self.status = status
        self.headers = HTTPHeaders()
        self.body = body
        self.renderedHeaderLines = renderedHeaderLines
    }

    public static func text(_ text: String, status: HTTPStatus = .ok, contentType: String = "text/plain; charset=utf-8") -> Response {
        Response(status: status, headers: HTTPHeaders([("Content-Type", contentType)]), body: Array(text.utf8))
    }

    public static func html(_ html: String, status: HTTPStatus = .ok) -> Response {
        var r = text(html, status: status, contentType: "text/html; charset=utf-8")
        r.headers.add("Cache-Control", "no-store")
        return r
    }

    /// A JSON body from any Encodable, keys sorted so output is stable and diffable.
    public static func json<T: Encodable>(_ value: T, status: HTTPStatus = .ok) -> Response {
        do {
            let data = try JSONCoding.encoder.encode(value)
            var r = Response(status: status, headers: HTTPHeaders([("Content-Type", "application/json")]), body: [UInt8](data))
            r.headers.add("Cache-Control", "no-store")
            return r
        } catch {
            // Only a value with a non-finite number gets here; its text stays in the log.
            Logger().error("encoding a \(T.self) response failed: \(error)")
            return ErrorResponse.render(HTTPError(.internalServerError, code: "encoding_failed", "could not encode the response; the server log has the detail"), for: nil)
        }
    }

    /// A JSON body already encoded, gzipped (level 6: made per request, unlike static text)
    /// when the request accepts gzip and the body is large enough to gain from it.
    public static func json(bytes: [UInt8], for request: Request, status: HTTPStatus = .ok) -> Response {
        Response(status: status, headers: HTTPHeaders([("Content-Type", "application/json"), ("Cache-Control", "no-store")]),
                 body: bytes).compressed(for: request)
    }

    /// A page made per request (`html`), gzipped when the request accepts gzip at level 1,
    /// zlib's fastest: a page of a table repeats its markup row after row, which even level 1
    /// packs to a few percent of its size (the /runs page: 281 KB to 11 KB, in a third of
    /// level 6's time; docs/performance.md).
    public static func html(bytes: [UInt8], for request: Request, status: HTTPStatus = .ok) -> Response {
        Response(status: status, headers: HTTPHeaders([("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")]),
                 body: bytes).compressed(for: request, level: 1)
    }

    /// This response with its body gzipped when `request` accepts gzip (RFC 9110 §12.5.3)
    /// and the body is large enough to gain from it; `Vary` says the answer depends on it.
    public func compressed(for request: Request, level: Int32 = 6) -> Response {
        var r = self
        r.headers.add("Vary", "Accept-Encoding")
        if body.count >= Self.gzipFrom, StaticFiles.acceptsGzip(request.headers.combined("accept-encoding")),
           let packed = Gzip.compress(body, level: level) {
            r.body = packed
            r.headers.add("Content-Encoding", "gzip")
        }
        return r
    }

    /// Below about a kilobyte gzip's header and the CPU outweigh what it saves.
    static let gzipFrom = 1024

    public static func redirect(to location: String, status: HTTPStatus = .found) -> Response {
        Response(status: status, headers: HTTPHeaders([("Location", location)]))
    }
}

/// An error of another layer that knows its HTTP answer (a store error: 404, 409, 503…).
/// Handlers may throw it; the server renders it instead of a 500.
public protocol HTTPErrorConvertible: Error {
    var httpError: HTTPError { get }
}

/// The one error type of the HTTP layer. `ErrorResponse.render` turns it into the reply:
/// `{"error":{"code":…,"message":…,"field":…}}` on one line, so a curl user and a program
/// read the same thing, or for a browser's navigation a page with the same message.
public struct HTTPError: Error, Sendable, CustomStringConvertible {
    public var status: HTTPStatus
    /// A stable machine-readable code (`invalid_field`, `not_found`, …).
    public var code: String
    /// One sentence saying what was wrong and, where it helps, what to do.
    public var message: String
    /// The request field at fault, if one is.
    public var field: String?
    /// Extra response headers (`Allow` for 405, `Retry-After` for 429/503).
    public var headers: HTTPHeaders
    /// The page a browser's navigation gets instead of the generic error page (the sign-in
    /// page of a 401, a run's own "not found"); nil: `ErrorPage`'s.
    public var browserPage: String?

    public init(_ status: HTTPStatus, code: String? = nil, _ message: String, field: String? = nil,
                headers: HTTPHeaders = HTTPHeaders()) {
        self.status = status
        self.code = code ?? Self.defaultCode(status)
        self.message = message
        self.field = field
        self.headers = headers
    }

    public init(_ parseError: HTTPParseError) {
        self.init(parseError.status, parseError.message)
    }

    public var description: String { "\(status.code) \(code): \(message)" }

    /// The same error, shown to a browser's navigation as `html` (a whole page).
    public func withBrowserPage(_ html: String) -> HTTPError {
        var e = self
        e.browserPage = html
        return e
    }

    static func defaultCode(_ status: HTTPStatus) -> String {
        switch status.code {
        case 400: return "bad_request"
        case 401: return "unauthorized"
        case 403: return "forbidden"
        case 404: return "not_found"
        case 405: return "method_not_allowed"
        case 408: return "request_timeout"
        case 409: return "conflict"
        case 413: return "content_too_large"
        case 414: return "uri_too_long"
        case 415: return "unsupported_media_type"
        case 422: return "unprocessable"
        case 429: return "rate_limited"
        case 431: return "header_fields_too_large"
        case 501: return "not_implemented"
        case 503: return "unavailable"
        case 505: return "http_version_not_supported"
        default: return status.code >= 500 ? "server_error" : "error"
        }
    }
}

