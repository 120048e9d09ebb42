import Foundation
import Testing
@testable import ProbeServer
@testable import ProbeStore

@Suite struct RFC3339Tests {
    @Test func Timestamps_ParseLikeFoundation() {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let plain = ISO8601DateFormatter()
        for text in ["2026-11-30T03:00:00Z", "2026-11-30T03:00:00.123Z", "1999-12-31T23:59:59+01:00",
                     "2024-02-29T12:30:45.5-07:30", "1970-01-01T00:00:00Z"] {
            let ours = RFC3339.parse(text)
            let theirs = f.date(from: text) ?? plain.date(from: text)
            #expect(ours != nil && theirs != nil, "\(text)")
            if let ours, let theirs { #expect(abs(ours.timeIntervalSince(theirs)) < 0.001, "\(text)") }
        }
    }

    @Test func Garbage_IsRejected() {
        for text in ["", "2026-11-30", "2026-13-01T00:00:00Z", "2026-11-30T25:00:00Z", "2026-11-30T03:00:00",
                     "2026-11-30T03:00:00.Z", "2026-11-30T03:00:00Zjunk", "x026-11-30T03:00:00Z", "2026-11-30T03:00:00+0100"] {
            #expect(RFC3339.parse(text) == nil, "\(text)")
        }
    }

    @Test func Format_RoundTrips() {
        let d = Date(timeIntervalSince1970: 1_796_000_000.25)
        #expect(RFC3339.format(Date(timeIntervalSince1970: 0.25)) == "1970-01-01T00:00:00.250Z")
        #expect(RFC3339.parse(RFC3339.format(d)).map { abs($0.timeIntervalSince(d)) < 0.001 } == true)
    }
}
