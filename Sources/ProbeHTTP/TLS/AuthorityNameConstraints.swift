import COpenSSL
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The names and addresses the local CA may vouch for: a critical nameConstraints extension
/// (RFC 5280 §4.2.1.10) whose permitted subtrees are the local names and private networks a
/// leaf of this server uses. A device that installed the CA trusts whatever it signs; with
/// the constraint, a leaked `ca-key.pem` can impersonate this server's kind of names on a LAN,
/// never a public site (OpenSSL, Chromium, Apple's and Android's verifiers all enforce it on
/// a root they were given). A leaf with even one name outside fails verification as a whole,
/// so the server issues only names inside (`CertificateDirectory`) and says which it left out.
enum AuthorityNameConstraints {
    /// DNS names (each with every name below it, RFC 5280 §4.2.1.10): `localhost` (RFC 6761
    /// §6.3), `local` (mDNS, RFC 6762: the leaf's `NAME.local`), `home.arpa` (home networks,
    /// RFC 8375), `internal` (reserved by ICANN for private use, 2024), `home` and `corp`
    /// (which ICANN will never delegate, its 2018 name-collision resolution), and `lan` (the
    /// home routers' domain, OpenWrt's default, and the `--advertise probe.lan` of this
    /// project's examples): where a LAN's DNS or an `--advertise` name lives.
    static let localDomains = ["localhost", "local", "lan", "home.arpa", "internal", "home", "corp"]

    /// Address blocks, as (network, prefix length): loopback (RFC 1122 §3.2.1.3, RFC 4291
    /// §2.5.3), the private IPv4 networks (RFC 1918), shared address space (RFC 6598: carrier
    /// NAT, and tailnets use it), link-local (RFC 3927, RFC 4291 §2.5.6) and IPv6 unique local
    /// addresses (RFC 4193): every address of a LAN that is not a public one.
    static let localNetworks: [(network: String, prefix: Int)] = [
        ("127.0.0.0", 8), ("10.0.0.0", 8), ("172.16.0.0", 12), ("192.168.0.0", 16), ("100.64.0.0", 10), ("169.254.0.0", 16),
        ("::1", 128), ("fc00::", 7), ("fe80::", 10),
    ]

    /// An address outside the local networks is permitted by its own block when the CA is
    /// created: an IPv4 address alone, an IPv6 address with its /64, since a host picks new
    /// addresses inside its /64 on its own (SLAAC, RFC 4862; privacy addresses, RFC 8981).
    static let publicIPv4Prefix = 32
    static let publicIPv6Prefix = 64

    /// The `X509V3_EXT_conf` value for a new CA: the local domains and networks, and any of
    /// `names` (the leaf's names now: the host name, `--advertise` names, public addresses)
    /// that they do not cover.
    static func extensionValue(covering names: [SubjectAlternativeName]) -> String {
        var domains = localDomains
        var networks = localNetworks.compactMap { Block(text: $0.network, prefix: $0.prefix) }
        for name in names {
            switch name {
            case .dns(let host):
                if !domains.contains(where: { host == $0 || host.hasSuffix("." + $0) }) { domains.append(host) }
            case .ipAddress(let bytes):
                if !networks.contains(where: { $0.contains(bytes) }) {
                    networks.append(Block(bytes: bytes, prefix: bytes.count == 4 ? publicIPv4Prefix : publicIPv6Prefix))
                }
            }
        }
        let subtrees = domains.map { "permitted;DNS:\($0)" } + networks.map { "permitted;IP:\($0.configurationValue)" }
        return "critical," + subtrees.joined(separator: ",")
    }

    /// One permitted address block: the network's bytes and its mask (RFC 5280 §4.2.1.10
    /// writes an iPAddress constraint as address then mask, 8 or 32 octets).
    struct Block {
        let network: [UInt8]
        let mask: [UInt8]

        init(bytes: [UInt8], prefix: Int) {
            mask = (0..<bytes.count).map { index in
                let bits = max(0, min(8, prefix - index * 8))
                return bits == 0 ? 0 : UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
            }
            network = zip(bytes, mask).map { $0 & $1 }
        }

        init?(text: String, prefix: Int) {
            guard case .ipAddress(let bytes)? = SubjectAlternativeName(ipAddress: text) else { return nil }
            self.init(bytes: bytes, prefix: prefix)
        }

        func contains(_ address: [UInt8]) -> Bool {
            address.count == network.count && zip(address, mask).map { $0 & $1 } == network
        }

        /// `192.168.0.0/255.255.0.0`, `fc00::/fe00::`: OpenSSL reads an iPAddress constraint
        /// as two addresses (`a2i_IPADDRESS_NC`), never a prefix length.
        var configurationValue: String {
            "\(SubjectAlternativeName.ipAddress(network).addressText)/\(SubjectAlternativeName.ipAddress(mask).addressText)"
        }
    }
}

extension X509Certificate {
    /// True when the certificate carries a nameConstraints extension.
    var hasNameConstraints: Bool {
        defer { OpenSSLErrorQueue.clear() }
        return X509_get_ext_by_NID(pointer, NID_name_constraints, -1) >= 0
    }

    /// Whether this CA's name constraints permit `name`, as a verifier decides it: OpenSSL's
    /// own `NAME_CONSTRAINTS_check` over a certificate that holds only that name. True for a CA
    /// without constraints.
    func permits(_ name: SubjectAlternativeName) -> Bool {
        defer { OpenSSLErrorQueue.clear() }
        guard let raw = X509_get_ext_d2i(pointer, NID_name_constraints, nil, nil) else { return true }
        let constraints = raw.assumingMemoryBound(to: NAME_CONSTRAINTS.self)
        defer { NAME_CONSTRAINTS_free(constraints) }
        guard let probe = X509_new() else { return false }
        defer { X509_free(probe) }
        var context = X509V3_CTX()
        X509V3_set_ctx(&context, probe, probe, nil, nil, 0)
        guard let ext = X509V3_EXT_conf_nid(nil, &context, NID_subject_alt_name, name.configurationValue) else { return false }
        defer { X509_EXTENSION_free(ext) }
        guard X509_add_ext(probe, ext, -1) == 1 else { return false }
        // NAME_CONSTRAINTS_check reads the names OpenSSL caches from the extensions, which a
        // certificate gets on its first check (x509v3_cache_extensions), as verification does.
        _ = X509_check_purpose(probe, -1, 0)
        return NAME_CONSTRAINTS_check(probe, constraints) == X509_V_OK
    }
}
