#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import BeyondEssentials
import Foundation
import Testing
@testable import ProbeHTTP
@testable import ProbeHTTPTesting

/// A long poll whose client leaves at any moment ends at once, over real sockets: the
/// hang-up is put in the window between the request's dispatch and the handler's
/// `onAbandon` by ordering events on the one loop, not by timing.
@Suite struct LongPollHangUpTests {
    /// How long a test waits for the event it needs before it says the event never came.
    static func eventDeadline() -> DispatchTime { .now() + .seconds(10) }

    /// The promise a `.later` handler was handed, kept until the test registers its `onAbandon`.
    final class PendingPromise: @unchecked Sendable {
        private let lock = Lock()
        private var promise: ReplyPromise?
        let handed = DispatchSemaphore(value: 0)
        func keep(_ p: ReplyPromise) {
            lock.withLock { promise = p }
            handed.signal()
        }
        var value: ReplyPromise? { lock.withLock { promise } }
    }

    @Test func ClientLeavingBeforeTheWaitRegisters_EndsTheWaitAndClosesAtOnce() throws {
        let pending = PendingPromise()
        let abandoned = DispatchSemaphore(value: 0)
        var router = Router()
        // A wait that registers onAbandon only later, as `GET /api/runs/{id}/wait` does from
        // another thread once the run is looked up.
        router.add("GET", "/wait") { _ in .later { promise in pending.keep(promise) } }
        router.add("GET", "/register") { _ in
            pending.value?.onAbandon { abandoned.signal() }
            return .now(.text("registered"))
        }
        // One loop: every event of both connections is handled in order on one thread.
        let server = try TestServer(router: router) { $0.eventLoops = 1 }

        let waiter = try server.client()
        // Corked, the request is held and the FIN leaves with it in one segment (tcp(7)
        // TCP_CORK): the loop reads the request and the FIN in one burst, before the handler
        // has registered anything.
        var on: Int32 = 1
        setsockopt(waiter.fd, Int32(IPPROTO_TCP), TCP_CORK, &on, socklen_t(MemoryLayout<Int32>.size))
        waiter.send("GET /wait HTTP/1.1\r\nHost: x\r\n\r\n")
        waiter.shutdownWrite()
        try #require(pending.handed.wait(timeout: Self.eventDeadline()) == .success, "the wait was never dispatched")

        // Served on the same loop after the waiter's burst (its FIN read) ended.
        let other = try server.client()
        other.send("GET /register HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(other.readResponse()?.status == 200)

        #expect(abandoned.wait(timeout: Self.eventDeadline()) == .success, "the wait outlived its client")
        #expect(waiter.isClosedByPeer(), "the server still holds the connection of a client that left")
    }
}
