import Testing
import ProbeCatalog
@testable import ProbeEngines

/// The engines of `probe-server try` and the settings a trial breaks on purpose.
@Suite struct TrialEngineTests {
    @Test func EachEnginesDefaultPlatform_IsACatalogPlatform() {
        for engine in TrialEngine.allCases {
            #expect(Platform(rawValue: engine.defaultPlatform) != nil, "\(engine)")
        }
    }

    @Test func EachMisconfiguration_IsFoundByItsOneName_AndAppliesToSomeEngine() {
        #expect(Set(Misconfiguration.all.map(\.name)).count == Misconfiguration.all.count)
        for misconfiguration in Misconfiguration.all {
            #expect(Misconfiguration.named(misconfiguration.name)?.name == misconfiguration.name)
            #expect(TrialEngine.allCases.contains { misconfiguration.applies(to: $0) }, "\(misconfiguration.name)")
        }
        #expect(Misconfiguration.named("no-such-setting") == nil)
    }
}
