import CZlib

/// gzip through zlib (RFC 1952). Static text is compressed once, at level 9, and kept.
public enum Gzip {
    /// windowBits 15 + 16 asks zlib for the gzip wrapper instead of the zlib one.
    static let gzipWindowBits: Int32 = 15 + 16

    public static func compress(_ input: [UInt8], level: Int32 = 9) -> [UInt8]? {
        var stream = z_stream()
        guard probe_deflateInit2(&stream, level, Z_DEFLATED, gzipWindowBits, 9, Z_DEFAULT_STRATEGY) == Z_OK else {
            return nil
        }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 32)
        let status: Int32 = input.withUnsafeBufferPointer { inp in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = UnsafeMutablePointer(mutating: inp.baseAddress)
                stream.avail_in = uInt(inp.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        output.removeSubrange(Int(stream.total_out)...)
        return output
    }

    /// Inflates a gzip body (used by tests and to accept gzip uploads later).
    public static func decompress(_ input: [UInt8], limit: Int = 64 * 1024 * 1024) -> [UInt8]? {
        var stream = z_stream()
        guard probe_inflateInit2(&stream, gzipWindowBits) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        return input.withUnsafeBufferPointer { inp -> [UInt8]? in
            stream.next_in = UnsafeMutablePointer(mutating: inp.baseAddress)
            stream.avail_in = uInt(inp.count)
            while true {
                let (status, produced) = chunk.withUnsafeMutableBufferPointer { out -> (Int32, Int) in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    let s = inflate(&stream, Z_NO_FLUSH)
                    return (s, out.count - Int(stream.avail_out))
                }
                result.append(contentsOf: chunk[0..<produced])
                if result.count > limit { return nil }
                if status == Z_STREAM_END { return result }
                if status != Z_OK { return nil }
            }
        }
    }
}
