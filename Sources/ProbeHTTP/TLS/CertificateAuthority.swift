import COpenSSL
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The local CA a user installs on a device once, so that every leaf we issue afterwards
/// (new addresses, renewals) is trusted without touching the device again.
final class CertificateAuthority {
    /// 825 days: the longest life Apple lets a TLS server certificate have
    /// (support.apple.com/HT210176, iOS 13 and macOS 10.15 and later), so the CA lasts as
    /// long as the longest leaf it could issue on its first day, and a leaked key is useful
    /// for at most that long. Devices reinstall it then (docs/tls.md, "Rotating the CA").
    static let validityDays = 825

    /// The server warns at each start from this many days before the CA expires: time to
    /// install the next one on every device before the old one stops working.
    static let expiryWarningDays = 60

    let certificate: X509Certificate
    let key: PrivateKey

    init(certificate: X509Certificate, key: PrivateKey) {
        self.certificate = certificate
        self.key = key
    }

    /// `probe-server local CA (HOST)`: the host name tells devices trusting several of
    /// these apart in Settings.
    static func commonName(hostName: String) -> String { "probe-server local CA (\(hostName))" }

    /// A new self-signed ECDSA P-256 root, constrained to local names and networks and to
    /// `names` (the leaf's names now) where they are not local (`AuthorityNameConstraints`).
    static func create(hostName: String, names: [SubjectAlternativeName], now: Date) throws -> CertificateAuthority {
        let key = try PrivateKey.generateP256()
        let notBefore = now - CertificateTemplate.clockSkewAllowance
        let template = CertificateTemplate(
            commonName: commonName(hostName: hostName),
            notBefore: notBefore,
            notAfter: notBefore + TimeInterval(validityDays) * 86_400,
            extensions: [
                // RFC 5280 §4.2.1.9: critical; pathlen 0 because we issue leaves only.
                (NID_basic_constraints, "critical,CA:TRUE,pathlen:0"),
                // RFC 5280 §4.2.1.3: a CA signs certificates and CRLs, nothing else.
                (NID_key_usage, "critical,keyCertSign,cRLSign"),
                // RFC 5280 §4.2.1.10: critical, so a verifier that cannot read it refuses the CA.
                (NID_name_constraints, AuthorityNameConstraints.extensionValue(covering: names)),
                (NID_subject_key_identifier, "hash"),
                (NID_authority_key_identifier, "keyid:always"),
            ])
        let certificate = try template.sign(subjectKey: key, issuer: nil, issuerKey: key)
        return CertificateAuthority(certificate: certificate, key: key)
    }

    /// What the operator should hear about this CA at start, each with what to do: no name
    /// constraints (a CA made before they existed), or an end within `expiryWarningDays`.
    /// `location` names the CA's file; `rotate` says how to replace it where it lives (the
    /// user's CA folder, or a data folder with a CA of its own).
    func warnings(location: String, rotate: String, now: Date) -> [String] {
        var warnings: [String] = []
        if !certificate.hasNameConstraints {
            warnings.append("the local CA (\(location)) has no name constraints: whoever gets ca-key.pem can "
                + "impersonate any site to every device that installed it; \(rotate)")
        }
        if let end = certificate.notAfter, end.timeIntervalSince(now) < TimeInterval(Self.expiryWarningDays) * 86_400 {
            let days = max(0, Int((end.timeIntervalSince(now) / 86_400).rounded(.up)))
            warnings.append("the local CA (\(location)) expires in \(days) days (\(end)); devices then refuse "
                + "the server; \(rotate)")
        }
        return warnings
    }

    /// A server certificate for `names`, with a fresh key, valid from now for
    /// `LeafCertificate.validityDays` but never beyond the CA itself.
    func issueLeaf(names: [SubjectAlternativeName], commonName: String, now: Date) throws
        -> (certificate: X509Certificate, key: PrivateKey)
    {
        let key = try PrivateKey.generateP256()
        let notBefore = now - CertificateTemplate.clockSkewAllowance
        var notAfter = notBefore + TimeInterval(LeafCertificate.validityDays) * 86_400
        if let authorityEnd = certificate.notAfter, authorityEnd < notAfter { notAfter = authorityEnd }
        let template = CertificateTemplate(
            commonName: commonName,
            notBefore: notBefore,
            notAfter: notAfter,
            extensions: [
                (NID_basic_constraints, "critical,CA:FALSE"),
                // ECDSA keys sign the handshake; keyEncipherment is for RSA key transport only.
                (NID_key_usage, "critical,digitalSignature"),
                // Apple requires id-kp-serverAuth in the EKU of TLS server certificates.
                (NID_ext_key_usage, "serverAuth"),
                (NID_subject_key_identifier, "hash"),
                (NID_authority_key_identifier, "keyid:always"),
                // Clients match names only against the SAN (RFC 6125 §6.4.4; Apple and
                // Chrome ignore the CN).
                (NID_subject_alt_name, names.map(\.configurationValue).joined(separator: ",")),
            ])
        let leaf = try template.sign(subjectKey: key, issuer: certificate, issuerKey: self.key)
        return (leaf, key)
    }
}
