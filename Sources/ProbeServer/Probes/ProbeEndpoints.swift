/// The server side of the page's probes (SPEC §3): cookies set and echoed, bodies echoed
/// and hashed, the second-origin CORS targets, the file upload, the mixed-content targets
/// and the error page. Everything lives under `/probe/`; the frame pages the second origin
/// shows are static files in `Public/frames/`.
///
/// None of these endpoints stores anything: each answers from the request alone, so a
/// device can call them as often as it likes.
public enum ProbeEndpoints {
    /// Every route this adds, for the docs and the tests: method, pattern, what for.
    public static let routes: [(method: String, pattern: String, purpose: String)] = [
        ("GET", "/probe/noscript.gif", "env.script: the <noscript> beacon"),
        ("GET", "/probe/cookie/set", "cookie.server: Set-Cookie HttpOnly (Secure on https and localhost)"),
        ("GET", "/probe/cookie/echo", "cookie.server, fetch.credentials, cookie.thirdParty: which probe cookies arrived"),
        ("GET", "/probe/cookie/third-party/set", "cookie.thirdParty: Set-Cookie SameSite=None; Secure, from the second origin's frame"),
        ("GET", "/probe/json", "fetch.sameOrigin, xhr.sameOrigin: a small JSON document"),
        ("POST", "/probe/echo", "fetch.sameOrigin, xhr.sameOrigin: the body back, byte for byte"),
        ("POST", "/probe/sha256", "fetch.integrity: size and SHA-256 of the uploaded body"),
        ("GET", "/probe/bytes", "fetch.integrity: ?size=&seed= deterministic bytes with their SHA-256 in X-Probe-SHA256"),
        ("POST", "/probe/upload", "file.*: multipart/form-data upload; name, declared and sniffed type, size, SHA-256"),
        ("GET", "/probe/cors/ping", "fetch.cors: cross-origin GET (CORS for the primary origin only)"),
        ("OPTIONS", "/probe/cors/echo", "fetch.cors: the preflight"),
        ("POST", "/probe/cors/echo", "fetch.cors: the preflighted credentialed POST"),
        ("GET", "/probe/mixed/pixel.png", "net.mixedContent: the http: image"),
        ("GET", "/probe/mixed/ping", "net.mixedContent: the http: fetch"),
        ("GET", "/probe/status/500", "nav.loadError: a page that answers 500"),
    ]

    /// Cookie names. All start with `probe_` so the echo never reflects anyone else's cookie.
    public enum CookieName {
        /// Set by the server, HttpOnly: the page must not see it in document.cookie.
        public static let server = "probe_http"
        /// Set by the second origin inside a frame: a third-party cookie for the page.
        public static let thirdParty = "probe_3p"
        public static let prefix = "probe_"
    }

    /// Largest `/probe/bytes` answer. The integrity probe asks for 1 MiB; 4 MiB leaves room
    /// for a slower-network variant without letting one request pin much memory.
    public static let maxGeneratedBytes = 4 * 1024 * 1024
    /// Longest echoed cookie value or form field: the probes' own values are under 100 bytes.
    static let maxEchoedValue = 256
    /// Longest file name echoed back. A file name is the client's text, shown, never a path.
    static let maxEchoedFileName = 255

    public static func register(into router: inout Router, config: ProbeEndpointsConfig) {
        let config = config

        router.get("/probe/noscript.gif") { request in noscriptBeacon(request, config) }
        router.get("/probe/cookie/set") { request in setServerCookie(request) }
        router.get("/probe/cookie/echo") { request in
            withCORS(.json(cookieEcho(request)), request, config)
        }
        router.get("/probe/cookie/third-party/set") { request in setThirdPartyCookie(request) }
        router.get("/probe/json") { _ in .json(SmallJSON(ok: true, purpose: "same-origin GET")) }
        router.post("/probe/echo") { request in echo(request) }
        router.post("/probe/sha256") { request in .json(BodyDigest(request.body)) }
        router.add("GET", "/probe/bytes") { request in
            let (size, seed) = try generatedBytesParameters(request)
            return .offload { generatedBytes(size: size, seed: seed) }
        }
        router.add("POST", "/probe/upload", bodyLimit: router.limits.uploadBodyBytes) { request in
            .offload {
                do { return try upload(request, config) } catch let error as HTTPError { return error.response } catch let error as any HTTPErrorConvertible {
                    return error.httpError.response
                } catch {
                    return HTTPError(.internalServerError, "the upload failed: \(error)").response
                }
            }
        }
        router.get("/probe/cors/ping") { request in
            withCORS(.json(SmallJSON(ok: true, purpose: "cross-origin GET")), request, config)
        }
        router.add("OPTIONS", "/probe/cors/echo") { request in .now(preflight(request, config)) }
        router.post("/probe/cors/echo") { request in
            withCORS(.json(CrossOriginEcho(request)), request, config)
        }
        registerInsecureTargets(into: &router, config: config)
        router.get("/probe/status/500") { _ in
            .html(Self.errorPage, status: .internalServerError)
        }
    }

    /// The two `net.mixedContent` targets. They must also be on the plain-HTTP listener
    /// (the setup port), which has its own router: register them there too.
    public static func registerInsecureTargets(into router: inout Router, config: ProbeEndpointsConfig) {
        router.get("/probe/mixed/pixel.png") { _ in
            Response(status: .ok, headers: HTTPHeaders([("Content-Type", "image/png"), ("Cache-Control", "no-store")]), body: Self.pixelPNG)
        }
        router.get("/probe/mixed/ping") { request in
            withCORS(.json(SmallJSON(ok: true, purpose: "http: fetch")), request, config)
        }
    }

    struct SmallJSON: Encodable {
        let ok: Bool
        let purpose: String
    }
}
