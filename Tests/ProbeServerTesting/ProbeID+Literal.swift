// A testing library: compiled in debug builds only. `swift build -c release` builds every
// library target of the package, and `@testable import` needs the modules compiled for
// testing, which SwiftPM does in debug (the configuration `swift test` uses).
#if DEBUG
import ProbeCatalog

/// Tests name probes by their wire strings, as the page and a fixture do; the catalog itself
/// cannot (ProbeID has no literal form there), so a misspelt probe in it fails to compile.
extension ProbeID: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self.init(rawValue: value) }
}
#endif
