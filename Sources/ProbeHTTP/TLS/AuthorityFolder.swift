#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import COpenSSL
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials

/// The user's CA folder: one CA per user (`ca.pem`, `ca-key.pem` 0600), which every data
/// folder, checkout and `try` of that user issues its leaf from, so a device trusts it once.
/// mkcert keeps one CA per user the same way, in a per-user data folder that `CAROOT`
/// overrides (https://github.com/FiloSottile/mkcert/blob/v1.4.4/README.md, "Changing the
/// location of the CA files"). A data folder made by an older version holds its own
/// `ca.pem` and `ca-key.pem` under the same names: it is an `AuthorityFolder` too.
public struct AuthorityFolder: Sendable, Equatable {
    /// The application's folder under the user's data folder; declared once.
    public static let applicationFolder = "probe-server"
    /// The CA's folder inside it.
    public static let authorityFolder = "ca"
    /// The variable that names the CA folder (a container points it into its volume).
    public static let environmentVariable = "PROBE_CA_DIR"

    public let path: String
    /// True when `--ca-dir` named it: advice repeats the option then.
    public let givenByOption: Bool

    public init(path: String, givenByOption: Bool = false) {
        self.path = path
        self.givenByOption = givenByOption
    }

    public var certificateFile: String { "\(path)/ca.pem" }
    public var keyFile: String { "\(path)/ca-key.pem" }
    /// True when a CA (or part of one) is there.
    public var holdsAuthority: Bool { PEMFile.exists(certificateFile) || PEMFile.exists(keyFile) }

    /// No folder for the CA can be named: no `HOME` (a service account, a bare container).
    public struct Unlocatable: Error, CustomStringConvertible, Sendable {
        public var description: String {
            "cannot tell where the user's local CA goes: HOME is not set; set \(AuthorityFolder.environmentVariable)=DIR "
                + "(or HOME), or pass --ca-dir DIR (docs/tls.md, \"Where the CA lives\")"
        }
    }

    /// The CA folder is there but cannot be made, or is open to others.
    public struct Unusable: Error, CustomStringConvertible, Sendable {
        public let path: String
        public let reason: String
        public let fix: String
        public var description: String { "cannot use the CA folder \(path): \(reason); \(fix)" }
    }

    /// `--ca-dir`, else `$PROBE_CA_DIR`, else `$XDG_DATA_HOME/probe-server/ca` (an absolute
    /// one only, as the XDG Base Directory Specification says:
    /// https://specifications.freedesktop.org/basedir-spec/0.8/), else
    /// `$HOME/.local/share/probe-server/ca` (on Darwin `~/Library/Application Support/...`,
    /// where macOS keeps per-user application data).
    public static func locate(explicit: String?, environment: [String: String]) throws(Unlocatable) -> AuthorityFolder {
        func given(_ name: String) -> String? {
            guard let value = environment[name], !value.isEmpty else { return nil }
            return value
        }
        if let explicit, !explicit.isEmpty { return AuthorityFolder(path: explicit, givenByOption: true) }
        if let folder = given(environmentVariable) { return AuthorityFolder(path: folder) }
        let tail = "/\(applicationFolder)/\(authorityFolder)"
        if let data = given("XDG_DATA_HOME"), data.hasPrefix("/") { return AuthorityFolder(path: data + tail) }
        guard let home = given("HOME") else { throw Unlocatable() }
        #if canImport(Darwin)
        return AuthorityFolder(path: home + "/Library/Application Support" + tail)
        #else
        return AuthorityFolder(path: home + "/.local/share" + tail)
        #endif
    }

    /// The command that rotates this CA, as advice prints it.
    public var rotateCommand: String {
        "probe-server ca rotate" + (givenByOption ? " --ca-dir \(path)" : "")
    }

    /// Creates the folder owner-only, or checks the one there: whoever can write into it can
    /// plant a CA that every device of the user trusts.
    func prepare() throws(Unusable) {
        do { try PEMFile.makeDirectory(path) } catch {
            let why: String
            if case .writeFailed(let at, let reason) = error as? TLSError { why = "\(at): \(reason)" } else { why = "\(error)" }
            throw Unusable(path: path, reason: "it cannot be created (\(why))",
                           fix: "set \(Self.environmentVariable) to a folder you can write, or pass --ca-dir DIR")
        }
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw Unusable(path: path, reason: "it is not a folder", fix: "remove it, or pass --ca-dir DIR")
        }
        guard info.st_uid == geteuid() else {
            throw Unusable(path: path, reason: "it belongs to another user (uid \(info.st_uid))",
                           fix: "pass --ca-dir DIR of your own, or set \(Self.environmentVariable)")
        }
        guard info.st_mode & 0o022 == 0 else {
            throw Unusable(path: path, reason: "others can write into it, and plant a CA",
                           fix: "check what it holds, then run: chmod 700 '\(path)'")
        }
        guard access(path, W_OK) == 0 else {
            throw Unusable(path: path, reason: "it is not writable",
                           fix: "set \(Self.environmentVariable) to a folder you can write, or pass --ca-dir DIR")
        }
    }

    /// The CA there, checked: both files, the key matching, not expired. Never replaced when
    /// unusable: devices trust it, so the error says how to replace it on purpose.
    func load(now: Date) throws -> CertificateAuthority {
        switch (PEMFile.exists(certificateFile), PEMFile.exists(keyFile)) {
        case (true, true):
            let certificate: X509Certificate
            let key: PrivateKey
            do {
                certificate = try X509Certificate(pemFile: certificateFile)
                key = try PrivateKey(pemFile: keyFile)
            } catch {
                throw TLSError.unusableAuthority(directory: path, reason: error.localizedText)
            }
            guard certificate.matches(key) else {
                throw TLSError.unusableAuthority(directory: path, reason: "ca-key.pem does not match ca.pem")
            }
            if let notAfter = certificate.notAfter, notAfter <= now {
                throw TLSError.unusableAuthority(directory: path, reason: "ca.pem expired on \(notAfter)")
            }
            return CertificateAuthority(certificate: certificate, key: key)
        case (true, false):
            throw TLSError.unusableAuthority(directory: path, reason: "ca.pem is there but ca-key.pem is missing")
        case (false, true):
            throw TLSError.unusableAuthority(directory: path, reason: "ca-key.pem is there but ca.pem is missing")
        case (false, false):
            throw TLSError.unusableAuthority(directory: path, reason: "there is no ca.pem and no ca-key.pem")
        }
    }

    /// The CA there, or a new one (constrained to `names` where they are not local) when the
    /// folder holds none; true when it was made now.
    func loadOrCreate(hostName: String, names: [SubjectAlternativeName], now: Date) throws -> (CertificateAuthority, Bool) {
        try prepare()
        return try locked {
            if holdsAuthority { return (try load(now: now), false) }
            return (try create(hostName: hostName, names: names, now: now), true)
        }
    }

    /// Runs `body` holding an exclusive lock on the folder (flock(2) on `ca.lock`): two
    /// servers of one user starting at once must not each make a CA, the second replacing
    /// the first that a device may just have installed.
    func locked<T>(_ body: () throws -> T) throws -> T {
        let descriptor = open("\(path)/ca.lock", O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, PEMFile.privateKeyPermissions)
        guard descriptor >= 0 else {
            throw Unusable(path: path, reason: "ca.lock cannot be opened (\(String(cString: strerror(errno))))",
                           fix: "set \(Self.environmentVariable) to a folder you can write, or pass --ca-dir DIR")
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        return try body()
    }

    private func create(hostName: String, names: [SubjectAlternativeName], now: Date) throws -> CertificateAuthority {
        let authority = try CertificateAuthority.create(hostName: hostName, names: names, now: now)
        // Key first: a crash between the writes leaves a key without a certificate, which
        // the next start refuses with how to recover, never a certificate nobody can use.
        try PEMFile.write(authority.key.pemBytes(), to: keyFile, permissions: PEMFile.privateKeyPermissions)
        try PEMFile.write(authority.certificate.pemBytes(), to: certificateFile, permissions: PEMFile.certificatePermissions)
        return authority
    }

    /// Retires the CA there (if any) and makes a new one: the old certificate stays as
    /// `ca-old-DATE.pem` (to tell devices' old entries apart), its key is deleted.
    /// Returns the new CA's description and the retired certificate's file.
    public func rotate(hostName: String, addresses: [String], advertised: AdvertisedHosts?,
                       now: Date = Date()) throws -> (authority: AuthorityDescription, retired: String?) {
        try prepare()
        let names = try advertised?.subjectAlternativeNames ?? LeafCertificate.names(hostName: hostName, addresses: addresses)
        return try locked {
            let retired = try retire(now: now)
            let authority = try create(hostName: hostName, names: names, now: now)
            return (AuthorityDescription(authority.certificate, file: certificateFile), retired)
        }
    }

    /// Moves `ca.pem` aside as `ca-old-YYYY-MM-DD.pem` (`-2`, `-3`… when taken) and deletes
    /// `ca-key.pem`; nil when there was no certificate to keep.
    public func retire(now: Date = Date()) throws -> String? {
        var kept: String?
        if PEMFile.exists(certificateFile) {
            let day = now.formatted(Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day())
            var candidate = "\(path)/ca-old-\(day).pem"
            var counter = 2
            while PEMFile.exists(candidate) {
                candidate = "\(path)/ca-old-\(day)-\(counter).pem"
                counter += 1
            }
            guard rename(certificateFile, candidate) == 0 else {
                throw TLSError.writeFailed(path: candidate, reason: String(cString: strerror(errno)))
            }
            kept = candidate
        }
        if PEMFile.exists(keyFile), unlink(keyFile) != 0 {
            throw TLSError.writeFailed(path: keyFile, reason: String(cString: strerror(errno)))
        }
        return kept
    }

    /// Moves the CA of `other` (a data folder made by an older version) here: the same files,
    /// so devices that trust it keep trusting it. This folder must hold no CA.
    public func takeOver(from other: AuthorityFolder, now: Date = Date()) throws -> AuthorityDescription {
        try prepare()
        let authority = try other.load(now: now)
        return try locked {
            guard !holdsAuthority else {
                throw TLSError.unusableAuthority(directory: path, reason: "it already holds a CA, which would be replaced")
            }
            try PEMFile.write(authority.key.pemBytes(), to: keyFile, permissions: PEMFile.privateKeyPermissions)
            try PEMFile.write(authority.certificate.pemBytes(), to: certificateFile, permissions: PEMFile.certificatePermissions)
            guard unlink(other.keyFile) == 0 else {
                throw TLSError.writeFailed(path: other.keyFile, reason: String(cString: strerror(errno)))
            }
            return AuthorityDescription(authority.certificate, file: certificateFile)
        }
    }

    /// What `probe-server ca show` prints; nil when the folder holds no CA.
    public func describe(now: Date = Date()) throws -> AuthorityDescription? {
        guard PEMFile.exists(certificateFile) else { return nil }
        let certificate: X509Certificate
        do { certificate = try X509Certificate(pemFile: certificateFile) } catch {
            throw TLSError.unusableAuthority(directory: path, reason: error.localizedText)
        }
        return AuthorityDescription(certificate, file: certificateFile)
    }

    /// Whether the CA here is worth keeping as the user's: constrained, and not within
    /// `CertificateAuthority.expiryWarningDays` of its end.
    public func isHealthy(now: Date = Date()) -> Bool {
        guard let authority = try? load(now: now) else { return false }
        return authority.warnings(location: path, rotate: "", now: now).isEmpty
    }
}

/// A CA as `probe-server ca` shows and exports it: public parts only.
public struct AuthorityDescription: Sendable {
    public let file: String
    public let commonName: String
    public let fingerprintSHA256: [UInt8]
    public let notAfter: Date?
    /// The permitted subtrees, `DNS:local`, `IP:10.0.0.0/8`; nil without name constraints.
    public let permitted: [String]?
    public let pem: [UInt8]
    public let der: [UInt8]

    init(_ certificate: X509Certificate, file: String) {
        self.file = file
        commonName = certificate.commonName ?? "?"
        fingerprintSHA256 = certificate.sha256Fingerprint()
        notAfter = certificate.notAfter
        permitted = certificate.permittedSubtrees?.map(Self.prefixForm)
        pem = (try? certificate.pemBytes()) ?? []
        der = certificate.derBytes()
    }

    /// `AB:CD:…`, the way browsers and iOS display certificate fingerprints.
    public var fingerprint: String { LocalCertificates.colonHex(fingerprintSHA256) }

    /// `IP:10.0.0.0/255.0.0.0` (address, then mask, as OpenSSL prints a constraint) as
    /// `IP:10.0.0.0/8`; anything else as it is.
    static func prefixForm(_ entry: String) -> String {
        guard entry.hasPrefix("IP:") else { return entry }
        let parts = entry.dropFirst(3).split(separator: "/")
        guard parts.count == 2, case .ipAddress(let network)? = SubjectAlternativeName(ipAddress: String(parts[0])),
              case .ipAddress(let mask)? = SubjectAlternativeName(ipAddress: String(parts[1])) else { return entry }
        let prefix = mask.reduce(0) { $0 + $1.nonzeroBitCount }
        return "IP:\(SubjectAlternativeName.ipAddress(network).addressText)/\(prefix)"
    }
}

extension X509Certificate {
    /// The permitted subtrees of the name constraints as OpenSSL prints them
    /// (`X509V3_EXT_print`), one `DNS:`/`IP:` entry each; nil without the extension.
    var permittedSubtrees: [String]? {
        defer { OpenSSLErrorQueue.clear() }
        let index = X509_get_ext_by_NID(pointer, NID_name_constraints, -1)
        guard index >= 0, let ext = X509_get_ext(pointer, index),
              let text = try? MemoryBIO.collect(step: "X509V3_EXT_print", { X509V3_EXT_print($0, ext, 0, 0) })
        else { return nil }
        var permitted: [String] = []
        var inPermitted = false
        for line in String(decoding: text, as: UTF8.self).split(separator: "\n") {
            let entry = line.trimming(.whitespaces)
            if entry == "Permitted:" || entry == "Excluded:" {
                inPermitted = entry == "Permitted:"
                continue
            }
            if inPermitted && !entry.isEmpty { permitted.append(entry) }
        }
        return permitted
    }
}
