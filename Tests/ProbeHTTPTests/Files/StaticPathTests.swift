import Testing
@testable import ProbeHTTP

@Suite struct StaticPathTests {
    @Test func TraversalSpellings_AreRejectedAfterDecoding() {
        for path in ["/..%2f..%2f..%2fetc%2fpasswd", "/%2e%2e/%2e%2e/etc/passwd", "/..\\..\\etc\\passwd",
                     "/a/../../etc/passwd", "/./index.html", "//etc/passwd", "/a%00b", "/%2E%2E/x", "/.git/config"] {
            if case .success(let s) = StaticPath.segments(of: path) {
                Issue.record("\(path) was accepted as \(s)")
            }
        }
    }

    @Test func DoubleEncodedDots_StayLiteral() {
        // Decoded once, %252e%252e is the literal name "%2e%2e": a file that does not exist,
        // never a parent directory.
        #expect(StaticPath.segments(of: "/%252e%252e/etc/passwd") == .success(["%2e%2e", "etc", "passwd"]))
    }

    @Test func BadPercentEncoding_IsRejected() {
        #expect(StaticPath.segments(of: "/a%zz") == .failure(.badEncoding))
        #expect(StaticPath.segments(of: "/a%2") == .failure(.badEncoding))
        #expect(StaticPath.segments(of: "/%ff%fe") == .failure(.badEncoding))
    }

    @Test func OrdinaryPaths_AreSegments() {
        #expect(StaticPath.segments(of: "/") == .success([]))
        #expect(StaticPath.segments(of: "/app.js") == .success(["app.js"]))
        #expect(StaticPath.segments(of: "/media/a%20b.png") == .success(["media", "a b.png"]))
        #expect(StaticPath.segments(of: "/media/") == .success(["media", ""]))
    }
}
