#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The rules for the server certificate the local CA issues.
package enum LeafCertificate {
    /// Apple (support.apple.com/HT210176, iOS 13 / macOS 10.15 and later) rejects TLS server
    /// certificates valid for more than 825 days, even under a user-installed root. The
    /// 398-day limit (HT211025) applies only to publicly trusted roots, so 825 is the
    /// longest a device accepts, and the fewest reissues.
    static let validityDays = 825

    /// Reissue when fewer days than this remain, so a long-running server restarted now
    /// and then never serves an expired certificate.
    static let renewalWindowDays = 30

    /// Everything a device may type or be given to reach this machine: loopback
    /// (adb reverse, the simulator), the host name and its mDNS `.local` form, and every
    /// interface address passed in. Sorted, without duplicates.
    static func names(hostName: String, addresses: [String]) throws -> [SubjectAlternativeName] {
        var names: Set<SubjectAlternativeName> = [.dns("localhost")]
        let host = hostName.lowercased()
        if isValidDNSName(host) {
            names.insert(.dns(host))
            // mDNS answers single-label names under .local (RFC 6762 §3).
            let label = host.split(separator: ".").first.map(String.init) ?? host
            if !host.hasSuffix(".local"), label != "localhost" { names.insert(.dns("\(label).local")) }
        }
        for text in ["127.0.0.1", "::1"] + addresses {
            guard let address = SubjectAlternativeName(ipAddress: text) else {
                throw TLSError.issuanceFailed(
                    step: "subject alternative names",
                    reason: "\(text) is not an IPv4 or IPv6 address; pass addresses like 192.168.1.23 or fd00::5")
            }
            names.insert(address)
        }
        return names.sorted()
    }

    /// RFC 1123 §2.1 host names: letters, digits, hyphens, dot-separated labels of 1–63.
    /// A host name outside that (a Windows-style name with spaces, say) is left out of the
    /// certificate rather than making OpenSSL or a browser refuse it.
    package static func isValidDNSName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 253 else { return false }
        return name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
            !label.isEmpty && label.utf8.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }
        }
    }

    /// Why `certificate` (with `key`) must be replaced, or nil when it can be served as is.
    static func reasonToReissue(
        certificate: X509Certificate, key: PrivateKey, authority: CertificateAuthority,
        names: [SubjectAlternativeName], now: Date
    ) -> String? {
        guard certificate.matches(key) else { return "key.pem does not match cert.pem" }
        guard certificate.isSigned(by: authority.certificate) else { return "cert.pem was not issued by ca.pem" }
        guard certificate.subjectAlternativeNames == Set(names) else { return "the host names or addresses changed" }
        guard let notAfter = certificate.notAfter,
              notAfter.timeIntervalSince(now) > TimeInterval(renewalWindowDays) * 86_400
        else { return "it expires within \(renewalWindowDays) days" }
        return nil
    }
}
