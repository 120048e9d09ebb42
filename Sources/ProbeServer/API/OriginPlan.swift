import ProbeHTTP

/// Which origins the page can use, worked out from how the device reached us (the Host
/// header) and which ports the server listens on. The cross-origin probes need an origin
/// on another port (same host) and one on another host name (same port), so that a host
/// that checks the host but not the port is told apart from one that checks nothing.
public struct OriginPlan: Sendable {
    public var secondPort: UInt16?
    public var insecurePort: UInt16?
    /// The machine's host name (for `NAME.local`) and reachable addresses.
    public var hostName: String
    public var addresses: [String]

    public init(secondPort: UInt16? = nil, insecurePort: UInt16? = nil, hostName: String = "", addresses: [String] = []) {
        self.secondPort = secondPort
        self.insecurePort = insecurePort
        self.hostName = hostName
        self.addresses = addresses
    }

    public struct Origins: Encodable, Sendable, Equatable {
        public let primary: String
        public let secondPort: String?
        public let secondHost: String?
        public let insecure: String?
    }

    public func origins(for request: Request) -> Origins {
        let scheme = request.isSecure ? "https" : "http"
        let hostHeader = request.headers["host"] ?? "localhost"
        let (host, port) = Self.split(hostHeader, defaultPort: request.isSecure ? 443 : 80)
        let primary = "\(scheme)://\(Self.join(host, port, scheme: scheme))"
        let second = secondPort.map { "\(scheme)://\(Self.join(host, $0, scheme: scheme))" }
        let other = otherName(for: host).map { "\(scheme)://\(Self.join($0, port, scheme: scheme))" }
        let insecure = insecurePort.map { "http://\(Self.join(host, $0, scheme: "http"))" }
        return Origins(primary: primary, secondPort: second, secondHost: other, insecure: insecure)
    }

    /// Every host name a device can reach this server by, as the banner prints them (the
    /// machine's addresses and localhost) plus the other names `otherName` hands the page
    /// (127.0.0.1, NAME.local): the hosts the Content-Security-Policy names, one by one.
    public var knownHosts: [String] {
        var hosts = ["localhost", "127.0.0.1", "[::1]"]
        if !hostName.isEmpty, LeafCertificate.isValidDNSName(hostName.lowercased()) {
            hosts.append(hostName.contains(".") ? hostName.lowercased() : hostName.lowercased() + ".local")
        }
        // A zone id (fe80::1%eth0) cannot appear in an origin.
        for address in addresses where !address.contains("%") {
            hosts.append(address.contains(":") ? "[\(address)]" : address)
        }
        var seen = Set<String>()
        return hosts.filter { seen.insert($0).inserted }
    }

    /// The exact origins (scheme, host, port: RFC 6454 §4) of `knownHosts` on these ports,
    /// for the CSP source lists; no wildcard host, so no other `host:port` can frame the page.
    public func exactOrigins(scheme: String, ports: [UInt16]) -> [String] {
        knownHosts.flatMap { host in ports.map { "\(scheme)://\(Self.join(host, $0, scheme: scheme))" } }
    }

    /// Another name for this machine than the one the device used.
    func otherName(for host: String) -> String? {
        let bare = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        switch bare {
        case "localhost": return "127.0.0.1"
        case "127.0.0.1", "::1": return "localhost"
        default: break
        }
        let isAddress = SocketAddress(ip: bare, port: 0) != nil
        if isAddress, !hostName.isEmpty {
            return hostName.contains(".") ? hostName : hostName + ".local"
        }
        // Another of the addresses (or, with --advertise, of the advertised names), never
        // the one the device used: that would be the same origin again.
        let others = addresses.filter { $0.lowercased() != bare.lowercased() }
        return others.first { !$0.contains(":") } ?? others.first.map { "[\($0)]" }
    }

    /// `host:port` → (host, port); IPv6 literals keep their brackets.
    static func split(_ hostHeader: String, defaultPort: UInt16) -> (String, UInt16) {
        if hostHeader.hasPrefix("["), let close = hostHeader.firstIndex(of: "]") {
            let host = String(hostHeader[...close])
            let rest = hostHeader[hostHeader.index(after: close)...]
            return (host, rest.hasPrefix(":") ? UInt16(rest.dropFirst()) ?? defaultPort : defaultPort)
        }
        let parts = hostHeader.split(separator: ":", maxSplits: 1)
        let host = parts.first.map(String.init) ?? "localhost"
        return (host, parts.count == 2 ? UInt16(parts[1]) ?? defaultPort : defaultPort)
    }

    static func join(_ host: String, _ port: UInt16, scheme: String) -> String {
        let h = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        if (scheme == "https" && port == 443) || (scheme == "http" && port == 80) { return h }
        return "\(h):\(port)"
    }
}
