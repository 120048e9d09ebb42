#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials
import ProbeCatalog
import ProbeServer
import ProbeStore

/// What `diff FILE` accepts: one result, a batch (`{"results":[…]}` or a bare array), or a
/// JSON report (whose results are judged again, so `--profile` can differ from the server's).
struct ResultsInput {
    var results: [ProbeResult]
    var run: RunRecord
    var document: RunReportDocument?

    static func parse(_ bytes: [UInt8], source: String) throws -> ResultsInput {
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes)) else {
            throw CommandFailure("\(source) is not valid JSON; diff reads results or a JSON report", exitCode: ExitCode.dataError)
        }
        if let schema = value.objectValue?["schema"]?.stringValue, schema.hasPrefix("probe-server.report/") {
            guard RunReportDocument.readableSchemas.contains(schema) else {
                throw CommandFailure("\(source) is a \(schema) report; this probe-server reads \(RunReportDocument.currentSchema)", exitCode: ExitCode.dataError)
            }
            do {
                let document = try RunReportDocument.decode(bytes)
                return ResultsInput(results: document.probeResults, run: document.runRecord, document: document)
            } catch {
                throw CommandFailure("\(source) is not a readable report: \(error)", exitCode: ExitCode.dataError)
            }
        }
        let decoder = ResultDecoder()
        let results: [ProbeResult]
        do {
            if value.arrayValue != nil || value.objectValue?["results"] != nil {
                results = try decoder.decodeBatch(bytes)
            } else {
                results = [try decoder.decode(bytes)]
            }
        } catch {
            throw CommandFailure("\(source): \(error.localizedText)", exitCode: ExitCode.dataError)
        }
        let runID = results.first?.run ?? "offline"
        let run = RunRecord(id: RunID.isWellFormed(runID) ? runID : "offline", requirementSet: Catalog.defaultRequirementSet,
                            createdAt: Date(timeIntervalSince1970: 0))
        return ResultsInput(results: results, run: run, document: nil)
    }
}
