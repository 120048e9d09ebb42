/// The Prometheus text exposition format, version 0.0.4
/// (https://prometheus.io/docs/instrumenting/exposition_formats/#text-based-format):
/// `# HELP` and `# TYPE` lines, then one sample per line, `name{label="value"} number`.
public struct MetricsExposition: Sendable {
    public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    public enum Kind: String, Sendable { case counter, gauge, histogram }

    private(set) public var text = ""

    public init() {}

    /// Starts a metric family: its help text and type.
    public mutating func family(_ name: String, _ kind: Kind, help: String) {
        text += "# HELP \(name) \(Self.escapeHelp(help))\n# TYPE \(name) \(kind.rawValue)\n"
    }

    /// One sample of the family last started (`name` may carry `_bucket`, `_sum`, `_count`).
    public mutating func sample(_ name: String, _ labels: [(String, String)] = [], _ value: Double) {
        text += name
        if !labels.isEmpty {
            text += "{" + labels.map { "\($0.0)=\"\(Self.escapeLabelValue($0.1))\"" }.joined(separator: ",") + "}"
        }
        text += " " + Self.number(value) + "\n"
    }

    /// A label value escapes backslash, double quote and line feed as `\\`, `\"` and `\n`.
    public static func escapeLabelValue(_ value: String) -> String {
        TextEscape.map(value) { scalar in
            switch scalar {
            case "\\": "\\\\"
            case "\"": "\\\""
            case "\n": "\\n"
            default: nil
            }
        }
    }

    /// Help text escapes backslash and line feed (a quote stays as it is).
    public static func escapeHelp(_ help: String) -> String {
        help.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
    }

    /// Integers without a fraction; `+Inf` as the format spells it.
    public static func number(_ value: Double) -> String {
        if value == .infinity { return "+Inf" }
        if value == -.infinity { return "-Inf" }
        if value.isNaN { return "NaN" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}

private extension String {
    func replacingOccurrences(of a: String, with b: String) -> String {
        split(separator: Substring(a), omittingEmptySubsequences: false).joined(separator: b)
    }
}
