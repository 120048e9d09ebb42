/// Turns a request path into segments under the static root, refusing every way out.
///
/// Order matters (FlyingFox served `/..%2f..%2fetc/hostname` because it normalised before
/// decoding): decode first, then judge each decoded segment, then let the caller check
/// that the resolved real path is still under the root (symlinks).
public enum StaticPath {
    public enum Rejection: Error, Equatable, Sendable {
        case badEncoding
        case forbiddenSegment(String)
    }

    /// Decoded segments; an empty list is the root. A trailing slash yields a final "".
    public static func segments(of rawPath: String) -> Result<[String], Rejection> {
        guard let bytes = PercentDecoding.decodeBytes(rawPath),
              let decoded = String(validating: bytes, as: UTF8.self)
        else { return .failure(.badEncoding) }
        var parts = decoded.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        // The leading slash yields a first empty element.
        if parts.first == "" { parts.removeFirst() }
        if parts == [""] { return .success([]) }
        for (i, part) in parts.enumerated() {
            let isLast = i == parts.count - 1
            if part.isEmpty && !isLast { return .failure(.forbiddenSegment("empty segment")) }
            if part == "." || part == ".." { return .failure(.forbiddenSegment(part)) }
            if part.utf8.contains(0) { return .failure(.forbiddenSegment("NUL byte")) }
            if part.contains("\\") { return .failure(.forbiddenSegment("backslash")) }
            // Dot-files (.git, .env) are never part of the page.
            if part.hasPrefix(".") { return .failure(.forbiddenSegment("hidden file")) }
        }
        return .success(parts)
    }
}
