import ProbeHTTP

/// A part's handlers, each under the route it answers.
typealias RouteHandlers = [APIRoute: Handler]

extension Router {
    /// Registers `routes` in their order, each with its handler from `handlers` and its body
    /// limit from the table. A route without a handler or a handler without a route is a
    /// programming error, stopped at start-up (`APIRoute.mismatches`, tested without a start).
    mutating func register(_ routes: [APIRoute], _ handlers: RouteHandlers) {
        let mismatches = APIRoute.mismatches(routes, handlers)
        precondition(mismatches.isEmpty, "the route table and the handlers disagree: \(mismatches.joined(separator: "; "))")
        for route in routes {
            add(route.method, route.routerPattern, bodyLimit: route.bodyLimit.bytes(limits), handlers[route]!)
        }
    }
}

extension Router {
    /// `handler`'s response, answered at once (what `get` and `post` register).
    static func now(_ handler: @escaping @Sendable (Request) throws -> Response) -> Handler {
        { .now(try handler($0)) }
    }
}

extension APIRoute {
    /// What keeps `routes` and `handlers` from being registered together: a route without a
    /// handler, a handler for no route of the list.
    static func mismatches(_ routes: [APIRoute], _ handlers: RouteHandlers) -> [String] {
        let listed = Set(routes)
        return routes.filter { handlers[$0] == nil }.map { "\($0) has no handler" }
            + handlers.keys.filter { !listed.contains($0) }.map { "a handler for \($0), which is not in the table" }.sorted()
    }
}
