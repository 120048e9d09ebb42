/// `GET /qr.svg?url=…`: a QR code of one of this server's own addresses, as an SVG image.
/// The test page's relaunch step shows it next to the exact URL, so a person can reopen the
/// same run from another device's camera; the page cannot draw one without a library, and
/// the server has the encoder (`QRCode`).
///
/// Only a URL on this server: the route would otherwise be a free QR service for any link
/// (a phishing code printed under this server's name). The origin must be one the page's own
/// CORS and CSP accept (`ProbeEndpointsConfig.isPrimary`: this machine's names and addresses,
/// the request's scheme, so https on the TLS port).
enum QRImage {
    static let path = "/qr.svg"
    /// A relaunch URL is the start URL with a run id and its key, well under 200 bytes; 1 KiB
    /// leaves room for a requirement set and labels and keeps the code scannable from a
    /// screen (past ~1 KB a code reaches version 30+, modules too small for a phone camera).
    static let maxURLBytes = 1024
    /// Pixels per module: a version 10 code (57 modules with its quiet zone) is then 456 px,
    /// sharp when the page scales it down.
    static let moduleSize = 8
    /// The image is a pure function of the URL: a day in any cache costs nothing.
    static let cacheControl = "public, max-age=86400, immutable"

    static func register(into router: inout Router, config: ProbeEndpointsConfig) {
        router.get(QRImage.path) { request in try response(for: request, config: config) }
    }

    static func response(for request: Request, config: ProbeEndpointsConfig) throws(HTTPError) -> Response {
        let url = try checkedURL(request.queryItems["url"], request: request, config: config)
        guard let code = try? QRCode(text: url) else {
            throw HTTPError(.badRequest, "url does not fit in a QR code; shorten it", field: "url")
        }
        return Response(status: .ok, headers: HTTPHeaders([("Content-Type", "image/svg+xml"), ("Cache-Control", cacheControl)]),
                        body: Array(code.svg(moduleSize: moduleSize).utf8))
    }

    /// The URL when it is an https (the request's scheme) address of this server, within the limit; else what was wrong.
    static func checkedURL(_ url: String?, request: Request, config: ProbeEndpointsConfig) throws(HTTPError) -> String {
        guard let url, !url.isEmpty else {
            throw HTTPError(.badRequest, "url is missing: \(path)?url= followed by the encoded address of this server to show", field: "url")
        }
        guard url.utf8.count <= maxURLBytes else {
            throw HTTPError(.badRequest, "url is \(url.utf8.count) bytes; at most \(maxURLBytes)", field: "url")
        }
        let scheme = request.isSecure ? "https" : "http"
        guard url.lowercased().hasPrefix(scheme + "://") else {
            throw HTTPError(.badRequest, "url must start with \(scheme)://, the address of this server", field: "url")
        }
        let rest = url.dropFirst(scheme.count + 3)
        let authority = String(rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" })
        guard !authority.isEmpty, !authority.contains("@"), url.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw HTTPError(.badRequest, "url must be a plain \(scheme):// address (no user name, spaces or control characters)", field: "url")
        }
        let origin = "\(scheme)://\(authority)"
        guard config.isPrimary(origin, for: request) else {
            throw HTTPError(.badRequest, "url must be on this server; \(Logger.sanitize(origin, max: 120)) is another origin", field: "url")
        }
        return url
    }
}
