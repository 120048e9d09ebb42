/// An error as a browser sees it: the same message as the JSON, on a page with a way back.
/// Many app WebViews have no back control, so a page that only says what went wrong is a
/// dead end; it links to the run the request was about, or to the start page.
///
/// Only for a navigation that asks for HTML (`Accept` names text/html, as browsers send for
/// a page, https://fetch.spec.whatwg.org/#document-accept-header-value) outside `/api/`;
/// scripts, curl and the CLI keep the JSON body.
package enum ErrorPage {
    /// The setup page's stylesheet (`SetupPage.css`), served on every listener: the content
    /// security policy allows no inline style, and its `.button` is a 48 px target.
    package static let stylesheet = "/assets/setup.css"

    /// True when `head` is a browser navigation that should get the HTML page.
    static func wanted(by head: RequestHead) -> Bool {
        guard !head.path.hasPrefix("/api/"), let accept = head.headers.combined("accept")?.lowercased() else { return false }
        return accept.contains("text/html")
    }

    /// Where the page links to: the run named by `/runs/<id>…` (its report page; for a run
    /// page that is itself not found, the list of runs), else the start page. The query is
    /// kept for a run's page: it carries the key or token the person opened it with.
    static func wayBack(path: String, query: String, status: Int) -> (href: String, label: String) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        if parts.count >= 2, parts[0] == "runs", isRunID(parts[1]) {
            let run = "/runs/\(parts[1])"
            if parts.count == 2 && status == 404 { return ("/runs", "All runs") }
            return (run + (query.isEmpty ? "" : "?" + query), "Back to run \(parts[1])")
        }
        return ("/", "Back to the start page")
    }

    /// Run ids are URL-safe tokens; anything else in that place is not linked to.
    private static func isRunID(_ text: Substring) -> Bool {
        !text.isEmpty && text.count <= 64 && text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D || byte == 0x5F
        }
    }

    static func response(for error: HTTPError, head: RequestHead) -> Response {
        let back = wayBack(path: head.path, query: head.query, status: error.status.code)
        let title = "\(error.status.code) \(error.status.reason)"
        let e = HTMLText.escape
        let html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(e(title))</title><link rel="stylesheet" href="\(stylesheet)"></head>
            <body><main><h1>\(e(title))</h1><p>\(e(error.message))</p>
            <p><a class="button" href="\(e(back.href))">\(e(back.label))</a></p></main></body></html>

            """
        return Response.html(html, status: error.status)
    }
}
