import Foundation
import Testing
@testable import ProbeServer
@testable import ProbeHTTPTesting

@Suite struct QRCodeTests {
    /// A payload of exactly `count` bytes that looks like what we print: a run URL.
    static func url(length count: Int) -> String {
        let base = "https://192.168.1.23:8443/?run="
        let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
        if count <= base.count { return String(base.prefix(count)) }
        return base + String((0..<max(0, count - base.count)).map { alphabet[($0 * 11 + 5) % alphabet.count] })
    }

    @Test func QRSymbolVersion_TablesAddUpToTheSymbolCapacity() {
        // ISO/IEC 18004 Table 7 byte capacities at level M, versions 1–26.
        let capacities = [14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331, 362, 412, 450, 504, 560, 624, 666, 711, 779, 857, 911, 997, 1059]
        // Table 1: codewords per version, and the remainder bits.
        let totals = [26, 44, 70, 100, 134, 172, 196, 242, 292, 346, 404, 466, 532, 581, 655, 733, 815, 901, 991, 1085,
                      1156, 1258, 1364, 1474, 1588, 1706]
        #expect(QRSymbolVersion.levelM.map(\.number) == Array(1...26))
        for version in QRSymbolVersion.levelM {
            #expect(version.byteCapacity == capacities[version.number - 1], "v\(version.number)")
            #expect(version.totalCodewords == totals[version.number - 1], "v\(version.number)")
            let remainder: Int
            switch version.number {
            case 2...6: remainder = 7
            case 14...20: remainder = 3
            case 21...27: remainder = 4
            default: remainder = 0
            }
            #expect(version.remainderBits == remainder, "v\(version.number)")
        }
        // The largest URL /qr.svg accepts fits.
        #expect(QRSymbolVersion.largest.byteCapacity >= QRImage.maxURLBytes)
    }

    @Test func ReedSolomon_MatchesTheStandardsWorkedExample() {
        // ISO/IEC 18004:2015 Annex I.3: "01234567" at 1-M, data codewords and their 10 checks.
        let data: [UInt8] = [0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11,
                             0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11]
        #expect(ReedSolomon.errorCorrection(for: data, count: 10)
            == [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55])
    }

    @Test func QRCode_PicksTheSmallestVersionThatFits() throws {
        let capacities = [14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331, 362, 412, 450, 504, 560, 624, 666, 711, 779, 857, 911, 997, 1059]
        for (index, capacity) in capacities.enumerated() {
            #expect(try QRCode(bytes: Array(repeating: 0x41, count: capacity)).version == index + 1)
            if index + 1 < capacities.count {
                #expect(try QRCode(bytes: Array(repeating: 0x41, count: capacity + 1)).version == index + 2)
            }
        }
        #expect(try QRCode(text: Self.url(length: 90)).size == 41)  // version 6
    }

    @Test func QRCode_RefusesPayloadsBeyondVersion26WithAClearMessage() {
        #expect(throws: QRCodeError.payloadTooLong(bytes: 1060, maximum: 1059)) {
            try QRCode(bytes: Array(repeating: 0x41, count: 1060))
        }
        let message = QRCodeError.payloadTooLong(bytes: 1060, maximum: 1059).errorDescription ?? ""
        #expect(message.contains("1060 bytes") && message.contains("1059") && message.contains("Shorten"))
        #expect(throws: QRCodeError.invalidMask(8)) { try QRCode(bytes: [1], mask: 8) }
    }

    @Test func QRCode_MatrixMatchesSegnoForEveryVersionAndMask() throws {
        try #require(QRCodeTestSupport.segnoInstalled, "segno could not be installed with pip")
        for version in 1...26 {
            let payload = Array(Self.url(length: QRSymbolVersion.levelM[version - 1].byteCapacity - version).utf8)
            for mask in [version % 8, (version + 3) % 8] {
                let ours = try QRCode(bytes: payload, mask: mask, minimumVersion: version)
                #expect(ours.version == version)
                let rows = (0..<ours.size).map { row in
                    String((0..<ours.size).map { ours[row, $0] ? "1" : "0" })
                }
                let theirs = try QRCodeTestSupport.segnoMatrix(payload, version: version, mask: mask)
                #expect(rows == theirs.rows, "version \(version) mask \(mask)")
            }
        }
    }

    @Test func QRCode_ChoosesTheMaskWithTheLowestPenalty() throws {
        // Encoders differ in how they score masks (segno scores before the format bits are
        // drawn, we after, as zxing does), so compare with our own scores, not segno's pick.
        for length in [10, 47, 90, 140, 213, 600, 1024] {
            let payload = Array(Self.url(length: length).utf8)
            let code = try QRCode(bytes: payload)
            let version = QRSymbolVersion.levelM[code.version - 1]
            var matrix = QRMatrix(version: version)
            matrix.place(QRCode.codewords(for: payload, version: version))
            let penalties = (0...7).map { QRCode.penalty(matrix, mask: $0) }
            #expect(code.mask == penalties.firstIndex(of: penalties.min()!), "\(penalties)")
        }
    }

    @Test func QRMatrix_PenaltyRulesScoreTheStandardsFeatures() {
        let dark = true, light = false
        // N1: 3 for a run of five, plus one per extra module.
        #expect(QRMatrix.runPenalty([dark, dark, dark, dark, light, dark]) == 0)
        #expect(QRMatrix.runPenalty(Array(repeating: dark, count: 5) + [light]) == 3)
        #expect(QRMatrix.runPenalty(Array(repeating: light, count: 7)) == 5)
        // N3: 1:1:3:1:1 with four light modules on one side; the quiet zone counts as light.
        let finder = [dark, light, dark, dark, dark, light, dark]
        #expect(QRMatrix.finderLikePenalty(finder) == 40)
        #expect(QRMatrix.finderLikePenalty([dark, dark, dark, dark] + finder + [dark, dark, dark, dark]) == 0)
        #expect(QRMatrix.finderLikePenalty([dark, dark, dark, dark] + finder + [light, light, light, light]) == 40)
        #expect(QRMatrix.finderLikePenalty([dark] + finder + [light, light, light, dark]) == 0)
    }

    @Test func QRCode_DecodesWithZbarAcrossVersionsAndLengths() throws {
        try #require(QRCodeTestSupport.zbarInstalled, "zbar-tools could not be installed with apt-get")
        let directory = TLSTestSupport.temporaryDirectory()
        defer { TLSTestSupport.remove(directory) }
        // Full capacity of every version, typical run URLs, and /qr.svg's 1,024-byte maximum.
        let lengths = [14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331, 362, 412, 450, 504, 560, 624, 666,
                       711, 779, 857, 911, 997, 1059, 1, 60, 75, 96, 120, 1000, 1024]
        var files: [String] = []
        var payloads: [String] = []
        for (index, length) in lengths.enumerated() {
            let payload = Self.url(length: length)
            let text = payload
            let code = try QRCode(text: text)
            let file = "\(directory)/code\(index).pbm"
            try QRCodeTestSupport.write(QRCodeTestSupport.pbm(QRCodeTestSupport.bitmap(code)), to: file)
            files.append(file)
            payloads.append(text)
        }
        #expect(try QRCodeTestSupport.zbarDecode(files) == payloads)
    }

    @Test func QRCode_DecodesWithZbarUnderEveryMask() throws {
        try #require(QRCodeTestSupport.zbarInstalled, "zbar-tools could not be installed with apt-get")
        let directory = TLSTestSupport.temporaryDirectory()
        defer { TLSTestSupport.remove(directory) }
        let payload = Self.url(length: 110)
        var files: [String] = []
        for mask in 0...7 {
            let code = try QRCode(bytes: Array(payload.utf8), mask: mask)
            #expect(code.mask == mask)
            let file = "\(directory)/mask\(mask).pbm"
            try QRCodeTestSupport.write(QRCodeTestSupport.pbm(QRCodeTestSupport.bitmap(code)), to: file)
            files.append(file)
        }
        #expect(try QRCodeTestSupport.zbarDecode(files) == Array(repeating: payload, count: 8))
    }

    @Test func QRCode_TerminalRenderingDecodesInBothStyles() throws {
        try #require(QRCodeTestSupport.zbarInstalled, "zbar-tools could not be installed with apt-get")
        let directory = TLSTestSupport.temporaryDirectory()
        defer { TLSTestSupport.remove(directory) }
        let payload = Self.url(length: 96)
        let code = try QRCode(text: payload)
        var files: [String] = []
        for style in [QRCode.TerminalStyle.lightOnDark, .darkOnLight, .blackOnWhite] {
            var text = code.terminalText(style: style)
            if style == .blackOnWhite {
                // Each line sets black on white and resets after itself, so the terminal's
                // own colours never show inside the code.
                let lines = text.split(separator: "\n")
                #expect(lines.allSatisfy { $0.hasPrefix("\u{1B}[38;5;16;48;5;231m") && $0.hasSuffix("\u{1B}[0m") })
                text = text.replacingOccurrences(of: "\u{1B}[38;5;16;48;5;231m", with: "").replacingOccurrences(of: "\u{1B}[0m", with: "")
            }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            let side = code.size + 2 * QRCode.quietZone
            #expect(lines.count == (side + 1) / 2)
            #expect(lines.allSatisfy { $0.count == side })
            #expect(Set(text).isSubset(of: Set("▀▄█ \n")))
            // Back to pixels as the terminal shows them: painted cells are the block colour.
            var pixels: [[Bool]] = []
            for line in lines {
                var top: [Bool] = [], bottom: [Bool] = []
                for character in line {
                    top.append(character == "▀" || character == "█")
                    bottom.append(character == "▄" || character == "█")
                }
                pixels += [top, bottom]
            }
            // lightOnDark: the blocks are the light modules; the terminal's dark background
            // around the printout is dark, so frame it in light as a screen would not.
            if style == .lightOnDark {
                pixels = pixels.prefix(side).map { $0.map { !$0 } }
            } else {
                pixels = Array(pixels.prefix(side))
            }
            #expect(pixels == QRCodeTestSupport.bitmap(code))
            let file = "\(directory)/terminal-\(style).pbm"
            try QRCodeTestSupport.write(QRCodeTestSupport.pbm(pixels), to: file)
            files.append(file)
        }
        #expect(try QRCodeTestSupport.zbarDecode(files) == [payload, payload, payload])
    }

    @Test func QRCode_SVGRenderingDecodesAfterRasterising() throws {
        try #require(QRCodeTestSupport.zbarInstalled && QRCodeTestSupport.rsvgInstalled,
                     "zbar-tools or librsvg2-bin could not be installed with apt-get")
        let directory = TLSTestSupport.temporaryDirectory()
        defer { TLSTestSupport.remove(directory) }
        let payload = Self.url(length: 120)
        let svg = try QRCode(text: payload).svg(moduleSize: 6)
        #expect(svg.contains("shape-rendering=\"crispEdges\""))
        #expect(svg.components(separatedBy: "<path").count == 2)
        try QRCodeTestSupport.write(svg, to: "\(directory)/code.svg")
        let convert = try TLSTestSupport.run("rsvg-convert", ["-o", "\(directory)/code.png", "\(directory)/code.svg"])
        #expect(convert.status == 0, "\(convert.stderr)")
        #expect(try QRCodeTestSupport.zbarDecode(["\(directory)/code.png"]) == [payload])
    }
}
