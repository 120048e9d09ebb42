#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The token that guards listing, reading other runs and deleting. Posting results needs
/// only the run id (a 128-bit capability); everything that reaches across runs needs this.
public struct AccessToken: Sendable {
    public let value: String
    /// True when it was generated at this start (print it once).
    public let wasGenerated: Bool

    /// Name of the file in the data dir that keeps a generated token across restarts.
    static let fileName = "token"
    /// The browser pages keep the token in this HttpOnly, SameSite=Strict cookie.
    public static let cookieName = "probe_token"

    public init(value: String, wasGenerated: Bool = false) {
        self.value = value
        self.wasGenerated = wasGenerated
    }

    /// `--token` / `PROBE_TOKEN` if given, else the one stored in the data dir, else a new
    /// one written there with mode 0600.
    public static func resolve(explicit: String?, dataDirectory: String) throws -> AccessToken {
        if let explicit, !explicit.isEmpty { return AccessToken(value: explicit) }
        let path = dataDirectory + "/" + fileName
        if let text = try? String(contentsOfFile: path, encoding: .utf8) {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if !trimmed.isEmpty { return AccessToken(value: trimmed) }
        }
        let token = RunID.generate() + RunID.generate()
        // Never through a link, never readable by others even for an instant (DataFolder).
        try DataFolder.writePrivateFile(Array((token + "\n").utf8), to: path)
        return AccessToken(value: token, wasGenerated: true)
    }

    /// Whether a request carries the token: `Authorization: Bearer`, or the cookie.
    public func authorizes(_ request: Request) -> Bool {
        if let auth = request.headers["authorization"], auth.hasPrefix("Bearer ") {
            return Self.constantTimeEquals(String(auth.dropFirst(7)).trimmingCharacters(in: .whitespaces), value)
        }
        if let cookie = Self.cookie(Self.cookieName, in: request.headers) {
            return Self.constantTimeEquals(cookie, value)
        }
        return false
    }

    /// Throws 401 with what to do.
    public func require(_ request: Request) throws(HTTPError) {
        guard authorizes(request) else {
            throw HTTPError(.unauthorized, "this needs the access token: send Authorization: Bearer TOKEN "
                + "(printed at the server's first start, kept in DATA_DIR/token), or open /runs?token=TOKEN once in a browser",
                headers: HTTPHeaders([("WWW-Authenticate", "Bearer realm=\"probe-server\"")]))
        }
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

    /// Compares without an early exit, so response time does not reveal a prefix.
    static func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        var diff = UInt8(x.count == y.count ? 0 : 1)
        for i in 0..<min(x.count, y.count) { diff |= x[i] ^ y[i] }
        return diff == 0
    }
}
