import Foundation
import Testing
@testable import ProbeCatalog

/// The public real-world corpus: every case diagnosed as its thread concluded, the
/// same-symptom pairs naming both causes, across iOS, Android and the wrappers.
@Suite struct CorpusTests {
    @Test(arguments: CorpusCase.all)
    func RealWorldCase_IsDiagnosedAsItsThreadConcluded(_ corpusCase: CorpusCase) throws {
        let finding = try #require(corpusCase.finding(), "no finding for \(corpusCase.probe)")
        // A step the app's policy decides (window.open) stays an info finding; the setting
        // that produced the outcome is its cause to weigh.
        let policy = Catalog.standard.probe(id: corpusCase.probe)?.expectation.expectation(on: corpusCase.platform) == .info
        // A block the profile expects (WebKit's ITP on iOS) passes, its causes named all the same.
        let expectedBlock = finding.verdict == .pass && finding.expectation == .expectedBlocked
        #expect([.fail, .warn].contains(finding.verdict) || (finding.verdict == .info && (corpusCase.platform == .desktop || policy)) || expectedBlock,
                "\(corpusCase)")
        let leading = finding.causes.leading.map(\.id)
        #expect(leading.contains(corpusCase.top), "\(corpusCase): leading causes \(leading), all \(finding.causes.map(\.id))")
        for id in corpusCase.alsoNamed {
            #expect(finding.causes.contains { $0.id == id }, "\(corpusCase): \(id) not named among \(finding.causes.map(\.id))")
        }
        for cause in finding.causes {
            #expect(cause.source.hasPrefix("https://"), "\(cause.id) cites no public source")
        }
    }

    @Test func Corpus_HasEightyCitedCases_AtLeastSixPerWrapper() {
        let cases = CorpusCase.all
        #expect(cases.count >= 80)
        // At least six threads per wrapper, so no wrapper's knowledge rests on one or two reports.
        for wrapper in ["native", "react-native-webview", "webview_flutter", "flutter_inappwebview", "Capacitor", "Cordova", ".NET MAUI"] {
            #expect(cases.filter { $0.wrapper == wrapper }.count >= 6, "\(wrapper): \(cases.filter { $0.wrapper == wrapper }.count) cases")
        }
        #expect(Set(cases.map(\.url)).count == cases.count, "one case per thread (or a #fragment for a second symptom)")
        #expect(cases.allSatisfy { $0.url.hasPrefix("https://github.com/") })
        let families = Set(cases.map(\.platform.family))
        #expect(families.contains(.ios) && families.contains(.android))
        let wrappers = Set(cases.map(\.wrapper))
        #expect(wrappers.contains("react-native-webview"))
        #expect(["Capacitor", "Cordova", "flutter_inappwebview"].filter(wrappers.contains).count >= 2)
        let right = cases.filter { $0.diagnosedAsConcluded() }.count
        print("corpus: \(right) of \(cases.count) cases diagnosed as their threads concluded")
        #expect(right == cases.count)
    }

    @Test func HardPairs_NameBothCauses_AndTheCheckThatTellsThemApart() throws {
        let pairs = CorpusCase.all.filter { !$0.alsoNamed.isEmpty }
        #expect(pairs.count >= 10)
        for pair in pairs {
            let causes = try #require(pair.finding()).causes
            let named = causes.filter { ([pair.top] + pair.alsoNamed).contains($0.id) }
            #expect(named.allSatisfy { !$0.check.isEmpty }, "\(pair)")
        }
    }
}
