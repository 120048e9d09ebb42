import Testing
@testable import ProbeHTTP

/// The connection's keep-alive, close, drain and backpressure rules, without a socket.
@Suite struct ConnectionStateTests {
    static let limits = ConnectionState.Limits(pipelinedBytes: 100, queuedHigh: 1_000, readsPerWake: 4)

    private func plain() -> ConnectionState { ConnectionState(limits: Self.limits, secure: false) }

    @Test func PipelinedRequests_AreAnsweredInOrder_AndReadingPausesAtTheHighWaterMark() {
        var s = plain()
        #expect(s.mayAnswerNext)
        // A request goes to a handler that answers later: the next one waits its turn.
        s.handlerStarted(abandonable: false)
        #expect(!s.mayAnswerNext)
        // Reading goes on behind it up to the pipelined limit, then pauses.
        #expect(s.bytesRead(buffered: 60) == .readMore)
        #expect(s.interest.contains(.readable))
        #expect(s.bytesRead(buffered: 160) == .stopReading)
        #expect(!s.wantsToRead)
        #expect(!s.interest.contains(.readable))
        #expect(s.settle().resume == false)
        // Its answer is queued; answers back up past the high-water mark: still paused.
        s.handlerFinished()
        #expect(s.answerStarts(requestKeepsAlive: true, serverDraining: false) == true)
        s.queued(bytes: 1_500)
        #expect(!s.mayAnswerNext)
        #expect(!s.wantsToRead)
        #expect(s.settle().resume == false)
        // The client reads: below the mark, the next buffered request is taken and reading resumes.
        s.wrote(bytes: 600)
        #expect(s.mayAnswerNext)
        let settled = s.settle()
        #expect(settled.resume)
        #expect(settled.interest.contains(.readable))
        // Resuming is said once.
        #expect(s.settle().resume == false)
    }

    @Test func ShortRead_EndsTheReadsOfAWake_UnlessTheWakeReportedAHangUp() {
        var s = plain()
        _ = s.ready([.readable])
        s.startedReading()
        // A full read may have left more behind; a short one drained the socket.
        #expect(s.bytesRead(buffered: 10, drained: false) == .readMore)
        #expect(s.bytesRead(buffered: 20, drained: true) == .stopReading)
        // Still reading on the next wake: nothing was paused.
        #expect(s.wantsToRead)
        // A wake that reported the FIN reads on to it, short reads or not.
        _ = s.ready([.readable, .peerHalfClosed])
        s.startedReading()
        #expect(s.bytesRead(buffered: 30, drained: true) == .readMore)
        // The TLS handshake's reads are not cut short either.
        var tls = ConnectionState(limits: Self.limits, secure: true)
        _ = tls.ready([.readable])
        tls.startedReading()
        #expect(tls.bytesRead(buffered: 5, drained: true) == .readMore)
    }

    @Test func CloseAfterResponse_DrainsTheAnswerBeforeClosing_AndAnswersNothingAfterIt() {
        var s = plain()
        #expect(s.answerStarts(requestKeepsAlive: false, serverDraining: false) == false)
        s.queued(bytes: 500)
        // A pipelined request behind `Connection: close` is not answered.
        #expect(!s.mayAnswerNext)
        s.wrote(bytes: 200)
        s.writeBlocked(untilReadable: false)
        #expect(!s.isClosed)
        #expect(s.interest.contains(.writable))
        #expect(s.ready([.writable]) == .serve(write: true))
        s.wrote(bytes: 300)
        #expect(s.flushed() == .shutdownAndClose)
        #expect(s.isClosed)
        #expect(s.interest == [])
    }

    @Test func KeepAlive_WaitsForTheNextRequest_OnceTheAnswerIsWritten() {
        var s = plain()
        #expect(s.answerStarts(requestKeepsAlive: true, serverDraining: false) == true)
        s.queued(bytes: 500)
        #expect(s.flushed() == .none)
        #expect(!s.isClosed)
        #expect(s.isIdle(insideRequest: false))
        #expect(s.interest == [.readable, .peerHalfClosed])
    }

    @Test func PeerHalfClose_AfterARequest_StillGetsItsAnswer_ThenCloses() {
        var s = plain()
        #expect(s.bytesRead(buffered: 40) == .readMore)
        s.peerHalfClosed()
        // The request read with the FIN is answered, and its answer is the last.
        #expect(s.mayAnswerNext)
        #expect(s.answerStarts(requestKeepsAlive: true, serverDraining: false) == false)
        s.queued(bytes: 300)
        #expect(s.finishedReading(insideRequest: false) == .none)
        #expect(!s.isClosed)
        #expect(!s.wantsToRead)
        #expect(s.flushed() == .shutdownAndClose)
    }

    @Test func PeerHalfClose_WhileAHandlerWorks_ClosesAfterItsAnswer() {
        var s = plain()
        s.handlerStarted(abandonable: false)
        s.peerHalfClosed()
        #expect(s.finishedReading(insideRequest: false) == .none)
        // The FIN stays readable (level-triggered): neither reading nor the hang-up is watched.
        #expect(s.interest == [])
        s.handlerFinished()
        #expect(s.answerStarts(requestKeepsAlive: true, serverDraining: false) == false)
        s.queued(bytes: 100)
        #expect(s.flushed() == .shutdownAndClose)
    }

    @Test func PeerHalfClose_DuringALongPoll_ClosesAtOnce() {
        var s = plain()
        s.handlerStarted(abandonable: true)
        #expect(s.bytesRead(buffered: 500) == .stopReading)
        // Paused behind the poll, the FIN is seen as EPOLLRDHUP: nobody will read the answer.
        #expect(s.ready([.peerHalfClosed]) == .closeNow(reason: "client went away during a long poll"))
        #expect(s.isClosed)
    }

    @Test func LongPollThatSaysSoAfterItStarted_StillClosesWhenTheClientLeaves() {
        // A wait registers onAbandon once it holds its ticket, after the handler started.
        var s = plain()
        s.handlerStarted(abandonable: false)
        #expect(s.handlerAbandonable(true) == .none)
        s.peerHalfClosed()
        #expect(s.finishedReading(insideRequest: false) == .closeNow(reason: "client went away during a long poll"))
        // An ordinary handler's answer is still written to a client that only half-closed.
        var t = plain()
        t.handlerStarted(abandonable: false)
        t.peerHalfClosed()
        #expect(t.finishedReading(insideRequest: false) == .none)
        #expect(!t.isClosed)
    }

    @Test func ClientThatLeftBeforeTheWaitRegistered_EndsTheWaitWhenItRegisters() {
        // The request is dispatched; its FIN is read before the handler (on another thread)
        // registers onAbandon. The FIN is not reported again: the registration must close.
        var s = plain()
        s.handlerStarted(abandonable: false)
        s.peerHalfClosed()
        #expect(s.finishedReading(insideRequest: false) == .none)
        #expect(s.interest == [])
        #expect(s.handlerAbandonable(true) == .closeNow(reason: "client went away during a long poll"))
        #expect(s.isClosed)
    }

    @Test func HangUpReportedWhilePaused_EndsAWaitThatRegistersAfterIt() {
        // Paused behind the handler with a full pipeline, the FIN is only reported (EPOLLRDHUP),
        // not read, and then no longer watched.
        var s = plain()
        s.handlerStarted(abandonable: false)
        #expect(s.bytesRead(buffered: 500) == .stopReading)
        #expect(s.ready([.peerHalfClosed]) == .serve(write: false))
        #expect(!s.interest.contains(.peerHalfClosed))
        #expect(s.handlerAbandonable(true) == .closeNow(reason: "client went away during a long poll"))
    }

    @Test func PeerHalfClose_InsideARequest_ClosesAtOnce() {
        var s = plain()
        #expect(s.bytesRead(buffered: 20) == .readMore)
        s.peerHalfClosed()
        #expect(s.finishedReading(insideRequest: true) == .closeNow(reason: "client half-closed inside a request"))
    }

    @Test func HangUpWhileNotReading_KeepsTheAnswer_UntilThePeerResets() {
        var s = plain()
        s.handlerStarted(abandonable: false)
        #expect(s.bytesRead(buffered: 500) == .stopReading)
        // A FIN while paused: the answer is still wanted, the hang-up no longer watched.
        #expect(s.ready([.peerHalfClosed]) == .serve(write: false))
        #expect(!s.interest.contains(.peerHalfClosed))
        #expect(!s.isClosed)
        // A reset (both directions gone) while paused: nothing can be written any more.
        #expect(s.ready([.hungUp, .readable]) == .closeNow(reason: "connection reset"))
    }

    @Test func Error_WithoutReadableBytes_ClosesAtOnce() {
        var s = plain()
        #expect(s.ready([.failed]) == .closeNow(reason: "connection reset or failed"))
    }

    @Test func MalformedRequest_StopsReading_AndClosesAfterItsAnswer() {
        var s = plain()
        #expect(s.bytesRead(buffered: 30) == .readMore)
        s.errorAnswerQueued(bytes: 120)
        #expect(!s.wantsToRead)
        #expect(!s.mayAnswerNext)
        #expect(!s.interest.contains(.readable))
        #expect(s.flushed() == .shutdownAndClose)
    }

    @Test func Draining_ClosesAnIdleConnectionAtOnce_AndABusyOneAfterItsAnswer() {
        var idle = plain()
        #expect(idle.drain(insideRequest: false) == .closeNow(reason: "server shutting down"))

        var busy = plain()
        busy.handlerStarted(abandonable: false)
        #expect(busy.drain(insideRequest: false) == .none)
        busy.handlerFinished()
        #expect(busy.answerStarts(requestKeepsAlive: true, serverDraining: false) == false)
        busy.queued(bytes: 10)
        #expect(busy.flushed() == .shutdownAndClose)

        // An answer still being written is the last one.
        var writing = plain()
        #expect(writing.answerStarts(requestKeepsAlive: true, serverDraining: false) == true)
        writing.queued(bytes: 10)
        #expect(writing.drain(insideRequest: false) == .none)
        #expect(writing.flushed() == .shutdownAndClose)

        // A request still arriving is read, answered, and closes.
        var reading = plain()
        #expect(reading.drain(insideRequest: true) == .none)
        #expect(reading.mayAnswerNext)
        #expect(reading.answerStarts(requestKeepsAlive: true, serverDraining: false) == false)
    }

    @Test func HeaderTimeout_Answers408_OnlyOnAStreamWithNothingElseQueued() {
        var quiet = plain()
        #expect(quiet.timedOut(.respondTimeoutAndClose(reason: "late")) == .answerThenClose(reason: "late"))
        #expect(quiet.isClosed)

        var busy = plain()
        busy.queued(bytes: 10)
        #expect(busy.timedOut(.respondTimeoutAndClose(reason: "late")) == .closeNow(reason: "late"))

        // A client stalling in the TLS handshake gets no plaintext answer.
        var handshaking = ConnectionState(limits: Self.limits, secure: true)
        #expect(handshaking.timedOut(.respondTimeoutAndClose(reason: "late")) == .closeNow(reason: "late"))

        var idle = plain()
        #expect(idle.timedOut(.close(reason: "idle")) == .closeNow(reason: "idle"))
    }

    @Test func ReadBurst_GivesTheLoopBack_AfterReadsPerWake() {
        var s = plain()
        s.startedReading()
        for _ in 1..<Self.limits.readsPerWake { #expect(s.bytesRead(buffered: 1) == .readMore) }
        #expect(s.bytesRead(buffered: 1) == .stopReading)
        // Still wanted: level-triggered epoll calls again.
        #expect(s.wantsToRead)
        s.startedReading()
        #expect(s.bytesRead(buffered: 1) == .readMore)
    }

    @Test func TLSHandshake_WaitsForWhatTheSessionAsks_ThenAnswersRequests() {
        var s = ConnectionState(limits: Self.limits, secure: true)
        #expect(!s.mayAnswerNext)
        #expect(s.ready([.readable]) == .handshake)
        s.readWaits(forWritable: true)
        #expect(s.interest.contains(.writable))
        s.handshakeCompleted()
        #expect(!s.interest.contains(.writable))
        #expect(s.mayAnswerNext)
        #expect(s.ready([.readable]) == .serve(write: false))
        #expect(s.shouldRead(on: [.readable]))
    }

    @Test func TLSWriteWaitingForARecord_AsksForReadable_EvenWhileReadingIsPaused() {
        var s = plain()
        s.errorAnswerQueued(bytes: 100)
        s.writeBlocked(untilReadable: true)
        #expect(s.interest.contains(.readable))
        // Readable then means: write again, not read.
        #expect(s.ready([.readable]) == .serve(write: true))
        #expect(!s.shouldRead(on: [.readable]))
    }

    @Test func ReadWaitingForWritable_ReadsAgainWhenWritable() {
        var s = plain()
        s.startedReading()
        s.readWaits(forWritable: true)
        #expect(s.interest.contains(.writable))
        #expect(s.ready([.writable]) == .serve(write: false))
        #expect(s.shouldRead(on: [.writable]))
        s.startedReading()
        #expect(!s.interest.contains(.writable))
    }
}
