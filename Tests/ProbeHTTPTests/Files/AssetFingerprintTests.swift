#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import ProbeHTTP
@testable import ProbeHTTPTesting

/// The page's HTML names each script and stylesheet by its content, and a request for that
/// content is answered as immutable; the HTML itself, and every other request, is revalidated.
@Suite struct AssetFingerprintTests {
    @Test func LocalReferences_AreNamedByTheirVersion_AndNothingElse() {
        let html = Array("""
        <link rel="icon" href="data:,"><link rel="stylesheet" href="app.css">
        <script src="probes/a.js" defer></script><script src="/b.js"></script>
        <a href="https://example.com/x.js">x</a><a href="/runs/">runs</a><a href="away.html">a</a>
        <script src="c.js?x=1"></script><img src="../up.png"><script src="missing.js"></script>
        """.utf8)
        let versions = ["app.css": "c55", "probes/a.js": "a11", "b.js": "b22", "frames/b.js": "wrong", "c.js": "c33", "up.png": "u44"]
        let (body, keys) = AssetFingerprints.rewrite(html, directory: "", version: { versions[$0] })
        let text = String(decoding: body, as: UTF8.self)
        #expect(text.contains(#"href="app.css?v=c55""#))
        #expect(text.contains(#"src="probes/a.js?v=a11""#))
        #expect(text.contains(#"src="/b.js?v=b22""#))
        // Another origin, a folder, a page, a query of its own, a way out of the root and a
        // file the server does not have stay as written.
        for kept in [#"href="data:,""#, #"href="https://example.com/x.js""#, #"href="/runs/""#, #"href="away.html""#,
                     #"src="c.js?x=1""#, #"src="../up.png""#, #"src="missing.js""#] {
            #expect(text.contains(kept), "\(kept)")
        }
        #expect(keys == ["app.css", "probes/a.js", "b.js"])
    }

    @Test func ReferencesInAFolder_ResolveFromIt() {
        let (body, keys) = AssetFingerprints.rewrite(Array(#"<script src="camera.js" defer></script>"#.utf8), directory: "frames/") {
            $0 == "frames/camera.js" ? "f1" : nil
        }
        #expect(String(decoding: body, as: UTF8.self) == #"<script src="camera.js?v=f1" defer></script>"#)
        #expect(keys == ["frames/camera.js"])
    }

    @Test func ServedPage_NamesItsScriptsByContent_AndTheirVersionIsImmutable() throws {
        let s = try TestServer()
        try "<!doctype html><script src=\"fp.js\" defer></script>".write(toFile: s.root + "/fp.html", atomically: true, encoding: .utf8)
        try "console.log(1)".write(toFile: s.root + "/fp.js", atomically: true, encoding: .utf8)
        let c = try s.client()
        c.send("GET /fp.html HTTP/1.1\r\nHost: t\r\n\r\n")
        let page = try #require(c.readResponse())
        #expect(page.headers["cache-control"] == "no-cache")
        let src = try #require(page.text.firstMatch(of: /src="(fp\.js\?v=[0-9a-f]+)"/)?.1)

        c.send("GET /\(src) HTTP/1.1\r\nHost: t\r\n\r\n")
        let named = try #require(c.readResponse())
        #expect(named.text == "console.log(1)")
        #expect(named.headers["cache-control"] == "public, max-age=31536000, immutable")

        // The same file under no version, or an old one, is revalidated.
        for path in ["/fp.js", "/fp.js?v=0123456789abcdef0123", "/fp.js?v=\(src.split(separator: "=")[1])&x=1"] {
            c.send("GET \(path) HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try #require(c.readResponse()).headers["cache-control"] == "no-cache", "\(path)")
        }
    }

    @Test func ChangedScript_IsNamedAnewByTheNextPage() throws {
        let s = try TestServer()
        try "<script src=\"fp2.js\"></script>".write(toFile: s.root + "/fp2.html", atomically: true, encoding: .utf8)
        try "one()".write(toFile: s.root + "/fp2.js", atomically: true, encoding: .utf8)
        let c = try s.client()
        c.send("GET /fp2.html HTTP/1.1\r\nHost: t\r\n\r\n")
        let before = try #require(c.readResponse())
        // A new size and modification time; the cache looks again within a second.
        try "two(2)".write(toFile: s.root + "/fp2.js", atomically: true, encoding: .utf8)
        var after = before
        for _ in 0..<40 where after.text == before.text {
            usleep(100_000)
            c.send("GET /fp2.html HTTP/1.1\r\nHost: t\r\n\r\n")
            after = try #require(c.readResponse())
        }
        #expect(after.text != before.text, "the page still names the old script")
        #expect(after.headers["etag"] != before.headers["etag"])
        let src = try #require(after.text.firstMatch(of: /src="(fp2\.js\?v=[0-9a-f]+)"/)?.1)
        c.send("GET /\(src) HTTP/1.1\r\nHost: t\r\n\r\n")
        let named = try #require(c.readResponse())
        #expect(named.text == "two(2)")
        #expect(named.headers["cache-control"] == "public, max-age=31536000, immutable")
    }
}
