import ProbeCatalog

/// Tests name probes by their wire strings, as the page and a fixture do; the catalog itself
/// cannot (ProbeID has no literal form there), so a misspelt probe in it fails to compile.
extension ProbeID: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self.init(rawValue: value) }
}
