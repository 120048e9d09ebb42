/// The pass every escape of this server makes over a text (`HTMLText`; the XML, Markdown
/// and terminal forms of `ReportText`; Prometheus label values; workflow-command data): each
/// Unicode scalar is written as its escape, or as itself where it has none. The formats
/// differ only in which scalars they escape and how.
public enum TextEscape {
    /// `text` with each scalar written as `escape(scalar)`, or kept where that is nil (an
    /// empty escape drops the scalar).
    public static func map(_ text: String, _ escape: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let escaped = escape(scalar) {
                out += escaped
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
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
