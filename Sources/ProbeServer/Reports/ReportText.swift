import ProbeHTTP

/// Escaping for every format a report is written in. Every string that came from a device,
/// a CI job or a URL (user agent, label, metadata, observed error messages, file names,
/// probe and run ids) goes through one of these before it is placed in a document.
public enum ReportText {
    /// HTML text and attribute values: `HTMLText.escape`, which the server's own error pages
    /// use too.
    public static func html(_ text: String) -> String { HTMLText.escape(text) }

    /// XML 1.0 text and attribute values. Characters XML 1.0 forbids (§2.2 Char: C0
    /// controls other than tab, LF and CR; U+FFFE, U+FFFF) become U+FFFD, since no escape
    /// can carry them and a parser rejects the whole file for one of them. In attributes,
    /// tab, LF and CR are written as character references because attribute-value
    /// normalisation (§3.3.3) would turn them into spaces.
    public static func xml(_ text: String, attribute: Bool = false) -> String {
        TextEscape.map(text) { scalar in
            if let entity = TextEscape.markupEntity(scalar) { return entity }
            switch scalar {
            case "\"": return "&quot;"
            case "'": return "&apos;"
            case "\t" where attribute: return "&#9;"
            case "\n" where attribute: return "&#10;"
            case "\r": return "&#13;"
            default: return isXMLChar(scalar) ? nil : String(replacement)
            }
        }
    }

    /// Markdown inline text (GitHub-flavoured, also inside table cells). `<` and `>` become
    /// entities so no raw HTML survives; the characters that start emphasis, code, links,
    /// headings, strikethrough, maths and table cells are backslash-escaped; newlines
    /// become spaces so a value cannot end a table row or start a block. Bidi controls are
    /// written as `\u{…}` (Unicode TR9: an override reorders the rest of the line, so a label
    /// could make a failing row read as passing). `@` is followed by U+2060 WORD JOINER:
    /// GitHub turns `@login` into a mention that notifies that person or team
    /// (https://docs.github.com/en/get-started/writing-on-github/getting-started-with-writing-and-formatting-on-github/basic-writing-and-formatting-syntax#mentioning-people-and-teams)
    /// and a backslash does not stop it; the joiner is invisible, is no login character, and
    /// (unlike U+200D ZERO WIDTH JOINER, which emoji sequences use) is not dropped on the way.
    /// The same joiner after `@` also stops GFM's email autolink, whose domain must follow
    /// the `@` directly; `autolinkSafe` stops its URL and `www.` autolinks.
    public static func markdown(_ text: String) -> String {
        autolinkSafe(referenceSafe(TextEscape.map(text) { scalar in
            if let entity = TextEscape.markupEntity(scalar) { return entity }
            switch scalar {
            case "@": return "@\u{2060}"
            // An entity, not `\#`: GitHub links `#123`, `org/repo#123` and `GH-123` to an issue
            // and back-references it from the issue, and a backslash does not stop that
            // (https://docs.github.com/en/get-started/writing-on-github/working-with-advanced-formatting/autolinked-references-and-urls#issues-and-pull-requests).
            // `&#35;` renders as `#` but is no reference; `GH-` is broken by `referenceSafe`.
            case "#": return "&#35;"
            case "\\", "|", "`", "*", "_", "[", "]", "~", "$": return "\\" + String(scalar)
            case "\n", "\r", "\t": return " "
            default:
                if isBidiControl(scalar) || isInvisible(scalar) { return visibleEscape(scalar) }
                return isUnsafeControl(scalar) ? String(replacement) : nil
            }
        }))
    }

    /// GitHub's `GH-123` issue reference (same page as `#123` above): a word joiner between
    /// `GH` and `-` (any case) when digits follow, so the text reads as sent but links nothing.
    static func referenceSafe(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard scalars.contains("-") else { return text }
        var out = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            if scalar == "-", index >= 2, index + 1 < scalars.count,
               "gG".unicodeScalars.contains(scalars[index - 2]), "hH".unicodeScalars.contains(scalars[index - 1]),
               ("0"..."9").contains(scalars[index + 1]) {
                out.append(wordJoiner)
            }
            out.append(scalar)
        }
        return String(out)
    }

    /// GitHub links a bare `http://…`, `https://…` or `www.…` in Markdown text (GFM
    /// "Autolinks (extension)", https://github.github.com/gfm/#autolinks-extension-), so a
    /// device could plant a link in a pull-request comment. A word joiner goes after the `:`
    /// of every `://` and after every `www` before a `.` (any case): the extension needs those
    /// characters adjacent, and the text still reads as it was sent. The catalog's own links
    /// are written as Markdown links (`markdownURL`), which this never touches.
    static func autolinkSafe(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            out.append(scalar)
            let next = { (offset: Int) -> Unicode.Scalar? in
                index + offset < scalars.count ? scalars[index + offset] : nil
            }
            let scheme = scalar == ":" && next(1) == "/" && next(2) == "/"
            let www = (scalar == "w" || scalar == "W") && next(1) == "." && index >= 2
                && scalars[(index - 2)..<index].allSatisfy { $0 == "w" || $0 == "W" }
            if scheme || www { out.append(wordJoiner) }
        }
        return String(out)
    }

    /// Terminal output, one field at a time: a hostile label or user agent must not move the
    /// cursor, recolour the screen, retitle the window (ESC and every C0/C1 control, DEL),
    /// start a line of its own (a fake `verdict: READY` after a newline), or reorder what
    /// follows it (bidi overrides and isolates, Unicode TR9 §2). Each is written visibly:
    /// `\n`, `\r`, `\t`, else `\u{XXXX}`, so the reader sees that the text held one.
    ///
    /// The same text is a CI log, and the GitHub Actions runner reads workflow commands in
    /// it: a line that starts with `::` once leading whitespace is trimmed, and the legacy
    /// `##[command]` form anywhere in a line (actions/runner, ActionCommand.cs `TryParseV2`
    /// and `TryParse`). A field is wrapped behind an indent, so any `::` in it may become a
    /// line start. `ciSafe` breaks every `::` and `##[` with U+2060 WORD JOINER.
    public static func terminal(_ text: String) -> String {
        ciSafe(TextEscape.map(text) { scalar in
            switch scalar {
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            default: isUnsafeControl(scalar) || isBidiControl(scalar) || isInvisible(scalar) ? visibleEscape(scalar) : nil
            }
        })
    }

    /// U+2060 WORD JOINER: invisible, zero-width in terminals and in GitHub's log viewer, no
    /// whitespace (.NET's `TrimStart`, which the runner uses, keeps it), and not a character
    /// of a command name, so `:\u{2060}:` is no command key. An invisible break keeps an IPv6
    /// address (`fe80::1`) or a C++ name (`std::string`) reading as it was sent.
    static let wordJoiner: Unicode.Scalar = "\u{2060}"

    /// `text` with no `::` and no `##[` left in it: a word joiner goes between the two colons
    /// and between `##` and `[`. Text wraps only at spaces, so a line can start with `::` only
    /// where the text itself holds one: no caller prints a field with a `:` or `##` against
    /// it where a line can start.
    static func ciSafe(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard scalars.contains(where: { $0 == ":" || $0 == "[" }) else { return text }
        var out = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            if index > 0 {
                let before = scalars[index - 1]
                let pairedColon = scalar == ":" && before == ":"
                let legacyCommand = scalar == "[" && before == "#" && index > 1 && scalars[index - 2] == "#"
                if pairedColon || legacyCommand { out.append(wordJoiner) }
            }
            out.append(scalar)
        }
        return String(out)
    }

    /// `\u{202E}`: the Swift spelling, readable and unambiguous.
    static func visibleEscape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    /// The explicit directional formatting characters of Unicode TR9 §2 (embeddings and
    /// overrides U+202A–202E, isolates U+2066–2069) and the implicit marks (LRM U+200E,
    /// RLM U+200F, ALM U+061C) that can make text display in another order than it is stored.
    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        default: false
        }
    }

    /// Characters that take no room or show nothing, so text can hide in or behind them: the
    /// format characters (general category Cf: U+200B ZERO WIDTH SPACE, U+FEFF, U+00AD SOFT
    /// HYPHEN, the tag characters U+E0000–E007F), every Default_Ignorable_Code_Point
    /// (Unicode §5.21 and DerivedCoreProperties.txt: U+3164 HANGUL FILLER, the variation
    /// selectors), and the line and paragraph separators U+2028 and U+2029, which some
    /// terminals and viewers break lines at. Written visibly (`\u{200B}`) like a control.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value >= 0xA0 else { return false }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator: return true
        default: return properties.isDefaultIgnorableCodePoint
        }
    }

    static let replacement = HTMLText.replacement

    static func isUnsafeControl(_ scalar: Unicode.Scalar) -> Bool { HTMLText.isUnsafeControl(scalar) }

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
        let body = TextEscape.map(text) { scalar in
            switch scalar {
            case "|": "\\|"
            case "\n", "\r", "\t": " "
            default: isUnsafeControl(scalar) ? String(replacement) : nil
            }
        }
        // A span that starts or ends with a backtick needs a space inside the fence.
        let pad = body.hasPrefix("`") || body.hasSuffix("`") ? " " : ""
        return fence + pad + body + pad + fence
    }
}

extension ReportText {
    /// A fenced Markdown code block for catalog code: the fence is longer than any run of
    /// backticks inside and at least three (CommonMark §4.5), so the code cannot close it;
    /// the info string is `language` reduced to letters and digits.
    public static func markdownFence(_ code: String, language: String) -> String {
        var longest = 0, run = 0
        for character in code {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        let body = TextEscape.map(code) { scalar in
            switch scalar {
            case "\r": ""
            case "\n", "\t": nil
            default: isUnsafeControl(scalar) || isBidiControl(scalar) ? String(replacement) : nil
            }
        }
        let info = language.filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
        return fence + info + "\n" + body + (body.hasSuffix("\n") ? "" : "\n") + fence
    }
}

extension ReportText {
    /// A catalog URL as a Markdown link destination: only http(s), with the characters that
    /// could end it percent-encoded (balanced parentheses may stay, CommonMark §6.3), and `|`,
    /// which ends a GFM table cell before links are parsed.
    public static func markdownURL(_ url: String) -> String {
        guard url.hasPrefix("https://") || url.hasPrefix("http://") else { return "#" }
        return TextEscape.map(url) { scalar in
            switch scalar {
            case "<", ">", " ", "\\", "|", "\n", "\r", "\t": "%" + String(scalar.value, radix: 16, uppercase: true).leftPadded(2)
            default: nil
            }
        }
    }
}
