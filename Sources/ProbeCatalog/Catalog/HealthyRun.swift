/// A run in which every probe observed what a correctly configured app gives, built from the
/// catalog's declarations (`Probe.healthy`). For tests and examples: the catalog's and the
/// server's tests start from it and change the probes they are about, so a new probe with a
/// healthy example is in every healthy run without a fixture to update.
public struct HealthyRun: Sendable {
    public let catalog: Catalog
    public let platform: Platform.Family

    public init(_ platform: Platform.Family, catalog: Catalog = .standard) {
        self.catalog = catalog
        self.platform = platform
    }

    /// One result per probe, in page order, each the first attempt and as the page reads it.
    public func results(run: String, elapsedMs: Double = 10, at: String = "2026-11-30T03:00:00Z") -> [ProbeResult] {
        catalog.probes.map { probe in
            ProbeResult(
                run: run, probe: probe.id, status: .info, observed: probe.healthy.observed(on: platform),
                elapsedMs: elapsedMs, at: at)
        }
    }
}
