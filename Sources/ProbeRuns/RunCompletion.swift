import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProbeCatalog
import ProbeStore
import Synchronization

/// Who hears of a run's verdict, in two steps around the verdict's commit: what must be on
/// disk before the completion is answered (the server's webhook deliveries) is staged before
/// the verdict is stored, and made final, with everything else (the waits woken, the verdict
/// feed and its terminal line), once it is. The sequence is `RunCompletion`'s; what each
/// step does is the announcer's (docs/architecture.md, "The path of a result").
public protocol RunAnnouncer: Sendable {
    /// What `stage` wrote, handed back to `announce` or `withdraw`.
    associatedtype Staged: Sendable
    /// Before the verdict's commit. Throwing refuses the verdict (the webhook outbox is
    /// full): the run stays complete without one, the error is the completion's answer, and a
    /// retried completion judges and stages again. Called off the store's writer thread.
    func stage(_ run: RunRecord, _ report: DiffReport) throws -> Staged
    /// The verdict was not stored by this completion (another instance sharing the store
    /// stored one first, or the store failed): forget what `stage` wrote.
    func withdraw(_ staged: Staged)
    /// The verdict is stored, by this completion and no other: announce it, once. Called on
    /// the judging lane, before the completion is answered.
    func announce(_ run: RunRecord, _ report: DiffReport, _ staged: Staged)
}

/// The one `complete → judge → keep → announce` sequence of a run, what `POST …/complete`
/// and the tests call: the run is frozen (the store refuses new results), judged by the one
/// judge (`RunJudgements`, `RunJudge.report`), its verdict stored once with the judgement
/// (`StoreWrite.setVerdict`, a verdict is stored if the run has none), and announced by the
/// call that stored it. Every other call, in this process or after, answers the judgement
/// kept and announces nothing. Calls for a run under way wait for its answer instead of
/// judging again (a client retrying, a page resumed twice), so a run is judged and announced
/// once per process; across instances sharing a store the stored-once verdict decides.
public final class RunCompletion: Sendable {
    /// The completion's answer: the run's judgement (its report, and the stored text), or
    /// why there is none (the run is unknown, the store failed, the announcer refused).
    public typealias Outcome = Result<RunJudgements.Judgement, any Error>

    public let judgements: RunJudgements
    public var store: any RunStore { judgements.store }
    /// Where judging runs: not the store's writer thread, which would stall commits. The
    /// server's is a lane that yields to requests' own work (`BackgroundLane`).
    private let judging: @Sendable (@escaping @Sendable () -> Void) -> Void
    /// The answers waiting for each run being completed; the first call judges.
    private let waiting = Mutex<[String: [@Sendable (Outcome) -> Void]]>([:])

    public init(judgements: RunJudgements,
                judging: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void = { DispatchQueue.global().async(execute: $0) }) {
        self.judgements = judgements
        self.judging = judging
    }

    /// Completes run `id` at `at`, judges it, keeps the judgement with the verdict and
    /// announces it through `announcer` when this call stored the verdict; then `answer`.
    /// Asynchronous: `answer` is called on the judging lane or the store's writer thread.
    /// The announcer of a call that joins one under way is not used (that one announces).
    public func complete<Announcer: RunAnnouncer>(_ id: String, at: Date, announcer: Announcer,
                                                  _ answer: @escaping @Sendable (Outcome) -> Void) {
        guard join(id, answer) else { return }
        let finish: @Sendable (Outcome) -> Void = { [self] in answerAll(id, $0) }
        store.submit(.completeRun(id: id, at: at)) { [self] result in
            if case .failure(let error) = result { return finish(.failure(error)) }
            // Judging reads the results: off the writer thread.
            judging { [self] in
                do {
                    try judgeAndKeep(id, announcer: announcer, finish)
                } catch {
                    finish(.failure(error))
                }
            }
        }
    }

    /// `complete`, waiting for its outcome: for callers off the event loops and the judging
    /// lane (the CLI, the tests). Blocking.
    public func completeAndWait<Announcer: RunAnnouncer>(_ id: String, at: Date, announcer: Announcer) throws -> RunJudgements.Judgement {
        let done = DispatchSemaphore(value: 0)
        let outcome = Mutex<Outcome?>(nil)
        complete(id, at: at, announcer: announcer) { result in
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return try outcome.withLock { $0! }.get()
    }

    private func judgeAndKeep<Announcer: RunAnnouncer>(_ id: String, announcer: Announcer,
                                                       _ finish: @escaping @Sendable (Outcome) -> Void) throws {
        guard let run = try store.run(id: id) else { throw StoreError.runNotFound(id) }
        let judgement = try judgements.judgementToAnnounce(run)
        if run.isAnnounced {
            // Announced before: judged again only for another catalog than the stored
            // judgement's, and then kept.
            if judgement.isFresh, let record = judgement.stored { judgements.keep([(id, record)]) }
            return finish(.success(judgement))
        }
        let report = judgement.report
        // Staged before the verdict's commit, made final after it: a delivery is on disk
        // before the answer (`WebhookOutbox`).
        let staged = try announcer.stage(run, report)
        store.submit(.setVerdict(id: id, verdict: report.verdict.rawValue, judgement: judgement.stored)) { [self] result in
            // A verdict not stored (the database went away) is no completion: the client
            // retries, and the waits keep waiting for the verdict.
            guard case .success(.judged(_, let first)) = result, first else {
                announcer.withdraw(staged)
                if case .failure(let error) = result { return finish(.failure(error)) }
                // Another instance sharing the store judged it first, and announced it.
                return finish(.success(judgement))
            }
            // Making the staged deliveries final blocks (renames, a sync): off the writer thread.
            judging {
                announcer.announce(run, report, staged)
                finish(.success(judgement))
            }
        }
    }

    /// True when the caller is the first for `run` and must complete it (then `answerAll`);
    /// false when `answer` is called with the outcome of the completion under way.
    private func join(_ run: String, _ answer: @escaping @Sendable (Outcome) -> Void) -> Bool {
        waiting.withLock { waiting in
            if waiting[run] != nil {
                waiting[run]!.append(answer)
                return false
            }
            waiting[run] = [answer]
            return true
        }
    }

    private func answerAll(_ run: String, _ outcome: Outcome) {
        let answers = waiting.withLock { $0.removeValue(forKey: run) ?? [] }
        for answer in answers { answer(outcome) }
    }
}
