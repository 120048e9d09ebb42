// libFuzzer target: the multipart/form-data parser (the file probes' uploads).
// Oracle beyond "no crash": the same body fed whole and fed in pieces (sizes taken from the
// input) gives the same error, or, when accepted, the same parts and bodies; a body it accepts keeps
// the limits (parts, part size, header fields), its events are well nested
// (partBegan, body*, partEnded), and it never yields more body bytes than it was fed.

/// Boundaries the input picks from with its first byte: a browser's, the shortest, the
/// longest (70), one with spaces and punctuation inside.
private let boundaries = [
    "----WebKitFormBoundary7MA4YWxkTrZu0gW", "x", String(repeating: "b", count: 70), "a'()+_,-./:=? z",
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMultipart(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let boundary = boundaries[Int(bytes[0] & 3)]
    let step = Int(bytes[0] >> 2) % 13 + 1
    let input = Array(bytes.dropFirst())

    var small = MultipartParser.Limits()
    // Small limits reach the limit paths with small inputs.
    small.partHeaderBytes = 256
    small.partHeaderFields = 4
    small.partBodyBytes = 512
    small.parts = 4
    small.preambleBytes = 64

    let whole = run(input, boundary: boundary, pieces: [input.count], limits: small)
    var sizes: [Int] = []
    var remaining = input.count
    var i = 0
    while remaining > 0 {
        let n = min(remaining, step + (i % 5))
        sizes.append(n)
        remaining -= n
        i += 1
    }
    let split = run(input, boundary: boundary, pieces: sizes, limits: small)
    // On an error the events of the failing feed are dropped, so how many parts were seen
    // before it depends on the slicing; the error itself must not.
    if whole.error != split.error || whole.error == nil && (whole.parts.count != split.parts.count
        || !zip(whole.parts, split.parts).allSatisfy({ $0.head == $1.head && $0.body == $1.body })) {
        fatalError("parser disagrees with itself: whole=\(whole.parts.count) parts, \(String(describing: whole.error)); split=\(split.parts.count) parts, \(String(describing: split.error))")
    }
    if whole.error == nil {
        if whole.parts.count > small.parts { fatalError("\(whole.parts.count) parts accepted") }
        for part in whole.parts {
            if part.body.count > small.partBodyBytes { fatalError("part of \(part.body.count) bytes accepted") }
            if part.head.headers.count > small.partHeaderFields { fatalError("\(part.head.headers.count) header fields accepted") }
        }
    }
    let fed = whole.parts.reduce(0) { $0 + $1.body.count }
    if fed > input.count { fatalError("\(fed) body bytes out of \(input.count) fed") }
    return 0
}

private struct Outcome {
    var parts: [(head: MultipartParser.PartHead, body: [UInt8])] = []
    var error: MultipartError?
}

private func run(_ input: [UInt8], boundary: String, pieces: [Int], limits: MultipartParser.Limits) -> Outcome {
    var outcome = Outcome()
    var parser: MultipartParser
    do {
        parser = try MultipartParser(boundary: boundary, limits: limits)
    } catch {
        fatalError("boundary \(boundary) refused: \(error)")
    }
    var open = false
    var finished = false
    var offset = 0
    do {
        for n in pieces {
            let events = try parser.feed(input[offset..<(offset + n)])
            offset += n
            for event in events {
                switch event {
                case .partBegan(let head):
                    if open || finished { fatalError("a part began inside another or after the end") }
                    open = true
                    outcome.parts.append((head, []))
                case .body(let chunk):
                    if !open { fatalError("body bytes outside a part") }
                    outcome.parts[outcome.parts.count - 1].body += chunk
                case .partEnded:
                    if !open { fatalError("a part ended that never began") }
                    open = false
                case .finished:
                    if open || finished { fatalError("finished inside a part, or twice") }
                    finished = true
                }
            }
        }
        try parser.finish()
        if !finished { fatalError("finish() succeeded without a .finished event") }
    } catch {
        outcome.error = error
    }
    return outcome
}
