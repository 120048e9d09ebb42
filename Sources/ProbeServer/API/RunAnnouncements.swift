import ProbeCatalog
import ProbeRuns
import ProbeStore

/// How the server announces a run `RunCompletion` judged: the webhook deliveries staged
/// (on disk, synced) before the verdict's commit and queued after it, so each is on disk
/// before `complete` answers (`WebhookOutbox`); then the waits on the run woken and the
/// verdict feed told (the serve command's terminal line).
struct RunAnnouncements: RunAnnouncer {
    let webhooks: WebhookOutbox?
    /// Who completed the run: the outbox keeps shares of its room per requester.
    let requester: WebhookOutbox.Requester
    let waiters: RunWaiters
    let verdicts: RunVerdictFeed

    /// Refused when the outbox is full (a 503 with Retry-After): the run stays complete
    /// without a verdict, and a retried `complete` judges it.
    func stage(_ run: RunRecord, _ report: DiffReport) throws -> WebhookOutbox.Staged? {
        try webhooks?.stage(JudgedRun(run, report), for: requester)
    }

    func withdraw(_ staged: WebhookOutbox.Staged?) {
        if let staged { webhooks?.discard(staged) }
    }

    func announce(_ run: RunRecord, _ report: DiffReport, _ staged: WebhookOutbox.Staged?) {
        if let staged { webhooks?.commit(staged) }
        waiters.complete(runID: run.id)
        verdicts.announce(JudgedRun(run, report))
    }
}
