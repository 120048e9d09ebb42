import Foundation
import Testing
@testable import BeyondEssentials

/// The shared JSON settings: what the server writes and what ProbeRuns keeps must match byte for byte.
@Suite struct JSONCodingTests {
    @Test func Encoder_SortsKeys_LeavesSlashes_AndWritesISO8601Seconds() throws {
        struct Value: Codable, Equatable { let b: String; let a: Date }
        let value = Value(b: "/runs/x", a: Date(timeIntervalSince1970: 1_790_000_000))
        let text = String(decoding: try JSONCoding.encoder.encode(value), as: UTF8.self)
        #expect(text == #"{"a":"2026-09-21T14:13:20Z","b":"/runs/x"}"#)
        #expect(try JSONCoding.decoder.decode(Value.self, from: Data(text.utf8)) == value)
    }
}
