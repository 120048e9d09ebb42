#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 or IPv6 socket address.
public struct SocketAddress: Sendable, Equatable, CustomStringConvertible {
    public enum Storage: Sendable, Equatable {
        case v4(sockaddr_in)
        case v6(sockaddr_in6)

        public static func == (a: Storage, b: Storage) -> Bool {
            switch (a, b) {
            case (.v4(var x), .v4(var y)): return memcmp(&x, &y, MemoryLayout<sockaddr_in>.size) == 0
            case (.v6(var x), .v6(var y)): return memcmp(&x, &y, MemoryLayout<sockaddr_in6>.size) == 0
            default: return false
            }
        }
    }

    public let storage: Storage

    public init?(ip: String, port: UInt16) {
        var a4 = sockaddr_in()
        if inet_pton(AF_INET, ip, &a4.sin_addr) == 1 {
            a4.sin_family = sa_family_t(AF_INET)
            #if canImport(Darwin)
            // BSD's sockaddr starts with its length (<netinet/in.h>); getaddrinfo and
            // getifaddrs fill it in, so an address made here compares equal to theirs.
            a4.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
            #endif
            a4.sin_port = port.bigEndian
            storage = .v4(a4)
            return
        }
        var a6 = sockaddr_in6()
        let bare = ip.hasPrefix("[") && ip.hasSuffix("]") ? String(ip.dropFirst().dropLast()) : ip
        if inet_pton(AF_INET6, bare, &a6.sin6_addr) == 1 {
            a6.sin6_family = sa_family_t(AF_INET6)
            #if canImport(Darwin)
            a6.sin6_len = UInt8(MemoryLayout<sockaddr_in6>.size)
            #endif
            a6.sin6_port = port.bigEndian
            storage = .v6(a6)
            return
        }
        return nil
    }

    init?(_ sa: UnsafePointer<sockaddr>?, length: socklen_t) {
        guard let sa else { return nil }
        switch Int32(sa.pointee.sa_family) {
        case AF_INET:
            storage = .v4(UnsafeRawPointer(sa).loadUnaligned(as: sockaddr_in.self))
        case AF_INET6:
            storage = .v6(UnsafeRawPointer(sa).loadUnaligned(as: sockaddr_in6.self))
        default:
            return nil
        }
    }

    var family: Int32 {
        if case .v4 = storage { return AF_INET }
        return AF_INET6
    }

    public var port: UInt16 {
        switch storage {
        case .v4(let a): return UInt16(bigEndian: a.sin_port)
        case .v6(let a): return UInt16(bigEndian: a.sin6_port)
        }
    }

    public func with(port: UInt16) -> SocketAddress {
        switch storage {
        case .v4(var a): a.sin_port = port.bigEndian; return SocketAddress(storage: .v4(a))
        case .v6(var a): a.sin6_port = port.bigEndian; return SocketAddress(storage: .v6(a))
        }
    }

    private init(storage: Storage) { self.storage = storage }

    var isUnspecified: Bool {
        switch storage {
        case .v4(let a): return a.sin_addr.s_addr == 0
        case .v6(var a):
            return withUnsafeBytes(of: &a.sin6_addr) { $0.allSatisfy { $0 == 0 } }
        }
    }

    /// The address without the port; v4-mapped IPv6 (`::ffff:1.2.3.4`) shown as IPv4.
    public var ip: String {
        var buf = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        switch storage {
        case .v4(var a):
            inet_ntop(AF_INET, &a.sin_addr, &buf, socklen_t(buf.count))
        case .v6(var a):
            inet_ntop(AF_INET6, &a.sin6_addr, &buf, socklen_t(buf.count))
        }
        let text = String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.hasPrefix("::ffff:") && text.contains(".") ? String(text.dropFirst(7)) : text
    }

    /// `1.2.3.4:80` or `[::1]:80`.
    public var description: String {
        family == AF_INET6 && !ip.contains(".") ? "[\(ip)]:\(port)" : "\(ip):\(port)"
    }

    func withSockAddr<R>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        switch storage {
        case .v4(var a):
            return withUnsafePointer(to: &a) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        case .v6(var a):
            return withUnsafePointer(to: &a) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        }
    }
}
