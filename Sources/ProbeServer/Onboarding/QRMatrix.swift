
/// The module grid of a QR symbol while it is being built: function patterns, codeword
/// placement, masking, format and version information, and the mask penalty (ISO/IEC
/// 18004:2015 §7.6–7.10). Coordinates are (x: column, y: row), origin top left.
struct QRMatrix: Sendable {
    let size: Int
    private(set) var dark: [Bool]
    /// Modules that belong to a function pattern or the format/version areas: never masked,
    /// never holding data.
    private var reserved: [Bool]

    /// Error-correction level M's two format bits (Table 12: L 01, M 00, Q 11, H 10).
    static let levelMFormatBits = 0b00
    /// BCH(15,5) generator x¹⁰ + x⁸ + x⁵ + x⁴ + x² + x + 1 (Annex C).
    static let formatGenerator = 0x537
    /// XORed into the format bits so they are never all light (§7.9.1).
    static let formatMask = 0x5412
    /// BCH(18,6) generator x¹² + x¹¹ + x¹⁰ + x⁹ + x⁸ + x⁵ + x² + 1 (Annex D).
    static let versionGenerator = 0x1F25

    /// Penalty weights N1–N4 (§7.8.3.1, Table 11).
    static let adjacentRunPenalty = 3, blockPenalty = 3, finderLikePenalty = 40, balancePenalty = 10

    init(version: QRSymbolVersion) {
        size = version.size
        dark = Array(repeating: false, count: size * size)
        reserved = Array(repeating: false, count: size * size)
        drawFunctionPatterns(version)
    }

    subscript(x: Int, y: Int) -> Bool { dark[y * size + x] }

    private mutating func setFunction(_ x: Int, _ y: Int, _ isDark: Bool) {
        dark[y * size + x] = isDark
        reserved[y * size + x] = true
    }

    // MARK: Function patterns

    private mutating func drawFunctionPatterns(_ version: QRSymbolVersion) {
        // Timing patterns (§6.3.5): alternate along row 6 and column 6, dark on even indices.
        for index in 0..<size {
            setFunction(6, index, index % 2 == 0)
            setFunction(index, 6, index % 2 == 0)
        }
        // Finder patterns with their light separators (§6.3.3, §6.3.4).
        for (x, y) in [(3, 3), (size - 4, 3), (3, size - 4)] { drawFinder(centerX: x, centerY: y) }
        // Alignment patterns (§6.3.6), except where they would overlap a finder.
        let centers = version.alignmentCenters
        for (i, y) in centers.enumerated() {
            for (j, x) in centers.enumerated() {
                let last = centers.count - 1
                if (i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0) { continue }
                for dy in -2...2 {
                    for dx in -2...2 { setFunction(x + dx, y + dy, max(abs(dx), abs(dy)) != 1) }
                }
            }
        }
        // Reserve the format areas now (real bits come with the mask), and draw the version.
        drawFormat(mask: 0)
        if version.number >= 7 { drawVersion(version.number) }
    }

    private mutating func drawFinder(centerX: Int, centerY: Int) {
        for dy in -4...4 {
            for dx in -4...4 {
                let x = centerX + dx, y = centerY + dy
                guard (0..<size).contains(x), (0..<size).contains(y) else { continue }
                let ring = max(abs(dx), abs(dy))
                // Rings 0–1 dark (3 × 3 centre), 2 light, 3 dark, 4 light separator.
                setFunction(x, y, ring != 2 && ring != 4)
            }
        }
    }

    /// The 15 format bits (§7.9): level and mask, BCH-protected, twice.
    mutating func drawFormat(mask: Int) {
        let data = Self.levelMFormatBits << 3 | mask
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * Self.formatGenerator) }
        let bits = (data << 10 | remainder) ^ Self.formatMask
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
        // Around the top-left finder: down column 8, then left along row 8, skipping timing.
        for index in 0...5 { setFunction(8, index, bit(index)) }
        setFunction(8, 7, bit(6))
        setFunction(8, 8, bit(7))
        setFunction(7, 8, bit(8))
        for index in 9..<15 { setFunction(14 - index, 8, bit(index)) }
        // The copy: along row 8 under the top-right finder, up column 8 beside the bottom-left one.
        for index in 0..<8 { setFunction(size - 1 - index, 8, bit(index)) }
        for index in 8..<15 { setFunction(8, size - 15 + index, bit(index)) }
        // The module above the bottom-left copy is always dark (§7.9.1).
        setFunction(8, size - 8, true)
    }

    /// The 18 version bits (§7.10), versions 7 and up, in two 6 × 3 blocks.
    private mutating func drawVersion(_ number: Int) {
        var remainder = number
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * Self.versionGenerator) }
        let bits = number << 12 | remainder
        for index in 0..<18 {
            let isDark = (bits >> index) & 1 == 1
            let a = size - 11 + index % 3, b = index / 3
            setFunction(a, b, isDark)  // left of the top-right finder
            setFunction(b, a, isDark)  // above the bottom-left finder, transposed
        }
    }

    // MARK: Data

    /// Places codewords most significant bit first in the two-column zigzag (§7.7.3):
    /// from the bottom-right corner, upward then downward, skipping the vertical timing
    /// column and every reserved module. Remainder bits stay light.
    mutating func place(_ codewords: [UInt8]) {
        var bitIndex = 0
        let bitCount = codewords.count * 8
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            let upward = (right + 1) & 2 == 0
            for step in 0..<size {
                let y = upward ? size - 1 - step : step
                for x in [right, right - 1] where !reserved[y * size + x] && bitIndex < bitCount {
                    dark[y * size + x] = (codewords[bitIndex >> 3] >> (7 - UInt8(bitIndex & 7))) & 1 == 1
                    bitIndex += 1
                }
            }
            right -= 2
        }
    }

    /// Inverts the non-reserved modules where the mask's condition holds (Table 10,
    /// i = row, j = column). Applying a mask twice undoes it.
    mutating func apply(mask: Int) {
        for y in 0..<size {
            for x in 0..<size where !reserved[y * size + x] {
                let invert: Bool
                switch mask {
                case 0: invert = (x + y) % 2 == 0
                case 1: invert = y % 2 == 0
                case 2: invert = x % 3 == 0
                case 3: invert = (x + y) % 3 == 0
                case 4: invert = (y / 2 + x / 3) % 2 == 0
                case 5: invert = (x * y) % 2 + (x * y) % 3 == 0
                case 6: invert = ((x * y) % 2 + (x * y) % 3) % 2 == 0
                default: invert = ((x + y) % 2 + (x * y) % 3) % 2 == 0
                }
                if invert { dark[y * size + x].toggle() }
            }
        }
    }

    // MARK: Penalty

    /// The mask evaluation score (§7.8.3): lower is easier to scan.
    var penalty: Int {
        var score = 0
        for line in 0..<size {
            let row = (0..<size).map { self[$0, line] }
            let column = (0..<size).map { self[line, $0] }
            score += Self.runPenalty(row) + Self.runPenalty(column)
            score += Self.finderLikePenalty(row) + Self.finderLikePenalty(column)
        }
        // N2: every 2 × 2 block of one colour.
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) {
                let colour = self[x, y]
                if self[x + 1, y] == colour && self[x, y + 1] == colour && self[x + 1, y + 1] == colour {
                    score += Self.blockPenalty
                }
            }
        }
        // N4: 10 points per full 5 % the dark share strays from 50 %.
        let darkCount = dark.filter { $0 }.count
        let total = size * size
        let deviation = abs(darkCount * 100 - total * 50)
        score += Self.balancePenalty * (deviation / (total * 5))
        return score
    }

    /// N1: each run of five or more same-coloured modules scores 3, plus 1 per module beyond five.
    static func runPenalty(_ line: [Bool]) -> Int {
        var score = 0
        var runLength = 1
        for index in 1...line.count {
            if index < line.count && line[index] == line[index - 1] {
                runLength += 1
            } else {
                if runLength >= 5 { score += adjacentRunPenalty + runLength - 5 }
                runLength = 1
            }
        }
        return score
    }

    /// N3: a 1:1:3:1:1 dark–light–dark–light–dark run with four light modules before or
    /// after it, looking like a finder. Outside the symbol counts as light (the quiet zone).
    static func finderLikePenalty(_ line: [Bool]) -> Int {
        let quiet = [Bool](repeating: false, count: 4)
        let padded = quiet + line + quiet
        let core: [Bool] = [true, false, true, true, true, false, true]
        var score = 0
        for start in 0...(padded.count - core.count) where padded[start..<(start + core.count)].elementsEqual(core) {
            let lightBefore = start >= 4 && padded[(start - 4)..<start].allSatisfy { !$0 }
            let end = start + core.count
            let lightAfter = end + 4 <= padded.count && padded[end..<(end + 4)].allSatisfy { !$0 }
            if lightBefore || lightAfter { score += finderLikePenalty }
        }
        return score
    }
}
