#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A JSON value as the page posts it: the `observed` object of a result is free-form
/// per probe, so it is kept as a tree and read field by field by the diff.
public enum JSONValue: Sendable, Equatable, Codable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            do {
                self = .object(try container.decode([String: JSONValue].self))
            } catch DecodingError.typeMismatch(_, let context) {
                // Every JSON type failed: what is left is a number no Double holds (1e999),
                // which "expected an object" would misname.
                throw DecodingError.dataCorrupted(.init(
                    codingPath: context.codingPath,
                    debugDescription: "a number out of range (a JSON number here is at most ±1.8e308)"))
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            // Integral numbers are written without a fraction so that `3` stays `3`.
            if value.rounded() == value, abs(value) < 9.0e15 {
                try container.encode(Int64(value))
            } else {
                try container.encode(value)
            }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The name of the JSON type, as error messages say it ("a string", "an integer").
    public var typeDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        // The same bound as `intValue`: 1e20 is integral but no Int, and "expected an integer,
        // got an integer" would tell the sender nothing.
        case .number(let value): return value.rounded() == value && abs(value) < 9.0e15 ? "an integer" : "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    public var boolValue: Bool? { if case .bool(let value) = self { return value } else { return nil } }
    public var numberValue: Double? { if case .number(let value) = self { return value } else { return nil } }
    public var intValue: Int? {
        if case .number(let value) = self, value.rounded() == value, abs(value) < 9.0e15 { return Int(value) }
        return nil
    }
    public var stringValue: String? { if case .string(let value) = self { return value } else { return nil } }
    public var arrayValue: [JSONValue]? { if case .array(let value) = self { return value } else { return nil } }
    public var objectValue: [String: JSONValue]? { if case .object(let value) = self { return value } else { return nil } }
    public var isNull: Bool { self == .null }

    /// Reads a dotted path such as `answers.openSettings` inside an object.
    public subscript(path path: String) -> JSONValue? {
        var current: JSONValue? = self
        for key in path.split(separator: ".") {
            current = current?.objectValue?[String(key)]
        }
        return current
    }
}

extension JSONValue: ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    public init(nilLiteral: ()) { self = .null }
}
