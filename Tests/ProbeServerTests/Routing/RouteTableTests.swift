import Foundation
import Testing
@testable import ProbeServer
@testable import ProbeHTTP
@testable import ProbeStoreTesting
@testable import ProbeServerTesting

/// The route table is the server's routes: each part registers what the table lists, with
/// the body limit it says, and nothing else.
@Suite struct RouteTableTests {
    @Test func EveryRoutedRoute_IsInTheTable_AndEveryTableRouteIsRouted_WithItsBodyLimit() throws {
        let service = try TestService()
        let router = service.service.server.context.router
        let directory = StoreFixtures.makeDirectory("table-ca")
        defer { StoreFixtures.removeDirectory(directory) }
        let withCA = try RouteScopeTests.localCARoutes(in: directory).router
        let routed = router.routes + withCA.routes.filter { route in APIRoute.localCARoutes.contains { $0.routerPattern == route.pattern } }
        let table = Dictionary(uniqueKeysWithValues: APIRoute.all.map { ("\($0.method) \($0.routerPattern)", $0) })
        var seen = Set<String>()
        for route in routed {
            let key = "\(route.method) \(route.pattern)"
            seen.insert(key)
            guard let entry = table[key] else { Issue.record("\(key) is routed but not in APIRoute.all"); continue }
            #expect(route.bodyLimit == entry.bodyLimit.bytes(router.limits), "\(entry): the router reads \(route.bodyLimit) bytes")
        }
        #expect(Set(table.keys).subtracting(seen).isEmpty, "in APIRoute.all but not routed: \(Set(table.keys).subtracting(seen).sorted())")
    }

    @Test func ARouteWithoutAHandler_AndAHandlerWithoutARoute_AreNamed() {
        let handler: Handler = { _ in .now(Response(status: .ok, headers: HTTPHeaders([]), body: [])) }
        #expect(APIRoute.mismatches([.run, .diff], [.run: handler, .diff: handler]).isEmpty)
        #expect(APIRoute.mismatches([.run, .diff], [.run: handler]) == ["GET /api/runs/{id}/diff has no handler"])
        #expect(APIRoute.mismatches([.run], [.run: handler, .wait: handler]) == ["a handler for GET /api/runs/{id}/wait, which is not in the table"])
    }

    @Test func ClientPath_FillsEachParameter_AsOneEncodedSegment() {
        #expect(APIRoute.run.routerPattern == "/api/runs/:id")
        #expect(APIRoute.run.path("ci-4711") == "/api/runs/ci-4711")
        #expect(APIRoute.wait.path("a/b c") == "/api/runs/a%2Fb%20c/wait")
        #expect(APIRoute.listRuns.path() == "/api/runs")
        #expect(APIRoute.report(.junit).path("x") == "/api/runs/x/report.junit.xml")
    }

    /// The scope the handlers ask for is the table's: the TLS refusals are shown in a run's
    /// view to whom may list them.
    @Test func RefusalsScope_IsTheRoutes() {
        #expect(RunAPI.refusalsScope == APIRoute.tlsRefusals.access.scope)
    }
}
