import Dispatch

/// Long polls waiting for a run to complete (`GET /api/runs/{id}/wait`). A waiter is woken
/// by `complete`, or answered by its timer, whichever comes first (the promise fires once).
public final class RunWaiters: @unchecked Sendable {
    private let lock = Lock()
    private var waiting: [String: [@Sendable () -> Void]] = [:]

    /// Longest wait a client may ask for; a proxy in between would cut longer ones anyway.
    public static let maxWaitSeconds = 600

    public init() {}

    /// Calls `wake` when the run completes or after `seconds`, exactly once.
    public func wait(runID: String, seconds: Int, wake: @escaping @Sendable () -> Void) {
        let once = OnceFlag()
        let fire: @Sendable () -> Void = { if once.take() { wake() } }
        lock.withLock { waiting[runID, default: []].append(fire) }
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(seconds)) { [weak self] in
            fire()
            self?.lock.withLock {
                if let list = self?.waiting[runID], list.isEmpty { self?.waiting[runID] = nil }
            }
        }
    }

    public func complete(runID: String) {
        let list = lock.withLock { waiting.removeValue(forKey: runID) ?? [] }
        for fire in list { fire() }
    }
}

final class OnceFlag: @unchecked Sendable {
    private let lock = Lock()
    private var taken = false
    func take() -> Bool {
        lock.withLock {
            if taken { return false }
            taken = true
            return true
        }
    }
}
