import Testing
@testable import ProbeServer

/// Regressions found by the multipart fuzz target (fuzz/multipart).
@Suite struct RegressionMultipartTests {
    /// Feeds `body` in slices of `size` and finishes; the error, or nil.
    func outcome(_ body: [UInt8], sliceSize size: Int, limits: MultipartParser.Limits) -> MultipartError? {
        do {
            var parser = try MultipartParser(boundary: "b", limits: limits)
            var offset = 0
            while offset < body.count {
                _ = try parser.feed(body[offset..<min(body.count, offset + size)])
                offset += size
            }
            try parser.finish()
            return nil
        } catch {
            return error
        }
    }

    @Test func HeaderBlockAtTheLimit_IsAcceptedHoweverItIsSliced() {
        // fuzz/multipart crash-9fca1dae: a header block within the limit passed when fed whole
        // and failed with headerTooLarge when the blank line after it arrived in pieces.
        var limits = MultipartParser.Limits()
        limits.partHeaderBytes = 64
        let line = "Content-Disposition: form-data; name=\"f\"; filename=\"x.jpg\""
        // The header block (what lies between the boundary line and the blank line, without
        // the CRLF that ends its last line) is exactly at the limit.
        let header = line + String(repeating: "x", count: limits.partHeaderBytes - line.utf8.count)
        #expect(header.utf8.count == limits.partHeaderBytes)
        let body = Array("--b\r\n\(header)\r\n\r\nbody\r\n--b--\r\n".utf8)
        for size in 1...8 {
            #expect(outcome(body, sliceSize: size, limits: limits) == nil, "slices of \(size)")
        }
        #expect(outcome(body, sliceSize: body.count, limits: limits) == nil)
        // One byte more is refused, whole or sliced.
        let over = Array("--b\r\n\(header)x\r\n\r\nbody\r\n--b--\r\n".utf8)
        for size in [1, 3, over.count] {
            #expect(outcome(over, sliceSize: size, limits: limits) == .headerTooLarge(64), "slices of \(size)")
        }
    }
}
