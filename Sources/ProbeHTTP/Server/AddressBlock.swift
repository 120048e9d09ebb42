#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The unit per-address quotas and rates count: what one client controls.
///
/// - IPv6: the /64. One host is routinely given a whole /64 (RFC 4291 §2.5.1 interface
///   identifiers are 64 bits; SLAAC, RFC 4862, lets a host pick any of them, and privacy
///   addresses, RFC 8981, change them on purpose), so keyed by full address a single phone
///   or laptop could spray 2^64 fresh quotas. RFC 6177 recommends end sites get at least a
///   /64 for the same reason.
/// - IPv4: the address. Devices behind one NAT share it, and so share its quotas (the rates
///   and runs per hour are sized for a farm behind one address; docs/security.md). Loopback
///   addresses stay apart too: tests and device farms on one machine bind distinct ones.
/// - An IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, RFC 4291 §2.5.5.2) is its IPv4 address.
///
/// Anything that does not parse as an address (a trusted proxy's odd header) is its own key.
/// The HTTP layer counts open connections per block too (`ConnectionsPerAddress`).
package enum AddressBlock {
    /// The quota key of `address` (an IP literal as `Request.remoteAddress` holds it).
    package static func key(_ address: String) -> String {
        var v4 = in_addr()
        if inet_pton(AF_INET, address, &v4) == 1 {
            return address
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, address, &v6) == 1 else { return address }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
            return bytes[12..<16].map(String.init).joined(separator: ".")
        }
        let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
        return groups.joined(separator: ":") + "::/64"
    }
}
