import ProbeServer

/// Routes beyond the run API and the setup pages, which `ProbeService` registers itself.
/// The probe-support endpoints of the page are added here.
enum Routes {
    static func register(into router: inout Router, origins: OriginPlan) {
        ProbeEndpoints.register(into: &router, config: ProbeEndpointsConfig(origins: origins))
    }
}

enum Version {
    static let current = ProbeService.version
}
