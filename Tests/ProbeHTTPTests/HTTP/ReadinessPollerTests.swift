#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import ProbeHTTP

/// Both kernel interfaces a loop can wait on report the same readiness for the same
/// descriptors, through add, modify and remove: the poll(2) loop (a Darwin build's, and
/// `PROBE_EVENT_LOOP=poll`'s) is the epoll loop's equal.
@Suite struct ReadinessPollerTests {
    /// A non-blocking pipe: (read end, write end).
    static func pipeEnds() -> (Int32, Int32) {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        return (ends[0], ends[1])
    }

    static func ready(_ poller: any ReadinessPoller) -> [Int32: Readiness] {
        var seen: [Int32: Readiness] = [:]
        #expect(poller.wait(timeoutMs: 0) { seen[$0] = $1 })
        return seen
    }

    @Test(arguments: [ReadinessBackend.epoll, .poll])
    func ABackend_ReportsWhatIsReady_AndForgetsWhatWasRemoved(_ backend: ReadinessBackend) throws {
        let poller = try backend.make()
        defer { poller.close() }
        let (readEnd, writeEnd) = Self.pipeEnds()
        let (otherRead, otherWrite) = Self.pipeEnds()
        defer { [readEnd, writeEnd, otherRead].forEach { _ = close($0) } }

        poller.add(readEnd, .readable)
        poller.add(otherRead, .readable)
        #expect(Self.ready(poller).isEmpty, "nothing written yet")

        var byte: UInt8 = 7
        _ = write(writeEnd, &byte, 1)
        #expect(Self.ready(poller) == [readEnd: .readable])

        // The write end has room: asked for, it is writable; asked for nothing, it is quiet.
        poller.add(writeEnd, .writable)
        #expect(Self.ready(poller)[writeEnd] == .writable)
        poller.modify(writeEnd, [])
        #expect(Self.ready(poller)[writeEnd] == nil)

        // Removing one descriptor leaves the others as they were (poll moves the last into its place).
        poller.remove(readEnd)
        _ = write(otherWrite, &byte, 1)
        #expect(Self.ready(poller) == [otherRead: .readable])

        // A closed peer: the read end reports a hang-up.
        _ = close(otherWrite)
        let after = Self.ready(poller)[otherRead] ?? []
        #expect(after.contains(.readable) || after.contains(.hungUp))
    }

    @Test func AnUnknownLoop_IsRefusedNamingTheTwo() throws {
        #expect(try ReadinessBackend.named(nil) == .epoll)
        #expect(try ReadinessBackend.named("poll") == .poll)
        #expect(throws: UnknownEventLoop.self) { try ReadinessBackend.named("kqueue") }
    }
}
