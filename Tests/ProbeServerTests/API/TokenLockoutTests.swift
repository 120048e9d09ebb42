import Testing
@testable import ProbeServer
@testable import ProbeHTTP

/// Wrong-token throttling that nobody sharing the operator's address can turn against the
/// right token, while guessing stays bounded (docs/security-capabilities.md, "The token").
@Suite struct TokenLockoutTests {
    /// The generated token's form: 64 hex digits.
    static let generated = String(repeating: "a1b2c3d4", count: 8)
    static let address = "10.0.2.15"
    static let burst = Int(RateLimiter.tokenGuesses.burst)

    /// A request as a browser or a client sends it.
    static func request(_ target: String, _ fields: [(String, String)] = [], from address: String = address) -> Request {
        let path = String(target.split(separator: "?", maxSplits: 1)[0])
        let query = target.contains("?") ? String(target.split(separator: "?", maxSplits: 1)[1]) : ""
        var r = Request(head: RequestHead(method: "GET", target: target, version: .http1_1,
                                          headers: HTTPHeaders([("Host", "192.168.1.23:8443")] + fields),
                                          path: path, query: query, contentLength: nil, isChunked: false))
        r.remoteAddress = address
        r.isSecure = true
        return r
    }

    /// Spends `count` wrong guesses of `address` at `now`.
    static func guess(_ token: AccessToken, _ count: Int, from address: String = address, at now: UInt64 = 1_000) {
        for i in 0..<count { _ = try? token.scope(of: "guess-\(i)", from: address, nowNanos: now) }
    }

    @Test func WrongGuessesFromTheOperatorsAddress_DoNotLockOutTheRightToken() throws {
        let token = AccessToken(value: Self.generated)
        Self.guess(token, 5 * Self.burst)
        #expect(try token.scope(of: Self.generated, from: Self.address, nowNanos: 1_000) == .admin)
    }

    @Test func WrongGuessesBeyondTheBurst_AreStillRefusedUnanswered() {
        let token = AccessToken(value: Self.generated)
        Self.guess(token, Self.burst)
        #expect(throws: HTTPError.self) { try token.scope(of: "one-more", from: Self.address, nowNanos: 1_000) }
        // Another address has its own budget.
        #expect((try? token.scope(of: "one-more", from: "10.0.2.16", nowNanos: 1_000)) == .some(nil))
    }

    @Test func AShortChosenToken_WaitsWithItsAddressesGuesses_SoItCannotBeFoundByTrying() {
        let token = AccessToken(value: "short-chosen")
        Self.guess(token, Self.burst)
        do {
            _ = try token.scope(of: "short-chosen", from: Self.address, nowNanos: 1_000)
            Issue.record("a short token was answered during the lockout")
        } catch {
            #expect(error.status == .tooManyRequests)
            // The same words as for any guess: nothing says the token is short.
            #expect(error.message.contains("at least 32 characters is always taken"))
        }
    }

    @Test func ATokenSentForAnotherSitesPage_IsNotComparedAndSpendsNoGuess() throws {
        let token = AccessToken(value: Self.generated)
        let crossSite: [[(String, String)]] = [
            [("Sec-Fetch-Site", "cross-site"), ("Cookie", "probe_token=guess")],
            [("Origin", "https://evil.example"), ("Authorization", "Bearer guess")],
            [("Sec-Fetch-Site", "same-site"), ("Cookie", "probe_token=guess")],
        ]
        for _ in 0..<(5 * Self.burst) {
            for fields in crossSite {
                #expect(try token.scope(of: Self.request("/api/runs", fields)) == nil)
            }
        }
        // Not one guess was spent: a wrong header token is still only a 401's worth.
        #expect(try token.scope(of: Self.request("/api/runs", [("Authorization", "Bearer wrong")])) == nil)
        // The request's own origin, and one of the server's (`isOwnOrigin`), are looked at.
        #expect(try token.scope(of: Self.request("/api/runs", [("Origin", "https://192.168.1.23:8443"), ("Sec-Fetch-Site", "same-origin"),
                                                             ("Cookie", "probe_token=\(Self.generated)")])) == .admin)
        // The refusal says why the token was not looked at.
        do {
            try token.require(.read, Self.request("/api/runs", [("Sec-Fetch-Site", "cross-site"), ("Cookie", "probe_token=\(Self.generated)")]))
            Issue.record("a cross-site token was taken")
        } catch {
            #expect(error.status == .unauthorized)
            #expect(error.message.contains("another site's page"))
        }
    }

    @Test func QueryToken_IsTakenOnlyFromATopLevelNavigationAPersonMade() throws {
        let token = AccessToken(value: Self.generated)
        let target = "/runs?token=\(Self.generated)"
        let refused: [[(String, String)]] = [
            [],  // curl, or a WebView without Fetch Metadata loading an <img>
            [("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Dest", "image")],
            [("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Dest", "document")],
            [("Sec-Fetch-Site", "same-origin"), ("Sec-Fetch-Dest", "image")],
            [("Sec-Fetch-Site", "same-site"), ("Sec-Fetch-Dest", "document")],
        ]
        for fields in refused {
            do {
                _ = try token.queryToken(in: Self.request(target, fields))
                Issue.record("taken with \(fields)")
            } catch {
                #expect(error.status == .badRequest && error.field == AccessToken.queryName)
            }
        }
        for site in ["none", "same-origin"] {
            #expect(try token.queryToken(in: Self.request(target, [("Sec-Fetch-Site", site), ("Sec-Fetch-Dest", "document")])) == Self.generated)
        }
        #expect(try token.queryToken(in: Self.request("/runs")) == nil)
    }
}
