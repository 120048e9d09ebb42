import Testing
@testable import ProbeHTTP

/// Feeds `text` to a fresh parser (whole, or one byte at a time) and collects the events
/// until it needs more input or fails.
private func parse(_ text: String, bytewise: Bool = false, limits: HTTPLimits = HTTPLimits(),
                   bodyLimit: Int? = nil) -> (events: [ParseEvent], error: HTTPParseError?) {
    var parser = RequestParser(limits: limits)
    var events: [ParseEvent] = []
    let bytes = Array(text.utf8)
    let pieces: [[UInt8]] = bytewise ? bytes.map { [$0] } : [bytes]
    do {
        for piece in pieces {
            parser.append(piece)
            while let event = try parser.next() {
                events.append(event)
                if case .head = event, let bodyLimit { parser.bodyLimit = bodyLimit }
            }
        }
    } catch {
        return (events, error)
    }
    return (events, nil)
}

private func heads(_ events: [ParseEvent]) -> [RequestHead] {
    events.compactMap { if case .head(let h) = $0 { return h } else { return nil } }
}

private func bodies(_ events: [ParseEvent]) -> [String] {
    events.compactMap { if case .message(let b, _) = $0 { return String(decoding: b, as: UTF8.self) } else { return nil } }
}

@Suite struct RequestParserTests {
    @Test func GETRequest_IsParsed() {
        let r = parse("GET /a/b?x=1&y=%20 HTTP/1.1\r\nHost: example\r\nUser-Agent: t\r\n\r\n")
        #expect(r.error == nil)
        let h = heads(r.events)
        #expect(h.count == 1)
        #expect(h[0].method == "GET")
        #expect(h[0].path == "/a/b")
        #expect(h[0].query == "x=1&y=%20")
        #expect(h[0].version == .http1_1)
        #expect(h[0].headers["user-agent"] == "t")
        #expect(h[0].headers["HOST"] == "example")
        #expect(bodies(r.events) == [""])
    }

    @Test func InputFedOneByteAtATime_GivesTheSameRequests() {
        let text = "POST /r HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhello"
            + "POST /c HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n3;ext=1\r\nabc\r\n2\r\nde\r\n0\r\nX-T: 1\r\n\r\n"
        let whole = parse(text)
        let bytewise = parse(text, bytewise: true)
        #expect(whole.error == nil && bytewise.error == nil)
        #expect(whole.events == bytewise.events)
        #expect(bodies(bytewise.events) == ["hello", "abcde"])
    }

    @Test func PipelinedRequests_AreParsedInOrder() {
        let text = (1...5).map { "GET /\($0) HTTP/1.1\r\nHost: h\r\n\r\n" }.joined()
        let r = parse(text)
        #expect(heads(r.events).map(\.path) == ["/1", "/2", "/3", "/4", "/5"])
    }

    @Test func ChunkedBody_WithExtensionsAndTrailers_IsDecoded() {
        let r = parse("POST /u HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "4 ; name=value;flag\r\nWiki\r\n5\r\npedia\r\nE\r\n in\r\n\r\nchunks.\r\n0\r\nExpires: never\r\nX-Sum: 1\r\n\r\n")
        #expect(r.error == nil)
        #expect(bodies(r.events) == ["Wikipedia in\r\n\r\nchunks."])
        if case .message(_, let trailers)? = r.events.last {
            #expect(trailers["expires"] == "never")
            #expect(trailers["x-sum"] == "1")
        } else {
            Issue.record("no message event")
        }
    }

    @Test func HTTP10Request_DefaultsToClose_AndNeedsNoHost() {
        let r = parse("GET / HTTP/1.0\r\n\r\n")
        #expect(r.error == nil)
        #expect(heads(r.events).first?.keepAlive == false)
        let k = parse("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(heads(k.events).first?.keepAlive == true)
    }

    @Test func HTTP11_KeepsAliveUnlessClose() {
        #expect(heads(parse("GET / HTTP/1.1\r\nHost: h\r\n\r\n").events).first?.keepAlive == true)
        #expect(heads(parse("GET / HTTP/1.1\r\nHost: h\r\nConnection: Close\r\n\r\n").events).first?.keepAlive == false)
    }

    @Test func LeadingEmptyLines_AreIgnored() {
        let r = parse("\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(r.error == nil)
        #expect(heads(r.events).count == 1)
    }

    @Test func AbsoluteFormTarget_YieldsPath() {
        let r = parse("GET http://example.com/p/q?z=1 HTTP/1.1\r\nHost: example.com\r\n\r\n")
        #expect(heads(r.events).first?.path == "/p/q")
        #expect(heads(r.events).first?.query == "z=1")
    }

    // MARK: Limits

    @Test func RequestLineOverLimit_Is414() {
        let r = parse("GET /" + String(repeating: "a", count: 9000) + " HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(r.error?.status.code == 414)
    }

    @Test func RequestLineOverLimit_Is414_EvenWithoutLineEnd() {
        let r = parse("GET /" + String(repeating: "a", count: 9000), bytewise: false)
        #expect(r.error?.status.code == 414)
    }

    @Test func HeadersOverLimit_Are431() {
        let big = "X-Big: " + String(repeating: "v", count: 70 * 1024) + "\r\n"
        #expect(parse("GET / HTTP/1.1\r\nHost: h\r\n" + big + "\r\n").error?.status.code == 431)
        // Many small headers add up too.
        let many = (0..<99).map { "X-\($0): " + String(repeating: "v", count: 700) + "\r\n" }.joined()
        #expect(parse("GET / HTTP/1.1\r\nHost: h\r\n" + many + "\r\n").error?.status.code == 431)
    }

    @Test func MoreThan100Fields_Are431() {
        let fields = (0..<100).map { "X-\($0): v\r\n" }.joined()
        #expect(parse("GET / HTTP/1.1\r\nHost: h\r\n" + fields + "\r\n").error?.status.code == 431)
        let ok = (0..<99).map { "X-\($0): v\r\n" }.joined()
        #expect(parse("GET / HTTP/1.1\r\nHost: h\r\n" + ok + "\r\n").error == nil)
    }

    @Test func BodyOverLimit_Is413_BeforeItIsRead() {
        let r = parse("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 2000000\r\n\r\n")
        #expect(r.error?.status.code == 413)
        #expect(r.error?.message.contains("limit") == true)
    }

    @Test func ChunkedBodyOverLimit_Is413() {
        let r = parse("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n0123456789abcdef\r\n10\r\n",
                      bodyLimit: 20)
        #expect(r.error?.status.code == 413)
    }

    @Test func UploadLimit_IsRaisedPerRoute() {
        let body = String(repeating: "x", count: 2_000_000)
        let r = parse("POST /upload HTTP/1.1\r\nHost: h\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body,
                      bodyLimit: HTTPLimits().uploadBodyBytes)
        #expect(r.error == nil)
        #expect(bodies(r.events).first?.count == 2_000_000)
    }

    // MARK: Rejections

    @Test func ContentLengthWithTransferEncoding_IsRejected() {
        let r = parse("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n")
        #expect(r.error?.status.code == 400)
        #expect(r.error?.message.contains("Transfer-Encoding") == true)
    }

    @Test func ConflictingContentLength_IsRejected() {
        #expect(parse("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello").error?.status.code == 400)
        #expect(parse("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 5, 6\r\n\r\nhello").error?.status.code == 400)
        // Identical repeats are allowed (RFC 9112 §6.3).
        #expect(parse("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 5, 5\r\n\r\nhello").error == nil)
    }

    @Test func InvalidContentLength_IsRejected() {
        for value in ["-5", "+5", "5a", "0x10", "", " ", "1 2"] {
            #expect(parse("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: \(value)\r\n\r\n").error?.status.code == 400, "\(value)")
        }
        #expect(parse("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 99999999999999999999999\r\n\r\n").error?.status.code == 413)
    }

    @Test func UnsupportedTransferCoding_Is501_AndNonFinalChunked_Is400() {
        #expect(parse("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip, chunked\r\n\r\n").error?.status.code == 501)
        #expect(parse("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked, gzip\r\n\r\n").error?.status.code == 400)
        #expect(parse("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: xchunked\r\n\r\n").error?.status.code == 400)
        #expect(parse("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n").error?.status.code == 400)
    }

    @Test func ObsFold_IsRejected() {
        let r = parse("GET / HTTP/1.1\r\nHost: h\r\nX-A: one\r\n two\r\n\r\n")
        #expect(r.error?.status.code == 400)
        #expect(r.error?.message.contains("folding") == true)
    }

    @Test func WhitespaceBeforeColon_IsRejected() {
        #expect(parse("GET / HTTP/1.1\r\nHost : h\r\n\r\n").error?.status.code == 400)
    }

    @Test func ControlCharactersInTarget_AreRejected() {
        #expect(parse("GET /a\u{01}b HTTP/1.1\r\nHost: h\r\n\r\n").error?.status.code == 400)
        #expect(parse("GET /a\u{7F} HTTP/1.1\r\nHost: h\r\n\r\n").error?.status.code == 400)
        #expect(parse("GET /é HTTP/1.1\r\nHost: h\r\n\r\n").error?.status.code == 400)
    }

    @Test func ControlCharactersInHeaderValues_AreRejected() {
        #expect(parse("GET / HTTP/1.1\r\nHost: h\r\nX: a\u{00}b\r\n\r\n").error?.status.code == 400)
        #expect(parse("GET / HTTP/1.1\r\nHost: h\r\nX: a\rb\r\n\r\n").error?.status.code == 400)
        // HTAB is allowed inside a value.
        #expect(parse("GET / HTTP/1.1\r\nHost: h\r\nX: a\tb\r\n\r\n").error == nil)
    }

    @Test func BareLF_IsRejected() {
        #expect(parse("GET / HTTP/1.1\nHost: h\n\n").error?.status.code == 400)
    }

    @Test func MissingOrDuplicateHost_IsRejected() {
        #expect(parse("GET / HTTP/1.1\r\n\r\n").error?.status.code == 400)
        #expect(parse("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n").error?.status.code == 400)
    }

    @Test func UnsupportedVersion_Is505_AndGarbage_Is400() {
        #expect(parse("GET / HTTP/2.0\r\nHost: h\r\n\r\n").error?.status.code == 505)
        #expect(parse("GET / HTTP/3.0\r\nHost: h\r\n\r\n").error?.status.code == 505)
        #expect(parse("GET / HTTX/1.1\r\nHost: h\r\n\r\n").error?.status.code == 400)
        #expect(parse("GET /  HTTP/1.1\r\nHost: h\r\n\r\n").error?.status.code == 400)
        #expect(parse("\u{16}\u{03}\u{01}\u{02}\u{00}\r\n\r\n").error?.status.code == 400)
    }

    @Test func ChunkSizeOverflow_IsRejected() {
        let r = parse("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFF\r\n")
        #expect(r.error?.status.code == 400)
        #expect(parse("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n").error?.status.code == 400)
        #expect(parse("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n-1\r\n").error?.status.code == 400)
    }

    @Test func ChunkDataNotFollowedByCRLF_IsRejected() {
        #expect(parse("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcX\r\n0\r\n\r\n").error?.status.code == 400)
    }

    @Test func TransferEncodingInHTTP10_IsRejected() {
        #expect(parse("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n").error?.status.code == 400)
    }

    @Test func AfterAnError_TheParserStaysFailed() {
        var parser = RequestParser()
        parser.append(Array("GET / HTTP/9.9\r\n\r\n".utf8))
        #expect(throws: HTTPParseError.self) { try parser.next() }
        parser.append(Array("GET / HTTP/1.1\r\nHost: h\r\n\r\n".utf8))
        #expect(throws: HTTPParseError.self) { try parser.next() }
    }

    /// A 256 KiB header line fed one byte at a time took FlyingFox 36 s; ours must stay
    /// linear. Not a timed test: it counts that the parser never rescans (scanFrom moves on).
    @Test func LongLineFedBytewise_IsRejectedWithoutRescanning() {
        var limits = HTTPLimits()
        limits.headerBytes = 300 * 1024
        var parser = RequestParser(limits: limits)
        parser.append(Array("GET / HTTP/1.1\r\nHost: h\r\nX: ".utf8))
        var failed = false
        for _ in 0..<(256 * 1024) {
            parser.append([UInt8(ascii: "a")])
            do { _ = try parser.next() } catch { failed = true; break }
        }
        #expect(!failed)
        parser.append(Array("\r\n\r\n".utf8))
        #expect((try? parser.next()).flatMap { $0 } != nil)
    }
}
