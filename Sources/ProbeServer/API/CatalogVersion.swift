import ProbeCatalog
import Synchronization
import ProbeHTTP

/// What a stored judgement was judged against: the SHA-256 of the catalog's export
/// (`Catalog.exportJSON`: probes, profiles, causes, diagnoses, remedies, wrappers) and of the
/// server's version, whose code reads the catalog (the evaluators), so a release that judges
/// otherwise judges every stored run once more too. Computed once per process, on first use:
/// the export takes tens of milliseconds, which no start should wait for.
final class CatalogVersion: Sendable {
    private let source: @Sendable () -> String
    private let computed = Mutex<String?>(nil)

    /// Reads the export the API already built for `/api/catalog` and `/api/config`, rather
    /// than encoding the whole catalog a second time.
    init(document: CatalogDocument, serverVersion: String) {
        source = { document.json + "\nserver " + serverVersion }
    }

    convenience init(catalog: Catalog, serverVersion: String) {
        self.init(document: CatalogDocument(catalog), serverVersion: serverVersion)
    }

    var value: String {
        computed.withLock { value in
            if let value { return value }
            let made = String(Digest.hex(Digest.sha256(Array(source().utf8))).prefix(32))
            value = made
            return made
        }
    }
}
