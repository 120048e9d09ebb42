import Foundation
import Testing
@testable import ProbeHTTPTesting
@testable import ProbeServerTesting

/// A request answers alike through the router in this process and over a socket: the router
/// mode leaves out only what a connection adds, so a route's test needs no port.
@Suite struct TestTransportTests {
    @Test(arguments: TestTransport.allCases)
    func ARun_IsCreatedPostedAndRead_AlikeInProcessAndLive(transport: TestTransport) throws {
        let s = try TestService(transport: transport)
        let id = try s.createRun(#"{"label":"pixel-7"}"#)
        // An acknowledgement the store's writer gives later (a promise), then a read (offloaded).
        let posted = try s.request("POST", "/api/runs/\(id)/results",
                                   body: TestService.result(id, "storage.local", observed: #"{"available":true}"#))
        #expect(posted.status == 200)
        #expect(posted.json["accepted"] as? Int == 1)
        let run = try s.request("GET", "/api/runs/\(id)")
        #expect(run.status == 200)
        #expect(run.json["label"] as? String == "pixel-7")
        // The router's answers and the one error renderer.
        #expect(try s.request("GET", "/api/runs/\(String(repeating: "0", count: 32))").status == 404)
        let wrongMethod = try s.request("DELETE", "/api/health")
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.headers["allow"] != nil)
        #expect(try s.request("BREW", "/api/health").status == 501)
        // Static files where no route matches.
        #expect(try s.request("GET", "/index.html").text.contains("<title>probe</title>"))
    }

    /// The router mode builds the whole service and binds nothing: no port is taken, so a
    /// route's test runs beside any other without a socket.
    @Test func TheRouterMode_BindsNoPort_AndStillAnswers() throws {
        let s = try TestService(transport: .router)
        #expect(s.port == 0)
        #expect(try s.request("GET", "/api/health").status == 200)
        #expect(try TestService(transport: .live).port != 0)
    }
}
