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
import BeyondEssentials
import ProbeHTTP
import ProbeStore

/// The token that guards listing, reading other runs and deleting, choosing run ids, and
/// writing to any run. A device writes to its own run with the run's write key (`RunKey`);
/// everything that reaches across runs needs this.
public struct AccessToken: Sendable {
    public let value: String
    /// True when it was generated at this start (print it once).
    public let wasGenerated: Bool
    /// Wrong guesses per address (shared by copies: it is a reference).
    let guesses = RateLimiter(RateLimiter.tokenGuesses)
    /// Tokens with a name and a scope (`probe-server token create`); this one is `admin`.
    public let named: NamedTokens?
    /// Whether an `Origin` is this server's own for a request (`OriginPlan.isOwn`, set by
    /// `RunAPI`); nil: only the request's own scheme and `Host`.
    var isOwnOrigin: (@Sendable (String, Request) -> Bool)?

    /// A token this long or longer is taken before the wrong-guess budget is looked at: a
    /// right one gets through however many wrong ones came from its address, so nobody who
    /// shares the address (a web page in the emulator the CI job drives, another job behind the
    /// same NAT) can lock the operator out. That is safe only when the token cannot be found by
    /// trying: 32 hex characters (`openssl rand -hex 16`) are 128 bits, and at the 14,000
    /// requests a second a release build answers (docs/security-capabilities.md) finding one
    /// takes over 10^26 years; OWASP asks 64 bits of a session id
    /// (https://cheatsheetseries.owasp.org/cheatsheets/Session_Management_Cheat_Sheet.html#session-id-entropy).
    /// The generated token is 64 hex characters, a named one 68. A shorter token was chosen
    /// by hand (`--token`): only the budget keeps it from being guessed, so for it the budget
    /// comes first and its address can be locked out with the guesses.
    static let unguessableLength = 32

    /// Name of the file in the data dir that keeps a generated token across restarts.
    public static let fileName = "token"
    /// The browser pages keep the token in this HttpOnly, SameSite=Strict cookie.
    public static let cookieName = "probe_token"
    /// The query parameter a browser may carry it in once (`/runs?token=`), then dropped;
    /// taken only from a top-level navigation a person made (`queryToken(in:)`).
    public static let queryName = "token"

    public init(value: String, wasGenerated: Bool = false, named: NamedTokens? = nil) {
        self.value = value
        self.wasGenerated = wasGenerated
        self.named = named
    }

    /// `--token` / `PROBE_TOKEN` if given, else the one stored in the data dir, else a new
    /// one written there with mode 0600.
    public static func resolve(explicit: String?, dataDirectory: String) throws -> AccessToken {
        let named = NamedTokens(dataDirectory: dataDirectory)
        if let explicit, !explicit.isEmpty { return AccessToken(value: explicit, named: named) }
        let path = dataDirectory + "/" + fileName
        if let text = try? String(contentsOfFile: path, encoding: .utf8) {
            let trimmed = text.trimming(.whitespacesAndNewlines)
            if !trimmed.isEmpty { return AccessToken(value: trimmed, named: named) }
        }
        let token = RunID.generate() + RunID.generate()
        // Never through a link, never readable by others even for an instant (DataFolder).
        try DataFolder.writePrivateFile(Array((token + "\n").utf8), to: path)
        return AccessToken(value: token, wasGenerated: true, named: named)
    }

    /// The token a request presents: `Authorization: Bearer`, else the cookie (whether or
    /// not it may be looked at: `sentCrossSite`).
    static func presented(in request: Request) -> String? {
        if let auth = request.headers["authorization"], auth.hasPrefix("Bearer ") {
            return String(auth.dropFirst(7)).trimming(.whitespaces)
        }
        return Self.cookie(Self.cookieName, in: request.headers)
    }

    /// The scope of the token a request presents: nil without one; a wrong one costs a guess.
    /// A token a browser sent for another site's page is not looked at (`sentCrossSite`):
    /// nil, and no guess spent.
    public func scope(of request: Request) throws(HTTPError) -> TokenScope? {
        guard let given = Self.presented(in: request), !sentCrossSite(request) else { return nil }
        return try scope(of: given, from: request.quotaKey, nowNanos: EventLoop.monotonicNow().nanoseconds)
    }

    /// True when a browser sent this request for a page that is not this server's: an
    /// `Origin` not its own, or `Sec-Fetch-Site: cross-site` (or `same-site` without an own
    /// `Origin`), by the rule of `CrossSiteWrites`. Any page a visitor opens can make the
    /// browser send requests here (`<img src=…>`); what token they carry is that page's
    /// choice, so it is neither compared nor counted as a guess (a page could otherwise spend
    /// its address's budget: OWASP, "Fetch Metadata headers",
    /// https://cheatsheetseries.owasp.org/cheatsheets/Cross-Site_Request_Forgery_Prevention_Cheat_Sheet.html).
    /// The operator's own cookie is `SameSite=Strict`, so a browser never sends it cross-site
    /// anyway (RFC 6265bis §5.6.7.1).
    func sentCrossSite(_ request: Request) -> Bool {
        CrossSiteWrites.refusal(origin: request.headers["origin"], fetchSite: request.headers["sec-fetch-site"],
                                isOwn: { isOwn($0, request) }) != nil
    }

    private func isOwn(_ origin: String, _ request: Request) -> Bool {
        if let isOwnOrigin { return isOwnOrigin(origin, request) }
        guard let host = request.headers["host"] else { return false }
        return origin.lowercased() == ((request.isSecure ? "https://" : "http://") + host).lowercased()
    }

    /// The token of a sign-in link or form (`/runs?token=`), nil without one. Taken only from
    /// a top-level navigation a person made: the address bar (`Sec-Fetch-Site: none`) or this
    /// server's own sign-in form (`same-origin`), with `Sec-Fetch-Dest: document`
    /// (https://w3c.github.io/webappsec-fetch-metadata/). Anything else that carries it (an
    /// `<img>`, a script's fetch, a link on another site, a client that sends no Fetch
    /// Metadata) is refused before the token is compared, so it spends no guess: a header
    /// (`Authorization: Bearer`) works for every client that is not a person at a browser.
    public func queryToken(in request: Request) throws(HTTPError) -> String? {
        guard let given = request.queryItems[Self.queryName] else { return nil }
        let site = request.headers["sec-fetch-site"]?.lowercased()
        let dest = request.headers["sec-fetch-dest"]?.lowercased()
        guard dest == "document", site == "none" || site == "same-origin" else {
            throw HTTPError(.badRequest, code: "token_in_query",
                            "a token in the address is taken only when a person opens /runs?token= in a browser's address bar "
                                + "or sends the sign-in form at /runs (Sec-Fetch-Site none or same-origin, Sec-Fetch-Dest document); "
                                + "send it as Authorization: Bearer TOKEN instead",
                            field: Self.queryName)
        }
        return given
    }

    /// Whether `given` is any token of this server (the report pages' `?token=`).
    public func check(_ given: String, from address: String) throws(HTTPError) -> Bool {
        try scope(of: given, from: address, nowNanos: EventLoop.monotonicNow().nanoseconds) != nil
    }

    func check(_ given: String, from address: String, nowNanos: UInt64) throws(HTTPError) -> Bool {
        try scope(of: given, from: address, nowNanos: nowNanos) != nil
    }

    /// Compares a presented token against every token of the server, in constant time,
    /// before the wrong-guess budget is looked at. A right token that cannot be found by
    /// trying (`unguessableLength`; every named token) is taken whatever the budget says, so
    /// wrong guesses from its address cannot lock it out. A wrong one costs the address a guess
    /// (`RateLimiter.tokenGuesses`), and once they are used up the address gets 429 for any
    /// other token: a right but short one too, since answering it would let guessing go on at
    /// the request rate.
    func scope(of given: String, from address: String, nowNanos: UInt64) throws(HTTPError) -> TokenScope? {
        let match: (scope: TokenScope, unguessable: Bool)?
        if Self.constantTimeEquals(given, value) {
            match = (.admin, Self.isUnguessable(value))
        } else if let token = named?.match(given) {
            match = (token.scope, true)  // made by `token create`: 256 random bits
        } else {
            match = nil
        }
        if let match, match.unguessable { return match.scope }
        let wait = guesses.wait(address, nowNanos: nowNanos)
        guard wait == 0 else {
            // The same words whatever the server's token: a guesser must not learn it is short
            // (the operator is told at start: `ProbeService`).
            throw HTTPError(.tooManyRequests, code: "too_many_token_guesses",
                            "too many wrong access tokens from this address; retry in \(wait) s with the token from DATA_DIR/token "
                                + "(a token of at least \(Self.unguessableLength) characters is always taken: the generated one, or one from probe-server token create)",
                            headers: HTTPHeaders([("Retry-After", String(wait))]))
        }
        if let match { return match.scope }
        _ = guesses.take(address, nowNanos: nowNanos)
        return nil
    }

    /// Whether `token` is long enough to be taken before the budget (`unguessableLength`).
    static func isUnguessable(_ token: String) -> Bool { token.utf8.count >= unguessableLength }

    /// Throws 401 with what to do (429 when the address has guessed too often), 403 naming
    /// the scope needed when the token is valid but may not do this.
    public func require(_ need: TokenScope = .admin, _ request: Request) throws(HTTPError) {
        if let scope = try scope(of: request) {
            guard scope.grants(need) else {
                throw HTTPError(.forbidden, code: "scope_required",
                                "this needs a token with scope \(need.rawValue) (or admin); the token sent has scope \(scope.rawValue): "
                                    + "create one with probe-server token create NAME --scope \(need.rawValue)")
            }
            return
        }
        let ignored = Self.presented(in: request) != nil && sentCrossSite(request)
            ? "the token this request carries was not looked at, since a browser sent it for another site's page (Origin, Sec-Fetch-Site); " : ""
        throw HTTPError(.unauthorized, ignored + "this needs the access token: send Authorization: Bearer TOKEN "
            + "(printed at the server's first start, kept in DATA_DIR/token, or one made by probe-server token create), "
            + "or open /runs?token=TOKEN once in a browser's address bar",
            headers: HTTPHeaders([("WWW-Authenticate", "Bearer realm=\"probe-server\"")]))
    }

    static func cookie(_ name: String, in headers: HTTPHeaders) -> String? {
        for header in headers.values("cookie") {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingCharacters(in: " ") == name {
                    return String(parts[1].trimmingCharacters(in: " "))
                }
            }
        }
        return nil
    }

    /// Compares the SHA-256 digests of both without an early exit: always 32 bytes against
    /// 32, so the response time reveals neither a matching prefix nor the length.
    static func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        let x = Digest.sha256(Array(a.utf8)), y = Digest.sha256(Array(b.utf8))
        var diff: UInt8 = 0
        for i in 0..<x.count { diff |= x[i] ^ y[i] }
        return diff == 0
    }
}
