#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials

/// `--advertise HOST[,HOST]` (or `PROBE_ADVERTISE`): the names and addresses devices reach
/// this server by, when they are not the machine's own interface addresses. In a container
/// the interfaces sit on a bridge network no phone can reach; the host's LAN address, a DNS
/// name or a Kubernetes Service name is what devices type. These replace the interface
/// addresses and the host name in the certificate, the banner, the QR code and `/setup`.
public struct AdvertisedHosts: Sendable, Equatable {
    /// Each certificate name is one entry of the subjectAltName extension and each host one
    /// source per port in the Content-Security-Policy header: past a few dozen names the
    /// header nears the 8 KiB that common proxies accept for a whole header section.
    public static let maxHosts = 16

    /// In the order given, without duplicates: IPv6 addresses without brackets, DNS names
    /// lowercased (they compare case-insensitively, RFC 4343).
    public let hosts: [String]

    public struct Invalid: Error, CustomStringConvertible {
        public let description: String
    }

    /// Parses `192.168.1.23,probe.lan,[fd00::5]`; spaces around the commas are ignored.
    public init(parsing text: String) throws(Invalid) {
        var hosts: [String] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: true) {
            var host = part.trimming(.whitespaces)
            if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
            if host.isEmpty { continue }
            if SubjectAlternativeName(ipAddress: host) != nil {
                guard !host.contains("%") else {
                    throw Invalid(description: "--advertise: \(host) carries a zone id, which neither a URL nor a certificate can name; give a global address")
                }
            } else {
                host = host.lowercased()
                guard LeafCertificate.isValidDNSName(host) else {
                    throw Invalid(description: "--advertise: \(host.prefix(80)) is neither an IP address nor a host name (letters, digits, hyphens and dots); give e.g. 192.168.1.23 or probe.lan")
                }
            }
            if !hosts.contains(host) { hosts.append(host) }
        }
        guard !hosts.isEmpty else {
            throw Invalid(description: "--advertise needs at least one name or address, e.g. --advertise 192.168.1.23")
        }
        guard hosts.count <= Self.maxHosts else {
            throw Invalid(description: "--advertise takes at most \(Self.maxHosts) names and addresses, got \(hosts.count)")
        }
        self.hosts = hosts
    }

    /// The IP literals, for the certificate's `IP:` names and the origins.
    public var addresses: [String] { hosts.filter { SubjectAlternativeName(ipAddress: $0) != nil } }

    /// What the leaf certificate covers: loopback (a published port reached as localhost,
    /// the iOS Simulator, adb reverse) and every advertised host. Sorted, without duplicates.
    public var subjectAlternativeNames: [SubjectAlternativeName] {
        var names: Set<SubjectAlternativeName> = [.dns("localhost")]
        for text in ["127.0.0.1", "::1"] + hosts {
            names.insert(SubjectAlternativeName(ipAddress: text) ?? .dns(text))
        }
        return names.sorted()
    }

    /// The probe URLs in the order given, then localhost.
    public func urls(scheme: String, port: UInt16) -> [String] {
        var urls = hosts.map { "\(scheme)://\($0.contains(":") ? "[\($0)]" : $0):\(port)/" }
        let local = "\(scheme)://localhost:\(port)/"
        if !urls.contains(local) { urls.append(local) }
        return urls
    }
}
