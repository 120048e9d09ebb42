/// A data file that does not read: the message names the file, the row and the field, and
/// says what to write instead.
struct WrapperDataError: Error, CustomStringConvertible, Equatable {
    let description: String
}

/// One JSON object of a data file, read field by field. It knows its place in the file
/// ("cordova.json row 7 (onPermissionRequest)"), so every error can say where; and it
/// refuses a field it does not know, so a misspelt optional field fails instead of being
/// silently left out.
struct DataFields {
    let place: String
    private let object: [String: JSONValue]

    init(_ value: JSONValue, at place: String, required: [String], optional: [String] = []) throws {
        guard let object = value.objectValue else {
            throw WrapperDataError(description: "\(place): expected an object, got \(value.typeDescription)")
        }
        self.place = place
        self.object = object
        for key in required where object[key] == nil {
            throw WrapperDataError(description: "\(place): field \"\(key)\" is missing")
        }
        let known = Set(required + optional)
        for key in object.keys.sorted() where !known.contains(key) {
            throw WrapperDataError(description: "\(place): unknown field \"\(key)\" (known: \((required + optional).joined(separator: ", ")))")
        }
    }

    func error(_ message: String) -> WrapperDataError {
        WrapperDataError(description: "\(place): \(message)")
    }

    func has(_ key: String) -> Bool { object[key] != nil }

    func value(_ key: String) throws -> JSONValue {
        guard let value = object[key] else { throw error("field \"\(key)\" is missing") }
        return value
    }

    func string(_ key: String) throws -> String {
        let value = try value(key)
        guard let string = value.stringValue else { throw error("field \"\(key)\" must be a string, not \(value.typeDescription)") }
        return string
    }

    /// Null where the data says "none" on purpose (a previous major not read, no checklist tab).
    func nullable(_ key: String) throws -> JSONValue? {
        let value = try value(key)
        // JSONValue is ExpressibleByNilLiteral: a bare `nil` here would be `.null`, not none.
        return value.isNull ? Optional.none : value
    }

    func strings(_ key: String) throws -> [String] {
        try array(key).enumerated().map { index, item in
            guard let string = item.stringValue else {
                throw error("\"\(key)\" item \(index + 1) must be a string, not \(item.typeDescription)")
            }
            return string
        }
    }

    func array(_ key: String) throws -> [JSONValue] {
        let value = try value(key)
        guard let array = value.arrayValue else { throw error("field \"\(key)\" must be an array, not \(value.typeDescription)") }
        return array
    }

    /// Code or other text of several lines: one string, or an array of lines (easier to read
    /// and to edit in JSON), joined with newlines.
    func text(_ key: String) throws -> String {
        if let string = try value(key).stringValue { return string }
        return try strings(key).joined(separator: "\n")
    }

    /// A string that must be one of `T`'s raw values.
    func choice<T: RawRepresentable & CaseIterable>(_ key: String, of type: T.Type) throws -> T where T.RawValue == String {
        let raw = try string(key)
        guard let value = T(rawValue: raw) else {
            throw error("\"\(key)\" is \"\(raw)\", not one of \(T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
        }
        return value
    }

    /// "ios", "android", or "both" (nil: the same on either platform).
    func family(_ key: String = "family") throws -> Platform.Family? {
        switch try string(key) {
        case "both": return nil
        case "ios": return .ios
        case "android": return .android
        case let other: throw error("\"\(key)\" is \"\(other)\", not \"ios\", \"android\" or \"both\"")
        }
    }
}
