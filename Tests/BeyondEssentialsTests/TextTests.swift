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
}
