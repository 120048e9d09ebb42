import ProbeServer

/// The HTTP API wired onto the router. The handlers live in ProbeServer; this file only
/// says which path goes where.
enum Routes {
    static func make(limits: HTTPLimits) -> Router {
        var router = Router(limits: limits)
        ProbeEndpoints.register(into: &router, config: ProbeEndpointsConfig(limits: limits))
        router.get("/api/health") { _ in .json(Health(status: "ok", version: Version.current)) }
        return router
    }

    struct Health: Encodable {
        let status: String
        let version: String
    }
}

enum Version {
    static let current = "0.1.0"
}
