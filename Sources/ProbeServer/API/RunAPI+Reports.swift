import Foundation
import ProbeCatalog

/// The report routes: machine formats under `/api/runs/{id}/report.*`, and the pages for
/// people, `/runs/{id}` (the run id, or for a chosen id its key, is the capability) and `/runs` (needs the token).
extension RunAPI {
    /// Runs shown on the matrix page: enough for a device farm's night, few enough to judge
    /// on one request.
    static let matrixRuns = 60

    func registerReports(into router: inout Router) {
        for format in RunReports.Format.allCases {
            router.add("GET", "/api/runs/:id/\(format.rawValue)") { [self] req in
                let id = try runID(req)
                let access = try lookup(req)
                return .offload {
                    let text = RunReports.render(format, try self.document(id, access))
                    return Response(status: .ok, headers: HTTPHeaders([("Content-Type", format.contentType), ("Cache-Control", "no-store")]),
                                    body: Array(text.utf8))
                }
            }
        }
        router.add("GET", "/runs/:id") { [self] req in
            guard let id = req.parameters["id"], RunID.isWellFormed(id) else {
                return .now(.html(RunReportPage.notFound(runID: req.parameters["id"] ?? ""), status: .notFound))
            }
            let access = try lookup(req)
            return .offload {
                guard let found = try self.store.run(id: id), access.allows(.read, found) else {
                    return .html(RunReportPage.notFound(runID: id), status: .notFound)
                }
                return .html(RunReportPage.html(try self.document(id, access), catalog: self.catalog))
            }
        }
        router.add("GET", "/runs") { [self] req in
            // `?token=` once: keep it in an HttpOnly, SameSite=Strict cookie and drop it from the URL.
            if let given = req.queryItems["token"] {
                guard try token.check(given, from: req.remoteAddress) else {
                    throw HTTPError(.unauthorized, "that token is not this server's; it is in DATA_DIR/token")
                }
                var r = Response.redirect(to: "/runs")
                r.headers.add("Set-Cookie", "\(AccessToken.cookieName)=\(given); Path=/; HttpOnly; SameSite=Strict\(req.isSecure ? "; Secure" : "")")
                return .now(r)
            }
            try token.require(.read, req)
            let q = req.queryItems
            let filter = RunMatrixFilter(label: q["label"].flatMap { $0.isEmpty ? nil : $0 },
                                         platform: q["platform"].flatMap { $0.isEmpty ? nil : $0 },
                                         verdict: q["verdict"].flatMap { $0.isEmpty ? nil : $0 })
            return .offload {
                let page = try self.store.listRuns(filter: RunFilter(label: filter.label, platform: filter.platform,
                                                                     verdict: filter.verdict, limit: Self.matrixRuns))
                let rows = try page.items.map { run -> RunMatrixRow in
                    let records = try self.store.results(runID: run.id)
                    let report = records.isEmpty ? nil : try RunJudge.report(run: run, records: records, catalog: self.catalog)
                    return RunMatrixRow(run: run, report: report)
                }
                return .html(RunMatrixPage.html(rows: rows, filter: filter, catalog: self.catalog))
            }
        }
        router.get(ReportStyles.path) { _ in .text(ReportStyles.css, contentType: ReportStyles.contentType) }
    }

    /// A run's report document: its diff, results and uploads, each stored observation parsed
    /// once for the judge and the document both (blocking reads: call off the loops).
    func document(_ id: String, _ access: RunAccess) throws -> RunReportDocument {
        let run = try self.run(id, access, .read)
        let records = try store.results(runID: id)
        let parsed = records.map(RunJudge.probeResult)
        let report = try RunJudge.report(run: run, records: records, parsed: parsed, catalog: catalog, now: Date())
        return RunReportDocument(run: run, report: report, records: records, parsed: parsed, uploads: try store.uploads(runID: id))
    }
}
