#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
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

    /// Addresses another device can reach: not loopback, not link-local, not an IPv6
    /// privacy address; IPv4 first.
    public static func reachable() -> [Address] {
        #if os(Linux)
        let transient = transientIPv6(procNetIfInet6: ProcFile.read("/proc/net/if_inet6") ?? "")
        #else
        // Darwin has no /proc/net/if_inet6: an address's flags come from the SIOCGIFAFLAG_IN6
        // ioctl (<netinet6/in6_var.h>), which this build does not ask yet, so a privacy
        // address is not told apart there (docs/macos.md).
        let transient: Set<String> = []
        #endif
        return all().filter { !$0.isLoopback && !$0.isLinkLocal && !transient.contains($0.ip) }.sorted { !$0.isIPv6 && $1.isIPv6 }
    }

    /// IFA_F_TEMPORARY (RFC 8981 privacy address) and IFA_F_DEPRECATED, from linux/if_addr.h.
    static let transientFlags: UInt32 = 0x01 | 0x20

    /// The IPv6 addresses the kernel marks temporary or deprecated, in inet_ntop's text form.
    /// Privacy addresses are regenerated every day or so: naming them in the certificate
    /// would reissue it on restarts, and a URL printed with one stops working.
    /// `procNetIfInet6`: `/proc/net/if_inet6`, one line per address:
    /// 32 hex digits, interface index, prefix length, scope, flags (hex), interface name.
    static func transientIPv6(procNetIfInet6 text: String) -> Set<String> {
        var out: Set<String> = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 5, fields[0].count == 32, let flags = UInt32(fields[4], radix: 16),
                  flags & transientFlags != 0 else { continue }
            var bytes = [UInt8](repeating: 0, count: 16)
            var index = fields[0].startIndex
            var valid = true
            for i in 0..<16 {
                let next = fields[0].index(index, offsetBy: 2)
                guard let byte = UInt8(fields[0][index..<next], radix: 16) else { valid = false; break }
                bytes[i] = byte
                index = next
            }
            guard valid else { continue }
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            let ok = bytes.withUnsafeBytes { raw in inet_ntop(AF_INET6, raw.baseAddress, &text, socklen_t(text.count)) != nil }
            if ok { out.insert(String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)) }
        }
        return out
    }
}
