import Foundation
@testable import ProbeServer
@testable import ProbeHTTPTesting

/// Real decoders for the QR tests: zbarimg (Debian zbar-tools), rsvg-convert (librsvg2-bin)
/// and segno (PyPI), installed on first use.
enum QRCodeTestSupport {
    /// Pixels per module in the bitmaps handed to zbar.
    static let scale = 4

    static let zbarInstalled: Bool = ensureDebianTool("zbarimg", package: "zbar-tools")
    static let rsvgInstalled: Bool = ensureDebianTool("rsvg-convert", package: "librsvg2-bin")
    static let segnoInstalled: Bool = {
        if (try? TLSTestSupport.run("python3", ["-c", "import segno"]))?.status == 0 { return true }
        _ = try? TLSTestSupport.run("python3", ["-m", "pip", "install", "--quiet", "segno"])
        return (try? TLSTestSupport.run("python3", ["-c", "import segno"]))?.status == 0
    }()

    private static func ensureDebianTool(_ tool: String, package: String) -> Bool {
        if (try? TLSTestSupport.which(tool)) != nil { return true }
        let install = try? TLSTestSupport.run(
            "apt-get", ["install", "-y", "--no-install-recommends", package],
            environment: ["DEBIAN_FRONTEND": "noninteractive"])
        if install?.status != 0 {
            _ = try? TLSTestSupport.run("apt-get", ["update"])
            _ = try? TLSTestSupport.run(
                "apt-get", ["install", "-y", "--no-install-recommends", package],
                environment: ["DEBIAN_FRONTEND": "noninteractive"])
        }
        return (try? TLSTestSupport.which(tool)) != nil
    }

    /// A plain PBM (P1) of a bitmap, true = black, each pixel scaled up.
    static func pbm(_ pixels: [[Bool]], scale: Int = scale) -> String {
        let width = (pixels.first?.count ?? 0) * scale
        var text = "P1\n\(width) \(pixels.count * scale)\n"
        for row in pixels {
            let line = row.flatMap { Array(repeating: $0 ? "1" : "0", count: scale) }.joined(separator: " ")
            for _ in 0..<scale { text += line + "\n" }
        }
        return text
    }

    /// The symbol with its quiet zone, true = dark.
    static func bitmap(_ code: QRCode) -> [[Bool]] {
        let span = -QRCode.quietZone..<(code.size + QRCode.quietZone)
        return span.map { row in span.map { column in code[row, column] } }
    }

    /// Decodes each image with one zbarimg run; returns one payload per file, in order.
    static func zbarDecode(_ files: [String]) throws -> [String] {
        var payloads: [String] = []
        for file in files {
            let output = try TLSTestSupport.run("zbarimg", ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", file])
            payloads.append(output.status == 0 ? String(output.stdout.dropLast()) : "<not decoded: \(output.stderr)>")
        }
        return payloads
    }

    static func write(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// segno's module matrix for the same payload, version, level M and mask: rows of 0/1.
    static func segnoMatrix(_ bytes: [UInt8], version: Int, mask: Int?) throws -> (mask: Int, rows: [String]) {
        // segno 1.6 appends a whole zero byte of "padding bits" when the bit stream already
        // ends on a codeword boundary (always, in byte mode), where ISO/IEC 18004 §7.4.10
        // adds none and goes straight to the 0xEC/0x11 pad codewords. Patch that one function
        // to the standard's rule so both encoders place the same codewords.
        let script = """
            import segno, sys
            from segno import encoder
            def standard_padding_bits(buffer, version, length):
                buffer.extend([0] * ((8 - length % 8) % 8))
            encoder.write_padding_bits = standard_padding_bits
            mask = None if sys.argv[3] == "auto" else int(sys.argv[3])
            qr = segno.make_qr(bytes.fromhex(sys.argv[1]), version=int(sys.argv[2]), error='m',
                               mask=mask, mode='byte', boost_error=False)
            print(qr.mask)
            for row in qr.matrix:
                print(''.join('1' if m else '0' for m in row))
            """
        let hex = bytes.map { String(format: "%02x", $0) }.joined()
        let output = try TLSTestSupport.run("python3", ["-c", script, hex, "\(version)", mask.map(String.init) ?? "auto"])
        let lines = output.stdout.split(separator: "\n").map(String.init)
        return (Int(lines.first ?? "") ?? -1, Array(lines.dropFirst()))
    }
}
