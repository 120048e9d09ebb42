
/// Text for an 80-column terminal: lines broken at spaces with a hanging indent, so a
/// sentence never wraps mid-word and a URL (which has no space) is never cut, even when it
/// is longer than the line; a terminal then wraps only that one line.
public enum TerminalText {
    /// The width most terminals open with (VT100's 80 columns, still xterm's default).
    public static let columns = 80

    /// `text` broken into lines of at most `width` columns where spaces allow; lines after
    /// the first start with `indent`. Existing line breaks are kept, each line wrapped alone.
    public static func wrap(_ text: String, width: Int = columns, indent: String = "  ") -> String {
        let paragraphs: [Substring] = text.split(separator: "\n", omittingEmptySubsequences: false)
        return paragraphs.map { paragraph -> String in
            // A line that fits is kept as written, its spacing included (tables, alignment).
            if paragraph.count <= width { return String(paragraph) }
            let leading = String(paragraph.prefix { $0 == " " })
            let hanging = leading + indent
            var lines: [String] = []
            var line = leading
            for word in paragraph.dropFirst(leading.count).split(separator: " ") {
                let start = lines.isEmpty ? leading : hanging
                if line.count > start.count, line.count + 1 + word.count > width {
                    lines.append(line)
                    line = hanging + word
                } else {
                    line += (line.count > start.count ? " " : "") + word
                }
            }
            lines.append(line)
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }
}
