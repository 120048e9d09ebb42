#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
import ProbeCatalog
import Synchronization
import ProbeHTTP

/// The catalog as the API serves it: `/api/catalog` sends the whole export, `/api/config`
/// embeds the part the page reads (`pageMembers`). Each is built once, on its first use;
/// `warm()` builds the page's part after the listeners are up, so the first page load finds
/// it ready. Encoding the whole catalog took more than the rest of the start together (perf:
/// 61 % of the samples before the first `listen`), and building it at every start, with the
/// page's part cut from it, kept 6.6 MB more resident in a server no tool had asked
/// (docs/performance.md): the page's part is encoded alone, and the whole export only when
/// `/api/catalog` is asked.
final class CatalogDocument: Sendable {
    private let catalog: Catalog
    private let whole = Mutex<String?>(nil)
    private let pagePart = Mutex<[UInt8]?>(nil)

    /// The export's members the page reads (`Public/`: the probes and their limits, the step
    /// marker, the checklist and the host report's facts) and the small ones that say which
    /// catalog it is. The remedies, wrappers, profiles and symptoms are five sixths of the
    /// export (about 650 of 760 KB) and only reports and tools read them, from `/api/catalog`:
    /// a phone loads the config twice a run (the storage.navigation probe reloads the page).
    static let pageMembers: Set<String> = [
        "schema", "defaultRequirementSet", "resultSchema", "platforms", "requirementSets",
        "probes", "thresholds", "stepMarker", "checklist", "hostReport", "words", "wrapperSignals",
    ]

    init(_ catalog: Catalog) { self.catalog = catalog }

    /// The whole export, pretty (`/api/catalog`).
    var json: String { once(whole) { catalog.exportJSON() } }
    /// `pageMembers` of the export as compact JSON.
    var page: [UInt8] { once(pagePart) { catalog.exportJSON(members: Self.pageMembers) } }

    /// Builds the page's part off the caller's thread, so the first page load finds it ready,
    /// then gives what the start freed back to the kernel (`FreedMemory`): the encoder's
    /// scratch would otherwise stay resident in an idle server.
    func warm() {
        DispatchQueue.global(qos: .utility).async { [self] in
            _ = page
            FreedMemory.giveBack()
        }
    }

    /// Under the lock: two first requests build it once, and neither sees half of it.
    private func once<T: Sendable>(_ slot: borrowing Mutex<T?>, _ build: () -> T) -> T {
        slot.withLock { value in
            if let value { return value }
            let made = build()
            value = made
            return made
        }
    }
}
