import Foundation
import Testing
@testable import ProbeCatalog

/// One set of words: what a report shows of a finding (its diagnosis above its causes, each
/// cause's head, its check) never says the same thing twice, and no code reaches a person.
/// Held against every finding of every corpus run, so every cause the corpus reaches.
@Suite struct WordsTests {
    static var findings: [(CorpusCase, Finding)] {
        CorpusCase.all.flatMap { c in c.report().findings.filter { [.fail, .warn].contains($0.verdict) || !$0.causes.isEmpty }.map { (c, $0) } }
    }

    @Test func AFindingAsShown_SaysEachOfItsCausesOnce() {
        let all = Self.findings
        #expect(all.count > 80)
        var causesSeen = Set<String>()
        for (c, finding) in all {
            causesSeen.formUnion(finding.causes.map(\.id))
            // What a report shows of the finding: its diagnosis, then one line per cause.
            let shown = ([Words.diagnosis(finding) ?? ""] + finding.causes.map { Words.causeLine($0, in: finding) }).joined(separator: "\n")
            for cause in finding.causes {
                #expect(shown.components(separatedBy: cause.summary).count == 2,
                        "\(c): the cause \(cause.id) is said \(shown.components(separatedBy: cause.summary).count - 1) times: \(shown)")
            }
        }
        print("words: \(all.count) findings, \(causesSeen.count) distinct causes")
    }

    @Test func EachCauseLine_SaysItsSummaryOnce_AndItsCheckIsNotItsSummary() {
        for (c, finding) in Self.findings {
            for cause in finding.causes {
                let line = Words.causeLine(cause, in: finding)
                #expect(line.components(separatedBy: cause.summary).count == (Words.isTheDiagnosis(cause, of: finding) ? 1 : 2), "\(c): \(line)")
                #expect(cause.check != cause.summary, "\(c): \(cause.id)'s check repeats its summary")
                // Where it lives is said in words: no layer code is shown.
                #expect(!line.hasPrefix("\(cause.likelihood.rawValue), \(cause.layer.rawValue):"), "\(line)")
            }
        }
    }

    @Test func EveryCauseOfTheCatalog_HasItsLayerInWords() {
        for symptom in Catalog.symptoms {
            for known in symptom.causes {
                let words = Words.layer(known.layer)
                #expect(!words.isEmpty && words != known.layer.rawValue, "\(known.id)")
            }
        }
    }

    @Test func EverySkipReasonThePageSends_HasWords() throws {
        // The reasons the page's own code gives a skipped step (Public/**/*.js).
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("Public")
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".js") }
        var codes = Set<String>()
        let pattern = try Regex(#"(?:skipped\(|reason: )'([a-z0-9-]+)'"#)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: pattern) { codes.insert(String(match.output[1].substring!)) }
        }
        #expect(codes.count >= 8, "\(codes)")
        for code in codes.sorted() {
            #expect(Words.skipReasons[code] != nil, "the page skips with '\(code)', which has no words in Words.skipReasons")
        }
    }

    @Test func AnOverriddenPlatform_ReadsAsSet_NeverAsDetected() {
        let ua = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36"
        let set = PlatformDetector.detect(userAgent: ua, override: "android-webview")
        let words = Words.platform(set)
        #expect(words.hasPrefix("Android WebView: set by ?platform="), "\(words)")
        #expect(!words.contains("detected with"), "\(words)")
        let detected = Words.platform(PlatformDetector.detect(userAgent: ua))
        #expect(detected.contains("detected with high confidence") && !detected.contains("?platform="), "\(detected)")
    }
}
