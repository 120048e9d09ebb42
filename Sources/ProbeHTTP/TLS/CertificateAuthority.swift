import COpenSSL
import Foundation

/// The local CA a user installs on a device once, so that every leaf we issue afterwards
/// (new addresses, renewals) is trusted without touching the device again.
final class CertificateAuthority {
    /// About ten years: the CA is installed by hand on each device, so it should outlive
    /// the machine. Apple's 825-day limit applies to server (leaf) certificates, not to roots.
    static let validityDays = 3650

    let certificate: X509Certificate
    let key: PrivateKey

    init(certificate: X509Certificate, key: PrivateKey) {
        self.certificate = certificate
        self.key = key
    }

    /// `probe-server local CA (HOST)`: the host name tells devices trusting several of
    /// these apart in Settings.
    static func commonName(hostName: String) -> String { "probe-server local CA (\(hostName))" }

    /// A new self-signed ECDSA P-256 root.
    static func create(hostName: String, now: Date) throws -> CertificateAuthority {
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
                (NID_subject_key_identifier, "hash"),
                (NID_authority_key_identifier, "keyid:always"),
            ])
        let certificate = try template.sign(subjectKey: key, issuer: nil, issuerKey: key)
        return CertificateAuthority(certificate: certificate, key: key)
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
