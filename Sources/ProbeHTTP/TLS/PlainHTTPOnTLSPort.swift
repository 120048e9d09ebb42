#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials

/// A plain `http://` request sent to the HTTPS port. Without a word the TLS handshake fails and
/// the client sees an empty reply; like nginx ("400 The plain HTTP request was sent to HTTPS
/// port", https://nginx.org/en/docs/http/ngx_http_ssl_module.html#errors), the server answers
/// in plain HTTP with the https:// address to open instead, then closes.
///
/// Told apart by the first bytes, before OpenSSL reads any: a TLS connection begins with a
/// record whose content type is 20–24, the handshake's 22 (0x16) first (RFC 8446 §5.1), and
/// an SSLv2-style hello with a byte ≥ 0x80; an HTTP/1.1 request begins with its method, a token
/// of uppercase letters, then a space (RFC 9112 §3).
enum PlainHTTPOnTLSPort {
    /// Bytes peeked to decide: "OPTIONS " is the longest standard method and its space.
    static let peekBytes = 8
    /// Bytes of the request read to find its target and Host header: a browser's request
    /// head fits (the server's own header limit is larger, but the hint needs only those two).
    static let requestBytes = 8 * 1024
    /// A request target longer than this is not repeated in the hint: the address bar
    /// shows it anyway, and the hint stays a few hundred bytes.
    static let targetMaxLength = 512

    /// True when `bytes`, the first bytes of a connection, are a plain HTTP request: uppercase
    /// letters, then a space, or only letters so far (a method still arriving; no TLS record
    /// begins with a letter).
    static func isPlainHTTP<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        guard let first = bytes.first, isUpperLetter(first) else { return false }
        for byte in bytes.prefix(peekBytes) {
            if byte == UInt8(ascii: " ") { return true }
            if !isUpperLetter(byte) { return false }
        }
        return true
    }

    private static func isUpperLetter(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }

    /// The https:// address of the same request: its Host header (the port is the one the
    /// client used, which is this HTTPS port) and its target. Nil when the request names no
    /// usable host.
    static func httpsURL(request: [UInt8]) -> String? {
        let text = String(decoding: request, as: UTF8.self)
        let lines = text.components(separatedBy: "\r\n")
        guard let requestLine = lines.first else { return nil }
        let parts = requestLine.split(separator: " ")
        var target = parts.count >= 2 ? String(parts[1]) : "/"
        // Only an origin-form target (RFC 9112 §3.2.1), of printable ASCII, goes back into the hint.
        if !target.hasPrefix("/") || target.count > targetMaxLength || !target.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "<") && $0 != UInt8(ascii: ">") }) {
            target = "/"
        }
        let host = lines.dropFirst().prefix { !$0.isEmpty }.first { $0.lowercased().hasPrefix("host:") }
            .map { $0.dropFirst(5).trimming(.whitespaces) }
        guard let host, !host.isEmpty, host.count <= 255, host.utf8.allSatisfy(isHostByte) else { return nil }
        return "https://\(host)\(target)"
    }

    /// Letters, digits and the punctuation of a host, an IPv6 literal and a port (RFC 3986 §3.2.2).
    private static func isHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        case UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]"): return true
        default: return false
        }
    }

    /// The whole response: 400, text/html for a browser (its Accept names text/html), text/plain
    /// otherwise (curl), `Connection: close`.
    static func response(request: [UInt8]) -> [UInt8] {
        let url = httpsURL(request: request)
        let head = String(decoding: request.prefix(requestBytes), as: UTF8.self).lowercased()
        let wantsHTML = head.components(separatedBy: "\r\n").contains { $0.hasPrefix("accept:") && $0.contains("text/html") }
        let sentence = "This port speaks HTTPS only: the request was sent as plain HTTP."
        let body: String
        let type: String
        if wantsHTML {
            type = "text/html; charset=utf-8"
            // The host and target are the client's: escaped, though both were filtered above.
            let link = url.map(HTMLText.escape).map { "<p>Open <a href=\"\($0)\">\($0)</a> instead.</p>" } ?? "<p>Open the same address with https:// instead of http://.</p>"
            body = "<!doctype html><html lang=\"en\"><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
                + "<title>Use https://</title><h1>Use https://</h1><p>\(sentence)</p>\(link)</html>\n"
        } else {
            type = "text/plain; charset=utf-8"
            body = "400 Bad Request: \(sentence)\n" + (url.map { "Open \($0) instead.\n" } ?? "Open the same address with https:// instead of http://.\n")
        }
        let bytes = Array(body.utf8)
        let headers = "HTTP/1.1 400 Bad Request\r\nContent-Type: \(type)\r\nContent-Length: \(bytes.count)\r\nConnection: close\r\nCache-Control: no-store\r\n\r\n"
        return Array(headers.utf8) + bytes
    }
}
