#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials

/// The HTTP/1.1 server: one epoll event loop per core, each with its own listener on the
/// shared port (SO_REUSEPORT; one listener where that does not spread connections,
/// `Socket.spreadsAcrossListeners`), connections never leaving the loop that accepted them.
public final class HTTPServer: @unchecked Sendable {
    public let configuration: ServerConfiguration
    /// Internal for tests: they hold the blocking pool to see what runs on it.
    let context: ServerContext
    private var loops: [EventLoop] = []
    private var finished: [DispatchSemaphore] = []
    /// The addresses actually bound per endpoint (the port filled in when 0 was asked).
    public private(set) var boundAddresses: [String: [SocketAddress]] = [:]

    /// The addresses of the primary endpoint.
    public var addresses: [SocketAddress] { boundAddresses[Endpoint.primary] ?? [] }

    /// Endpoints whose default port was taken: the port asked and the one bound instead.
    public private(set) var movedPorts: [String: (asked: UInt16, bound: UInt16)] = [:]
    /// The bound port of an endpoint.
    public func port(of endpoint: String) -> UInt16? { boundAddresses[endpoint]?.first?.port }
    private let stateLock = Lock()
    private var started = false

    public init(configuration: ServerConfiguration, router: Router, staticFiles: StaticFiles? = nil) {
        self.configuration = configuration
        self.context = ServerContext(configuration: configuration, router: router, staticFiles: staticFiles)
    }

    /// The bound port.
    public var port: UInt16 { addresses.first?.port ?? configuration.port }

    /// Binds and starts the loops. Throws a `SocketError` that says what to do when the
    /// address cannot be bound.
    public func start() throws {
        signal(SIGPIPE, SIG_IGN)
        Socket.raiseDescriptorLimit()
        var listenerFDs: [[(Int32, Endpoint)]] = Array(repeating: [], count: configuration.eventLoops)
        do {
            for var endpoint in configuration.endpoints {
                let asked = endpoint.port
                endpoint.port = try claimPort(endpoint)
                if endpoint.port != asked { movedPorts[endpoint.name] = (asked, endpoint.port) }
                var targets = try Socket.resolve(host: endpoint.host, port: endpoint.port)
                var fds: [[Int32]]
                do {
                    fds = try bindAll(&targets)
                } catch let error as SocketError where error.code == EAFNOSUPPORT && endpoint.host == "::" {
                    // A machine without IPv6: serve IPv4 on every interface instead.
                    targets = try Socket.resolve(host: "0.0.0.0", port: endpoint.port)
                    fds = try bindAll(&targets)
                }
                if let port = targets.first?.port, asked != 0 {
                    // Two servers that claimed the port at the same instant both see the other.
                    let others = PortClaim.foreignListeners(port: port, ours: fds.joined().map { $0 })
                    if !others.isEmpty {
                        fds.joined().forEach { _ = close($0) }
                        throw PortInUse(port: port, option: endpoint.option, holders: others)
                    }
                }
                boundAddresses[endpoint.name] = targets
                endpoint.port = targets.first?.port ?? endpoint.port
                for (i, list) in fds.enumerated() { listenerFDs[i] += list.map { ($0, endpoint) } }
            }
        } catch {
            listenerFDs.joined().forEach { _ = close($0.0) }
            throw error
        }

        let tick = Self.tickInterval(configuration.timeouts)
        let backend: ReadinessBackend
        do {
            backend = try ReadinessBackend.fromEnvironment()
        } catch {
            listenerFDs.joined().forEach { _ = close($0.0) }
            throw error
        }
        for (index, fds) in listenerFDs.enumerated() {
            let loop = try EventLoop(index: index, backend: backend)
            loop.tickInterval = tick
            loop.accessLogFD = configuration.accessLogFD ?? (context.logger.enabled(.info) ? 2 : -1)
            loop.secretQueryParameters = Set(configuration.secretQueryParameters.map { $0.lowercased() })
            for (fd, endpoint) in fds {
                let listener = Listener(fd: fd, endpoint: endpoint, loop: loop, context: context) { _ in }
                loop.register(fd, listener, events: .readable)
            }
            let context = self.context
            loop.onTick = { [unowned loop] in
                let now = loop.now
                loop.forEachSource { ($0 as? Connection)?.tick(now: now) }
                if context.draining.value {
                    Self.continueDraining(loop)
                }
            }
            loop.afterIteration = { [unowned loop] in loop.flushAccessLog() }
            loops.append(loop)
        }
        for loop in loops {
            let done = DispatchSemaphore(value: 0)
            finished.append(done)
            DetachedThread(name: "probe-loop-\(loop.index)") {
                loop.run()
                loop.flushAccessLog()
                done.signal()
            }
        }
        stateLock.withLock { started = true }
    }

    /// The port to bind for `endpoint`: its own when nobody listens there; else, for a default
    /// port, the next free one within `freePortSearch`; else `PortInUse`.
    private func claimPort(_ endpoint: Endpoint) throws -> UInt16 {
        guard endpoint.port != 0 else { return 0 }
        let last = min(Int(UInt16.max), Int(endpoint.port) + endpoint.freePortSearch)
        for candidate in Int(endpoint.port)...last {
            let port = UInt16(candidate)
            let targets = try Socket.resolve(host: endpoint.host, port: port)
            if targets.allSatisfy(PortClaim.isFree) { return port }
        }
        throw PortInUse(port: endpoint.port, option: endpoint.option, holders: PortClaim.holders(port: endpoint.port))
    }

    /// Binds one listener per loop per address; fills in the port picked for port 0. Where
    /// the kernel does not spread a port's connections across listeners (Darwin), one
    /// listener per address, on the first loop, without SO_REUSEPORT.
    private func bindAll(_ targets: inout [SocketAddress]) throws -> [[Int32]] {
        var perLoop: [[Int32]] = Array(repeating: [], count: configuration.eventLoops)
        let listening = Socket.spreadsAcrossListeners ? configuration.eventLoops : min(1, configuration.eventLoops)
        do {
            for loopIndex in 0..<listening {
                for i in targets.indices {
                    let fd = try Socket.listen(on: targets[i], reusePort: Socket.spreadsAcrossListeners, backlog: configuration.backlog)
                    if targets[i].port == 0, let bound = Socket.localAddress(fd) {
                        // Every address and loop shares the port the kernel picked first.
                        for j in targets.indices { targets[j] = targets[j].with(port: bound.port) }
                    }
                    perLoop[loopIndex].append(fd)
                }
            }
        } catch {
            perLoop.joined().forEach { _ = close($0) }
            throw error
        }
        return perLoop
    }

    static func tickInterval(_ t: HTTPTimeouts) -> Duration {
        // Check deadlines often enough to close within a quarter of the shortest timeout,
        // without waking idle loops more than 4 times a second.
        let shortest = [t.headerRead, t.bodyProgress, t.idle, t.writeStall].min()!
        return min(max(shortest / 4, .milliseconds(5)), .milliseconds(250))
    }

    /// Stops accepting, lets in-flight requests finish within `grace`, closes the rest,
    /// and returns when every loop has stopped.
    public func shutdown(grace: Duration? = nil) {
        let isStarted = stateLock.withLock { started }
        guard isStarted else { return }
        let grace = grace ?? configuration.shutdownGrace
        context.draining.set(true)
        for loop in loops {
            loop.execute { [unowned loop] in
                loop.drainDeadline = loop.now + grace
                loop.forEachSource { source in
                    if let listener = source as? Listener { listener.close() }
                    (source as? Connection)?.closeIfIdle()
                }
                Self.continueDraining(loop)
            }
        }
        waitUntilStopped()
    }

    private static func continueDraining(_ loop: EventLoop) {
        var open = 0
        loop.forEachSource { source in
            guard let connection = source as? Connection else { return }
            if let deadline = loop.drainDeadline, loop.now >= deadline {
                connection.close()
            } else {
                connection.closeIfIdle()
                if !connection.isClosed { open += 1 }
            }
        }
        if open == 0 { loop.stop() }
    }

    /// Blocks until every loop has stopped.
    public func waitUntilStopped() {
        for done in finished { done.wait(); done.signal() }
    }
}
