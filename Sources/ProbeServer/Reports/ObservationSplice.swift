#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials

/// Writes stored observations into an encoded report as the texts they are. `JSONEncoder`
/// cannot take JSON text as a value, so each stored observation is encoded as a placeholder
/// string, `"<mark><n>"`, and `fill` replaces every placeholder by its text in one pass over
/// the output. The mark is 128 random bits drawn for each report, so no text a device sent
/// (a label, metadata, a finding quoting the page) can name a placeholder: it would have to
/// know the mark before the report was made.
///
/// Why: a report of a run at its observation quota (8 MiB) parsed every observation into a
/// tree and encoded the tree again, about 2 s of CPU per request that anyone holding the run's
/// id could ask for (docs/security.md). The stored texts are the page's bytes as the result
/// decoder accepted them: valid JSON objects, the same value the tree would have written.
final class ObservationSplice: @unchecked Sendable {
    static let key = CodingUserInfoKey(rawValue: "probe-server.observation-splice")!

    private let mark: String
    private let lock = Lock()
    private var texts: [String] = []

    init() {
        var random = SystemRandomNumberGenerator()
        mark = "probe-server-observation-" + (0..<4).map { _ in String(random.next() as UInt32, radix: 16) }.joined(separator: "-") + "-"
    }

    /// The placeholder to encode for `text`, when `encoder` is writing a report that splices
    /// (`RunReportDocument.jsonText`); nil for any other encoder.
    static func placeholder(for text: String, in encoder: any Encoder) -> String? {
        guard let splice = encoder.userInfo[key] as? ObservationSplice else { return nil }
        return splice.lock.withLock {
            splice.texts.append(text)
            return splice.mark + String(splice.texts.count - 1)
        }
    }

    /// The encoded report with each placeholder string (quotes included) replaced by its text.
    func fill(_ encoded: Data) -> String {
        let texts = lock.withLock { self.texts }
        guard !texts.isEmpty else { return String(decoding: encoded, as: UTF8.self) }
        let needle = Array(("\"" + mark).utf8)
        var out: [UInt8] = []
        out.reserveCapacity(encoded.count + texts.reduce(0) { $0 + $1.utf8.count })
        encoded.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var copied = 0
            var i = 0
            while i + needle.count <= bytes.count {
                guard bytes[i] == needle[0], needle.indices.allSatisfy({ bytes[i + $0] == needle[$0] }) else {
                    i += 1
                    continue
                }
                var j = i + needle.count
                var index = 0
                while j < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[j]) {
                    index = index * 10 + Int(bytes[j] - UInt8(ascii: "0"))
                    j += 1
                }
                guard j < bytes.count, bytes[j] == UInt8(ascii: "\""), index < texts.count else {
                    i += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<i]))
                out.append(contentsOf: texts[index].utf8)
                i = j + 1
                copied = i
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
        }
        return String(decoding: out, as: UTF8.self)
    }
}
