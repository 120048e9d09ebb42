import Testing
@testable import ProbeServer
@Test func TransportResult_IsEquatable() { #expect(TransportResult.bytes(0) == .bytes(0)) }
