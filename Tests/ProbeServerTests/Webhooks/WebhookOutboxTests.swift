import Foundation
import Testing
import ProbeCatalog
@testable import ProbeServer
@testable import ProbeHTTP
@testable import ProbeStore
@testable import ProbeStoreTesting

/// The outbox's promises that need no receiver: its bound, its two-step write around the
/// verdict's commit, and what the signature covers. Delivery itself is in
/// Tests/reliability/test_webhooks.py, against real receivers.
@Suite struct WebhookOutboxTests {
    /// Port 9 (discard) on loopback: nothing listens, and the outbox is never started here.
    static let receiver = "http://127.0.0.1:9/hook"

    func judged(_ id: String = RunID.generate()) -> JudgedRun {
        JudgedRun(id: id, label: "nightly", platform: "android 14", verdict: .notReady, reason: "camera denied")
    }

    func files(_ directory: String, _ suffix: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory + "/webhooks")) ?? []).filter { $0.hasSuffix(suffix) }
    }

    @Test func OutboxAtItsLimit_RefusesToStage_AndKeepsWhatItHolds() throws {
        let directory = StoreFixtures.makeDirectory("outbox")
        defer { StoreFixtures.removeDirectory(directory) }
        let outbox = try WebhookOutbox(urls: [Self.receiver], secret: "s", dataDirectory: directory, logger: Logger(level: .error), limit: 3)
        var staged: [WebhookOutbox.Staged] = []
        for _ in 0..<3 { staged.append(try outbox.stage(judged())) }
        #expect(throws: WebhookOutboxError.full(limit: 3)) { _ = try outbox.stage(judged()) }
        #expect(files(directory, ".staged").count == 3)
        #expect(outbox.pendingCount == 3)
        let refusal = WebhookOutboxError.full(limit: 3).httpError
        #expect(refusal.status == .serviceUnavailable)
        #expect(refusal.message.contains("3 webhook deliveries") && refusal.message.contains("retry complete"))
        // Queued deliveries count as much as staged ones; a discarded one makes room.
        outbox.commit(staged[0])
        #expect(files(directory, ".json").count == 1)
        #expect(throws: WebhookOutboxError.full(limit: 3)) { _ = try outbox.stage(judged()) }
        outbox.discard(staged[1])
        _ = try outbox.stage(judged())
        #expect(outbox.pendingCount == 3)
    }

    @Test func AnonymousCompletes_FillOnlyTheirShare_AndTheTokenHoldersStillStage() throws {
        let directory = StoreFixtures.makeDirectory("outbox")
        defer { StoreFixtures.removeDirectory(directory) }
        // 40 in all: 20 for runs completed without the token, 2 per address.
        let outbox = try WebhookOutbox(urls: [Self.receiver], secret: "s", dataDirectory: directory, logger: Logger(level: .error), limit: 40)
        var staged: [WebhookOutbox.Staged] = []
        for _ in 0..<2 { staged.append(try outbox.stage(judged(), for: .address("10.0.0.1"))) }
        let perAddress = WebhookOutboxError.anonymousShareFull(perAddress: 2, share: 20)
        #expect(throws: perAddress) { _ = try outbox.stage(judged(), for: .address("10.0.0.1")) }
        // Many addresses (a LAN's worth) fill the anonymous half, never the token holder's.
        for n in 2...10 { for _ in 0..<2 { _ = try outbox.stage(judged(), for: .address("10.0.0.\(n)")) } }
        #expect(throws: perAddress) { _ = try outbox.stage(judged(), for: .address("10.0.0.99")) }
        for _ in 0..<20 { _ = try outbox.stage(judged()) }
        #expect(outbox.pendingCount == 40)
        #expect(throws: WebhookOutboxError.full(limit: 40)) { _ = try outbox.stage(judged()) }
        let refusal = perAddress.httpError
        #expect(refusal.status == .serviceUnavailable && refusal.message.contains("at most 2 from one address"))
        // A delivery that leaves gives its address its place back, committed or discarded.
        outbox.commit(staged[0])
        let queued = try #require(files(directory, ".json").first)
        outbox.finished(directory + "/webhooks/" + queued, delivered: true)
        _ = try outbox.stage(judged(), for: .address("10.0.0.1"))
        outbox.discard(staged[1])
        _ = try outbox.stage(judged(), for: .address("10.0.0.1"))
        #expect(outbox.pendingCount == 40)
    }

    @Test func StagedDeliveries_AfterACrash_AreSentOnlyForRunsWhoseVerdictWasStored() throws {
        let directory = StoreFixtures.makeDirectory("outbox")
        defer { StoreFixtures.removeDirectory(directory) }
        let before = try WebhookOutbox(urls: [Self.receiver, Self.receiver + "2"], secret: "s", dataDirectory: directory, logger: Logger(level: .error))
        let stored = judged(), lost = judged()
        _ = try before.stage(stored)
        _ = try before.stage(lost)
        // The process dies here: the verdict of `stored` was committed, that of `lost` was not.
        let after = try WebhookOutbox(urls: [Self.receiver, Self.receiver + "2"], secret: "s", dataDirectory: directory, logger: Logger(level: .error))
        after.recover { $0 == stored.id }
        #expect(after.pendingCount == 2)
        #expect(files(directory, ".staged").isEmpty)
        let queued = try files(directory, ".json").map { name in
            try JSONDecoder().decode(WebhookDelivery.self, from: Data(contentsOf: URL(fileURLWithPath: directory + "/webhooks/" + name)))
        }
        #expect(queued.map(\.run) == [stored.id, stored.id])
    }

    @Test func Signature_CoversTheTimestampTheDeliveryIdAndTheBody() {
        let body = Array(#"{"event":"run.judged"}"#.utf8)
        let signed = WebhookSignature.header(timestamp: 1_700_000_000, deliveryID: "d1", body: body, secret: "s")
        // The signed string, as the receiver in docs/team-instance.md rebuilds it.
        let expected = "v1=" + Digest.hex(Digest.hmacSHA256(key: Array("s".utf8), Array("v1:1700000000.d1.".utf8) + body))
        #expect(signed == expected)
        #expect(WebhookSignature.header(timestamp: 1_700_000_001, deliveryID: "d1", body: body, secret: "s") != signed)
        #expect(WebhookSignature.header(timestamp: 1_700_000_000, deliveryID: "d2", body: body, secret: "s") != signed)
        #expect(WebhookSignature.header(timestamp: 1_700_000_000, deliveryID: "d1", body: body + [0x20], secret: "s") != signed)
    }
}
