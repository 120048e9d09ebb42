import Dispatch
import Synchronization

/// What every connection of a server shares, read-only once the server starts.
final class ServerContext: Sendable {
    let configuration: ServerConfiguration
    let router: Router
    let staticFiles: StaticFiles?
    let responseWriter: ResponseWriter
    let logger: Logger
    /// Where `Reply.offload` work runs: off the event loops, so a disk sync or a large
    /// file never stalls other connections.
    let blockingQueue = DispatchQueue(label: "probe-server.blocking", attributes: .concurrent)
    let draining = Atomic(false)
    /// Large bodies being read or handled now, against `HTTPLimits.concurrentLargeBodies`.
    let largeBodies = Atomic<Int>(0)

    init(configuration: ServerConfiguration, router: Router, staticFiles: StaticFiles?) {
        self.configuration = configuration
        self.router = router
        self.staticFiles = staticFiles
        self.responseWriter = ResponseWriter(securityHeaders: configuration.security)
        self.logger = Logger(level: configuration.logLevel)
        var routers: [String: Router] = [:]
        for endpoint in configuration.additionalEndpoints {
            if let r = endpoint.router { routers[endpoint.name] = r }
        }
        self.endpointRouters = routers
    }

    /// Methods of RFC 9110 (and PATCH): a known method a resource does not take is 405 with
    /// `Allow`; anything else is 501.
    static let knownMethods: Set<String> = ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "QUERY"]

    /// Endpoints with a router of their own.
    let endpointRouters: [String: Router]

    /// Counts an answered request for `/metrics` under its route template, so ids do not
    /// make a series each; what no route matched is `static` (files) or `unmatched`.
    func observe(_ head: RequestHead, endpoint: String, status: Int, nanos: UInt64) {
        guard let metrics = configuration.metrics else { return }
        let route: String
        if case .matched(let r, _) = (endpointRouters[endpoint] ?? router).lookup(method: head.method, path: head.path) {
            route = r.pattern
        } else {
            route = head.method == "GET" || head.method == "HEAD" ? "static" : "unmatched"
        }
        metrics.observeRequest(route: route, method: head.method, status: status, seconds: Double(nanos) / 1e9)
    }

    /// Picks the body limit for a request head before its body is read.
    func bodyLimit(for head: RequestHead, endpoint: String) -> Int {
        // No body is coming (a GET, most requests): the limit is never read, and the route
        // lookup cost 6 % of a static-file request (bench/, perf).
        if !head.hasBody && !head.expectsContinue { return configuration.limits.jsonBodyBytes }
        if case .matched(let route, _) = (endpointRouters[endpoint] ?? router).lookup(method: head.method, path: head.path) {
            return route.bodyLimit
        }
        return configuration.limits.jsonBodyBytes
    }

    /// Routes a complete request to a reply. Never throws: errors become responses.
    func reply(to request: Request) -> Reply {
        guard Self.knownMethods.contains(request.method) else {
            return .now(HTTPError(.notImplemented, "method \(Logger.sanitize(request.method, max: 20)) is not implemented").response)
        }
        let own = endpointRouters[request.endpoint]
        let router = own ?? self.router
        let staticFiles = own == nil ? self.staticFiles : nil
        switch router.lookup(method: request.method, path: request.path) {
        case .matched(let route, let parameters):
            var request = request
            request.parameters = parameters
            do {
                return try route.handler(request)
            } catch let error as HTTPError {
                return .now(error.response)
            } catch let error as any HTTPErrorConvertible {
                return .now(error.httpError.response)
            } catch {
                logger.error("handler \(route.method) \(route.pattern) failed: \(error)")
                return .now(HTTPError(.internalServerError, "internal error; see the server log").response)
            }
        case .methodNotAllowed(let allow):
            if let files = staticFiles, request.method == "GET" || request.method == "HEAD" {
                return files.reply(to: request)
            }
            return .now(HTTPError(.methodNotAllowed, "\(request.method) is not allowed here; use \(allow.joined(separator: ", "))",
                                  headers: HTTPHeaders([("Allow", allow.joined(separator: ", "))])).response)
        case .notFound:
            if let files = staticFiles {
                if request.method == "GET" || request.method == "HEAD" { return files.reply(to: request) }
                return .now(HTTPError(.methodNotAllowed, "\(request.method) is not allowed on files; use GET or HEAD",
                                      headers: HTTPHeaders([("Allow", "GET, HEAD")])).response)
            }
            return .now(HTTPError(.notFound, "no such resource").response)
        }
    }
}
