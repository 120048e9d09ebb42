/// A request target as the access log writes it: the values of the query parameters that
/// carry secrets (`ServerConfiguration.secretQueryParameters`: the product's access token,
/// `/runs?token=`, and a run's write key, `/?run=ID&key=`) are replaced, so the log (stdout,
/// kept by CI) never holds them. OWASP Logging Cheat Sheet: never
/// log access tokens (https://cheatsheetseries.owasp.org/cheatsheets/Logging_Cheat_Sheet.html).
enum LoggedTarget {
    static let placeholder = "REDACTED"

    /// `secrets`: lowercased parameter names, compared after percent-decoding and
    /// case-folding: the server reads `%74oken` as `token`, so the log must hide it too.
    static func redacted(_ target: String, hiding secrets: Set<String>) -> String {
        guard let q = target.firstIndex(of: "?") else { return target }
        let query = target[target.index(after: q)...]
        var changed = false
        let pairs = query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            let name = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let decoded = (PercentDecoding.decode(String(name), plusAsSpace: true) ?? String(name)).lowercased()
            guard secrets.contains(decoded) else { return String(pair) }
            changed = true
            return name + "=" + placeholder
        }
        return changed ? String(target[...q]) + pairs.joined(separator: "&") : target
    }
}
