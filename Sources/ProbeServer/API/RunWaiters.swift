import BeyondEssentials
import Dispatch
import ProbeHTTP

/// Long polls waiting for a run to complete (`GET /api/runs/{id}/wait`). A waiter is woken
/// by `complete`, answered by its timer, or dropped when its client goes away (`Ticket.cancel`),
/// whichever comes first. Each holds a connection, so their number is bounded per address and
/// in all: a client cannot hold the server's descriptors with waits (docs/security.md).
public final class RunWaiters: @unchecked Sendable {
    private let lock = Lock()
    private var waiting: [String: [UInt64: Entry]] = [:]
    private var perAddress: [String: Int] = [:]
    private var total = 0
    private var nextID: UInt64 = 0

    private struct Entry {
        let address: String
        let fire: @Sendable () -> Void
        let timer: DispatchWorkItem
    }

    /// Longest wait a client may ask for; a proxy in between would cut longer ones anyway.
    public static let maxWaitSeconds = 600
    /// Waits one address may hold at once. A CI runner waits on one run per job; 64 covers a
    /// runner with many parallel jobs behind one NAT, and is far below a descriptor limit.
    public static let maxWaitsPerAddress = 64
    /// Waits held at once in all: a quarter of the 4,096 descriptors a default systemd
    /// service gets (LimitNOFILE), so waits never take the descriptors the page needs.
    public static let maxWaits = 1_024

    /// `maxWaits`, or a quarter of the process's descriptor limit (getrlimit(2)) when that
    /// is lower: waits alone can never take the descriptors `/api/health` and the page need.
    public static func totalBound(descriptorLimit: UInt64) -> Int {
        descriptorLimit == 0 ? maxWaits : max(16, min(maxWaits, Int(clamping: descriptorLimit / 4)))
    }

    let maxPerAddress: Int
    let maxTotal: Int

    public init(maxPerAddress: Int = RunWaiters.maxWaitsPerAddress, maxTotal: Int = RunWaiters.maxWaits) {
        self.maxPerAddress = maxPerAddress
        self.maxTotal = maxTotal
    }

    /// Drops one waiter without waking it (its client has gone).
    public struct Ticket: Sendable {
        fileprivate let runID: String
        fileprivate let id: UInt64
        fileprivate weak var owner: RunWaiters?
        public func cancel() { owner?.remove(runID: runID, id: id) }
    }

    /// The runs waited on now: after news of completions may have been missed, each is
    /// looked up again.
    public var runIDs: [String] { lock.withLock { Array(waiting.keys) } }

    /// Waits held now (for tests and the log).
    public var count: Int { lock.withLock { total } }

    /// Told the run's id each time a wait is registered. A test seam: tests wait for it
    /// instead of sleeping until a long poll has probably registered.
    var onRegistered: (@Sendable (String) -> Void)? {
        get { lock.withLock { registered } }
        set { lock.withLock { registered = newValue } }
    }
    private var registered: (@Sendable (String) -> Void)?

    /// Calls `wake` when the run completes or after `seconds`, exactly once, unless the
    /// ticket is cancelled first. Throws 429 naming the limit when the address or the server
    /// already holds as many waits as allowed.
    public func wait(runID: String, address: String, seconds: Int,
                     wake: @escaping @Sendable () -> Void) throws(HTTPError) -> Ticket {
        let once = OnceFlag()
        let fire: @Sendable () -> Void = { if once.take() { wake() } }
        let reserved = lock.withLock { () -> Result<UInt64, HTTPError> in
            if perAddress[address, default: 0] >= maxPerAddress {
                return .failure(HTTPError(.tooManyRequests, code: "too_many_waits",
                                          "this address already holds \(maxPerAddress) waits, the limit per address; "
                                              + "wait for one to end, or use one wait per run",
                                          headers: HTTPHeaders([("Retry-After", "5")])))
            }
            if total >= maxTotal {
                return .failure(HTTPError(.tooManyRequests, code: "too_many_waits",
                                          "the server already holds \(maxTotal) waits, its limit; retry shortly",
                                          headers: HTTPHeaders([("Retry-After", "5")])))
            }
            // Counted now, so two requests racing for the last slot cannot both take it.
            nextID &+= 1
            perAddress[address, default: 0] += 1
            total += 1
            return .success(nextID)
        }
        let id = try reserved.get()
        let timer = DispatchWorkItem { [weak self] in
            self?.remove(runID: runID, id: id)
            fire()
        }
        let registered = lock.withLock { () -> (@Sendable (String) -> Void)? in
            waiting[runID, default: [:]][id] = Entry(address: address, fire: fire, timer: timer)
            return self.registered
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(seconds), execute: timer)
        registered?(runID)
        return Ticket(runID: runID, id: id, owner: self)
    }

    public func complete(runID: String) {
        let entries = lock.withLock { () -> [Entry] in
            let list = waiting.removeValue(forKey: runID).map { Array($0.values) } ?? []
            for entry in list { release(entry.address) }
            return list
        }
        for entry in entries {
            entry.timer.cancel()
            entry.fire()
        }
    }

    private func remove(runID: String, id: UInt64) {
        let entry = lock.withLock { () -> Entry? in
            guard let entry = waiting[runID]?.removeValue(forKey: id) else { return nil }
            if waiting[runID]?.isEmpty == true { waiting[runID] = nil }
            release(entry.address)
            return entry
        }
        entry?.timer.cancel()
    }

    /// Under `lock`.
    private func release(_ address: String) {
        total -= 1
        let left = (perAddress[address] ?? 1) - 1
        perAddress[address] = left > 0 ? left : nil
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
