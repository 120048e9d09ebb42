import Testing
@testable import BeyondEssentials

/// What FoundationEssentials lacks and `Text.swift` gives: trimming by scalar, replacing by bytes.
@Suite struct TextTests {
    @Test func Trimming_RemovesUnicodeWhitespaceAtEitherEnd_ByScalar() {
        #expect(" \t\u{00A0}x y\u{2029}\r\n".trimming(.whitespacesAndNewlines) == "x y")
        // "\r\n" is one Character; its scalars are both newlines.
        #expect("line\r\n".trimming(.newlines) == "line")
        #expect(" \n ".trimming(.whitespacesAndNewlines) == "")
    }

    @Test func ReplacingEach_FindsTheTargetInsideACharacter() {
        #expect("a\r\nb".replacingEach("\n", with: "|") == "a\r|b")
        #expect("abc".replacingEach("", with: "x") == "abc")
    }

    @Test func containsBytes_answersAsContainsForAsciiTokens() {
        let ua = "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.193 Mobile Safari/537.36"
        for token in ["Android", "; wv)", "Mozilla", "Safari/537.36", "Safari/537.37", "iPhone", "", "s", "Mobile Safari/537.36 ", "A"] {
            #expect(ua.containsBytes(token) == ua.contains(token), "\(token)")
            #expect(ua[...].containsBytes(token) == ua.contains(token), "\(token) in a substring")
        }
        #expect(!"".containsBytes("a"))
        #expect("ab".containsBytes("ab") && !"ab".containsBytes("abc"))
        #expect("aab".containsBytes("ab"))
    }

    @Test func firstBytesRange_isTheTokensPlaceInTheText() {
        let ua = "Chrome/120.0 Version/4.0 Chrome/121"
        let range = ua.firstBytesRange(of: "Chrome/")
        #expect(range.map { String(ua[$0]) } == "Chrome/")
        #expect(range.map { ua[$0.upperBound...].hasPrefix("120") } == true)
        #expect("héllo Version/4".firstBytesRange(of: "Version/").map { String("héllo Version/4"[$0.upperBound...]) } == "4")
        #expect(ua.firstBytesRange(of: "Firefox/") == nil)
    }
}
