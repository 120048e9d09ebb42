import BeyondEssentials

/// What a handler answers.
public enum Reply: Sendable {
    /// Answered now, on the event loop. Handlers that take this path must be quick.
    case now(Response)
    /// Slow work (a disk sync, a large file): run on the blocking pool; the response is
    /// posted back to the connection's loop. What it throws the server renders
    /// (`ServerContext.response(for:to:)`), as it does for the handler itself.
    case offload(@Sendable () throws -> Response)
    /// The handler hands the promise to something that completes it later, from any thread
    /// (a store's group commit, a long poll).
    case later(@Sendable (ReplyPromise) -> Void)
}

/// A route's handler. It throws what went wrong (an `HTTPError`, or an error that knows its
/// `HTTPError`); it never builds an error response itself: the server does, in one place.
public typealias Handler = @Sendable (Request) throws -> Reply

/// Completes a deferred reply exactly once, from any thread. A handler whose work is only
/// worth doing while the client waits (a long poll) registers `onAbandon`: the connection
/// calls it when the client goes away first, and then closes at once instead of holding the
/// descriptor until the answer.
public final class ReplyPromise: @unchecked Sendable {
    private let deliver: @Sendable (Response) -> Void
    /// The server's rendering of an error (`ServerContext.response(for:to:)`).
    private let render: @Sendable (any Error) -> Response
    private let once = Lock()
    private var done = false
    private var abandoned = false
    private var abandonHandler: (@Sendable () -> Void)?
    /// Told once `onAbandon` registered a handler, on the registering thread: the connection
    /// judges again whether its client already left (it is not told a second time).
    private let abandonHandlerInstalled: @Sendable () -> Void
    private var shape: (@Sendable (Response) -> Response)?
    /// Runs work on the connection's event loop (`completeOnLoop`); inline where there is none.
    private let onLoop: @Sendable (@escaping @Sendable () -> Void) -> Void

    init(render: @escaping @Sendable (any Error) -> Response,
         abandonHandlerInstalled: @escaping @Sendable () -> Void = {},
         onLoop: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void = { $0() },
         deliver: @escaping @Sendable (Response) -> Void) {
        self.render = render
        self.abandonHandlerInstalled = abandonHandlerInstalled
        self.onLoop = onLoop
        self.deliver = deliver
    }

    public func succeed(_ response: Response) {
        let first = once.withLock { () -> (@Sendable (Response) -> Response)?? in
            if done { return .none }
            done = true
            abandonHandler = nil
            return .some(shape)
        }
        guard case .some(let shape) = first else { return }
        deliver(shape?(response) ?? response)
    }

    /// Passes the answer, whoever gives it, through `transform` first: an answer shared by
    /// several requests (one run's completion) shaped for the one that asked
    /// (`Response.compressed(for:)`).
    public func shaping(_ transform: @escaping @Sendable (Response) -> Response) {
        once.withLock { shape = transform }
    }

    /// Answers with the server's rendering of `error`, exactly as if a handler had thrown it.
    public func fail(_ error: any Error) {
        succeed(render(error))
    }

    /// Answers with what `body` returns, or with what it throws.
    public func complete(_ body: () throws -> Response) {
        let response: Response
        do { response = try body() } catch { return fail(error) }
        succeed(response)
    }

    /// Answers with what `body` returns, built on the connection's event loop rather than on
    /// the calling thread: a store's writer that completes a batch's promises hands each
    /// answer's encoding to the loops and goes on to the next commit, where every result
    /// queued behind it waits.
    public func completeOnLoop(_ body: @escaping @Sendable () throws -> Response) {
        onLoop { [self] in complete(body) }
    }

    /// Runs `work` on the connection's event loop (inline where the promise has none): what a
    /// completion does before it answers, off the thread that completed it.
    public func onConnectionLoop(_ work: @escaping @Sendable () -> Void) {
        onLoop(work)
    }

    /// Runs `handler` once if the client goes away before the answer (at once if it already has).
    public func onAbandon(_ handler: @escaping @Sendable () -> Void) {
        enum Outcome { case runNow, installed, answered }
        let outcome = once.withLock { () -> Outcome in
            if abandoned { return .runNow }
            if done { return .answered }
            abandonHandler = handler
            return .installed
        }
        switch outcome {
        case .runNow: handler()
        case .installed: abandonHandlerInstalled()
        case .answered: break
        }
    }

    /// True when a handler asked to hear that the client left.
    var isAbandonable: Bool { once.withLock { !done && abandonHandler != nil } }

    /// The client went away: nothing will read the answer.
    func abandon() {
        let handler = once.withLock { () -> (@Sendable () -> Void)? in
            if done || abandoned { return nil }
            abandoned = true
            done = true
            defer { abandonHandler = nil }
            return abandonHandler
        }
        handler?()
    }
}

/// Routes by method and path pattern. Patterns are literal segments, `:name` parameters
/// (one segment, percent-decoded), and a final `*name` capturing the rest.
public struct Router: Sendable {
    /// A class, not a struct: a lookup hands out one reference, where copying the five
    /// fields cost a retain and a release each, twice per request (perf, bench/).
    public final class Route: Sendable {
        public let method: String
        public let pattern: String
        let segments: [Segment]
        /// Largest body this route accepts; the parser enforces it before reading the body.
        public let bodyLimit: Int
        let handler: Handler

        init(method: String, pattern: String, segments: [Segment], bodyLimit: Int, handler: @escaping Handler) {
            self.method = method
            self.pattern = pattern
            self.segments = segments
            self.bodyLimit = bodyLimit
            self.handler = handler
        }
    }

    enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
        case rest(String)
    }

    public enum Lookup {
        case matched(Route, parameters: [String: String])
        case methodNotAllowed(allow: [String])
        case notFound
    }

    public private(set) var routes: [Route] = []
    public var limits: HTTPLimits
    /// Indices of the routes that can match a path starting with each literal segment: those
    /// whose pattern starts with it and those that start with a parameter or a rest, merged
    /// in the order added when a route is added, not per request. A path's first segment
    /// picks the few routes that can match: a static file (`/app.js`) is `notFound` after
    /// one dictionary lookup instead of a walk over every route, which perf showed as the
    /// largest user-space cost of a static request (bench/).
    private var byFirstSegment: [String: [Int]] = [:]
    /// Routes that can match whatever the first segment is: a parameter or a rest first.
    private var anyFirstSegment: [Int] = []
    /// Routes with no segment at all (`/`).
    private var noSegment: [Int] = []

    public init(limits: HTTPLimits = HTTPLimits()) {
        self.limits = limits
    }

    public mutating func add(_ method: String, _ pattern: String, bodyLimit: Int? = nil, _ handler: @escaping Handler) {
        let segments = pattern.split(separator: "/", omittingEmptySubsequences: true).map { s -> Segment in
            if s.hasPrefix(":") { return .parameter(String(s.dropFirst())) }
            if s.hasPrefix("*") { return .rest(String(s.dropFirst())) }
            return .literal(String(s))
        }
        let index = routes.count
        switch segments.first {
        case .literal(let first): byFirstSegment[first, default: anyFirstSegment].append(index)
        case .parameter, .rest:
            anyFirstSegment.append(index)
            for first in byFirstSegment.keys { byFirstSegment[first]!.append(index) }
        case nil: noSegment.append(index)
        }
        if case .rest = segments.first { noSegment.append(index) }
        routes.append(Route(method: method, pattern: pattern, segments: segments,
                            bodyLimit: bodyLimit ?? limits.jsonBodyBytes, handler: handler))
    }

    /// The routes that can match a path whose first segment is `first` (nil: no segment), in
    /// the order added, so the first match and the `Allow` list are those of a full walk.
    private func candidates(first: Substring?) -> [Int] {
        guard let first else { return noSegment }
        return byFirstSegment[String(first)] ?? anyFirstSegment
    }

    public mutating func get(_ pattern: String, _ handler: @escaping @Sendable (Request) throws -> Response) {
        add("GET", pattern) { .now(try handler($0)) }
    }

    public mutating func post(_ pattern: String, bodyLimit: Int? = nil, _ handler: @escaping @Sendable (Request) throws -> Response) {
        add("POST", pattern, bodyLimit: bodyLimit) { .now(try handler($0)) }
    }

    public mutating func delete(_ pattern: String, _ handler: @escaping @Sendable (Request) throws -> Response) {
        add("DELETE", pattern) { .now(try handler($0)) }
    }

    /// Finds the route for a method and a still-encoded path. HEAD is served by GET routes.
    public func lookup(method: String, path: String) -> Lookup {
        // Empty segments are kept: `/api/runs//results` must not match `/api/runs/:id`.
        var parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if parts.first == "" { parts.removeFirst() }
        if parts.count > 1 && parts.last == "" { parts.removeLast() }
        if parts == [""] { parts = [] }
        let candidates = candidates(first: parts.first)
        if candidates.isEmpty { return .notFound }
        var allowed: [String] = []
        for index in candidates {
            let route = routes[index]
            // The shape first, without allocating: most candidates differ in a literal
            // (`/api/runs/:id/results` against every other `/api/...` route), and building
            // their parameters before finding out was a tenth of a result's CPU (perf).
            guard Self.fits(route.segments, parts), let params = Self.match(route.segments, parts) else { continue }
            if route.method == method || (method == "HEAD" && route.method == "GET") {
                return .matched(route, parameters: params)
            }
            allowed.append(route.method)
            if route.method == "GET" { allowed.append("HEAD") }
        }
        if allowed.isEmpty { return .notFound }
        var seen = Set<String>()
        return .methodNotAllowed(allow: allowed.filter { seen.insert($0).inserted })
    }

    /// True when the literals, the number of segments and the non-empty parameters fit;
    /// `match` then decodes the parameters (a malformed percent-escape still fails there).
    static func fits(_ segments: [Segment], _ parts: [Substring]) -> Bool {
        var i = 0
        for segment in segments {
            switch segment {
            case .literal(let s): if i >= parts.count || parts[i] != s { return false }
            case .parameter: if i >= parts.count || parts[i].isEmpty { return false }
            case .rest: return true
            }
            i += 1
        }
        return i == parts.count
    }

    static func match(_ segments: [Segment], _ parts: [Substring]) -> [String: String]? {
        var params: [String: String] = [:]
        var i = 0
        for segment in segments {
            switch segment {
            case .literal(let s):
                guard i < parts.count, parts[i] == s else { return nil }
            case .parameter(let name):
                guard i < parts.count, !parts[i].isEmpty, let v = PercentDecoding.decode(String(parts[i])) else { return nil }
                params[name] = v
            case .rest(let name):
                params[name] = parts[i...].joined(separator: "/")
                return params
            }
            i += 1
        }
        return i == parts.count ? params : nil
    }
}
