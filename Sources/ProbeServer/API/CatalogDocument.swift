import Foundation
import ProbeCatalog
import Synchronization
import ProbeHTTP

/// The catalog as the API serves it: `/api/catalog` sends the whole export, `/api/config`
/// embeds the part the page reads (`pageMembers`). Built once, on first use (or by `warm()` after the listeners
/// are up): encoding the whole catalog and reading it back took more than the rest of the
/// start together (perf: 61 % of the samples before the first `listen`), and a process
/// that is only asked for health or results should not wait for it.
final class CatalogDocument: Sendable {
    private let catalog: Catalog
    private let built = Mutex<Built?>(nil)

    struct Built: Sendable {
        let json: String
        let page: [UInt8]
    }

    /// The export's members the page reads (`Public/`: the probes and their limits, the step
    /// marker, the checklist and the host report's facts) and the small ones that say which
    /// catalog it is. The remedies, wrappers, profiles and symptoms are five sixths of the
    /// export (about 650 of 760 KB) and only reports and tools read them, from `/api/catalog`:
    /// a phone loads the config twice a run (the storage.navigation probe reloads the page).
    static let pageMembers: Set<String> = [
        "schema", "defaultRequirementSet", "resultSchema", "platforms", "requirementSets",
        "probes", "thresholds", "stepMarker", "checklist", "hostReport",
    ]

    init(_ catalog: Catalog) { self.catalog = catalog }

    var json: String { document.json }
    /// `pageMembers` of the export as JSON, encoded once.
    var page: [UInt8] { document.page }

    /// Builds the document off the caller's thread, so the first page load finds it ready.
    func warm() {
        DispatchQueue.global(qos: .utility).async { [self] in _ = document }
    }

    private var document: Built {
        // Under the lock: two first requests build it once, and neither sees half of it.
        built.withLock { built in
            if let built { return built }
            let json = catalog.exportJSON()
            var page: [UInt8] = Array("null".utf8)
            if case .object(let members)? = try? JSONCoding.decoder.decode(JSONValue.self, from: Data(json.utf8)),
               let encoded = try? JSONCoding.encoder.encode(JSONValue.object(members.filter { Self.pageMembers.contains($0.key) })) {
                page = Array(encoded)
            }
            let made = Built(json: json, page: page)
            built = made
            return made
        }
    }
}
