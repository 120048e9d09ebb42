#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How the server listens and what it tolerates. Defaults are what `probe-server serve` uses.
public struct ServerConfiguration: Sendable {
    /// `::` listens on every interface, IPv6 and IPv4: a phone on the LAN must reach it.
    public var host = "::"
    /// 0 asks the kernel for a free port (tests).
    public var port: UInt16 = 8080
    /// One event loop per core: the loops never block, so more would only add switching.
    public var eventLoops = max(1, ProcessInfo.processInfo.activeProcessorCount)
    /// Pending connections the kernel queues per listener before refusing.
    public var backlog: Int32 = 1024
    public var limits = HTTPLimits()
    public var timeouts = HTTPTimeouts()
    public var security = SecurityHeaders()
    public var logLevel = LogLevel.notice
    /// Where access lines go whatever the level (`--access-log FILE`); nil: stderr at `info`.
    public var accessLogFD: Int32?
    /// Query parameters whose values are credentials, hidden in the access log
    /// (`LoggedTarget`): the product names them (its access token, a run's write key).
    public var secretQueryParameters: Set<String> = []
    /// How long shutdown waits for in-flight requests before closing them.
    public var shutdownGrace: Duration = .seconds(5)
    /// Wraps an accepted socket: plain by default; TLS plugs in here. A throw closes the socket.
    public var makeTransport: (@Sendable (Int32) throws -> any Transport)?
    /// True when `makeTransport` speaks TLS (the header clock covers the handshake).
    public var isSecure = false
    /// Proxies whose X-Forwarded-* headers are believed (`--trust-proxy`).
    public var trustedProxies = TrustedProxies()
    /// Where connections report clients that refused the certificate (nil: not kept).
    public var certificateRefusals: CertificateRefusals?
    /// What `/metrics` counts (nil: nothing counted).
    public var metrics: ServerMetrics?
    /// More listeners on the same loops: the second origin, the plain-HTTP setup port.
    public var additionalEndpoints: [Endpoint] = []

    public init() {}

    /// Every endpoint, the primary (named `primary`) first.
    public var endpoints: [Endpoint] {
        [Endpoint(name: Endpoint.primary, host: host, port: port, isSecure: isSecure, makeTransport: makeTransport,
                  option: "--port")]
            + additionalEndpoints
    }
}

/// One listening address with its transport. Requests carry the endpoint's name, so a
/// handler can tell the primary origin from the second origin or the setup port.
public struct Endpoint: Sendable {
    public static let primary = "primary"

    public var name: String
    public var host: String
    public var port: UInt16
    public var isSecure: Bool
    public var makeTransport: (@Sendable (Int32) throws -> any Transport)?
    /// A router of its own (the plain-HTTP setup port serves a few pages only); nil
    /// serves the server's router and static files.
    public var router: Router?
    /// The command-line option that sets this port, named when the port is taken.
    public var option: String
    /// When the port is taken, how many of the next ports to try (a default port such as
    /// 8080 is often busy on a developer's machine; a port the user chose is never moved).
    public var freePortSearch: Int

    /// Ports tried after a taken default: 8080 moves at most this far (8081…8099).
    public static let defaultFreePortSearch = 19

    public init(name: String, host: String, port: UInt16, isSecure: Bool,
                makeTransport: (@Sendable (Int32) throws -> any Transport)? = nil, router: Router? = nil,
                option: String = "--port", freePortSearch: Int = 0) {
        self.router = router
        self.option = option
        self.freePortSearch = freePortSearch
        self.name = name
        self.host = host
        self.port = port
        self.isSecure = isSecure
        self.makeTransport = makeTransport
    }
}
