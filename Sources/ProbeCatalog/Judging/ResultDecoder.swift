#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A result the decoder refused, with the path of the offending field:
/// `results[3].attempt: expected an integer, got a string`.
public struct ResultDecodingError: Error, LocalizedError, CustomStringConvertible, Equatable, Sendable {
    public let path: String
    public let problem: String

    public var description: String { path.isEmpty ? problem : "\(path): \(problem)" }
    public var errorDescription: String? { description }
}

/// Reads results posted by the page. Unknown fields are tolerated (a newer page may send
/// more); a known field of the wrong type is rejected with its path. The observed fields
/// of known probes are checked against the catalog's declared types.
public struct ResultDecoder: Sendable {
    /// Results in one post, and so in one store write (the store takes this same limit): a page
    /// that was offline flushes its queue at once, the catalog's ~45 probes times a few
    /// attempts; more is a runaway page, refused before the server holds it all.
    public static let maxBatchCount = 500
    public static let maxIdLength = 128

    public let catalog: Catalog?

    /// `catalog`: checks the observed fields of the probes it knows; nil skips that check.
    public init(catalog: Catalog? = .standard) { self.catalog = catalog }

    /// One result: `{run, probe, attempt, status, observed, elapsedMs, at}`.
    public func decode(_ bytes: [UInt8]) throws -> ProbeResult {
        try result(from: parse(bytes), path: "")
    }

    public func decode(_ data: Data) throws -> ProbeResult { try decode([UInt8](data)) }

    /// A batch: `{ "results": [ … ] }`, or a bare array.
    public func decodeBatch(_ bytes: [UInt8]) throws -> [ProbeResult] {
        try decodeBatch(try parse(bytes))
    }

    func decodeBatch(_ value: JSONValue) throws -> [ProbeResult] {
        let list: [JSONValue]
        let prefix: String
        if let array = value.arrayValue {
            list = array
            prefix = ""
        } else if let object = value.objectValue {
            guard let results = object["results"] else {
                throw ResultDecodingError(path: "results", problem: "missing; a batch is {\"results\": [ … ]}")
            }
            guard let array = results.arrayValue else {
                throw ResultDecodingError(path: "results", problem: "expected an array, got \(results.typeDescription)")
            }
            list = array
            prefix = "results"
        } else {
            throw ResultDecodingError(path: "", problem: "expected an object {\"results\": [ … ]}, got \(value.typeDescription)")
        }
        guard list.count <= Self.maxBatchCount else {
            throw ResultDecodingError(path: prefix, problem: "\(list.count) results; at most \(Self.maxBatchCount) in one batch")
        }
        return try list.enumerated().map { index, item in try result(from: item, path: "\(prefix)[\(index)]") }
    }

    public func decodeBatch(_ data: Data) throws -> [ProbeResult] { try decodeBatch([UInt8](data)) }

    /// The body as JSON; a string holding U+0000 anywhere is refused here, naming its path
    /// from the body's root (`results[1].observed.name`), before any result is read (`NULText`).
    func parse(_ bytes: [UInt8]) throws -> JSONValue {
        let value: JSONValue
        do {
            value = try JSONValue.parse(bytes)
        } catch {
            throw ResultDecodingError(path: "", problem: "not valid JSON: \(error.problem) at byte \(error.offset)")
        }
        if NULText.mayBeIn(json: bytes), let path = NULText.path(in: value) {
            throw ResultDecodingError(path: path, problem: NULText.problem)
        }
        return value
    }

    func result(from value: JSONValue, path: String) throws -> ProbeResult {
        func at(_ name: String) -> String { path.isEmpty ? name : "\(path).\(name)" }
        guard let object = value.objectValue else {
            throw ResultDecodingError(path: path, problem: "expected an object, got \(value.typeDescription)")
        }
        func required(_ name: String) throws -> JSONValue {
            guard let field = object[name], !field.isNull else {
                throw ResultDecodingError(path: at(name), problem: "missing")
            }
            return field
        }
        func string(_ name: String) throws -> String {
            let field = try required(name)
            guard let text = field.stringValue else {
                throw ResultDecodingError(path: at(name), problem: "expected a string, got \(field.typeDescription)")
            }
            return text
        }
        func identifier(_ name: String) throws -> String {
            let text = try string(name)
            guard !text.isEmpty, text.utf8.count <= Self.maxIdLength else {
                throw ResultDecodingError(path: at(name), problem: "expected 1 to \(Self.maxIdLength) characters, got \(text.utf8.count)")
            }
            return text
        }

        var schema = ProbeResult.schemaVersion
        if let field = object["schema"], !field.isNull {
            guard let number = field.intValue else {
                throw ResultDecodingError(path: at("schema"), problem: "expected an integer, got \(field.typeDescription)")
            }
            guard number >= 1, number <= ProbeResult.schemaVersion else {
                throw ResultDecodingError(path: at("schema"), problem: "version \(number) is not supported; this server reads 1 to \(ProbeResult.schemaVersion)")
            }
            schema = number
        }
        let run = try identifier("run")
        let probe = ProbeID(rawValue: try identifier("probe"))

        let attemptField = try required("attempt")
        guard let attempt = attemptField.intValue else {
            throw ResultDecodingError(path: at("attempt"), problem: "expected an integer, got \(attemptField.typeDescription)")
        }
        guard attempt >= 1 else {
            throw ResultDecodingError(path: at("attempt"), problem: "expected 1 or more, got \(attempt)")
        }

        let statusText = try string("status")
        guard let status = ProbeResult.Status(rawValue: statusText) else {
            let allowed = ProbeResult.Status.allCases.map(\.rawValue).joined(separator: ", ")
            throw ResultDecodingError(path: at("status"), problem: "expected one of \(allowed), got \"\(statusText)\"")
        }

        var reason: String?
        if let field = object["reason"], !field.isNull {
            guard let text = field.stringValue else {
                throw ResultDecodingError(path: at("reason"), problem: "expected a string, got \(field.typeDescription)")
            }
            reason = text
        }

        var observed: [String: JSONValue] = [:]
        if let field = object["observed"], !field.isNull {
            guard let fields = field.objectValue else {
                throw ResultDecodingError(path: at("observed"), problem: "expected an object, got \(field.typeDescription)")
            }
            observed = fields
        }
        if probe == StepMarker.probe, let catalog, let problem = StepMarker.problem(in: observed, catalog: catalog) {
            throw ResultDecodingError(path: at("observed.\(problem.field)"), problem: problem.problem)
        }
        if probe == HostReport.probe, let problem = HostReport.problem(in: observed) {
            throw ResultDecodingError(path: at("observed.\(problem.field)"), problem: problem.problem)
        }
        if let known = catalog?.probe(id: probe) {
            for declared in known.observed {
                if let value = observed[declared.name], let problem = declared.mismatch(value) {
                    throw ResultDecodingError(path: at("observed.\(declared.name)"), problem: problem)
                }
            }
        }

        var elapsedMs = 0.0
        if let field = object["elapsedMs"], !field.isNull {
            guard let number = field.numberValue else {
                throw ResultDecodingError(path: at("elapsedMs"), problem: "expected a number, got \(field.typeDescription)")
            }
            guard number >= 0 else {
                throw ResultDecodingError(path: at("elapsedMs"), problem: "expected 0 or more, got \(number)")
            }
            elapsedMs = number
        }
        let time = try string("at")

        var result = ProbeResult(
            run: run, probe: probe, attempt: attempt, status: status, reason: reason,
            observed: observed, elapsedMs: elapsedMs, at: time)
        result.schema = schema
        return result
    }
}
