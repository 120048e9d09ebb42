// The HTTP request parser as a filter, for the differential test against h11.
// Input on stdin: frames of `LENGTH\n` followed by LENGTH bytes, one request each.
// Output: one JSON line per frame, every byte string hex-encoded (requests are arbitrary
// bytes; hex keeps the JSON valid whatever they hold):
//   {"outcome":"accept","method":…,"target":…,"version":"1.1","headers":[[name,value],…],
//    "body":…,"trailers":[…],"rest":N}
//   {"outcome":"reject","status":400,"message":"…"}      (message as plain ASCII)
//   {"outcome":"incomplete"}                             (more bytes needed)
// Each frame goes to a fresh parser with the server's default limits, fed whole, with the
// body limit the server gives JSON routes.
#if canImport(Glibc)
import Glibc
#endif

@main
enum ParserHarness {
    static func main() {
        var input = StdinReader()
        while let header = input.line() {
            guard let length = Int(header), length >= 0, let bytes = input.bytes(length) else {
                print(#"{"outcome":"harness-error"}"#)
                fflush(stdout)
                return
            }
            print(describe(bytes))
            fflush(stdout)
        }
    }

    static func describe(_ bytes: [UInt8]) -> String {
        var parser = RequestParser()
        parser.append(bytes)
        var head: RequestHead?
        do {
            while let event = try parser.next() {
                switch event {
                case .head(let h):
                    head = h
                case .message(let body, let trailers):
                    guard let h = head else { return #"{"outcome":"harness-error"}"# }
                    return "{\"outcome\":\"accept\",\"method\":\"\(hex(h.method))\",\"target\":\"\(hex(h.target))\","
                        + "\"version\":\"\(h.version == .http1_0 ? "1.0" : "1.1")\","
                        + "\"headers\":\(fields(h.headers)),\"body\":\"\(hex(body))\",\"trailers\":\(fields(trailers)),"
                        + "\"rest\":\(parser.bufferedBytes)}"
                }
            }
            return #"{"outcome":"incomplete"}"#
        } catch {
            let message = String(error.message.unicodeScalars.map { $0.value >= 0x20 && $0.value < 0x7F && $0 != "\"" && $0 != "\\" ? Character($0) : "?" })
            return "{\"outcome\":\"reject\",\"status\":\(error.status.code),\"message\":\"\(message)\"}"
        }
    }

    static func fields(_ headers: HTTPHeaders) -> String {
        "[" + headers.fields.map { "[\"\(hex($0.name))\",\"\(hex($0.value))\"]" }.joined(separator: ",") + "]"
    }

    static let digits = Array("0123456789abcdef".utf8)

    static func hex(_ s: String) -> String { hex(Array(s.utf8)) }

    static func hex(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for b in bytes {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// Buffered reads of stdin: a length line, then exactly that many bytes.
struct StdinReader {
    private var buffer: [UInt8] = []
    private var offset = 0
    private var atEnd = false

    private mutating func fill() -> Bool {
        if atEnd { return false }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = read(0, &chunk, chunk.count)
        if n <= 0 {
            atEnd = true
            return false
        }
        if offset > 0 {
            buffer.removeFirst(offset)
            offset = 0
        }
        buffer.append(contentsOf: chunk[0..<n])
        return true
    }

    mutating func line() -> String? {
        while true {
            if let lf = buffer[offset...].firstIndex(of: UInt8(ascii: "\n")) {
                let text = String(decoding: buffer[offset..<lf], as: UTF8.self)
                offset = lf + 1
                return text
            }
            if !fill() { return nil }
        }
    }

    mutating func bytes(_ count: Int) -> [UInt8]? {
        while buffer.count - offset < count {
            if !fill() { return nil }
        }
        let out = Array(buffer[offset..<(offset + count)])
        offset += count
        return out
    }
}
