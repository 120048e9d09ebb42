/// The one place an `HTTPError` becomes a response, whoever found it: a handler (through
/// `ServerContext.response(for:to:)`, which also maps other errors and logs server faults),
/// the parser, a timeout, static files, 404/405/501. A browser's navigation (`ErrorPage.wanted`)
/// gets a page with a way back — the error's own `browserPage` when it has one — and every
/// other client the JSON body, with the error's headers (`Allow`, `Retry-After`,
/// `WWW-Authenticate`) on both.
package enum ErrorResponse {
    /// `head`: the request's, when one was read (a parse error may come before it).
    package static func render(_ error: HTTPError, for head: RequestHead?) -> Response {
        var response: Response
        if let head, ErrorPage.wanted(by: head) {
            response = error.browserPage.map { Response.html($0, status: error.status) } ?? ErrorPage.response(for: error, head: head)
        } else {
            response = json(error)
        }
        for (name, value) in error.headers { response.headers.set(name, value) }
        return response
    }

    private struct Body: Encodable {
        struct Inner: Encodable { let code: String; let message: String; let field: String? }
        let error: Inner
    }

    private static func json(_ error: HTTPError) -> Response {
        var r = Response.json(Body(error: .init(code: error.code, message: error.message, field: error.field)), status: error.status)
        r.body.append(UInt8(ascii: "\n"))
        return r
    }
}
