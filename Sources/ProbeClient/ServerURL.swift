#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ProbeHTTP

/// Where the CLI finds a server: `http://HOST[:PORT][/BASE]` or `https://…`.
public struct ServerURL: Sendable, Equatable, CustomStringConvertible {
    public enum Scheme: String, Sendable { case http, https }

    public let scheme: Scheme
    /// The host as written, without the brackets of an IPv6 literal.
    public let host: String
    public let port: UInt16
    /// A path prefix when the server sits behind a proxy under a folder; "" otherwise.
    public let basePath: String

    public init(scheme: Scheme, host: String, port: UInt16? = nil, basePath: String = "") {
        self.scheme = scheme
        self.host = host
        self.port = port ?? (scheme == .https ? 443 : 80)
        self.basePath = basePath
    }

    /// Parses `--server`. Throws a message that shows the expected form.
    public init(parsing text: String) throws(HTTPClientError) {
        let form = "expected http://HOST:PORT or https://HOST:PORT, got \(text)"
        let scheme: Scheme
        var rest: Substring
        if text.lowercased().hasPrefix("http://") {
            scheme = .http
            rest = text.dropFirst(7)
        } else if text.lowercased().hasPrefix("https://") {
            scheme = .https
            rest = text.dropFirst(8)
        } else {
            throw .invalidURL(form)
        }
        var path = ""
        if let slash = rest.firstIndex(of: "/") {
            path = String(rest[slash...])
            rest = rest[..<slash]
        }
        while path.hasSuffix("/") { path.removeLast() }
        if path.contains("?") || path.contains("#") { throw .invalidURL("\(form) (no query or fragment)") }
        if rest.contains("@") { throw .invalidURL("\(form) (credentials do not go in the URL; use --token)") }
        var host: String
        var portText: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { throw .invalidURL(form) }
            host = String(rest[rest.index(after: rest.startIndex)..<close])
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw .invalidURL(form) }
                portText = after.dropFirst()
            }
        } else if let colon = rest.firstIndex(of: ":") {
            host = String(rest[..<colon])
            portText = rest[rest.index(after: colon)...]
        } else {
            host = String(rest)
        }
        host = host.lowercased()
        guard !host.isEmpty else { throw .invalidURL(form) }
        var port: UInt16?
        if let portText {
            guard let value = UInt16(portText), value > 0 else { throw .invalidURL("\(form) (the port must be 1 to 65535)") }
            port = value
        }
        self.init(scheme: scheme, host: host, port: port, basePath: path)
    }

    /// True for an IPv4 or IPv6 literal, which gets no SNI (RFC 6066 §3) and is checked
    /// against the certificate's IP addresses, not its DNS names.
    public var hostIsIPAddress: Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return host.withCString { inet_pton(AF_INET, $0, &v4) == 1 || inet_pton(AF_INET6, $0, &v6) == 1 }
    }

    /// The `Host` header value (RFC 9112 §3.2): brackets for IPv6, the port when not default.
    public var hostHeader: String {
        let name = host.contains(":") ? "[\(host)]" : host
        let isDefault = (scheme == .http && port == 80) || (scheme == .https && port == 443)
        return isDefault ? name : "\(name):\(port)"
    }

    public var description: String { "\(scheme.rawValue)://\(hostHeader)\(basePath)" }
}

