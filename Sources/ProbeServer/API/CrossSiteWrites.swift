import BeyondEssentials
import ProbeHTTP

/// Refuses a state-changing request that a browser sent on behalf of another site
/// (cross-site request forgery, https://owasp.org/www-community/attacks/csrf).
///
/// Two independent signals, after the OWASP CSRF cheat sheet
/// (https://cheatsheetseries.owasp.org/cheatsheets/Cross-Site_Request_Forgery_Prevention_Cheat_Sheet.html):
/// - the body type: a page on another site can send `text/plain`, form-encoded or multipart
///   bodies without a CORS preflight, never `application/json`
///   (https://fetch.spec.whatwg.org/#cors-safelisted-request-header), so JSON endpoints take
///   JSON only;
/// - the request's origin: `Origin` (RFC 6454 §7; browsers send it on every POST) must be
///   one of the server's own, and `Sec-Fetch-Site` (https://w3c.github.io/webappsec-fetch-metadata/)
///   must not be `cross-site`, nor `same-site` unless the `Origin` is one of ours (the second
///   origin is same-site with the page).
///
/// A request with neither header (curl, CI, the CLI) passes: no browser sent it.
public enum CrossSiteWrites {
    public static let jsonType = "application/json"
    public static let multipartType = "multipart/form-data"

    /// The refusal for a request with these headers, or nil when it may proceed.
    public static func refusal(origin: String?, fetchSite: String?, isOwn: (String) -> Bool) -> HTTPError? {
        if let origin {
            guard isOwn(origin) else {
                return HTTPError(.forbidden, code: "cross_origin",
                                 "requests from origin \(Logger.sanitize(origin, max: 100)) cannot change runs here; open the probe page on this server's own address",
                                 field: "Origin")
            }
        }
        switch fetchSite?.lowercased() {
        case "cross-site"? where origin == nil, "same-site"? where origin == nil:
            return HTTPError(.forbidden, code: "cross_origin",
                             "a \(fetchSite!.lowercased()) request (Sec-Fetch-Site) cannot change runs here; open the probe page on this server's own address",
                             field: "Sec-Fetch-Site")
        case "cross-site"?:
            // An Origin we own with a cross-site fetch: a redirect chain through another site.
            return HTTPError(.forbidden, code: "cross_origin",
                             "a cross-site request (Sec-Fetch-Site) cannot change runs here, whatever its Origin",
                             field: "Sec-Fetch-Site")
        default:
            return nil
        }
    }

    /// 415 unless the body is of `expected` (parameters such as `charset` allowed). An empty
    /// body is let through unless `evenWhenEmpty`: nothing is decoded from it.
    public static func requireBodyType(_ request: Request, _ expected: String, evenWhenEmpty: Bool = false) throws(HTTPError) {
        guard evenWhenEmpty || !request.body.isEmpty else { return }
        let given = request.headers["content-type"] ?? ""
        let mediaType = given.split(separator: ";", maxSplits: 1).first.map { $0.trimming(.whitespaces).lowercased() } ?? ""
        guard mediaType == expected else {
            throw HTTPError(.unsupportedMediaType, code: "unsupported_media_type",
                            "this endpoint takes Content-Type: \(expected), not \(given.isEmpty ? "none" : Logger.sanitize(given, max: 80))",
                            field: "Content-Type")
        }
    }
}

extension OriginPlan {
    /// Whether `origin` (an `Origin` header) is one of this server's: the origins handed to
    /// the page for this request (primary, second port, second host name), or the request's
    /// scheme with one of this machine's names (the printed addresses, `localhost`, the host
    /// name and `NAME.local`) on the primary or the second port.
    public func isOwn(_ origin: String, for request: Request) -> Bool {
        var o = origin.lowercased()
        while o.hasSuffix("/") { o.removeLast() }
        let mine = origins(for: request)
        if [mine.primary, mine.secondPort, mine.secondHost].contains(where: { $0?.lowercased() == o }) { return true }
        let scheme = request.isSecure ? "https" : "http"
        guard o.hasPrefix(scheme + "://") else { return false }
        let defaultPort: UInt16 = request.isSecure ? 443 : 80
        let (host, port) = Self.split(String(o.dropFirst(scheme.count + 3)), defaultPort: defaultPort)
        guard !host.isEmpty, !host.contains("/") else { return false }
        let (_, requestPort) = Self.split(request.headers["host"] ?? "", defaultPort: defaultPort)
        guard port == requestPort || port == secondPort else { return false }
        var names: Set<String> = ["localhost", "127.0.0.1", "[::1]"]
        let name = hostName.lowercased()
        if !name.isEmpty { names.formUnion([name, name + ".local"]) }
        for address in addresses { names.insert(address.contains(":") ? "[\(address.lowercased())]" : address) }
        return names.contains(host)
    }
}
