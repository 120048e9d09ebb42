import Testing
import TestSupport
@testable import ProbeServer

/// The multipart parser on raw bodies, fed in every way a socket can slice them.
@Suite struct MultipartParserTests {
    static let boundary = "----probeBoundary7MA4YWxk"

    static func body(_ parts: [(headers: String, body: [UInt8])], close: Bool = true, preamble: String = "") -> [UInt8] {
        var out = Array(preamble.utf8)
        for part in parts {
            out += Array("--\(boundary)\r\n\(part.headers)\r\n".utf8)
            out += part.body
            out += Array("\r\n".utf8)
        }
        if close { out += Array("--\(boundary)--\r\n".utf8) }
        return out
    }

    static let photo: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + Array("\r\n--not-the-boundary\r\n".utf8) + (0..<2000).map { UInt8($0 % 251) }

    static let twoParts = body([
        ("Content-Disposition: form-data; name=\"probe\"\r\n", Array("file.accept".utf8)),
        ("Content-Disposition: form-data; name=\"file\"; filename=\"../../etc/passwd \\\"x\\\".jpg\"\r\nContent-Type: image/jpeg\r\n", photo),
    ])

    /// Collapses events into (head, body) pairs.
    static func parts(_ events: [MultipartParser.Event]) -> [(MultipartParser.PartHead, [UInt8])] {
        var out: [(MultipartParser.PartHead, [UInt8])] = []
        for event in events {
            switch event {
            case .partBegan(let head): out.append((head, []))
            case .body(let chunk): out[out.count - 1].1 += chunk
            case .partEnded, .finished: break
            }
        }
        return out
    }

    static func parse(_ bytes: [UInt8], sliceSize: Int, limits: MultipartParser.Limits = .init()) throws -> [MultipartParser.Event] {
        var parser = try MultipartParser(boundary: boundary, limits: limits)
        var events: [MultipartParser.Event] = []
        var i = 0
        while i < bytes.count {
            events += try parser.feed(bytes[i..<min(i + sliceSize, bytes.count)])
            i += sliceSize
        }
        try parser.finish()
        return events
    }

    @Test func TwoParts_AreParsedWithNamesTypesAndExactBodies() throws {
        let parts = Self.parts(try Self.parse(Self.twoParts, sliceSize: Self.twoParts.count))
        #expect(parts.count == 2)
        #expect(parts[0].0.name == "probe")
        #expect(parts[0].0.filename == nil)
        #expect(parts[0].1 == Array("file.accept".utf8))
        #expect(parts[1].0.name == "file")
        #expect(parts[1].0.filename == "../../etc/passwd \"x\".jpg")
        #expect(parts[1].0.contentType == "image/jpeg")
        #expect(parts[1].1 == Self.photo)
    }

    @Test(arguments: [1, 2, 3, 7, 31, 64, 65, 100, 4096])
    func BoundariesSplitAcrossFeeds_GiveTheSameParts(sliceSize: Int) throws {
        let whole = Self.parts(try Self.parse(Self.twoParts, sliceSize: Self.twoParts.count))
        let sliced = Self.parts(try Self.parse(Self.twoParts, sliceSize: sliceSize))
        #expect(sliced.count == whole.count)
        for (a, b) in zip(sliced, whole) {
            #expect(a.0 == b.0)
            #expect(a.1 == b.1)
        }
    }

    @Test func EventsEndWithFinished_AndTheEpilogueIsIgnored() throws {
        var bytes = Self.twoParts
        bytes += Array("epilogue text that is not a part\r\n--\(Self.boundary)\r\n".utf8)
        let events = try Self.parse(bytes, sliceSize: 10)
        #expect(events.last == .finished)
        #expect(Self.parts(events).count == 2)
    }

    @Test func MissingFinalBoundary_IsATruncatedUpload() throws {
        let bytes = Self.body([("Content-Disposition: form-data; name=\"file\"; filename=\"a.jpg\"\r\n", Self.photo)], close: false)
        var parser = try MultipartParser(boundary: Self.boundary)
        _ = try parser.feed(bytes)
        #expect(throws: MultipartError.missingFinalBoundary) { try parser.finish() }
    }

    @Test func BodyCutInsideAPart_IsATruncatedUpload() throws {
        var parser = try MultipartParser(boundary: Self.boundary)
        _ = try parser.feed(Self.twoParts.prefix(Self.twoParts.count / 2))
        #expect(throws: MultipartError.missingFinalBoundary) { try parser.finish() }
    }

    @Test func OversizedPart_IsRefusedAtTheLimitNotAfter() throws {
        var limits = MultipartParser.Limits()
        limits.partBodyBytes = 1000
        #expect(throws: MultipartError.partTooLarge(1000)) {
            _ = try Self.parse(Self.twoParts, sliceSize: 50, limits: limits)
        }
    }

    @Test func PartOfExactlyTheLimit_IsAccepted() throws {
        var limits = MultipartParser.Limits()
        limits.partBodyBytes = Self.photo.count
        let parts = Self.parts(try Self.parse(Self.twoParts, sliceSize: 13, limits: limits))
        #expect(parts[1].1.count == Self.photo.count)
    }

    @Test func HugeHeaderBlock_IsRefusedWithoutWaitingForItsEnd() throws {
        var limits = MultipartParser.Limits()
        limits.partHeaderBytes = 256
        var parser = try MultipartParser(boundary: Self.boundary, limits: limits)
        _ = try parser.feed(Array("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"".utf8))
        #expect(throws: MultipartError.headerTooLarge(256)) {
            _ = try parser.feed([UInt8](repeating: UInt8(ascii: "a"), count: 300))
        }
        #expect(throws: MultipartError.alreadyFailed) { _ = try parser.feed([1]) }
    }

    @Test func TooManyHeaderFields_AreRefused() throws {
        var limits = MultipartParser.Limits()
        limits.partHeaderFields = 3
        let headers = (0..<4).map { "X-H\($0): v\r\n" }.joined()
        #expect(throws: MultipartError.tooManyHeaderFields(3)) {
            _ = try Self.parse(Self.body([(headers, [1, 2, 3])]), sliceSize: 1000, limits: limits)
        }
    }

    @Test func TooManyParts_AreRefused() throws {
        var limits = MultipartParser.Limits()
        limits.parts = 2
        let three = Self.body((0..<3).map { _ in ("Content-Disposition: form-data; name=\"f\"\r\n", [1]) })
        #expect(throws: MultipartError.tooManyParts(2)) { _ = try Self.parse(three, sliceSize: 1000, limits: limits) }
    }

    @Test func HeaderLineWithoutColon_IsMalformed() throws {
        #expect(throws: MultipartError.self) {
            _ = try Self.parse(Self.body([("no colon here\r\n", [1])]), sliceSize: 1000)
        }
    }

    @Test func PartWithoutHeaders_HasAnEmptyHead() throws {
        let parts = Self.parts(try Self.parse(Self.body([("", Array("x".utf8))]), sliceSize: 3))
        #expect(parts.count == 1)
        #expect(parts[0].0.headers.isEmpty)
        #expect(parts[0].1 == Array("x".utf8))
    }

    @Test func ShortPreamble_IsSkipped_LongOneIsRefused() throws {
        let short = Self.body([("Content-Disposition: form-data; name=\"a\"\r\n", [7])], preamble: "This is a preamble.\r\n")
        #expect(Self.parts(try Self.parse(short, sliceSize: 5)).count == 1)
        var limits = MultipartParser.Limits()
        limits.preambleBytes = 100
        let long = Self.body([("Content-Disposition: form-data; name=\"a\"\r\n", [7])], preamble: String(repeating: "p", count: 500) + "\r\n")
        #expect(throws: MultipartError.preambleTooLarge(100)) { _ = try Self.parse(long, sliceSize: 64, limits: limits) }
    }

    @Test func EmptyBodyPart_IsKept() throws {
        let parts = Self.parts(try Self.parse(Self.body([("Content-Disposition: form-data; name=\"file\"; filename=\"\"\r\n", [])]), sliceSize: 2))
        #expect(parts.count == 1)
        #expect(parts[0].0.filename == "")
        #expect(parts[0].1.isEmpty)
    }

    @Test func BoundaryParameter_IsReadQuotedOrNot() throws {
        #expect(try MultipartParser.boundary(fromContentType: "multipart/form-data; boundary=abc") == "abc")
        #expect(try MultipartParser.boundary(fromContentType: "Multipart/Form-Data; charset=utf-8; BOUNDARY=\"a b'c\"") == "a b'c")
        #expect(throws: MultipartError.notMultipart) { try MultipartParser.boundary(fromContentType: "application/json") }
        #expect(throws: MultipartError.missingBoundary) { try MultipartParser.boundary(fromContentType: "multipart/form-data") }
    }

    @Test func InvalidBoundaries_AreRefused() {
        #expect(throws: MultipartError.invalidBoundary) { try MultipartParser(boundary: "") }
        #expect(throws: MultipartError.invalidBoundary) { try MultipartParser(boundary: String(repeating: "a", count: 71)) }
        #expect(throws: MultipartError.invalidBoundary) { try MultipartParser(boundary: "a\r\nb") }
    }

    @Test func GarbageAfterADelimiter_IsMalformed() throws {
        var bytes = Array("--\(Self.boundary)XYZ\r\n".utf8)
        bytes += Array("\r\n--\(Self.boundary)--".utf8)
        #expect(throws: MultipartError.malformedDelimiter) { _ = try Self.parse(bytes, sliceSize: 100) }
    }

    @Test func ErrorsMapToHTTPStatuses() {
        #expect(MultipartError.partTooLarge(1).httpError.status.code == 413)
        #expect(MultipartError.notMultipart.httpError.status.code == 415)
        #expect(MultipartError.missingFinalBoundary.httpError.status.code == 400)
    }
}

/// Random bodies, random slices: the parser never crashes, and slicing never changes the result.
@Suite struct MultipartParserSliceTests {
    /// Bytes that look like framing: CR, LF, dashes and the boundary's own letters.
    static func tricky(_ count: Int, _ rng: inout SplitMix) -> [UInt8] {
        let alphabet = Array("\r\n-ab".utf8) + Array(MultipartParserTests.boundary.utf8.prefix(6))
        return (0..<count).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }
    }

    @Test(arguments: 0..<40)
    func RandomBodiesSlicedRandomly_ParseLikeTheWholeBody(seed: Int) throws {
        var rng = SplitMix(seed: UInt64(seed) &* 7919)
        let parts: [(String, [UInt8])] = (0..<Int(rng.next() % 4 + 1)).map { i in
            ("Content-Disposition: form-data; name=\"f\(i)\"\r\n", Self.tricky(Int(rng.next() % 300), &rng))
        }
        // A body must not contain its own delimiter: drop the parts that happen to.
        let delimiter = Array("\r\n--\(MultipartParserTests.boundary)".utf8)
        let clean = parts.filter { part in
            let bytes = [13, 10] + part.1 + [13, 10]
            guard bytes.count >= delimiter.count else { return true }
            return !(0...(bytes.count - delimiter.count)).contains { Array(bytes[$0..<$0 + delimiter.count]) == delimiter }
        }
        let body = MultipartParserTests.body(clean)
        var parser = try MultipartParser(boundary: MultipartParserTests.boundary)
        var events: [MultipartParser.Event] = []
        var i = 0
        while i < body.count {
            let n = Int(rng.next() % 97) + 1
            events += try parser.feed(body[i..<min(i + n, body.count)])
            i += n
        }
        try parser.finish()
        let got = MultipartParserTests.parts(events)
        #expect(got.count == clean.count)
        for (g, want) in zip(got, clean) { #expect(g.1 == want.1) }
    }

    @Test(arguments: 0..<40)
    func RandomGarbage_NeverCrashes_AndEndsInAnError(seed: Int) throws {
        var rng = SplitMix(seed: UInt64(seed) &+ 1)
        var garbage = Self.tricky(Int(rng.next() % 2000), &rng)
        if rng.next() % 2 == 0 { garbage = Array("--\(MultipartParserTests.boundary)\r\n".utf8) + garbage }
        var parser = try MultipartParser(boundary: MultipartParserTests.boundary)
        do {
            var i = 0
            while i < garbage.count {
                let n = Int(rng.next() % 50) + 1
                _ = try parser.feed(garbage[i..<min(i + n, garbage.count)])
                i += n
            }
            try parser.finish()
        } catch {
            return  // refused: what garbage should get
        }
        // Accepted only if the garbage happened to be a complete body.
        #expect(parser.isFinished)
    }
}
