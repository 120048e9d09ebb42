
/// The layout of one QR symbol version at error-correction level M (ISO/IEC 18004:2015
/// Table 9 for the blocks, Annex E for the alignment patterns).
///
/// Versions 1–26: a URL with a run id fits in 60–120 bytes (versions 4–7); version 26
/// (121 modules, 1,059 bytes) is the smallest that holds the 1,024 bytes `/qr.svg` accepts
/// (`QRImage.maxURLBytes`). The terminal banner only ever prints a short URL.
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
        QRSymbolVersion(number: 11, errorCorrectionPerBlock: 30, dataPerBlock: [50] + Array(repeating: 51, count: 4),
                        alignmentCenters: [6, 30, 54]),
        QRSymbolVersion(number: 12, errorCorrectionPerBlock: 22, dataPerBlock: Array(repeating: 36, count: 6) + Array(repeating: 37, count: 2),
                        alignmentCenters: [6, 32, 58]),
        QRSymbolVersion(number: 13, errorCorrectionPerBlock: 22, dataPerBlock: Array(repeating: 37, count: 8) + [38],
                        alignmentCenters: [6, 34, 62]),
        QRSymbolVersion(number: 14, errorCorrectionPerBlock: 24, dataPerBlock: Array(repeating: 40, count: 4) + Array(repeating: 41, count: 5),
                        alignmentCenters: [6, 26, 46, 66]),
        QRSymbolVersion(number: 15, errorCorrectionPerBlock: 24, dataPerBlock: Array(repeating: 41, count: 5) + Array(repeating: 42, count: 5),
                        alignmentCenters: [6, 26, 48, 70]),
        QRSymbolVersion(number: 16, errorCorrectionPerBlock: 28, dataPerBlock: Array(repeating: 45, count: 7) + Array(repeating: 46, count: 3),
                        alignmentCenters: [6, 26, 50, 74]),
        QRSymbolVersion(number: 17, errorCorrectionPerBlock: 28, dataPerBlock: Array(repeating: 46, count: 10) + [47],
                        alignmentCenters: [6, 30, 54, 78]),
        QRSymbolVersion(number: 18, errorCorrectionPerBlock: 26, dataPerBlock: Array(repeating: 43, count: 9) + Array(repeating: 44, count: 4),
                        alignmentCenters: [6, 30, 56, 82]),
        QRSymbolVersion(number: 19, errorCorrectionPerBlock: 26, dataPerBlock: Array(repeating: 44, count: 3) + Array(repeating: 45, count: 11),
                        alignmentCenters: [6, 30, 58, 86]),
        QRSymbolVersion(number: 20, errorCorrectionPerBlock: 26, dataPerBlock: Array(repeating: 41, count: 3) + Array(repeating: 42, count: 13),
                        alignmentCenters: [6, 34, 62, 90]),
        QRSymbolVersion(number: 21, errorCorrectionPerBlock: 26, dataPerBlock: Array(repeating: 42, count: 17),
                        alignmentCenters: [6, 28, 50, 72, 94]),
        QRSymbolVersion(number: 22, errorCorrectionPerBlock: 28, dataPerBlock: Array(repeating: 46, count: 17),
                        alignmentCenters: [6, 26, 50, 74, 98]),
        QRSymbolVersion(number: 23, errorCorrectionPerBlock: 28, dataPerBlock: Array(repeating: 47, count: 4) + Array(repeating: 48, count: 14),
                        alignmentCenters: [6, 30, 54, 78, 102]),
        QRSymbolVersion(number: 24, errorCorrectionPerBlock: 28, dataPerBlock: Array(repeating: 45, count: 6) + Array(repeating: 46, count: 14),
                        alignmentCenters: [6, 28, 54, 80, 106]),
        QRSymbolVersion(number: 25, errorCorrectionPerBlock: 28, dataPerBlock: Array(repeating: 47, count: 8) + Array(repeating: 48, count: 13),
                        alignmentCenters: [6, 32, 58, 84, 110]),
        QRSymbolVersion(number: 26, errorCorrectionPerBlock: 28, dataPerBlock: Array(repeating: 46, count: 19) + Array(repeating: 47, count: 4),
                        alignmentCenters: [6, 30, 58, 86, 114]),
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
