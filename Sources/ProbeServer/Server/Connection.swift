#if canImport(Glibc)
import Glibc
#endif
import CEpoll

/// One client connection, confined to its event loop's thread.
///
/// It reads bytes into the parser, answers requests strictly in order (a pipelined request
/// is not started until the previous response is queued, and reading pauses while
/// responses back up), and applies the timeout state machine on each tick.
final class Connection: EventSource {
    let fd: Int32
    private let transport: any Transport
    private unowned let loop: EventLoop
    private let context: ServerContext
    private let peer: String
    private let endpoint: Endpoint
    private let localPort: UInt16
    private var parser: RequestParser
    private var timeouts: ConnectionTimeouts

    private var handshakeDone = false
    private var output: [UInt8] = []
    private var outputOffset = 0
    private var interest: UInt32 = EPOLLIN.rawValue
    private var readingPaused = false
    private var peerClosed = false
    private var closeAfterWrite = false
    private(set) var isClosed = false

    /// The head whose body is being read.
    private var currentHead: RequestHead?
    /// A request handed to a deferred handler; nothing else is processed until it answers.
    private var inFlight: InFlight?
    private var requestStartedAt = Instant(nanoseconds: 0)

    private struct InFlight {
        let head: RequestHead
        let startedAt: Instant
        /// Set for `Reply.later`: told when the client goes away first.
        var promise: ReplyPromise? = nil
    }
    /// Whether EPOLLRDHUP is asked for. Dropped once the peer's FIN was seen while a request
    /// is still being answered: the condition is level-triggered (epoll_ctl(2)), and asking
    /// for it again would wake the loop for nothing until the answer is written.
    private var watchHangUp = true
    /// This connection holds one of the server's `concurrentLargeBodies` slots.
    private var holdsLargeBodySlot = false

    /// Responses queued beyond this many bytes pause request processing until written.
    static let outputHighWater = 256 * 1024
    /// Output capacity an idle connection keeps for its next response. A response head and
    /// an API answer fit; a page script does not, and keeping its 25 KB per idle keep-alive
    /// connection cost 250 MB at 10,000 connections (bench/), for a saved malloc per request.
    static let retainedOutputCapacity = 4 * 1024

    var onClose: ((Connection) -> Void)?

    init(fd: Int32, transport: any Transport, loop: EventLoop, context: ServerContext, peer: String,
         endpoint: Endpoint, localPort: UInt16) {
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
        if endpoint.isSecure {
            // The handshake is part of the request head: a client stalling in it is closed
            // at the header timeout.
            timeouts.receivedHeadBytes(at: loop.now)
        } else {
            handshakeDone = true
        }
    }

    /// True when closing now loses nothing: no request is partly read, handled or written.
    var isIdle: Bool {
        inFlight == nil && currentHead == nil && !parser.isInsideRequest && outputOffset >= output.count
    }

    // MARK: Events

    func handle(events: UInt32) {
        if events & (EPOLLERR.rawValue | EPOLLHUP.rawValue) != 0 && events & EPOLLIN.rawValue == 0 {
            close()
            return
        }
        // EPOLLHUP: both directions are gone (a reset); nothing can be written any more.
        if events & EPOLLHUP.rawValue != 0 && readingPaused {
            close()
            return
        }
        if events & EPOLLRDHUP.rawValue != 0 && readingPaused {
            // The client sent FIN while reading is paused behind a request in flight.
            if inFlight?.promise?.isAbandonable == true {
                close()
                return
            }
            // The rest is read (and the FIN seen) when reading resumes.
            ignoreHangUp()
        }
        if !handshakeDone {
            continueHandshake()
            return
        }
        if events & EPOLLOUT.rawValue != 0 {
            flush()
            if isClosed { return }
        }
        if events & (EPOLLIN.rawValue | EPOLLHUP.rawValue | EPOLLRDHUP.rawValue) != 0 && !readingPaused {
            readAvailable()
        }
    }

    private func continueHandshake() {
        switch transport.handshake() {
        case .bytes:
            handshakeDone = true
            if let refusals = context.configuration.certificateRefusals, refusals.noteAccepted(client: peer),
               refusals.shouldLog(client: "accepted " + peer) {
                context.logger.info("\(peer) completed a TLS handshake after refusing the certificate: it was told to ignore certificate errors, it trusts the CA now, or it is another device at the same address")
            }
            setInterest(EPOLLIN.rawValue)
            readAvailable()
        case .wantRead:
            setInterest(EPOLLIN.rawValue)
        case .wantWrite:
            setInterest(EPOLLIN.rawValue | EPOLLOUT.rawValue)
        case .closed:
            noteRefusal()
            close()
        case .failed(let why):
            context.logger.debug("\(peer) TLS handshake failed: \(why)")
            noteRefusal()
            close()
        }
    }

    /// A client that refused the certificate is the usual reason a device never reaches the
    /// page: said in the log at once (the person is looking at the terminal) and kept for the
    /// API and /setup.
    private func noteRefusal() {
        guard let refusal = transport.handshakeRefusal else { return }
        let serverName = (transport as? TLSSession)?.serverName
        guard let refusals = context.configuration.certificateRefusals else { return }
        refusals.record(client: peer, serverName: serverName, refusal: refusal)
        if case .alert = refusal { context.configuration.metrics?.refusedHandshake(sign: "alert") }
        else { context.configuration.metrics?.refusedHandshake(sign: "hungUp") }
        if case .alert = refusal, refusals.shouldLog(client: peer) {
            context.logger.info("\(peer) \(refusal.explanation); open /setup on that device to install it")
        } else if case .hungUp = refusal {
            context.logger.debug("\(peer) \(refusal.explanation)")
        }
    }

    private func readAvailable() {
        // TLS can hold decrypted bytes that epoll cannot see: read until the transport says
        // it needs the socket, not just once.
        var reads = 0
        readLoop: while !isClosed {
            let result = transport.read(into: loop.readBuffer)
            switch result {
            case .bytes(let n):
                let wasInside = parser.isInsideRequest
                parser.append(UnsafeRawBufferPointer(rebasing: loop.readBuffer[0..<n]))
                if parser.isReadingBody {
                    timeouts.receivedBodyBytes(at: loop.now)
                } else if !wasInside, inFlight == nil {
                    timeouts.receivedHeadBytes(at: loop.now)
                }
                reads += 1
                if inFlight != nil && parser.bufferedBytes > context.configuration.limits.pipelinedBytes {
                    pauseReading()
                    break readLoop
                }
                // Fair share: let other connections of this loop run, then continue.
                if reads >= 16 { break readLoop }
            case .wantRead:
                break readLoop
            case .wantWrite:
                setInterest(interest | EPOLLOUT.rawValue)
                break readLoop
            case .closed:
                peerClosed = true
                break readLoop
            case .failed(let why):
                context.logger.debug("\(peer) read failed: \(why)")
                close()
                return
            }
        }
        processRequests()
        if peerClosed && !isClosed && inFlight?.promise?.isAbandonable == true {
            // A long poll whose client hung up: drop it now, not when it would have answered.
            close()
            return
        }
        if peerClosed && !isClosed {
            if isIdle || (inFlight == nil && currentHead == nil && parser.bufferedBytes == 0) {
                close()
            } else if inFlight == nil && !closeAfterWrite {
                // The client half-closed after sending part of a request: nothing will complete it.
                if parser.isInsideRequest { close() } else { closeAfterWrite = true }
            } else {
                closeAfterWrite = true
            }
            // The FIN stays readable (level-triggered): stop asking until the answer is out.
            if !isClosed && inFlight != nil {
                pauseReading()
                ignoreHangUp()
            }
        }
        if reads >= 16 && !isClosed && !readingPaused {
            // More may be waiting; level-triggered epoll will call again.
        }
    }

    private func pauseReading() {
        readingPaused = true
        setInterest(interest & ~EPOLLIN.rawValue)
    }

    private func resumeReading() {
        guard readingPaused else { return }
        readingPaused = false
        setInterest(interest | EPOLLIN.rawValue)
        // TLS may hold buffered plaintext that will never raise EPOLLIN.
        readAvailable()
    }

    private func setInterest(_ events: UInt32, force: Bool = false) {
        guard events != interest || force, !isClosed else { return }
        interest = events
        loop.modify(fd, events: events | (watchHangUp ? EPOLLRDHUP.rawValue : 0))
    }

    private func ignoreHangUp() {
        guard watchHangUp else { return }
        watchHangUp = false
        setInterest(interest, force: true)
    }

    // MARK: Requests

    private func processRequests() {
        while !isClosed && inFlight == nil && !closeAfterWrite && output.count - outputOffset < Self.outputHighWater {
            let event: ParseEvent?
            do {
                event = try parser.next()
            } catch {
                respondToParseError(error)
                break
            }
            guard let event else { break }
            switch event {
            case .head(let head):
                currentHead = head
                requestStartedAt = loop.now
                parser.bodyLimit = context.bodyLimit(for: head, endpoint: endpoint.name)
                // Before any 100 Continue: a refused upload's body is never asked for.
                if head.hasBody && parser.bodyLimit > context.configuration.limits.jsonBodyBytes && !takeLargeBodySlot() {
                    let limit = context.configuration.limits.concurrentLargeBodies
                    respondToParseError(HTTPParseError(.serviceUnavailable,
                        "the server is already receiving \(limit) uploads, its limit at once; retry in a few seconds"))
                    break
                }
                if let expect = head.headers["expect"] {
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
                }
                if head.hasBody { timeouts.startedBody(at: loop.now) }
            case .message(let body, let trailers):
                guard let head = currentHead else { continue }
                currentHead = nil
                timeouts.startedHandling()
                dispatch(Request(head: head, body: body, trailers: trailers))
            }
        }
        flush()
    }

    private func dispatch(_ incoming: Request) {
        var request = incoming
        request.remoteAddress = peer
        request.isSecure = endpoint.isSecure
        request.endpoint = endpoint.name
        request.localPort = localPort
        context.configuration.trustedProxies.apply(to: &request)
        let head = request.head
        let startedAt = requestStartedAt
        switch context.reply(to: request) {
        case .now(let response):
            complete(response, head: head, startedAt: startedAt)
        case .offload(let work):
            inFlight = InFlight(head: head, startedAt: startedAt)
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
            let promise = context.promise(for: head) { response in
                loop.execute { me.value?.completeDeferred(response) }
            }
            inFlight = InFlight(head: head, startedAt: startedAt, promise: promise)
            start(promise)
        }
    }

    private func completeDeferred(_ response: Response) {
        guard let pending = inFlight, !isClosed else { return }
        inFlight = nil
        complete(response, head: pending.head, startedAt: pending.startedAt)
        processRequests()
        if readingPaused && parser.bufferedBytes <= context.configuration.limits.pipelinedBytes {
            resumeReading()
        }
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

    private func complete(_ response: Response, head: RequestHead, startedAt: Instant) {
        releaseLargeBodySlot()
        let keepAlive = head.keepAlive && !context.draining.value && !peerClosed
        let omitBody = head.method == "HEAD"
        let bytes: Int
        if let plain = transport as? PlainTransport, outputOffset >= output.count, !omitBody,
           response.body.count >= Self.directBodyMinimum, response.status.code != 304, response.status.code != 204 {
            bytes = writeDirect(response, version: head.version, keepAlive: keepAlive, through: plain)
        } else {
            let before = output.count
            context.responseWriter.write(
                response, version: head.version, keepAlive: keepAlive, omitBody: omitBody,
                secure: endpoint.isSecure, date: loop.dateLine(), into: &output)
            bytes = output.count - before
        }
        if !keepAlive { closeAfterWrite = true }
        timeouts.startedWriting(at: loop.now)
        loop.logAccess(peer: peer, method: head.method, target: head.target, status: response.status.code,
                       bytes: bytes, startedAt: startedAt)
        context.observe(head, endpoint: endpoint.name, status: response.status.code,
                        nanos: EventLoop.monotonicNow().since(startedAt))
    }

    /// Plain-HTTP bodies from this size on are written straight from the response (for a
    /// static file, the cache's own bytes) with the head in one `writev`, not copied into the
    /// output buffer first: nginx's sendfile saves it the same copy. bench/: the 25 KB script.
    static let directBodyMinimum = 8 * 1024

    /// Writes head and body with one `writev` while nothing else is queued; whatever the
    /// socket does not take is queued in `output` as usual, so `flush` and its error handling
    /// see exactly the bytes the buffered path would have queued. Returns the bytes of the response.
    private func writeDirect(_ response: Response, version: HTTPVersion, keepAlive: Bool,
                             through plain: PlainTransport) -> Int {
        output.removeAll(keepingCapacity: true)
        outputOffset = 0
        context.responseWriter.write(
            response, version: version, keepAlive: keepAlive, omitBody: true,
            secure: endpoint.isSecure, date: loop.dateLine(), into: &output)
        let headCount = output.count
        let total = headCount + response.body.count
        let result = output.withUnsafeBytes { head in
            response.body.withUnsafeBytes { body in plain.write(head, body) }
        }
        var written = 0
        if case .bytes(let n) = result { written = n }
        if written >= total {
            output.removeAll(keepingCapacity: true)
        } else if written >= headCount {
            output.removeAll(keepingCapacity: true)
            output.append(contentsOf: response.body[(written - headCount)...])
        } else {
            outputOffset = written
            output.append(contentsOf: response.body)
        }
        if written > 0 { timeouts.wroteBytes(at: loop.now) }
        return total
    }

    private func respondToParseError(_ error: HTTPParseError) {
        let head = currentHead
        currentHead = nil
        let response = HTTPError(error).response
        let before = output.count
        context.responseWriter.write(response, version: head?.version ?? .http1_1, keepAlive: false,
                                     omitBody: false, secure: endpoint.isSecure, date: loop.dateLine(), into: &output)
        closeAfterWrite = true
        timeouts.startedWriting(at: loop.now)
        loop.logAccess(peer: peer, method: head?.method ?? "-", target: head?.target ?? "-",
                       status: error.status.code, bytes: output.count - before, startedAt: requestStartedAt,
                       note: error.message)
        // Stop reading: whatever follows a malformed request cannot be trusted.
        pauseReading()
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
                timeouts.wroteBytes(at: loop.now)
            case .wantWrite:
                setInterest(interest | EPOLLOUT.rawValue)
                return
            case .wantRead:
                setInterest(interest | EPOLLIN.rawValue)
                return
            case .closed:
                close()
                return
            case .failed(let why):
                context.logger.debug("\(peer) write failed: \(why)")
                close()
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
        if interest & EPOLLOUT.rawValue != 0 { setInterest(interest & ~EPOLLOUT.rawValue) }
        if closeAfterWrite && inFlight == nil {
            transport.shutdown()
            close()
            return
        }
        if inFlight == nil {
            if case .writing = timeouts.phase { timeouts.finishedWriting(at: loop.now) }
            if parser.isInsideRequest { timeouts.receivedHeadBytes(at: loop.now) }
            if currentHead != nil { timeouts.startedBody(at: loop.now) }
        }
    }

    // MARK: Timeouts and closing

    func tick(now: Instant) {
        guard !isClosed, let action = timeouts.check(now: now) else { return }
        switch action {
        case .close(let reason):
            context.logger.debug("\(peer) closed: \(reason)")
            close()
        case .respondTimeoutAndClose(let reason):
            context.logger.debug("\(peer) closed: \(reason)")
            // One attempt to say why; a client that stalls will not read it anyway.
            var bytes: [UInt8] = []
            context.responseWriter.write(HTTPError(.requestTimeout, reason).response, version: .http1_1,
                                         keepAlive: false, omitBody: false, secure: endpoint.isSecure,
                                         date: loop.dateLine(), into: &bytes)
            if handshakeDone && outputOffset >= output.count {
                _ = bytes.withUnsafeBytes { transport.write(from: $0) }
            }
            loop.logAccess(peer: peer, method: currentHead?.method ?? "-", target: currentHead?.target ?? "-",
                           status: 408, bytes: bytes.count, startedAt: requestStartedAt, note: reason)
            close()
        }
    }

    /// Closes the connection if nothing would be lost (graceful shutdown).
    func closeIfIdle() {
        if isIdle { close() } else { closeAfterWrite = closeAfterWrite || inFlight == nil && currentHead == nil && !parser.isInsideRequest }
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        context.configuration.metrics?.connectionClosed()
        loop.unregister(fd)
        Glibc.close(fd)
        // Whatever still works for this request (a long poll's waiter) can stop.
        inFlight?.promise?.abandon()
        releaseLargeBodySlot()
        onClose?(self)
    }
}
