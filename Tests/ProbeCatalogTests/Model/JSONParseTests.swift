import Foundation
import Testing
import TestSupport
@testable import ProbeCatalog

/// `JSONValue.parse` reads what `JSONDecoder` reads, to the same value, and refuses what it
/// refuses: the posted results went through `JSONDecoder` before, and a body one accepts and
/// the other refuses would change what the server stores. The differences on purpose, where
/// `JSONDecoder` reads more than RFC 8259 allows: trailing commas, and UTF-16 or UTF-32 text.
@Suite struct JSONParseTests {
    static func viaDecoder(_ bytes: [UInt8]) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    }

    /// JSONDecoder's reading, but a trailing comma (which RFC 8259 §5 and §4 do not allow)
    /// refused, as the parser refuses it.
    static func expected(_ bytes: [UInt8]) -> JSONValue? {
        guard let value = viaDecoder(bytes) else { return nil }
        var inString = false, escaped = false, lastSignificant: UInt8 = 0
        for b in bytes {
            if inString {
                if escaped { escaped = false } else if b == 0x5C { escaped = true } else if b == 0x22 { inString = false }
                lastSignificant = 0x22
                continue
            }
            if b == 0x22 { inString = true; lastSignificant = b; continue }
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { continue }
            if (b == 0x5D || b == 0x7D) && lastSignificant == 0x2C { return nil }
            lastSignificant = b
        }
        return value
    }

    /// JSONDecoder refuses some zeros written with an exponent (`0e1`, `0.00e1`, `0.00e04`,
    /// `0.000000000000000e4`: a zero mantissa, with or without a fraction of zeros, then an
    /// exponent), which RFC 8259 §6 allows and JSONSerialization reads: the parser reads them.
    static func isZeroExponentQuirk(_ bytes: [UInt8]) -> Bool {
        String(decoding: bytes, as: UTF8.self).contains(/(^|[^0-9.])0(\.0*)?[eE][+-]?[0-9]/)
            && (try? JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed)) != nil
    }

    static func agree(_ bytes: [UInt8]) -> String? {
        let mine = try? JSONValue.parse(bytes)
        let theirs = expected(bytes)
        if mine == theirs || (theirs == nil && mine != nil && isZeroExponentQuirk(bytes)) { return nil }
        return "\(String(decoding: bytes.prefix(80), as: UTF8.self).debugDescription): parse \(mine.map { "\($0)" } ?? "refused"), JSONDecoder \(theirs.map { "\($0)" } ?? "refused")"
    }

    static let texts: [String] = [
        "", " ", "1", "-0", "0", "01", "-01", "1.", ".5", "1.5", "-1.5e3", "1e5", "1E+5", "1e-5", "1e", "1e+", "-", "+1",
        "1e999", "-1e999", "1e308", "2e-324", "123456789012345678901234567890", "9007199254740993", "0.1",
        "3.141592653589793", "999999999999999", "9999999999999999", "true", "tru", "truex", "false", "null", "nul", "NaN", "Infinity",
        #""a""#, #""""#, #""\u00e9""#, #""\u00E9""#, #""\ud83d\ude00""#, #""\ud83d""#, #""\ude00""#, #""\ud83dx""#, #""\ud83d\u0041""#,
        "\"\t\"", "\"\n\"", #""\x""#, #""\/\b\f\n\r\t\"\\""#, #""\u12""#, #""\u12G4""#, "\"abc", "\"\\",
        "[]", "[1]", "[1,]", "[,1]", "[1 2]", "[", "]", "{}", #"{"a":1}"#, #"{"a":1,}"#, #"{"a" 1}"#, #"{"a":1,"a":2}"#,
        "{1:2}", "{\"a\"}", "{\"a\":}", #"{"a":1 "b":2}"#, " \n\t\r[ 1 , { \"b\" : [ null ] } ]\r\n ", "1 2", "[1] x",
        "\u{0B}1", "\u{A0}1", "\u{FEFF}1", "\u{FEFF}{}", #"{"results":[{"observed":{"x":[1,2,{"y":"z"}]}}]}"#,
        "\"é😀\"", "[-0.0, 0e0, 0E-0, 1.0e+2]", "[1e-400]", "3e-324", "0.0e-999", "0e1", "0.00e1", "0.000000000000000e4", "[0E5]", "-0e1", "0e10", "[1,]", "{\"a\":1,}", "[1,,]", "\u{0}", "\"\u{7F}\"",
    ]

    @Test func Parse_AgreesWithJSONDecoder_OnEachCase() {
        for text in Self.texts {
            #expect(Self.agree(Array(text.utf8)) == nil)
        }
    }

    @Test func Parse_AgreesWithJSONDecoder_OnBytesThatAreNotUTF8() {
        let cases: [[UInt8]] = [
            [0x22, 0xFF, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xE2, 0x82, 0x22],
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x5B, 0x80, 0x5D], [0x7B, 0x22, 0xFE, 0x22, 0x3A, 0x31, 0x7D],
        ]
        for bytes in cases { #expect(Self.agree(bytes) == nil) }
    }

    @Test func Parse_AgreesWithJSONDecoder_AtTheDepthLimit() {
        for depth in [JSONValue.maxDepth - 1, JSONValue.maxDepth, JSONValue.maxDepth + 1] {
            let arrays = Array(String(repeating: "[", count: depth).utf8) + Array(String(repeating: "]", count: depth).utf8)
            #expect(Self.agree(arrays) == nil, "depth \(depth)")
            let objects = Array(String(repeating: #"{"a":"#, count: depth).utf8) + [0x31] + Array(String(repeating: "}", count: depth).utf8)
            #expect(Self.agree(objects) == nil, "depth \(depth)")
        }
        // Far deeper than the limit is a refusal, not a crash.
        #expect((try? JSONValue.parse(Array(String(repeating: "[", count: 100_000).utf8))) == nil)
    }

    /// Many small edits of real result bodies (a byte dropped, doubled, replaced by one that
    /// matters to JSON), from a fixed seed: each edited text is read alike by both.
    @Test func Parse_AgreesWithJSONDecoder_OnEditedResultBodies() {
        let seeds = [HealthyRunText.batch, #"{"a":[1,-2.5e3,true,false,null,"x\u00e9\n"],"b":{"c":{}}}"#].map { Array($0.utf8) }
        let alphabet = Array(#"{}[]:,"\\/-+.0123456789eEtrufalsn ubfnrt"#.utf8) + [0x00, 0x09, 0x0A, 0xC3, 0xA9, 0xFF]
        var random = SplitMix(seed: 0x5EED)
        var disagreements: [String] = []
        for _ in 0..<20_000 {
            var bytes = seeds[Int(random.next() % UInt64(seeds.count))]
            for _ in 0..<(1 + Int(random.next() % 3)) {
                let at = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 3 {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(bytes[at], at: at)
                default: bytes[at] = alphabet[Int(random.next() % UInt64(alphabet.count))]
                }
                if bytes.isEmpty { break }
            }
            if let d = Self.agree(bytes) { disagreements.append(d) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements, first: \(disagreements.prefix(3))")
    }

    /// The fuzz target's finds of 2026-12-04: fifteen zeros of fraction, and an exponent's leading zero.
    @Test(arguments: ["0e1", "0.00e1", "\t\t0.000000000000000e4", "[0.000000000000000E4]", "\t\t0.00e04"])
    func AZeroWithAnExponent_IsRead_ThoughJSONDecoderRefusesIt(_ text: String) throws {
        let value = try JSONValue.parse(Array(text.utf8))
        #expect(value == .number(0) || value == .array([.number(0)]))
        #expect(Self.viaDecoder(Array(text.utf8)) == nil, "JSONDecoder reads \(text.debugDescription) now: narrow isZeroExponentQuirk")
        #expect(Self.isZeroExponentQuirk(Array(text.utf8)))
    }

    @Test func ARefusal_NamesTheByteAndWhatIsWrong() {
        #expect(throws: JSONValue.SyntaxError(offset: 6, problem: "expected , or ] in an array")) { try JSONValue.parse(Array("[1, 2 3]".utf8)) }
        #expect(throws: JSONValue.SyntaxError(offset: 0, problem: "a number with a leading zero")) { try JSONValue.parse(Array("01".utf8)) }
    }
}

/// A realistic posted batch: two results with the observed fields the page sends.
enum HealthyRunText {
    static let batch = #"{"results":[{"schema":1,"run":"r1","probe":"storage.local","attempt":1,"status":"pass","observed":{"available":true,"writeRead":true,"quotaBytes":123456.5},"elapsedMs":3,"at":"2026-12-03T10:00:00.123Z"},{"schema":1,"run":"r1","probe":"camera.frames","attempt":1,"status":"pass","observed":{"playing":true,"width":640,"height":480,"frames":30,"settings":{"facingMode":"user","deviceId":"a\u00e9\/b"}},"elapsedMs":712.5,"at":"2026-12-03T10:00:01Z","reason":null}]}"#
}
