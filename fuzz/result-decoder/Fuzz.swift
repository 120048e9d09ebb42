// libFuzzer target: the result decoder (`ResultDecoder().decodePosted`), what every
// `POST /api/runs/:id/results` body goes through.
// Oracle beyond "no crash": JSONValue.parse never accepts more than JSONDecoder nor reads
// another value; the decoder refuses only with a `ResultDecodingError` (anything else
// would be a 500), and what it accepts keeps the decoder's promises and can be stored:
// the observed object re-encodes (the API encodes it before storing; a throw there is a 500).
import Foundation

private let decoder = ResultDecoder()
/// A zero written with an exponent (`0e1`, `0.00e1`, `0.00e04`, `0.000000000000000E4`: a zero
/// mantissa, with or without a fraction of zeros, then `e`/`E` and digits) somewhere in the
/// text: numbers RFC 8259 allows that JSONDecoder refuses for some counts of zeros.
/// The same rule as `JSONParseTests.isZeroExponentQuirk`.
private func hasZeroExponent(_ b: [UInt8]) -> Bool {
    String(decoding: b, as: UTF8.self).contains(#/(^|[^0-9.])0(\.0*)?[eE][+-]?[0-9]/#)
}
private let encoder: JSONEncoder = {
    let e = JSONEncoder()
    e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return e
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResultDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // The parser beside JSONDecoder, which read the posts before it: it may refuse more
    // (trailing commas, UTF-16), never accept more, and what both read is the same value.
    let mine = try? JSONValue.parse(bytes)
    let theirs = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    // JSONDecoder refuses some zeros with an exponent, which RFC 8259 allows: there JSONSerialization judges.
    if let mine {
        if let theirs {
            if mine != theirs { fatalError("JSONValue.parse reads \(mine), JSONDecoder \(theirs)") }
        } else if (try? JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed)) == nil
                    || !hasZeroExponent(bytes) {
            fatalError("JSONValue.parse accepts what JSONDecoder refuses: \(mine)")
        }
    }
    let results: [ProbeResult]
    do {
        results = try decoder.decodePosted(bytes)
    } catch is ResultDecodingError {
        return 0
    } catch {
        fatalError("decodePosted threw \(type(of: error)), not ResultDecodingError: \(error)")
    }
    if results.count > ResultDecoder.maxBatchCount { fatalError("batch of \(results.count) accepted") }
    for r in results {
        if r.run.isEmpty || r.run.utf8.count > ResultDecoder.maxIdLength { fatalError("run id \(r.run.utf8.count) bytes accepted") }
        if r.probe.rawValue.isEmpty || r.probe.rawValue.utf8.count > ResultDecoder.maxIdLength { fatalError("probe id \(r.probe.rawValue.utf8.count) bytes accepted") }
        if r.attempt < 1 { fatalError("attempt \(r.attempt) accepted") }
        if !(r.elapsedMs >= 0) || !r.elapsedMs.isFinite { fatalError("elapsedMs \(r.elapsedMs) accepted") }
        do {
            _ = try encoder.encode(r.observed)
        } catch {
            fatalError("accepted observed object does not re-encode: \(error)")
        }
    }
    return 0
}
