
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

    /// A row of Table 9 as it is printed: `blocks` blocks of `data` codewords, then `longer`
    /// blocks of one codeword more, each with `ec` error-correction codewords.
    init(_ number: Int, ec: Int, blocks: Int, of data: Int, longer: Int = 0, alignment: [Int]) {
        self.number = number
        errorCorrectionPerBlock = ec
        dataPerBlock = Array(repeating: data, count: blocks) + Array(repeating: data + 1, count: longer)
        alignmentCenters = alignment
    }

    static let levelM: [QRSymbolVersion] = [
        QRSymbolVersion(1, ec: 10, blocks: 1, of: 16, alignment: []),
        QRSymbolVersion(2, ec: 16, blocks: 1, of: 28, alignment: [6, 18]),
        QRSymbolVersion(3, ec: 26, blocks: 1, of: 44, alignment: [6, 22]),
        QRSymbolVersion(4, ec: 18, blocks: 2, of: 32, alignment: [6, 26]),
        QRSymbolVersion(5, ec: 24, blocks: 2, of: 43, alignment: [6, 30]),
        QRSymbolVersion(6, ec: 16, blocks: 4, of: 27, alignment: [6, 34]),
        QRSymbolVersion(7, ec: 18, blocks: 4, of: 31, alignment: [6, 22, 38]),
        QRSymbolVersion(8, ec: 22, blocks: 2, of: 38, longer: 2, alignment: [6, 24, 42]),
        QRSymbolVersion(9, ec: 22, blocks: 3, of: 36, longer: 2, alignment: [6, 26, 46]),
        QRSymbolVersion(10, ec: 26, blocks: 4, of: 43, longer: 1, alignment: [6, 28, 50]),
        QRSymbolVersion(11, ec: 30, blocks: 1, of: 50, longer: 4, alignment: [6, 30, 54]),
        QRSymbolVersion(12, ec: 22, blocks: 6, of: 36, longer: 2, alignment: [6, 32, 58]),
        QRSymbolVersion(13, ec: 22, blocks: 8, of: 37, longer: 1, alignment: [6, 34, 62]),
        QRSymbolVersion(14, ec: 24, blocks: 4, of: 40, longer: 5, alignment: [6, 26, 46, 66]),
        QRSymbolVersion(15, ec: 24, blocks: 5, of: 41, longer: 5, alignment: [6, 26, 48, 70]),
        QRSymbolVersion(16, ec: 28, blocks: 7, of: 45, longer: 3, alignment: [6, 26, 50, 74]),
        QRSymbolVersion(17, ec: 28, blocks: 10, of: 46, longer: 1, alignment: [6, 30, 54, 78]),
        QRSymbolVersion(18, ec: 26, blocks: 9, of: 43, longer: 4, alignment: [6, 30, 56, 82]),
        QRSymbolVersion(19, ec: 26, blocks: 3, of: 44, longer: 11, alignment: [6, 30, 58, 86]),
        QRSymbolVersion(20, ec: 26, blocks: 3, of: 41, longer: 13, alignment: [6, 34, 62, 90]),
        QRSymbolVersion(21, ec: 26, blocks: 17, of: 42, alignment: [6, 28, 50, 72, 94]),
        QRSymbolVersion(22, ec: 28, blocks: 17, of: 46, alignment: [6, 26, 50, 74, 98]),
        QRSymbolVersion(23, ec: 28, blocks: 4, of: 47, longer: 14, alignment: [6, 30, 54, 78, 102]),
        QRSymbolVersion(24, ec: 28, blocks: 6, of: 45, longer: 14, alignment: [6, 28, 54, 80, 106]),
        QRSymbolVersion(25, ec: 28, blocks: 8, of: 47, longer: 13, alignment: [6, 32, 58, 84, 110]),
        QRSymbolVersion(26, ec: 28, blocks: 19, of: 46, longer: 4, alignment: [6, 30, 58, 86, 114]),
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
