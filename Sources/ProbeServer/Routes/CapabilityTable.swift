/// The table "Who may call each route" of docs/security-capabilities.md, written from the
/// route table: a row per route, a column per credential. The prose around it stays by hand.
public enum CapabilityTable {
    public static let regenerateCommand = "UPDATE_DOCS=1 swift test --filter CapabilityTableDocumentTests"

    /// The columns, in order.
    public enum Credential: String, CaseIterable, Sendable {
        case anonymous
        case runKey = "run key"
        case read, ingest, admin
        /// The server's own token (`DATA_DIR/token`, `--token`): every scope.
        case `operator`

        /// A named token's scope; nil for no token and for the operator's.
        public var scope: TokenScope? {
            switch self {
            case .read: .read
            case .ingest: .ingest
            case .admin: .admin
            default: nil
            }
        }
    }

    /// Whether `credential` may call a route of `access`.
    public static func allows(_ access: APIRoute.Access, _ credential: Credential) -> Bool {
        access.allows(scope: credential.scope, operatorToken: credential == .operator, runKey: credential == .runKey)
    }

    /// The table, a line per row, ending in a newline.
    public static func markdown(_ routes: [APIRoute] = APIRoute.all) -> String {
        var lines = ["| route | " + Credential.allCases.map(\.rawValue).joined(separator: " | ") + " |",
                     "|---|" + Credential.allCases.map { _ in "---|" }.joined()]
        for route in routes {
            lines.append("| `\(route)` | " + Credential.allCases.map { allows(route.access, $0) ? "yes" : "no" }.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `document` with the table under `heading` replaced by `markdown()`: the table is the
    /// first run of lines starting with `|` after the heading. Nil when there is none.
    public static func updating(_ document: String, heading: String = "## Who may call each route") -> String? {
        MarkdownTable.replacing(in: document, under: heading, with: markdown())
    }
}
