import Testing
@testable import BeyondEssentials

/// OpenSSL's SHA-256 and HMAC through `Digest`, against the published test vectors.
@Suite struct DigestTests {
    /// FIPS 180-2, appendix B.1: the one-block message "abc".
    @Test func SHA256_MatchesTheFIPSVector() {
        #expect(Digest.hex(Digest.sha256(Array("abc".utf8)))
            == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    /// RFC 4231, test case 2: a key shorter than the block.
    @Test func HMACSHA256_MatchesRFC4231() {
        #expect(Digest.hex(Digest.hmacSHA256(key: Array("Jefe".utf8), Array("what do ya want for nothing?".utf8)))
            == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }
}
