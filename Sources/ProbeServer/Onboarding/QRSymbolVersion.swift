/// The layout of one QR symbol version at error-correction level M (ISO/IEC 18004:2015
/// Table 9 for the blocks, Annex E for the alignment patterns).
///
/// Only versions 1–10: a URL with a run id fits in 60–120 bytes (versions 4–7), and
/// larger symbols get hard to scan from a terminal's half-block characters.
struct QRSymbolVersion: Sendable {
    let number: Int
    /// Error-correction codewords in each block.
    let errorCorrectionPerBlock: Int
    /// Data codewords of each block, shorter blocks first (§7.5.2).
    let dataPerBlock: [Int]
    /// Row/column centres of the alignment patterns.
    let alignmentCenters: [Int]

    static let levelM: [QRSymbolVersion] = [
        QRSymbolVersion(number: 1, errorCorrectionPerBlock: 10, dataPerBlock: [16], alignmentCenters: []),
        QRSymbolVersion(number: 2, errorCorrectionPerBlock: 16, dataPerBlock: [28], alignmentCenters: [6, 18]),
        QRSymbolVersion(number: 3, errorCorrectionPerBlock: 26, dataPerBlock: [44], alignmentCenters: [6, 22]),
        QRSymbolVersion(number: 4, errorCorrectionPerBlock: 18, dataPerBlock: [32, 32], alignmentCenters: [6, 26]),
        QRSymbolVersion(number: 5, errorCorrectionPerBlock: 24, dataPerBlock: [43, 43], alignmentCenters: [6, 30]),
        QRSymbolVersion(number: 6, errorCorrectionPerBlock: 16, dataPerBlock: [27, 27, 27, 27],
                        alignmentCenters: [6, 34]),
        QRSymbolVersion(number: 7, errorCorrectionPerBlock: 18, dataPerBlock: [31, 31, 31, 31],
                        alignmentCenters: [6, 22, 38]),
        QRSymbolVersion(number: 8, errorCorrectionPerBlock: 22, dataPerBlock: [38, 38, 39, 39],
                        alignmentCenters: [6, 24, 42]),
        QRSymbolVersion(number: 9, errorCorrectionPerBlock: 22, dataPerBlock: [36, 36, 36, 37, 37],
                        alignmentCenters: [6, 26, 46]),
        QRSymbolVersion(number: 10, errorCorrectionPerBlock: 26, dataPerBlock: [43, 43, 43, 43, 44],
                        alignmentCenters: [6, 28, 50]),
    ]

    static var largest: QRSymbolVersion { levelM[levelM.count - 1] }

    /// The smallest version whose byte-mode capacity holds `count` bytes.
    static func smallest(holding count: Int) -> QRSymbolVersion? {
        levelM.first { $0.byteCapacity >= count }
    }

    /// Modules per side (§5.3.1).
    var size: Int { 17 + 4 * number }

    var dataCodewords: Int { dataPerBlock.reduce(0, +) }
    var totalCodewords: Int { dataCodewords + errorCorrectionPerBlock * dataPerBlock.count }

    /// Byte-mode character count indicator length (Table 3): 8 bits up to version 9, then 16.
    var characterCountBits: Int { number <= 9 ? 8 : 16 }

    /// Bytes that fit after the 4-bit mode indicator and the count.
    var byteCapacity: Int { (dataCodewords * 8 - 4 - characterCountBits) / 8 }

    /// Modules left for codewords once every function pattern and the format and version
    /// information are drawn (§7.1): the finder, separator and timing patterns, the
    /// alignment patterns that do not overlap a finder, 31 format modules and, from
    /// version 7, 36 version modules.
    var dataModules: Int {
        var modules = size * size
        modules -= 3 * 64 + 31  // finders with separators (8 × 8 each), format info and the dark module
        modules -= 2 * (size - 16)  // the two timing lines between the finders
        if !alignmentCenters.isEmpty {
            let count = alignmentCenters.count
            let patterns = count * count - 3
            modules -= patterns * 25
            // Alignment patterns on row or column 6 cover 5 timing modules each, already counted.
            modules += 2 * (count - 2) * 5
        }
        if number >= 7 { modules -= 36 }
        return modules
    }

    /// Bits of the data area left empty after the last codeword (Table 1: 0 or 7 here).
    var remainderBits: Int { dataModules - totalCodewords * 8 }
}
