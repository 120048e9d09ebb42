import Foundation
import Testing
@testable import ProbeServer
import ProbeCatalog
@testable import ProbeStore
@testable import ProbeServerTesting
import ProbeRuns

/// A result is decoded once: its `observed` goes to the store as the bytes the page sent
/// (`PostedObservations`), not decoded, encoded again and decoded at the next judgement.
@Suite struct PostedObservationsTests {
    static func ranges(_ body: String) -> [String?]? {
        let bytes = Array(body.utf8)
        return PostedObservations.ranges(in: bytes)?.map { $0.map { String(decoding: bytes[$0], as: UTF8.self) } }
    }

    @Test func EachShapeThePageMayPost_GivesEveryObservationAsSent() {
        let one = #"{"probe":"a","observed": { "b" : [1, {"c":"}]\"{"}], "a":true } ,"at":"x"}"#
        #expect(Self.ranges(one) == [#"{ "b" : [1, {"c":"}]\"{"}], "a":true }"#])
        #expect(Self.ranges(#"{"results":[{"observed":{"x":1}},{"observed":null},{"probe":"p"}]}"#) == [#"{"x":1}"#, nil, nil])
        #expect(Self.ranges(#" [ {"observed":{}} , {"observed":{"y":"é"}} ] "#) == ["{}", #"{"y":"é"}"#])
    }

    @Test func NamesTheDecoderCouldReadOtherwise_AreLeftToTheEncoder() {
        #expect(Self.ranges(#"{"observed":{"x":1},"observed":{"x":2}}"#) == nil, "a name given twice")
        #expect(Self.ranges(#"{"obs\u0065rved":{"x":1}}"#) == nil, "an escaped name")
        #expect(Self.ranges(#"{"results":[{"observed":{}}],"results":[]}"#) == nil)
    }

    @Test func PostedObservation_IsStoredAsTheBytesThePageSent_SingleAndInABatch() throws {
        let s = try TestService()
        let id = try s.createRun()
        let spaced = #"{ "persisted": true,  "available" : true }"#
        let batch = "{\"results\": [" + TestService.result(id, "storage.local", observed: spaced) + " , "
            + TestService.result(id, "storage.session", observed: #"{"available":true}"#) + "]}"
        #expect(try s.request("POST", "/api/runs/\(id)/results", body: batch).json["accepted"] as? Int == 2)
        _ = try s.request("POST", "/api/runs/\(id)/results", body: TestService.result(id, "cookie.document", observed: #"{"set" :true}"#))
        let stored = try s.service.store.results(runID: id)
        #expect(stored.map(\.observed) == [spaced, #"{"available":true}"#, #"{"set" :true}"#])
        #expect(RunJudge.probeResult(stored[0]).observed == ["persisted": .bool(true), "available": .bool(true)])
    }

    @Test func ResentResultSpacedOrOrderedOtherwise_IsADuplicate_ADifferentValueAConflict() throws {
        let s = try TestService()
        let id = try s.createRun()
        _ = try s.request("POST", "/api/runs/\(id)/results", body: TestService.result(id, "storage.local", observed: #"{"available":true,"persisted":false}"#))
        let again = try s.request("POST", "/api/runs/\(id)/results",
                                  body: TestService.result(id, "storage.local", observed: #"{ "persisted":false, "available":true }"#))
        #expect(again.json["duplicates"] as? Int == 1)
        let other = try s.request("POST", "/api/runs/\(id)/results",
                                  body: TestService.result(id, "storage.local", observed: #"{"available":true,"persisted":true}"#))
        #expect(other.json["conflicts"] as? Int == 1)
    }

    @Test func BodyTheScanDoesNotRead_IsStoredEncoded_WithTheValueTheDecoderRead() throws {
        let s = try TestService()
        let id = try s.createRun()
        let body = TestService.result(id, "storage.local", observed: "{}").replacingOccurrences(of: #""observed":{}"#, with: #""obs\u0065rved":{"available":true}"#)
        #expect(try s.request("POST", "/api/runs/\(id)/results", body: body).json["accepted"] as? Int == 1)
        let stored = try #require(try s.service.store.results(runID: id).first)
        #expect(RunJudge.probeResult(stored).observed == ["available": .bool(true)])
    }
}
