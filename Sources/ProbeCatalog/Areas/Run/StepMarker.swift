#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The "step started" marker the page posts, and flushes, just before a step that can take
/// the app down (the camera, the file chooser), so that a run that stops says where.
///
/// Wire format: an ordinary result of the pseudo-probe `step.started`, whose attempt counts
/// the markers of the run (1, 2, …: idempotent like any result), with
/// `observed: {step: "<probe id>", stepAttempt: <the attempt of that probe>}` and status
/// `info`. It is never a result of the step itself and never a finding of its own.
public enum StepMarker {
    public static let probe = ProbeID(rawValue: "step.started")
    public static let stepField = "step"
    public static let stepAttemptField = "stepAttempt"

    /// A result is a marker when it names the pseudo-probe.
    public static func isMarker(_ result: ProbeResult) -> Bool { result.probe == probe }

    /// The problem with a posted marker, for the result decoder; nil when it is well formed.
    static func problem(in observed: [String: JSONValue], catalog: Catalog) -> (field: String, problem: String)? {
        guard let step = observed[stepField]?.stringValue else {
            return (stepField, "expected the id of the step that began, a string")
        }
        guard let known = catalog.probe(id: ProbeID(rawValue: step)), known.marksStart else {
            let allowed = catalog.probes.filter(\.marksStart).map(\.id.rawValue).joined(separator: ", ")
            return (stepField, "\"\(step)\" is not a step that posts a start marker (\(allowed))")
        }
        if let attempt = observed[stepAttemptField], attempt.intValue.map({ $0 >= 1 }) != true {
            return (stepAttemptField, "expected an integer ≥ 1")
        }
        return nil
    }

    /// The export: what the page needs to post markers.
    struct Export: Encodable {
        let probe = StepMarker.probe
        let status = ProbeResult.Status.info.rawValue
        let observed = [StepMarker.stepField: "string, the probe id of the step that began", StepMarker.stepAttemptField: "integer ≥ 1, that step's attempt"]
        let attempt = "1, 2, … in the order the markers are posted in the run"
        let steps: [ProbeID]
    }
}

/// When the run is judged, and what the server knows of it: the diff stays pure (no clock
/// of its own), and the same inputs give the same findings in `GET …/diff`, the reports
/// and `wait`.
public struct RunClock: Sendable, Equatable {
    /// The time of judging.
    public let now: Date
    /// When the server last received anything for the run (its results' receipt time).
    public let lastActivity: Date?
    /// The page completed the run (POST …/complete): it did not stop.
    public let completed: Bool

    public init(now: Date, lastActivity: Date?, completed: Bool) {
        self.now = now
        self.lastActivity = lastActivity
        self.completed = completed
    }
}

/// A step that began and never ended: the latest marker whose step has no result of that
/// attempt, judged once `Diff.stalledStepSeconds` passed with nothing received.
struct StalledStep: Equatable {
    let step: ProbeID
    let attempt: Int
    let silentSeconds: Double

    static func find(results: [ProbeResult], clock: RunClock?) -> StalledStep? {
        guard let clock, !clock.completed, let last = clock.lastActivity else { return nil }
        let silent = clock.now.timeIntervalSince(last)
        guard silent >= Diff.stalledStepSeconds else { return nil }
        guard let marker = results.filter(StepMarker.isMarker).max(by: { $0.attempt < $1.attempt }),
              let step = marker.observed[StepMarker.stepField]?.stringValue.map(ProbeID.init(rawValue:))
        else { return nil }
        let attempt = marker.observed[StepMarker.stepAttemptField]?.intValue ?? 1
        let ended = results.contains { $0.probe == step && $0.attempt >= attempt }
        return ended ? nil : StalledStep(step: step, attempt: attempt, silentSeconds: silent)
    }
}
