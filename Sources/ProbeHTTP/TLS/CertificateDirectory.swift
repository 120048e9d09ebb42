import Foundation

/// The data directory holding the local CA and the server certificate it issued:
/// `ca.pem`, `ca-key.pem` (0600), `cert.pem` (leaf, then CA) and `key.pem` (0600).
public struct CertificateDirectory: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    public var authorityCertificateFile: String { "\(path)/ca.pem" }
    public var authorityKeyFile: String { "\(path)/ca-key.pem" }
    public var certificateChainFile: String { "\(path)/cert.pem" }
    public var privateKeyFile: String { "\(path)/key.pem" }

    /// Makes sure the directory holds a usable CA and a current leaf for these names,
    /// creating the CA on first start and reissuing the leaf only when its names changed,
    /// it expires within `LeafCertificate.renewalWindowDays`, or it no longer fits its key
    /// or the CA. An existing CA is never replaced: devices already trust it. One without
    /// name constraints (made by an older version) or near its end is kept and warned about
    /// (`LocalCertificates.warnings`), with how to rotate it.
    ///
    /// - Parameters:
    ///   - hostName: this machine's name (`gethostname`); also used as `NAME.local`.
    ///   - addresses: non-loopback interface addresses, e.g. `InterfaceAddresses.current()`.
    ///   - advertised: `--advertise`: when given, the leaf names these (and loopback) instead
    ///     of the host name and the addresses; a leaf issued for other names is reissued.
    public func prepare(hostName: String, addresses: [String], advertised: AdvertisedHosts? = nil,
                        now: Date = Date()) throws -> LocalCertificates {
        try PEMFile.makeDirectory(path)
        let wanted = try advertised?.subjectAlternativeNames ?? LeafCertificate.names(hostName: hostName, addresses: addresses)
        let (authority, createdAuthority) = try loadOrCreateAuthority(hostName: hostName, names: wanted, now: now)
        // A leaf with one name its CA does not permit fails verification as a whole: such a
        // name (a new public address, a new --advertise name) is left out, and said.
        let names = wanted.filter { authority.certificate.permits($0) }
        var warnings = authority.warnings(directory: path, now: now)
        let outside = wanted.filter { !names.contains($0) }
        if !outside.isEmpty {
            warnings.append("the certificate leaves out \(outside.map(\.description).joined(separator: ", ")): the local CA's "
                + "name constraints do not permit them, so devices reaching the server that way get a certificate error; "
                + "use a local name or address, or rotate the CA to cover them (docs/tls.md, \"Rotating the CA\")")
        }

        var leaf: X509Certificate?
        var reason: String?
        if PEMFile.exists(certificateChainFile), PEMFile.exists(privateKeyFile),
           let existing = try? X509Certificate(pemFile: certificateChainFile),
           let key = try? PrivateKey(pemFile: privateKeyFile)
        {
            reason = LeafCertificate.reasonToReissue(
                certificate: existing, key: key, authority: authority, names: names, now: now)
            if reason == nil { leaf = existing }
        } else {
            reason = "there is no usable cert.pem and key.pem"
        }
        if leaf == nil {
            // The CN is informational (browsers match only the SANs); it names a host the leaf covers.
            let machine = hostName.lowercased()
            let commonName = advertised.map { a in a.hosts.first { !$0.contains(":") && SubjectAlternativeName(ipAddress: $0) == nil } ?? "localhost" }
                ?? (LeafCertificate.isValidDNSName(machine) ? machine : "localhost")
            let issued = try authority.issueLeaf(names: names, commonName: commonName, now: now)
            // Key first: a crash between the two writes leaves a mismatch, which the next
            // start detects and repairs by issuing again.
            try PEMFile.write(issued.key.pemBytes(), to: privateKeyFile, permissions: PEMFile.privateKeyPermissions)
            try PEMFile.write(
                issued.certificate.pemBytes() + authority.certificate.pemBytes(),
                to: certificateChainFile, permissions: PEMFile.certificatePermissions)
            leaf = issued.certificate
        } else {
            reason = nil
        }
        return LocalCertificates(
            directory: self,
            authorityDER: authority.certificate.derBytes(),
            authorityFingerprintSHA256: authority.certificate.sha256Fingerprint(),
            authorityCommonName: authority.certificate.commonName ?? CertificateAuthority.commonName(hostName: hostName),
            subjectAlternativeNames: names.map(\.description),
            leafNotAfter: leaf?.notAfter ?? now,
            createdAuthority: createdAuthority,
            reissueReason: reason,
            warnings: warnings)
    }

    private func loadOrCreateAuthority(hostName: String, names: [SubjectAlternativeName], now: Date) throws
        -> (CertificateAuthority, Bool)
    {
        switch (PEMFile.exists(authorityCertificateFile), PEMFile.exists(authorityKeyFile)) {
        case (false, false):
            let authority = try CertificateAuthority.create(hostName: hostName, names: names, now: now)
            try PEMFile.write(
                authority.key.pemBytes(), to: authorityKeyFile, permissions: PEMFile.privateKeyPermissions)
            try PEMFile.write(
                authority.certificate.pemBytes(), to: authorityCertificateFile,
                permissions: PEMFile.certificatePermissions)
            return (authority, true)
        case (true, true):
            let certificate: X509Certificate
            let key: PrivateKey
            do {
                certificate = try X509Certificate(pemFile: authorityCertificateFile)
                key = try PrivateKey(pemFile: authorityKeyFile)
            } catch {
                throw TLSError.unusableAuthority(directory: path, reason: error.localizedDescription)
            }
            guard certificate.matches(key) else {
                throw TLSError.unusableAuthority(directory: path, reason: "ca-key.pem does not match ca.pem")
            }
            if let notAfter = certificate.notAfter, notAfter <= now {
                throw TLSError.unusableAuthority(directory: path, reason: "ca.pem expired on \(notAfter)")
            }
            return (CertificateAuthority(certificate: certificate, key: key), false)
        case (true, false):
            throw TLSError.unusableAuthority(directory: path, reason: "ca.pem is there but ca-key.pem is missing")
        case (false, true):
            throw TLSError.unusableAuthority(directory: path, reason: "ca-key.pem is there but ca.pem is missing")
        }
    }
}
