import Foundation
import Testing
@testable import ProbeStore
@testable import ProbeStoreTesting

@Suite struct PinnedRunTests {
    @Test func PinnedRun_IsKeptByThePurge_UnpinnedIsNot() throws {
        try StoreFixtures.withStore { store, _ in
            let pinned = StoreFixtures.run(createdAt: StoreFixtures.epoch)
            let plain = StoreFixtures.run(createdAt: StoreFixtures.epoch)
            for run in [pinned, plain] { try store.createRun(run) }
            _ = try store.perform(.setPinned(id: pinned.id, pinned: true))

            let cutoff = StoreFixtures.epoch.addingTimeInterval(5 * 86_400)
            let outcome = try store.purge(olderThan: cutoff)
            #expect(outcome.runIDs == [plain.id])
            #expect(try store.run(id: pinned.id) != nil)

            _ = try store.perform(.setPinned(id: pinned.id, pinned: false))
            #expect(try store.purge(olderThan: cutoff).runIDs == [pinned.id])
        }
    }

    @Test func PinningAMissingRun_IsRunNotFound() throws {
        _ = try StoreFixtures.withStore { store, _ in
            #expect(throws: StoreError.runNotFound("nope")) { _ = try store.perform(.setPinned(id: "nope", pinned: true)) }
        }
    }
}
