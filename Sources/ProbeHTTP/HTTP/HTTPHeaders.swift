/// Header fields in the order received. Names are stored lower-cased (field names are
/// case-insensitive, RFC 9110 §5.1), so lookups compare bytes without folding.
public struct HTTPHeaders: Sendable, Equatable, Sequence {
    public private(set) var fields: [(name: String, value: String)] = []

    public init() {}

    public init(_ fields: [(String, String)]) {
        for (name, value) in fields { add(name, value) }
    }

    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }

    public var count: Int { fields.count }

    public mutating func add(_ name: String, _ value: String) {
        fields.append((name.lowercased(), value))
    }

    /// Appends a field whose name is already lower-case (the parser's fast path).
    mutating func appendLowercased(_ name: String, _ value: String) {
        fields.append((name, value))
    }

    /// Replaces every field of that name with one.
    public mutating func set(_ name: String, _ value: String) {
        let name = name.lowercased()
        fields.removeAll { $0.name == name }
        fields.append((name, value))
    }

    public mutating func remove(_ name: String) {
        let name = name.lowercased()
        fields.removeAll { $0.name == name }
    }

    /// The first value of a field, or nil.
    public subscript(name: String) -> String? {
        let name = Self.folded(name)
        return fields.first { $0.name == name }?.value
    }

    /// Every value of a field, in order.
    public func values(_ name: String) -> [String] {
        let name = Self.folded(name)
        return fields.filter { $0.name == name }.map(\.value)
    }

    /// The name as stored: the server's own names are lower-case literals already, and
    /// lower-casing each again cost a String copy per lookup on the static path (perf, bench/).
    static func folded(_ name: String) -> String {
        name.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) ? name.lowercased() : name
    }

    /// Every field line of a list-valued field as one value, the lines joined with ", " in
    /// the order received (RFC 9110 §5.3: a recipient may combine them so, and the combined
    /// value means the same). Nil when the field is absent. Read list fields
    /// (`X-Forwarded-For`, `Accept`, `If-None-Match`…) through this, never the first line
    /// alone: a proxy that adds its own line leaves the client's line first.
    public func combined(_ name: String) -> String? {
        let name = Self.folded(name)
        var first: String?
        var more: [String] = []
        for field in fields where field.name == name {
            if first == nil { first = field.value } else { more.append(field.value) }
        }
        guard let first else { return nil }
        return more.isEmpty ? first : ([first] + more).joined(separator: ", ")
    }

    /// The trimmed, non-empty comma-separated elements of `combined(name)`, in order, case kept.
    public func elements(_ name: String) -> [String] {
        values(name).flatMap { $0.split(separator: ",") }
            .map { String($0.trimmingCharacters(in: " \t")) }
            .filter { !$0.isEmpty }
    }

    /// Every comma-separated element of every field of that name (RFC 9110 §5.6.1),
    /// trimmed and lower-cased: for tokens such as `Connection` and `Transfer-Encoding`.
    public func tokens(_ name: String) -> [String] {
        values(name).flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: " \t").lowercased() }
            .filter { !$0.isEmpty }
    }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }
}

extension Substring {
    package func trimmingCharacters(in set: String) -> Substring {
        var s = self[...]
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return s
    }
}
