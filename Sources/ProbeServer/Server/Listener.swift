#if canImport(Glibc)
import Glibc
#endif
import CEpoll

/// A listening socket on one event loop. Accepted connections stay on this loop.
final class Listener: EventSource {
    let fd: Int32
    private unowned let loop: EventLoop
    private let context: ServerContext
    private let onAccept: (Connection) -> Void
    let endpoint: Endpoint
    private let localPort: UInt16
    /// A descriptor held in reserve: when the process runs out, it is released to accept
    /// and close the waiting connection cleanly, instead of leaving it to spin in the
    /// backlog (level-triggered epoll would report it forever).
    private var reserveFD: Int32 = open("/dev/null", O_RDONLY | O_CLOEXEC)
    /// Connections accepted per wake-up, so one busy listener cannot starve the loop.
    static let acceptBatch = 64

    init(fd: Int32, endpoint: Endpoint, loop: EventLoop, context: ServerContext,
         onAccept: @escaping (Connection) -> Void) {
        self.fd = fd
        self.endpoint = endpoint
        self.localPort = Socket.localAddress(fd)?.port ?? endpoint.port
        self.loop = loop
        self.context = context
        self.onAccept = onAccept
    }

    func handle(events: UInt32) {
        for _ in 0..<Self.acceptBatch {
            switch Socket.accept(fd) {
            case .accepted(let client, let address):
                let transport: any Transport
                do {
                    transport = try endpoint.makeTransport?(client) ?? PlainTransport(fd: client)
                } catch {
                    context.logger.error("cannot set up a connection on \(endpoint.name): \(error)")
                    Glibc.close(client)
                    continue
                }
                let connection = Connection(fd: client, transport: transport, loop: loop, context: context,
                                            peer: address?.ip ?? "?", endpoint: endpoint, localPort: localPort)
                loop.register(client, connection, events: EPOLLIN.rawValue | EPOLLRDHUP.rawValue)
                onAccept(connection)
            case .wouldBlock:
                return
            case .exhausted:
                context.logger.warning("out of file descriptors: refusing a connection (raise ulimit -n)")
                if reserveFD >= 0 {
                    Glibc.close(reserveFD)
                    if case .accepted(let client, _) = Socket.accept(fd) { Glibc.close(client) }
                    reserveFD = open("/dev/null", O_RDONLY | O_CLOEXEC)
                }
                return
            case .failed(let error):
                context.logger.error("accept: \(error)")
                return
            }
        }
    }

    func close() {
        loop.unregister(fd)
        Glibc.close(fd)
        if reserveFD >= 0 { Glibc.close(reserveFD) }
        reserveFD = -1
    }
}
