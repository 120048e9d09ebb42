
/// An image format told from its first bytes, never from the name or the declared type:
/// a phone may send a HEIC photo as `image/jpeg`, or with no type at all.
public enum ImageFormat: String, Sendable, Codable, CaseIterable {
    case jpeg, png, gif, webp, heic, heif, other

    /// The media type of the sniffed format; nil for `other`.
    public var mediaType: String? {
        switch self {
        case .jpeg: return "image/jpeg"
        case .png: return "image/png"
        case .gif: return "image/gif"
        case .webp: return "image/webp"
        case .heic: return "image/heic"
        case .heif: return "image/heif"
        case .other: return nil
        }
    }

    /// Bytes needed to decide: the ISO BMFF `ftyp` box with a few compatible brands.
    public static let sniffLength = 64

    /// ISO/IEC 23008-12 brands: `heic`/`heix` are HEVC images (what an iPhone writes),
    /// `hevc`/`hevx` HEVC sequences; `mif1`/`msf1` are the generic HEIF brands.
    static let heicBrands: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis"]
    static let heifBrands: Set<String> = ["mif1", "msf1", "heif"]

    public static func sniff(_ bytes: some Collection<UInt8>) -> ImageFormat {
        let b = Array(bytes.prefix(sniffLength))
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            b.count >= offset + magic.count && Array(b[offset..<offset + magic.count]) == magic
        }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return .webp }
        // ISO BMFF: a 4-byte box size, then `ftyp`, the major brand, a minor version, and
        // compatible brands up to the box's end.
        if starts(Array("ftyp".utf8), at: 4), b.count >= 12 {
            let size = Int(b[0]) << 24 | Int(b[1]) << 16 | Int(b[2]) << 8 | Int(b[3])
            var brands = [String(decoding: b[8..<12], as: UTF8.self)]
            var offset = 16
            while offset + 4 <= min(size, b.count) {
                brands.append(String(decoding: b[offset..<offset + 4], as: UTF8.self))
                offset += 4
            }
            if brands.contains(where: heicBrands.contains) { return .heic }
            if brands.contains(where: heifBrands.contains) { return .heif }
        }
        return .other
    }
}
