#if canImport(Glibc)
import Glibc
#endif
import Foundation
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

    /// Name of the file in the data dir that keeps a generated token across restarts.
    static let fileName = "token"
    /// The browser pages keep the token in this HttpOnly, SameSite=Strict cookie.
    public static let cookieName = "probe_token"
    /// The query parameter a browser may carry it in once (`/runs?token=`), then dropped.
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
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if !trimmed.isEmpty { return AccessToken(value: trimmed, named: named) }
        }
        let token = RunID.generate() + RunID.generate()
        // Never through a link, never readable by others even for an instant (DataFolder).
        try DataFolder.writePrivateFile(Array((token + "\n").utf8), to: path)
        return AccessToken(value: token, wasGenerated: true, named: named)
    }

    /// The token a request presents: `Authorization: Bearer`, else the cookie.
    static func presented(in request: Request) -> String? {
        if let auth = request.headers["authorization"], auth.hasPrefix("Bearer ") {
            return String(auth.dropFirst(7)).trimmingCharacters(in: .whitespaces)
        }
        return Self.cookie(Self.cookieName, in: request.headers)
    }

    /// Whether a request carries the admin token (this one or a named `admin`). No token
    /// presented is simply false; a wrong one costs its address one guess (`RateLimiter.tokenGuesses`).
    public func authorizes(_ request: Request) throws(HTTPError) -> Bool {
        try scope(of: request) == .admin
    }

    /// The scope of the token a request presents: nil without one; a wrong one costs a guess.
    public func scope(of request: Request) throws(HTTPError) -> TokenScope? {
        guard let given = Self.presented(in: request) else { return nil }
        return try scope(of: given, from: request.quotaKey, nowNanos: EventLoop.monotonicNow().nanoseconds)
    }

    /// Whether `given` is any token of this server (the report pages' `?token=`).
    public func check(_ given: String, from address: String) throws(HTTPError) -> Bool {
        try scope(of: given, from: address, nowNanos: EventLoop.monotonicNow().nanoseconds) != nil
    }

    func check(_ given: String, from address: String, nowNanos: UInt64) throws(HTTPError) -> Bool {
        try scope(of: given, from: address, nowNanos: nowNanos) != nil
    }

    /// Compares a presented token. An address whose guesses are used up gets 429 before
    /// the comparison, so a right guess after the limit does not get through either.
    func scope(of given: String, from address: String, nowNanos: UInt64) throws(HTTPError) -> TokenScope? {
        let wait = guesses.wait(address, nowNanos: nowNanos)
        guard wait == 0 else {
            throw HTTPError(.tooManyRequests, code: "too_many_token_guesses",
                            "too many wrong access tokens from this address; retry in \(wait) s with the token from DATA_DIR/token",
                            headers: HTTPHeaders([("Retry-After", String(wait))]))
        }
        if Self.constantTimeEquals(given, value) { return .admin }
        if let token = named?.match(given) { return token.scope }
        _ = guesses.take(address, nowNanos: nowNanos)
        return nil
    }

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
        throw HTTPError(.unauthorized, "this needs the access token: send Authorization: Bearer TOKEN "
            + "(printed at the server's first start, kept in DATA_DIR/token, or one made by probe-server token create), "
            + "or open /runs?token=TOKEN once in a browser",
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
