/// Keep-alive, closing, draining and backpressure of one connection: a pure value fed what
/// happened (bytes read, a request parsed, a response queued, bytes written, the peer's FIN,
/// a timeout, an error) that answers what to do next. It has no socket and no clock, so each
/// rule is tested on its own (`ConnectionStateTests`); `Connection` only performs the answers.
///
/// The rules, after RFC 9112 §9 (persistence) and SwiftNIO's HTTP server pipeline handler:
/// - requests are answered strictly in order; the next pipelined request is not parsed while
///   a handler works on one or while `Limits.queuedHigh` bytes of answers wait to be written;
/// - reading pauses while a handler works and `Limits.pipelinedBytes` are buffered behind it,
///   or while answers back up: a client that sends without reading holds a bounded amount;
/// - the last answer says `Connection: close` when the client asked for it, the server
///   drains, the client already half-closed, or the connection has had its
///   `Limits.requestsPerConnection` or its lifetime (nginx's `keepalive_requests` and
///   `keepalive_time`); the socket closes once it is written;
/// - a malformed request gets its error answer and nothing after it is read;
/// - a client half-close ends the connection after the answer it waits for (a long poll
///   whose client went away is dropped at once: nobody reads its answer).
struct ConnectionState: Sendable, Equatable {
    struct Limits: Sendable, Equatable {
        /// Bytes buffered behind a request a handler works on before reading pauses.
        var pipelinedBytes: Int
        /// Bytes of queued answers at which parsing and reading pause until they are written.
        var queuedHigh: Int
        /// Reads per wake-up before other connections of the loop get their turn.
        var readsPerWake: Int
        /// Answers on one connection; the last says `Connection: close` (`HTTPLimits.requestsPerConnection`).
        var requestsPerConnection = HTTPLimits().requestsPerConnection

        static let readsPerWakeDefault = 16
    }

    /// What a handler that answers later is doing.
    enum Handler: Sendable, Equatable {
        case none
        /// `abandonable`: its answer is worthless once the client is gone (a long poll).
        case working(abandonable: Bool)
    }

    /// What to do with the readiness epoll reported.
    enum ReadinessAction: Sendable, Equatable {
        case closeNow(reason: String)
        /// Advance the TLS handshake.
        case handshake
        /// Write queued bytes first when `write`; then ask `shouldRead(on:)`.
        case serve(write: Bool)
    }

    /// What to do after some bytes were read.
    enum ReadAction: Sendable, Equatable {
        case readMore
        /// Stop this burst: paused, or the loop's other connections get their turn.
        case stopReading
    }

    /// What to do at the end of a burst of reads (the requests in it answered).
    enum BurstAction: Sendable, Equatable {
        case none
        case closeNow(reason: String)
    }

    /// What to do once every queued byte was written.
    enum FlushedAction: Sendable, Equatable {
        /// Wait for the next request.
        case none
        /// The last answer is out: orderly shutdown (TLS close_notify), then close.
        case shutdownAndClose
    }

    /// What to do about a deadline `ConnectionTimeouts` says has passed.
    enum TimeoutAction: Sendable, Equatable {
        case closeNow(reason: String)
        /// Try once to write this 408 answer, then close: nothing else is queued on the stream.
        case answerThenClose(reason: String)
    }

    /// Where the connection is in its life. The request under way has phases of its own,
    /// each with its deadline (`ConnectionTimeouts.Phase`: idle, head, body, handling,
    /// writing); these are the connection's.
    enum Lifecycle: Sendable, Equatable {
        /// TLS: the handshake is under way; no request is read yet.
        case handshaking
        /// Requests are read and answered, keep-alive.
        case serving
        /// The answer being written is the last one: the socket closes once it is out.
        case lastAnswer
        /// Nothing more is read or written.
        case closed
    }

    let limits: Limits
    private(set) var lifecycle: Lifecycle
    private(set) var handler: Handler = .none
    /// Bytes of answers queued and not yet written.
    private(set) var queuedBytes = 0
    /// Answers started on this connection, against `Limits.requestsPerConnection`.
    private(set) var answersStarted = 0
    /// Request bytes the parser holds that no answer was queued for yet.
    private(set) var bufferedBytes = 0
    /// The client's FIN was read: it sends nothing more.
    private(set) var peerClosed = false
    /// epoll reported the client's FIN (EPOLLRDHUP) while reading was paused: it is not read
    /// yet, but the client has left all the same. Kept because the report is not repeated once
    /// the hang-up is no longer watched, and a long poll may say only later that it cares.
    private(set) var peerHangUpSeen = false
    /// Nothing more is read (a malformed request, or the peer's FIN while a handler works).
    private(set) var stoppedReading = false
    /// Set once the server drains (graceful shutdown): answers from now on close.
    private(set) var draining = false
    /// The last write could not go on until the socket is writable.
    private(set) var writeWaitsForWritable = false
    /// The last write could not go on until the socket is readable (TLS: a record to read first).
    private(set) var writeWaitsForReadable = false
    /// The last read or handshake step could not go on until the socket is writable (TLS:
    /// a handshake message or a key update to send first).
    private(set) var readWaitsForWritable = false
    /// Whether EPOLLRDHUP is asked for. Dropped once the peer's FIN was seen while reading is
    /// paused: the condition is level-triggered (epoll_ctl(2)), and asking for it again would
    /// wake the loop for nothing until the answer is written.
    private(set) var watchesHangUp = true
    private var readsThisWake = 0
    /// The last wake reported a hang-up (EPOLLRDHUP or EPOLLHUP): the FIN is read in that
    /// wake, not left for one that may not come once the hang-up is no longer watched.
    private var wakeSignalledHangUp = false
    /// Reading was paused at the last `settle`: when it may go on, buffered requests are
    /// parsed and reading resumes (TLS may hold decrypted bytes epoll will not report).
    private var wasPaused = false

    init(limits: Limits, secure: Bool) {
        self.limits = limits
        self.lifecycle = secure ? .handshaking : .serving
    }

    var isHandshaking: Bool { lifecycle == .handshaking }
    var isClosed: Bool { lifecycle == .closed }
    /// The answer being written is the last one.
    var closeAfterFlush: Bool { lifecycle == .lastAnswer }

    /// The answer under way (or the next) is the last; a closed connection stays closed.
    private mutating func lastAnswer() {
        if lifecycle != .closed { lifecycle = .lastAnswer }
    }

    // MARK: Derived

    /// True when more request bytes should be read now.
    var wantsToRead: Bool {
        if isClosed { return false }
        if isHandshaking { return true }
        if stoppedReading || peerClosed { return false }
        if case .working = handler, bufferedBytes > limits.pipelinedBytes { return false }
        return queuedBytes < limits.queuedHigh
    }

    /// True when the next buffered request may be parsed and answered.
    var mayAnswerNext: Bool {
        !isClosed && !isHandshaking && handler == .none && !closeAfterFlush && queuedBytes < limits.queuedHigh
    }

    /// True when closing now loses nothing: no request is partly read, handled or written.
    func isIdle(insideRequest: Bool) -> Bool {
        handler == .none && !insideRequest && queuedBytes == 0
    }

    /// What epoll should report for this connection.
    var interest: Readiness {
        if isClosed { return [] }
        var r: Readiness = []
        if wantsToRead || writeWaitsForReadable { r.insert(.readable) }
        if writeWaitsForWritable || readWaitsForWritable { r.insert(.writable) }
        if watchesHangUp { r.insert(.peerHalfClosed) }
        return r
    }

    // MARK: Events

    /// epoll reported `events`.
    mutating func ready(_ events: Readiness) -> ReadinessAction {
        if isClosed { return .serve(write: false) }
        wakeSignalledHangUp = !events.isDisjoint(with: [.hungUp, .peerHalfClosed])
        if !events.isDisjoint(with: [.failed, .hungUp]) && !events.contains(.readable) {
            return close("connection reset or failed")
        }
        let paused = !wantsToRead
        // Both directions are gone while nothing is being read: nothing can be written any more.
        if events.contains(.hungUp) && paused { return close("connection reset") }
        if events.contains(.peerHalfClosed) && paused {
            if handler == .working(abandonable: true) { return close("client went away during a long poll") }
            // The rest is read (and the FIN seen) when reading resumes.
            peerHangUpSeen = true
            watchesHangUp = false
        }
        if isHandshaking { return .handshake }
        let write = events.contains(.writable) || (writeWaitsForReadable && events.contains(.readable))
        return .serve(write: write && queuedBytes > 0)
    }

    /// After serving writes: whether to read on these `events`.
    func shouldRead(on events: Readiness) -> Bool {
        guard wantsToRead else { return false }
        return !events.isDisjoint(with: [.readable, .hungUp, .peerHalfClosed])
            || (readWaitsForWritable && events.contains(.writable))
    }

    /// The TLS handshake finished; requests follow.
    mutating func handshakeCompleted() {
        if lifecycle == .handshaking { lifecycle = .serving }
        readWaitsForWritable = false
    }

    /// The handshake or a read cannot go on until the socket is writable (`true`) or readable.
    mutating func readWaits(forWritable: Bool) {
        readWaitsForWritable = forWritable
    }

    /// A burst of reads starts.
    mutating func startedReading() {
        readsThisWake = 0
        readWaitsForWritable = false
    }

    /// Bytes were read; the parser now holds `buffered` bytes not yet answered. `drained`:
    /// the read was shorter than asked and the transport holds nothing more (a TLS session
    /// can hold records read ahead), so the socket had no more bytes at that moment. Reading
    /// stops there instead of asking again only to hear EAGAIN: epoll is level-triggered and
    /// reports what arrives next (nginx's `ngx_unix_recv` stops on a short read the same
    /// way). One system call fewer per keep-alive request (strace, bench/).
    mutating func bytesRead(buffered: Int, drained: Bool = false) -> ReadAction {
        bufferedBytes = buffered
        readsThisWake += 1
        if !wantsToRead || readsThisWake >= limits.readsPerWake { return .stopReading }
        if drained && !wakeSignalledHangUp && !isHandshaking { return .stopReading }
        return .readMore
    }

    /// The parser consumed bytes into a request; it holds `buffered` more.
    mutating func parsed(buffered: Int) { bufferedBytes = buffered }

    /// The read returned end of stream: the client half-closed (or closed) its side.
    mutating func peerHalfClosed() {
        peerClosed = true
        watchesHangUp = false
    }

    /// The burst's requests were answered; `insideRequest`: part of a request is buffered.
    mutating func finishedReading(insideRequest: Bool) -> BurstAction {
        guard peerClosed, !isClosed else { return .none }
        switch handler {
        case .working(abandonable: true):
            return BurstAction(close("client went away during a long poll"))
        case .working(abandonable: false):
            // Its answer is the last one; the FIN stays readable (level-triggered), so
            // reading stops until then.
            lastAnswer()
            stoppedReading = true
            return .none
        case .none:
            // A request the client half-closed inside is never completed: it is dropped.
            lastAnswer()
            if queuedBytes == 0 { return BurstAction(close(insideRequest ? "client half-closed inside a request" : "client closed")) }
            return .none
        }
    }

    /// A request is handed to a handler that answers later.
    mutating func handlerStarted(abandonable: Bool) { handler = .working(abandonable: abandonable) }

    /// The handler at work said (or took back) that its answer is worthless once the client
    /// is gone: a long poll registers that after it started, often from another thread. A
    /// client that left before (its FIN read, or reported while reading was paused) is not
    /// reported again (its hang-up is no longer watched), so the wait ends now.
    mutating func handlerAbandonable(_ abandonable: Bool) -> BurstAction {
        guard case .working = handler, !isClosed else { return .none }
        handler = .working(abandonable: abandonable)
        if abandonable && (peerClosed || peerHangUpSeen) { return BurstAction(close("client went away during a long poll")) }
        return .none
    }

    /// The handler answered (its answer is queued next with `answerQueued`).
    mutating func handlerFinished() { handler = .none }

    /// An answer to a request is about to be queued: whether it keeps the connection open
    /// (`requestKeepsAlive`: the request's `Connection` field and version say so, RFC 9112 §9.3;
    /// `serverDraining`: the server shuts down; `pastLifetime`: the connection has lived
    /// `HTTPTimeouts.connectionLifetime`). When not, it is the last answer; the
    /// `Limits.requestsPerConnection`th answer always is.
    mutating func answerStarts(requestKeepsAlive: Bool, serverDraining: Bool, pastLifetime: Bool = false) -> Bool {
        if serverDraining { draining = true }
        answersStarted += 1
        let spent = answersStarted >= limits.requestsPerConnection || pastLifetime
        let keepAlive = requestKeepsAlive && !draining && !peerClosed && !spent
        if !keepAlive { lastAnswer() }
        return keepAlive
    }

    /// `bytes` of an answer (or of a 100 Continue) were queued.
    mutating func queued(bytes: Int) { queuedBytes += bytes }

    /// The answer to a malformed request was queued: it closes, and nothing after it is read.
    mutating func errorAnswerQueued(bytes: Int) {
        queuedBytes += bytes
        lastAnswer()
        stoppedReading = true
    }

    /// The transport took `bytes` of the queued answers.
    mutating func wrote(bytes: Int) {
        queuedBytes = max(0, queuedBytes - bytes)
    }

    /// A write could not go on until the socket is writable (or, for TLS, `readable`).
    mutating func writeBlocked(untilReadable: Bool) {
        if untilReadable { writeWaitsForReadable = true } else { writeWaitsForWritable = true }
    }

    /// Every queued byte was written.
    mutating func flushed() -> FlushedAction {
        queuedBytes = 0
        writeWaitsForWritable = false
        writeWaitsForReadable = false
        if closeAfterFlush && handler == .none {
            lifecycle = .closed
            return .shutdownAndClose
        }
        return .none
    }

    /// The server drains (graceful shutdown). Closes at once when nothing would be lost;
    /// otherwise the answer under way is the last.
    mutating func drain(insideRequest: Bool) -> BurstAction {
        draining = true
        if isClosed { return .none }
        if isIdle(insideRequest: insideRequest) { return BurstAction(close("server shutting down")) }
        if handler == .none && !insideRequest { lastAnswer() }
        return .none
    }

    /// A deadline passed.
    mutating func timedOut(_ action: ConnectionTimeouts.Action) -> TimeoutAction {
        switch action {
        case .close(let reason):
            lifecycle = .closed
            return .closeNow(reason: reason)
        case .respondTimeoutAndClose(let reason):
            let handshaking = isHandshaking
            lifecycle = .closed
            // Only on a stream where nothing else is half-written, and never into a handshake.
            if handshaking || queuedBytes > 0 { return .closeNow(reason: reason) }
            return .answerThenClose(reason: reason)
        }
    }

    /// The transport failed, or the peer reset the connection.
    mutating func failed(_ reason: String) -> String {
        lifecycle = .closed
        return reason
    }

    /// Closing for a reason of the connection's own (a refused handshake).
    mutating func closed() { lifecycle = .closed }

    /// Called after every event is handled: returns what epoll should watch, and `resume`
    /// when reading had paused and may go on now.
    mutating func settle() -> (interest: Readiness, resume: Bool) {
        let paused = !wantsToRead && !isClosed
        let resume = wasPaused && !paused && !isClosed
        wasPaused = paused
        return (interest, resume)
    }

    private mutating func close(_ reason: String) -> ReadinessAction {
        lifecycle = .closed
        return .closeNow(reason: reason)
    }
}

extension ConnectionState.BurstAction {
    fileprivate init(_ action: ConnectionState.ReadinessAction) {
        if case .closeNow(let reason) = action { self = .closeNow(reason: reason) } else { self = .none }
    }
}
