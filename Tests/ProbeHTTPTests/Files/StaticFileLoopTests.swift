#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import ProbeHTTP
@testable import ProbeHTTPTesting

/// Static files are read, hashed and compressed on the blocking pool, never on an event loop.
@Suite struct StaticFileLoopTests {
    /// Under `StaticFiles.cacheableBytes`, compressible: the most work a cache miss does.
    static let large: [UInt8] = Array((0..<(6 * 1024 * 1024)).map { i in UInt8(ascii: "a") + UInt8(i % 23) })

    @Test func LargeFileCacheMiss_DoesNotStallAnotherConnectionOnTheSameLoop() throws {
        // One loop: both connections are served by the same thread.
        let s = try TestServer { $0.eventLoops = 1 }
        try Data(Self.large).write(to: URL(fileURLWithPath: s.root + "/large.js"))
        // The pool holds the miss: if it were done on the loop, it would be answered anyway.
        let pool = s.server.context.blockingQueue
        pool.suspend()
        var resumed = false
        defer { if !resumed { pool.resume() } }

        let a = try s.client()
        a.send("GET /large.js HTTP/1.1\r\nHost: t\r\nAccept-Encoding: gzip\r\n\r\n")
        // Sent after `a`'s request: epoll reports `a` first (its ready list is in order), so
        // work done on the loop would have answered `a` before `b` was even accepted.
        let b = try s.client()
        b.send("GET /api/echo-query?n=1 HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(b.readResponse()?.text == #"{"n":"1"}"#)
        // The loop answered `b` while `a`'s file waits on the pool.
        #expect(!a.hasPendingInput())

        pool.resume()
        resumed = true
        let r = try #require(a.readResponse())
        #expect(r.status == 200)
        #expect(r.headers["content-encoding"] == "gzip")
        #expect(Gzip.decompress(r.body) == Self.large)

        // The entry is cached: answered on the loop, the pool held again.
        pool.suspend()
        resumed = false
        a.send("GET /large.js HTTP/1.1\r\nHost: t\r\n\r\n")
        let cached = try #require(a.readResponse())
        #expect(cached.body == Self.large)
        #expect(cached.headers["etag"] != r.headers["etag"])
    }
}
