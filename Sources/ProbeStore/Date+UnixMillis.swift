#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Date {
    /// The store keeps times as integer milliseconds since the Unix epoch: exact, sortable,
    /// and what the page's `Date.now()` sends.
    public init(unixMillis: Int64) {
        self.init(timeIntervalSince1970: Double(unixMillis) / 1000)
    }

    /// Rounded to the millisecond; the store's precision.
    public var unixMillis: Int64 {
        Int64((timeIntervalSince1970 * 1000).rounded())
    }
}
