
/// Text and SVG renderings of a `QRCode`, quiet zone included.
extension QRCode {
    /// Which colour the terminal's block characters paint.
    public enum TerminalStyle: Sendable {
        /// Blocks paint the light modules: for the usual light-on-dark terminal, where the
        /// background shows through as the dark modules.
        case lightOnDark
        /// Blocks paint the dark modules: for dark text on a light background.
        case darkOnLight
        /// Black blocks on a white ground set by ANSI colours (ECMA-48 SGR, 256-colour
        /// indices 16 and 231): readable whatever the terminal's own colours, when it shows
        /// colour at all (a TTY without NO_COLOR, https://no-color.org).
        case blackOnWhite
    }

    /// Two module rows per text line with the half blocks `▀ ▄ █` and a space, so the code
    /// is square in a terminal whose cells are about twice as tall as wide.
    public func terminalText(style: TerminalStyle = .lightOnDark) -> String {
        let span = -Self.quietZone..<(size + Self.quietZone)
        let painted: (Int, Int) -> Bool = { row, column in
            // Past the bottom quiet zone (odd row count) stays unpainted in both styles.
            guard row < size + Self.quietZone else { return false }
            return style == .lightOnDark ? !self[row, column] : self[row, column]
        }
        var lines: [String] = []
        for top in stride(from: span.lowerBound, to: span.upperBound, by: 2) {
            var line = ""
            for column in span {
                switch (painted(top, column), painted(top + 1, column)) {
                case (true, true): line += "█"
                case (true, false): line += "▀"
                case (false, true): line += "▄"
                case (false, false): line += " "
                }
            }
            lines.append(style == .blackOnWhite ? "\u{1B}[38;5;16;48;5;231m" + line + "\u{1B}[0m" : line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A standalone SVG: a white square and one black `<path>` of the dark modules, one
    /// subpath per horizontal run, in module units scaled by `moduleSize` pixels.
    /// `crispEdges` keeps renderers from anti-aliasing the seams between modules.
    public func svg(moduleSize: Int = 8) -> String {
        let side = size + 2 * Self.quietZone
        var path = ""
        for row in 0..<size {
            var column = 0
            while column < size {
                guard self[row, column] else { column += 1; continue }
                let start = column
                while column < size && self[row, column] { column += 1 }
                let run = column - start
                path += "M\(start + Self.quietZone) \(row + Self.quietZone)h\(run)v1h-\(run)z"
            }
        }
        let pixels = side * moduleSize
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(pixels)" height="\(pixels)" \
            viewBox="0 0 \(side) \(side)" shape-rendering="crispEdges">\
            <rect width="\(side)" height="\(side)" fill="#fff"/>\
            <path fill="#000" d="\(path)"/></svg>

            """
    }
}
