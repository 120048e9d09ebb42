import ProbeHTTP

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
    /// leaves room for a requirement set and labels. It fits version 26 at level M (1,059
    /// bytes, `QRSymbolVersion`), 121 modules: still read by a phone held to the screen.
    static let maxURLBytes = 1024
    /// Pixels per module: a version 10 code (57 modules with its quiet zone) is then 456 px,
    /// sharp when the page scales it down.
    static let moduleSize = 8
    /// The image is a pure function of the URL: a day in any cache costs nothing.
    static let cacheControl = "public, max-age=86400, immutable"
    /// Codes drawn per address (`AddressBlock`): 5 a second, 20 at once. The page asks for
    /// one per relaunch step; drawing one costs milliseconds of CPU (a version 26 code tens
    /// of ms), so an unthrottled loop of them was a cheap way to load the server. Codes
    /// served from `QRImageCache` are not counted.
    static let drawing = RateLimiter.Rule(rate: 5, burst: 20)

    static func register(into router: inout Router, config: ProbeEndpointsConfig) {
        let limiter = RateLimiter(drawing)
        let cache = QRImageCache()
        router.register([APIRoute.qrImage], [
            .qrImage: { request in try reply(to: request, config: config, limiter: limiter, cache: cache) },
        ])
    }

    /// Checks the URL on the loop (cheap); a cached code answers there too. Drawing one is
    /// rate-limited per address and runs on the blocking pool, off the loop.
    static func reply(to request: Request, config: ProbeEndpointsConfig, limiter: RateLimiter, cache: QRImageCache) throws(HTTPError) -> Reply {
        let url = try checkedURL(request.queryItems["url"], request: request, config: config)
        if let svg = cache[url] { return .now(response(svg)) }
        try limiter.check(request, what: "QR codes drawn", code: "too_many_qr_codes")
        return .offload {
            let svg = try draw(url)
            cache[url] = svg
            return response(svg)
        }
    }

    /// The SVG of `url`'s code.
    static func draw(_ url: String) throws(HTTPError) -> [UInt8] {
        guard let code = try? QRCode(text: url) else {
            throw HTTPError(.badRequest, "url does not fit in a QR code; shorten it to \(maxURLBytes) bytes", field: "url")
        }
        return Array(code.svg(moduleSize: moduleSize).utf8)
    }

    static func response(_ svg: [UInt8]) -> Response {
        Response(status: .ok, headers: HTTPHeaders([("Content-Type", "image/svg+xml"), ("Cache-Control", cacheControl)]), body: svg)
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
