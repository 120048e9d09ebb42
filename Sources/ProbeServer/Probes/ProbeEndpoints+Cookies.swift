import ProbeHTTP

extension ProbeEndpoints {
    /// `cookie.server`: an HttpOnly cookie the page cannot write itself. The next request's
    /// `/probe/cookie/echo` says whether the WebView sent it back.
    static func setServerCookie(_ request: Request) -> Response {
        let secure = request.isSecure || isLoopback(request)
        var attributes = ["Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=3600"]
        if secure { attributes.append("Secure") }
        var response = Response.json(CookieSet(name: CookieName.server, httpOnly: true, secure: secure, sameSite: "Lax"))
        response.headers.add("Set-Cookie", "\(CookieName.server)=\(cookieValue(request)); " + attributes.joined(separator: "; "))
        return response
    }

    /// `cookie.thirdParty`: served on the second origin inside a frame of the page. RFC 6265bis
    /// §5.6.7: SameSite=None needs Secure, or browsers drop the cookie. Not `Partitioned`:
    /// the probe asks whether the WebView keeps an ordinary third-party cookie.
    static func setThirdPartyCookie(_ request: Request) -> Response {
        let attributes = ["Path=/", "SameSite=None", "Secure", "Max-Age=3600"]
        var response = Response.json(CookieSet(name: CookieName.thirdParty, httpOnly: false, secure: true, sameSite: "None"))
        response.headers.add("Set-Cookie", "\(CookieName.thirdParty)=\(cookieValue(request)); " + attributes.joined(separator: "; "))
        return response
    }

    /// The value: the `?v=` the page chose (a run id or nonce), reduced to a cookie-safe token.
    static func cookieValue(_ request: Request) -> String {
        let raw = request.queryItems["v"] ?? "1"
        let safe = raw.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }
        let value = String(String.UnicodeScalarView(safe.prefix(64)))
        return value.isEmpty ? "1" : value
    }

    /// Which `probe_` cookies the request carried, never the token's `probe_token`. Other
    /// cookies are counted, not echoed.
    static func cookieEcho(_ request: Request) -> CookieEcho {
        var cookies: [String: String] = [:]
        var others = 0
        // RFC 6265 §5.4: one `Cookie` header of `name=value` pairs joined by "; "; HTTP/2
        // proxies may split it into several fields, so read them all.
        for field in request.headers.values("cookie") {
            for pair in field.split(separator: ";") {
                let trimmed = pair.trimmingCharacters(in: " \t")
                let parts = trimmed.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = String(parts[0])
                // The access token's cookie shares the prefix; echoing it (to the second origin,
                // with credentialed CORS) would hand an HttpOnly secret to script.
                guard name.hasPrefix(CookieName.prefix), name != AccessToken.cookieName else {
                    if !name.isEmpty { others += 1 }
                    continue
                }
                cookies[name] = parts.count > 1 ? String(parts[1].prefix(maxEchoedValue)) : ""
            }
        }
        return CookieEcho(cookies: cookies, otherCookies: others)
    }

    /// A loopback host is a secure context over plain HTTP (W3C Secure Contexts §3.1), and
    /// browsers accept `Secure` cookies from it.
    static func isLoopback(_ request: Request) -> Bool {
        guard var host = request.headers["host"]?.lowercased() else { return false }
        if host.hasPrefix("[") {
            host = String(host.dropFirst().prefix { $0 != "]" })
        } else if let colon = host.lastIndex(of: ":") {
            host = String(host[..<colon])
        }
        return host == "localhost" || host.hasSuffix(".localhost") || host == "::1" || host.hasPrefix("127.")
    }

    struct CookieSet: Encodable {
        let setCookie = true
        let name: String
        let httpOnly: Bool
        let secure: Bool
        let sameSite: String
    }

    struct CookieEcho: Encodable {
        /// `probe_` cookies received, name → value.
        let cookies: [String: String]
        /// How many other cookies came along (not echoed).
        let otherCookies: Int
    }

    /// `env.script`: a browser with JavaScript off loads the image inside `<noscript>`. The
    /// run id comes from `?run=`, or from the page URL in the Referer (the image asks for
    /// `referrerpolicy="same-origin"`, overriding the server's `no-referrer` for this one request).
    static func noscriptBeacon(_ request: Request, _ config: ProbeEndpointsConfig) -> Response {
        var run = request.queryItems["run"]
        var key = request.queryItems[RunKey.queryName]
        if run == nil, let referer = request.headers["referer"], let q = referer.firstIndex(of: "?") {
            var probe = Request(head: request.head)
            probe.head.query = String(referer[referer.index(after: q)...].prefix { $0 != "#" })
            run = probe.queryItems["run"]
            key = probe.queryItems[RunKey.queryName]
        }
        if let run, !run.isEmpty, run.utf8.count <= 128, run.utf8.allSatisfy({ $0 > 32 && $0 < 127 }) {
            config.onNoscriptBeacon?(run, key, request)
        }
        return Response(status: .ok, headers: HTTPHeaders([("Content-Type", "image/gif"), ("Cache-Control", "no-store")]), body: transparentGIF)
    }

    /// The smallest transparent GIF (1×1, 43 bytes).
    static let transparentGIF: [UInt8] = [
        0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00,
        0xFF, 0xFF, 0xFF, 0x21, 0xF9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00, 0x2C, 0x00, 0x00, 0x00, 0x00,
        0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B,
    ]
}
