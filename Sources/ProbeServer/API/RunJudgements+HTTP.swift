import ProbeHTTP
import ProbeRuns
import ProbeStore

extension RunJudgements.Judgement {
    /// The report as a JSON response, the stored text as it is when there is one.
    var response: Response {
        guard let stored else { return .json(report) }
        var r = Response(status: .ok, headers: HTTPHeaders([("Content-Type", "application/json")]), body: Array(stored.report.utf8))
        r.headers.add("Cache-Control", "no-store")
        return r
    }
}

/// What an anonymous address may still have judged: observation bytes parsed, from the
/// address's bucket (`RateLimiter.judgedObservations`). Judging is the one read whose cost
/// grows with what a client posted, so it is paid for before the parse starts.
struct AddressAllowance: JudgingAllowance {
    let bucket: RateLimiter
    let address: String

    func spend(_ bytes: Int) throws(HTTPError) {
        let (allowed, retry) = bucket.take(address, cost: Double(bytes), nowNanos: EventLoop.monotonicNow().nanoseconds)
        guard allowed else {
            let rule = RateLimiter.judgedObservations
            throw HTTPError(.tooManyRequests, code: "too_many_judgements",
                            "judging this run reads \(QuotaExceeded.bytes(Int64(bytes))) of observations, more than this address may have judged now "
                                + "(\(QuotaExceeded.bytes(Int64(rule.rate))) a second, \(QuotaExceeded.bytes(Int64(rule.burst))) at once, without the token); "
                                + "retry in \(retry) s, or complete the run: a completed run's judgement is kept and read back for free",
                            headers: HTTPHeaders([("Retry-After", String(retry))]))
        }
    }
}
