import Synchronization

/// One readiness check shared by every `/readyz` caller within `maxAge` of it.
///
/// The check writes: a synced file in the data folder and a store write through the writer
/// thread. Run per call, a load balancer or anyone on the LAN polling `/readyz` turned each
/// request into an fsync and a commit (a device's p50 went from 1.4 to 5.2 ms under such a
/// flood). Now the answer is the latest check's when that is at most `maxAge` old; callers
/// that arrive while a check runs wait for that same check. So the probe writes at most once
/// per `maxAge`, whatever the request rate. Kubernetes probes every 10 s by default
/// (https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/pod-v1/#Probe),
/// so a second-old answer is current for any balancer.
final class ReadinessProbe: Sendable {
    /// How old an answer may be: one check per second at most.
    static let maxAgeNanos: UInt64 = 1_000_000_000

    /// What failed (empty: ready), each `name: reason`.
    typealias Failing = [String]

    private struct State {
        var latest: (failing: Failing, startedAt: UInt64)?
        var waiting: [@Sendable (Failing) -> Void] = []
        var checking = false
    }

    private let state = Mutex(State())
    /// Runs one check and calls back once with what failed, from any thread.
    private let check: @Sendable (@escaping @Sendable (Failing) -> Void) -> Void
    private let now: @Sendable () -> UInt64

    init(now: @escaping @Sendable () -> UInt64,
         check: @escaping @Sendable (@escaping @Sendable (Failing) -> Void) -> Void) {
        self.now = now
        self.check = check
    }

    /// Calls `done` with the latest check's answer if it started at most `maxAgeNanos` ago,
    /// else with the answer of the check running now (started here if none is).
    func answer(_ done: @escaping @Sendable (Failing) -> Void) {
        let at = now()
        enum Next { case cached(Failing), wait, start }
        let next: Next = state.withLock { s in
            if let latest = s.latest, at &- latest.startedAt < Self.maxAgeNanos { return .cached(latest.failing) }
            s.waiting.append(done)
            if s.checking { return .wait }
            s.checking = true
            return .start
        }
        switch next {
        case .cached(let failing): done(failing)
        case .wait: break
        case .start:
            // The answer is dated from when the check began: what it saw is at most that old.
            check { [self] failing in
                let waiting = state.withLock { s -> [@Sendable (Failing) -> Void] in
                    s.latest = (failing, at)
                    s.checking = false
                    defer { s.waiting = [] }
                    return s.waiting
                }
                for callback in waiting { callback(failing) }
            }
        }
    }
}
