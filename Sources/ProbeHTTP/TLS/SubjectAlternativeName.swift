#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One name a certificate is valid for (RFC 5280 §4.2.1.6). Browsers match only these,
/// never the subject CN, so every way a device reaches the server must be listed.
public enum SubjectAlternativeName: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// A DNS name, lowercased (names compare case-insensitively, RFC 4343).
    case dns(String)
    /// An IP address in network byte order: 4 bytes for IPv4, 16 for IPv6.
    case ipAddress([UInt8])

    /// Parses an IPv4 or IPv6 address in text form. A zone (`fe80::1%eth0`) is dropped:
    /// certificates carry only the address bytes.
    public init?(ipAddress text: String) {
        let address = text.split(separator: "%", maxSplits: 1).first.map(String.init) ?? text
        var v4 = in_addr()
        if inet_pton(AF_INET, address, &v4) == 1 {
            self = .ipAddress(withUnsafeBytes(of: &v4) { Array($0) })
            return
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, address, &v6) == 1 {
            self = .ipAddress(withUnsafeBytes(of: &v6) { Array($0) })
            return
        }
        return nil
    }

    /// The `X509V3_EXT_conf` spelling: `DNS:localhost`, `IP:127.0.0.1`, `IP:::1`.
    var configurationValue: String {
        switch self {
        case .dns(let name): return "DNS:\(name)"
        case .ipAddress: return "IP:\(addressText)"
        }
    }

    public var description: String { configurationValue }

    var addressText: String {
        guard case .ipAddress(var bytes) = self else { return "" }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        guard inet_ntop(family, &bytes, &text, socklen_t(text.count)) != nil else { return "?" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case let (.dns(a), .dns(b)): return a < b
        case (.dns, .ipAddress): return true
        case (.ipAddress, .dns): return false
        case let (.ipAddress(a), .ipAddress(b)):
            return a.count != b.count ? a.count < b.count : a.lexicographicallyPrecedes(b)
        }
    }
}
