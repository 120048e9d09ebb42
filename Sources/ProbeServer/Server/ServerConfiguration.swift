import Foundation

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
    public var logLevel = LogLevel.info
    /// How long shutdown waits for in-flight requests before closing them.
    public var shutdownGrace: Duration = .seconds(5)
    /// Wraps an accepted socket: plain by default; TLS plugs in here.
    public var makeTransport: (@Sendable (Int32) -> any Transport)?
    /// True when `makeTransport` speaks TLS (the header clock covers the handshake).
    public var isSecure = false

    public init() {}
}
