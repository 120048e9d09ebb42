/// Every route of the server, in the order each part registers them (the router's first
/// match and its `Allow` list follow that order). Adding a route is a line here and its
/// handler in its part; the OpenAPI document's paths, the capability table of
/// docs/security-capabilities.md and the CLI's requests follow from the line.
extension APIRoute {
    // MARK: The run API

    /// Said of every read of one run: the 128-bit id is the capability (docs/security-capabilities.md).
    static let byRunID = "with the run id (a chosen id: with its key too)"

    public static let config = APIRoute("GET", "/api/config", .runAPI, summary: "What the page needs: origins, the catalog, the run",
                                        detail: "`?run=`: the page's origins, the catalog, the run, and the store's limit on the device field",
                                        response: .init(status: 200, description: "config", schema: "Config"))
    public static let createRun = APIRoute("POST", "/api/runs", .runAPI, summary: "Create a run",
                                           detail: "`{label?, platform?, wrapper?, requirementSet?, requireTaps?, metadata?, id?}` → 201 with `id` (128-bit), "
                                               + "`writeKey` (128-bit, shown only here) and `url` (`/?run=ID&key=KEY`); `requireTaps: true` (a farm script that taps; "
                                               + "kept as `metadata.requireTaps`) makes a tap step nobody tapped leave the run incomplete. Choosing the `id` needs "
                                               + "an ingest token (403 otherwise). Cross-site requests (a foreign `Origin`, `Sec-Fetch-Site: cross-site`) are 403 "
                                               + "`cross_origin`; bodies other than `application/json` 415",
                                           accessNote: "rate-limited; a chosen `id` only with an ingest token",
                                           request: .init(schema: "CreateRun", required: false),
                                           response: .init(status: 201, description: "the run", schema: "Run"),
                                           limits: [.init(name: .maxLabelBytes, placement: .schema("CreateRun", path: ["properties", "label"], keyword: "maxLength"))])
    public static let platform = APIRoute("POST", "/api/platform", .runAPI,
                                          summary: "What a page runs in (platform, browser or app WebView), by the rule runs are judged with; stores nothing",
                                          bodyLimit: .named(.maxPlatformSignalsBytes),
                                          request: .init(schema: "PlatformSignals", required: false),
                                          response: .init(status: 200, description: "the detected platform", schema: "DetectedPlatform"))
    public static let listRuns = APIRoute("GET", "/api/runs", .runAPI, access: .token(.read), summary: "List runs, newest first",
                                          detail: "`?label=&platform=&verdict=&since=&limit=&cursor=`: a page of runs and the cursor of the next; a platform or verdict no run can have is a 400 naming the values",
                                          response: .init(status: 200, description: "a page of runs", schema: "RunList"),
                                          limits: [.init(name: .maxPageSize, placement: .query(parameter: "limit", keyword: "maximum"))])
    public static let run = APIRoute("GET", "/api/runs/{id}", .runAPI, summary: "A run and its results",
                                     detail: "`certificateRefusals` only with a read or admin token (who may call `/api/tls/refusals`)", accessNote: byRunID,
                                     response: .init(status: 200, description: "the run", schema: "Run"))
    public static let deleteRun = APIRoute("DELETE", "/api/runs/{id}", .runAPI, access: .token(.admin), summary: "Delete a run and its uploads")
    /// Pinned runs are kept by --keep-days: certification evidence outlives the retention.
    public static let pin = APIRoute("POST", "/api/runs/{id}/pin", .runAPI, access: .token(.admin),
                                     summary: "Pin a run: --keep-days keeps it (admin token)", detail: "→ `{id, pinned}`")
    public static let unpin = APIRoute("DELETE", "/api/runs/{id}/pin", .runAPI, access: .token(.admin), summary: "Unpin a run (admin token)", detail: "→ `{id, pinned}`")
    public static let results = APIRoute("POST", "/api/runs/{id}/results", .runAPI, access: .runKeyOrToken(.ingest),
                                         summary: "Post one result or a batch; committed before the 200",
                                         detail: "one result `{run, probe, attempt, status, reason?, observed, elapsedMs, at}` or `{\"results\":[…]}`; "
                                             + "idempotent per (run, probe, attempt): a result stored before, posted again, answers as a duplicate. A completed run "
                                             + "takes no new results: 409 `run_completed` (start a new run to test again)",
                                         request: .init(schema: "ResultPost", required: true),
                                         response: .init(status: 200, description: "what happened to each", schema: "Acknowledgement"),
                                         limits: [batchLimit])
    public static let complete = APIRoute("POST", "/api/runs/{id}/complete", .runAPI, access: .runKeyOrToken(.ingest),
                                          summary: "Mark the run complete and judge it",
                                          detail: "answers the diff. Idempotent: the first call freezes the results, stores the verdict and announces it once "
                                              + "(the server's terminal line, the verdict feed, each `--webhook`, whose delivery is on disk before the 200); a later "
                                              + "call answers the same diff and announces nothing. 503 `webhook_outbox_full` (with `Retry-After`) when the webhook "
                                              + "deliveries waiting for their receivers reach their limit: the run is complete but not judged; retry. The body may "
                                              + "carry the last results as `{\"results\":[…]}` (checked, limited and stored as `…/results` takes them) before the "
                                              + "run is completed: the page's end is one round trip; `{}` or no body completes the run as it is",
                                          request: .init(schema: "Completion", required: false),
                                          response: .init(status: 200, description: "the diff", schema: "Diff"),
                                          limits: [batchLimit])
    public static let diff = APIRoute("GET", "/api/runs/{id}/diff", .runAPI, summary: "The diff against a requirement set",
                                      detail: "`?profile=&platform=&requireTaps=`: another requirement set or platform than the run's own; `requireTaps=true|false` "
                                          + "judges as if the run had been created with it (answered, never kept)", accessNote: byRunID,
                                      response: .init(status: 200, description: "the diff", schema: "Diff"))
    public static let wait = APIRoute("GET", "/api/runs/{id}/wait", .runAPI, summary: "Long poll until the run completes",
                                      detail: "`?timeout=S`, up to \(RunWaiters.maxWaitSeconds) s; \(RunWaiters.maxWaitsPerAddress) at once per address, 429 beyond",
                                      accessNote: byRunID,
                                      response: .init(status: 200, description: "the run's state", schema: "Wait"),
                                      limits: [.init(name: .maxWaitSeconds, placement: .query(parameter: "timeout", keyword: "maximum"))])
    public static let compare = APIRoute("GET", "/api/compare", .runAPI, access: .token(.read), summary: "What changed between two runs",
                                         detail: "`?a=&b=`: each probe better, worse or the same",
                                         response: .init(status: 200, description: "the comparison", schema: "Comparison"))
    public static let catalog = APIRoute("GET", "/api/catalog", .runAPI, summary: "The probes, checklist and requirement sets")
    public static let profiles = APIRoute("GET", "/api/profiles", .runAPI, summary: "Every platform × requirement set")
    public static let health = APIRoute("GET", "/api/health", .runAPI, summary: "Liveness")
    /// Every refused handshake with the client's address: behind the token, like the run list.
    public static let tlsRefusals = APIRoute("GET", "/api/tls/refusals", .runAPI, access: .token(.read),
                                             summary: "Handshakes whose client refused the certificate (the latest 64)")

    /// `GET /api/runs/{id}/report.*`, one per format.
    public static func report(_ format: RunReports.Format) -> APIRoute {
        APIRoute("GET", "/api/runs/{id}/\(format.rawValue)", .runAPI,
                 summary: "The run report as \(format.rawValue.dropFirst("report.".count))",
                 detail: "`?requireTaps=` as for the diff: the report for machines and pull requests (docs/reports.md)", accessNote: byRunID)
    }
    public static let runPage = APIRoute("GET", "/runs/{id}", .runAPI, summary: "A run's report page",
                                         detail: "certification summary, verdict, findings with the fix as code per wrapper, checklist, device; "
                                             + "fits a phone and prints with the run id and page numbers",
                                         accessNote: byRunID, documented: false)
    public static let runsPage = APIRoute("GET", "/runs", .runAPI, access: .token(.read), summary: "The matrix of runs (a sign-in page without the token)",
                                          detail: "device × probe matrix of recent runs; without the token a browser gets a sign-in page, an API client the JSON 401",
                                          accessNote: "`/runs?token=T` once (typed in the address bar, or sent by the sign-in form) sets an HttpOnly, SameSite=Strict cookie",
                                          documented: false)
    public static let reportStyles = APIRoute("GET", ReportStyles.path, .runAPI, summary: "The report pages' stylesheet", documented: false)
    public static let reportPrintStyles = APIRoute("GET", ReportStyles.printPath, .runAPI, summary: "A run's print rules", documented: false)
    public static let reportScript = APIRoute("GET", ReportScript.path, .runAPI, summary: "The report page's script", documented: false)
    public static let openAPI = APIRoute("GET", "/api/openapi.json", .runAPI, summary: "This document",
                                         detail: "this API in OpenAPI 3.1: its operations written from the route table, the run-id rule, platforms and requirement sets "
                                             + "from the code; every bound it states is checked against its constant by a Swift test, and schemathesis holds the server to it")

    // MARK: The service

    public static let healthz = APIRoute("GET", "/healthz", .health, summary: "Alive (touches nothing)", detail: "`{\"status\":\"ok\"}`")
    public static let readyz = APIRoute("GET", "/readyz", .health,
                                        summary: "Ready: store writable, certificate loaded, disk above the reserve (the answer of a check at most a second old; one check a second at most)",
                                        detail: "else 503 `not_ready` naming each failing check; the store must also be below `--max-store`")
    /// Anyone's with --metrics-public.
    public static let metrics = APIRoute("GET", "/metrics", .health, access: .token(.read),
                                         summary: "Prometheus text exposition (token or a read token, unless --metrics-public)",
                                         accessNote: "anyone's with `--metrics-public`")

    // MARK: The probes' endpoints

    static func probe(_ method: String, _ path: String, access: Access = .anyone, bodyLimit: BodyLimit = .json) -> APIRoute {
        APIRoute(method, path, .probes, access: access, summary: "An endpoint a probe calls", bodyLimit: bodyLimit, documented: false)
    }
    public static let probeRoutes: [APIRoute] = [
        probe("GET", "/probe/noscript.gif"),
        probe("GET", "/probe/cookie/set"),
        probe("GET", "/probe/cookie/echo"),
        probe("GET", "/probe/cookie/third-party/set"),
        probe("GET", "/probe/json"),
        probe("POST", "/probe/echo"),
        probe("POST", "/probe/sha256"),
        probe("GET", "/probe/bytes"),
        // Into a run it needs the run's key or a token that writes; without a run, anyone's.
        probe("POST", "/probe/upload", access: .runKeyOrToken(.ingest), bodyLimit: .upload),
        probe("GET", "/probe/cors/ping"),
        probe("OPTIONS", "/probe/cors/echo"),
        probe("POST", "/probe/cors/echo"),
    ] + insecureTargets + [
        probe("GET", "/probe/status/500"),
    ]
    /// The two `net.mixedContent` targets, on the setup port's plain HTTP too.
    public static let insecureTargets: [APIRoute] = [
        probe("GET", "/probe/mixed/pixel.png"),
        probe("GET", "/probe/mixed/ping"),
    ]

    // MARK: Onboarding

    public static let qrImage = APIRoute("GET", QRImage.path, .qrImage,
                                         summary: "A QR code of an address of this server, as SVG (the test page's relaunch step shows it under the URL)",
                                         limits: [.init(name: .maxQRURLBytes, placement: .query(parameter: "url", keyword: "maxLength"))])
    // The setup pages, on the main router and on the setup port's.
    public static let setupPage = APIRoute("GET", "/setup", .setup, summary: "The setup page", documented: false)
    public static let setupStyles = APIRoute("GET", "/assets/setup.css", .setup, summary: "The setup page's stylesheet", documented: false)
    public static let caCertificate = APIRoute("GET", "/ca.pem", .setup, summary: "The local CA's certificate", documented: false)
    public static let caProfile = APIRoute("GET", "/ca.mobileconfig", .setup, summary: "The local CA as an iOS profile", documented: false)
    /// Served only with the server's own CA (TLS without --cert).
    public static let localCARoutes: [APIRoute] = [caCertificate, caProfile]

    /// A batch of results: the decoder's bound, written where `ResultPost` lists them.
    static let batchLimit = RouteLimit(name: .maxBatchCount, placement: .schema("ResultPost", path: ["oneOf", "1", "properties", "results"], keyword: "maxItems"))

    /// Every route, in the order of docs/security-capabilities.md's table.
    public static let all: [APIRoute] = [
        config, createRun, platform, listRuns, run, deleteRun, pin, unpin, results, complete, diff, wait, compare,
        catalog, profiles, health, tlsRefusals,
    ] + RunReports.Format.allCases.map(report) + [
        runPage, runsPage, reportStyles, reportPrintStyles, reportScript, openAPI,
        healthz, readyz, metrics,
    ] + probeRoutes + [qrImage, setupPage, setupStyles] + localCARoutes

    /// The routes `part` registers, in order.
    public static func routes(of part: Part) -> [APIRoute] { all.filter { $0.part == part } }
}
