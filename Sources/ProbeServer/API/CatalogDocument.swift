import Foundation
import ProbeCatalog
import Synchronization
import ProbeHTTP

/// The catalog as the API serves it: `/api/catalog` sends the JSON, `/api/config` embeds the
/// same document as a value. Built once, on first use (or by `warm()` after the listeners
/// are up): encoding the whole catalog and reading it back took more than the rest of the
/// start together (perf: 61 % of the samples before the first `listen`), and a process
/// that is only asked for health or results should not wait for it.
final class CatalogDocument: Sendable {
    private let catalog: Catalog
    private let built = Mutex<Built?>(nil)

    struct Built: Sendable {
        let json: String
        let value: JSONValue
    }

    init(_ catalog: Catalog) { self.catalog = catalog }

    var json: String { document.json }
    var value: JSONValue { document.value }

    /// Builds the document off the caller's thread, so the first page load finds it ready.
    func warm() {
        DispatchQueue.global(qos: .utility).async { [self] in _ = document }
    }

    private var document: Built {
        // Under the lock: two first requests build it once, and neither sees half of it.
        built.withLock { built in
            if let built { return built }
            let json = catalog.exportJSON()
            let value = (try? JSONCoding.decoder.decode(JSONValue.self, from: Data(json.utf8))) ?? .null
            let made = Built(json: json, value: value)
            built = made
            return made
        }
    }
}
