import Foundation
import ProbeCatalog
import Testing
@testable import ProbeServer
@testable import ProbeHTTP
@testable import ProbeStore
import TestSupport
@testable import ProbeHTTPTesting
@testable import ProbeStoreTesting
@testable import ProbeServerTesting

/// The table "Who may call each route" in docs/security-capabilities.md (written from the
/// route table, `CapabilityTableDocumentTests`) is the router's: every route the service
/// registers has a row, every row is a route, and every cell is what the real server answers
/// that credential (a request that works, or a refusal).
extension CapabilityTable.Credential: CustomTestStringConvertible {
    public var testDescription: String { rawValue }
}

@Suite struct RouteScopeTests {
    /// The columns of the table, in order.
    typealias Credential = CapabilityTable.Credential

    static let document = "docs/security-capabilities.md"
    static let heading = "## Who may call each route"

    /// `GET /api/runs/{id}` → who may, from the document.
    static func documentedTable() throws -> [String: [Credential: Bool]] {
        let text = try String(contentsOf: Repository.file(document), encoding: .utf8)
        guard let start = text.range(of: heading + "\n") else {
            Issue.record("\(document) has no section \(heading)")
            return [:]
        }
        var table: [String: [Credential: Bool]] = [:]
        var header: [String]?
        for line in text[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { break }
            guard line.hasPrefix("|") else { if header != nil && line.isEmpty && !table.isEmpty { break }; continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            if header == nil { header = cells; continue }
            if cells.allSatisfy({ $0.allSatisfy { $0 == "-" || $0 == ":" } }) { continue }
            #expect(header == ["route"] + Credential.allCases.map(\.rawValue), "the table's columns")
            let route = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            var row: [Credential: Bool] = [:]
            for (credential, cell) in zip(Credential.allCases, cells.dropFirst()) {
                #expect(["yes", "no"].contains(cell), "\(route), \(credential.rawValue): write yes or no, not \(cell)")
                row[credential] = cell == "yes"
            }
            #expect(table[route] == nil, "\(route) has two rows")
            table[route] = row
        }
        return table
    }

    /// `METHOD /path/{param}`, as the table writes a route.
    static func operation(_ route: Router.Route) -> String {
        let path = route.pattern.split(separator: "/").map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }
        return "\(route.method) /" + path.joined(separator: "/")
    }

    /// The routes the service registers only with its local CA (TLS without `--cert`); the
    /// test service speaks plain HTTP, so they are read from the setup routes made with one.
    static func localCARoutes(in directory: String) throws -> (operations: Set<String>, router: Router) {
        let certificates = try CertificateDirectory(path: directory).prepare(hostName: "probe.test", addresses: ["127.0.0.1"])
        var without = Router(), with = Router()
        _ = ProbeService.setupRoutes(into: &without, certificates: nil, options: ServiceOptions(publicDirectory: directory))
        _ = ProbeService.setupRoutes(into: &with, certificates: certificates, options: ServiceOptions(publicDirectory: directory))
        let extra = Set(with.routes.map(operation)).subtracting(without.routes.map(operation))
        return (extra, with)
    }

    @Test func ScopeTable_HasARowForEveryRoute_AndEveryRowIsARoute() throws {
        let service = try TestService()
        let directory = StoreFixtures.makeDirectory("scope-ca")
        defer { StoreFixtures.removeDirectory(directory) }
        let routed = Set(service.service.server.context.router.routes.map(Self.operation)).union(try Self.localCARoutes(in: directory).operations)
        let documented = Set(try Self.documentedTable().keys)
        #expect(routed.subtracting(documented).isEmpty, "routed but not in \(Self.document): \(routed.subtracting(documented).sorted())")
        #expect(documented.subtracting(routed).isEmpty, "in \(Self.document) but not routed: \(documented.subtracting(routed).sorted())")
    }

    /// The CA routes answer anyone: the CA certificate is public (a device installs it).
    @Test func LocalCARoutes_AnswerWithoutACredential() throws {
        let directory = StoreFixtures.makeDirectory("scope-ca")
        defer { StoreFixtures.removeDirectory(directory) }
        let (operations, router) = try Self.localCARoutes(in: directory)
        let table = try Self.documentedTable()
        for operation in operations.sorted() {
            let path = String(operation.split(separator: " ")[1])
            guard case .matched(let route, _) = router.lookup(method: "GET", path: path), case .now(let response) = try route.handler(
                Request(head: RequestHead(method: "GET", target: path, version: .http1_1, headers: HTTPHeaders([("Host", "h")]),
                                          path: path, query: "", contentLength: nil, isChunked: false))) else {
                Issue.record("\(operation) did not answer at once")
                continue
            }
            #expect(response.status == .ok, "\(operation)")
            #expect(table[operation].map { $0.values.allSatisfy { $0 } } == true, "\(operation): the table should say yes for everyone")
        }
    }

    /// One request that works for a route when the credential may call it.
    struct Sample {
        var method: String
        var path: String
        var body: String?
        var contentType: String?
        var headers: [(String, String)] = []
        /// What an allowed call answers (the route's own answer, even an error page).
        var allowed: ClosedRange<Int> = 200...399
    }

    /// A fresh run with a generated id, made through the store (run creation is rate-limited
    /// per address, and the point here is the route under test).
    static func makeRun(_ service: TestService) throws -> (id: String, key: String) {
        let key = RunKey.generate()
        let record = RunRecord(id: RunID.generate(), label: "scope", platform: nil, requirementSet: Catalog.defaultRequirementSet,
                               userAgent: nil, createdAt: Date(), writeKeyDigest: RunKey.digest(key))
        try service.service.store.createRun(record)
        return (record.id, key)
    }

    static func sample(_ operation: String, service: TestService, run: (id: String, key: String)) throws -> Sample {
        let parts = operation.split(separator: " ", maxSplits: 1).map(String.init)
        let method = parts[0]
        let path = parts[1].replacingOccurrences(of: "{id}", with: run.id)
        let origin = "http://127.0.0.1:\(service.port)"
        switch operation {
        case "POST /api/runs":
            return Sample(method: method, path: path, body: "{}", contentType: "application/json")
        case "POST /api/runs/{id}/results":
            return Sample(method: method, path: path, body: TestService.result(run.id, "camera.getUserMedia"), contentType: "application/json")
        case "GET /api/runs/{id}/wait":
            return Sample(method: method, path: path + "?timeout=0")
        case "GET /api/compare":
            let other = try makeRun(service)
            return Sample(method: method, path: "/api/compare?a=\(run.id)&b=\(other.id)")
        case "GET /api/config":
            return Sample(method: method, path: path + "?run=\(run.id)")
        case "GET /assets/report-print.css":
            return Sample(method: method, path: path + "?run=\(run.id)")
        case "GET /qr.svg":
            return Sample(method: method, path: path + "?url=" + "\(origin)/?run=\(run.id)".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        case "GET /probe/bytes":
            return Sample(method: method, path: path + "?size=16")
        case "GET /probe/status/500":
            return Sample(method: method, path: path, allowed: 500...500)
        case "POST /probe/echo", "POST /probe/sha256", "POST /probe/cors/echo":
            return Sample(method: method, path: path, body: "hello", contentType: "text/plain")
        case "OPTIONS /probe/cors/echo":
            return Sample(method: method, path: path, headers: [("Origin", origin), ("Access-Control-Request-Method", "POST")])
        case "GET /probe/noscript.gif":
            return Sample(method: method, path: path + "?run=\(run.id)")
        case "POST /probe/upload":
            // Into a run: the form names the run and the probe, as Public/probes/files.js does.
            let boundary = "scopeBoundary"
            let body = ["--\(boundary)\r\nContent-Disposition: form-data; name=\"run\"\r\n\r\n\(run.id)\r\n",
                        "--\(boundary)\r\nContent-Disposition: form-data; name=\"probe\"\r\n\r\nfile.accept\r\n",
                        "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\nContent-Type: image/png\r\n\r\n\u{89}PNG\r\n",
                        "--\(boundary)--\r\n"].joined()
            return Sample(method: method, path: path, body: body, contentType: "multipart/form-data; boundary=\(boundary)")
        default:
            return Sample(method: method, path: path)
        }
    }

    /// The answer says the credential may not: 401, 403 for want of a scope or the token,
    /// or the 404 of a run this request may not use (which looks like a missing run).
    static func isRefusal(_ reply: TestService.Reply) -> Bool {
        let code = (reply.json["error"] as? [String: Any])?["code"] as? String
        switch reply.status {
        case 401: return true
        case 403: return code == "scope_required" || code == "token_required"
        case 404: return code == "run_not_found" || reply.text.contains("<html") || reply.text.contains("<!doctype")
        default: return false
        }
    }

    func send(_ sample: Sample, to service: TestService, as credential: Credential, key: String, tokens: [Credential: String]) throws -> TestService.Reply {
        let c = try RawClient(port: service.port, receiveTimeout: TestService.replyTimeout)
        var head = "\(sample.method) \(sample.path) HTTP/1.1\r\nHost: 127.0.0.1:\(service.port)\r\nConnection: close\r\n"
        for (name, value) in sample.headers { head += "\(name): \(value)\r\n" }
        switch credential {
        case .anonymous: break
        case .runKey: head += "X-Probe-Key: \(key)\r\n"
        default: head += "Authorization: Bearer \(tokens[credential]!)\r\n"
        }
        if let body = sample.body {
            let bytes = Array(body.utf8)
            head += "Content-Type: \(sample.contentType ?? "application/octet-stream")\r\nContent-Length: \(bytes.count)\r\n\r\n"
            c.send(Array(head.utf8) + bytes)
        } else {
            c.send(head + "\r\n")
        }
        guard let r = c.readResponse(head: sample.method == "HEAD") else { throw SocketError(call: "read response", code: 0, detail: "") }
        return TestService.Reply(status: r.status, headers: r.headers, body: r.body)
    }

    /// Every cell of one column: each route called with that credential, on a fresh run.
    @Test(arguments: Credential.allCases) func EveryRoute_AnswersEachCredential_AsTheTableSays(credential: Credential) throws {
        let table = try Self.documentedTable()
        let service = try TestService()
        var tokens: [Credential: String] = [.operator: service.token]
        let named = NamedTokens(dataDirectory: service.dataDirectory)
        for c in Credential.allCases { if let scope = c.scope { tokens[c] = try named.create(name: "scope-\(c.rawValue)", scope: scope) } }
        let directory = StoreFixtures.makeDirectory("scope-ca")
        defer { StoreFixtures.removeDirectory(directory) }
        let local = try Self.localCARoutes(in: directory).operations
        for route in service.service.server.context.router.routes {
            let operation = Self.operation(route)
            guard !local.contains(operation), let row = table[operation], let mayCall = row[credential] else { continue }
            let run = try Self.makeRun(service)
            let sample = try Self.sample(operation, service: service, run: run)
            let reply = try send(sample, to: service, as: credential, key: run.key, tokens: tokens)
            if mayCall {
                #expect(sample.allowed.contains(reply.status) && !Self.isRefusal(reply),
                        "\(operation) as \(credential.rawValue): the table says yes, the server answered \(reply.status) \(reply.text.prefix(200))")
            } else {
                #expect(Self.isRefusal(reply),
                        "\(operation) as \(credential.rawValue): the table says no, the server answered \(reply.status) \(reply.text.prefix(200))")
            }
        }
    }

    /// The server-wide TLS refusals (client addresses, names asked for) show in a run's view
    /// only to the scopes that may read `GET /api/tls/refusals`.
    @Test(arguments: Credential.allCases) func RunView_ShowsTheTLSRefusals_OnlyToWhoMayListThem(credential: Credential) throws {
        let service = try TestService()
        var tokens: [Credential: String] = [.operator: service.token]
        let named = NamedTokens(dataDirectory: service.dataDirectory)
        for c in Credential.allCases { if let scope = c.scope { tokens[c] = try named.create(name: "scope-\(c.rawValue)", scope: scope) } }
        let run = try Self.makeRun(service)
        service.service.api.certificateRefusals.record(client: "192.0.2.44", serverName: "secret-host.corp", refusal: .alert("unknown_ca"),
                                                       at: Date().addingTimeInterval(1))
        let list = try send(Sample(method: "GET", path: "/api/tls/refusals"), to: service, as: credential, key: run.key, tokens: tokens)
        let view = try send(Sample(method: "GET", path: "/api/runs/\(run.id)"), to: service, as: credential, key: run.key, tokens: tokens)
        #expect(view.status == 200)
        let mayList = list.status == 200
        #expect(mayList == [.read, .admin, .operator].contains(credential))
        #expect(view.text.contains("192.0.2.44") == mayList, "as \(credential.rawValue): \(view.text.prefix(300))")
        #expect(view.text.contains("secret-host.corp") == mayList)
    }
}
