// libFuzzer target: the HTTP request parser.
// Oracle beyond "no crash": the same bytes fed whole and fed in pieces (split points taken
// from the input) must give the same events and the same error, and every error status must
// be one the server documents.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPRequest(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let step = Int(bytes[0] % 7) + 1
    let input = Array(bytes.dropFirst())

    var small = HTTPLimits()
    // Small limits reach the limit paths with small inputs.
    small.requestLineBytes = 256
    small.headerBytes = 1024
    small.headerFields = 12
    small.jsonBodyBytes = 512
    small.chunkLineBytes = 64

    let whole = run(input, pieces: [input.count], limits: small)
    var sizes: [Int] = []
    var remaining = input.count
    var i = 0
    while remaining > 0 {
        let n = min(remaining, step + (i % 3))
        sizes.append(n)
        remaining -= n
        i += 1
    }
    let split = run(input, pieces: sizes, limits: small)
    if whole.events != split.events || whole.error != split.error {
        fatalError("parser disagrees with itself: whole=\(whole) split=\(split)")
    }
    if let e = whole.error, ![400, 408, 413, 414, 417, 431, 501, 505].contains(e.status.code) {
        fatalError("undocumented status \(e.status.code)")
    }
    return 0
}

private func run(_ input: [UInt8], pieces: [Int], limits: HTTPLimits) -> (events: [ParseEvent], error: HTTPParseError?) {
    var parser = RequestParser(limits: limits)
    var events: [ParseEvent] = []
    var offset = 0
    do {
        for n in pieces {
            parser.append(Array(input[offset..<(offset + n)]))
            offset += n
            while let event = try parser.next() {
                events.append(event)
                if events.count > 10_000 { return (events, nil) }
            }
        }
    } catch {
        return (events, error)
    }
    return (events, nil)
}
