import Foundation
import Testing
@testable import ProbeCatalog

@Suite struct ResultDecoderTests {
    let decoder = ResultDecoder()

    func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    func error(_ text: String, batch: Bool = false) -> String? {
        do {
            if batch { _ = try decoder.decodeBatch(bytes(text)) } else { _ = try decoder.decode(bytes(text)) }
            return nil
        } catch {
            return "\(error)"
        }
    }

    static let valid = #"{"run":"r1","probe":"camera.getUserMedia","attempt":1,"status":"fail","observed":{"outcome":"error","errorName":"NotAllowedError","elapsedMs":42},"elapsedMs":42.5,"at":"2026-11-30T03:00:00Z"}"#

    @Test func AResult_IsDecoded() throws {
        let result = try decoder.decode(bytes(Self.valid))
        #expect(result.run == "r1")
        #expect(result.probe == "camera.getUserMedia")
        #expect(result.attempt == 1)
        #expect(result.status == .fail)
        #expect(result.observed["errorName"] == "NotAllowedError")
        #expect(result.elapsedMs == 42.5)
        #expect(result.schema == 1)
        #expect(result.key == ProbeResult.Key(run: "r1", probe: "camera.getUserMedia", attempt: 1))
    }

    @Test func UnknownFields_AreTolerated() throws {
        let text = #"{"run":"r1","probe":"storage.local","attempt":2,"status":"pass","observed":{"available":true,"extra":[1,2]},"elapsedMs":3,"at":"t","newTopLevel":{"x":1}}"#
        let result = try decoder.decode(bytes(text))
        #expect(result.attempt == 2)
        #expect(result.observed["extra"] == [1, 2])
    }

    @Test func UnknownProbes_AreTolerated() throws {
        let text = #"{"run":"r1","probe":"future.probe","attempt":1,"status":"info","observed":{"anything":"x"},"elapsedMs":0,"at":"t"}"#
        #expect(try decoder.decode(bytes(text)).probe == "future.probe")
    }

    @Test func WrongTypeInABatch_NamesTheIndexAndField() {
        let bad = #"{"run":"r1","probe":"env.script","attempt":"2","status":"pass","observed":{},"elapsedMs":1,"at":"t"}"#
        let text = #"{"results":[\#(Self.valid),\#(Self.valid),\#(Self.valid),\#(bad)]}"#
        #expect(error(text, batch: true) == "results[3].attempt: expected an integer, got a string")
    }

    @Test func WrongTypes_AreRejected_WithTheFieldNamed() {
        #expect(error(#"{"run":5,"probe":"p","attempt":1,"status":"pass","at":"t"}"#) == "run: expected a string, got an integer")
        #expect(error(#"{"run":"r","probe":"p","attempt":1.5,"status":"pass","at":"t"}"#) == "attempt: expected an integer, got a number")
        #expect(error(#"{"run":"r","probe":"p","attempt":0,"status":"pass","at":"t"}"#) == "attempt: expected 1 or more, got 0")
        #expect(error(#"{"run":"r","probe":"p","attempt":1,"status":"great","at":"t"}"#) == "status: expected one of pass, fail, error, skipped, info, got \"great\"")
        #expect(error(#"{"run":"r","probe":"p","attempt":1,"status":"pass","observed":[],"at":"t"}"#) == "observed: expected an object, got an array")
        #expect(error(#"{"run":"r","probe":"p","attempt":1,"status":"pass","elapsedMs":"3","at":"t"}"#) == "elapsedMs: expected a number, got a string")
        #expect(error(#"{"run":"r","probe":"p","attempt":1,"status":"pass"}"#) == "at: missing")
        #expect(error(#"{"run":"r","probe":"p","attempt":1,"status":"pass","at":"t","schema":9}"#) == "schema: version 9 is not supported; this server reads 1 to 1")
        #expect(error(#"{"run":"","probe":"p","attempt":1,"status":"pass","at":"t"}"#) == "run: expected 1 to 128 characters, got 0")
    }

    @Test func ObservedFields_OfKnownProbes_AreTypeChecked() {
        let text = #"{"run":"r","probe":"storage.local","attempt":1,"status":"fail","observed":{"available":"no"},"at":"t"}"#
        #expect(error(text) == "observed.available: expected a boolean, got a string")
        let values = #"{"run":"r","probe":"camera.getUserMedia","attempt":1,"status":"fail","observed":{"outcome":"maybe"},"at":"t"}"#
        #expect(error(values) == "observed.outcome: expected one of granted, error, got \"maybe\"")
        let nulls = #"{"run":"r","probe":"storage.local","attempt":1,"status":"fail","observed":{"available":null},"at":"t"}"#
        #expect(error(nulls) == nil)
    }

    @Test func Garbage_IsNotValidJSON() {
        #expect(error("{not json") == "not valid JSON: expected a member name in quotes at byte 1")
        #expect(error("[1]", batch: true) == "[0]: expected an object, got an integer")
        #expect(error(#"{"x":1}"#, batch: true) == "results: missing; a batch is {\"results\": [ … ]}")
    }

    @Test func ABatch_IsDecoded_FromAnObjectOrABareArray() throws {
        #expect(try decoder.decodeBatch(bytes(#"{"results":[\#(Self.valid),\#(Self.valid)]}"#)).count == 2)
        #expect(try decoder.decodeBatch(bytes("[\(Self.valid)]")).count == 1)
        #expect(try decoder.decodeBatch(Data("{\"results\":[]}".utf8)).isEmpty)
    }

    @Test func JSONDecoder_GoesThroughTheSameChecks() throws {
        let result = try JSONDecoder().decode(ProbeResult.self, from: Data(Self.valid.utf8))
        #expect(result.probe == "camera.getUserMedia")
        #expect(throws: ResultDecodingError.self) {
            try JSONDecoder().decode([ProbeResult].self, from: Data(#"[{"run":1}]"#.utf8))
        }
    }

    @Test func AResult_RoundTripsThroughJSON() throws {
        let original = try decoder.decode(bytes(Self.valid))
        let encoded = try JSONEncoder().encode(original)
        #expect(try decoder.decode(encoded) == original)
    }
}
