import ProbeStore

/// Who may read or write a run, decided from the run and what the request presents.
///
/// - Writes (results, complete, uploads, the noscript beacon) need the run's write key or the
///   access token. A run from before write keys existed has none: only the token writes to it.
/// - Reads need nothing more than the id when the id was generated (128 random bits, the
///   read capability), and the key or the token when the caller chose the id (`ci-4711` can be
///   guessed).
///
/// A request that is refused is answered exactly as if the run did not exist (404
/// `run_not_found`, same body), so a wrong key learns nothing about which ids exist.
/// docs/security-capabilities.md argues each choice.
public struct RunAccess: Sendable, Equatable {
    public enum Need: Sendable { case read, write }

    /// The write key the request presented, if any.
    public var key: String?
    /// The scope of the token the request carries (nil: none). `read` reads every run,
    /// `ingest` writes to every run, `admin` both.
    public var scope: TokenScope?
    /// Whether the request carries a token of any scope.
    public var hasToken: Bool { scope != nil }

    public init(key: String?, scope: TokenScope?) {
        self.key = key
        self.scope = scope
    }

    /// The server's own token (admin) or nothing.
    public init(key: String?, hasToken: Bool) {
        self.init(key: key, scope: hasToken ? .admin : nil)
    }

    public func allows(_ need: Need, _ run: RunRecord) -> Bool {
        if let scope, scope.grants(need == .read ? .read : .ingest) { return true }
        let keyMatches = RunKey.matches(key, digest: run.writeKeyDigest)
        switch need {
        case .write: return keyMatches
        case .read: return !run.idChosen || keyMatches
        }
    }
}
