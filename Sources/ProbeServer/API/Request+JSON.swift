#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProbeCatalog
import ProbeHTTP

extension Request {
    /// Decodes the JSON body; on failure the error names the field at fault
    /// (`results[2].attempt: expected Int`).
    public func decodeJSON<T: Decodable>(_ type: T.Type) throws(HTTPError) -> T {
        // The run API's writes refuse every type but application/json before this
        // (CrossSiteWrites: text/plain and form bodies are what a cross-site page can send);
        // for any other caller only a multipart body is certainly not JSON.
        if let contentType = headers["content-type"]?.lowercased(), contentType.hasPrefix("multipart/") {
            throw HTTPError(.unsupportedMediaType, "expected Content-Type application/json, got \(contentType.prefix(60))")
        }
        guard !body.isEmpty else { throw HTTPError(.badRequest, code: "empty_body", "the request body is empty; send a JSON object") }
        // U+0000 in any string is refused here, naming the field, on every store alike (`NULText`).
        if NULText.mayBeIn(json: body), let value = try? JSONCoding.decoder.decode(JSONValue.self, from: Data(body)),
           let field = NULText.path(in: value) {
            throw HTTPError(.badRequest, code: "invalid_field", "\(field): \(NULText.problem)", field: field)
        }
        do {
            return try JSONCoding.decoder.decode(T.self, from: Data(body))
        } catch let error as DecodingError {
            let (field, message) = JSONErrorText.describe(error)
            throw HTTPError(.badRequest, code: field == nil ? "invalid_json" : "invalid_field", message, field: field)
        } catch {
            throw HTTPError(.badRequest, code: "invalid_json", "the body is not valid JSON")
        }
    }
}

/// Turns a `DecodingError` into the field path and a sentence a person can act on.
public enum JSONErrorText {
    public static func path(_ codingPath: [any CodingKey]) -> String {
        var out = ""
        for key in codingPath {
            if let i = key.intValue { out += "[\(i)]" } else { out += out.isEmpty ? key.stringValue : ".\(key.stringValue)" }
        }
        return out
    }

    public static func describe(_ error: DecodingError) -> (field: String?, message: String) {
        switch error {
        case .typeMismatch(let type, let ctx):
            let p = path(ctx.codingPath)
            return (p, "\(p.isEmpty ? "body" : p): expected \(typeName(type))")
        case .valueNotFound(let type, let ctx):
            let p = path(ctx.codingPath)
            return (p, "\(p.isEmpty ? "body" : p): expected \(typeName(type)), got null")
        case .keyNotFound(let key, let ctx):
            let p = path(ctx.codingPath + [key])
            return (p, "\(p): required field is missing")
        case .dataCorrupted(let ctx):
            let p = path(ctx.codingPath)
            if p.isEmpty { return (nil, "the body is not valid JSON") }
            return (p, "\(p): \(ctx.debugDescription)")
        @unknown default:
            return (nil, "the body does not match the expected JSON")
        }
    }

    static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Int.Type, is Int64.Type, is Int32.Type, is UInt.Type: return "an integer"
        case is Double.Type, is Float.Type: return "a number"
        case is Bool.Type: return "a boolean"
        default:
            let name = "\(type)"
            if name.hasPrefix("Array") { return "an array" }
            if name.hasPrefix("Dictionary") { return "an object" }
            return name
        }
    }
}
