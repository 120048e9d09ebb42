import COpenSSL

/// The calling thread's OpenSSL error queue.
///
/// OpenSSL keeps errors per thread and `SSL_get_error` looks at that queue, so a failure
/// left in it would be blamed on the next connection served by the same loop thread.
package enum OpenSSLErrorQueue {
    /// Longest text `ERR_error_string_n` writes for one error; OpenSSL asks for ≥ 256 bytes.
    static let errorStringCapacity = 256

    /// Empties the queue and returns its errors joined, oldest first; `fallback` if it was empty.
    package static func drain(fallback: String = "no OpenSSL error recorded") -> String {
        var messages: [String] = []
        var buffer = [CChar](repeating: 0, count: errorStringCapacity)
        while true {
            let code = ERR_get_error()
            if code == 0 { break }
            ERR_error_string_n(code, &buffer, buffer.count)
            messages.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return messages.isEmpty ? fallback : messages.joined(separator: "; ")
    }

    /// Forgets whatever an earlier call left behind.
    package static func clear() { ERR_clear_error() }

    /// True when no error is waiting; tests use it to prove failures do not leak.
    static var isEmpty: Bool { ERR_peek_error() == 0 }
}
