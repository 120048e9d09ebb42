import ProbeHTTP
import ProbeCatalog

extension ProbeEndpoints {
    /// The body back byte for byte, with its type, size and SHA-256, so the page can tell a
    /// proxy that rewrote the request from one that rewrote the response.
    static func echo(_ request: Request) -> Response {
        let type = request.headers["content-type"] ?? "application/octet-stream"
        var response = Response(status: .ok, headers: HTTPHeaders([("Content-Type", type), ("Cache-Control", "no-store")]), body: request.body)
        response.headers.add("X-Probe-SHA256", Digest.hex(Digest.sha256(request.body)))
        return response
    }

    struct BodyDigest: Encodable {
        let bytes: Int
        let sha256: String
        init(_ body: [UInt8]) {
            bytes = body.count
            sha256 = Digest.hex(Digest.sha256(body))
        }
    }

    static func generatedBytesParameters(_ request: Request) throws(HTTPError) -> (size: Int, seed: UInt64) {
        let items = request.queryItems
        guard let size = Int(items["size"] ?? String(Catalog.integrityBodyBytes)), size >= 0, size <= maxGeneratedBytes else {
            throw HTTPError(.badRequest, code: "invalid_field", "size must be 0 to \(maxGeneratedBytes) bytes", field: "size")
        }
        guard let seed = UInt64(items["seed"] ?? "1") else {
            throw HTTPError(.badRequest, code: "invalid_field", "seed must be an unsigned integer", field: "seed")
        }
        return (size, seed)
    }

    /// `size` pseudo-random bytes from `seed` (xorshift64*): incompressible, so no proxy can
    /// shrink them, and reproducible, so a test can compute the same hash.
    static func generatedBytes(size: Int, seed: UInt64) -> Response {
        var state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed
        var body = [UInt8](repeating: 0, count: size)
        var i = 0
        while i < size {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            var word = state &* 0x2545_F491_4F6C_DD1D
            for _ in 0..<8 where i < size {
                body[i] = UInt8(truncatingIfNeeded: word)
                word >>= 8
                i += 1
            }
        }
        var response = Response(status: .ok, headers: HTTPHeaders([("Content-Type", "application/octet-stream"), ("Cache-Control", "no-store")]), body: body)
        response.headers.add("X-Probe-SHA256", Digest.hex(Digest.sha256(body)))
        return response
    }

    /// A 1×1 PNG for the http: image of net.mixedContent.
    static let pixelPNG: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
        0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x60, 0x60, 0x60, 0xF8,
        0x0F, 0x00, 0x01, 0x04, 0x01, 0x00, 0x5F, 0xE5, 0xC3, 0x4B, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45,
        0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]

    /// nav.loadError: the page a WebView shows when a server fails. Plain, no script; a link
    /// back to the test page (`back`, a same-origin path), since many app WebViews have no back control.
    static func errorPage(back: String) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>HTTP 500 (on purpose)</title><link rel="stylesheet" href="\(ErrorPage.stylesheet)"></head>
        <body><main><h1>HTTP 500</h1><p>probe-server answered this page with status 500 on purpose.
        If your app shows its own error screen instead of this text, it handles HTTP errors.</p>
        <p><a class="button" href="\(ReportText.html(back))">Back to the test page</a></p><p>Then answer the question there.</p></main></body></html>

        """
    }
}
