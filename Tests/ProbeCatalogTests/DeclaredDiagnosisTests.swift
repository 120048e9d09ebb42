import Foundation
import Testing
@testable import ProbeCatalog

/// One fact in one place: a diagnosis is known in its probe's `extension Diagnosis` (beside the
/// symptoms and their causes) and judged in the `extension Diff` of the same file. `Assessment` takes a `Diagnosis`, which
/// only a declaration states, so an evaluator's inline string does not compile; these tests
/// hold the rest of the promise: the sources say no diagnosis of their own, every declaration
/// is listed and cites its basis, and every diagnosis a run states is declared for its probe.
@Suite struct DeclaredDiagnosisTests {
    static let sources = CitationTests.root.appendingPathComponent("Sources/ProbeCatalog")

    /// The catalog's sources whose file name starts with `prefix`, in whichever folder they sit
    /// (the judging files `Diff*.swift`, in `Judging/` and `Areas/Run/`); `name`
    /// is the path under Sources/ProbeCatalog.
    static func files(_ prefix: String) throws -> [(name: String, text: String)] {
        try FileManager.default.subpathsOfDirectory(atPath: sources.path)
            .filter { URL(fileURLWithPath: $0).lastPathComponent.hasPrefix(prefix) && $0.hasSuffix(".swift") }.sorted()
            .map { ($0, try String(contentsOf: sources.appendingPathComponent($0), encoding: .utf8)) }
    }

    /// What an evaluator would write to word a diagnosis itself: a string literal as the
    /// diagnosis or as the lead of a symptom's diagnosis, or a declaration of its own.
    static let inlineWording = [
        #"diagnosis:\s*(?:[^,\n]*\?\s*)?""#, #"lead:\s*""#, #"\bKnownDiagnosis\s*[(<]"#, #"\bDiagnosis\(id:"#,
        #"diagnosis\s*\+?=\s*""#,
    ]

    @Test func DiffSources_WordNoDiagnosisOfTheirOwn() throws {
        // The judging files (Diff.swift, DiffReport.swift, Diff+*.swift) whole, and every area's evaluators.
        let judged = try Self.files("Diff") + ObservedContractTests.extensions(of: "Diff").enumerated().map { ("extension Diff #\($0.offset + 1)", $0.element) }
        #expect(judged.count >= 10, "read only \(judged.map(\.name))")
        let regex = try Regex(Self.inlineWording.joined(separator: "|"))
        var offenders: [String] = []
        for file in judged {
            for (index, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where line.contains(regex) {
                offenders.append("\(file.name):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(offenders.isEmpty, "declare the diagnosis in the area's extension Diagnosis and state it (Diagnosis.name(values)):\n\(offenders.joined(separator: "\n"))")
        // The pattern catches what it guards.
        for bad in [#"diagnosis: "The page is off.","#, #"diagnosis: context.isAndroid ? "a" : "b","#, #"lead: "No camera""#, #"let d = KnownDiagnosis("x", probes: [], .observation) { "y" }"#] {
            #expect(bad.contains(regex), "not caught: \(bad)")
        }
        #expect(!#"diagnosis: Diagnosis.notSecureContext(),"#.contains(regex))
    }

    @Test func EveryDeclaredDiagnosis_IsListed_AndNamesDeclaredProbes() throws {
        let text = try ObservedContractTests.allSources()
        let declaredInSource = text.matches(of: try Regex(#"static let (\w+) = KnownDiagnosis"#)).map { String(text[$0.range]) }
        #expect(declaredInSource.count == Diagnosis.declared.count, "a KnownDiagnosis is missing from its file's *Declared list")
        let ids = Diagnosis.declared.map(\.id)
        #expect(Set(ids).count == ids.count, "two declarations share an id")
        let probes = Set(Catalog.standard.probes.map(\.id))
        for diagnosis in Diagnosis.declared {
            for probe in diagnosis.probes { #expect(probes.contains(probe), "\(diagnosis.id) names \(probe), which the catalog does not declare") }
        }
    }

    /// Every diagnosis the evaluators state, over the corpus and over each probe's healthy
    /// result with each of its boolean fields flipped on every platform family, is a declared
    /// one, declared for that probe, and the finding says its words.
    @Test func EveryDiagnosis_ComesFromADeclaredCause() throws {
        let declared = Dictionary(uniqueKeysWithValues: Diagnosis.declared.map { ($0.id, $0) })
        var stated = Set<String>()
        var problems = Set<String>()
        func judge(_ platform: DetectedPlatform, _ results: [ProbeResult]) {
            guard let diff = Diff(platform: platform, requirementSet: "liveform") else { return }
            let latest = Diff.latestAttempts(results)
            let context = EvaluationContext(results: latest, platform: platform, profile: diff.profile, requirementSet: diff.requirementSet)
            let report = diff.report(results: results)
            for probe in Catalog.standard.probes {
                guard let result = latest[probe.id], result.status != .skipped else { continue }
                var assessment = diff.evaluate(probe, result, context)
                if assessment.state == .unknown { assessment = diff.fallback(probe, result) }
                guard let diagnosis = assessment.diagnosis else { continue }
                stated.insert(diagnosis.id)
                guard let declaration = declared[diagnosis.id] else {
                    problems.insert("\(probe.id) stated \(diagnosis.id), which no area declares")
                    continue
                }
                if !declaration.probes.isEmpty, !declaration.probes.contains(probe.id) {
                    problems.insert("\(probe.id) stated \(diagnosis.id), declared for \(declaration.probes) only")
                }
                if let finding = report.finding(probe.id), let words = finding.diagnosis, !words.hasPrefix(diagnosis.text.prefix(40)) {
                    problems.insert("\(probe.id): the finding says \"\(words)\", not its declaration's \"\(diagnosis.text)\"")
                }
            }
        }
        for corpusCase in CorpusCase.all {
            judge(Run.detected(corpusCase.platform, osVersion: corpusCase.osVersion), corpusCase.posted)
        }
        for platform in [Platform.androidWebView, .iosWKWebView, .desktop, .androidChrome] {
            let healthy = Run.healthy(platform)
            for result in healthy {
                for (field, value) in result.observed {
                    guard let flag = value.boolValue else { continue }
                    var observed = result.observed
                    observed[field] = .bool(!flag)
                    judge(Run.detected(platform), healthy.map { $0.probe == result.probe ? Run.result(result.probe, observed) : $0 })
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.sorted().joined(separator: "\n"))")
        #expect(stated.count >= 25, "the sweep stated only \(stated.count) diagnoses: it no longer reaches the evaluators")
    }

    @Test func DeclaredTemplate_FillsInWhatTheRunObserved() {
        let null = Run.result("storage.local", ["available": false, "writeReadRemove": false])
        let finding = Run.finding(.androidWebView, null)
        let declared = Diagnosis.storageUnavailable("localStorage", "is null")
        #expect(declared.id == "storage.unavailable")
        #expect(finding.diagnosis?.hasPrefix(declared.text) == true)
        #expect(declared.text == "localStorage is null")
        #expect(declared.basis == .observation)
        // The observation leads; the platform fact is the cause the finding names, with its source.
        #expect(finding.causes.first?.id == "android.dom-storage-off")
        #expect(finding.causes.first?.source == PlatformSource.androidDomStorage)
    }
}
