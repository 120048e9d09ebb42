/// The expected outcome of one probe on one platform (docs/requirements.md#product-rules).
public enum Expectation: String, Sendable, Codable, CaseIterable {
    /// Must pass.
    case required
    /// The platform blocks it and that is fine (third-party cookies under iOS ITP).
    case expectedBlocked = "expected-blocked"
    /// Must be denied: a grant is a finding.
    case security
    /// Reported, never a failure on its own.
    case info
}

/// A probe's expectation: a default, per-platform overrides, and the words for what
/// "expected" means on each platform (shown in findings and the docs).
public struct ExpectationRule: Sendable, Codable, Equatable {
    public var `default`: Expectation
    public var overrides: [Platform: Expectation]
    /// What the probe should show, in words.
    public var expected: String
    /// Platform-specific wording where it differs.
    public var expectedOn: [Platform: String]

    public init(
        _ default: Expectation, _ overrides: [Platform: Expectation] = [:], expected: String,
        expectedOn: [Platform: String] = [:]
    ) {
        self.default = `default`
        self.overrides = overrides
        self.expected = expected
        self.expectedOn = expectedOn
    }

    public func expectation(on platform: Platform) -> Expectation { overrides[platform] ?? self.default }
    public func expectedText(on platform: Platform) -> String { expectedOn[platform] ?? expected }

    /// The browsers (Safari, Chrome, desktop): the person answers the prompt, not a host app.
    static let browsers: [Platform] = [.iosSafari, .androidChrome, .desktop]
    static let appWebViews: [Platform] = [.iosWKWebView, .androidWebView, .rnWebViewIOS, .rnWebViewAndroid]
    static let iosAll: [Platform] = [.iosWKWebView, .iosSafari, .rnWebViewIOS]

    static func on(_ platforms: [Platform], _ expectation: Expectation) -> [Platform: Expectation] {
        Dictionary(uniqueKeysWithValues: platforms.map { ($0, expectation) })
    }
}
