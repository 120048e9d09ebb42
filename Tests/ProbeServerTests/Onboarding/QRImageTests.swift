import Foundation
import Testing
@testable import ProbeServer
@testable import ProbeHTTP
@testable import ProbeClient
@testable import ProbeServerTesting

/// `/qr.svg` draws a QR code of this server's own address, and nothing else.
@Suite struct QRImageTests {
    static func service() throws -> (TestService, HTTPClient) {
        let s = try TestService { o in
            o.plainHTTP = false
            o.setupPort = 0
        }
        let client = try HTTPClient(server: ServerURL(scheme: .https, host: "127.0.0.1", port: s.port), trust: .caFile(s.dataDirectory + "/ca.pem"))
        return (s, client)
    }

    static func encoded(_ url: String) -> String {
        url.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
    }

    @Test func AnAddressOfThisServer_IsDrawnAsTheSameCodeTheEncoderMakes_AndCacheable() throws {
        let (s, client) = try Self.service()
        let url = "https://127.0.0.1:\(s.port)/?run=r1&key=k1"
        let r = try client.get("/qr.svg?url=" + Self.encoded(url))
        #expect(r.status == 200, "\(String(decoding: r.body, as: UTF8.self))")
        #expect(r.header("content-type") == "image/svg+xml")
        #expect(r.header("cache-control")?.contains("max-age") == true)
        #expect(String(decoding: r.body, as: UTF8.self) == (try QRCode(text: url)).svg(moduleSize: QRImage.moduleSize))
        // Another of this machine's names is this server too.
        #expect(try client.get("/qr.svg?url=" + Self.encoded("https://localhost:\(s.port)/")).status == 200)
    }

    @Test func AForeignOrigin_AnotherScheme_OrAnOverlongURL_Is400NamingWhatWasWrong() throws {
        let (s, client) = try Self.service()
        let cases: [(String, String)] = [
            ("https://evil.example/?run=r1", "another origin"),
            ("https://127.0.0.1:\(s.port)@evil.example/", "user name"),
            ("http://127.0.0.1:\(s.port)/", "https://"),
            ("https://127.0.0.1:\(s.port)/" + String(repeating: "a", count: QRImage.maxURLBytes), "at most \(QRImage.maxURLBytes)"),
        ]
        for (url, words) in cases {
            let r = try client.get("/qr.svg?url=" + Self.encoded(url))
            #expect(r.status == 400, "\(url)")
            let error = (try? JSONSerialization.jsonObject(with: Data(r.body)) as? [String: Any])?["error"] as? [String: Any]
            #expect(error?["field"] as? String == "url", "\(url)")
            #expect((error?["message"] as? String)?.contains(words) == true, "\(url): \(error?["message"] ?? "")")
        }
        #expect(try client.get("/qr.svg").status == 400)
    }

    @Test func TheRoute_IsInTheOpenAPIDocument() throws {
        let document = try #require(JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json.utf8)) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: Any])
        let qr = try #require(paths[QRImage.path] as? [String: Any], "\(QRImage.path) is routed but not documented")
        #expect(qr["get"] != nil)
        var router = Router()
        QRImage.register(into: &router, config: ProbeEndpointsConfig())
        #expect(router.routes.map(\.pattern) == [QRImage.path])
    }
}
