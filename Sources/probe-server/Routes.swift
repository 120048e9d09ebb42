import ProbeServer

/// Routes beyond the run API and the setup pages, which `ProbeService` registers itself.
/// The probe-support endpoints of the page are added here.
enum Routes {
    static func register(into router: inout Router, origins: OriginPlan) {
        _ = origins
    }
}

enum Version {
    static let current = ProbeService.version
}
