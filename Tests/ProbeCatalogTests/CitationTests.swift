import Foundation
import Testing

/// Comments, diagnoses and docs cite what a reader of the repository can open: a platform's
/// documentation, an RFC or W3C section, a WebKit/Chromium source or bug, or docs/ (above
/// all docs/requirements.md). A product spec, a seed document or an issue number lives
/// outside the repository and explains nothing to its reader.
@Suite struct CitationTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The trees a reader of the code and its docs reads.
    static let scannedTrees = ["Sources", "Public", "docs"]
    /// Text files only: the images and media fixtures under Public/ and docs/ have no comments.
    static let textExtensions: Set<String> = ["swift", "js", "html", "css", "md", "h", "c", "modulemap", "json", "txt", "sh", "py"]
    /// The trees hold about 230 text files; far fewer means the walk missed a tree and the
    /// test would pass without reading what it guards.
    static let minimumScannedFiles = 150

    /// "SPEC §3", "seed 001", "seeds/", "issue 7", "(#12)", "SPEC.md". `\bSPEC\b` leaves
    /// `AF_UNSPEC` alone; "seed" only counts with a seed document's number.
    static let citationPatterns = [
        #"\bSPEC\b"#,
        #"(?i:\bspec\.md\b)"#,
        #"(?i:\bseeds?\s*#?0\d\d\b)"#,
        #"(?i:\bseeds/)"#,
        #"(?i:\bissues?\s*#?\d+\b)"#,
        #"\(#\d+\)"#,
    ]

    /// One regex for all the patterns, compiled once per use (`Regex` is not `Sendable`).
    static func citationMatcher() -> (String) -> Bool {
        let regex = try! Regex(citationPatterns.joined(separator: "|"))
        return { $0.contains(regex) }
    }

    static func scannedFiles() -> [URL] {
        var files: [URL] = []
        for tree in scannedTrees {
            let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(tree), includingPropertiesForKeys: [.isRegularFileKey])
            while let url = enumerator?.nextObject() as? URL {
                if textExtensions.contains(url.pathExtension) { files.append(url) }
            }
        }
        return files
    }

    @Test func CitationPattern_CatchesSpecSeedAndIssue_AndSparesPublicSources() {
        let citesOutsideTheRepository = Self.citationMatcher()
        for bad in ["/// The probes of SPEC §3.", "(seed 001)", "Seed 000: let it fill", "see seeds/README.md", "the engine matrix (issue 7)", "fixed in (#12)"] {
            #expect(citesOutsideTheRepository(bad), "not caught: \(bad)")
        }
        for good in ["hints.ai_family = AF_UNSPEC", "RFC 9112 §6.3", "ISO/IEC 18004:2015 §7.9", "?size=&seed=", "seed: UInt64",
                     "https://bugs.webkit.org/show_bug.cgi?id=208667", "docs/requirements.md#camera-getusermedia", "issued for 127.0.0.1"] {
            #expect(!citesOutsideTheRepository(good), "wrongly caught: \(good)")
        }
    }

    @Test func NoCommentInSourcesOrPublic_CitesTheSpecASeedOrAnIssue() throws {
        let files = Self.scannedFiles()
        let paths = Set(files.map { String($0.path.dropFirst(Self.root.path.count + 1)) })
        #expect(files.count > Self.minimumScannedFiles, "scanned only \(files.count) files under \(Self.root.path)")
        for known in ["Sources/ProbeCatalog/Judging/Diff.swift", "Public/probes/camera.js", "docs/requirements.md"] {
            #expect(paths.contains(known), "\(known) was not scanned")
        }
        let citesOutsideTheRepository = Self.citationMatcher()
        var offenders: [String] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            let relative = String(file.path.dropFirst(Self.root.path.count + 1))
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where citesOutsideTheRepository(String(line)) {
                offenders.append("\(relative):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(offenders.isEmpty, "cite a public source or docs/requirements.md instead:\n\(offenders.joined(separator: "\n"))")
    }

    /// A GitHub source cited at a branch head ("blob/main/…") says tomorrow what someone
    /// pushed today: a platform fact cites the code at a tag or commit. A project's Markdown
    /// documentation page (a wrapper's Reference.md) is documentation, read as it stands.
    static let branchHead = #"github\.com/[^/\s]+/[^/\s]+/(?:blob|tree)/(?:main|master|develop|trunk)/[^\s)>"]*"#

    @Test func EveryGitHubSourceInSources_IsPinnedToATagOrCommit() throws {
        let regex = try Regex(Self.branchHead)
        var offenders: [String] = []
        for file in Self.scannedFiles() where file.path.contains("/Sources/") {
            let text = try String(contentsOf: file, encoding: .utf8)
            let relative = String(file.path.dropFirst(Self.root.path.count + 1))
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for match in line.matches(of: regex) {
                    let url = String(line[match.range])
                    if url.split(separator: "#")[0].hasSuffix(".md") { continue }
                    offenders.append("\(relative):\(index + 1): \(url)")
                }
            }
        }
        #expect(offenders.isEmpty, "pin these to a tag or commit (find_files or git ls-remote gives one):\n\(offenders.joined(separator: "\n"))")
        #expect(!"https://github.com/WebKit/WebKit/blob/main/Source/WebCore/x.cpp".matches(of: regex).isEmpty)
        #expect("https://github.com/WebKit/WebKit/blob/a41a0658989b1b54631d7f66f1abe9090f714f96/Source/x.cpp".matches(of: regex).isEmpty)
    }
}
