import Foundation
import Testing

/// README.md is the page a person reads in five minutes; everything else is under docs/, whose
/// index (docs/README.md) names each document. Their relative links must lead somewhere.
@Suite struct ReadmeDocumentTests {
    static let root = CitationTests.root
    static let readmeLineLimit = 150

    static func text(_ relative: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
    }

    /// The lines of a Markdown file outside its fenced code blocks.
    static func prose(_ text: String) -> [Substring] {
        var inFence = false
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inFence.toggle(); continue }
            if !inFence { lines.append(line) }
        }
        return lines
    }

    /// The targets of `[text](target)` and `![alt](target)` outside code blocks.
    static func linkTargets(_ text: String) throws -> [String] {
        let link = try Regex(#"\]\(([^)\s]+)\)"#)
        return prose(text).flatMap { line in
            line.matches(of: link).compactMap { $0.output[1].substring.map(String.init) }
        }
    }

    /// GitHub's anchor for a heading: lowercased, spaces to hyphens, punctuation dropped.
    static func anchor(_ heading: Substring) -> String {
        var out = ""
        for c in heading.trimmingCharacters(in: .whitespaces).lowercased() {
            if c == " " { out.append("-") } else if c.isLetter || c.isNumber || c == "-" || c == "_" { out.append(c) }
        }
        return out
    }

    static func anchors(_ text: String) -> Set<String> {
        Set(prose(text).compactMap { line -> String? in
            guard line.hasPrefix("#"), let space = line.firstIndex(of: " ") else { return nil }
            guard line[..<space].allSatisfy({ $0 == "#" }) else { return nil }
            return anchor(line[line.index(after: space)...])
        })
    }

    /// Each relative link of `relative` (a path from the repository's root) that leads nowhere:
    /// a missing file, or a `#fragment` no heading of the Markdown file it names has.
    static func brokenLinks(in relative: String) throws -> [String] {
        let body = try Self.text(relative)
        let folder = (relative as NSString).deletingLastPathComponent
        var broken: [String] = []
        for target in try linkTargets(body) {
            if target.range(of: #"^[a-zA-Z][a-zA-Z0-9+.-]*:"#, options: .regularExpression) != nil { continue }
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let path = String(parts[0])
            let fragment = parts.count > 1 ? String(parts[1]) : nil
            let file = path.isEmpty ? relative : ((folder as NSString).appendingPathComponent(path) as NSString).standardizingPath
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root.appendingPathComponent(file).path, isDirectory: &isDirectory) else {
                broken.append("\(relative): \(target) (no file \(file))")
                continue
            }
            if let fragment, file.hasSuffix(".md"), !anchors(try Self.text(file)).contains(fragment) {
                broken.append("\(relative): \(target) (no heading #\(fragment) in \(file))")
            }
        }
        return broken
    }

    @Test func Readme_IsAFiveMinuteRead() throws {
        let lines = try Self.text("README.md").split(separator: "\n", omittingEmptySubsequences: false)
        let count = lines.last?.isEmpty == true ? lines.count - 1 : lines.count
        #expect(count <= Self.readmeLineLimit, "README.md has \(count) lines; move detail to docs/ (at most \(Self.readmeLineLimit))")
    }

    @Test func ReadmeAndDocsIndex_LinkOnlyToFilesThatExist() throws {
        for document in ["README.md", "docs/README.md"] {
            let targets = try Self.linkTargets(Self.text(document))
            #expect(targets.count >= 5, "\(document): only \(targets.count) links read")
            let broken = try Self.brokenLinks(in: document)
            #expect(broken.isEmpty, "broken links:\n\(broken.joined(separator: "\n"))")
        }
    }

    @Test func DocsIndex_NamesEveryDocument() throws {
        let docs = Self.root.appendingPathComponent("docs")
        let index = try Set(Self.linkTargets(Self.text("docs/README.md")).map { String($0.split(separator: "#", maxSplits: 1).first ?? "") })
        var documents: [String] = []
        let enumerator = FileManager.default.enumerator(at: docs, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "md" else { continue }
            documents.append(String(url.standardizedFileURL.path.dropFirst(docs.standardizedFileURL.path.count + 1)))
        }
        #expect(documents.count > 10, "found only \(documents.count) documents under docs/")
        let unnamed = documents.filter { $0 != "README.md" && !index.contains($0) }.sorted()
        #expect(unnamed.isEmpty, "docs/README.md does not name: \(unnamed.joined(separator: ", "))")
    }

    @Test func Anchor_FollowsGitHubsHeadingIds() {
        #expect(Self.anchor("How CI uses it") == "how-ci-uses-it")
        #expect(Self.anchor("Team instance over PostgreSQL, several instances") == "team-instance-over-postgresql-several-instances")
        #expect(Self.anchor("The app's own report (optional)") == "the-apps-own-report-optional")
        #expect(Self.anchor("`--store` and `wait`") == "--store-and-wait")
    }
}
