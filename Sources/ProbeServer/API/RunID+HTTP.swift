import ProbeHTTP
import ProbeStore

/// The run-id rule as the API states it: one sentence for error messages, one pattern for
/// the OpenAPI document, and the one check every route that takes a run id goes through.
extension RunID {
    /// `isWellFormed` in words, for a person who sent a bad id.
    public static let rule = "1 to \(StoreLimits.maxRunIDBytes) characters of A-Z a-z 0-9 - _"

    /// `isWellFormed` as a JSON Schema pattern (ECMA-262), for `components/parameters` of
    /// the OpenAPI document.
    public static let pattern = "^[A-Za-z0-9_-]{1,\(StoreLimits.maxRunIDBytes)}$"

    /// `id` when it is well formed; else the 400 `invalid_run_id` naming `field`.
    static func checked(_ id: String?, field: String) throws(HTTPError) -> String {
        guard let id, isWellFormed(id) else {
            // "run id must be …" where the id is in the path (`field: "run"`), else the field's name.
            let what = field == "run" ? "run id" : field
            throw HTTPError(.badRequest, code: "invalid_run_id", "\(what) must be \(rule)", field: field)
        }
        return id
    }
}
