import Testing
@testable import ProbeCatalog

extension CorpusCase {
    /// A fresh set's open thread, judged by the corpus's own check: a known miss until a
    /// mechanism (a row, a matcher, a rank) closes it, when the known issue stops recording
    /// and the case moves to its set's diagnosed list. Its causes cite public sources either way.
    func expectStillOpen() throws {
        let finding = try #require(self.finding(), "no finding for \(probe)")
        withKnownIssue("not yet diagnosed as the thread concluded: \(self)") {
            let leading = finding.causes.leading.map(\.id)
            #expect(leading.contains(top), "\(self): leading causes \(leading), all \(finding.causes.map(\.id))")
        }
        for cause in finding.causes {
            #expect(cause.source.hasPrefix("https://"), "\(cause.id) cites no public source")
        }
    }

    /// A fresh set's diagnosed thread, judged by the corpus's own check: it must stay diagnosed
    /// as its thread concluded, every cause citing a public source.
    func expectDiagnosedAsConcluded() throws {
        let finding = try #require(self.finding(), "no finding for \(probe)")
        let leading = finding.causes.leading.map(\.id)
        #expect(diagnosedAsConcluded(), "\(self): leading causes \(leading), all \(finding.causes.map(\.id))")
        for cause in finding.causes {
            #expect(cause.source.hasPrefix("https://"), "\(cause.id) cites no public source")
        }
    }
}
