#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProbeCatalog

/// One probe outcome `{run, probe, attempt, status, observed, elapsedMs, at}` (docs/requirements.md#product-rules).
///
/// `(runID, probe, attempt)` is the key. Two records with the same key are the *same*
/// result when status, observed, elapsedMs and at are equal byte for byte; receivedAt is
/// the server's clock and does not count.
public struct ResultRecord: Equatable, Sendable {
    public var runID: String
    public var probe: String
    public var attempt: Int
    /// The catalog's status word; opaque to the store.
    public var status: String
    /// JSON text of what the probe observed; opaque to the store.
    public var observed: String
    /// Milliseconds the probe took, as measured by the page (fractional with
    /// `performance.now()`); nil when the page could not measure.
    public var elapsedMs: Double?
    /// The device's clock when the probe ended; nil when the page sent none (the
    /// `<noscript>` beacon has no JavaScript to read a clock).
    public var at: Date?
    /// The server's clock when the result arrived.
    public var receivedAt: Date
    /// Why the probe was skipped or errored (`needs-operator`); nil otherwise.
    public var reason: String?

    public init(
        runID: String, probe: String, attempt: Int, status: String, observed: String = "{}",
        elapsedMs: Double? = nil, at: Date? = nil, receivedAt: Date, reason: String? = nil
    ) {
        self.reason = reason
        self.runID = runID
        self.probe = probe
        self.attempt = attempt
        self.status = status
        self.observed = observed
        self.elapsedMs = elapsedMs
        self.at = at
        self.receivedAt = receivedAt
    }

    /// Same key and same body (receivedAt ignored), at the store's millisecond precision.
    /// The observations are compared as JSON values when their text differs: the API keeps
    /// them as the page sent them, and a resent result may be spaced or ordered otherwise.
    public func isSameResult(as other: ResultRecord) -> Bool {
        runID == other.runID && probe == other.probe && attempt == other.attempt
            && status == other.status && reason == other.reason
            && elapsedMs == other.elapsedMs && at?.unixMillis == other.at?.unixMillis
            && (observed == other.observed || Self.sameJSON(observed, other.observed))
    }

    private static func sameJSON(_ a: String, _ b: String) -> Bool {
        guard let left = JSONValue.parse(text: a), let right = JSONValue.parse(text: b) else { return false }
        return left == right
    }
}

/// What `appendResults` did with one record, in the order they were given.
public enum AppendOutcome: Equatable, Sendable {
    /// Stored now.
    case inserted
    /// The same result was already stored (a retry after a lost acknowledgement): no-op.
    case duplicate
    /// A *different* result was already stored under this key. First write wins: the stored
    /// one is kept, this one is dropped. A page never re-uses an attempt number for a new
    /// outcome, so this means a page bug or tampering; report it, do not overwrite evidence.
    case conflict
}

extension ResultRecord {
    /// Checks the record against `StoreLimits`; any store calls this before writing.
    public func validate() throws(StoreError) {
        try StoreCheck.runID(runID)
        if probe.isEmpty { throw .invalid("probe id is empty") }
        try StoreCheck.text(probe, "probe id", max: StoreLimits.maxProbeIDBytes)
        guard (0...StoreLimits.maxAttempt).contains(attempt) else {
            throw .invalid("attempt \(attempt) is outside 0...\(StoreLimits.maxAttempt)")
        }
        if status.isEmpty { throw .invalid("status of \(probe) is empty") }
        try StoreCheck.text(status, "status", max: StoreLimits.maxStatusBytes)
        try StoreCheck.text(reason, "reason of \(probe)", max: StoreLimits.maxShortTextBytes)
        try StoreCheck.text(observed, "observed of \(probe)", max: StoreLimits.maxObservedBytes)
        if let elapsedMs, !elapsedMs.isFinite || elapsedMs < 0 {
            throw .invalid("elapsedMs of \(probe) must be a finite number ≥ 0")
        }
    }
}
