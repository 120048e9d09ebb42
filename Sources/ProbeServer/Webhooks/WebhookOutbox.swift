#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Posts each judged run's verdict to every `--webhook` URL on its own thread: the result
/// path only appends to a list and signals. Delivered at least once: the thread writes each
/// delivery to `DATA/webhooks/` before its first attempt and removes the file only after a
/// 2xx; failures are retried with exponential backoff, and files left by an earlier process
/// are sent after a restart.
public final class WebhookOutbox: @unchecked Sendable {
    /// The first retry waits this long, each next one twice as long...
    static let firstRetrySeconds = 1.0
    /// ...up to this: a receiver down for maintenance is retried every 10 minutes.
    static let maxRetrySeconds = 600.0
    /// After this many attempts (about 7 hours at the cap) the delivery is set aside as
    /// `*.failed` in the folder and logged: the operator can see what was never received.
    static let maxAttempts = 50
    /// One attempt's bound: a receiver that does not answer is retried, never waited on.
    static let attemptTimeoutSeconds = 10.0
    static let folderName = "webhooks"

    let urls: [String]
    let secret: String
    let folder: String
    let logger: Logger
    private let condition = NSCondition()
    private var pending: [(delivery: WebhookDelivery, file: String, attempts: Int, due: Date)] = []
    private var stopped = false
    /// Deliveries announced but not yet written to the folder.
    private var unsaved: Set<String> = []
    private var thread: Thread?

    public init(urls: [String], secret: String, dataDirectory: String, logger: Logger) throws {
        self.urls = urls
        self.secret = secret
        self.folder = dataDirectory + "/" + Self.folderName
        self.logger = logger
        if mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw ProbeService.StartError.dataDirectory(folder, "cannot create the webhook queue folder: \(String(cString: strerror(errno)))")
        }
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() where name.hasSuffix(".json") {
            let file = folder + "/" + name
            guard let data = FileManager.default.contents(atPath: file),
                  let delivery = try? JSONDecoder().decode(WebhookDelivery.self, from: data) else { continue }
            pending.append((delivery, file, 0, Date()))
        }
    }

    /// Queues the verdict for every URL and wakes the thread, which writes each delivery to
    /// disk before its first attempt. Called on the store's writer thread (the verdict's
    /// commit): it only encodes and appends, never touches the disk.
    public func announce(_ judged: JudgedRun, reportURL: String) {
        guard let body = try? JSONCoding.encoder.encode(VerdictAnnouncement(judged, reportURL: reportURL)) else { return }
        let text = String(decoding: body, as: UTF8.self)
        condition.lock()
        for url in urls {
            let delivery = WebhookDelivery(id: RunID.generate(), url: url, body: text)
            // The time first: a restart sends older deliveries first.
            let file = folder + "/\(Int64(Date().timeIntervalSince1970 * 1000))-\(delivery.id).json"
            pending.append((delivery, file, 0, Date()))
            unsaved.insert(delivery.id)
        }
        condition.signal()
        condition.unlock()
    }

    /// Writes a delivery that exists only in memory so far (0600, synced, renamed into place).
    private func save(_ delivery: WebhookDelivery, to file: String) {
        do {
            try DataFolder.writePrivateFile(Array(try JSONEncoder().encode(delivery)), to: file)
        } catch {
            logger.error("webhook: cannot keep the delivery for \(delivery.url) in \(folder): \(error); it is retried from memory only")
        }
    }

    public func start() {
        let thread = Thread { [self] in run() }
        thread.name = "probe-server.webhooks"
        self.thread = thread
        thread.start()
    }

    public func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }

    /// Deliveries not yet acknowledged (for tests and /metrics).
    public var pendingCount: Int {
        condition.lock(); defer { condition.unlock() }
        return pending.count
    }

    private func run() {
        while true {
            condition.lock()
            while !stopped {
                let now = Date()
                if let next = pending.map(\.due).min() {
                    if next <= now { break }
                    _ = condition.wait(until: next)
                } else {
                    condition.wait()
                }
            }
            if stopped { condition.unlock(); return }
            let now = Date()
            guard let index = pending.indices.filter({ pending[$0].due <= now }).min(by: { pending[$0].due < pending[$1].due }) else {
                condition.unlock(); continue
            }
            let item = pending.remove(at: index)
            let mustSave = unsaved.remove(item.delivery.id) != nil
            condition.unlock()
            if mustSave { save(item.delivery, to: item.file) }

            let outcome = attempt(item.delivery)
            if outcome == nil {
                unlink(item.file)
                continue
            }
            let attempts = item.attempts + 1
            if attempts >= Self.maxAttempts {
                logger.error("webhook: gave up on \(item.delivery.url) after \(attempts) attempts (\(outcome!)); kept as \(item.file).failed")
                rename(item.file, item.file + ".failed")
                continue
            }
            let wait = min(Self.maxRetrySeconds, Self.firstRetrySeconds * pow(2, Double(attempts - 1)))
            logger.warning("webhook: \(item.delivery.url): \(outcome!); retry \(attempts) in \(Int(wait)) s")
            condition.lock()
            pending.append((item.delivery, item.file, attempts, Date() + wait))
            condition.unlock()
        }
    }

    /// nil when the receiver acknowledged (2xx); else what went wrong.
    private func attempt(_ delivery: WebhookDelivery) -> String? {
        do {
            let target = try ServerURL(parsing: delivery.url)
            let client = try HTTPClient(server: target, timeout: Self.attemptTimeoutSeconds)
            let body = Array(delivery.body.utf8)
            let response = try client.send("POST", "", body: body, contentType: "application/json", headers: [
                ("X-Probe-Event", "run.judged"),
                ("X-Probe-Delivery", delivery.id),
                ("X-Probe-Signature", WebhookDelivery.signature(body: body, secret: secret)),
            ])
            return (200..<300).contains(response.status) ? nil : "answered \(response.status)"
        } catch {
            return "\(error)"
        }
    }
}
