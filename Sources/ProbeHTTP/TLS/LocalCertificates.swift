#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `CertificateDirectory.prepare` set up: the files to load into `TLSContext`, and
/// what onboarding shows (fingerprint) and serves (the CA for `/ca.pem` and the iOS profile).
public struct LocalCertificates: Sendable {
    public let directory: CertificateDirectory
    /// The CA in DER, as a `.cer` download and the `com.apple.security.root` payload carry it.
    public let authorityDER: [UInt8]
    /// SHA-256 of the CA's DER: compare with iOS Settings › About › Certificate Trust Settings.
    public let authorityFingerprintSHA256: [UInt8]
    /// The CA's subject CN, `probe-server local CA (HOST)`, as devices list it.
    public let authorityCommonName: String
    /// The leaf's names in `DNS:`/`IP:` form, sorted, for the startup log.
    public let subjectAlternativeNames: [String]
    public let leafNotAfter: Date
    /// Where the CA and its key live: the user's CA folder, or the data folder itself when
    /// it holds a CA of its own (made by an older version).
    public let authorityFolder: String
    /// True when the data folder keeps a CA of its own: devices trust it, so it stays until
    /// `probe-server ca adopt` (docs/tls.md, "Where the CA lives").
    public let authorityIsDataFolders: Bool
    /// True when the CA was made now: tell the user to install the CA on their devices.
    public let createdAuthority: Bool
    /// Why the leaf was issued this time (nil when the existing one was kept), for the log.
    public let reissueReason: String?
    /// What the operator must hear at start, each saying what to do: an unconstrained or
    /// expiring CA, names the CA does not permit (`CertificateAuthority.warnings`).
    public let warnings: [String]

    public var certificateChainFile: String { directory.certificateChainFile }
    public var privateKeyFile: String { directory.privateKeyFile }
    public var authorityCertificateFile: String { directory.authorityCertificateFile }
    public var leafWasIssued: Bool { reissueReason != nil }

    /// `AB:CD:…`, the way browsers and iOS display certificate fingerprints.
    public var authorityFingerprint: String { Self.colonHex(authorityFingerprintSHA256) }

    /// What the start says, once, about a data folder that keeps a CA of its own; nil otherwise.
    public var ownAuthorityNotice: String? {
        guard authorityIsDataFolders else { return nil }
        return "\(directory.path) keeps its own CA (made by an older version; devices trust it); "
            + "the user's CA serves every other data folder: to use it here too, stop the server and run "
            + "`probe-server ca adopt --data-dir \(directory.path)` (docs/tls.md, \"Where the CA lives\")"
    }

    static func colonHex(_ bytes: [UInt8]) -> String {
        bytes.map { byte in
            let hex = String(byte, radix: 16, uppercase: true)
            return hex.count == 1 ? "0\(hex)" : hex
        }.joined(separator: ":")
    }
}
