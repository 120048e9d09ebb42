// A testing library: compiled in debug builds only. `swift build -c release` builds every
// library target of the package, and `@testable import` needs the modules compiled for
// testing, which SwiftPM does in debug (the configuration `swift test` uses).
#if DEBUG
import Foundation
import Glibc
import ProbeCatalog
@testable import ProbeServer
@testable import ProbeHTTP

/// A server that answers the API contract the CLI calls (`/api/runs/{id}/wait`,
/// `report.json`, `diff`, `/api/runs`, `/api/compare`) from fixtures, so the CLI is tested
/// as a process against a real socket.
///
/// Runs: `ready-run` (healthy), `failing-run` (fast camera denial), `farm-run` (unattended,
/// nobody tapped: ready, incomplete with `?requireTaps=true`), `stuck-run` (never completes).
enum CLITestAPI {
    static let token = "cli-test-token"

    static let runs: [String: [ProbeResult]] = [
        "ready-run": ReportFixtures.healthyAndroid(),
        "failing-run": ReportFixtures.cameraDenied(),
        "farm-run": ReportFixtures.unattended(),
        // Stopped at the file chooser: the page marked the step as begun, no result followed.
        "stuck-run": Array(ReportFixtures.healthyAndroid().prefix(3))
            + [ReportFixtures.result(StepMarker.probe, [StepMarker.stepField: "file.accept", StepMarker.stepAttemptField: 1])],
    ]

    static func document(_ id: String, requireTaps: Bool = false) -> RunReportDocument? {
        guard let results = runs[id] else { return nil }
        // The farm run carries what a person types at the page's start, long enough that the
        // `runs` table must cut it to stay within 80 columns.
        var run = id == "farm-run"
            ? ReportFixtures.run(label: "farm pixel-7 nightly build against the staging identity-verification flow",
                                 metadata: #"{"appName":"LiveForm Demo for Android","appVersion":"2.4.1-rc.3+build.8812","tester":"Quality Assurance Farm"}"#)
            : ReportFixtures.run(label: "label of \(id)")
        run.id = id
        let relabelled = results.map { result -> ProbeResult in
            var copy = result
            copy.run = id
            return copy
        }
        let report = Diff.report(results: relabelled, requireTaps: requireTaps)!
        run.verdict = id == "stuck-run" ? nil : report.verdict
        return RunReportDocument(run: run, report: report, results: ReportFixtures.records(relabelled),
                                 uploads: [], generatedAt: ReportFixtures.created)
    }

    static func notFound(_ id: String) -> HTTPError {
        HTTPError(.notFound, code: "run_not_found", "no run \(id); create one with POST /api/runs", field: "id")
    }

    static func authorized(_ request: Request) throws {
        guard request.headers["authorization"] == "Bearer \(token)" else {
            throw HTTPError(.unauthorized, "this needs the access token")
        }
    }

    static func router() -> Router {
        var router = Router()
        router.add("GET", "/api/runs/:id/wait") { request in
            let id = request.parameters["id"] ?? ""
            guard let document = document(id) else { throw notFound(id) }
            let seconds = min(Double(request.queryItems["timeout"] ?? "") ?? 0, 30)
            let completed = id != "stuck-run"
            struct Answer: Encodable { let completed: Bool; let verdict: String? }
            let answer = Answer(completed: completed, verdict: completed ? document.diff.verdict.rawValue : nil)
            if completed { return .now(.json(answer)) }
            // A run that never completes: hold the long poll for its whole timeout.
            return .later { promise in
                DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { promise.succeed(.json(answer)) }
            }
        }
        router.get("/api/runs/:id/report.json") { request in
            let id = request.parameters["id"] ?? ""
            guard let document = document(id, requireTaps: request.queryItems["requireTaps"] == "true") else { throw notFound(id) }
            return .text(RunReports.json(document), contentType: RunReports.jsonContentType)
        }
        router.get("/api/runs/:id/diff") { request in
            let id = request.parameters["id"] ?? ""
            guard let results = runs[id] else { throw notFound(id) }
            let set = request.queryItems["profile"] ?? Catalog.defaultRequirementSet
            guard let report = Diff.report(results: results, requirementSet: set, platformOverride: request.queryItems["platform"],
                                           requireTaps: request.queryItems["requireTaps"] == "true") else {
                throw HTTPError(.badRequest, code: "unknown_profile", "no requirement set \(set); see GET /api/profiles", field: "profile")
            }
            return .json(report)
        }
        router.get("/api/runs") { request in
            try authorized(request)
            let views = runs.keys.sorted().compactMap { document($0) }.map { RunView($0.runRecord) }
                .filter { request.queryItems["verdict"] == nil || $0.verdict?.rawValue == request.queryItems["verdict"] }
            return .json(RunListView(runs: views, nextCursor: nil))
        }
        router.get("/api/compare") { request in
            try authorized(request)
            let a = request.queryItems["a"] ?? "", b = request.queryItems["b"] ?? ""
            guard let before = document(a) else { throw notFound(a) }
            guard let after = document(b) else { throw notFound(b) }
            return .json(RunComparison(before: before.diff, after: after.diff))
        }
        return router
    }
}
#endif
