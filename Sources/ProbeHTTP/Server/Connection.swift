#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One client connection, confined to its event loop's thread.
///
/// It moves bytes between the transport, the parser and the handlers. When to read, pause,
/// answer, keep alive or close is decided by `ConnectionState` (a pure value) and when a
/// deadline passed by `ConnectionTimeouts`; this class performs what they answer.
final class Connection: EventSource {
    let fd: Int32
    private let transport: any Transport
    private unowned let loop: EventLoop
    private let context: ServerContext
    private let peer: String
    /// The address block this connection holds a place of (`ConnectionsPerAddress`); nil
    /// when not counted (a trusted proxy).
    private let addressKey: String?
    private let endpoint: Endpoint
    private let localPort: UInt16
    private var parser: RequestParser
    private var timeouts: ConnectionTimeouts
    private var state: ConnectionState
    /// What epoll watches now (registered by `Listener`).
    private var appliedInterest: Readiness = [.readable, .peerHalfClosed]

    private var output: [UInt8] = []
    private var outputOffset = 0
    /// The descriptor is closed and unregistered (`state` decides; this records that it was done).
    private(set) var isClosed = false

    /// The head whose body is being read, and the route it found (looked up once a request).
    private var currentHead: RequestHead?
    private var currentRoute: Router.Lookup = .notFound
    /// A request handed to a deferred handler; nothing else is processed until it answers.
    private var inFlight: InFlight?
    private var requestStartedAt = Instant(nanoseconds: 0)

    private struct InFlight {
        let head: RequestHead
        let startedAt: Instant
        /// The matched route's template, for the metrics label.
        let pattern: String?
        /// Set for `Reply.later`: told when the client goes away first.
        var promise: ReplyPromise? = nil
    }
    /// This connection holds one of the server's `concurrentLargeBodies` slots.
    private var holdsLargeBodySlot = false
    /// The first bytes of a TLS connection were looked at for a plain HTTP request.

    /// Responses queued beyond this many bytes pause request processing and reading until
    /// written: a client that pipelines without reading holds a bounded amount (SwiftNIO
    /// reads no further request until the previous response is written).
    static let outputHighWater = 256 * 1024
    /// Output capacity an idle connection keeps for its next response. A response head and
    /// an API answer fit; a page script does not, and keeping its 25 KB per idle keep-alive
    /// connection cost 250 MB at 10,000 connections (bench/), for a saved malloc per request.
    static let retainedOutputCapacity = 4 * 1024

    var onClose: ((Connection) -> Void)?

    init(fd: Int32, transport: any Transport, loop: EventLoop, context: ServerContext, peer: String,
         addressKey: String? = nil, endpoint: Endpoint, localPort: UInt16) {
        self.addressKey = addressKey
        self.endpoint = endpoint
        self.localPort = localPort
        self.fd = fd
        self.transport = transport
        self.loop = loop
        self.context = context
        self.peer = peer
        self.parser = RequestParser(limits: context.configuration.limits)
        self.timeouts = ConnectionTimeouts(timeouts: context.configuration.timeouts, openedAt: loop.now)
        context.configuration.metrics?.connectionOpened()
        self.state = ConnectionState(
            limits: .init(pipelinedBytes: context.configuration.limits.pipelinedBytes, queuedHigh: Self.outputHighWater,
                          readsPerWake: ConnectionState.Limits.readsPerWakeDefault,
                          requestsPerConnection: context.configuration.limits.requestsPerConnection),
            secure: endpoint.isSecure)
        if endpoint.isSecure {
            // The handshake is part of the request head: a client stalling in it is closed
            // at the header timeout.
            timeouts.receivedHeadBytes(at: loop.now)
        }
    }

    /// True when closing now loses nothing: no request is partly read, handled or written.
    var isIdle: Bool {
        state.isIdle(insideRequest: currentHead != nil || parser.isInsideRequest)
    }

    // MARK: Events

    func handle(events: Readiness) {
        refreshAbandonable()
        if isClosed { return }
        switch state.ready(events) {
        case .closeNow(let reason):
            close(reason)
        case .handshake:
            continueHandshake()
        case .serve(let write):
            if write { flush() }
            if state.shouldRead(on: events) { readAvailable() }
        }
        settle()
    }

    /// Applies what epoll should watch, and resumes reading that had paused: buffered
    /// requests are answered, and TLS may hold decrypted bytes that will never raise EPOLLIN.
    private func settle() {
        while !state.isClosed {
            let (interest, resume) = state.settle()
            if interest != appliedInterest {
                appliedInterest = interest
                loop.modify(fd, events: interest)
            }
            guard resume else { return }
            processRequests()
            if state.wantsToRead { readAvailable() }
        }
    }

    private func continueHandshake() {
        switch transport.handshake() {
        case .bytes:
            state.handshakeCompleted()
            context.configuration.certificateRefusals?.handshakeCompleted(client: peer, logger: context.logger)
            readAvailable()
        case .wantRead:
            state.readWaits(forWritable: false)
        case .wantWrite:
            state.readWaits(forWritable: true)
        case .closed:
            noteRefusal()
            close("TLS handshake ended by the client")
        case .failed(let why):
            context.logger.debug("\(peer) TLS handshake failed: \(why)")
            noteRefusal()
            close(transport.answeredPlainHTTP ? "plain HTTP on the HTTPS port" : nil)
        }
    }

    /// A refused certificate is recorded and said where the refusals are kept.
    private func noteRefusal() {
        guard let refusal = transport.handshakeRefusal else { return }
        context.configuration.certificateRefusals?.handshakeRefused(
            client: peer, serverName: transport.serverName, refusal: refusal,
            metrics: context.configuration.metrics, logger: context.logger)
    }

    private func readAvailable() {
        // TLS can hold decrypted bytes that epoll cannot see: read until the transport says
        // it needs the socket, not just once.
        state.startedReading()
        readLoop: while !state.isClosed {
            switch transport.read(into: loop.readBuffer) {
            case .bytes(let n):
                let wasInside = parser.isInsideRequest
                parser.append(UnsafeRawBufferPointer(rebasing: loop.readBuffer[0..<n]))
                if parser.isReadingBody {
                    timeouts.receivedBodyBytes(at: loop.now)
                } else if !wasInside, inFlight == nil {
                    timeouts.receivedHeadBytes(at: loop.now)
                }
                let drained = n < loop.readBuffer.count && !transport.holdsReadBytes
                if state.bytesRead(buffered: parser.bufferedBytes, drained: drained) == .stopReading { break readLoop }
            case .wantRead:
                break readLoop
            case .wantWrite:
                state.readWaits(forWritable: true)
                break readLoop
            case .closed:
                state.peerHalfClosed()
                break readLoop
            case .failed(let why):
                context.logger.debug("\(peer) read failed: \(why)")
                close(nil)
                return
            }
        }
        processRequests()
        refreshAbandonable()
        if case .closeNow(let reason) = state.finishedReading(insideRequest: currentHead != nil || parser.isInsideRequest) {
            close(reason)
        }
    }

    // MARK: Requests

    /// Answers buffered requests in order while the state allows, writing as it goes: answers
    /// that back up stop it, and once written, the next buffered request is taken.
    private func processRequests() {
        while true {
            var needsBytes = false
            while state.mayAnswerNext {
                let event: ParseEvent?
                do {
                    event = try parser.next()
                } catch {
                    respondToParseError(error)
                    break
                }
                state.parsed(buffered: parser.bufferedBytes)
                guard let event else { needsBytes = true; break }
                switch event {
                case .head(let head):
                    currentHead = head
                    currentRoute = context.route(head, endpoint: endpoint.name)
                    requestStartedAt = loop.now
                    parser.bodyLimit = context.bodyLimit(for: head, route: currentRoute)
                    // Before any 100 Continue: a refused upload's body is never asked for.
                    if head.hasBody && parser.bodyLimit > context.configuration.limits.jsonBodyBytes && !takeLargeBodySlot() {
                        let limit = context.configuration.limits.concurrentLargeBodies
                        respondToParseError(HTTPParseError(.serviceUnavailable,
                            "the server is already receiving \(limit) uploads, its limit at once; retry in a few seconds"))
                        break
                    }
                    if let expect = head.headers.combined("expect") {
                        if !head.expectsContinue {
                            respondToParseError(HTTPParseError(.expectationFailed, "Expect: \(Logger.sanitize(expect, max: 40)) is not supported; only 100-continue"))
                            break
                        }
                        // RFC 9110 §10.1.1: refuse a too-large body before the client sends it.
                        if let n = head.contentLength, n > parser.bodyLimit {
                            respondToParseError(RequestParser.bodyTooLarge(n, parser.bodyLimit))
                            break
                        }
                        output.append(contentsOf: ResponseWriter.continueResponse)
                        state.queued(bytes: ResponseWriter.continueResponse.count)
                    }
                    if head.hasBody { timeouts.startedBody(at: loop.now) }
                case .message(let body, let trailers):
                    guard let head = currentHead else { continue }
                    currentHead = nil
                    let route = currentRoute
                    currentRoute = .notFound
                    timeouts.startedHandling()
                    dispatch(Request(head: head, body: body, trailers: trailers), route: route)
                }
            }
            flush()
            // Stopped only because answers backed up, and they are written now: go on.
            guard !needsBytes, state.mayAnswerNext, parser.bufferedBytes > 0 else { return }
        }
    }

    private func dispatch(_ incoming: Request, route: Router.Lookup) {
        var request = incoming
        request.remoteAddress = peer
        request.isSecure = endpoint.isSecure
        request.endpoint = endpoint.name
        request.localPort = localPort
        context.configuration.trustedProxies.apply(to: &request)
        let head = request.head
        let startedAt = requestStartedAt
        let pattern: String? = if case .matched(let r, _) = route { r.pattern } else { nil }
        switch context.reply(to: request, route: route) {
        case .now(let response):
            complete(response, head: head, startedAt: startedAt, pattern: pattern)
        case .offload(let work):
            inFlight = InFlight(head: head, startedAt: startedAt, pattern: pattern)
            state.handlerStarted(abandonable: false)
            let me = LoopBound(self)
            let loop = self.loop
            let context = self.context
            context.blockingQueue.async {
                let response = context.run(work, for: head)
                loop.execute { me.value?.completeDeferred(response) }
            }
        case .later(let start):
            let me = LoopBound(self)
            let loop = self.loop
            let promise = context.promise(for: head, abandonHandlerInstalled: {
                loop.execute { me.value?.handlerBecameAbandonable() }
            }, onLoop: { work in loop.execute(work) }) { response in
                loop.execute { me.value?.completeDeferred(response) }
            }
            inFlight = InFlight(head: head, startedAt: startedAt, pattern: pattern, promise: promise)
            state.handlerStarted(abandonable: promise.isAbandonable)
            start(promise)
        }
    }

    /// A `.later` handler registers `onAbandon` once it is waiting (after it started, often
    /// on another thread): the state machine hears it before it judges a client that left,
    /// and a client that left before (its FIN already read) ends the wait now.
    private func refreshAbandonable() {
        guard !isClosed, let promise = inFlight?.promise else { return }
        if case .closeNow(let reason) = state.handlerAbandonable(promise.isAbandonable) { close(reason) }
    }

    /// The promise's handler registered `onAbandon` on its own thread: nothing else would
    /// wake this connection, as a client that left is not reported again (level-triggered
    /// EPOLLRDHUP is dropped from the interest once seen, epoll_ctl(2)).
    private func handlerBecameAbandonable() {
        refreshAbandonable()
        settle()
    }

    private func completeDeferred(_ response: Response) {
        guard let pending = inFlight, !isClosed else { return }
        inFlight = nil
        state.handlerFinished()
        complete(response, head: pending.head, startedAt: pending.startedAt, pattern: pending.pattern)
        processRequests()
        settle()
    }

    /// Takes a large-body slot; false when all are taken.
    private func takeLargeBodySlot() -> Bool {
        let limit = context.configuration.limits.concurrentLargeBodies
        if context.largeBodies.add(1, ordering: .acquiringAndReleasing).newValue > limit {
            context.largeBodies.subtract(1, ordering: .acquiringAndReleasing)
            return false
        }
        holdsLargeBodySlot = true
        return true
    }

    private func releaseLargeBodySlot() {
        guard holdsLargeBodySlot else { return }
        holdsLargeBodySlot = false
        context.largeBodies.subtract(1, ordering: .acquiringAndReleasing)
    }

    private func complete(_ response: Response, head: RequestHead, startedAt: Instant, pattern: String?) {
        releaseLargeBodySlot()
        let keepAlive = state.answerStarts(requestKeepsAlive: head.keepAlive, serverDraining: context.draining.value,
                                           pastLifetime: timeouts.isPastLifetime(at: loop.now))
        let omitBody = head.method == "HEAD"
        let bytes: Int
        if outputOffset >= output.count, !omitBody, response.body.count >= Self.directBodyMinimum,
           response.status.code != 304, response.status.code != 204 {
            bytes = writeDirect(response, version: head.version, keepAlive: keepAlive)
        } else {
            let before = output.count
            context.responseWriter.write(
                response, version: head.version, keepAlive: keepAlive, omitBody: omitBody,
                secure: endpoint.isSecure, date: loop.dateLine(), into: &output)
            bytes = output.count - before
            state.queued(bytes: bytes)
        }
        timeouts.startedWriting(at: loop.now)
        loop.logAccess(peer: peer, method: head.method, target: head.target, status: response.status.code,
                       bytes: bytes, startedAt: startedAt)
        context.observe(head, pattern: pattern, status: response.status.code,
                        nanos: EventLoop.monotonicNow().since(startedAt))
    }

    /// Bodies from this size on are handed to the transport straight from the response (for
    /// a static file, the cache's own bytes) behind the head, not copied into the output
    /// buffer first: plain sockets send both in one `writev`, TLS encrypts from them.
    /// bench/: the 25 KB script.
    static let directBodyMinimum = 8 * 1024

    /// Writes head and body with one vectored write while nothing else is queued; whatever
    /// the transport does not take is queued in `output` as usual, so `flush` and its error
    /// handling see exactly the bytes the buffered path would have queued. Returns the bytes
    /// of the response.
    private func writeDirect(_ response: Response, version: HTTPVersion, keepAlive: Bool) -> Int {
        output.removeAll(keepingCapacity: true)
        outputOffset = 0
        context.responseWriter.write(
            response, version: version, keepAlive: keepAlive, omitBody: true,
            secure: endpoint.isSecure, date: loop.dateLine(), into: &output)
        let headCount = output.count
        let total = headCount + response.body.count
        state.queued(bytes: total)
        let result = output.withUnsafeBytes { head in
            response.body.withUnsafeBytes { body in transport.write(vectored: head, body) }
        }
        var written = 0
        switch result {
        case .bytes(let n): written = n
        case .wantWrite, .wantRead: break
        case .closed:
            // Not retried: after a fatal error OpenSSL forbids further I/O on the session.
            close("client closed while reading the answer")
            return total
        case .failed(let why):
            context.logger.debug("\(peer) write failed: \(why)")
            close(nil)
            return total
        }
        if written >= total {
            output.removeAll(keepingCapacity: true)
        } else if written >= headCount {
            output.removeAll(keepingCapacity: true)
            output.append(contentsOf: response.body[(written - headCount)...])
        } else {
            outputOffset = written
            output.append(contentsOf: response.body)
        }
        if written > 0 {
            state.wrote(bytes: written)
            timeouts.wroteBytes(at: loop.now)
        }
        return total
    }

    private func respondToParseError(_ error: HTTPParseError) {
        let head = currentHead
        currentHead = nil
        let response = ErrorResponse.render(HTTPError(error), for: head)
        let before = output.count
        context.responseWriter.write(response, version: head?.version ?? .http1_1, keepAlive: false,
                                     omitBody: false, secure: endpoint.isSecure, date: loop.dateLine(), into: &output)
        // Whatever follows a malformed request cannot be trusted: nothing more is read.
        state.errorAnswerQueued(bytes: output.count - before)
        timeouts.startedWriting(at: loop.now)
        loop.logAccess(peer: peer, method: head?.method ?? "-", target: head?.target ?? "-",
                       status: error.status.code, bytes: output.count - before, startedAt: requestStartedAt,
                       note: error.message)
    }

    // MARK: Writing

    private func flush() {
        while outputOffset < output.count && !isClosed {
            let result = output.withUnsafeBytes { all in
                transport.write(from: UnsafeRawBufferPointer(rebasing: all[outputOffset...]))
            }
            switch result {
            case .bytes(let n):
                outputOffset += n
                state.wrote(bytes: n)
                timeouts.wroteBytes(at: loop.now)
            case .wantWrite:
                state.writeBlocked(untilReadable: false)
                return
            case .wantRead:
                state.writeBlocked(untilReadable: true)
                return
            case .closed:
                close("client closed while reading the answer")
                return
            case .failed(let why):
                context.logger.debug("\(peer) write failed: \(why)")
                close(nil)
                return
            }
        }
        if isClosed { return }
        if output.capacity > Self.retainedOutputCapacity {
            output = []
        } else {
            output.removeAll(keepingCapacity: true)
        }
        outputOffset = 0
        switch state.flushed() {
        case .shutdownAndClose:
            transport.shutdown()
            close(nil)
        case .none:
            if inFlight == nil {
                if case .writing = timeouts.phase { timeouts.finishedWriting(at: loop.now) }
                if parser.isInsideRequest { timeouts.receivedHeadBytes(at: loop.now) }
                if currentHead != nil { timeouts.startedBody(at: loop.now) }
            }
        }
    }

    // MARK: Timeouts and closing

    func tick(now: Instant) {
        guard !isClosed, let deadline = timeouts.check(now: now) else { return }
        switch state.timedOut(deadline) {
        case .closeNow(let reason):
            close(reason)
        case .answerThenClose(let reason):
            // One attempt to say why; a client that stalls will not read it anyway.
            var bytes: [UInt8] = []
            context.responseWriter.write(ErrorResponse.render(HTTPError(.requestTimeout, reason), for: currentHead), version: .http1_1,
                                         keepAlive: false, omitBody: false, secure: endpoint.isSecure,
                                         date: loop.dateLine(), into: &bytes)
            _ = bytes.withUnsafeBytes { transport.write(from: $0) }
            loop.logAccess(peer: peer, method: currentHead?.method ?? "-", target: currentHead?.target ?? "-",
                           status: 408, bytes: bytes.count, startedAt: requestStartedAt, note: reason)
            close(reason)
        }
    }

    /// Closes the connection if nothing would be lost (graceful shutdown); otherwise the
    /// answer under way is its last.
    func closeIfIdle() {
        guard !isClosed else { return }
        if case .closeNow(let reason) = state.drain(insideRequest: currentHead != nil || parser.isInsideRequest) {
            close(reason)
        }
    }

    func close() { close("closed by the server") }

    /// Closes the descriptor; `reason`, when given, goes to the debug log.
    private func close(_ reason: String?) {
        guard !isClosed else { return }
        isClosed = true
        state.closed()
        if let reason { context.logger.debug("\(peer) closed: \(reason)") }
        context.configuration.metrics?.connectionClosed()
        loop.unregister(fd)
        LibC.close(fd)
        if let addressKey { context.connections.close(addressKey) }
        // Whatever still works for this request (a long poll's waiter) can stop.
        inFlight?.promise?.abandon()
        releaseLargeBodySlot()
        onClose?(self)
    }
}
