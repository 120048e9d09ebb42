/// Escaping for every format a report is written in. Every string that came from a device,
/// a CI job or a URL (user agent, label, metadata, observed error messages, file names,
/// probe and run ids) goes through one of these before it is placed in a document.
public enum ReportText {
    /// HTML text and attribute values (always double-quoted by the pages). Control
    /// characters become U+FFFD: they are parse errors in HTML and would hide text.
    public static func html(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            // Template syntax stays inert in static HTML, but a page that later adds a
            // client-side template engine must not find `{{…}}` ready to evaluate.
            case "{": out += "&#123;"
            case "}": out += "&#125;"
            default:
                out.unicodeScalars.append(isUnsafeControl(scalar) ? replacement : scalar)
            }
        }
        return out
    }

    /// XML 1.0 text and attribute values. Characters XML 1.0 forbids (§2.2 Char: C0
    /// controls other than tab, LF and CR; U+FFFE, U+FFFF) become U+FFFD, since no escape
    /// can carry them and a parser rejects the whole file for one of them. In attributes,
    /// tab, LF and CR are written as character references because attribute-value
    /// normalisation (§3.3.3) would turn them into spaces.
    public static func xml(_ text: String, attribute: Bool = false) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            // `>` must be escaped in text when it closes `]]>` (§2.4); always is simpler.
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t" where attribute: out += "&#9;"
            case "\n" where attribute: out += "&#10;"
            case "\r": out += "&#13;"
            default:
                out.unicodeScalars.append(isXMLChar(scalar) ? scalar : replacement)
            }
        }
        return out
    }

    /// Markdown inline text (GitHub-flavoured, also inside table cells). `<` and `>` become
    /// entities so no raw HTML survives; the characters that start emphasis, code, links,
    /// headings, strikethrough, maths and table cells are backslash-escaped; newlines
    /// become spaces so a value cannot end a table row or start a block.
    public static func markdown(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\\", "|", "`", "*", "_", "[", "]", "~", "$", "#":
                out += "\\"
                out.unicodeScalars.append(scalar)
            case "\n", "\r", "\t": out += " "
            default:
                out.unicodeScalars.append(isUnsafeControl(scalar) ? replacement : scalar)
            }
        }
        return out
    }

    /// Terminal output: a hostile user agent must not move the cursor, recolour the screen
    /// or retitle the window, so ESC and every other control character become `?`.
    public static func terminal(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\t" {
                out.unicodeScalars.append(scalar)
            } else if isUnsafeControl(scalar) || scalar == "\r" {
                out += "?"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static let replacement: Unicode.Scalar = "\u{FFFD}"

    /// C0 controls other than tab, LF and CR; DEL; the C1 controls (U+0080–U+009F, which
    /// include the 8-bit CSI); and U+FFFE/U+FFFF.
    static func isUnsafeControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x20 { return v != 0x09 && v != 0x0A && v != 0x0D }
        return v == 0x7F || (0x80...0x9F).contains(v) || v == 0xFFFE || v == 0xFFFF
    }

    /// XML 1.0 §2.2 `Char`, minus the surrogates a Swift scalar cannot hold; DEL and C1
    /// are allowed by XML 1.0 but discouraged, and junit viewers print them as garbage.
    static func isXMLChar(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x20 { return v == 0x09 || v == 0x0A || v == 0x0D }
        if v == 0x7F || (0x80...0x9F).contains(v) { return false }
        return v != 0xFFFE && v != 0xFFFF
    }
}

extension ReportText {
    /// A Markdown code span for catalog code (a remedy line). The fence is one backtick
    /// longer than the longest run inside (CommonMark §6.1), and `|` is escaped because GFM
    /// splits table cells before it parses code spans.
    public static func markdownCode(_ text: String) -> String {
        var longest = 0, run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        var body = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "|": body += "\\|"
            case "\n", "\r", "\t": body += " "
            default: body.unicodeScalars.append(isUnsafeControl(scalar) ? replacement : scalar)
            }
        }
        // A span that starts or ends with a backtick needs a space inside the fence.
        let pad = body.hasPrefix("`") || body.hasSuffix("`") ? " " : ""
        return fence + pad + body + pad + fence
    }
}
