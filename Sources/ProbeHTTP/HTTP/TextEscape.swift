/// The pass every escape of this server makes over a text (`HTMLText`; the XML, Markdown
/// and terminal forms of `ReportText`; Prometheus label values; workflow-command data): each
/// Unicode scalar is written as its escape, or as itself where it has none. The formats
/// differ only in which scalars they escape and how.
public enum TextEscape {
    /// `text` with each scalar written as `escape(scalar)`, or kept where that is nil (an
    /// empty escape drops the scalar).
    /// Most text needs no escape at all, and is returned as it is; otherwise the runs between
    /// escapes are copied whole (a report page escapes thousands of fields: scalar by scalar,
    /// this was the largest part of rendering `/runs`).
    public static func map(_ text: String, _ escape: (Unicode.Scalar) -> String?) -> String {
        let scalars = text.unicodeScalars
        guard var at = scalars.firstIndex(where: { escape($0) != nil }) else { return text }
        var out = String(scalars[..<at])
        out.reserveCapacity(text.utf8.count + 16)
        var runStart = at
        while at < scalars.endIndex {
            if let escaped = escape(scalars[at]) {
                out.unicodeScalars.append(contentsOf: scalars[runStart..<at])
                out += escaped
                runStart = scalars.index(after: at)
            }
            at = scalars.index(after: at)
        }
        out.unicodeScalars.append(contentsOf: scalars[runStart..<at])
        return out
    }

    /// The entity of a character that starts a tag or an entity, or ends a tag: the same in
    /// HTML, in XML and in the raw HTML that Markdown lets through. `>` needs no escape in
    /// most text, but in XML it must be escaped where it closes `]]>` (§2.4), and always
    /// escaping it is simpler than knowing where.
    public static func markupEntity(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "&": "&amp;"
        case "<": "&lt;"
        case ">": "&gt;"
        default: nil
        }
    }
}
