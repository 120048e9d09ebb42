import Foundation
import ProbeCatalog
import Testing
@testable import ProbeServer
@testable import ProbeHTTP
@testable import ProbeStore
@testable import ProbeStoreTesting

/// The OpenAPI document states each fact once and agrees with the code that owns it: the
/// router's `/api/` routes, the run-id rule, the platforms and the catalog's requirement sets.
@Suite struct OpenAPIDocumentTests {
    static func document() throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json.utf8)) as? [String: Any])
    }

    /// The API's routes as the server registers them, `:id` written `{id}`, with their methods.
    static func routedOperations() throws -> Set<String> {
        try StoreFixtures.withStore { store, directory in
            let api = RunAPI(store: store, token: AccessToken(value: "t"), origins: OriginPlan(),
                             dataDirectory: directory, serverVersion: "test")
            var router = Router()
            api.register(into: &router)
            return Set(router.routes.filter { $0.pattern.hasPrefix("/api/") }.map { route in
                let path = route.pattern.split(separator: "/").map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }
                return "\(route.method) /" + path.joined(separator: "/")
            })
        }
    }

    @Test func EveryAPIRoute_IsDocumented_AndEveryDocumentedOperationIsRouted() throws {
        let paths = try #require(try Self.document()["paths"] as? [String: [String: Any]])
        // The service's own routes (/healthz, /readyz, /metrics) are documented too; the
        // router of the run API holds the /api/ ones.
        let documented = Set(paths.filter { $0.key.hasPrefix("/api/") }.flatMap { path, operations in
            operations.keys.filter { ["get", "post", "put", "delete", "patch", "options"].contains($0) }.map { "\($0.uppercased()) \(path)" }
        })
        let routed = try Self.routedOperations()
        #expect(routed.subtracting(documented).isEmpty, "routed but not in the document: \(routed.subtracting(documented).sorted())")
        #expect(documented.subtracting(routed).isEmpty, "documented but not routed: \(documented.subtracting(routed).sorted())")
    }

    @Test func RunIDRule_IsWrittenOnce_AndEveryIdPathRefersToIt() throws {
        #expect(OpenAPIDocument.json.components(separatedBy: RunID.pattern).count - 1 == 1,
                "the run-id pattern should appear once, in components/schemas/RunID")
        let document = try Self.document()
        let components = try #require(document["components"] as? [String: Any])
        let parameters = try #require(components["parameters"] as? [String: [String: Any]])
        #expect(parameters["RunID"]?["in"] as? String == "path")
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        for (path, operations) in paths where path.contains("{id}") {
            for (method, operation) in operations {
                let list = (operation as? [String: Any])?["parameters"] as? [[String: Any]] ?? []
                #expect(list.contains { $0["$ref"] as? String == "#/components/parameters/RunID" }, "\(method) \(path)")
                #expect(!list.contains { $0["name"] as? String == "id" }, "\(method) \(path) restates the id parameter")
            }
        }
    }

    @Test func ErrorStatusLists_BecomeResponses_AndLeaveNoTrace() throws {
        #expect(!OpenAPIDocument.json.contains(OpenAPIDocument.errorStatusesKey))
        let paths = try #require(try Self.document()["paths"] as? [String: [String: Any]])
        let results = try #require((paths["/api/runs/{id}/results"]?["post"] as? [String: Any])?["responses"] as? [String: Any])
        for status in ["400", "403", "404", "409", "413", "415", "429", "503", "507"] {
            #expect((results[status] as? [String: String])?["$ref"] == "#/components/responses/Error", "\(status)")
        }
    }

    /// A route's JSON answer is the one the route table names.
    @Test func JSONAnswers_AreTheRouteTables() throws {
        let paths = try #require(try Self.document()["paths"] as? [String: [String: Any]])
        for path in ["/api/runs/{id}/complete", "/api/runs/{id}/diff"] {
            let operation = try #require(paths[path]?.values.first as? [String: Any])
            let ok = try #require((operation["responses"] as? [String: Any])?["200"] as? [String: Any])
            #expect(ok["description"] as? String == "the diff", "\(path)")
            let schema = ((ok["content"] as? [String: Any])?["application/json"] as? [String: Any])?["schema"] as? [String: String]
            #expect(schema == ["$ref": "#/components/schemas/Diff"], "\(path)")
        }
    }

    /// A parameter listed twice is one parameter to a reader and a lint error to a validator.
    @Test func NoOperation_ListsAParameterTwice() throws {
        let paths = try #require(try Self.document()["paths"] as? [String: [String: Any]])
        for (path, operations) in paths {
            for (method, operation) in operations {
                let list = (operation as? [String: Any])?["parameters"] as? [[String: Any]] ?? []
                let names = list.map { ($0["$ref"] as? String) ?? "\($0["in"] ?? "").\($0["name"] ?? "")" }
                #expect(Set(names).count == names.count, "\(method) \(path): \(names)")
            }
        }
    }

    @Test func RunIDPattern_AcceptsWhatTheServerAccepts() throws {
        let pattern = try NSRegularExpression(pattern: RunID.pattern)
        for id in [RunID.generate(), "ci-build_42", String(repeating: "a", count: StoreLimits.maxRunIDBytes),
                   "", "../etc", "a b", String(repeating: "a", count: StoreLimits.maxRunIDBytes + 1), "é"] {
            let matches = pattern.firstMatch(in: id, range: NSRange(id.startIndex..., in: id)) != nil
            #expect(matches == RunID.isWellFormed(id), "\(id)")
        }
    }

    @Test func PlatformsAndRequirementSets_AreTheCatalogs() throws {
        let schemas = try #require((try Self.document()["components"] as? [String: Any])?["schemas"] as? [String: [String: Any]])
        #expect(schemas["Platform"]?["enum"] as? [String] == Platform.allCases.map(\.rawValue))
        #expect(schemas["RequirementSet"]?["enum"] as? [String] == Catalog.standard.requirementSets.map(\.id))
        // No list of them is written out anywhere else in the document.
        let text = OpenAPIDocument.described
        #expect(!text.contains("\"\(Platform.allCases[0].rawValue)\""))
        #expect(!text.contains("\"\(Catalog.defaultRequirementSet)\""))
    }

    /// The bounds a client reads in the document are the ones the server enforces: a batch of
    /// results, an attempt, a label, a page of runs, a wait. Written from the constants, so a
    /// client generated from the document cannot send what the server refuses.
    @Test func DocumentedBounds_AreTheServersOwnLimits() throws {
        let document = try Self.document()
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        func object(_ value: Any?, _ keys: String...) -> [String: Any]? {
            keys.reduce(value as? [String: Any]) { $0?[$1] as? [String: Any] }
        }
        let batch = try #require((schemas["ResultPost"] as? [String: Any])?["oneOf"] as? [[String: Any]])
        let results = try #require(batch.compactMap { object($0, "properties", "results") }.first)
        #expect(results["maxItems"] as? Int == ResultDecoder.maxBatchCount)
        #expect(results["maxItems"] as? Int == StoreLimits.maxResultsPerWrite)
        let attempt = try #require(object(schemas["Result"], "properties", "attempt"))
        #expect(attempt["minimum"] as? Int == 1 && attempt["maximum"] == nil, "the decoder takes any attempt from 1")
        #expect(object(schemas["CreateRun"], "properties", "label")?["maxLength"] as? Int == StoreLimits.maxLabelBytes)
        let parameters = (document["paths"] as? [String: Any] ?? [:]).values.flatMap { path in
            (path as? [String: Any] ?? [:]).values.flatMap { ($0 as? [String: Any])?["parameters"] as? [[String: Any]] ?? [] }
        }
        let limits = parameters.filter { $0["name"] as? String == "limit" }.compactMap { object($0, "schema")?["maximum"] as? Int }
        let timeouts = parameters.filter { $0["name"] as? String == "timeout" }.compactMap { object($0, "schema")?["maximum"] as? Int }
        #expect(!limits.isEmpty && limits.allSatisfy { $0 == StoreLimits.maxPageSize }, "\(limits)")
        #expect(!timeouts.isEmpty && timeouts.allSatisfy { $0 == RunWaiters.maxWaitSeconds }, "\(timeouts)")
    }

    /// Every bound the document states (a length, a count, a maximum, a body's size) is a
    /// constant the server enforces: one a route of the table carries, the device field's, or
    /// a body limit of the router. A number typed into the document fails here.
    @Test func EveryDocumentedBound_IsANamedConstant() throws {
        let bodyLimits = Set(APIRoute.all.map { $0.bodyLimit.bytes(HTTPLimits()) })
        let named = Set(APIRoute.RouteLimit.Name.allCases.map(\.value)).union([StoreLimits.maxDeviceModelBytes])
        let bounds = ["maxItems", "maxLength", "maximum", "maxProperties", "const", OpenAPIPaths.bodyLimitKey]
        var found: [(String, Int)] = []
        func walk(_ value: Any, _ at: String) {
            if let object = value as? [String: Any] {
                for (key, child) in object {
                    if bounds.contains(key), let number = child as? Int { found.append(("\(at)/\(key)", number)) }
                    walk(child, "\(at)/\(key)")
                }
            } else if let list = value as? [Any] {
                for (index, child) in list.enumerated() { walk(child, "\(at)/\(index)") }
            }
        }
        walk(try Self.document(), "")
        #expect(found.count >= 8, "\(found)")
        for (at, number) in found {
            let allowed = at.hasSuffix(OpenAPIPaths.bodyLimitKey) ? bodyLimits : at.hasSuffix("maxProperties") ? [0] : named
            #expect(allowed.contains(number), "\(at) says \(number), which is no constant the server enforces")
        }
    }

    /// Each route's request body states the router's own limit for it, and each bound a route
    /// carries is in the document where the table places it.
    @Test func RouteBodyLimitsAndBounds_AreInTheDocument() throws {
        let paths = try #require(try Self.document()["paths"] as? [String: [String: [String: Any]]])
        let schemas = try #require((try Self.document()["components"] as? [String: Any])?["schemas"] as? [String: Any])
        let router = try StoreFixtures.withStore { store, directory in
            var router = Router()
            RunAPI(store: store, token: AccessToken(value: "t"), origins: OriginPlan(), dataDirectory: directory, serverVersion: "test")
                .register(into: &router)
            return router
        }
        for route in APIRoute.all where route.isDocumented {
            let operation = try #require(paths[route.path]?[route.method.lowercased()], "\(route)")
            if route.request != nil {
                let body = try #require(operation["requestBody"] as? [String: Any], "\(route)")
                let routed = router.routes.first { $0.method == route.method && $0.pattern == route.routerPattern }
                #expect(body[OpenAPIPaths.bodyLimitKey] as? Int == route.bodyLimit.bytes(router.limits), "\(route)")
                if let routed { #expect(body[OpenAPIPaths.bodyLimitKey] as? Int == routed.bodyLimit, "\(route)") }
            }
            for limit in route.limits {
                switch limit.placement {
                case .query(let name, let keyword):
                    let parameter = (operation["parameters"] as? [[String: Any]] ?? []).first { $0["name"] as? String == name }
                    #expect((parameter?["schema"] as? [String: Any])?[keyword] as? Int == limit.name.value, "\(route): \(name)")
                case .schema(let schema, let path, let keyword):
                    let value = (path + [keyword]).reduce(schemas[schema] as Any?) { value, key in
                        if let list = value as? [Any], let index = Int(key) { return list[index] }
                        return (value as? [String: Any])?[key]
                    }
                    #expect(value as? Int == limit.name.value, "\(route): \(schema)")
                }
            }
        }
    }
}
