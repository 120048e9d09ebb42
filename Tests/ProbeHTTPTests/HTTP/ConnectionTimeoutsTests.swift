import Testing
@testable import ProbeHTTP

private func at(_ ms: UInt64) -> Instant { Instant(nanoseconds: ms * 1_000_000) }

@Suite struct ConnectionTimeoutsTests {
    let timeouts = HTTPTimeouts()

    @Test func IdleConnection_IsClosedAfter60s() {
        let t = ConnectionTimeouts(timeouts: timeouts, openedAt: at(0))
        #expect(t.check(now: at(59_999)) == nil)
        #expect(t.check(now: at(60_000)) == .close(reason: "idle keep-alive timeout"))
    }

    @Test func HalfSentRequest_IsAnswered408After10s_HoweverOftenBytesArrive() {
        var t = ConnectionTimeouts(timeouts: timeouts, openedAt: at(0))
        t.receivedHeadBytes(at: at(1_000))
        // A slowloris byte every 2 s does not move the header deadline.
        for s in stride(from: 3_000, through: 9_000, by: 2_000) {
            t.receivedHeadBytes(at: at(UInt64(s)))
            #expect(t.check(now: at(UInt64(s))) == nil)
        }
        if case .respondTimeoutAndClose(let reason)? = t.check(now: at(11_000)) {
            #expect(reason.contains("10 s"))
        } else {
            Issue.record("expected a 408")
        }
    }

    @Test func BodyTimeout_RunsFromLastProgress() {
        var t = ConnectionTimeouts(timeouts: timeouts, openedAt: at(0))
        t.receivedHeadBytes(at: at(0))
        t.startedBody(at: at(100))
        t.receivedBodyBytes(at: at(25_000))
        #expect(t.check(now: at(50_000)) == nil)
        #expect(t.check(now: at(55_000)) != nil)
    }

    @Test func HandlerAtWork_HasNoDeadline() {
        var t = ConnectionTimeouts(timeouts: timeouts, openedAt: at(0))
        t.receivedHeadBytes(at: at(0))
        t.startedHandling()
        #expect(t.deadline == nil)
        #expect(t.check(now: at(10_000_000)) == nil)
    }

    @Test func WriteStall_ClosesAfter30sWithoutProgress() {
        var t = ConnectionTimeouts(timeouts: timeouts, openedAt: at(0))
        t.startedWriting(at: at(0))
        t.wroteBytes(at: at(20_000))
        #expect(t.check(now: at(49_000)) == nil)
        #expect(t.check(now: at(50_000)) == .close(reason: "client did not read the response for 30 s"))
    }

    @Test func AfterAResponse_TheIdleClockRestarts() {
        var t = ConnectionTimeouts(timeouts: timeouts, openedAt: at(0))
        t.receivedHeadBytes(at: at(0))
        t.startedHandling()
        t.startedWriting(at: at(5))
        t.finishedWriting(at: at(50_000))
        #expect(t.check(now: at(100_000)) == nil)
        #expect(t.check(now: at(110_000)) != nil)
    }
}
