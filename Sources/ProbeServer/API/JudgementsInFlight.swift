#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials
import ProbeHTTP
import ProbeStore

/// The `complete` calls of each run being judged: the first judges, the others wait for
/// its answer instead of judging again (a client retrying, a page resumed twice, or many
/// calls at once), so a run is judged and announced once per process. Across instances
/// sharing a store the store's stored-once verdict decides (`StoreWrite.setVerdict`).
final class JudgementsInFlight: @unchecked Sendable {
    private let lock = Lock()
    private var waiting: [String: [ReplyPromise]] = [:]

    /// True when the caller is the first for `run` and must judge it (then call `finish`);
    /// false when `promise` is answered by the judgement under way.
    func join(_ run: String, _ promise: ReplyPromise) -> Bool {
        lock.withLock {
            if waiting[run] != nil {
                waiting[run]!.append(promise)
                return false
            }
            waiting[run] = [promise]
            return true
        }
    }

    /// Answers every call waiting for `run`'s judgement.
    func finish(_ run: String, _ outcome: Result<Response, any Error>) {
        let promises = lock.withLock { waiting.removeValue(forKey: run) ?? [] }
        for promise in promises {
            switch outcome {
            case .success(let response): promise.succeed(response)
            case .failure(let error): promise.fail(error)
            }
        }
    }
}
