#if canImport(Glibc)
import Glibc
#endif

/// The machine's interface addresses, to print the URLs a phone on the LAN can open.
public enum InterfaceAddresses {
    public struct Address: Sendable, Equatable {
        public let interface: String
        public let ip: String
        public let isIPv6: Bool
        public let isLoopback: Bool
        public let isLinkLocal: Bool
    }

    public static func all() -> [Address] {
        var head: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&head) == 0, let first = head else { return [] }
        defer { freeifaddrs(head) }
        var out: [Address] = []
        var node: UnsafeMutablePointer<ifaddrs>? = first
        while let n = node {
            defer { node = n.pointee.ifa_next }
            guard let sa = n.pointee.ifa_addr, n.pointee.ifa_flags & UInt32(IFF_UP) != 0 else { continue }
            let family = Int32(sa.pointee.sa_family)
            guard family == AF_INET || family == AF_INET6,
                  let address = SocketAddress(sa, length: socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size))
            else { continue }
            let ip = address.ip
            let loopback = n.pointee.ifa_flags & UInt32(IFF_LOOPBACK) != 0
            let a = Address(interface: String(cString: n.pointee.ifa_name), ip: ip, isIPv6: family == AF_INET6,
                            isLoopback: loopback, isLinkLocal: ip.lowercased().hasPrefix("fe80") || ip.hasPrefix("169.254."))
            if !out.contains(a) { out.append(a) }
        }
        return out
    }

    /// The reachable addresses as text, sorted: what the certificate names.
    /// IPv6 link-local (`fe80::/10`) is left out: a URL cannot carry its zone id.
    public static func current() -> [String] {
        Array(Set(reachable().map(\.ip))).sorted()
    }

    /// Addresses another device can reach: not loopback, not link-local; IPv4 first.
    public static func reachable() -> [Address] {
        all().filter { !$0.isLoopback && !$0.isLinkLocal }.sorted { !$0.isIPv6 && $1.isIPv6 }
    }
}
