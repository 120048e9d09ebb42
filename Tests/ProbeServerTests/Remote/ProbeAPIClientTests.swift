import Foundation
import Testing
@testable import ProbeServer
@testable import ProbeHTTP
@testable import ProbeClient
@testable import ProbeHTTPTesting

/// The CLI's client of the run API: a server's error answer becomes the error the CLI shows,
/// over plain TCP and from a TLS port spoken to in plain HTTP.
@Suite struct ProbeAPIClientTests {
    static func router() -> Router {
        var router = Router()
        router.get("/api/hello") { _ in .json(["hello": "world"]) }
        router.get("/api/missing") { _ in throw HTTPError(.notFound, "no run with id x; list runs with GET /api/runs", field: "id") }
        return router
    }

    static let certificates: LocalCertificates = {
        try! CertificateDirectory(path: TLSTestSupport.temporaryDirectory()).prepare(hostName: "probebox", addresses: [])
    }()

    static func tlsServer() throws -> TestServer {
        try TestServer.secure(router: router(), certificates: certificates)
    }

    @Test func APIErrors_CarryTheServersMessage() throws {
        let server = try TestServer(router: Self.router())
        let api = ProbeAPIClient(http: try HTTPClient(server: ServerURL(scheme: .http, host: "127.0.0.1", port: server.port)))
        do {
            try ProbeAPIClient.check(try api.http.get("/api/missing"))
            Issue.record("expected an error")
        } catch let error as ProbeAPIError {
            #expect(error.status == 404)
            #expect(error.message == "no run with id x; list runs with GET /api/runs")
            #expect(error.field == "id")
        }
    }

    @Test func HTTPToAnHTTPSServer_SaysToUseHTTPS() throws {
        let server = try Self.tlsServer()
        let client = try HTTPClient(server: ServerURL(scheme: .http, host: "127.0.0.1", port: server.port), timeout: 5)
        // The server answers plain HTTP on its TLS port with a 400 naming the https:// address,
        // which the CLI shows as the server's message.
        let response = try client.get("/api/hello")
        #expect(response.status == 400)
        #expect(response.text.contains("https://127.0.0.1:\(server.port)/api/hello"))
        #expect {
            try ProbeAPIClient.check(response)
        } throws: { error in
            "\(error)".contains("https://127.0.0.1:\(server.port)/api/hello")
        }
    }
}
