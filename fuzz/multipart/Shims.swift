// What the multipart parser's files name from the server without needing it:
// `MultipartError.httpError` builds an `HTTPError`, whose real type (HTTP/Response.swift)
// brings the whole response layer with it. The fuzz target never renders one.
public struct HTTPError {
    public init(_ status: HTTPStatus, code: String? = nil, _ message: String, field: String? = nil) {}
}
