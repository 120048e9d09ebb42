// libFuzzer target: the result decoder (`ResultDecoder().decodePosted`), what every
// `POST /api/runs/:id/results` body goes through.
// Oracle beyond "no crash": it refuses only with a `ResultDecodingError` (anything else
// would be a 500), and what it accepts keeps the decoder's promises and can be stored:
// the observed object re-encodes (the API encodes it before storing; a throw there is a 500).
import Foundation

private let decoder = ResultDecoder()
private let encoder: JSONEncoder = {
    let e = JSONEncoder()
    e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return e
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResultDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
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
