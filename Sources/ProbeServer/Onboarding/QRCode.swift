
/// A QR code (ISO/IEC 18004:2015) for a short byte payload such as the probe URL:
/// byte mode, error-correction level M (about 15 % of codewords recoverable, enough for a
/// screen photographed at an angle), versions 1–26 (`QRSymbolVersion`), the mask with the lowest penalty.
///
/// A pure value: no I/O. Render it with `terminalText(style:)` or `svg(moduleSize:)`.
public struct QRCode: Sendable, Equatable {
    /// Light modules around the symbol (§6.3.8): 4, the standard minimum.
    public static let quietZone = 4
    /// Byte mode indicator (Table 2).
    static let byteModeIndicator = 0b0100
    /// Pad codewords, alternating (§7.4.10).
    static let padCodewords: [UInt8] = [0xEC, 0x11]

    /// 1...26.
    public let version: Int
    /// 0...7.
    public let mask: Int
    /// Modules per side, without the quiet zone.
    public let size: Int
    private let modules: [Bool]

    /// True where the module at (row, column) is dark; outside the symbol is light.
    public subscript(row: Int, column: Int) -> Bool {
        guard (0..<size).contains(row), (0..<size).contains(column) else { return false }
        return modules[row * size + column]
    }

    public init(text: String) throws { try self.init(bytes: Array(text.utf8)) }

    /// - Parameters:
    ///   - mask: force a mask (tests compare with other encoders); nil picks the best.
    ///   - minimumVersion: use at least this version (tests cover every version).
    public init(bytes: [UInt8], mask: Int? = nil, minimumVersion: Int = 1) throws {
        if let mask, !(0...7).contains(mask) { throw QRCodeError.invalidMask(mask) }
        guard let fitting = QRSymbolVersion.smallest(holding: bytes.count) else {
            throw QRCodeError.payloadTooLong(bytes: bytes.count, maximum: QRSymbolVersion.largest.byteCapacity)
        }
        let largest = QRSymbolVersion.largest.number
        let version = QRSymbolVersion.levelM[max(fitting.number, min(max(minimumVersion, 1), largest)) - 1]
        var matrix = QRMatrix(version: version)
        matrix.place(Self.codewords(for: bytes, version: version))

        let chosen = mask ?? (0...7).min { Self.penalty(matrix, mask: $0) < Self.penalty(matrix, mask: $1) }!
        matrix.apply(mask: chosen)
        matrix.drawFormat(mask: chosen)

        self.version = version.number
        self.mask = chosen
        self.size = version.size
        self.modules = matrix.dark
    }

    /// The penalty `matrix` would score under `mask`, with that mask's format bits drawn.
    static func penalty(_ matrix: QRMatrix, mask: Int) -> Int {
        var candidate = matrix
        candidate.apply(mask: mask)
        candidate.drawFormat(mask: mask)
        return candidate.penalty
    }

    /// Data codewords (mode, count, bytes, terminator, padding; §7.4), split into blocks,
    /// each followed by its Reed–Solomon check codewords, interleaved (§7.6).
    static func codewords(for bytes: [UInt8], version: QRSymbolVersion) -> [UInt8] {
        var bits = BitWriter()
        bits.append(byteModeIndicator, count: 4)
        bits.append(bytes.count, count: version.characterCountBits)
        for byte in bytes { bits.append(Int(byte), count: 8) }
        let capacity = version.dataCodewords * 8
        bits.append(0, count: min(4, capacity - bits.count))  // terminator, shortened if full
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var data = bits.bytes
        var pad = 0
        while data.count < version.dataCodewords {
            data.append(padCodewords[pad % 2])
            pad += 1
        }

        var blocks: [[UInt8]] = []
        var offset = 0
        for length in version.dataPerBlock {
            blocks.append(Array(data[offset..<(offset + length)]))
            offset += length
        }
        let checks = blocks.map { ReedSolomon.errorCorrection(for: $0, count: version.errorCorrectionPerBlock) }

        var result: [UInt8] = []
        for index in 0..<(version.dataPerBlock.max() ?? 0) {
            for block in blocks where index < block.count { result.append(block[index]) }
        }
        for index in 0..<version.errorCorrectionPerBlock {
            for check in checks { result.append(check[index]) }
        }
        return result
    }

    /// Bits appended most significant first.
    struct BitWriter {
        private(set) var bytes: [UInt8] = []
        private(set) var count = 0

        mutating func append(_ value: Int, count width: Int) {
            for shift in stride(from: width - 1, through: 0, by: -1) {
                if count % 8 == 0 { bytes.append(0) }
                if (value >> shift) & 1 == 1 { bytes[bytes.count - 1] |= 0x80 >> UInt8(count % 8) }
                count += 1
            }
        }
    }
}
