// A testing library: compiled in debug builds only. `swift build -c release` builds every
// library target of the package, and `@testable import` needs the modules compiled for
// testing, which SwiftPM does in debug (the configuration `swift test` uses).
#if DEBUG
import Dispatch
import Synchronization
@testable import ProbeHTTP

/// How a test reaches a server: `.router` hands each request to the server's router and
/// handlers in this process (no port, no TLS, no event loop); `.live` sends it over a loopback
/// socket. The same test body runs either way, as HummingbirdTesting's `.router` and `.live`
/// do: a route is tested without a port, and what a socket adds is tested once, live.
public enum TestTransport: Sendable, CaseIterable {
    case router
    case live
}

extension HTTPServer {
    /// Answers `request` as a connection does once its head is parsed: the route found from the
    /// head, the route's body limit, the handler (now, offloaded or later), whatever it throws
    /// rendered by the server's one renderer, and static files where no route matches. What
    /// only a socket adds (framing, the Date and security headers, keep-alive, the access log)
    /// is left to the live mode. A deferred reply is waited for; `timeout` bounds a hung one.
    func respond(to request: Request, timeout: Double = 60) -> Response {
        let head = request.head
        let route = context.route(head, endpoint: request.endpoint)
        let limit = context.bodyLimit(for: head, route: route)
        if request.body.count > limit {
            return ErrorResponse.render(HTTPError(RequestParser.bodyTooLarge(request.body.count, limit)), for: head)
        }
        switch context.reply(to: request, route: route) {
        case .now(let response):
            return response
        case .offload(let work):
            return context.run(work, for: head)
        case .later(let start):
            let answer = Mutex<Response?>(nil)
            let answered = DispatchSemaphore(value: 0)
            // No loop in process: what a promise runs on the connection's loop runs where it is completed.
            let promise = context.promise(for: head, abandonHandlerInstalled: {}, onLoop: { $0() }) { response in
                answer.withLock { $0 = response }
                answered.signal()
            }
            start(promise)
            guard answered.wait(timeout: .now() + timeout) == .success else {
                promise.abandon()
                return ErrorResponse.render(HTTPError(HTTPStatus(504, "Gateway Timeout"), "no answer in \(Int(timeout)) s"), for: head)
            }
            return answer.withLock { $0 } ?? Response(status: .internalServerError)
        }
    }

    /// `respond(to:)` for a request made of its parts: `target` is the path with its query,
    /// `headers` the fields as sent (a `Content-Length` is added for a body), `endpoint` the
    /// listener it arrived on.
    func respond(_ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = [],
                 endpoint: String = Endpoint.primary, remoteAddress: String = "127.0.0.1", secure: Bool = false,
                 timeout: Double = 60) -> Response {
        let q = target.firstIndex(of: "?")
        let path = q.map { String(target[..<$0]) } ?? target
        let query = q.map { String(target[target.index(after: $0)...]) } ?? ""
        var fields = headers
        if !body.isEmpty, !fields.contains(where: { $0.0.lowercased() == "content-length" }) {
            fields.append(("Content-Length", "\(body.count)"))
        }
        let head = RequestHead(method: method, target: target, version: .http1_1, headers: HTTPHeaders(fields),
                               path: path, query: query, contentLength: body.count, isChunked: false)
        var request = Request(head: head, body: body)
        request.endpoint = endpoint
        request.remoteAddress = remoteAddress
        request.isSecure = secure
        request.localPort = self.port(of: endpoint) ?? 0
        return respond(to: request, timeout: timeout)
    }
}
#endif
