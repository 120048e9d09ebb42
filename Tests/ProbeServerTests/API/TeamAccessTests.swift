import Foundation
import Testing
@testable import ProbeServer
@testable import ProbeHTTP

@Suite struct TeamAccessTests {
    /// RFC 4231 §4.2, test case 1.
    @Test func HMACSHA256_MatchesRFC4231() {
        let key = [UInt8](repeating: 0x0b, count: 20)
        #expect(Digest.hex(Digest.hmacSHA256(key: key, Array("Hi There".utf8)))
            == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
    }

    @Test func WebhookSignature_SignsVersionTimestampDeliveryAndBody_InThatOrder() {
        #expect(WebhookSignature.signedBytes(timestamp: 1_700_000_000, deliveryID: "d1", body: Array("{}".utf8))
            == Array("v1:1700000000.d1.{}".utf8))
    }

    @Test func NamedTokens_KeepOnlyDigests_AndARevokedTokenNoLongerMatches() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tokens-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let tokens = NamedTokens(dataDirectory: directory)
        let secret = try tokens.create(name: "ci", scope: .ingest)
        let file = try String(contentsOfFile: tokens.path, encoding: .utf8)
        #expect(!file.contains(secret))
        #expect(file.contains(Digest.hex(Digest.sha256(Array(secret.utf8)))))
        #expect(tokens.match(secret)?.scope == .ingest)
        #expect(tokens.match(secret + "x") == nil)
        #expect(throws: NamedTokens.ChangeError.self) { _ = try tokens.create(name: "ci", scope: .read) }
        #expect(throws: NamedTokens.ChangeError.self) { _ = try tokens.create(name: "has space", scope: .read) }
        try tokens.revoke(name: "ci")
        #expect(tokens.match(secret) == nil)
    }

    @Test func Scopes_GrantThemselvesAndAdminGrantsAll() {
        #expect(TokenScope.admin.grants(.read) && TokenScope.admin.grants(.ingest) && TokenScope.admin.grants(.admin))
        #expect(TokenScope.read.grants(.read) && !TokenScope.read.grants(.ingest) && !TokenScope.read.grants(.admin))
        #expect(TokenScope.ingest.grants(.ingest) && !TokenScope.ingest.grants(.read) && !TokenScope.ingest.grants(.admin))
    }
}
