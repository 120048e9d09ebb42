/// Escaping for HTML text and attribute values: every string that came from outside
/// (a host name, a user agent, a label) goes through this before it is shown.
public enum HTMLEscape {
    public static func text(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                // Control characters have no business in a page; show them as U+FFFD.
                if c.value < 0x20 && c != "\n" && c != "\t" { out += "\u{FFFD}" } else { out.unicodeScalars.append(c) }
            }
        }
        return out
    }
}
