#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import ProbeHTTP
@testable import ProbeHTTPTesting

/// One address cannot take every descriptor: open connections are bounded per address block
/// at accept, and no keep-alive connection lives for ever (docs/security.md).
@Suite struct ConnectionsPerAddressTests {
    private func at(_ s: Int64) -> Instant { Instant(nanoseconds: UInt64(s) * 1_000_000_000) }

    @Test func OneAddress_BeyondItsBound_IsRefused_WhileAnotherIsAdmitted() {
        let c = ConnectionsPerAddress(bound: 3)
        for _ in 0..<3 { #expect(c.open("10.0.0.1", at: at(1)).admitted) }
        #expect(!c.open("10.0.0.1", at: at(1)).admitted)
        #expect(c.open("10.0.0.2", at: at(1)).admitted)
        // A closed connection gives its place back.
        c.close("10.0.0.1")
        #expect(c.open("10.0.0.1", at: at(1)).admitted)
        #expect(c.count("10.0.0.1") == 3)
    }

    @Test func OneIPv6Host_CountsAsItsSlash64_WhateverAddressesItPicks() {
        let c = ConnectionsPerAddress(bound: 2)
        #expect(c.open(AddressBlock.key("2001:db8:1:2::a"), at: at(1)).admitted)
        #expect(c.open(AddressBlock.key("2001:db8:1:2::b"), at: at(1)).admitted)
        #expect(!c.open(AddressBlock.key("2001:db8:1:2:ffff::c"), at: at(1)).admitted)
        #expect(c.open(AddressBlock.key("2001:db8:1:3::a"), at: at(1)).admitted)
    }

    @Test func Refusals_AreLoggedAtOnce_ThenOncePerInterval() {
        let c = ConnectionsPerAddress(bound: 1)
        _ = c.open("10.0.0.1", at: at(0))
        var lines: [String] = []
        for s in 0..<30 {
            for _ in 0..<100 { if let line = c.open("10.0.0.1", at: at(Int64(s))).log { lines.append(line) } }
        }
        // 3,000 refusals in 30 s: the first at once, then one line per 10 s.
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.first?.contains("the limit per address") == true)
        #expect(lines.last?.contains("refused 1000 connections") == true)
    }

    @Test func Bound_IsTheConfiguredOne_OrAQuarterOfTheDescriptorLimit_WhenLower() {
        let limits = HTTPLimits()
        #expect(limits.connectionsPerAddress(descriptorLimit: 1_024) == 256)
        #expect(limits.connectionsPerAddress(descriptorLimit: 524_288) == limits.connectionsPerAddress)
        #expect(limits.connectionsPerAddress(descriptorLimit: 40) == 16)
        #expect(limits.connectionsPerAddress(descriptorLimit: 0) == limits.connectionsPerAddress)
    }

    /// The real server: an address at its bound gets a 503 naming the limit at once, another
    /// address is served meanwhile, and a closed connection frees a place.
    @Test func AnAddressAtItsBound_GetsA503NamingIt_WhileAnotherAddressIsServed() throws {
        let server = try TestServer { $0.limits.connectionsPerAddress = 3 }
        let held = try (0..<3).map { _ in try RawClient(port: server.port, source: "127.0.0.2") }
        // Each holds its place (answered, kept alive).
        for c in held {
            c.send("GET /index.html HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(c.readResponse()?.status == 200)
        }
        let over = try RawClient(port: server.port, source: "127.0.0.2")
        let refusal = over.readResponse()
        #expect(refusal?.status == 503)
        #expect(refusal?.text.contains("too_many_connections") == true)
        #expect(refusal?.text.contains("3 connections") == true)
        #expect(over.isClosedByPeer())
        let other = try RawClient(port: server.port, source: "127.0.0.3")
        other.send("GET /index.html HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(other.readResponse()?.status == 200)
        // One closes: its place is taken by the next (the server sees the close on its loop).
        held[0].send("GET /index.html HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(held[0].readResponse()?.status == 200)
        #expect(held[0].isClosedByPeer())
        let again = try RawClient(port: server.port, source: "127.0.0.2")
        again.send("GET /index.html HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(again.readResponse()?.status == 200)
    }

    /// Behind nginx every client is the proxy's address: the proxy is not bounded here.
    @Test func ATrustedProxy_IsNotBoundedPerAddress() throws {
        let server = try TestServer {
            $0.limits.connectionsPerAddress = 2
            $0.trustedProxies = TrustedProxies([TrustedProxies.Range("127.0.0.4")!])
        }
        let clients = try (0..<5).map { _ in try RawClient(port: server.port, source: "127.0.0.4") }
        for c in clients {
            c.send("GET /index.html HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(c.readResponse()?.status == 200)
        }
    }

    @Test func TheLastRequestOfAConnection_IsAnsweredWithConnectionClose() throws {
        let server = try TestServer { $0.limits.requestsPerConnection = 3 }
        let c = try server.client()
        for i in 1...3 {
            c.send("GET /index.html HTTP/1.1\r\nHost: x\r\n\r\n")
            let reply = c.readResponse()
            #expect(reply?.status == 200)
            #expect((reply?.headers["connection"]?.lowercased() == "close") == (i == 3), "answer \(i)")
        }
        #expect(c.isClosedByPeer())
    }

    @Test func AConnectionPastItsLifetime_ClosesWhenIdle_AndItsNextAnswerIsItsLast() {
        var timeouts = HTTPTimeouts()
        timeouts.connectionLifetime = .seconds(100)
        var t = ConnectionTimeouts(timeouts: timeouts, openedAt: at(0))
        // A request at 59 s renews the 60 s idle clock, to 119 s: not past the lifetime.
        t.receivedHeadBytes(at: at(59))
        t.startedHandling()
        t.startedWriting(at: at(59))
        t.finishedWriting(at: at(59))
        #expect(!t.isPastLifetime(at: at(99)))
        #expect(t.check(now: at(99)) == nil)
        #expect(t.check(now: at(100)) == .close(reason: "keep-alive lifetime of 100 s reached"))
        var state = ConnectionState(limits: .init(pipelinedBytes: 100, queuedHigh: 1_000, readsPerWake: 4), secure: false)
        let before = state.answerStarts(requestKeepsAlive: true, serverDraining: false, pastLifetime: t.isPastLifetime(at: at(99)))
        let after = state.answerStarts(requestKeepsAlive: true, serverDraining: false, pastLifetime: t.isPastLifetime(at: at(100)))
        #expect(before && !after)
    }
}
