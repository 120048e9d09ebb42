import Foundation
import Testing
@testable import ProbeServer
@testable import ProbeHTTP
@testable import ProbeHTTPTesting

/// An error a browser lands on has a way back; a script or curl keeps the JSON.
@Suite struct ErrorPageTests {
    struct Unexpected: Error {}

    static func server() throws -> TestServer {
        var router = Router()
        router.add("GET", "/runs/:id/report.pdf") { _ in throw Unexpected() }
        router.add("GET", "/runs/:id") { _ in throw HTTPError(.notFound, "run not found") }
        router.add("GET", "/api/runs/:id") { _ in throw Unexpected() }
        return try TestServer(router: router)
    }

    static func get(_ server: TestServer, _ path: String, accept: String) throws -> RawClient.Reply {
        let c = try server.client()
        c.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: \(accept)\r\nConnection: close\r\n\r\n")
        return try #require(c.readResponse(), "\(path): no answer")
    }

    static let browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"

    @Test func A500_OnARunsPage_LinksBackToTheRun_ForABrowser() throws {
        let s = try Self.server()
        let r = try Self.get(s, "/runs/abc123/report.pdf?key=k1", accept: Self.browser)
        #expect(r.status == 500)
        #expect(r.headers["content-type"] == "text/html; charset=utf-8")
        #expect(r.text.contains("<a class=\"button\" href=\"/runs/abc123?key=k1\">Back to run abc123</a>"), "\(r.text)")
        #expect(r.text.contains("the server log has the detail"))
    }

    @Test func A404_ForARunThatIsNotThere_LinksToAllRuns_AndAnUnknownPath_ToTheStart() throws {
        let s = try Self.server()
        let run = try Self.get(s, "/runs/nothere", accept: Self.browser)
        #expect(run.status == 404)
        #expect(run.text.contains("href=\"/runs\""), "\(run.text)")
        let other = try Self.get(s, "/nowhere", accept: Self.browser)
        #expect(other.status == 404)
        #expect(other.text.contains("href=\"/\">Back to the start page"), "\(other.text)")
    }

    @Test func Scripts_AndTheAPI_KeepTheJSONError() throws {
        let s = try Self.server()
        for (path, accept) in [("/runs/abc123/report.pdf", "*/*"), ("/api/runs/abc123", Self.browser), ("/nowhere", "application/json")] {
            let r = try Self.get(s, path, accept: accept)
            #expect(r.headers["content-type"] == "application/json", "\(path) \(accept)")
            #expect(r.text.hasPrefix("{\"error\":"), "\(path)")
        }
    }

    @Test func TheProbes500Page_LinksBackToTheTestPageThatOpenedIt() {
        #expect(ProbeEndpoints.wayBack(back: "/?run=r1&key=k", referer: nil, host: "10.0.0.2:8443") == "/?run=r1&key=k")
        #expect(ProbeEndpoints.wayBack(back: "//evil.example/", referer: nil, host: "10.0.0.2:8443") == "/")
        #expect(ProbeEndpoints.wayBack(back: "https://evil.example/", referer: nil, host: "10.0.0.2:8443") == "/")
        #expect(ProbeEndpoints.wayBack(back: nil, referer: "https://10.0.0.2:8443/?run=r1&key=k", host: "10.0.0.2:8443") == "/?run=r1&key=k")
        #expect(ProbeEndpoints.wayBack(back: nil, referer: "https://evil.example/?run=r1", host: "10.0.0.2:8443") == "/")
        #expect(ProbeEndpoints.wayBack(back: nil, referer: nil, host: "10.0.0.2:8443") == "/")
        #expect(ProbeEndpoints.errorPage(back: "/?run=r1&key=k").contains("href=\"/?run=r1&amp;key=k\""))
    }
}
