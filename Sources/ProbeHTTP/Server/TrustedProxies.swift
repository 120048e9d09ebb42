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
    ///
    /// Each field is read with all its lines combined (RFC 9110 §5.3): a proxy that appends a
    /// line of its own (HAProxy `option forwardfor`) leaves the client's line first, so the
    /// first line alone is the client's word. The client is then found by walking
    /// `X-Forwarded-For` from the right past the trusted proxies: the first hop that is not
    /// trusted is the client; everything left of it the client wrote itself (MDN,
    /// "X-Forwarded-For: Selecting an IP address"). Proto and Host follow the same hop.
    func apply(to request: inout Request) {
        guard !ranges.isEmpty, contains(request.remoteAddress) else { return }
        let hops = request.headers.elements("x-forwarded-for")
        let client = clientHop(hops)
        if let client { request.remoteAddress = hops[client] }
        let at = client ?? hops.count
        if let proto = Self.paired(request.headers.elements("x-forwarded-proto"), hops: hops.count, client: at) {
            request.isSecure = proto.lowercased() == "https"
        }
        if let host = Self.paired(request.headers.elements("x-forwarded-host"), hops: hops.count, client: at) {
            request.head.headers.set("host", host)
        }
    }

    /// The index in `hops` of the client: the rightmost hop that is not a trusted proxy, or
    /// the leftmost when all are trusted. A hop that is not an address (`unknown`, garbage)
    /// ends the walk at the trusted hop right of it, the last one known: nil when that is the
    /// peer itself.
    func clientHop(_ hops: [String]) -> Int? {
        var found: Int?
        for i in hops.indices.reversed() {
            guard SocketAddress(ip: hops[i], port: 0) != nil else { break }
            found = i
            if !contains(hops[i]) { break }
        }
        return found
    }

    /// The element of `X-Forwarded-Proto` or `-Host` that goes with the client's hop: the same
    /// position when the list has one element per `X-Forwarded-For` hop (every proxy appended
    /// to both), else the last one, which the nearest proxy wrote (a proxy that sets the field
    /// replaces what the client sent). `client == hops` means no hop was used: the nearest.
    static func paired(_ list: [String], hops: Int, client: Int) -> String? {
        if list.count == hops, client < list.count { return list[client] }
        return list.last
    }
}
