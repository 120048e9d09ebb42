import Testing
@testable import ProbeHTTP

@Suite struct RouterTests {
    func router() -> Router {
        var r = Router()
        r.get("/api/runs") { _ in .text("list") }
        r.post("/api/runs") { _ in .text("create") }
        r.get("/api/runs/:id") { req in .text(req.parameters["id"] ?? "") }
        r.post("/api/runs/:id/results") { _ in .text("results") }
        r.get("/files/*rest") { req in .text(req.parameters["rest"] ?? "") }
        return r
    }

    @Test func PathParameters_AreCapturedAndDecoded() {
        guard case .matched(let route, let p) = router().lookup(method: "GET", path: "/api/runs/ab%20c") else {
            Issue.record("no match"); return
        }
        #expect(route.pattern == "/api/runs/:id")
        #expect(p["id"] == "ab c")
    }

    @Test func WrongMethod_Is405WithAllow() {
        guard case .methodNotAllowed(let allow) = router().lookup(method: "DELETE", path: "/api/runs") else {
            Issue.record("expected 405"); return
        }
        #expect(allow == ["GET", "HEAD", "POST"])
    }

    @Test func HEAD_IsServedByGETRoutes() {
        guard case .matched(let route, _) = router().lookup(method: "HEAD", path: "/api/runs") else {
            Issue.record("no match"); return
        }
        #expect(route.method == "GET")
    }

    @Test func UnknownPath_IsNotFound_AndRestCapturesTheTail() {
        guard case .notFound = router().lookup(method: "GET", path: "/nope") else { Issue.record("expected 404"); return }
        guard case .matched(_, let p) = router().lookup(method: "GET", path: "/files/a/b/c") else { Issue.record("no match"); return }
        #expect(p["rest"] == "a/b/c")
    }

    @Test func AnErrorForAProgram_RendersAsOneLineJSON() {
        let r = ErrorResponse.render(HTTPError(.badRequest, code: "invalid_field", "results[0].attempt: expected an integer", field: "results[0].attempt"), for: nil)
        let text = String(decoding: r.body, as: UTF8.self)
        #expect(r.status.code == 400)
        #expect(text == #"{"error":{"code":"invalid_field","field":"results[0].attempt","message":"results[0].attempt: expected an integer"}}"# + "\n")
    }

    @Test func AnErrorWithItsOwnPage_ShowsItToABrowser_AndJSONWithTheSameHeadersToAProgram() {
        let error = HTTPError(.unauthorized, "sign in", headers: HTTPHeaders([("WWW-Authenticate", "Bearer")]))
            .withBrowserPage("<!doctype html><p>sign in here</p>")
        func head(accept: String) -> RequestHead {
            RequestHead(method: "GET", target: "/runs", version: .http1_1, headers: HTTPHeaders([("Accept", accept)]),
                        path: "/runs", query: "", contentLength: 0, isChunked: false)
        }
        let page = ErrorResponse.render(error, for: head(accept: "text/html,application/xhtml+xml"))
        #expect(String(decoding: page.body, as: UTF8.self).contains("sign in here"))
        #expect(page.status.code == 401 && page.headers["www-authenticate"] == "Bearer")
        let json = ErrorResponse.render(error, for: head(accept: "application/json"))
        #expect(String(decoding: json.body, as: UTF8.self).hasPrefix(#"{"error":{"code":"unauthorized""#))
        #expect(json.headers["www-authenticate"] == "Bearer")
    }
}
