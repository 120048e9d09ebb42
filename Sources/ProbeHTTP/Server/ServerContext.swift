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
    /// Open connections per address, against `HTTPLimits.connectionsPerAddress` (of the
    /// descriptor limit, raised first as the server does at start).
    let connections: ConnectionsPerAddress

    init(configuration: ServerConfiguration, router: Router, staticFiles: StaticFiles?) {
        self.configuration = configuration
        self.router = router
        self.staticFiles = staticFiles
        self.responseWriter = ResponseWriter(securityHeaders: configuration.security)
        self.logger = Logger(level: configuration.logLevel)
        self.connections = ConnectionsPerAddress(
            bound: configuration.limits.connectionsPerAddress(descriptorLimit: Socket.raiseDescriptorLimit()))
        var routers: [String: Router] = [:]
        for endpoint in configuration.additionalEndpoints {
            if let r = endpoint.router { routers[endpoint.name] = r }
        }
        self.endpointRouters = routers
    }

    /// The block a connection from `peer` counts against, or nil when it is not counted: a
    /// configured trusted proxy carries every client behind it (`HTTPLimits.connectionsPerAddress`).
    func connectionKey(peer: String) -> String? {
        configuration.trustedProxies.contains(peer) ? nil : AddressBlock.key(peer)
    }

    /// Methods of RFC 9110 (and PATCH): a known method a resource does not take is 405 with
    /// `Allow`; anything else is 501.
    static let knownMethods: Set<String> = ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "QUERY"]

    /// Endpoints with a router of their own.
    let endpointRouters: [String: Router]

    /// Finds a request's route once, from its head: the body limit, the handler and the
    /// metrics label all read this answer (`Connection` carries it to the reply).
    func route(_ head: RequestHead, endpoint: String) -> Router.Lookup {
        (endpointRouters[endpoint] ?? router).lookup(method: head.method, path: head.path)
    }

    /// Counts an answered request for `/metrics` under its route template, so ids do not
    /// make a series each; what no route matched is `static` (files) or `unmatched`, and a
    /// method outside the known ones is `other` (`MetricLabels`): nothing a client sends
    /// becomes a label value.
    func observe(_ head: RequestHead, pattern: String?, status: Int, nanos: UInt64) {
        guard let metrics = configuration.metrics else { return }
        let method = MetricLabels.method(head.method)
        let route: String
        if method != MetricLabels.otherMethod, let pattern {
            route = pattern
        } else {
            route = head.method == "GET" || head.method == "HEAD" ? MetricLabels.staticRoute : MetricLabels.unmatchedRoute
        }
        metrics.observeRequest(route: route, method: method, status: status, seconds: Double(nanos) / 1e9)
    }

    /// Picks the body limit for a request head before its body is read.
    func bodyLimit(for head: RequestHead, route: Router.Lookup) -> Int {
        if head.hasBody || head.expectsContinue, case .matched(let route, _) = route { return route.bodyLimit }
        return configuration.limits.jsonBodyBytes
    }

    /// Routes a complete request to a reply, by the route its head found. Never throws: what a
    /// handler throws becomes its response here, through `response(for:to:)`.
    func reply(to request: Request, route: Router.Lookup) -> Reply {
        guard Self.knownMethods.contains(request.method) else {
            return .now(response(for: HTTPError(.notImplemented, "method \(Logger.sanitize(request.method, max: 20)) is not implemented"), to: request.head))
        }
        let staticFiles = endpointRouters[request.endpoint] == nil ? self.staticFiles : nil
        switch route {
        case .matched(let route, let parameters):
            var request = request
            request.parameters = parameters
            do {
                return try route.handler(request)
            } catch {
                return .now(response(for: error, to: request.head))
            }
        case .methodNotAllowed(let allow):
            if let files = staticFiles, request.method == "GET" || request.method == "HEAD" {
                return files.reply(to: request)
            }
            return .now(response(for: HTTPError(.methodNotAllowed, "\(request.method) is not allowed here; use \(allow.joined(separator: ", "))",
                                                headers: HTTPHeaders([("Allow", allow.joined(separator: ", "))])), to: request.head))
        case .notFound:
            if let files = staticFiles {
                if request.method == "GET" || request.method == "HEAD" { return files.reply(to: request) }
                return .now(response(for: HTTPError(.methodNotAllowed, "\(request.method) is not allowed on files; use GET or HEAD",
                                                    headers: HTTPHeaders([("Allow", "GET, HEAD")])), to: request.head))
            }
            return .now(response(for: HTTPError(.notFound, "no such resource"), to: request.head))
        }
    }

    /// Runs a handler's offloaded work; what it throws is rendered like a handler's error.
    func run(_ work: () throws -> Response, for head: RequestHead) -> Response {
        do { return try work() } catch { return response(for: error, to: head) }
    }

    /// A promise whose `fail` renders through `response(for:to:)`; `abandonHandlerInstalled`
    /// is told when its handler registers `onAbandon`.
    func promise(for head: RequestHead, abandonHandlerInstalled: @escaping @Sendable () -> Void,
                 onLoop: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void,
                 deliver: @escaping @Sendable (Response) -> Void) -> ReplyPromise {
        ReplyPromise(render: { [self] error in response(for: error, to: head) },
                     abandonHandlerInstalled: abandonHandlerInstalled, onLoop: onLoop, deliver: deliver)
    }

    /// Where any error a request met becomes its response (handlers, offloaded work,
    /// promises, the router's 404/405/501): mapped to an `HTTPError` (server faults logged),
    /// then rendered by `ErrorResponse`, the one renderer.
    func response(for error: any Error, to head: RequestHead) -> Response {
        let answer = Self.httpError(for: error, logger: logger, what: "\(head.method) \(Logger.sanitize(head.path, max: 120))")
        return ErrorResponse.render(answer, for: head)
    }

    /// An `HTTPError` renders itself, and so does an error that knows its `HTTPError` (a store
    /// error). Anything else is a bug or a failure the client cannot act on: a 500 with a
    /// generic message, and the detail only in the log, since an error's text can carry paths,
    /// SQL or another run's data.
    static func response(for error: any Error, logger: Logger, what: String) -> Response {
        ErrorResponse.render(httpError(for: error, logger: logger, what: what), for: nil)
    }

    static func httpError(for error: any Error, logger: Logger, what: String) -> HTTPError {
        let answer: HTTPError
        switch error {
        case let e as HTTPError:
            answer = e
        case let e as any HTTPErrorConvertible:
            answer = e.httpError
            // The client hears the short form; the operator needs the cause of a server fault.
            if answer.status.code >= 500 { logger.error("\(what): \(e)") }
        default:
            logger.error("\(what) failed: \(error)")
            answer = HTTPError(.internalServerError, code: "internal_error",
                               "internal error; the server log has the detail")
        }
        return answer
    }
}
