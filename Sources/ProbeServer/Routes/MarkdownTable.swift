/// A table a document keeps under a heading, written by code (the capability table of
/// docs/security-capabilities.md, the route table of docs/api.md); the prose around it stays by hand.
enum MarkdownTable {
    /// `document` with the first run of lines starting with `|` after `heading` replaced by
    /// `table`. Nil when the document has no such table.
    static func replacing(in document: String, under heading: String, with table: String) -> String? {
        var lines = document.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: heading),
              let first = lines[(start + 1)...].firstIndex(where: { $0.hasPrefix("|") }) else { return nil }
        let end = lines[first...].firstIndex { !$0.hasPrefix("|") } ?? lines.endIndex
        lines.replaceSubrange(first..<end, with: table.split(separator: "\n").map(String.init))
        return lines.joined(separator: "\n")
    }
}
