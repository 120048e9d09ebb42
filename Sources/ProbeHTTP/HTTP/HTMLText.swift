/// Escaping for HTML text and attribute values, the one rule for every page this server
/// writes: its own error pages here, and the reports above (`ReportText.html`). Every string
/// that came from a device, a URL or a request goes through it before it is placed in HTML.
public enum HTMLText {
    /// Text and attribute values (always double-quoted by the pages). Control
    /// characters become U+FFFD: they are parse errors in HTML and would hide text.
    public static func escape(_ text: String) -> String {
        TextEscape.map(text) { scalar in
            if let entity = TextEscape.markupEntity(scalar) { return entity }
            switch scalar {
            case "\"": return "&quot;"
            case "'": return "&#39;"
            // Template syntax stays inert in static HTML, but a page that later adds a
            // client-side template engine must not find `{{…}}` ready to evaluate.
            case "{": return "&#123;"
            case "}": return "&#125;"
            default: return isUnsafeControl(scalar) ? String(replacement) : nil
            }
        }
    }

    /// What an unsafe control character becomes.
    public static let replacement: Unicode.Scalar = "\u{FFFD}"

    /// C0 controls other than tab, LF and CR; DEL; the C1 controls (U+0080–U+009F, which
    /// include the 8-bit CSI); and U+FFFE/U+FFFF.
    public static func isUnsafeControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x20 { return v != 0x09 && v != 0x0A && v != 0x0D }
        return v == 0x7F || (0x80...0x9F).contains(v) || v == 0xFFFE || v == 0xFFFF
    }
}
