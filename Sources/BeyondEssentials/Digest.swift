import COpenSSL

/// SHA-256 through OpenSSL (never hand-rolled): what CryptoKit would give, and
/// FoundationEssentials does not. Here rather than in ProbeHTTP's TLS so that a layer without
/// sockets (ProbeRuns' `CatalogVersion`, `BuildIdentity`) hashes by the same code; ProbeHTTP
/// re-exports it.
public enum Digest {
    public static func sha256(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        _ = out.withUnsafeMutableBufferPointer { o in
            EVP_Digest(bytes.baseAddress, bytes.count, o.baseAddress, &length, EVP_sha256(), nil)
        }
        return out
    }

    public static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBytes { sha256($0) }
    }

    public static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for b in bytes {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension Digest {
    /// HMAC-SHA256 (RFC 2104) through OpenSSL's one-shot `HMAC`.
    public static func hmacSHA256(key: [UInt8], _ message: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        key.withUnsafeBytes { k in
            message.withUnsafeBytes { m in
                out.withUnsafeMutableBufferPointer { o in
                    _ = HMAC(EVP_sha256(), k.baseAddress, Int32(k.count), m.baseAddress?.assumingMemoryBound(to: UInt8.self), m.count,
                             o.baseAddress, &length)
                }
            }
        }
        return out
    }
}
