/// The expected outcome of every probe on one platform under one requirement set (docs/requirements.md#product-rules).
public struct Profile: Sendable, Codable, Equatable {
    public struct Entry: Sendable, Codable, Equatable {
        public let probe: ProbeID
        public let expectation: Expectation
        /// What "expected" means here, in words.
        public let expected: String
        /// Why a requirement set changed the default, when it did.
        public let because: String?
    }

    public let platform: Platform
    public let requirementSet: String
    public let entries: [Entry]
    /// The minimums that apply to this platform.
    public let minimums: [VersionMinimum]

    public func entry(for probe: ProbeID) -> Entry? { entries.first { $0.probe == probe } }
    public func expectation(for probe: ProbeID) -> Expectation? { entry(for: probe)?.expectation }

    init(platform: Platform, requirementSet: RequirementSet, probes: [Probe]) {
        self.platform = platform
        self.requirementSet = requirementSet.id
        entries = probes.map { probe in
            if let change = requirementSet.overrides[probe.id], change.applies(to: platform) {
                return Entry(
                    probe: probe.id, expectation: change.expectation,
                    expected: change.expected ?? probe.expectation.expectedText(on: platform), because: change.because)
            }
            return Entry(
                probe: probe.id, expectation: probe.expectation.expectation(on: platform),
                expected: probe.expectation.expectedText(on: platform), because: nil)
        }
        let subjects: [VersionMinimum.Subject]
        switch platform {
        case .iosWKWebView, .iosSafari: subjects = [.iOS]
        case .rnWebViewIOS: subjects = [.iOS, .reactNativeWebView]
        case .androidWebView: subjects = [.android, .androidWebView]
        case .rnWebViewAndroid: subjects = [.android, .androidWebView, .reactNativeWebView]
        case .androidChrome: subjects = [.android]
        case .desktop: subjects = []
        }
        minimums = subjects.compactMap { requirementSet.minimum(for: $0) }
    }
}
