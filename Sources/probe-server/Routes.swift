import ProbeServer
import ProbeHTTP

/// Extra routes of this build. The run API, the reports, the setup pages and the probe
/// endpoints are registered by `ProbeService`; a build that adds its own goes here.
enum Routes {
    static func register(into router: inout Router) {}
}
