
/// What `/runs` answers a browser without the access token, or with one that is not this
/// server's: a form that sends the token as `?token=`, which the server keeps in its
/// HttpOnly, SameSite=Strict cookie and drops from the address (`RunAPI+Reports.swift`). The
/// form's submission is a same-origin top-level navigation, the one kind besides the address
/// bar that a query token is taken from (`AccessToken.queryToken`).
/// API clients, which do not ask for `text/html`, keep the JSON 401.
public enum SignInPage {
    public static func html(problem: String? = nil) -> String {
        let e = ReportText.html
        var h = HTMLBuilder(title: "Sign in: probe-server", bodyClass: "signin")
        h.line("<main>")
        h.line("<h1>Sign in to see the runs</h1>")
        if let problem { h.line("<p class=\"problem\" role=\"alert\">\(e(problem))</p>") }
        h.line("<p>The list of runs needs this server's access token. It is kept in <code>DATA_DIR/token</code> (a first start at a terminal showed it; into a log, it said where it is); <code>probe-server token create NAME --scope read</code> makes one that can only read.</p>")
        h.line("<form method=\"get\" action=\"/runs\">")
        h.line("<label for=\"token\">Access token <input id=\"token\" name=\"token\" type=\"password\" autocomplete=\"current-password\" autocapitalize=\"off\" spellcheck=\"false\" required></label>")
        h.line("<button type=\"submit\">Sign in</button>")
        h.line("</form>")
        h.line("<p class=\"sub\">This browser keeps the token in a cookie for this server only. A run's own report needs no token: its link is enough.</p>")
        h.line("</main>")
        h.line("</body>")
        h.line("</html>")
        return h.text
    }
}
