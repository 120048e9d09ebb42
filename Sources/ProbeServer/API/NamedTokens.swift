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

/// What a token may do. `admin` may do everything (the server's own token is one); `read`
/// reads runs, reports, lists and `/metrics`; `ingest` creates runs and posts results.
public enum TokenScope: String, Codable, Sendable, CaseIterable {
    case read, ingest, admin

    public func grants(_ need: TokenScope) -> Bool { self == .admin || self == need }
}

/// One named token as kept in `DATA/tokens.json`: its SHA-256, never the token itself.
public struct NamedToken: Codable, Sendable, Equatable {
    public let name: String
    public let scope: TokenScope
    /// Hex SHA-256 of the token (a random 256-bit value: no salt or stretching is needed,
    /// unlike a password, since it cannot be guessed from a dictionary).
    public let sha256: String
    public let createdAt: String
}

/// The named tokens of a data folder: managed by `probe-server token`, read by the server,
/// which re-reads the file when it changes, so a revoked token stops working at once.
public final class NamedTokens: @unchecked Sendable {
    static let fileName = "tokens.json"
    /// A name is shown in listings and errors: short, no spaces or control characters.
    static let namePattern = "1 to 64 characters of A-Z a-z 0-9 . _ -"

    public let path: String
    private let lock = Lock()
    private var cached: [NamedToken] = []
    /// mtime, inode and size: every save renames a new file into place, so the inode changes
    /// even when two saves fall in one tick of the file system's clock.
    private var cachedStamp: (Int, Int, UInt64, Int64)? = nil

    public init(dataDirectory: String) {
        path = dataDirectory + "/" + Self.fileName
    }

    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64 && name.utf8.allSatisfy { c in
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x2E || c == 0x5F || c == 0x2D
        }
    }

    /// The tokens now in the file (none when there is no file).
    public func list() -> [NamedToken] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            lock.withLock { cached = []; cachedStamp = nil }
            return []
        }
        let stamp = (info.modificationTime.tv_sec, info.modificationTime.tv_nsec, UInt64(info.st_ino), Int64(info.st_size))
        return lock.withLock {
            if let s = cachedStamp, s == stamp { return cached }
            let tokens = (FileManager.default.contents(atPath: path)).flatMap { try? JSONDecoder().decode([NamedToken].self, from: $0) } ?? []
            cached = tokens
            cachedStamp = stamp
            return tokens
        }
    }

    /// The named token `given` is, compared digest against digest without an early exit.
    public func match(_ given: String) -> NamedToken? {
        let digest = Array(Digest.hex(Digest.sha256(Array(given.utf8))).utf8)
        var found: NamedToken?
        for token in list() {
            let stored = Array(token.sha256.utf8)
            guard stored.count == digest.count else { continue }
            var diff: UInt8 = 0
            for i in 0..<digest.count { diff |= digest[i] ^ stored[i] }
            if diff == 0 { found = token }
        }
        return found
    }

    public enum ChangeError: Error, CustomStringConvertible {
        case invalidName(String), exists(String), missing(String), write(String)
        public var description: String {
            switch self {
            case .invalidName(let n): return "token name \(n) is not \(NamedTokens.namePattern)"
            case .exists(let n): return "a token named \(n) exists; revoke it first (probe-server token revoke \(n)) or pick another name"
            case .missing(let n): return "no token named \(n); probe-server token list shows them"
            case .write(let why): return why
            }
        }
    }

    /// Adds a token and returns its secret (shown once: only the digest is kept).
    public func create(name: String, scope: TokenScope, now: Date = Date()) throws(ChangeError) -> String {
        guard Self.isValidName(name) else { throw .invalidName(name) }
        var tokens = list()
        guard !tokens.contains(where: { $0.name == name }) else { throw .exists(name) }
        let secret = "pst_" + RunID.generate() + RunID.generate()
        tokens.append(NamedToken(name: name, scope: scope, sha256: Digest.hex(Digest.sha256(Array(secret.utf8))),
                                 createdAt: RFC3339.format(now)))
        try save(tokens)
        return secret
    }

    public func revoke(name: String) throws(ChangeError) {
        var tokens = list()
        guard tokens.contains(where: { $0.name == name }) else { throw .missing(name) }
        tokens.removeAll { $0.name == name }
        try save(tokens)
    }

    private func save(_ tokens: [NamedToken]) throws(ChangeError) {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try DataFolder.writePrivateFile(Array(try encoder.encode(tokens)), to: path)
        } catch {
            throw .write("cannot write \(path): \(error)")
        }
    }
}
