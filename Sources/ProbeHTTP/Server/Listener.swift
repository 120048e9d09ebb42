#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A listening socket on one event loop. Accepted connections stay on this loop.
final class Listener: EventSource {
    let fd: Int32
    private unowned let loop: EventLoop
    private let context: ServerContext
    private let onAccept: (Connection) -> Void
    let endpoint: Endpoint
    private let localPort: UInt16
    /// Out of descriptors: pause polling, retry later (a reserve descriptor released to
    /// accept-and-close is racy: another thread takes the freed number first).
    private var backoff = AcceptBackoff()
    private var paused = false
    private var closed = false
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

    func handle(events: Readiness) {
        for _ in 0..<Self.acceptBatch {
            switch Socket.accept(fd) {
            case .accepted(let client, let address):
                let peer = address?.ip ?? "?"
                let key = context.connectionKey(peer: peer)
                if let key {
                    let (admitted, line) = context.connections.open(key, at: loop.now)
                    if let line { context.logger.warning("\(endpoint.name): \(line)") }
                    guard admitted else {
                        refuse(client)
                        continue
                    }
                }
                let transport: any Transport
                do {
                    transport = try endpoint.makeTransport?(client) ?? PlainTransport(fd: client)
                } catch {
                    context.logger.error("cannot set up a connection on \(endpoint.name): \(error)")
                    if let key { context.connections.close(key) }
                    LibC.close(client)
                    continue
                }
                let connection = Connection(fd: client, transport: transport, loop: loop, context: context,
                                            peer: peer, addressKey: key, endpoint: endpoint, localPort: localPort)
                loop.register(client, connection, events: [.readable, .peerHalfClosed])
                onAccept(connection)
                if let line = backoff.accepted() { context.logger.warning("\(endpoint.name): \(line)") }
            case .wouldBlock:
                return
            case .exhausted:
                let (retryAt, line) = backoff.exhausted(at: loop.now)
                if let line { context.logger.warning("\(endpoint.name): \(line)") }
                pause(until: retryAt)
                return
            case .failed(let error):
                context.logger.error("accept: \(error)")
                return
            }
        }
    }

    /// Refuses a connection over its address's bound at once, before any byte is read: on
    /// plain HTTP a 503 saying why, written once without waiting (a new socket's send buffer
    /// is empty); on TLS a close, since an answer would cost the handshake the bound saves.
    private func refuse(_ client: Int32) {
        if !endpoint.isSecure {
            var bytes: [UInt8] = []
            context.responseWriter.write(ErrorResponse.render(ConnectionsPerAddress.refusal(bound: context.connections.bound), for: nil),
                                         version: .http1_1, keepAlive: false, omitBody: false, secure: false,
                                         date: loop.dateLine(), into: &bytes)
            _ = bytes.withUnsafeBytes { LibC.send(client, $0.baseAddress, $0.count, Socket.sendFlags | Int32(MSG_DONTWAIT)) }
        }
        LibC.close(client)
    }

    /// Stops polling the listening socket until `instant`, then polls (and accepts) again.
    private func pause(until instant: Instant) {
        guard !paused else { return }
        paused = true
        loop.modify(fd, events: [])
        loop.schedule(at: instant) { [weak self] in
            guard let self, !self.closed else { return }
            self.paused = false
            self.loop.modify(self.fd, events: .readable)
        }
    }

    func close() {
        closed = true
        loop.unregister(fd)
        LibC.close(fd)
    }
}
