import ProbeHTTP

/// The parameters of a Content-Disposition value (RFC 6266 §4.1, as RFC 7578 §4.2 uses it):
/// `form-data; name="file"; filename="a b.jpg"`. Quoted strings may escape with a backslash;
/// browsers percent-encode `"` in file names instead, which is kept as sent.
struct ContentDisposition {
    var type: String
    var parameters: [String: String] = [:]

    init(_ value: String) {
        var chars = Substring(value)
        func skipSpace() { while let c = chars.first, c == " " || c == "\t" { chars = chars.dropFirst() } }
        func token() -> String {
            var out = ""
            while let c = chars.first, c != ";", c != "=" { out.append(c); chars = chars.dropFirst() }
            return String(Substring(out).trimmingCharacters(in: " \t"))
        }
        type = token().lowercased()
        while chars.first == ";" {
            chars = chars.dropFirst()
            skipSpace()
            let name = token().lowercased()
            guard chars.first == "=" else { continue }
            chars = chars.dropFirst()
            skipSpace()
            var v = ""
            if chars.first == "\"" {
                chars = chars.dropFirst()
                while let c = chars.first {
                    chars = chars.dropFirst()
                    if c == "\\", let next = chars.first { v.append(next); chars = chars.dropFirst(); continue }
                    if c == "\"" { break }
                    v.append(c)
                }
                while let c = chars.first, c != ";" { chars = chars.dropFirst() }
            } else {
                v = token()
            }
            // The first occurrence wins: a second `name=` must not override the first.
            if !name.isEmpty, parameters[name] == nil { parameters[name] = v }
        }
    }
}
