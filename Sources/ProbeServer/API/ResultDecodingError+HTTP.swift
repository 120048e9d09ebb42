import ProbeCatalog
import ProbeHTTP

extension ResultDecodingError: HTTPErrorConvertible {
    /// A result the catalog's decoder refused: the client's 400, naming the field at fault.
    public var httpError: HTTPError {
        HTTPError(.badRequest, code: path.isEmpty ? "invalid_json" : "invalid_field", description,
                  field: path.isEmpty ? nil : path)
    }
}
