#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProbeCatalog
import ProbeHTTP

/// The OpenAPI document's `paths`, generated from the route table: each documented route's
/// operation with its summary, its path parameters, its security, its request body (with the
/// router's size limit, 413 beyond) and its JSON answer, and every bound the route carries
/// written where a client reads it. What the table does not say (query parameters, error
/// statuses, descriptions) comes from the hand-written operation of the same method and path.
enum OpenAPIPaths {
    /// The key under a `requestBody` that states the router's body limit in bytes. OpenAPI 3.1
    /// has no keyword for a body's size; an `x-` key is a specification extension
    /// (https://spec.openapis.org/oas/v3.1.0#specification-extensions).
    static let bodyLimitKey = "x-maxBytes"

    static let runIDParameter: JSONValue = .object(["$ref": .string("#/components/parameters/RunID")])

    /// `paths` for `routes`, each operation starting from its `details` (keyed by path, then
    /// method). A detail for no documented route is a mistake in the document.
    static func paths(_ routes: [APIRoute], details: [String: JSONValue], limits: HTTPLimits) -> [String: JSONValue] {
        let documented = routes.filter(\.isDocumented)
        for (path, item) in details {
            guard case .object(let operations) = item else { preconditionFailure("paths[\(path)] is not an object") }
            for method in operations.keys {
                precondition(documented.contains { $0.path == path && $0.method.lowercased() == method },
                             "the OpenAPI document describes \(method.uppercased()) \(path), which is not a documented route of APIRoute.all")
            }
        }
        var paths: [String: [String: JSONValue]] = [:]
        for route in documented {
            var fields: [String: JSONValue] = [:]
            if case .object(let item)? = details[route.path], case .object(let given)? = item[route.method.lowercased()] { fields = given }
            paths[route.path, default: [:]][route.method.lowercased()] = .object(operation(route, fields, limits: limits))
        }
        return paths.mapValues { .object($0) }
    }

    static func operation(_ route: APIRoute, _ given: [String: JSONValue], limits: HTTPLimits) -> [String: JSONValue] {
        var fields = given
        fields["summary"] = .string(route.summary)
        if let detail = route.detail {
            precondition(fields["description"] == nil, "\(route): its description is the table's detail, not the text's")
            fields["description"] = .string(detail)
        }
        guard case .array(var parameters) = fields["parameters"] ?? .array([]) else { preconditionFailure("\(route): parameters is not a list") }
        parameters.removeAll { $0 == runIDParameter }
        let pathParameters = route.parameters.map { name -> JSONValue in
            precondition(name == "id", "\(route): a path parameter other than the run id needs its component")
            return runIDParameter
        }
        parameters = pathParameters + parameters
        if case .token = route.access { fields["security"] = .array([.object(["bearer": .array([])])]) }
        if let request = route.request {
            let bytes = route.bodyLimit.bytes(limits)
            fields["requestBody"] = .object([
                "required": .bool(request.required),
                "description": .string("At most \(bytes) bytes; a larger body is refused with 413 before it is read."),
                bodyLimitKey: .number(Double(bytes)),
                "content": .object(["application/json": .object(["schema": .object(["$ref": .string("#/components/schemas/\(request.schema)")])])]),
            ])
        }
        if let response = route.response {
            guard case .object(var responses) = fields["responses"] ?? .object([:]) else { preconditionFailure("\(route): responses is not an object") }
            precondition(responses["\(response.status)"] == nil, "\(route): its \(response.status) is the table's, not the text's")
            responses["\(response.status)"] = OpenAPIDocument.jsonResponse(response.description, schema: response.schema)
            fields["responses"] = .object(responses)
        }
        for limit in route.limits {
            guard case .query(let name, let keyword) = limit.placement else { continue }
            guard let index = parameters.firstIndex(where: { if case .object(let p) = $0 { p["name"] == .string(name) } else { false } }),
                  case .object(var parameter) = parameters[index], case .object(var schema)? = parameter["schema"] else {
                preconditionFailure("\(route) carries \(limit.name.rawValue) on its query parameter \(name), which it does not document")
            }
            schema[keyword] = .number(Double(limit.name.value))
            parameter["schema"] = .object(schema)
            parameters[index] = .object(parameter)
        }
        if parameters.isEmpty { fields["parameters"] = nil } else { fields["parameters"] = .array(parameters) }
        return fields
    }

    /// `schemas` with each bound the routes carry on a shared schema written in place.
    static func schemas(_ schemas: [String: JSONValue], bounds routes: [APIRoute]) -> [String: JSONValue] {
        var schemas = schemas
        for route in routes {
            for limit in route.limits {
                guard case .schema(let name, let path, let keyword) = limit.placement else { continue }
                guard let schema = schemas[name], let written = setting(.number(Double(limit.name.value)), at: path + [keyword], in: schema) else {
                    preconditionFailure("\(route) carries \(limit.name.rawValue) at \(name)/\(path.joined(separator: "/")), which is not in the document")
                }
                schemas[name] = written
            }
        }
        return schemas
    }

    /// `value` with `new` at `path` (object keys; list indices as numbers); nil when a step
    /// before the last is missing.
    static func setting(_ new: JSONValue, at path: [String], in value: JSONValue) -> JSONValue? {
        guard let first = path.first else { return new }
        let rest = Array(path.dropFirst())
        switch value {
        case .object(var object):
            if rest.isEmpty { object[first] = new; return .object(object) }
            guard let child = object[first], let written = setting(new, at: rest, in: child) else { return nil }
            object[first] = written
            return .object(object)
        case .array(var array):
            guard let index = Int(first), array.indices.contains(index), let written = setting(new, at: rest, in: array[index]) else { return nil }
            array[index] = written
            return .array(array)
        default:
            return nil
        }
    }
}
