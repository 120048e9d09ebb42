import ProbeHTTP

extension ProbeEndpoints {
    /// Request headers the page's preflighted POST may send.
    static let allowedRequestHeaders = ["content-type", "x-probe-run"]
    /// How long a browser may cache the preflight: short, so a configuration change shows
    /// on the next run (Chromium caps it at 2 hours anyway).
    static let preflightMaxAgeSeconds = 60

    /// Adds CORS headers when the request's `Origin` is a primary origin (Fetch §3.2.5:
    /// with credentials the allowed origin must be echoed exactly, never `*`). Any other
    /// origin gets none, and the browser refuses to hand the response to its script.
    static func withCORS(_ response: Response, _ request: Request, _ config: ProbeEndpointsConfig) -> Response {
        var response = response
        // The answer depends on Origin: caches must keep one copy per origin.
        response.headers.add("Vary", "Origin")
        if let origin = request.headers["origin"], config.isPrimary(origin, for: request) {
            response.headers.set("Access-Control-Allow-Origin", origin)
            response.headers.set("Access-Control-Allow-Credentials", "true")
            response.headers.set("Access-Control-Expose-Headers", "X-Probe-SHA256")
        }
        return response
    }

    /// The CORS preflight (Fetch §4.8): allowed only for a primary origin asking for POST
    /// with the page's own headers. A refusal is a 403 without CORS headers.
    static func preflight(_ request: Request, _ config: ProbeEndpointsConfig) throws(HTTPError) -> Response {
        guard let origin = request.headers["origin"], config.isPrimary(origin, for: request) else {
            throw HTTPError(.forbidden, code: "origin_not_allowed",
                            "only the page's own origin may call this endpoint cross-origin")
        }
        let method = request.headers["access-control-request-method"] ?? ""
        let asked = request.headers.tokens("access-control-request-headers")
        guard method == "POST", asked.allSatisfy(allowedRequestHeaders.contains) else {
            throw HTTPError(.forbidden, code: "preflight_refused",
                            "the preflight asks for \(method) with headers \(asked.joined(separator: ", ")); allowed: POST with \(allowedRequestHeaders.joined(separator: ", "))")
        }
        var response = Response(status: .noContent)
        response.headers.add("Vary", "Origin")
        response.headers.add("Access-Control-Allow-Origin", origin)
        response.headers.add("Access-Control-Allow-Credentials", "true")
        response.headers.add("Access-Control-Allow-Methods", "POST")
        response.headers.add("Access-Control-Allow-Headers", allowedRequestHeaders.joined(separator: ", "))
        response.headers.add("Access-Control-Max-Age", String(preflightMaxAgeSeconds))
        return response
    }

    /// What the second origin saw of the preflighted credentialed POST.
    struct CrossOriginEcho: Encodable {
        let ok = true
        let bytes: Int
        let sha256: String
        /// Names of the `probe_` cookies that came with it: credentials reached the second origin.
        let cookies: [String]

        init(_ request: Request) {
            bytes = request.body.count
            sha256 = Digest.hex(Digest.sha256(request.body))
            cookies = ProbeEndpoints.cookieEcho(request).cookies.keys.sorted()
        }
    }
}
