import Foundation
import ProbeCatalog
import Testing
@testable import ProbeHTTPTesting
@testable import ProbeServer
@testable import ProbeServerTesting

/// What the server answers is what its OpenAPI document says it answers: every documented
/// route with a JSON answer is called (in this process, through the router) on a run created,
/// posted to and completed as a device does, and each answer is read against the route's
/// response schema: no field the schema does not name, every field it requires, each of the
/// type it states. The document's schemas are written by hand beside the Codable types they
/// describe, so this is what holds the two to each other.
@Suite struct OpenAPIConformanceTests {
    typealias Schema = [String: Any]

    static func document() throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json.utf8)) as? [String: Any])
    }

    /// Where each documented JSON answer of the route table comes from in this test: the
    /// request that produces it. A route the table gains with a JSON answer must be added here.
    static func request(for route: APIRoute, run: String, other: String) -> (path: String, body: String?)? {
        let path = route.path.replacingOccurrences(of: "{id}", with: run)
        switch route {
        case .createRun: return (path, #"{"label":"conformance"}"#)
        case .platform: return (path, #"{"userAgent":"Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.0.0 Mobile Safari/537.36"}"#)
        case .results:
            // An open run takes results; the completed one refuses them, so a run of its own.
            return nil
        case .complete: return nil
        case .compare: return ("\(path)?a=\(other)&b=\(run)", nil)
        case .wait: return ("\(path)?timeout=1", nil)
        default: return route.method == "GET" ? (path, nil) : nil
        }
    }

    /// The routes answered outside `request(for:)`, each with why.
    static let answeredApart: Set<String> = [
        "POST /api/runs/{id}/results",   // posted below, to an open run
        "POST /api/runs/{id}/complete",  // completed below
        "POST /api/runs/{id}/pin",       // pinned below, with the admin token
    ]

    @Test func EveryDocumentedJSONAnswer_IsWhatItsSchemaSays() throws {
        let s = try TestService(transport: .router)
        let document = try Self.document()
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Schema])
        let token = ["Authorization": "Bearer \(s.token)"]

        // A run as a device leaves it: results in two batches, then completed; another to compare with.
        func completedRun() throws -> String {
            let id = try s.createRun()
            for probe in ["storage.local", "cookie.document"] {
                let posted = try s.request("POST", "/api/runs/\(id)/results", body: TestService.result(id, probe, observed: #"{"available":true}"#))
                try Self.check(posted, "POST /api/runs/{id}/results", paths, schemas)
            }
            let completed = try s.request("POST", "/api/runs/\(id)/complete", body: "{}")
            try Self.check(completed, "POST /api/runs/{id}/complete", paths, schemas)
            return id
        }
        let other = try completedRun()
        let run = try completedRun()
        let pinned = try s.request("POST", "/api/runs/\(run)/pin", body: "{}", headers: token)
        try Self.check(pinned, "POST /api/runs/{id}/pin", paths, schemas)

        var checked = 0
        for route in APIRoute.all where route.isDocumented && route.response != nil {
            let operation = "\(route.method) \(route.path)"
            guard let (path, body) = Self.request(for: route, run: run, other: other) else {
                #expect(Self.answeredApart.contains(operation), "\(operation) has a JSON answer this test does not ask for")
                continue
            }
            let reply = try s.request(route.method, path, body: body, headers: token)
            try Self.check(reply, operation, paths, schemas)
            checked += 1
        }
        // Every route the table gives a JSON answer was read: asked here, or above.
        let answering = APIRoute.all.filter { $0.isDocumented && $0.response != nil }
        let apart = answering.filter { Self.answeredApart.contains("\($0.method) \($0.path)") }
        #expect(checked + apart.count == answering.count && checked > 0, "\(checked) asked here and \(apart.count) apart of \(answering.count)")
    }

    /// Reads `reply` against the response schema the document gives `operation` for its status.
    static func check(_ reply: TestService.Reply, _ operation: String, _ paths: [String: [String: Any]], _ schemas: [String: Schema]) throws {
        #expect((200..<300).contains(reply.status), "\(operation): \(reply.status) \(reply.text.prefix(300))")
        let parts = operation.split(separator: " ", maxSplits: 1).map(String.init)
        let responses = try #require(((paths[parts[1]]?[parts[0].lowercased()]) as? [String: Any])?["responses"] as? [String: Any], "\(operation) is not in the document")
        let response = try #require(responses[String(reply.status)] as? [String: Any], "\(operation): \(reply.status) is not documented")
        guard let schema = ((response["content"] as? [String: Any])?["application/json"] as? [String: Any])?["schema"] as? Schema else { return }
        let value = try JSONSerialization.jsonObject(with: Data(reply.body), options: [.fragmentsAllowed])
        // One line per field, not per element of a list: "findings[].attempt".
        var problems: [String] = []
        for problem in SchemaReading(schemas: schemas).problems(value, schema, at: operation) {
            let line = problem.replacing(/\[\d+\]/, with: "[]")
            if !problems.contains(line) { problems.append(line) }
        }
        #expect(problems.isEmpty, "\(problems.prefix(12).joined(separator: "\n"))")
    }
}

/// The subset of JSON Schema the document writes (OpenAPI 3.1): `$ref`, `type` (one or a
/// list, `null` among them), `properties`, `required`, `additionalProperties`, `items`,
/// `enum`, `oneOf`/`anyOf`. An object's field the schema does not name is a problem unless
/// `additionalProperties` allows it: an undocumented field is what this looks for.
struct SchemaReading {
    let schemas: [String: [String: Any]]

    func resolve(_ schema: [String: Any]) -> [String: Any] {
        guard let ref = schema["$ref"] as? String, let name = ref.split(separator: "/").last, let target = schemas[String(name)] else { return schema }
        return resolve(target)
    }

    func problems(_ value: Any, _ raw: [String: Any], at path: String) -> [String] {
        let schema = resolve(raw)
        for key in ["oneOf", "anyOf"] {
            if let options = schema[key] as? [[String: Any]] {
                let readings = options.map { problems(value, $0, at: path) }
                return readings.contains { $0.isEmpty } ? [] : ["\(path): matches none of \(key): \(readings.map { $0.first ?? "" })"]
            }
        }
        if let allowed = schema["enum"] as? [Any], !allowed.contains(where: { "\($0)" == "\(value)" }) {
            return ["\(path): \(value) is not one of \(allowed)"]
        }
        let types: [String] = (schema["type"] as? [String]) ?? ((schema["type"] as? String).map { [$0] } ?? [])
        if value is NSNull { return types.isEmpty || types.contains("null") ? [] : ["\(path): null where \(types) is stated"] }
        if !types.isEmpty, !types.contains(where: { Self.fits(value, $0) }) {
            return ["\(path): \(type(of: value)) where \(types) is stated"]
        }
        if let object = value as? [String: Any] {
            var found: [String] = []
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for key in (schema["required"] as? [String] ?? []) where object[key] == nil { found.append("\(path): required field \(key) is missing") }
            for (key, field) in object.sorted(by: { $0.key < $1.key }) {
                if let property = properties[key] as? [String: Any] {
                    found += problems(field, property, at: "\(path).\(key)")
                } else if let extra = schema["additionalProperties"] as? [String: Any] {
                    found += problems(field, extra, at: "\(path).\(key)")
                } else if schema["additionalProperties"] as? Bool == true || properties.isEmpty && schema["additionalProperties"] == nil {
                    // Allowed, or a free object (no properties named at all).
                } else {
                    found.append("\(path).\(key) is not in the schema")
                }
            }
            return found
        }
        if let array = value as? [Any], let items = schema["items"] as? [String: Any] {
            return array.enumerated().flatMap { problems($0.element, items, at: "\(path)[\($0.offset)]") }
        }
        return []
    }

    static func fits(_ value: Any, _ type: String) -> Bool {
        switch type {
        case "object": return value is [String: Any]
        case "array": return value is [Any]
        case "string": return value is String
        case "boolean": return value is Bool
        case "integer": return (value as? NSNumber).map { $0.doubleValue == $0.doubleValue.rounded() } ?? (value is Int)
        case "number": return value is NSNumber || value is Int || value is Double
        case "null": return value is NSNull
        default: return true
        }
    }
}
