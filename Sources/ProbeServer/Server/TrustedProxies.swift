/// Address ranges whose `X-Forwarded-Proto/For/Host` headers are believed: the TLS-terminating
/// proxy in front of `--http`. From anyone else those headers are attacker-controlled and ignored.
public struct TrustedProxies: Sendable, Equatable {
    public struct Range: Sendable, Equatable, CustomStringConvertible {
        let bytes: [UInt8]
        let prefix: Int
        public let description: String

        /// `10.0.0.0/8`, `::1/128`, or a bare address (a single host).
        public init?(_ text: String) {
            let parts = text.split(separator: "/", maxSplits: 1)
            guard let first = parts.first, let address = SocketAddress(ip: String(first), port: 0) else { return nil }
            let bytes = Self.bytes(address)
            let prefix = parts.count == 2 ? Int(parts[1]) : bytes.count * 8
            guard let prefix, (0...(bytes.count * 8)).contains(prefix) else { return nil }
            self.bytes = bytes
            self.prefix = prefix
            self.description = text
        }

        static func bytes(_ a: SocketAddress) -> [UInt8] {
            switch a.storage {
            case .v4(var s): return withUnsafeBytes(of: &s.sin_addr) { Array($0) }
            case .v6(var s):
                let b = withUnsafeBytes(of: &s.sin6_addr) { Array($0) }
                // A v4-mapped peer (::ffff:a.b.c.d) matches IPv4 ranges.
                if b[0..<10].allSatisfy({ $0 == 0 }) && b[10] == 0xff && b[11] == 0xff { return Array(b[12...]) }
                return b
            }
        }

        func contains(_ ip: String) -> Bool {
            guard let a = SocketAddress(ip: ip, port: 0) else { return false }
            let other = Self.bytes(a)
            guard other.count == bytes.count else { return false }
            var bits = prefix
            for i in 0..<bytes.count where bits > 0 {
                let mask: UInt8 = bits >= 8 ? 0xff : ~(0xff >> UInt8(bits))
                if bytes[i] & mask != other[i] & mask { return false }
                bits -= 8
            }
            return true
        }
    }

    public var ranges: [Range]

    public init(_ ranges: [Range] = []) { self.ranges = ranges }

    public func contains(_ ip: String) -> Bool { ranges.contains { $0.contains(ip) } }

    /// Applies the forwarded headers of a request that came through a trusted proxy.
    func apply(to request: inout Request) {
        guard !ranges.isEmpty, contains(request.remoteAddress) else { return }
        if let proto = request.headers["x-forwarded-proto"]?.split(separator: ",").last?.trimmingCharacters(in: " ") {
            request.isSecure = proto.lowercased() == "https"
        }
        // The proxy appends the client it saw; earlier entries came from the client itself.
        if let forwarded = request.headers["x-forwarded-for"]?.split(separator: ",").last?.trimmingCharacters(in: " "),
           SocketAddress(ip: String(forwarded), port: 0) != nil {
            request.remoteAddress = String(forwarded)
        }
        if let host = request.headers["x-forwarded-host"]?.split(separator: ",").last?.trimmingCharacters(in: " "),
           !host.isEmpty {
            request.head.headers.set("host", String(host))
        }
    }
}
