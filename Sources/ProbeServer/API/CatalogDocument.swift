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
    private let configs = Mutex<[[UInt8]: ConfigBody]>([:])

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
    /// The whole export for a caller that only reads it once (the catalog's version, a digest
    /// of it): the one `/api/catalog` built, else encoded and not kept, so an idle server
    /// holds no export that no tool asked for.
    var passingJSON: String { whole.withLock { $0 } ?? catalog.exportJSON() }
    /// `pageMembers` of the export as compact JSON.
    var page: [UInt8] { once(pagePart) { catalog.exportJSON(members: Self.pageMembers) } }

    /// `/api/config` as a page loads it: the page's part and `tail`, the members made per
    /// request (the origins, which follow the request's Host; the limits; the version). The
    /// same tail gives the same bytes, so each is encoded, gzipped (level 9, once) and tagged
    /// once: gzipping the 140 KB at every load cost 5-7 ms of CPU, a third of a whole run's in a
    /// farm's burst (docs/performance.md), and the tag lets a page that loads twice a run
    /// (storage.navigation) revalidate instead of fetching it again. At most
    /// `maxConfigBodies` tails are kept (a server is reached under a few names).
    func config(tail: ArraySlice<UInt8>) -> ConfigBody {
        let key = Array(tail)
        if let known = configs.withLock({ $0[key] }) { return known }
        var body = Array("{\"catalog\":".utf8)
        body += page
        body.append(UInt8(ascii: ","))
        body += tail
        let made = ConfigBody(body: body, gzipped: Gzip.compress(body, level: 9),
                              etag: "\"" + Digest.hex(Array(Digest.sha256(body).prefix(12))) + "\"")
        configs.withLock { kept in
            if kept.count >= Self.maxConfigBodies { kept.removeAll() }
            kept[key] = made
        }
        return made
    }

    /// Names a server is reached under, times the forms of its origins: a handful in practice;
    /// a client that varies Host to fill memory refills this many, no more.
    static let maxConfigBodies = 32

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

/// One `/api/config` body as sent: the bytes, their gzip, and the entity tag of the bytes.
struct ConfigBody: Sendable {
    let body: [UInt8]
    let gzipped: [UInt8]?
    let etag: String

    /// The answer to `request`: 304 when it holds this tag (RFC 9110 §13.1.2), else the body,
    /// gzipped when the request accepts it. `no-cache`: kept, but asked again at every load
    /// (RFC 9111 §5.2.2.4), so a server upgraded in between is never answered by an old copy.
    /// The gzipped form has a tag of its own, as static files do (a strong validator names one
    /// representation, RFC 9110 §8.8.1).
    func response(for request: Request) -> Response {
        let gzip = gzipped != nil && StaticFiles.acceptsGzip(request.headers.combined("accept-encoding"))
        let tag = gzip ? String(etag.dropLast()) + "-gz\"" : etag
        var headers = HTTPHeaders([("Content-Type", "application/json"), ("Cache-Control", "no-cache"),
                                   ("Vary", "Accept-Encoding"), ("ETag", tag)])
        if let tags = request.headers.combined("if-none-match"), StaticFiles.matches(tags, tag) {
            return Response(status: .notModified, headers: headers)
        }
        if gzip { headers.add("Content-Encoding", "gzip") }
        return Response(status: .ok, headers: headers, body: gzip ? gzipped! : body)
    }
}
