import Glibc

/// The machine's own addresses, for the certificate and for the URLs we print.
public enum InterfaceAddresses {
    /// Every address of an interface that is up, except loopback (always added separately)
    /// and IPv6 link-local `fe80::/10`: a link-local URL needs a zone id (`%eth0`), which
    /// browsers do not accept in a URL, so no device can reach us that way.
    public static func current() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var found: Set<String> = []
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            let flags = Int32(bitPattern: entry.pointee.ifa_flags)
            guard flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0,
                  let address = entry.pointee.ifa_addr
            else { continue }
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            switch Int32(address.pointee.sa_family) {
            case AF_INET:
                var v4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
                guard inet_ntop(AF_INET, &v4, &text, socklen_t(text.count)) != nil else { continue }
            case AF_INET6:
                var v6 = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
                let isLinkLocal = withUnsafeBytes(of: &v6) { $0[0] == 0xfe && $0[1] & 0xc0 == 0x80 }
                guard !isLinkLocal, inet_ntop(AF_INET6, &v6, &text, socklen_t(text.count)) != nil else { continue }
            default:
                continue
            }
            found.insert(String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return found.sorted()
    }
}
