/// Names each script, stylesheet and image an HTML file of the page loads by its content:
/// `src="app.js"` is sent as `src="app.js?v=<hash of app.js>"`, and `StaticFiles` answers a
/// request carrying its file's current `v` as immutable (RFC 8246), so a browser that has it
/// asks no more. The HTML itself stays `no-cache`: an upgraded server's page names the new
/// hashes, so an old script never runs against a new API. What it buys: the page's second
/// load in a run (storage.navigation's) takes its scripts from the cache instead of
/// revalidating each, a round trip per wave on a farm's tunnel
/// (docs/performance.md, "The flow as devices feel it").
///
/// A pure function of the HTML's bytes: the caller says what each referenced file's version
/// is (nil: not a file of the page, left as written).
public enum AssetFingerprints {
    /// The query a fingerprinted reference carries: `v=` and the file's version.
    public static let parameter = "v="

    /// The HTML with every local `src="…"` and `href="…"` fingerprinted, and the keys (paths
    /// from the root, as `StaticFiles` caches them) whose versions it names.
    /// `directory` is the HTML's own folder key ("" for the root, "frames/" below it).
    public static func rewrite(_ html: [UInt8], directory: String, version: (String) -> String?) -> (body: [UInt8], keys: [String]) {
        var out: [UInt8] = []
        out.reserveCapacity(html.count + 256)
        var keys: [String] = []
        var i = 0
        let n = html.count
        while i < n {
            guard let (valueStart, valueEnd) = attributeValue(in: html, at: i) else {
                out.append(html[i])
                i += 1
                continue
            }
            out.append(contentsOf: html[i..<valueEnd])
            let value = String(decoding: html[valueStart..<valueEnd], as: UTF8.self)
            if let key = key(of: value, directory: directory), let v = version(key) {
                out.append(contentsOf: Array("?\(parameter)\(v)".utf8))
                if !keys.contains(key) { keys.append(key) }
            }
            i = valueEnd
        }
        return (out, keys)
    }

    /// At `i`, ` src="` or ` href="` (lower case, as the page is written): the value's bounds.
    static func attributeValue(in html: [UInt8], at i: Int) -> (Int, Int)? {
        let space = html[i]
        guard space == 0x20 || space == 0x0A || space == 0x09 else { return nil }
        for name in names where matches(html, at: i + 1, name) {
            let start = i + 1 + name.count
            guard let end = html[start...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
            return (start, end)
        }
        return nil
    }

    private static let names: [[UInt8]] = [Array("src=\"".utf8), Array("href=\"".utf8)]

    private static func matches(_ html: [UInt8], at i: Int, _ name: [UInt8]) -> Bool {
        guard i + name.count <= html.count else { return false }
        for j in 0..<name.count where html[i + j] != name[j] { return false }
        return true
    }

    /// The cache key a reference names, or nil when it is not a file of the page to
    /// fingerprint: another origin or scheme (`data:`, `https:`), a query or fragment of its
    /// own, a folder, a page (`.html`: navigations are revalidated, never fingerprinted), or a
    /// path that leaves the root.
    static func key(of value: String, directory: String) -> String? {
        guard !value.isEmpty, !value.contains(":"), !value.contains("?"), !value.contains("#"),
              !value.hasPrefix("//"), !value.hasSuffix("/"), !value.hasSuffix(".html") else { return nil }
        let path = value.hasPrefix("/") ? value : "/" + directory + value
        guard case .success(let segments) = StaticPath.segments(of: path), !segments.isEmpty else { return nil }
        return segments.joined(separator: "/")
    }
}
