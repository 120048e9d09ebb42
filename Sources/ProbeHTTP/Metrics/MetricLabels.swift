/// The closed sets `/metrics` label values come from. A label value taken from the request
/// (its method, its path) makes a series per distinct value: 3,000 requests with 4 KB
/// invented methods made every scrape 105 MB before. Prometheus warns against exactly
/// this ("do not use labels to store dimensions with high cardinality",
/// https://prometheus.io/docs/practices/naming/#labels).
enum MetricLabels {
    /// The methods of RFC 9110 §9 (https://www.rfc-editor.org/rfc/rfc9110#section-9), PATCH
    /// (RFC 5789) and QUERY, the ones the server knows; any other method a client sends
    /// (answered 501) is counted as `other`.
    static let methods: Set<String> = ServerContext.knownMethods.union(["CONNECT"])
    static let otherMethod = "other"
    /// The route of a request no route matched: a static file (GET, HEAD) or nothing. The
    /// path itself is never a label.
    static let staticRoute = "static"
    static let unmatchedRoute = "unmatched"

    /// `method` when it is one of `methods`, else `other`.
    static func method(_ method: String) -> String {
        methods.contains(method) ? method : otherMethod
    }
}
