#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProbeCatalog
import ProbeHTTP
import ProbeStore
import ProbeRuns

/// The report routes: machine formats under `/api/runs/{id}/report.*`, and the pages for
/// people, `/runs/{id}` (the run id, or for a chosen id its key, is the capability) and `/runs` (needs the token).
extension RunAPI {
    /// Runs shown on the matrix page: enough for a device farm's night, few enough to judge
    /// on one request when none had a judgement of this catalog yet (`RunJudgements` reads
    /// the completed ones' back).
    static let matrixRuns = 60

    /// The report routes' handlers, each under its route in `APIRoute+Table`.
    func reportHandlers() -> RouteHandlers {
        var handlers: RouteHandlers = [:]
        for format in RunReports.Format.allCases {
            handlers[.report(format)] = { [self] req in
                let id = try runID(req)
                let requireTaps = try requireTapsQuery(req)
                let access = try lookup(req)
                let allowance = allowance(req, access)
                return .offload {
                    let body = try self.reportBody(id, access, allowance, .machine(format), requireTaps: requireTaps) {
                        Array(RunReports.render(format, $0).utf8)
                    }
                    return Response(status: .ok, headers: HTTPHeaders([("Content-Type", format.contentType), ("Cache-Control", "no-store")]),
                                    body: body)
                }
            }
        }
        handlers[.runPage] = { [self] req in
            guard let id = req.parameters["id"], RunID.isWellFormed(id) else {
                throw Self.runPageNotFound(req.parameters["id"] ?? "")
            }
            let access = try lookup(req)
            let allowance = allowance(req, access)
            return .offload {
                guard let found = try self.store.run(id: id), access.allows(.read, found) else {
                    throw Self.runPageNotFound(id)
                }
                let catalog = self.catalog
                let body = try self.reportBody(id, access, allowance, .page) { Array(RunReportPage.html($0, catalog: catalog).utf8) }
                return Response.html(bytes: body, for: req)
            }
        }
        handlers[.runsPage] = { [self] req in
            // A browser gets a page to sign in on (`signIn`); an API client keeps the JSON error.
            // `?token=` once, from the address bar or the sign-in form only (`queryToken`): keep it
            // in an HttpOnly, SameSite=Strict cookie and drop it from the URL.
            let queryToken: String?
            do {
                queryToken = try token.queryToken(in: req)
            } catch let error as HTTPError {
                throw Self.signIn(error, problem: "This browser did not say the address was typed or the sign-in form sent, so the token in it was not looked at: sign in with the form.")
            }
            if let given = queryToken {
                guard try token.check(given, from: req.quotaKey) else {
                    let message = "that token is not this server's; it is in DATA_DIR/token"
                    throw Self.signIn(HTTPError(.unauthorized, message), problem: "That token is not this server's: copy it again from DATA_DIR/token.")
                }
                var r = Response.redirect(to: "/runs")
                r.headers.add("Set-Cookie", "\(AccessToken.cookieName)=\(given); Path=/; HttpOnly; SameSite=Strict\(req.isSecure ? "; Secure" : "")")
                return .now(r)
            }
            do {
                try token.require(.read, req)
            } catch let error as HTTPError where error.status == .unauthorized || error.status == .forbidden {
                let problem = AccessToken.presented(in: req) == nil ? nil
                    : error.status == .forbidden ? "The token this browser keeps may not read runs (it needs scope read or admin): sign in with another."
                    : "The token this browser keeps is not this server's any more: sign in again."
                throw Self.signIn(error, problem: problem)
            }
            let q = req.queryItems
            let filter = RunMatrixFilter(label: q["label"].flatMap { $0.isEmpty ? nil : $0 },
                                         platform: try Self.listed(Platform.self, q["platform"], "platform"),
                                         verdict: try Self.listed(DiffReport.Verdict.self, q["verdict"], "verdict"))
            // Older runs a page at a time, by the store's keyset cursor (`RunCursor`): the page's
            // "Older runs" link carries the cursor after its last row, so a page deep in a store
            // of thousands of runs costs what the first does.
            let cursor = q["cursor"].flatMap { $0.isEmpty ? nil : $0 }
            return .offload {
                let page = try self.store.listRuns(filter: RunFilter(label: filter.label, platform: filter.platform,
                                                                     verdict: filter.verdict, limit: Self.matrixRuns, cursor: cursor))
                // Completed runs' judgements are read back; only the others are judged, within a bound.
                let (reports, deferred) = try self.judgements.judgements(of: page.items)
                let rows = page.items.map { RunMatrixRow(run: $0, report: reports[$0.id], deferred: deferred.contains($0.id)) }
                let (catalog, version, kept) = (self.catalog, self.judgements.version.value, self.reportBodies)
                let html = RunMatrixPage.html(rows: rows, filter: filter, catalog: catalog, older: page.nextCursor, isFirst: cursor == nil) { row in
                    guard row.run.isCompleted, row.report != nil else { return RunMatrixPage.matrixRow(row, catalog: catalog) }
                    let key = ReportBodies.Key(run: row.run.id, createdAt: row.run.createdAt, version: version, uploads: 0, format: .matrixRow)
                    if let body = kept.body(key) { return String(decoding: body, as: UTF8.self) }
                    let html = RunMatrixPage.matrixRow(row, catalog: catalog)
                    kept.keep(Array(html.utf8), for: key)
                    return html
                }
                return Response.html(bytes: Array(html.utf8), for: req)
            }
        }
        handlers[.reportStyles] = Router.now { _ in .text(ReportStyles.css, contentType: ReportStyles.contentType) }
        handlers[.reportPrintStyles] = Router.now { req in
            guard let run = req.queryItems["run"], RunID.isWellFormed(run) else {
                throw HTTPError(.badRequest, code: "invalid_field", "run must be a run id (letters, digits, - and _), as in \(ReportStyles.printPath)?run=RUN_ID", field: "run")
            }
            return .text(ReportStyles.printCSS(runID: run), contentType: ReportStyles.contentType)
        }
        handlers[.reportScript] = Router.now { _ in .text(ReportScript.js, contentType: ReportScript.contentType) }
        return handlers
    }

    /// A refusal of `/runs` that a browser sees as the sign-in page, with the challenge a 401
    /// carries (RFC 9110 §11.6.1) for every client.
    static func signIn(_ refusal: HTTPError, problem: String?) -> HTTPError {
        var e = refusal.withBrowserPage(SignInPage.html(problem: problem))
        if e.status == .unauthorized { e.headers.set("WWW-Authenticate", "Bearer realm=\"probe-server\"") }
        return e
    }

    /// A run page for a run that is not there (or not this request's to read): the 404 the
    /// API gives, which a browser sees as the report page's own "not found".
    static func runPageNotFound(_ id: String) -> HTTPError {
        HTTPError(.notFound, code: "run_not_found", "no run \(Logger.sanitize(id, max: 64)) that this request may read")
            .withBrowserPage(RunReportPage.notFound(runID: id))
    }

    /// A run's report document: its judgement (a completed run's as stored), results and
    /// uploads. The observations stay the stored texts (`RunReportDocument.Observation`): only
    /// judging parses them, which a completed run's kept judgement spares (blocking reads:
    /// call off the loops).
    func document(_ id: String, _ access: RunAccess, _ allowance: AddressAllowance?) throws -> RunReportDocument {
        try document(of: try self.run(id, access, .read), allowance)
    }

    /// The document of a run already read (and its access checked).
    func document(of run: RunRecord, _ allowance: AddressAllowance?) throws -> RunReportDocument {
        let records = try store.results(runID: run.id)
        let report = try judgements.judgement(of: run, records: records, allowance: allowance).report
        let uploads = try store.uploads(runID: run.id)
        return RunReportDocument(run: run, report: report, records: records, uploads: uploads, previews: previews(uploads))
    }

    /// The uploads a report shows inline: the camera preview's first frame (`CameraSnapshot`).
    func previews(_ uploads: [UploadRecord]) -> [String: String] {
        CameraSnapshot.previews(uploads) { path in
            // Stored paths are relative and `..`-free (`UploadRecord.storedPath`).
            FileManager.default.contents(atPath: dataDirectory + "/" + path).map { Array($0) }
        }
    }

    /// A report's body in one format: a completed run's as kept (`ReportBodies`), generated
    /// when the run was judged; else rendered from the run's document now. `requireTaps`
    /// (`?requireTaps=`) other than the run's own: judged for this answer, never kept.
    func reportBody(_ id: String, _ access: RunAccess, _ allowance: AddressAllowance?, _ format: ReportBodies.Format,
                    requireTaps: Bool? = nil, render: (RunReportDocument) -> [UInt8]) throws -> [UInt8] {
        let run = try self.run(id, access, .read)
        if !RunJudgements.isOwn(run, requireTaps: requireTaps) {
            let records = try store.results(runID: run.id)
            let report = try judgements.judgement(of: run, records: records, requirementSet: nil, platform: nil,
                                                  requireTaps: requireTaps, allowance: allowance).report
            return render(RunReportDocument(run: run, report: report, records: records, uploads: try store.uploads(runID: id)))
        }
        guard run.isCompleted else { return render(try document(of: run, allowance)) }
        let judgement = try judgements.judgement(of: run, allowance: allowance)
        let uploads = try store.uploads(runID: id)
        guard let judged = judgement.stored else {
            return render(RunReportDocument(run: run, report: judgement.report, records: try store.results(runID: id), uploads: uploads,
                                            previews: previews(uploads)))
        }
        let key = ReportBodies.Key(run: id, createdAt: run.createdAt, version: judged.catalogVersion, uploads: uploads.count, format: format)
        if let body = reportBodies.body(key) { return body }
        let body = render(RunReportDocument(run: run, report: judgement.report, records: try store.results(runID: id),
                                            uploads: uploads, generatedAt: judged.judgedAt, previews: previews(uploads)))
        reportBodies.keep(body, for: key)
        return body
    }
}
