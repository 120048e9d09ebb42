import Testing
@testable import ProbeHTTP

/// The static path's shortcuts (an allocation-free Accept-Encoding reading, header lines
/// rendered once per file, routes picked by their first segment) answer exactly as the
/// rules they stand for.
@Suite struct StaticFileHeadersTests {
    @Test(arguments: [
        ("gzip", true), ("GZIP", true), ("x-gzip", true), ("deflate, gzip;q=0.5", true),
        ("gzip;q=0", false), ("gzip; q=0.000", false), ("br, *", true), ("*;q=0, gzip", true),
        ("gzip;q=0, *", false), ("*;q=0", false), ("identity", false), ("", false),
        ("  gzip  ", true), ("deflate;level=1;q=1, gzip ; q=0.8", true), ("gzipx", false),
        ("br;q=1.0, gzip;Q=0", false), ("gzip;q=abc", false),
    ])
    func AcceptEncoding_IsReadAsRFC9110Says(header: String, accepted: Bool) {
        #expect(StaticFiles.acceptsGzip(header) == accepted, "\(header)")
    }

    @Test func AbsentAcceptEncoding_GetsTheIdentityForm() {
        #expect(!StaticFiles.acceptsGzip(nil))
    }

    @Test func RenderedLines_AreTheHeadersTheWriterWouldHaveWritten() {
        let lines = StaticFiles.Entry.lines(etag: "\"abc\"", varies: true, cacheControl: StaticFiles.cacheControl, mediaType: "text/javascript; charset=utf-8", gzip: true)
        #expect(String(decoding: lines, as: UTF8.self) ==
            "ETag: \"abc\"\r\nCache-Control: no-cache\r\nVary: Accept-Encoding\r\nContent-Type: text/javascript; charset=utf-8\r\nContent-Encoding: gzip\r\n")
        let notModified = StaticFiles.Entry.lines(etag: "\"abc\"", varies: false, cacheControl: StaticFiles.cacheControl)
        #expect(String(decoding: notModified, as: UTF8.self) == "ETag: \"abc\"\r\nCache-Control: no-cache\r\n")
    }

    @Test func CombinedHeader_JoinsEveryLineOfTheField_WhateverTheCaseAsked() {
        let headers = HTTPHeaders([("Accept-Encoding", "br"), ("X", "1"), ("accept-encoding", "gzip")])
        #expect(headers.combined("accept-encoding") == "br, gzip")
        #expect(headers.combined("Accept-Encoding") == "br, gzip")
        #expect(headers.combined("x") == "1")
        #expect(headers.combined("absent") == nil)
    }

    @Test func RoutesPickedByFirstSegment_MatchAsAWalkOverEveryRouteWould() {
        var router = Router()
        router.get("/") { _ in Response() }
        router.get("/api/runs/:id") { _ in Response() }
        router.post("/api/runs/:id") { _ in Response() }
        router.get("/:any/x") { _ in Response() }
        router.get("/files/*rest") { _ in Response() }
        router.get("/*all") { _ in Response() }
        func pattern(_ method: String, _ path: String) -> String {
            switch router.lookup(method: method, path: path) {
            case .matched(let r, _): return r.method + " " + r.pattern
            case .methodNotAllowed(let allow): return "405 " + allow.joined(separator: ",")
            case .notFound: return "404"
            }
        }
        #expect(pattern("GET", "/") == "GET /")
        #expect(pattern("GET", "/api/runs/7") == "GET /api/runs/:id")
        #expect(pattern("HEAD", "/api/runs/7") == "GET /api/runs/:id")
        #expect(pattern("DELETE", "/api/runs/7") == "405 GET,HEAD,POST")
        #expect(pattern("GET", "/api/x") == "GET /:any/x")
        #expect(pattern("GET", "/api/y") == "GET /*all")
        #expect(pattern("GET", "/api/x/x") == "GET /*all")
        #expect(pattern("GET", "/files/a/b") == "GET /files/*rest")
        #expect(pattern("GET", "/app.js") == "GET /*all")

        var files = Router()
        files.get("/api/runs") { _ in Response() }
        #expect(pattern2(files, "/app.js") == "404")
        #expect(pattern2(files, "/") == "404")
        #expect(pattern2(files, "//api/runs") == "404")
    }

    private func pattern2(_ router: Router, _ path: String) -> String {
        if case .matched(let r, _) = router.lookup(method: "GET", path: path) { return r.pattern }
        return "404"
    }
}
