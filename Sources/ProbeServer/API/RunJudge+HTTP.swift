import ProbeHTTP
import ProbeStore
import ProbeRuns

extension RunJudge.UnknownRequirementSet: HTTPErrorConvertible {
    /// 400: the run (or `?set=`) asks for a profile the catalog does not have.
    public var httpError: HTTPError {
        HTTPError(.badRequest, code: "unknown_profile", description, field: "profile")
    }
}
