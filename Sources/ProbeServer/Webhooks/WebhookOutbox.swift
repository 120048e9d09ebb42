#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials
import ProbeHTTP
import ProbeStore
import ProbeClient

/// Posts each judged run's verdict to every `--webhook` URL, at least once, each judgement
/// once. A delivery reaches the disk before the run's `complete` is answered, in two steps
/// around the verdict's commit (a file cannot share the database's transaction):
/// `stage` writes `*.staged` files (synced), the verdict is stored, then `commit` renames
/// them to `*.json` (synced) and `complete` answers 200. A crash before the verdict's
/// commit leaves staged files that the next start drops (the run has no verdict: its retried
/// `complete` judges and stages again); a crash after it leaves staged files the next start
/// sends (`recover`). A file goes only after a 2xx.
///
/// Each destination has its own thread and queue (`WebhookLane`): a receiver that hangs
/// holds only its own deliveries, each attempt for at most `attemptTimeoutSeconds`.
public final class WebhookOutbox: @unchecked Sendable {
    /// The first retry waits this long, each next one twice as long...
    static let firstRetrySeconds = 1.0
    /// ...up to this: a receiver down for maintenance is retried every 10 minutes.
    static let maxRetrySeconds = 600.0
    /// After this many attempts (about 7 hours at the cap) the delivery is set aside as
    /// `*.failed` in the folder and logged: the operator can see what was never received.
    static let maxAttempts = 50
    /// One attempt's bound, connect included: `HTTPClient` fits connecting, TLS, sending
    /// and the answer in one deadline. A receiver that does not answer within it is retried
    /// later, and meanwhile holds only its own queue.
    static let attemptTimeoutSeconds = 10.0
    /// Deliveries not yet acknowledged (staged or queued, every destination), in memory and
    /// on disk: each is one file of 0.5–0.7 KiB as measured (under 2 KiB with a 200-byte
    /// label of escaped characters, `StoreLimits.maxLabelBytes`), so at most ~20 MiB. It is reached only while
    /// receivers fail for hours (deliveries leave on a 2xx). Beyond it `stage` refuses: the
    /// run stays completed without a verdict and `complete` answers 503 with Retry-After,
    /// so no verdict is ever announced to some and lost to others, and no queued delivery
    /// is evicted by new runs (as a full store refuses rather than purges, docs/security.md).
    public static let maxPendingDeliveries = 10_000
    /// Deliveries of runs completed without the token, at most, as a share of `limit`: half.
    /// The other half is the token holder's, so anonymous completes (10,000 empty runs while
    /// the receiver was down) cannot make the operator's own `complete` answer 503.
    static let anonymousShare = 2
    /// Deliveries one address without the token may have waiting, as a share of `limit`: a
    /// twentieth (500 of 10,000), so one address cannot take the anonymous half either. A farm
    /// behind one NAT completing 500 runs while the receiver is down waits for it to drain.
    static let addressShare = 20

    /// Who completed the run a delivery announces: the token holder, or an address without it.
    public enum Requester: Sendable, Equatable {
        case tokenHolder
        case address(String)
    }

    /// `*.failed` files kept: beyond, the oldest is removed with a log line, so a receiver
    /// gone for good cannot fill the disk.
    static let maxSetAside = 1_000
    /// A refused `complete` asks the client to come back after this; a retry is cheap.
    static let retryAfterSeconds = 30
    static let folderName = "webhooks"
    static let stagedSuffix = ".staged"
    static let queuedSuffix = ".json"
    static let failedSuffix = ".failed"

    let urls: [String]
    let secret: String
    let folder: String
    let logger: Logger
    /// `maxPendingDeliveries`, smaller in tests.
    let limit: Int
    private let state = Lock()
    /// Staged and queued deliveries: what `limit` bounds.
    private var outstanding = 0
    /// Of those, the ones of runs completed without the token: in all, by address, and the
    /// address of each one's file (staged or queued name), to count it off when it leaves.
    private var anonymous = 0
    private var byAddress: [String: Int] = [:]
    private var owners: [String: String] = [:]
    private var lanes: [String: WebhookLane] = [:]
    private var started = false
    private var base: String

    public init(urls: [String], secret: String, dataDirectory: String, logger: Logger,
                reportBase: String = "https://localhost/", limit: Int = WebhookOutbox.maxPendingDeliveries) throws {
        self.urls = urls
        self.secret = secret
        self.folder = dataDirectory + "/" + Self.folderName
        self.logger = logger
        self.limit = limit
        self.base = reportBase
        if mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw ProbeService.StartError.dataDirectory(folder, "cannot create the webhook queue folder: \(String(cString: strerror(errno)))")
        }
        for url in urls { lanes[url] = WebhookLane(url: url, outbox: self) }
    }

    /// Where the announced report links point (`https://HOST:PORT/`), known once the server listens.
    public var reportBase: String {
        get { state.withLock { base } }
        set { state.withLock { base = newValue } }
    }

    /// Queues the files an earlier process left: `*.json` as they are, and `*.staged` whose
    /// run has a verdict (`isJudged`; the crash came after the verdict's commit). Staged
    /// files of runs without one are removed. `isJudged` nil (the store cannot say) keeps the
    /// file for the next start. Call before `start`, before the server takes requests.
    public func recover(isJudged: (String) -> Bool?) {
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() {
            let file = folder + "/" + name
            if name.hasSuffix(Self.stagedSuffix) {
                guard let delivery = Self.read(file) else { continue }
                switch delivery.run.flatMap(isJudged) {
                case true?:
                    let queued = String(file.dropLast(Self.stagedSuffix.count)) + Self.queuedSuffix
                    guard rename(file, queued) == 0 else { continue }
                    enqueue(delivery, file: queued, attempts: 0)
                case false?:
                    unlink(file)
                case nil:
                    state.withLock { outstanding += 1 }
                    logger.warning("webhook: cannot tell whether run \(delivery.run ?? "?") was judged; \(file) is kept for the next start")
                }
            } else if name.hasSuffix(Self.queuedSuffix), let delivery = Self.read(file) {
                enqueue(delivery, file: file, attempts: 0)
            }
        }
        Self.syncFolder(folder)
    }

    private static func read(_ file: String) -> WebhookDelivery? {
        guard let data = FileManager.default.contents(atPath: file) else { return nil }
        return try? JSONDecoder().decode(WebhookDelivery.self, from: data)
    }

    /// Deliveries for one judgement, on disk as `*.staged` until `commit` or `discard`.
    public struct Staged: Sendable {
        let items: [(delivery: WebhookDelivery, file: String)]
    }

    /// Writes one delivery per destination as a staged file (0600, synced). Blocking (an
    /// fsync per destination): call it off the event loops. Throws, writing nothing, when
    /// the outbox holds `limit` deliveries or the disk refuses.
    public func stage(_ judged: JudgedRun, for requester: Requester = .tokenHolder) throws(WebhookOutboxError) -> Staged {
        let report = reportBase + "runs/" + judged.id
        guard let body = try? JSONCoding.encoder.encode(VerdictAnnouncement(judged, reportURL: report)) else {
            throw .cannotWrite("the announcement did not encode")
        }
        let text = String(decoding: body, as: UTF8.self)
        let count = urls.count
        let refusal = state.withLock { () -> WebhookOutboxError? in
            guard outstanding + count <= limit else { return .full(limit: limit) }
            if case .address(let address) = requester {
                let (share, perAddress) = (limit / Self.anonymousShare, max(1, limit / Self.addressShare))
                guard anonymous + count <= share, byAddress[address, default: 0] + count <= perAddress else {
                    return .anonymousShareFull(perAddress: perAddress, share: share)
                }
                anonymous += count
                byAddress[address, default: 0] += count
            }
            outstanding += count
            return nil
        }
        if let refusal {
            logger.error("webhook: \(refusal.httpError.message); run \(judged.id) is not judged until they drain")
            throw refusal
        }
        var items: [(delivery: WebhookDelivery, file: String)] = []
        for url in urls {
            let delivery = WebhookDelivery(id: RunID.generate(), run: judged.id, url: url, body: text)
            // The time first: a restart sends older deliveries first.
            let file = folder + "/\(Int64(Date().timeIntervalSince1970 * 1000))-\(delivery.id)" + Self.stagedSuffix
            do {
                try DataFolder.writePrivateFile(Array(try JSONEncoder().encode(delivery)), to: file)
            } catch {
                for item in items { unlink(item.file) }
                state.withLock {
                    outstanding -= count
                    if case .address(let address) = requester { release(address, count) }
                }
                throw .cannotWrite("\(error)")
            }
            items.append((delivery, file))
            if case .address(let address) = requester { state.withLock { owners[file] = address } }
        }
        Self.syncFolder(folder)
        return Staged(items: items)
    }

    /// The verdict is stored: the staged deliveries become queued (renamed, synced) and are
    /// sent. Blocking (one fsync of the folder).
    public func commit(_ staged: Staged) {
        var queued: [(WebhookDelivery, String)] = []
        for item in staged.items {
            let file = String(item.file.dropLast(Self.stagedSuffix.count)) + Self.queuedSuffix
            if rename(item.file, file) != 0 {
                logger.error("webhook: cannot queue \(item.file): \(String(cString: strerror(errno))); it is sent from memory, and at the next start")
                queued.append((item.delivery, item.file))
            } else {
                queued.append((item.delivery, file))
                state.withLock { if let owner = owners.removeValue(forKey: item.file) { owners[file] = owner } }
            }
        }
        Self.syncFolder(folder)
        for (delivery, file) in queued { lane(for: delivery.url).add(delivery, file: file, attempts: 0) }
    }

    /// The verdict was not stored by this judgement: forget its deliveries.
    public func discard(_ staged: Staged) {
        for item in staged.items { unlink(item.file) }
        state.withLock {
            outstanding -= staged.items.count
            for item in staged.items { if let owner = owners.removeValue(forKey: item.file) { release(owner, 1) } }
        }
    }

    private func enqueue(_ delivery: WebhookDelivery, file: String, attempts: Int) {
        state.withLock { outstanding += 1 }
        lane(for: delivery.url).add(delivery, file: file, attempts: attempts)
    }

    /// The destination's lane; one for a URL no longer configured that a file names, so what
    /// an earlier process promised is still sent.
    private func lane(for url: String) -> WebhookLane {
        state.withLock { () -> WebhookLane in
            if let lane = lanes[url] { return lane }
            let lane = WebhookLane(url: url, outbox: self)
            lanes[url] = lane
            if started { lane.start() }
            return lane
        }
    }

    public func start() {
        let all = state.withLock { () -> [WebhookLane] in
            started = true
            return Array(lanes.values)
        }
        for lane in all { lane.start() }
    }

    public func stop() {
        for lane in state.withLock({ Array(lanes.values) }) { lane.stop() }
    }

    /// Deliveries not yet acknowledged, staged ones included (for tests and /metrics).
    public var pendingCount: Int { state.withLock { outstanding } }

    /// A delivery left the queue (acknowledged, or set aside).
    func finished(_ file: String, delivered: Bool) {
        state.withLock {
            outstanding -= 1
            if let owner = owners.removeValue(forKey: file) { release(owner, 1) }
        }
        if delivered { unlink(file); return }
        rename(file, file + Self.failedSuffix)
        trimSetAside()
    }

    /// Counts off `count` deliveries of `address` (under `state`).
    private func release(_ address: String, _ count: Int) {
        anonymous -= count
        let left = byAddress[address, default: 0] - count
        byAddress[address] = left > 0 ? left : nil
    }

    /// Keeps at most `maxSetAside` failed files: the oldest (their names start with the time) go first.
    private func trimSetAside() {
        let failed = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(Self.failedSuffix) }.sorted()
        for name in failed.dropLast(Self.maxSetAside) {
            logger.error("webhook: more than \(Self.maxSetAside) deliveries set aside; removed the oldest, \(name)")
            unlink(folder + "/" + name)
        }
    }

    static func syncFolder(_ path: String) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    /// nil when the receiver acknowledged (2xx); else what went wrong. Signed afresh at each
    /// attempt: the timestamp is the attempt's.
    func attempt(_ delivery: WebhookDelivery) -> String? {
        do {
            let target = try ServerURL(parsing: delivery.url)
            let client = try HTTPClient(server: target, timeout: Self.attemptTimeoutSeconds)
            let body = Array(delivery.body.utf8)
            let timestamp = Int64(Date().timeIntervalSince1970)
            let response = try client.send("POST", "", body: body, contentType: "application/json", headers: [
                ("X-Probe-Event", "run.judged"),
                ("X-Probe-Delivery", delivery.id),
                ("X-Probe-Timestamp", String(timestamp)),
                ("X-Probe-Signature", WebhookSignature.header(timestamp: timestamp, deliveryID: delivery.id, body: body, secret: secret)),
            ])
            return (200..<300).contains(response.status) ? nil : "answered \(response.status)"
        } catch {
            return "\(error)"
        }
    }
}

/// Why `stage` wrote nothing.
public enum WebhookOutboxError: Error, HTTPErrorConvertible, Equatable {
    case full(limit: Int)
    /// Runs completed without the token hold their share of the outbox (`anonymousShare`,
    /// `addressShare`): the token holder's completes still go through.
    case anonymousShareFull(perAddress: Int, share: Int)
    case cannotWrite(String)

    public var httpError: HTTPError {
        switch self {
        case .full(let limit):
            HTTPError(.serviceUnavailable, code: "webhook_outbox_full",
                      "\(limit) webhook deliveries wait for their receivers, the limit (WebhookOutbox.maxPendingDeliveries): "
                          + "the run is complete but not judged yet; retry complete in \(WebhookOutbox.retryAfterSeconds) s, once the receivers catch up",
                      headers: HTTPHeaders([("Retry-After", String(WebhookOutbox.retryAfterSeconds))]))
        case .anonymousShareFull(let perAddress, let share):
            HTTPError(.serviceUnavailable, code: "webhook_outbox_full",
                      "webhook deliveries of runs completed without the token wait for their receivers: at most \(perAddress) from one address "
                          + "and \(share) in all (WebhookOutbox.addressShare, .anonymousShare); the rest is kept for the token holder's runs: "
                          + "the run is complete but not judged yet; retry complete in \(WebhookOutbox.retryAfterSeconds) s, once the receivers catch up",
                      headers: HTTPHeaders([("Retry-After", String(WebhookOutbox.retryAfterSeconds))]))
        case .cannotWrite(let why):
            HTTPError(.serviceUnavailable, code: "webhook_outbox_unavailable",
                      "the webhook delivery could not be kept on disk (\(why)): the run is complete but not judged yet; retry complete",
                      headers: HTTPHeaders([("Retry-After", "5")]))
        }
    }
}

/// One destination's queue and thread: its deliveries in order of due time, one attempt at
/// a time, retried with exponential backoff.
final class WebhookLane: @unchecked Sendable {
    let url: String
    unowned let outbox: WebhookOutbox
    // Guarded by `condition`.
    private let condition = Condition()
    private var pending: [(delivery: WebhookDelivery, file: String, attempts: Int, due: Date)] = []
    private var stopped = false
    private var running = false

    init(url: String, outbox: WebhookOutbox) {
        self.url = url
        self.outbox = outbox
    }

    func add(_ delivery: WebhookDelivery, file: String, attempts: Int, due: Date = Date()) {
        condition.lock()
        pending.append((delivery, file, attempts, due))
        condition.signal()
        condition.unlock()
    }

    func start() {
        condition.lock()
        defer { condition.unlock() }
        guard !running else { return }
        running = true
        DetachedThread(name: "probe-server.webhook") { [self] in run() }
    }

    func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            var index: Int?
            while !stopped {
                // The earliest due first; equal times in arrival order.
                index = pending.indices.min { pending[$0].due < pending[$1].due }
                guard let i = index else { condition.wait(); continue }
                if pending[i].due <= Date() { break }
                _ = condition.wait(until: pending[i].due)
            }
            if stopped { condition.unlock(); return }
            let item = pending.remove(at: index!)
            condition.unlock()

            guard let outcome = outbox.attempt(item.delivery) else {
                outbox.finished(item.file, delivered: true)
                continue
            }
            let attempts = item.attempts + 1
            if attempts >= WebhookOutbox.maxAttempts {
                outbox.logger.error("webhook: gave up on \(url) after \(attempts) attempts (\(outcome)); kept as \(item.file)\(WebhookOutbox.failedSuffix)")
                outbox.finished(item.file, delivered: false)
                continue
            }
            let wait = min(WebhookOutbox.maxRetrySeconds, WebhookOutbox.firstRetrySeconds * pow(2, Double(attempts - 1)))
            outbox.logger.warning("webhook: \(url): \(outcome); retry \(attempts) in \(Int(wait)) s")
            add(item.delivery, file: item.file, attempts: attempts, due: Date() + wait)
        }
    }
}
