/// The table of docs/api.md, written from the route table: a row per route a person reads
/// about (the documented ones, and the pages with a `detail`), with who may call it and what it
/// does. The prose around it stays by hand; the capability table of
/// docs/security-capabilities.md says the same access per credential.
public enum APIRouteTable {
    public static let regenerateCommand = "UPDATE_DOCS=1 swift test --filter APIRouteTableDocumentTests"
    public static let heading = "## Routes"

    /// The routes with a row, in the route table's order.
    public static func listed(_ routes: [APIRoute] = APIRoute.all) -> [APIRoute] {
        routes.filter { $0.isDocumented || $0.detail != nil }
    }

    /// Who may call a route, in words: the access, then what it does not tell (`accessNote`).
    public static func access(_ route: APIRoute) -> String {
        let who = switch route.access {
        case .anyone: "anyone"
        case .token(let scope): "\(article(scope)) \(scope.rawValue) token"
        case .runKeyOrToken(let scope): "the run's write key, or \(article(scope)) \(scope.rawValue) token"
        }
        return route.accessNote.map { "\(who); \($0)" } ?? who
    }

    /// The table, a line per row, ending in a newline.
    public static func markdown(_ routes: [APIRoute] = APIRoute.all) -> String {
        var lines = ["| method and path | who may call it | what |", "|---|---|---|"]
        for route in listed(routes) {
            let what = route.detail.map { "\(route.summary). \(sentence($0))" } ?? route.summary
            lines.append("| `\(route)` | \(cell(access(route))) | \(cell(what)) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `document` with the table under `heading` replaced by `markdown()`. Nil when there is none.
    public static func updating(_ document: String) -> String? {
        MarkdownTable.replacing(in: document, under: heading, with: markdown())
    }

    /// A cell's text: a `|` would end the cell (GitHub's tables take `\|` for it).
    static func cell(_ text: String) -> String {
        text.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
    }

    /// A detail as a sentence of its own: its first letter a capital.
    static func sentence(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }

    private static func article(_ scope: TokenScope) -> String {
        scope == .read ? "a" : "an"
    }
}
