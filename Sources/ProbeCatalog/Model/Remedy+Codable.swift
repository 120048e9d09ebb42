/// On the wire a remedy is one list: `{"fixes": [{"wrapper", "family", "language", "code",
/// "docs"}, …]}`. Reports written by earlier builds spell it as columns (`iosSwift`,
/// `androidKotlin`, `reactNative`, `docs`, and a judged finding's `wrappers`); those are read
/// into the list, so `probe-server diff` still compares a report.json kept from before.
extension Remedy {
    enum CodingKeys: String, CodingKey { case fixes }

    enum EarlierKeys: String, CodingKey { case iosSwift, androidKotlin, reactNative, docs, wrappers }

    struct EarlierDocs: Decodable {
        let ios: String?
        let android: String?
        let reactNative: String?
    }

    public init(from decoder: any Decoder) throws {
        if let fixes = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent([WrapperFix].self, forKey: .fixes) {
            self.init(fixes: fixes)
            return
        }
        let earlier = try decoder.container(keyedBy: EarlierKeys.self)
        let docs = try earlier.decodeIfPresent(EarlierDocs.self, forKey: .docs)
        self.init(iosSwift: try earlier.decodeIfPresent(String.self, forKey: .iosSwift),
                  androidKotlin: try earlier.decodeIfPresent(String.self, forKey: .androidKotlin),
                  reactNative: try earlier.decodeIfPresent(String.self, forKey: .reactNative),
                  docs: Docs(ios: docs?.ios, android: docs?.android, reactNative: docs?.reactNative))
        // The judged fixes first (the detected wrapper's leading), then each declared line
        // none of them already gives its wrapper on a platform it is for.
        let judged = try earlier.decodeIfPresent([WrapperFix].self, forKey: .wrappers) ?? []
        let overlaps = { (a: WrapperFix, b: WrapperFix) in
            a.wrapper == b.wrapper && (a.family == nil || b.family == nil || a.family == b.family)
        }
        fixes = judged + fixes.filter { line in !judged.contains { overlaps($0, line) } }
    }
}
