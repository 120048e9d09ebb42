#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials
import Synchronization
import ProbeHTTP

/// `GET /healthz`, `GET /readyz` and `GET /metrics`: what a load balancer, Kubernetes
/// (https://kubernetes.io/docs/tasks/configure-pod-container/configure-liveness-readiness-startup-probes/)
/// and Prometheus ask.
struct HealthEndpoints: Sendable {
    /// Free space the data folder's disk keeps beyond the store: below it SQLite's journal
    /// and an upload (up to `HTTPLimits` 32 MiB) could fail half-way, so a balancer should
    /// send new devices elsewhere first.
    static let diskReserveBytes: Int64 = 64 * 1024 * 1024
    /// How long the write probe may wait for the writer thread: a commit takes one fsync
    /// (milliseconds); a writer stuck this long is not serving results either.
    static let writeProbeSeconds = 5

    let api: RunAPI
    let metrics: ServerMetrics
    /// False when TLS is on and no certificate could be loaded.
    let certificateLoaded: @Sendable () -> Bool
    let metricsPublic: Bool
    /// The checks behind `/readyz`, shared by callers within a second (`ReadinessProbe`).
    private let probe: ReadinessProbe

    init(api: RunAPI, metrics: ServerMetrics, certificateLoaded: @escaping @Sendable () -> Bool, metricsPublic: Bool) {
        self.api = api
        self.metrics = metrics
        self.certificateLoaded = certificateLoaded
        self.metricsPublic = metricsPublic
        self.probe = ReadinessProbe(now: { EventLoop.monotonicNow().nanoseconds }) { done in
            metrics.probedReadiness()
            Self.check(api: api, certificateLoaded: certificateLoaded, done)
        }
    }

    func register(into router: inout Router) {
        router.register(APIRoute.routes(of: .health), [
            // Alive: answered on the loop, touching nothing else.
            .healthz: Router.now { _ in .json(["status": "ok"]) },
            .readyz: { [probe] _ in .later { promise in probe.answer { promise.succeed(Self.response($0)) } } },
            .metrics: { [self] req in try scrape(req) },
        ])
    }

    /// Rendered on the blocking pool: a scrape is a few KiB now, but rendering it on the
    /// loop once stalled every connection of that loop (/healthz included) for seconds.
    func scrape(_ req: Request) throws -> Reply {
        if !metricsPublic { try api.token.require(.read, req) }
        return .offload { [api, metrics] in
            let gauges = ServerMetrics.Gauges(storeBytes: api.storeGauge.usedBytes, storeLimitBytes: api.storeGauge.limit,
                                              longPolls: api.waiters.count,
                                              observationBytesJudged: api.judgements.judgedObservationBytes)
            return .text(metrics.render(gauges), contentType: MetricsExposition.contentType)
        }
    }

    struct NotReady: Encodable {
        struct Detail: Encodable { let code: String; let message: String; let field: String? }
        let error: Detail
        let failing: [String]
    }

    /// `/readyz`'s answer to what failed: 200 ready, or 503 naming each failing part.
    static func response(_ problems: [String]) -> Response {
        if problems.isEmpty { return .json(["status": "ready"]) }
        let names = problems.map { String($0.prefix(while: { $0 != ":" })) }
        var response = Response.json(NotReady(error: .init(code: "not_ready", message: "not ready: " + problems.joined(separator: "; "),
                                                           field: names.first), failing: names))
        response.status = .serviceUnavailable
        return response
    }

    /// The store writable (a no-op write through the writer thread), the certificate loaded,
    /// the disk above the reserve and the store below `--max-store`; calls back once with
    /// what failed.
    static func check(api: RunAPI, certificateLoaded: @escaping @Sendable () -> Bool,
                      _ done: @escaping @Sendable ([String]) -> Void) {
        let answered = FirstAnswer()
        let finish: @Sendable ([String]) -> Void = { failing in
            guard answered.take() else { return }
            var problems = failing
            if !certificateLoaded() { problems.append("certificate: no TLS certificate is loaded; check --cert/--key or the data folder's certificates") }
            if let free = Self.freeBytes(api.dataDirectory), free < Self.diskReserveBytes {
                problems.append("disk: \(free / 1_048_576) MiB free on the data folder's disk, below the \(Self.diskReserveBytes / 1_048_576) MiB reserve; free space or move --data-dir")
            }
            if api.storeGauge.usedBytes >= api.storeGauge.limit {
                problems.append("store: the store holds \(api.storeGauge.usedBytes) bytes, at --max-store; delete runs, purge with --keep-days or raise --max-store")
            }
            done(problems)
        }
        // Off the loop: the file probe syncs. The writer's answer to a write of a run that
        // does not exist shows its thread commits; the file shows the disk takes bytes (a
        // read-only remount or a full disk fails here first).
        DispatchQueue.global().async {
            if let failure = Self.probeWrite(in: api.dataDirectory) {
                finish(["store: the data folder takes no writes: \(failure); check the disk and its mount"])
                return
            }
            api.store.submit(.touch(runID: "readyz-write-probe", at: Date())) { result in
                if case .failure(let error) = result, !error.isClientError {
                    finish(["store: the store's writer failed a write: \(error.localizedText)"])
                } else {
                    finish([])
                }
            }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(Self.writeProbeSeconds)) {
            finish(["store: the store's writer did not answer a write within \(Self.writeProbeSeconds) s"])
        }
    }

    /// Writes, syncs and removes a small file in the data folder; nil when that worked.
    static func probeWrite(in directory: String) -> String? {
        let path = directory + "/.readyz-probe"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        defer { close(fd); unlink(path) }
        let byte: [UInt8] = [0x0a]
        guard write(fd, byte, 1) == 1, fsync(fd) == 0 else { return String(cString: strerror(errno)) }
        return nil
    }

    static func freeBytes(_ path: String) -> Int64? {
        var s = statvfs()
        guard statvfs(path, &s) == 0 else { return nil }
        return Int64(s.f_bavail) * Int64(s.f_frsize)
    }
}

/// True for the first caller only: the write probe's answer and its deadline race.
final class FirstAnswer: Sendable {
    private let taken = Mutex(false)
    func take() -> Bool { taken.withLock { was in defer { was = true }; return !was } }
}
