import ProbeCatalog
import ProbeHTTP
import ProbeStore

/// One route of the server as data: what the router registers, what the OpenAPI document
/// says of it, what `docs/security-capabilities.md` grants on it and what the CLI's client
/// asks. Every route is a value of `APIRoute.all` (`APIRoute+Table.swift`); the rest is
/// derived from that list or checked against it.
public struct APIRoute: Hashable, Sendable, CustomStringConvertible {
    public let method: String
    /// The path as a URI template (RFC 6570 level 1, as OpenAPI writes paths): `/api/runs/{id}`.
    public let path: String
    /// Which part of the server answers it: each part registers its routes by walking the table.
    public let part: Part
    /// Who may call it; the handler enforces it, `RouteScopeTests` holds the server to it.
    public let access: Access
    /// One line for a person: the OpenAPI `summary`.
    public let summary: String
    /// What a caller needs to know beyond the summary (its query parameters, idempotence, what
    /// it answers): the OpenAPI `description`, and the route's row in docs/api.md
    /// (`APIRouteTable`). A route with one is listed there, documented or not.
    public let detail: String?
    /// Said after who may call it in docs/api.md: what the access alone does not tell (a run
    /// read needs its id, which is the capability; a chosen id needs its key too).
    public let accessNote: String?
    /// The largest body the router reads for it (→ 413).
    public let bodyLimit: BodyLimit
    /// The JSON body it takes, by its `components/schemas` name.
    public let request: RequestBody?
    /// Its JSON answer when all went well, by its `components/schemas` name.
    public let response: ResponseBody?
    /// The bounds the route enforces that a client must know, each written into the document
    /// where a client reads it.
    public let limits: [RouteLimit]
    /// Described in the OpenAPI document (`/api/openapi.json`): the API, not the pages and probes.
    public let isDocumented: Bool

    public enum Part: String, Sendable, Hashable {
        /// `RunAPI`: runs, results, reports and their pages.
        case runAPI
        /// `HealthEndpoints`: `/healthz`, `/readyz`, `/metrics`.
        case health
        /// `QRImage`.
        case qrImage
        /// `ProbeEndpoints`: the endpoints the probes call.
        case probes
        /// `ProbeService.setupRoutes`: the setup pages and the local CA's files.
        case setup
    }

    /// Who may call a route. Every token holder of `scope` may, and the server's own token
    /// (which has every scope); `runKey` adds the holder of the run's write key.
    public enum Access: Sendable, Hashable {
        case anyone
        case token(TokenScope)
        case runKeyOrToken(TokenScope)

        /// Whether a caller with `scope` (nil: no token) and, or not, the run's key may call.
        public func allows(scope: TokenScope?, operatorToken: Bool, runKey: Bool) -> Bool {
            switch self {
            case .anyone: true
            case .token(let need): operatorToken || (scope?.grants(need) ?? false)
            case .runKeyOrToken(let need): runKey || operatorToken || (scope?.grants(need) ?? false)
            }
        }

        /// The scope a token needs (nil: none does).
        public var scope: TokenScope? {
            switch self {
            case .anyone: nil
            case .token(let scope), .runKeyOrToken(let scope): scope
            }
        }
    }

    public enum BodyLimit: Sendable, Hashable {
        /// `HTTPLimits.jsonBodyBytes`, the router's default.
        case json
        /// `HTTPLimits.uploadBodyBytes`.
        case upload
        /// A bound of its own, below the default.
        case named(RouteLimit.Name)

        /// The bytes under `limits` (the server's configured HTTP limits).
        public func bytes(_ limits: HTTPLimits) -> Int {
            switch self {
            case .json: limits.jsonBodyBytes
            case .upload: limits.uploadBodyBytes
            case .named(let name): name.value
            }
        }
    }

    public struct RequestBody: Sendable, Hashable {
        public let schema: String
        public let required: Bool
    }

    public struct ResponseBody: Sendable, Hashable {
        public let status: Int
        public let description: String
        public let schema: String
    }

    /// A bound a route carries, the constant it is, and where the document states it.
    public struct RouteLimit: Sendable, Hashable {
        public let name: Name
        public let placement: Placement

        /// The constants, each declared once with its reason where it is enforced.
        public enum Name: String, Sendable, Hashable, CaseIterable {
            case maxBatchCount = "ResultDecoder.maxBatchCount"
            case maxLabelBytes = "StoreLimits.maxLabelBytes"
            case maxPageSize = "StoreLimits.maxPageSize"
            case maxWaitSeconds = "RunWaiters.maxWaitSeconds"
            case maxPlatformSignalsBytes = "StoreLimits.maxPlatformSignalsBytes"
            case maxQRURLBytes = "QRImage.maxURLBytes"

            public var value: Int {
                switch self {
                case .maxBatchCount: ResultDecoder.maxBatchCount
                case .maxLabelBytes: StoreLimits.maxLabelBytes
                case .maxPageSize: StoreLimits.maxPageSize
                case .maxWaitSeconds: RunWaiters.maxWaitSeconds
                case .maxPlatformSignalsBytes: StoreLimits.maxPlatformSignalsBytes
                case .maxQRURLBytes: QRImage.maxURLBytes
                }
            }
        }

        /// Where in the OpenAPI document the bound is written.
        public enum Placement: Sendable, Hashable {
            /// `keyword` of the schema of the operation's query parameter `parameter`.
            case query(parameter: String, keyword: String)
            /// `keyword` at `path` (object keys, or list indices as numbers) under
            /// `components/schemas/<schema>`: a shape more than one route takes.
            case schema(String, path: [String], keyword: String)
        }
    }

    public init(_ method: String, _ path: String, _ part: Part, access: Access = .anyone, summary: String,
                detail: String? = nil, accessNote: String? = nil, bodyLimit: BodyLimit = .json, request: RequestBody? = nil, response: ResponseBody? = nil,
                limits: [RouteLimit] = [], documented: Bool = true) {
        self.method = method
        self.path = path
        self.part = part
        self.access = access
        self.summary = summary
        self.detail = detail
        self.accessNote = accessNote
        self.bodyLimit = bodyLimit
        self.request = request
        self.response = response
        self.limits = limits
        self.isDocumented = documented
    }

    /// `GET /api/runs/{id}`: how the capability table and the tests name a route.
    public var description: String { "\(method) \(path)" }

    /// The router's pattern: `{id}` written `:id`.
    public var routerPattern: String {
        "/" + segments.map { $0.parameter.map { ":" + $0 } ?? $0.text }.joined(separator: "/")
    }

    /// The names of the path's parameters, in order.
    public var parameters: [String] { segments.compactMap(\.parameter) }

    /// The path with `values` in place of its parameters, in order, each percent-encoded as
    /// one segment (RFC 3986 §3.3): what the client sends.
    public func path(_ values: String...) -> String {
        precondition(values.count == parameters.count, "\(self) takes \(parameters.count) path parameters, given \(values.count)")
        var next = values.makeIterator()
        return "/" + segments.map { segment in
            segment.parameter == nil ? segment.text : RunReportPage.percentEncoded(next.next()!)
        }.joined(separator: "/")
    }

    private var segments: [(text: String, parameter: String?)] {
        path.split(separator: "/").map { part in
            part.hasPrefix("{") && part.hasSuffix("}") ? (String(part), String(part.dropFirst().dropLast())) : (String(part), nil)
        }
    }

    // Identity is the operation: one method on one path.
    public static func == (a: APIRoute, b: APIRoute) -> Bool { a.method == b.method && a.path == b.path }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(method)
        hasher.combine(path)
    }
}
