import ProbeHTTP
import ProbeStore

/// A run's write key: 128 random bits (as 32 hex digits) from the same generator as run ids
/// (`getrandom(2)`), handed out once, in the 201 of `POST /api/runs` and in the run's URL.
///
/// Independent of the id, so knowing an id (it is printed, logged by CI, shown in large type
/// on the device) is not enough to write. 128 bits for the reason OWASP gives for session
/// ids (https://cheatsheetseries.owasp.org/cheatsheets/Session_Management_Cheat_Sheet.html):
/// at 2,000 guesses a second per address the expected time to hit one is beyond any run's life.
/// The store keeps only `digest(key)`, so a copy of the database does not let anyone write.
public enum RunKey {
    /// The query parameter the page and the beacon carry the key in (`?run=ID&key=KEY`).
    public static let queryName = "key"
    /// The header a client can send it in instead.
    public static let headerName = "x-probe-key"

    public static func generate() -> String { RunID.generate() }

    /// SHA-256 of the key, hex: what the store keeps.
    public static func digest(_ key: String) -> String { Digest.hex(Digest.sha256(Array(key.utf8))) }

    /// Whether `presented` is the key whose digest is `stored`. Both sides are hashed to 32
    /// bytes first, so the comparison takes the same time whatever the length or prefix.
    public static func matches(_ presented: String?, digest stored: String?) -> Bool {
        guard let presented, let stored, !presented.isEmpty else { return false }
        return AccessToken.constantTimeEquals(digest(presented), stored)
    }

    /// The key a request presents: `?key=`, else the `X-Probe-Key` header.
    public static func presented(in request: Request) -> String? {
        if let q = request.queryItems[queryName], !q.isEmpty { return q }
        if let h = request.headers[headerName], !h.isEmpty { return h }
        return nil
    }
}
