import Foundation
import Testing
@testable import ProbeServer
@testable import ProbeHTTP

/// `POST /probe/upload` and the format sniffer behind it.
@Suite struct ProbeEndpointUploadTests {
    static let boundary = "----WebKitFormBoundaryu8bHk2"

    static func multipart(_ files: [(name: String, type: String, bytes: [UInt8])], close: Bool = true) -> [UInt8] {
        var out: [UInt8] = []
        out += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"probe\"\r\n\r\nfile.accept\r\n".utf8)
        for f in files {
            out += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(f.name)\"\r\nContent-Type: \(f.type)\r\n\r\n".utf8)
            out += f.bytes
            out += Array("\r\n".utf8)
        }
        if close { out += Array("--\(boundary)--\r\n".utf8) }
        return out
    }

    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1] + (0..<3000).map { UInt8(truncatingIfNeeded: $0 * 31) }
    /// The first bytes of an iPhone HEIC: box size 0x18, `ftyp`, major brand `heic`, then `mif1`, `heic`.
    static let heic: [UInt8] = [0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8) + [0, 0, 1, 0]

    static func upload(_ body: [UInt8], contentType: String? = nil) throws -> Response {
        try ProbeEndpointTests.call(ProbeEndpointTests.router(), "POST", "/probe/upload",
                                    headers: [("Content-Type", contentType ?? "multipart/form-data; boundary=\(boundary)")], body: body)
    }

    @Test func Upload_AnswersNameDeclaredAndSniffedTypeSizeAndHash() throws {
        let r = try Self.upload(Self.multipart([("../../../etc/passwd.jpg", "image/png", Self.jpeg)]))
        #expect(r.status.code == 200)
        let json = try ProbeEndpointTests.json(r)
        let file = try #require((json["files"] as? [[String: Any]])?.first)
        #expect(file["name"] as? String == "../../../etc/passwd.jpg")
        #expect(file["declaredType"] as? String == "image/png")
        #expect(file["sniffedType"] as? String == "image/jpeg")
        #expect(file["format"] as? String == "jpeg")
        #expect(file["size"] as? Int == Self.jpeg.count)
        #expect(file["sha256"] as? String == Digest.hex(Digest.sha256(Self.jpeg)))
        #expect(file["accepted"] as? Bool == true)
        #expect(json["fields"] as? [String: String] == ["probe": "file.accept"])
    }

    @Test func HEICUpload_IsSniffedAndAccepted() throws {
        let json = try ProbeEndpointTests.json(Self.upload(Self.multipart([("IMG_0001.HEIC", "", Self.heic)])))
        let file = try #require((json["files"] as? [[String: Any]])?.first)
        #expect(file["format"] as? String == "heic")
        #expect(file["accepted"] as? Bool == true)
    }

    @Test func NonImage_IsAnsweredButNotAccepted() throws {
        let json = try ProbeEndpointTests.json(Self.upload(Self.multipart([("notes.txt", "text/plain", Array("hello".utf8))])))
        let file = try #require((json["files"] as? [[String: Any]])?.first)
        #expect(file["format"] as? String == "other")
        #expect(file["accepted"] as? Bool == false)
    }

    @Test func TruncatedUpload_Is400AndSaysSo() throws {
        let r = try Self.upload(Self.multipart([("a.jpg", "image/jpeg", Self.jpeg)], close: false))
        #expect(r.status.code == 400)
        #expect(String(decoding: r.body, as: UTF8.self).contains("cut short"))
    }

    @Test func NotMultipart_Is415() throws {
        #expect(try Self.upload(Array("{}".utf8), contentType: "application/json").status.code == 415)
    }

    @Test func NoFilePart_Is400() throws {
        #expect(try Self.upload(Self.multipart([])).status.code == 400)
    }

    @Test func UploadRoute_TakesTheUploadBodyLimit() throws {
        guard case .matched(let route, _) = ProbeEndpointTests.router().lookup(method: "POST", path: "/probe/upload") else {
            Issue.record("no upload route"); return
        }
        #expect(route.bodyLimit == HTTPLimits().uploadBodyBytes)
    }

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
    static func box(_ size: UInt8, _ text: String) -> [UInt8] { [0, 0, 0, size] + bytes(text) }

    static let formatCases: [([UInt8], ImageFormat)] = [
        ([0xFF, 0xD8, 0xFF, 0xDB], .jpeg),
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0], .png),
        (bytes("GIF89a\u{1}\u{0}"), .gif),
        (bytes("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 "), .webp),
        (box(0x18, "ftypmif1\u{0}\u{0}\u{0}\u{0}mif1miaf"), .heif),
        (box(0x1C, "ftypmif1\u{0}\u{0}\u{0}\u{0}mif1heicmiaf"), .heic),
        (box(0x14, "ftypisom\u{0}\u{0}\u{0}\u{0}isom"), .other),
        (bytes("RIFF\u{0}\u{0}\u{0}\u{0}WAVE"), .other),
        ([0xFF, 0xD8], .other),
        ([], .other),
    ]

    @Test(arguments: formatCases)
    func Formats_AreToldFromMagicBytes(bytes: [UInt8], format: ImageFormat) {
        #expect(ImageFormat.sniff(bytes) == format)
    }
}
