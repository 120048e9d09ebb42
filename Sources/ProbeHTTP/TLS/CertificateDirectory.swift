#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The data directory's certificates: the server's leaf (`cert.pem`, leaf then CA; `key.pem`
/// 0600) and a copy of the CA's public certificate (`ca.pem`), which `/setup` serves and the
/// CLI trusts. The CA itself lives in the user's CA folder (`AuthorityFolder`); only a data
/// folder made by an older version also holds its own `ca-key.pem`, and keeps using that CA.
public struct CertificateDirectory: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    public var authorityCertificateFile: String { "\(path)/ca.pem" }
    public var authorityKeyFile: String { "\(path)/ca-key.pem" }
    public var certificateChainFile: String { "\(path)/cert.pem" }
    public var privateKeyFile: String { "\(path)/key.pem" }

    /// True when this data folder holds a CA key of its own (made by an older version, before
    /// the CA moved to the user's folder), other than the user's CA folder itself.
    public func hasOwnAuthority(besides authority: AuthorityFolder) -> Bool {
        PEMFile.exists(authorityKeyFile) && Self.canonical(path) != Self.canonical(authority.path)
    }

    /// Makes sure the CA is usable and the directory holds a current leaf for these names,
    /// creating the user's CA on its first use anywhere and reissuing the leaf only when its
    /// names changed, it expires within `LeafCertificate.renewalWindowDays`, or it no longer
    /// fits its key or the CA (after `probe-server ca rotate`). An existing CA is never
    /// replaced: devices already trust it. One without name constraints (made by an older
    /// version) or near its end is kept and warned about (`LocalCertificates.warnings`), with
    /// how to rotate it.
    ///
    /// - Parameters:
    ///   - hostName: this machine's name (`gethostname`); also used as `NAME.local`.
    ///   - addresses: non-loopback interface addresses, e.g. `InterfaceAddresses.current()`.
    ///   - advertised: `--advertise`: when given, the leaf names these (and loopback) instead
    ///     of the host name and the addresses; a leaf issued for other names is reissued.
    ///   - authority: the user's CA folder (`AuthorityFolder.locate`); unused when this data
    ///     folder holds a CA of its own.
    public func prepare(hostName: String, addresses: [String], advertised: AdvertisedHosts? = nil,
                        authority folder: AuthorityFolder, now: Date = Date()) throws -> LocalCertificates {
        try PEMFile.makeDirectory(path)
        let wanted = try advertised?.subjectAlternativeNames ?? LeafCertificate.names(hostName: hostName, addresses: addresses)
        let ownAuthority = hasOwnAuthority(besides: folder)
        let source = ownAuthority ? AuthorityFolder(path: path) : folder
        let (authority, createdAuthority) = try source.loadOrCreate(hostName: hostName, names: wanted, now: now)
        let authorityPEM = try authority.certificate.pemBytes()
        if !ownAuthority, (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: authorityCertificateFile)))) != authorityPEM {
            // The public certificate only: what /setup serves and the CLI's --cacert default reads.
            try PEMFile.write(authorityPEM, to: authorityCertificateFile, permissions: PEMFile.certificatePermissions)
        }
        // A leaf with one name its CA does not permit fails verification as a whole: such a
        // name (a new public address, a new --advertise name) is left out, and said.
        let names = wanted.filter { authority.certificate.permits($0) }
        let rotate = ownAuthority
            ? "move this data folder to your user CA: stop the server, run `probe-server ca adopt --data-dir \(path)`, "
                + "start it again, and install the CA it prints on every device (/setup); docs/tls.md, \"Rotating the CA\""
            : "rotate it: run `\(folder.rotateCommand)`, restart the servers, and install the new CA on every "
                + "device (/setup); docs/tls.md, \"Rotating the CA\""
        var warnings = authority.warnings(location: source.certificateFile, rotate: rotate, now: now)
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
            authorityFolder: source.path,
            authorityIsDataFolders: ownAuthority,
            createdAuthority: createdAuthority,
            reissueReason: reason,
            warnings: warnings)
    }

    /// The path without `.`, `..` and symbolic links, to tell two names of one folder apart.
    static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
