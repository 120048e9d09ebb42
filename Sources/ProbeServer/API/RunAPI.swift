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
import ProbeCatalog
import ProbeHTTP
import ProbeStore
import ProbeRuns

/// The JSON API of runs and results (`/api/…`). Handlers never block an event loop: writes
/// go to the store's group commit (`Reply.later`, answered after the commit), reads run on
/// the blocking pool (`Reply.offload`).
public final class RunAPI: @unchecked Sendable {
    public let store: any RunStore
    public let catalog: Catalog
    /// Its `isOwnOrigin` is this API's `origins` (set once, in `init`).
    public private(set) var token: AccessToken
    /// Set once the server has bound its ports; read by `/api/config`.
    public var origins: OriginPlan {
        get { originLock.withLock { plan } }
        set { originLock.withLock { plan = newValue } }
    }
    private let originLock = Lock()
    private var plan: OriginPlan
    public let dataDirectory: String
    /// Bounded by `RunWaiters.totalBound` of the descriptor limit (raised first, as the server does).
    /// Each judged run, for the serve command's line per run.
    public let verdicts = RunVerdictFeed()
    /// Counts acknowledged results for `/metrics`; set before the server starts.
    public var metrics: ServerMetrics?
    /// Where judged runs are announced besides `verdicts` (`--webhook`); set before the
    /// server starts. Its deliveries are on disk before `complete` answers.
    public var webhooks: WebhookOutbox?
    /// Each run's judgement, kept once the run is complete and read back by every reader.
    let judgements: RunJudgements
    /// The `complete → judge → keep → announce` sequence, announced through `RunAnnouncements`.
    let completion: RunCompletion
    /// Completed runs' reports as served, per format.
    let reportBodies = ReportBodies()
    /// The open runs results were lately posted to (`WrittenRuns`).
    let writtenRuns = WrittenRuns()
    let waiters = RunWaiters(maxTotal: RunWaiters.totalBound(descriptorLimit: Socket.raiseDescriptorLimit()))
    let runCreation = RateLimiter(RateLimiter.runCreation)
    /// `Quotas.runsPerAddressPerHour` as a bucket that refills over the hour.
    let runsPerHour: RateLimiter
    public let quotas: Quotas
    /// The store's size against `--max-store`.
    public let storeGauge: StoreGauge
    let resultPosting = RateLimiter(RateLimiter.results)
    let runLookups = RateLimiter(RateLimiter.runLookups)
    let judgedObservations = RateLimiter(RateLimiter.judgedObservations)
    /// `Quotas.addressBytesPerHour` as a bucket that refills over the hour: what an address
    /// without the token may add to the store (observations and uploads).
    let storedBytes: RateLimiter
    let decoder: ResultDecoder
    /// The catalog as JSON and as a value (`/api/catalog`, `/api/config`), built on first use.
    let catalogDocument: CatalogDocument
    let serverVersion: String
    /// Handshakes the event loops saw refused (shared with `ServerConfiguration`).
    public let certificateRefusals: CertificateRefusals

    public init(store: any RunStore, catalog: Catalog = .standard, token: AccessToken, origins: OriginPlan,
                dataDirectory: String, serverVersion: String,
                certificateRefusals: CertificateRefusals = CertificateRefusals(), quotas: Quotas = Quotas()) {
        self.certificateRefusals = certificateRefusals
        self.quotas = quotas
        let perHour = Double(quotas.runsPerAddressPerHour)
        self.runsPerHour = RateLimiter(RateLimiter.Rule(rate: perHour / 3600, burst: perHour))
        let bytesPerHour = Double(quotas.addressBytesPerHour)
        self.storedBytes = RateLimiter(RateLimiter.Rule(rate: bytesPerHour / 3600, burst: bytesPerHour))
        self.storeGauge = StoreGauge(store: store, limit: quotas.maxStoreBytes)
        self.store = store
        self.catalog = catalog
        self.token = token
        self.plan = origins
        self.dataDirectory = dataDirectory
        self.serverVersion = serverVersion
        self.decoder = ResultDecoder(catalog: catalog)
        let document = CatalogDocument(catalog)
        self.catalogDocument = document
        self.judgements = RunJudgements(store: store, catalog: catalog,
                                        version: CatalogVersion(export: { document.passingJSON }, serverVersion: serverVersion))
        self.completion = RunCompletion(judgements: judgements, judging: { Self.judging.async($0) })
        // A token a browser sends for a page that is not ours is not looked at (`AccessToken.sentCrossSite`).
        self.token.isOwnOrigin = { [weak self] origin, request in self?.origins.isOwn(origin, for: request) ?? false }
        // Another instance on the same store judged a run: wake the waits held here.
        store.observeVerdicts({ [waiters] id in waiters.complete(runID: id) },
                              missedSome: { [weak self] in self?.wakeCompletedWaits() })
    }

    /// Where the run API's work that reads or writes the store runs when it is not a route's
    /// `.offload` (which the server's own blocking queue runs): off the event loops, on
    /// Dispatch's global concurrent queue, whose threads grow while others block. The one hop
    /// every such call takes, so a reader finds them all here.
    static func onBlockingPool(_ work: @escaping @Sendable () -> Void) {
        DispatchQueue.global().async(execute: work)
    }

    /// Builds the page's part of the catalog, so the first page load finds it ready, then the
    /// catalog's version (a digest of its whole export: tens of milliseconds of CPU), so the
    /// first run completed does not pay it while a farm's devices wait for their
    /// acknowledgements; then gives the encoders' scratch back (`FreedMemory`). On the caller's
    /// thread, which `serve` makes its main thread once the listeners are up
    /// (`ProbeService.warm`): `malloc_trim` returns the free top of the main thread's heap to the
    /// kernel but not that of another thread's arena (glibc's mtrim), and the start's encoders
    /// free blocks of several hundred KB, after which glibc keeps more free memory at an arena's
    /// top (mallopt(3), the dynamic mmap threshold). Built on the judging lane, 3.3 MB of that
    /// scratch stayed resident in an idle server (docs/performance.md).
    func warm() {
        _ = catalogDocument.page
        _ = judgements.version.value
        FreedMemory.giveBack()
    }

    /// Wakes the waits whose run completed while news of it could not reach this instance.
    func wakeCompletedWaits() {
        Self.onBlockingPool { [self] in
            for id in waiters.runIDs {
                if let run = try? store.run(id: id), run.isAnnounced { waiters.complete(runID: id) }
            }
        }
    }

    public func register(into router: inout Router) {
        router.register(APIRoute.routes(of: .runAPI), handlers().merging(reportHandlers()) { _, _ in
            preconditionFailure("a route of the run API has two handlers")
        })
    }

    /// The run API's handlers, each under its route in `APIRoute+Table`.
    func handlers() -> RouteHandlers {
        [
            .config: { [self] req in
                let access = req.queryItems["run"] == nil ? try access(req) : try lookup(req)
                return .offload { try self.config(req, access) }
            },
            .createRun: { [self] req in try createRun(req) },
            .platform: { [self] req in .offload { try self.detectPlatform(req) } },
            .listRuns: { [self] req in
                try token.require(.read, req)
                return .offload { try self.listRuns(req) }
            },
            .run: { [self] req in
                let id = try runID(req)
                let access = try lookup(req)
                // Its results, read again by the page's second load (storage.navigation): gzipped
                // when the asker takes it, at level 1 (`Self.perRequestGzip`).
                return .offload { try self.runView(id, access).compressed(for: req, level: Self.perRequestGzip) }
            },
            .deleteRun: { [self] req in
                try refuseCrossSite(req, bodyType: CrossSiteWrites.jsonType)
                try token.require(.admin, req)
                return try deleteRun(runID(req))
            },
            .pin: { [self] req in try pin(req, true) },
            .unpin: { [self] req in try pin(req, false) },
            .results: { [self] req in try postResults(req) },
            .complete: { [self] req in
                try refuseCrossSite(req, bodyType: CrossSiteWrites.jsonType)
                return try completeRun(runID(req), req)
            },
            .diff: { [self] req in
                let id = try runID(req)
                let (set, platform) = try profileQuery(req)
                let requireTaps = try requireTapsQuery(req)
                let access = try lookup(req)
                let allowance = allowance(req, access)
                return .offload {
                    try self.diff(id, access, requirementSet: set, platform: platform, requireTaps: requireTaps, allowance: allowance)
                        .compressed(for: req, level: Self.perRequestGzip)
                }
            },
            .wait: { [self] req in try wait(runID(req), req) },
            .compare: { [self] req in
                try token.require(.read, req)
                return .offload { try self.compare(req) }
            },
            .catalog: { [self] _ in
                // Off the loop: the first request may be the one that builds the document.
                .offload {
                    var r = Response(status: .ok, headers: HTTPHeaders([("Content-Type", "application/json")]), body: Array(self.catalogDocument.json.utf8))
                    r.headers.add("Cache-Control", "no-cache")
                    return r
                }
            },
            .profiles: Router.now { [self] _ in .json(ProfilesView(catalog: catalog)) },
            .health: Router.now { [self] _ in .json(["status": "ok", "version": serverVersion]) },
            .tlsRefusals: { [self] req in
                try token.require(Self.refusalsScope, req)
                return .now(.json(RefusalsView(refusals: certificateRefusals.list())))
            },
            .openAPI: Router.now { _ in
                Response(status: .ok, headers: HTTPHeaders([("Content-Type", "application/json")]), body: Array(OpenAPIDocument.json.utf8))
            },
        ]
    }

    /// Who may see the TLS refusals, in their list and in a run's view alike.
    static let refusalsScope = APIRoute.tlsRefusals.access.scope!

    /// The latest few say which device and how; the rest only repeat it (a browser retries).
    static let refusalsShownPerRun = 10

    // MARK: Helpers

    func runID(_ req: Request) throws(HTTPError) -> String {
        try RunID.checked(req.parameters["id"], field: "run")
    }

    /// What the request presents for a run: its key, the token (a wrong token costs a guess).
    func access(_ req: Request) throws(HTTPError) -> RunAccess {
        RunAccess(key: RunKey.presented(in: req), scope: try token.scope(of: req))
    }

    /// `access`, for a read of one run: throttled per address unless the token came along,
    /// so ids (and keys of chosen ids) cannot be tried quickly.
    func lookup(_ req: Request) throws(HTTPError) -> RunAccess {
        let access = try access(req)
        if !access.hasToken {
            try runLookups.check(req, what: "run lookups", code: "too_many_lookups")
        }
        return access
    }

    /// What judging may cost for this request: nil for the token holder; else the address's
    /// share of `RateLimiter.judgedObservations`.
    func allowance(_ req: Request, _ access: RunAccess) -> AddressAllowance? {
        access.hasToken ? nil : AddressAllowance(bucket: judgedObservations, address: req.quotaKey)
    }

    /// The run, when it exists and `access` allows `need`; else exactly the answer for a
    /// missing run, so a wrong key does not learn that the id exists. Blocking read.
    func run(_ id: String, _ access: RunAccess, _ need: RunAccess.Need) throws -> RunRecord {
        guard let run = try store.run(id: id), access.allows(need, run) else { throw StoreError.runNotFound(id) }
        return run
    }

    /// Checks access on the blocking pool (it reads the store), then runs `body`'s reply.
    func withRun(_ id: String, _ access: RunAccess, _ need: RunAccess.Need,
                 _ body: @escaping @Sendable (RunRecord) throws -> Reply) -> Reply {
        .later { [self] promise in
            Self.onBlockingPool {
                let reply: Reply
                do {
                    reply = try body(try self.run(id, access, need))
                } catch {
                    return promise.fail(error)
                }
                switch reply {
                case .now(let response): promise.succeed(response)
                case .offload(let work): promise.complete(work)
                case .later(let start): start(promise)
                }
            }
        }
    }

    /// Refuses a request a browser sent from another site (`CrossSiteWrites`), and a body
    /// that is not of `bodyType`.
    func refuseCrossSite(_ req: Request, bodyType: String) throws(HTTPError) {
        if let refusal = CrossSiteWrites.refusal(origin: req.headers["origin"], fetchSite: req.headers["sec-fetch-site"],
                                                 isOwn: { origins.isOwn($0, for: req) }) {
            throw refusal
        }
        try CrossSiteWrites.requireBodyType(req, bodyType)
    }

    /// Submits a write and answers from its commit; the answer is built on the connection's
    /// loop, so the store's writer goes straight on to its next commit.
    func later(_ write: StoreWrite, _ answer: @escaping @Sendable (StoreWriteOutcome) throws -> Response) -> Reply {
        .later { [self] promise in
            store.submit(write) { result in
                switch result {
                case .success(let outcome): promise.completeOnLoop { try answer(outcome) }
                case .failure(let error): promise.fail(error)
                }
            }
        }
    }

    static func now() -> Date { Date() }

    // MARK: Config

    /// `/api/config` without its catalog, which `config` writes in front from the bytes
    /// `CatalogDocument` encoded once ("catalog" sorts first, as the encoder would put it).
    struct ConfigView: Encodable {
        let schemaVersion: Int
        let serverVersion: String
        let origins: OriginPlan.Origins
        let run: RunView?
        let limits = Limits()

        /// The store's limits on what the page's introduction sends, so its fields hold to them
        /// (`StoreLimits`, where each has its reason).
        struct Limits: Encodable {
            let deviceModelBytes = StoreLimits.maxDeviceModelBytes
        }
    }

    func config(_ req: Request, _ access: RunAccess) throws -> Response {
        var run: RunView?
        // A run the server no longer has is no error (the page starts a new one); a
        // malformed id is: no server ever handed it out.
        if let given = req.queryItems["run"] {
            let id = try RunID.checked(given, field: "run")
            if let record = try store.run(id: id), access.allows(.read, record) {
                run = RunView(record, results: try store.results(runID: id))
            }
        }
        let rest = try JSONCoding.encoder.encode(ConfigView(schemaVersion: 1, serverVersion: serverVersion,
                                                            origins: origins.origins(for: req), run: run))
        // The page's load: the same bytes for every device that names this server alike.
        if run == nil, req.queryItems["run"] == nil {
            return catalogDocument.config(tail: Array(rest).dropFirst()).response(for: req)
        }
        var body = Array("{\"catalog\":".utf8)
        body += catalogDocument.page
        body.append(UInt8(ascii: ","))
        body += rest.dropFirst()
        return Response.json(bytes: body, for: req)
    }

    // MARK: Runs

    /// What a new run costs the store before it holds anything (its row and indexes).
    static let runRecordBytes: Int64 = 1024

    func createRun(_ req: Request) throws -> Reply {
        try refuseCrossSite(req, bodyType: CrossSiteWrites.jsonType)
        try runCreation.check(req, what: "new runs")
        // The token holder (CI, the operator) is not counted: the quota bounds anonymous clients.
        // An ingest token (CI) may create runs without the quota and choose their ids.
        let hasToken = try token.scope(of: req)?.grants(.ingest) ?? false
        if !hasToken {
            let (allowed, retry) = runsPerHour.take(req.quotaKey, nowNanos: EventLoop.monotonicNow().nanoseconds)
            if !allowed {
                throw HTTPError(.tooManyRequests, code: "runs_per_hour_quota",
                                "this address created \(quotas.runsPerAddressPerHour) runs within the hour, the limit "
                                    + "(--runs-per-hour); retry in \(retry) s, or send the access token",
                                headers: HTTPHeaders([("Retry-After", String(retry))]))
            }
        }
        try storeGauge.check(adding: Self.runRecordBytes)
        let body: CreateRunRequest = req.body.isEmpty ? CreateRunRequest() : try req.decodeJSON(CreateRunRequest.self)
        let set = body.requirementSet ?? Catalog.defaultRequirementSet
        guard catalog.requirementSet(id: set) != nil else {
            throw HTTPError(.badRequest, code: "unknown_requirement_set",
                            "unknown requirement set \(Logger.sanitize(set, max: 40)); one of \(catalog.requirementSets.map(\.id).joined(separator: ", "))",
                            field: "requirementSet")
        }
        if let p = body.platform, Platform(rawValue: p) == nil {
            throw HTTPError(.badRequest, code: "unknown_platform",
                            "unknown platform \(Logger.sanitize(p, max: 40)); one of \(Platform.allCases.map(\.rawValue).joined(separator: ", "))",
                            field: "platform")
        }
        if let w = body.wrapper, Wrapper(rawValue: w) == nil {
            throw HTTPError(.badRequest, code: "unknown_wrapper",
                            "unknown wrapper \(Logger.sanitize(w, max: 40)); one of \(Wrapper.allCases.map(\.rawValue).joined(separator: ", "))",
                            field: "wrapper")
        }
        if let id = body.id { _ = try RunID.checked(id, field: "id") }
        // A chosen id can be guessed and would answer 409 to confirm a guess: token only.
        if body.id != nil, !hasToken {
            throw HTTPError(.forbidden, code: "token_required",
                            "choosing the run id needs the access token (Authorization: Bearer TOKEN, from DATA_DIR/token); without it, leave out id and use the generated one",
                            field: "id")
        }
        var metadata = RunMetadata()
        let requireTaps = body.requireTaps == true
        if var m = body.metadata ?? (body.wrapper == nil && !requireTaps ? nil : [:]) {
            if let w = body.wrapper { m[RunJudge.wrapperKey] = .string(w) }
            // The run's own setting, read back by the one judge (`RunJudge.requiresTaps`);
            // a `requireTaps` key of the caller's metadata is this setting too.
            if requireTaps { m[RunJudge.requireTapsKey] = .bool(true) }
            for (key, value) in m {
                switch value {
                case .string, .number, .bool, .null: continue
                default:
                    throw HTTPError(.badRequest, code: "invalid_field", "metadata.\(Logger.sanitize(key, max: 40)): expected a string, number or boolean",
                                    field: "metadata.\(key)")
                }
            }
            for key in RunMetadata.deviceKeys {
                if case .string(let device)? = m[key], device.utf8.count > StoreLimits.maxDeviceModelBytes {
                    throw HTTPError(.badRequest, code: "invalid_field",
                                    "metadata.\(key) is \(device.utf8.count) bytes; the limit is \(StoreLimits.maxDeviceModelBytes) "
                                        + "(a model and its OS, such as \"Pixel 8, Android 15\")",
                                    field: "metadata.\(key)")
                }
            }
            metadata = RunMetadata(m)
        }
        let now = Self.now()
        let userAgent = req.headers["user-agent"].map(StoreLimits.fittingUserAgent)
        let key = RunKey.generate()
        let record = RunRecord(id: body.id ?? RunID.generate(), label: body.label, platform: body.platform.flatMap(Platform.init(rawValue:)),
                               requirementSet: set, metadata: metadata, userAgent: userAgent,
                               createdAt: now, writeKeyDigest: RunKey.digest(key), idChosen: body.id != nil)
        // A field over a store limit (a long label, large metadata) is the client's mistake: 400, not 500.
        do { try record.validate() } catch { throw error.httpError }
        let origin = origins.origins(for: req).primary
        return later(.createRun(record)) { [storeGauge] _ in
            storeGauge.add(Self.runRecordBytes)
            var view = RunView(record, writeKey: key)
            view.absoluteUrl = origin + view.url
            var r = Response.json(view, status: .created)
            r.headers.add("Location", "/api/runs/\(record.id)")
            return r
        }
    }

    // MARK: Platform

    /// `POST /api/platform`: what the page runs in, by the rule every run is judged with
    /// (`PlatformDetector`), from the fields the page posts as `env.platform`'s observation; the
    /// User-Agent header stands in for a body without `userAgent`. The page asks before a run
    /// exists, so that its first screen can say that a browser is not an app's WebView.
    /// Nothing is stored.
    /// Anonymous, so it is paid for as a run's creation is (`RateLimiter.runCreation`: a page
    /// asks once per start, as it creates one run), and its body is bounded to what
    /// `env.platform` sends (`StoreLimits.maxPlatformSignalsBytes`), not to the results' megabyte.
    func detectPlatform(_ req: Request) throws -> Response {
        try runCreation.check(req, what: "platform lookups")
        var observed = req.body.isEmpty ? [:] : try req.decodeJSON([String: JSONValue].self)
        // The agent the run's row would keep: the page's, else the header, cut to fit.
        let userAgent = observed["userAgent"]?.stringValue ?? req.headers["user-agent"] ?? ""
        observed["userAgent"] = .string(StoreLimits.fittingUserAgent(userAgent))
        return .json(PlatformDetector.detect(observation: observed, userAgent: nil))
    }

    func runView(_ id: String, _ access: RunAccess) throws -> Response {
        let run = try self.run(id, access, .read)
        let results = try store.results(runID: id)
        var view = RunView(run, results: results)
        // The refusals are the whole server's (addresses, names asked for): only for the
        // scopes that may read GET /api/tls/refusals (read, admin), never an ingest token's.
        if results.isEmpty, access.scope?.grants(Self.refusalsScope) == true {
            view.certificateRefusals = Array(certificateRefusals.list(since: run.createdAt).suffix(Self.refusalsShownPerRun))
        }
        return .json(view)
    }

    func listRuns(_ req: Request) throws -> Response {
        let q = req.queryItems
        var filter = RunFilter(label: q["label"], platform: try Self.listed(Platform.self, q["platform"], "platform"),
                               verdict: try Self.listed(DiffReport.Verdict.self, q["verdict"], "verdict"), cursor: q["cursor"])
        if let limit = q["limit"] {
            guard let n = Int(limit), (1...StoreLimits.maxPageSize).contains(n) else {
                throw HTTPError(.badRequest, code: "invalid_field", "limit must be 1 to \(StoreLimits.maxPageSize)", field: "limit")
            }
            filter.limit = n
        }
        if let since = q["since"] {
            guard let date = try? Date(since, strategy: .iso8601) else {
                throw HTTPError(.badRequest, code: "invalid_field", "since must be an ISO 8601 time such as 2026-11-30T00:00:00Z", field: "since")
            }
            filter.since = date
        }
        let page = try store.listRuns(filter: filter)
        return .json(RunListView(runs: page.items.map { RunView($0) }, nextCursor: page.nextCursor))
    }

    /// A listing's `?platform=` or `?verdict=`: one of the values the runs can have, else 400
    /// naming them (a value no run can hold would list nothing, which reads as "no such runs").
    /// Empty is no filter, as a form's "any" sends it.
    static func listed<Value: RawRepresentable & CaseIterable>(_ type: Value.Type, _ text: String?, _ field: String) throws(HTTPError) -> Value?
    where Value.RawValue == String {
        guard let text, !text.isEmpty else { return nil }
        guard let value = Value(rawValue: text) else {
            throw HTTPError(.badRequest, code: "invalid_field",
                            "unknown \(field) \(Logger.sanitize(text, max: 40)); one of \(Value.allCases.map(\.rawValue).joined(separator: ", "))", field: field)
        }
        return value
    }

    func deleteRun(_ id: String) throws -> Reply {
        writtenRuns.forget(id)
        return later(.deleteRun(id: id)) { [self] outcome in
            judgements.forget(runID: id)
            reportBodies.forget(runID: id)
            if case .deleted(let paths) = outcome { UploadFiles(dataDirectory: dataDirectory).remove(paths) }
            return Response(status: .noContent)
        }
    }

    struct PinView: Encodable { let id: String; let pinned: Bool }

    func pin(_ req: Request, _ pinned: Bool) throws -> Reply {
        try refuseCrossSite(req, bodyType: CrossSiteWrites.jsonType)
        try token.require(.admin, req)
        let id = try runID(req)
        return later(.setPinned(id: id, pinned: pinned)) { _ in .json(PinView(id: id, pinned: pinned)) }
    }

    // MARK: Results

    func postResults(_ req: Request) throws -> Reply {
        try refuseCrossSite(req, bodyType: CrossSiteWrites.jsonType)
        let id = try runID(req)
        let access = try access(req)
        let batch = try postedBatch(req, run: id, access: access)
        // A run results were lately posted to is checked on the loop, without a read.
        if let run = writtenRuns.run(id), access.allows(.write, run) {
            return answerAppended(batch.records, bytes: batch.bytes, platform: batch.platform(run))
        }
        return withRun(id, access, .write) { [self] run in
            writtenRuns.keep(run)
            return answerAppended(batch.records, bytes: batch.bytes, platform: batch.platform(run))
        }
    }

    /// A results batch as the store keeps it: decoded, checked against the run and the
    /// catalog, charged to the poster's quotas. `POST …/results` posts one; `POST …/complete`
    /// may carry the last one, so the page's end is one round trip, not two.
    struct PostedBatch {
        let records: [ResultRecord]
        let bytes: Int64
        let platform: @Sendable (RunRecord) -> PlatformReport?
    }

    func postedBatch(_ req: Request, run id: String, access: RunAccess) throws -> PostedBatch {
        let results = try decoder.decodePosted(req.body)
        guard !results.isEmpty else {
            throw HTTPError(.badRequest, code: "empty_batch", "the batch holds no result", field: "results")
        }
        try resultPosting.check(req, cost: Double(results.count), what: "results")
        let incoming = Int64(req.body.count)
        try storeGauge.check(adding: incoming)
        if !access.hasToken { try chargeStoredBytes(incoming, address: req.quotaKey) }
        let received = Self.now()
        // The observations as accepted; re-encoded only for a body the scan does not read.
        let accepted = PostedObservations.ranges(in: req.body).flatMap { $0.count == results.count ? $0 : nil }
        var records: [ResultRecord] = []
        records.reserveCapacity(results.count)
        for (i, r) in results.enumerated() {
            let path = results.count == 1 && !req.body.starts(with: Array("{\"results\"".utf8)) ? "" : "results[\(i)]."
            guard r.run == id else {
                throw HTTPError(.badRequest, code: "invalid_field",
                                "\(path)run: this result names run \(Logger.sanitize(r.run, max: 64)) but was posted to run \(id)",
                                field: "\(path)run")
            }
            guard catalog.acceptsResults(for: r.probe) else {
                throw HTTPError(.badRequest, code: "unknown_probe",
                                "\(path)probe: unknown probe \(Logger.sanitize(r.probe.rawValue, max: 64)); GET /api/catalog lists them",
                                field: "\(path)probe")
            }
            let observed = if let accepted {
                accepted[i].map { String(decoding: req.body[$0], as: UTF8.self) } ?? "{}"
            } else {
                String(decoding: try JSONCoding.encoder.encode(r.observed), as: UTF8.self)
            }
            let record = ResultRecord(runID: id, probe: r.probe.rawValue, attempt: r.attempt, status: r.status.rawValue,
                                      observed: observed, elapsedMs: r.elapsedMs, at: RFC3339.parse(r.at),
                                      receivedAt: received, reason: r.reason)
            do { try record.validate() } catch { throw error.httpError }
            records.append(record)
        }
        let deviceAgent = req.headers["user-agent"]
        return PostedBatch(records: records, bytes: incoming) { run in PlatformReport(run: run, batch: results, deviceAgent: deviceAgent) }
    }

    /// Appends, then (when the post held `env.platform`) records the platform the page reported
    /// before answering, so a read after the answer sees both.
    /// The acknowledgement is encoded on the connection's loop, not on the store's writer,
    /// which goes straight on to its next commit.
    func answerAppended(_ stored: [ResultRecord], bytes incoming: Int64, platform: PlatformReport?) -> Reply {
        .later { [self] promise in
            append(stored, platform: platform, offWriter: promise.onConnectionLoop, fail: { promise.fail($0) }) { [self] outcome in
                promise.completeOnLoop { [self] in acknowledgement(outcome, stored, bytes: incoming) }
            }
        }
    }

    /// Appends, then (when the batch held `env.platform`) records the platform the page
    /// reported, then calls `then`: a read after it sees both. The platform is detected on
    /// `offWriter` (the connection's loop), not on the store's writer thread, whose every
    /// moment in a completion delays the next commit and every result queued for it.
    func append(_ stored: [ResultRecord], platform: PlatformReport?,
                offWriter: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void,
                fail: @escaping @Sendable (any Error) -> Void,
                then: @escaping @Sendable (StoreWriteOutcome) -> Void) {
        store.submit(.appendResults(stored)) { [self] result in
            guard case .success(let outcome) = result else {
                if case .failure(let error) = result { fail(error) }
                return
            }
            guard case .appended(let outcomes) = outcome, let platform else { return then(outcome) }
            offWriter { [self] in
                guard let update = platform.update(outcomes: outcomes) else { return then(outcome) }
                // The results are acknowledged whether or not this lands: they are stored.
                store.submit(update) { _ in then(outcome) }
            }
        }
    }

    /// What an appended batch adds to the store's gauge and the ingestion metric.
    func account(_ outcome: StoreWriteOutcome, bytes incoming: Int64) {
        storeGauge.add(incoming)
        if case .appended(let outcomes) = outcome { metrics?.ingested(results: outcomes.filter { $0 == .inserted }.count) }
    }

    func acknowledgement(_ outcome: StoreWriteOutcome, _ stored: [ResultRecord], bytes incoming: Int64) -> Response {
        account(outcome, bytes: incoming)
        guard case .appended(let outcomes) = outcome else { return .json(ResultsAcknowledgement(accepted: 0, duplicates: 0, conflicts: 0, conflicting: [])) }
        var conflicting: [String] = []
        for (i, o) in outcomes.enumerated() where o == .conflict {
            conflicting.append("\(stored[i].runID)/\(stored[i].probe)/\(stored[i].attempt)")
        }
        return .json(ResultsAcknowledgement(
            accepted: outcomes.filter { $0 == .inserted }.count,
            duplicates: outcomes.filter { $0 == .duplicate }.count,
            conflicts: conflicting.count, conflicting: conflicting))
    }

    // MARK: Completion, diff, wait

    /// JSON made per request (a run's diff and its read) is gzipped at zlib's fastest level:
    /// at level 6 the diff's gzip was 7.6 % of a farm burst's server CPU (perf), and its
    /// repeated keys pack to under a quarter even at level 1 (36.7 KB to 8.1 KB in 0.15 ms,
    /// against 6.8 KB in 0.57 ms at level 6).
    static let perRequestGzip: Int32 = 1

    /// Where completed runs are judged and announced: two threads (the cores of a small
    /// machine) that yield to every request's own work (`BackgroundLane`), one lane for the
    /// process, whatever the services in it.
    static let judging = BackgroundLane(name: "judging", threads: 2)

    func completeRun(_ id: String, _ req: Request) throws -> Reply {
        let access = try access(req)
        let requester: WebhookOutbox.Requester = access.hasToken ? .tokenHolder : .address(req.quotaKey)
        // The page's last results ride on its completion ({"results": [...]}, as POST …/results
        // takes them): stored, and charged, before the run is frozen and judged. `{}` or no
        // body completes the run as it is.
        let batch = try Self.carriesResults(req.body) ? postedBatch(req, run: id, access: access) : nil
        return withRun(id, access, .write) { [self] run in
            .later { promise in
                // The diff (34 KB of JSON for the page's run), gzipped when the asker takes it:
                // the last download of a run, 170 ms of a farm tunnel's 1.6 Mbit/s.
                promise.shaping { $0.compressed(for: req, level: Self.perRequestGzip) }
                guard let batch else { return self.complete(id, requester: requester, promise) }
                self.append(batch.records, platform: batch.platform(run), offWriter: promise.onConnectionLoop, fail: { promise.fail($0) }) { [self] outcome in
                    account(outcome, bytes: batch.bytes)
                    complete(id, requester: requester, promise)
                }
            }
        }
    }

    /// Whether a completion's body holds a results batch: any body but an empty object.
    static func carriesResults(_ body: [UInt8]) -> Bool {
        !body.allSatisfy { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") || $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    }

    /// Completes, judges, keeps and announces the run (`RunCompletion`), and answers
    /// `promise` with the diff (or the error). Only the call that stored the verdict announces
    /// it (the webhooks, the waits, the verdict feed); a later call answers the stored judgement.
    func complete(_ id: String, requester: WebhookOutbox.Requester = .tokenHolder, _ promise: ReplyPromise) {
        writtenRuns.forget(id)
        let announcer = RunAnnouncements(webhooks: webhooks, requester: requester, waiters: waiters, verdicts: verdicts)
        completion.complete(id, at: Self.now(), announcer: announcer) { outcome in
            switch outcome {
            case .success(let judgement): promise.succeed(judgement.response)
            case .failure(let error): promise.fail(error)
            }
        }
    }

    /// The `<noscript>` beacon of a page whose script never ran: record `env.script` as
    /// failed (attempt 0, below any the page itself would post). Only with the run's key (the
    /// page URL's `key=`, through `?key=` or the Referer) or the token: any page on the web
    /// can load an image, so a beacon without one is ignored. It never completes the run: an
    /// image is no proof the page is done, and completing would freeze the verdict; `wait`
    /// and the report show the failed `env.script` instead.
    public func recordNoscriptBeacon(run id: String, key: String?, request: Request) {
        let settled = onNoscriptBeaconSettled
        guard RunID.isWellFormed(id) else { settled?(id, false); return }
        let access = RunAccess(key: key, scope: (try? token.scope(of: request)) ?? nil)
        Self.onBlockingPool { [self] in
            guard (try? run(id, access, .write)) != nil else { settled?(id, false); return }
            let record = ResultRecord(runID: id, probe: ProbeID.envScript.rawValue, attempt: 0, status: ProbeResult.Status.fail.rawValue,
                                      observed: #"{"javascript":false,"noscriptBeacon":true}"#, receivedAt: Self.now())
            store.submit(.appendResults([record])) { outcome in settled?(id, (try? outcome.get()) != nil) }
        }
    }

    /// Told each `<noscript>` beacon's run id once the beacon is settled, and whether its
    /// `env.script` was stored. A test seam: tests wait for it instead of sleeping.
    var onNoscriptBeaconSettled: (@Sendable (_ run: String, _ stored: Bool) -> Void)? {
        get { seamLock.withLock { beaconSettled } }
        set { seamLock.withLock { beaconSettled = newValue } }
    }
    private let seamLock = Lock()
    private var beaconSettled: (@Sendable (String, Bool) -> Void)?

    /// Keeps an uploaded file of a run: the bytes (`UploadFiles`), then the record. Blocking: call it off the event loops (the upload route is
    /// offloaded). The file name is the client's text, stored as data, never used as a path.
    public func saveUpload(run id: String, probe: String, fileName: String, declaredType: String?,
                           sniffedType: String?, bytes: [UInt8], sha256: String, access: RunAccess, address: String) throws {
        _ = try RunID.checked(id, field: "run")
        guard catalog.probe(id: ProbeID(rawValue: probe)) != nil else {
            throw HTTPError(.badRequest, code: "unknown_probe", "unknown probe \(Logger.sanitize(probe, max: 64))", field: "probe")
        }
        _ = try run(id, access, .write)
        // Checked before the bytes reach the disk; the writer checks again in the record's
        // transaction, so concurrent uploads cannot pass the quota together.
        guard let usage = try store.usage(runID: id) else { throw StoreError.runNotFound(id) }
        if usage.uploads + 1 > Int64(Quotas.maxUploadsPerRun) {
            throw StoreError.quotaExceeded(.uploadsPerRun(limit: Quotas.maxUploadsPerRun))
        }
        if usage.uploadBytes + Int64(bytes.count) > Quotas.maxUploadBytesPerRun {
            throw StoreError.quotaExceeded(.uploadBytesPerRun(limit: Quotas.maxUploadBytesPerRun))
        }
        try storeGauge.check(adding: Int64(bytes.count))
        if !access.hasToken { try chargeStoredBytes(Int64(bytes.count), address: address) }
        let uploadID = RunID.generate()
        let files = UploadFiles(dataDirectory: dataDirectory)
        let relative = try files.write(run: id, upload: uploadID, bytes: bytes)
        let record = UploadRecord(id: uploadID, runID: id, probe: probe, fileName: String(fileName.prefix(255)),
                                  declaredType: declaredType, sniffedType: sniffedType, size: Int64(bytes.count),
                                  sha256: sha256, storedPath: relative, receivedAt: Self.now())
        do {
            try store.addUpload(record)
        } catch {
            files.remove([relative])
            throw error
        }
        storeGauge.add(Int64(bytes.count))
    }

    /// Takes `bytes` from what `address` may add to the store this hour (`Quotas.addressBytesPerHour`):
    /// 429 `address_bytes_quota` naming the limit, with the wait, beyond it.
    func chargeStoredBytes(_ bytes: Int64, address: String) throws(HTTPError) {
        let (allowed, retry) = storedBytes.take(address, cost: Double(bytes), nowNanos: EventLoop.monotonicNow().nanoseconds)
        guard allowed else {
            throw HTTPError(.tooManyRequests, code: "address_bytes_quota",
                            "this address has added its share of the store for now: \(QuotaExceeded.bytes(quotas.addressBytesPerHour)) an hour "
                                + "without the token (a quarter of --max-store \(QuotaExceeded.bytes(quotas.maxStoreBytes))); nothing was stored; "
                                + "retry in \(retry) s, or post with a token, which is not counted",
                            headers: HTTPHeaders([("Retry-After", String(retry))]))
        }
    }

    func profileQuery(_ req: Request) throws(HTTPError) -> (String?, String?) {
        let q = req.queryItems
        let set = q["profile"] ?? q["requirementSet"]
        if let set, catalog.requirementSet(id: set) == nil {
            throw HTTPError(.badRequest, code: "unknown_profile",
                            "unknown profile \(Logger.sanitize(set, max: 40)); one of \(catalog.requirementSets.map(\.id).joined(separator: ", "))",
                            field: "profile")
        }
        let platform = q["platform"]
        if let platform, Platform(rawValue: platform) == nil {
            throw HTTPError(.badRequest, code: "unknown_platform", "unknown platform \(Logger.sanitize(platform, max: 40))", field: "platform")
        }
        return (set, platform)
    }

    /// `?requireTaps=true|false`: judge the run as if it had (or had not) been created with
    /// `requireTaps` (`Diff.overall`); absent, the run's own setting.
    func requireTapsQuery(_ req: Request) throws(HTTPError) -> Bool? {
        guard let text = req.queryItems["requireTaps"] else { return nil }
        switch text {
        case "true", "1": return true
        case "false", "0": return false
        default:
            throw HTTPError(.badRequest, code: "invalid_field", "requireTaps must be true or false; got \(Logger.sanitize(text, max: 20))",
                            field: "requireTaps")
        }
    }

    func diff(_ id: String, _ access: RunAccess, requirementSet: String?, platform: String?, requireTaps: Bool?,
              allowance: AddressAllowance?) throws -> Response {
        let run = try self.run(id, access, .read)
        return try judgements.judgement(of: run, requirementSet: requirementSet, platform: platform, requireTaps: requireTaps,
                                        allowance: allowance).response
    }

    struct WaitView: Encodable {
        let completed: Bool
        let run: RunView
        let verdict: DiffReport.Verdict?
    }

    func wait(_ id: String, _ req: Request) throws -> Reply {
        // Without ?timeout= a short wait: common HTTP clients give up after 10 s.
        var seconds = 8
        if let t = req.queryItems["timeout"] {
            guard let n = Int(t), (0...RunWaiters.maxWaitSeconds).contains(n) else {
                throw HTTPError(.badRequest, code: "invalid_field", "timeout must be 0 to \(RunWaiters.maxWaitSeconds) seconds", field: "timeout")
            }
            seconds = n
        }
        let wait = seconds
        let access = try lookup(req)
        let address = req.quotaKey
        return withRun(id, access, .read) { [self] _ in .later { promise in
            let answer: @Sendable () -> Void = {
                promise.complete {
                    let run = try self.run(id, access, .read)
                    return .json(WaitView(completed: run.isAnnounced, run: RunView(run), verdict: run.verdict))
                }
            }
            // Register first, then look: a completion between the two still wakes us.
            let ticket: RunWaiters.Ticket
            do {
                ticket = try self.waiters.wait(runID: id, address: address, seconds: wait) { Self.onBlockingPool(answer) }
            } catch {
                promise.fail(error)
                return
            }
            // A client that hangs up costs nothing more: the waiter goes, the connection closes.
            promise.onAbandon { ticket.cancel() }
            Self.onBlockingPool {
                if let run = try? self.store.run(id: id), !run.isAnnounced {
                    return
                }
                self.waiters.complete(runID: id)
            }
        } }
    }

    func compare(_ req: Request) throws -> Response {
        let q = req.queryItems
        guard let a = q["a"], let b = q["b"], RunID.isWellFormed(a), RunID.isWellFormed(b) else {
            throw HTTPError(.badRequest, code: "invalid_field", "compare needs two run ids: /api/compare?a=RUN&b=RUN", field: q["a"] == nil ? "a" : "b")
        }
        func report(_ id: String) throws -> DiffReport {
            guard let run = try store.run(id: id) else { throw StoreError.runNotFound(id) }
            return try judgements.judgement(of: run).report
        }
        return .json(RunComparison(before: try report(a), after: try report(b)))
    }
}

/// `GET /api/profiles`: every platform × requirement set with its expectation per probe.
struct ProfilesView: Encodable {
    let profiles: [Profile]
    init(catalog: Catalog) { profiles = catalog.profiles }
}
