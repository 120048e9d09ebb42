#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import ProbeHTTP
@testable import ProbeHTTPTesting

/// The real server over real loopback sockets.
@Suite struct ServerIntegrationTests {
    @Test func KeepAlive_ServesManyRequestsOnOneConnection() throws {
        let s = try TestServer()
        let c = try s.client()
        for _ in 0..<20 {
            c.send("GET /app.js HTTP/1.1\r\nHost: t\r\n\r\n")
            let r = try #require(c.readResponse())
            #expect(r.status == 200)
            #expect(r.body == TestServer.script)
            #expect(r.headers["connection"] == nil)
        }
    }

    @Test func PipelinedRequests_AreAnsweredInOrder() throws {
        // One loop: every event of both connections is handled in order on one thread.
        let s = try TestServer { $0.eventLoops = 1 }
        let c = try s.client()
        // A held (offloaded) request first: the quick ones behind it must wait their turn.
        c.send("POST /api/held HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\n\r\nabc"
            + "GET /api/echo-query?n=1 HTTP/1.1\r\nHost: t\r\n\r\n"
            + "GET /api/echo-query?n=2 HTTP/1.1\r\nHost: t\r\n\r\n"
            + "HEAD /app.js HTTP/1.1\r\nHost: t\r\n\r\n"
            + "GET /api/echo-query?n=3 HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        try #require(s.held.started.wait(timeout: .now() + 10) == .success, "the first request never reached its handler")
        // Answered on the same loop after the turn that read the pipelined requests: a quick
        // one answered out of turn would be waiting in `c` by now.
        let other = try s.client()
        other.send("GET /api/echo-query?n=0 HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(other.readResponse()?.text == #"{"n":"0"}"#)
        #expect(!c.hasPendingInput(), "a request behind the held one was answered before it")
        s.held.release()
        #expect(c.readResponse()?.text == "held 3")
        #expect(c.readResponse()?.text == #"{"n":"1"}"#)
        #expect(c.readResponse()?.text == #"{"n":"2"}"#)
        let head = try #require(c.readResponse(head: true))
        #expect(head.headers["content-length"] == "25000")
        let last = try #require(c.readResponse())
        #expect(last.text == #"{"n":"3"}"#)
        #expect(last.headers["connection"] == "close")
        #expect(c.readToEnd().isEmpty && c.sawEOF)
    }

    @Test func PipelinedRequests_BeyondTheHighWaterMark_AreAllAnswered_OnceTheClientReads() throws {
        let s = try TestServer()
        let c = try s.client()
        // 400 scripts of 25 KB (10 MB): more than loopback's socket buffers take, so answers
        // back up past the queued-answer mark (`Connection.outputHighWater`) while the client
        // reads nothing. Processing pauses there and must resume as the client reads, although
        // it sends nothing more.
        let count = 400
        c.send(String(repeating: "GET /app.js HTTP/1.1\r\nHost: t\r\n\r\n", count: count))
        #expect(count * TestServer.script.count > 16 * Connection.outputHighWater)
        for i in 0..<count {
            let r = try #require(c.readResponse(), "answer \(i + 1) of \(count) did not come")
            #expect(r.body == TestServer.script)
        }
    }

    @Test func IfNoneMatch_Gives304() throws {
        let s = try TestServer()
        let c = try s.client()
        c.send("GET /app.js HTTP/1.1\r\nHost: t\r\n\r\n")
        let first = try #require(c.readResponse())
        let etag = try #require(first.headers["etag"])
        #expect(first.headers["cache-control"] != nil)
        c.send("GET /app.js HTTP/1.1\r\nHost: t\r\nIf-None-Match: \"nope\", \(etag)\r\n\r\n")
        let second = try #require(c.readResponse())
        #expect(second.status == 304)
        #expect(second.body.isEmpty)
        #expect(second.headers["etag"] == etag)
    }

    @Test func Gzip_IsServedWhenAccepted_AndDecodesToTheFile() throws {
        let s = try TestServer()
        let c = try s.client()
        c.send("GET /app.js HTTP/1.1\r\nHost: t\r\nAccept-Encoding: br, gzip;q=0.8\r\n\r\n")
        let r = try #require(c.readResponse())
        #expect(r.headers["content-encoding"] == "gzip")
        #expect(r.headers["vary"] == "Accept-Encoding")
        #expect(r.body.count < TestServer.script.count / 3)
        #expect(Gzip.decompress(r.body) == TestServer.script)
        c.send("GET /app.js HTTP/1.1\r\nHost: t\r\nAccept-Encoding: gzip;q=0\r\n\r\n")
        #expect(c.readResponse()?.headers["content-encoding"] == nil)
        // The gzip representation has its own strong ETag.
        c.send("GET /app.js HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(c.readResponse()?.headers["etag"] != r.headers["etag"])
    }

    @Test func HEAD_HasTheHeadersOfGET_AndNoBody() throws {
        let s = try TestServer()
        let c = try s.client()
        c.send("HEAD / HTTP/1.1\r\nHost: t\r\n\r\nGET /api/echo-query?after=head HTTP/1.1\r\nHost: t\r\n\r\n")
        let r = try #require(c.readResponse(head: true))
        #expect(r.status == 200)
        #expect(r.headers["content-type"] == "text/html; charset=utf-8")
        #expect(Int(r.headers["content-length"] ?? "") ?? 0 > 0)
        // If a body had been sent, it would be read as the next response's head.
        #expect(c.readResponse()?.text == #"{"after":"head"}"#)
    }

    @Test func WrongMethod_Is405WithAllow() throws {
        let s = try TestServer()
        let c = try s.client()
        c.send("DELETE /api/echo HTTP/1.1\r\nHost: t\r\n\r\n")
        let r = try #require(c.readResponse())
        #expect(r.status == 405)
        #expect(r.headers["allow"] == "POST")
        c.send("PUT /index.html HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\n")
        #expect(c.readResponse()?.status == 405)
        c.send("BREW /pot HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(c.readResponse()?.status == 501)
    }

    @Test(arguments: [
        "/..%2f..%2f..%2fetc%2fpasswd", "/%2e%2e/%2e%2e/etc/passwd", "/..\\..\\etc\\passwd",
        "/%252e%252e/etc/passwd", "/escape/secret.txt", "/escape.txt", "/../../etc/passwd",
        "/%2e%2e%2f%2e%2e%2fetc%2fpasswd", "/media/..%2f..%2f..%2fetc%2fpasswd",
    ])
    func TraversalAttempts_NeverLeaveTheRoot(path: String) throws {
        let s = try TestServer()
        let c = try s.client()
        c.send("GET \(path) HTTP/1.1\r\nHost: t\r\n\r\n")
        let r = try #require(c.readResponse())
        #expect(r.status == 400 || r.status == 404, "\(path) → \(r.status)")
        #expect(!r.text.contains("secret"))
        #expect(!r.text.contains("root:"))
    }

    @Test func Folder_ServesIndex_AndRedirectsWithoutSlash() throws {
        let s = try TestServer()
        let c = try s.client()
        c.send("GET /media/ HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(c.readResponse()?.text == "sub index\n")
        c.send("GET /media?x=1 HTTP/1.1\r\nHost: t\r\n\r\n")
        let r = try #require(c.readResponse())
        #expect(r.status == 301)
        #expect(r.headers["location"] == "/media/?x=1")
        c.send("GET /media/pixel.png HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(c.readResponse()?.headers["content-type"] == "image/png")
    }

    @Test func EveryResponse_CarriesTheSecurityHeaders() throws {
        let s = try TestServer()
        let c = try s.client()
        for req in ["GET / HTTP/1.1", "GET /nope HTTP/1.1", "GET /api/echo-query HTTP/1.1", "DELETE /api/echo HTTP/1.1"] {
            c.send("\(req)\r\nHost: t\r\n\r\n")
            let r = try #require(c.readResponse())
            #expect(r.headers["x-content-type-options"] == "nosniff")
            #expect(r.headers["referrer-policy"] == "no-referrer")
            #expect(r.headers["content-security-policy"]?.contains("default-src 'self'") == true)
        }
    }

    @Test func HalfSentRequestLine_IsClosedAtTheHeaderTimeout() throws {
        var t = HTTPTimeouts()
        t.headerRead = .milliseconds(300)
        let s = try TestServer(timeouts: t)
        // The client waits up to 30 s: the 408 must come from the server's clock, not the client's.
        let c = try s.client(timeout: 30)
        c.send("GET /index.ht")
        let r = try #require(c.readResponse())
        #expect(r.status == 408)
        #expect(r.headers["connection"] == "close")
        #expect(c.isClosedByPeer())
    }

    @Test func SlowlorisHeaderBytes_DoNotExtendTheHeaderTimeout() throws {
        var t = HTTPTimeouts()
        t.headerRead = .milliseconds(400)
        let s = try TestServer(timeouts: t)
        let c = try s.client(timeout: 30)
        c.send("GET / HTTP/1.1\r\n")
        // A header line every 100 ms, for far longer than the 400 ms timeout: if each byte
        // restarted the clock, the server would never answer while the lines keep coming.
        // The next line goes as soon as 100 ms pass without an answer; the answer ends the trickle.
        var linesSent = 0
        while linesSent < 100 && !c.hasPendingInput(waitingUpTo: 100) {
            c.send("X-\(linesSent): 1\r\n")
            linesSent += 1
        }
        #expect(linesSent < 100, "the server waited for the whole trickle")
        let r = try #require(c.readResponse())
        #expect(r.status == 408)
    }

    @Test func IdleKeepAlive_IsClosed() throws {
        var t = HTTPTimeouts()
        t.idle = .milliseconds(200)
        let s = try TestServer(timeouts: t)
        // 30 s on the client's side: the close must be the server's idle timeout.
        let c = try s.client(timeout: 30)
        c.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(c.readResponse()?.status == 200)
        #expect(c.readToEnd().isEmpty && c.sawEOF)
    }

    @Test func ChunkedUpload_IsEchoed() throws {
        let s = try TestServer()
        let c = try s.client()
        c.send("POST /api/echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n5;x=y\r\nhello\r\n6\r\n world\r\n0\r\nX-Trailer: t\r\n\r\n")
        #expect(c.readResponse()?.text == "hello world")
    }

    @Test func ExpectContinue_Gets100ThenTheResponse() throws {
        let s = try TestServer()
        let c = try s.client()
        c.send("POST /api/echo HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\n")
        let interim = try #require(c.readResponse())
        #expect(interim.status == 100)
        c.send("ping")
        #expect(c.readResponse()?.text == "ping")
    }

    @Test func ExpectContinue_WithTooLargeBody_Is413BeforeTheBodyIsSent() throws {
        let s = try TestServer()
        let c = try s.client()
        c.send("POST /api/echo HTTP/1.1\r\nHost: t\r\nContent-Length: 99000000\r\nExpect: 100-continue\r\n\r\n")
        let r = try #require(c.readResponse())
        #expect(r.status == 413)
        #expect(r.headers["connection"] == "close")
        #expect(r.text.contains("limit"))
    }

    @Test func HTTP10Client_GetsAnAnswerAndAClose() throws {
        let s = try TestServer()
        let c = try s.client()
        c.send("GET /index.html HTTP/1.0\r\n\r\n")
        let r = try #require(c.readResponse())
        #expect(r.status == 200)
        #expect(r.headers["connection"] == "close")
        #expect(c.readToEnd().isEmpty && c.sawEOF)
    }

    @Test func MalformedRequest_Gets400WithAReasonAndClose() throws {
        let s = try TestServer()
        let c = try s.client()
        c.send("GET / HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n")
        let r = try #require(c.readResponse())
        #expect(r.status == 400)
        #expect(r.headers["connection"] == "close")
        #expect(r.text.contains("Content-Length together with Transfer-Encoding"))
        #expect(c.readToEnd().isEmpty && c.sawEOF)
    }

    @Test func OversizedHeaders_Get431() throws {
        let s = try TestServer()
        let c = try s.client()
        c.send("GET / HTTP/1.1\r\nHost: t\r\nCookie: " + String(repeating: "a", count: 70_000) + "\r\n\r\n")
        #expect(c.readResponse()?.status == 431)
    }

    @Test func HalfClosedClient_StillGetsItsResponse() throws {
        let s = try TestServer()
        let c = try s.client()
        c.send("GET /index.html HTTP/1.1\r\nHost: t\r\n\r\n")
        c.shutdownWrite()
        #expect(c.readResponse()?.status == 200)
        #expect(c.readToEnd().isEmpty && c.sawEOF)
    }

    @Test func GracefulShutdown_ClosesIdleConnections_AndFinishesInFlightRequests() throws {
        let s = try TestServer()
        let idle = try s.client()
        idle.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(idle.readResponse()?.status == 200)
        let c = try s.client()
        c.send("POST /api/held HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\n\r\nx")
        try #require(s.held.started.wait(timeout: .now() + 10) == .success, "the request never reached its handler")
        let done = DispatchSemaphore(value: 0)
        let server = s.server
        // The grace is a bound the drain must not need: the request is let go at once below.
        Thread { server.shutdown(grace: .seconds(20)); done.signal() }.start()
        // The drain has begun once the server closes the idle connection; the request is in
        // flight through it.
        #expect(idle.isClosedByPeer(), "an idle keep-alive connection outlived the start of the drain")
        s.held.release()
        let r = try #require(c.readResponse())
        #expect(r.text == "held 1")
        #expect(r.headers["connection"] == "close")
        #expect(done.wait(timeout: .now() + 60) == .success)
        // The listener is gone.
        #expect(throws: (any Error).self) { _ = try RawClient(port: s.port) }
    }

    @Test func IPv6Loopback_IsServed() throws {
        let s = try TestServer { $0.host = "::" }
        let c = try RawClient(port: s.port, host: "::1")
        c.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(c.readResponse()?.status == 200)
        let v4 = try RawClient(port: s.port, host: "127.0.0.1")
        v4.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(v4.readResponse()?.status == 200)
    }
}
