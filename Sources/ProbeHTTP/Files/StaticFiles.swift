import BeyondEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Serves the page from a root folder (`Public/`): media types, strong ETags with
/// `If-None-Match` → 304, gzip compressed once and kept in memory, `index.html` for folders,
/// and no way out of the root (see `StaticPath`, and the real-path check here for symlinks).
public final class StaticFiles: @unchecked Sendable {
    /// The real path of the root, without a trailing slash.
    public let root: String
    private let lock = Lock()
    private var cache: [String: Entry] = [:]
    /// Request paths already judged and resolved to a cached file's key. `StaticPath.segments`
    /// is a pure function of the path, so its verdict cannot change; decoding and judging
    /// again cost 7 % of a static-file request (bench/, perf). Bounded like the cache.
    private var keysByPath: [String: String] = [:]

    /// Files up to this size are kept in memory; larger ones (video fixtures) are read
    /// per request. Either is read off the event loop.
    static let cacheableBytes = 8 * 1024 * 1024
    /// Bounds the cache: `Public/` has a few dozen files; anything beyond is not the page.
    static let maxEntries = 1024
    /// How stale a cached file may be: edits to `Public/` show up within a second, at the
    /// cost of one `stat` per file per second.
    static let recheckNanoseconds: UInt64 = 1_000_000_000
    /// Every representation may be reused only after revalidation: an upgraded server must
    /// never run an old probe script against a new API. The ETag makes that a 304.
    static let cacheControl = "no-cache"
    /// A request that names its file's current version (`?v=`, written into the page's HTML by
    /// `AssetFingerprints`) is for those bytes and no others: kept a year and never
    /// revalidated (RFC 9111 §5.2.2.1, RFC 8246). A new version is a new URL.
    static let fingerprintedCacheControl = "public, max-age=31536000, immutable"

    /// A file an HTML entry's fingerprints name: when it changes, the HTML is made again.
    struct Dependency {
        let key: String
        let realPath: String
        let size: Int
        let modified: Int
    }

    final class Entry: @unchecked Sendable {
        let realPath: String
        let mediaType: String
        let body: [UInt8]
        let gzipped: [UInt8]?
        let etag: String
        let gzipETag: String
        /// What a fingerprinted reference to this file carries (`?v=`): its content's hash.
        let version: String
        let modified: Int
        /// The file's size on disk (an HTML body is the fingerprinted one, not the file's).
        let size: Int
        let dependencies: [Dependency]
        var checkedAt: Instant
        /// The header lines of each answer, rendered once (`Response.renderedHeaderLines`):
        /// [fingerprinted][gzip].
        let okLines: [[[UInt8]]]
        let notModifiedLines: [[[UInt8]]]

        init(realPath: String, mediaType: String, body: [UInt8], size: Int, modified: Int, dependencies: [Dependency] = [], checkedAt: Instant) {
            self.realPath = realPath
            self.mediaType = mediaType
            self.body = body
            self.modified = modified
            self.size = size
            self.dependencies = dependencies
            self.checkedAt = checkedAt
            let hash = Digest.hex(Digest.sha256(body)).prefix(20)
            version = String(hash)
            etag = "\"\(hash)\""
            // RFC 9110 §8.8.3: each content coding is its own representation with its own strong tag.
            gzipETag = "\"\(hash)-gz\""
            if MediaType.isCompressible(mediaType), body.count > 256,
               let z = Gzip.compress(body), z.count < body.count * 9 / 10 {
                gzipped = z
            } else {
                gzipped = nil
            }
            let varies = gzipped != nil
            let (etag, gzipETag) = (etag, gzipETag)
            notModifiedLines = [StaticFiles.cacheControl, StaticFiles.fingerprintedCacheControl].map { cache in
                [Self.lines(etag: etag, varies: varies, cacheControl: cache), Self.lines(etag: gzipETag, varies: varies, cacheControl: cache)]
            }
            okLines = [StaticFiles.cacheControl, StaticFiles.fingerprintedCacheControl].map { cache in
                [Self.lines(etag: etag, varies: varies, cacheControl: cache, mediaType: mediaType),
                 Self.lines(etag: gzipETag, varies: varies, cacheControl: cache, mediaType: mediaType, gzip: true)]
            }
        }

        /// ETag, Cache-Control, Vary when a compressed form exists; for a 200 also
        /// Content-Type and Content-Encoding (RFC 9110 §15.4.5: a 304 repeats the validators
        /// and Vary, not the representation's metadata).
        static func lines(etag: String, varies: Bool, cacheControl: String, mediaType: String? = nil, gzip: Bool = false) -> [UInt8] {
            var out: [UInt8] = []
            ResponseWriter.appendHeader("etag", etag, into: &out)
            ResponseWriter.appendHeader("cache-control", cacheControl, into: &out)
            if varies { ResponseWriter.appendHeader("vary", "Accept-Encoding", into: &out) }
            if let mediaType { ResponseWriter.appendHeader("content-type", mediaType, into: &out) }
            if gzip { ResponseWriter.appendHeader("content-encoding", "gzip", into: &out) }
            return out
        }
    }

    public struct RootError: Error, CustomStringConvertible {
        public let path: String
        public var description: String { "static root \(path) does not exist or is not a folder" }
    }

    public init(root: String) throws {
        guard let real = Self.realPath(root), Self.isDirectory(real) else { throw RootError(path: root) }
        self.root = real
    }

    public func reply(to request: Request) -> Reply {
        let now = EventLoop.monotonicNow()
        if let key = lock.withLock({ keysByPath[request.path] }), let entry = cached(key, now: now) {
            return .now(respond(entry, request))
        }
        let segments: [String]
        switch StaticPath.segments(of: request.path) {
        case .failure(.badEncoding):
            return .now(ErrorResponse.render(HTTPError(.badRequest, "the path has an invalid percent-encoding"), for: request.head))
        case .failure(.forbiddenSegment(let what)):
            if what == "hidden file" { return .now(ErrorResponse.render(HTTPError(.notFound, "no such file"), for: request.head)) }
            return .now(ErrorResponse.render(HTTPError(.badRequest, "path segment not allowed: \(what)"), for: request.head))
        case .success(let s):
            segments = s
        }
        let key = segments.joined(separator: "/")
        if let entry = cached(key, now: now) {
            remember(path: request.path, key: key)
            return .now(respond(entry, request))
        }
        switch locate(key) {
        case .notFound:
            return .now(ErrorResponse.render(HTTPError(.notFound, "no such file"), for: request.head))
        case .directory:
            let query = request.head.query.isEmpty ? "" : "?" + request.head.query
            var r = Response.redirect(to: request.path + "/" + query, status: HTTPStatus(301, "Moved Permanently"))
            r.headers.add("Cache-Control", Self.cacheControl)
            return .now(r)
        case .file(let real, _, let modified):
            // Reading, hashing and compressing (up to `cacheableBytes`) is disk and CPU work:
            // done on the blocking pool, never on the event loop (docs/architecture.md).
            // The next request finds the entry cached and is answered on the loop.
            return .offload { [self] in
                guard let entry = fill(key, realPath: real, modified: modified, now: now) else {
                    return ErrorResponse.render(HTTPError(.notFound, "no such file"), for: request.head)
                }
                if entry.size <= Self.cacheableBytes { remember(path: request.path, key: key) }
                return respond(entry, request)
            }
        }
    }

    /// Reads the file, fingerprints an HTML file's references (`AssetFingerprints`, each
    /// referenced file read and cached here too) and caches it when small enough. Disk and
    /// CPU work: called off the event loop only.
    private func fill(_ key: String, realPath real: String, modified: Int, now: Instant) -> Entry? {
        guard var body = Self.readFile(real) else { return nil }
        let size = body.count, mediaType = MediaType.forPath(real)
        var dependencies: [Dependency] = []
        if mediaType.hasPrefix("text/html") {
            let directory = key.isEmpty || key.hasSuffix("/") ? key : key.lastIndex(of: "/").map { String(key[...$0]) } ?? ""
            var found: [String: Entry] = [:]
            let rewritten = AssetFingerprints.rewrite(body, directory: directory) { [self] reference in
                guard let entry = cached(reference, now: now) ?? fill(reference, now: now) else { return nil }
                found[reference] = entry
                return entry.version
            }
            body = rewritten.body
            dependencies = rewritten.keys.compactMap { k in
                found[k].map { Dependency(key: k, realPath: $0.realPath, size: $0.size, modified: $0.modified) }
            }
        }
        let entry = Entry(realPath: real, mediaType: mediaType, body: body, size: size, modified: modified,
                          dependencies: dependencies, checkedAt: now)
        if size <= Self.cacheableBytes {
            lock.withLock {
                if cache.count >= Self.maxEntries { cache.removeAll() }
                cache[key] = entry
            }
        }
        return entry
    }

    /// A file an HTML file references, read when not cached yet (a page file only: never a folder).
    private func fill(_ key: String, now: Instant) -> Entry? {
        guard case .file(let real, _, let modified) = locate(key), !MediaType.forPath(real).hasPrefix("text/html") else { return nil }
        return fill(key, realPath: real, modified: modified, now: now)
    }

    private func remember(path: String, key: String) {
        lock.withLock {
            if keysByPath.count >= Self.maxEntries { keysByPath.removeAll() }
            keysByPath[path] = key
        }
    }

    /// A cached entry, rechecked against the disk at most once a second.
    private func cached(_ key: String, now: Instant) -> Entry? {
        guard let entry = lock.withLock({ cache[key] }) else { return nil }
        if now.since(entry.checkedAt) < Self.recheckNanoseconds { return entry }
        if case .file(let real, let size, let modified) = locate(key),
           real == entry.realPath, size == entry.size, modified == entry.modified,
           entry.dependencies.allSatisfy({ d in
               if case .file(let real, let size, let modified) = locate(d.key) {
                   return real == d.realPath && size == d.size && modified == d.modified
               }
               return false
           }) {
            lock.withLock { entry.checkedAt = now }
            return entry
        }
        lock.withLock { cache[key] = nil }
        return nil
    }

    private enum Location {
        case file(realPath: String, size: Int, modified: Int)
        case directory
        case notFound
    }

    private func locate(_ key: String) -> Location {
        var candidate = key.isEmpty ? root : root + "/" + key
        if key.isEmpty || key.hasSuffix("/") { candidate += key.isEmpty ? "/index.html" : "index.html" }
        guard let real = Self.realPath(candidate) else { return .notFound }
        // The decoded segments were clean, but a symlink inside the root may point out of it.
        guard real.hasPrefix(root + "/") else { return .notFound }
        var st = stat()
        guard stat(real, &st) == 0 else { return .notFound }
        if (st.st_mode & S_IFMT) == S_IFDIR { return .directory }
        guard (st.st_mode & S_IFMT) == S_IFREG else { return .notFound }
        return .file(realPath: real, size: Int(st.st_size), modified: Int(st.modificationTime.tv_sec) * 1_000_000_000 + Int(st.modificationTime.tv_nsec))
    }

    private func respond(_ entry: Entry, _ request: Request) -> Response {
        let useGzip = entry.gzipped != nil && Self.acceptsGzip(request.headers.combined("accept-encoding"))
        let etag = useGzip ? entry.gzipETag : entry.etag
        let fingerprinted = Self.names(entry.version, query: request.head.query) ? 1 : 0
        if let inm = request.headers.combined("if-none-match"), Self.matches(inm, etag) {
            return Response(status: .notModified, renderedHeaderLines: entry.notModifiedLines[fingerprinted][useGzip ? 1 : 0], body: [])
        }
        return Response(status: .ok, renderedHeaderLines: entry.okLines[fingerprinted][useGzip ? 1 : 0],
                        body: useGzip ? entry.gzipped! : entry.body)
    }

    /// Whether the query is exactly `v=<version>`: any other (an old version, a cache-buster
    /// of the page's own) gets the file revalidated as usual.
    static func names(_ version: String, query: String) -> Bool {
        query.utf8.count == AssetFingerprints.parameter.utf8.count + version.utf8.count
            && query.hasPrefix(AssetFingerprints.parameter) && query.hasSuffix(version)
    }

    /// RFC 9110 §13.1.2: weak comparison, a list of tags or `*`.
    public static func matches(_ ifNoneMatch: String, _ etag: String) -> Bool {
        for raw in ifNoneMatch.split(separator: ",") {
            var tag = raw.trimmingCharacters(in: " \t")
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
            if tag == etag { return true }
        }
        return false
    }

    /// RFC 9110 §12.5.3: gzip is acceptable when listed (or `*`) with a non-zero q.
    /// Read byte by byte, without splitting or lower-casing copies: every static request
    /// asks it (bench/, perf).
    public static func acceptsGzip(_ header: String?) -> Bool {
        guard var header else { return false }
        // A no-op for the parser's native strings; a bridged one is copied once.
        header.makeContiguousUTF8()
        return header.utf8.withContiguousStorageIfAvailable(acceptsGzip(bytes:)) ?? false
    }

    private static func acceptsGzip(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
        var star = false
        var i = 0
        let n = bytes.count
        while i < n {
            // One element: coding *( OWS ";" OWS param ) up to the next comma.
            while i < n, isSpace(bytes[i]) || bytes[i] == UInt8(ascii: ",") { i += 1 }
            let codingStart = i
            while i < n, bytes[i] != UInt8(ascii: ";"), bytes[i] != UInt8(ascii: ","), !isSpace(bytes[i]) { i += 1 }
            let coding = UnsafeBufferPointer(rebasing: bytes[codingStart..<i])
            var q = 1.0
            while i < n, bytes[i] != UInt8(ascii: ",") {
                if bytes[i] == UInt8(ascii: ";") {
                    i += 1
                    while i < n, isSpace(bytes[i]) { i += 1 }
                    if i + 1 < n, bytes[i] | 0x20 == UInt8(ascii: "q"), bytes[i + 1] == UInt8(ascii: "=") {
                        let valueStart = i + 2
                        var j = valueStart
                        while j < n, bytes[j] != UInt8(ascii: ","), bytes[j] != UInt8(ascii: ";"), !isSpace(bytes[j]) { j += 1 }
                        q = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[valueStart..<j]), as: UTF8.self)) ?? 0
                        i = j
                        continue
                    }
                }
                i += 1
            }
            if equalsIgnoringCase(coding, "gzip") || equalsIgnoringCase(coding, "x-gzip") { return q > 0 }
            if coding.count == 1, coding[0] == UInt8(ascii: "*") { star = q > 0 }
        }
        return star
    }

    private static func equalsIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ lower: StaticString) -> Bool {
        guard bytes.count == lower.utf8CodeUnitCount else { return false }
        let l = lower.utf8Start
        for i in 0..<bytes.count where bytes[i] | 0x20 != l[i] { return false }
        return true
    }

    static func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }

    static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    static func readFile(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return nil }
        var out = [UInt8](repeating: 0, count: Int(st.st_size))
        var offset = 0
        while offset < out.count {
            let n = out.withUnsafeMutableBytes { read(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            offset += n
        }
        if offset < out.count { out.removeSubrange(offset...) }
        return out
    }
}
