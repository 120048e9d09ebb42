import Foundation

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
    /// True on first start: tell the user to install the CA on their devices.
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
    public var authorityFingerprint: String {
        authorityFingerprintSHA256.map { byte in
            let hex = String(byte, radix: 16, uppercase: true)
            return hex.count == 1 ? "0\(hex)" : hex
        }.joined(separator: ":")
    }
}
