import Foundation
import Testing
@testable import ProbeCatalog

/// The observed fields are the contract with the page: every field the diff reads must be
/// declared (and so exported and documented) on the probe it reads it from. This reads the
/// diff's source, so a new `result.bool("x")` without a declared `x` fails here.
@Suite struct ObservedContractTests {
    static let sourceDirectory = CitationTests.root.appendingPathComponent("Sources/ProbeCatalog")

    /// File name → its path under the catalog's sources, which are laid out in folders
    /// (Areas/<area>/, Model/, Judging/…): a test names a file, not where it sits.
    static func sourceFiles() throws -> [String: String] {
        let paths = try FileManager.default.subpathsOfDirectory(atPath: sourceDirectory.path).filter { $0.hasSuffix(".swift") }
        return Dictionary(paths.map { (URL(fileURLWithPath: $0).lastPathComponent, $0) }, uniquingKeysWith: { a, _ in a })
    }

    static func source(_ name: String) throws -> String {
        let path = try #require(try sourceFiles()[name], "no \(name) under \(sourceDirectory.path)")
        return try String(contentsOf: sourceDirectory.appendingPathComponent(path), encoding: .utf8)
    }

    /// Every catalog source's text, one after the other: a probe is declared in its area's
    /// file (`Areas/<Area>/*.swift`), so the tests read them all rather than name one.
    static func allSources() throws -> String {
        try sourceFiles().keys.sorted().map { try source($0) }.joined(separator: "\n")
    }

    /// The text of every top-level `extension <type> {…}` in the catalog's sources: an area's
    /// file holds its declarations, its diagnoses and its evaluators, each in its own extension.
    static func extensions(of type: String) throws -> [String] {
        let text = try allSources()
        let regex = try NSRegularExpression(pattern: "(?ms)^extension \(NSRegularExpression.escapedPattern(for: type)) \\{\n(.*?)^\\}")
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { "\n" + String(text[Range($0.range(at: 1), in: text)!]) }
    }

    /// The sources name a probe by its constant (`.cameraFrames`): constant → its id, from
    /// the `ProbeID` declarations at the top of each area's file.
    static func probeNames() throws -> [String: ProbeID] {
        // StepMarker.swift names the page's start marker, a pseudo-probe the catalog does not declare.
        let declarations = try sourceFiles().keys.sorted().filter { $0 != "StepMarker.swift" }.map { try source($0) }.joined(separator: "\n")
        let pattern = try NSRegularExpression(pattern: #"static let (\w+) = ProbeID\(rawValue: "([\w.]+)"\)"#)
        let pairs = pattern.matches(in: declarations, range: NSRange(declarations.startIndex..., in: declarations)).map {
            (String(declarations[Range($0.range(at: 1), in: declarations)!]), ProbeID(rawValue: String(declarations[Range($0.range(at: 2), in: declarations)!])))
        }
        return Dictionary(pairs, uniquingKeysWith: { a, _ in a })
    }

    /// The probe a constant in the sources names; a name no declaration has fails the test.
    static func probe(named name: String, in names: [String: ProbeID]) throws -> ProbeID {
        try #require(names[name], ".\(name) is not a ProbeID constant of any area's file")
    }

    /// Function name → the probes whose results it reads, from the declarations'
    /// `evaluated(by: Diff.…)` in the areas' files.
    static func evaluators() throws -> [String: [ProbeID]] {
        let declarations = try allSources()
        let names = try probeNames()
        var map: [String: [ProbeID]] = [:]
        let pattern = try NSRegularExpression(pattern: #"id: \.(\w+), title:(?:(?!\n        Probe\().)*?\.evaluated\(\s*by: Diff\.(\w+)"#, options: [.dotMatchesLineSeparators])
        for match in pattern.matches(in: declarations, range: NSRange(declarations.startIndex..., in: declarations)) {
            let id = try probe(named: String(declarations[Range(match.range(at: 1), in: declarations)!]), in: names)
            map[String(declarations[Range(match.range(at: 2), in: declarations)!]), default: []].append(id)
        }
        // Helpers called from more than one evaluator.
        map["cameraDenial"] = ["camera.getUserMedia", "camera.reacquire"]
        return map
    }

    /// A probe is named once, beside its declaration: each `ProbeID` constant is the id of
    /// exactly one standard probe and every standard probe has one.
    @Test func EveryProbeIDConstant_NamesOneDeclaredProbe() throws {
        let names = try Self.probeNames()
        #expect(names.count == Catalog.standard.probes.count)
        #expect(Set(names.values) == Set(Catalog.standard.probes.map(\.id)))
    }

    /// The catalog names probes by their constants, never by a string: a misspelt name does
    /// not compile. The only ids written as text are the constants themselves (one line each,
    /// `public static let x = ProbeID(rawValue: "…")`) and the page's start-marker
    /// pseudo-probe (StepMarker.swift).
    @Test func TheCatalog_NamesNoProbeByAString() throws {
        let constant = try Regex(#"^    public static let \w+ = ProbeID\(rawValue: "[\w.]+"\)$"#)
        var constants = 0
        for (file, _) in try Self.sourceFiles() where file != "StepMarker.swift" {
            for line in try Self.source(file).split(separator: "\n") where line.contains("ProbeID(rawValue: \"") {
                if line.wholeMatch(of: constant) != nil { constants += 1; continue }
                Issue.record("\(file) spells a probe id as a string: use its ProbeID constant: \(line)")
            }
        }
        #expect(constants == Catalog.standard.probes.count)
        #expect("        let id = ProbeID(rawValue: \"x\")".wholeMatch(of: constant) == nil, "the pattern lets a spelt id through")
    }

    @Test func EveryProbe_HasItsEvaluatorOnItsDeclaration() throws {
        let found = Set(try Self.evaluators().values.joined())
        for probe in Catalog.standard.probes {
            #expect(probe.evaluator != nil, "\(probe.id) has no evaluator: add .evaluated(by: Diff.evaluate…) to its declaration")
            #expect(found.contains(probe.id), "\(probe.id): the contract test cannot find its evaluator on its declaration")
        }
    }

    /// Function name → its body, for every `func` in the Diff extensions.
    static func bodies() throws -> [String: String] {
        var bodies: [String: String] = [:]
        for text in try extensions(of: "Diff") {
            let parts = text.components(separatedBy: "\n    func ")
            for part in parts.dropFirst() {
                let name = String(part.prefix { $0.isLetter || $0.isNumber })
                bodies[name] = part
            }
        }
        return bodies
    }

    static func reads(_ body: String, pattern: String) throws -> [String] {
        let regex = try NSRegularExpression(pattern: pattern)
        return regex.matches(in: body, range: NSRange(body.startIndex..., in: body)).map {
            String(body[Range($0.range(at: 1), in: body)!])
        }
    }

    @Test func EveryFieldTheDiffReads_IsDeclaredOnItsProbe() throws {
        let evaluators = try Self.evaluators()
        let names = try Self.probeNames()
        let bodies = try Self.bodies()
        #expect(evaluators.count > 30)
        for (function, probes) in evaluators {
            let body = try #require(bodies[function], "no body for \(function)")
            let fields = try Self.reads(body, pattern: #"result\.(?:bool|int|number|string)\("(\w+)"\)"#)
                + Self.reads(body, pattern: #"result\.observed\["(\w+)"\]"#)
            for field in Set(fields) {
                for probe in probes {
                    #expect(Catalog.standard.probe(id: probe)?.field(field) != nil, "\(function) reads \(probe).\(field), which the probe does not declare")
                }
            }
            let regex = try NSRegularExpression(pattern: #"context\.observed\(\.(\w+), "(\w+)"\)"#)
            for match in regex.matches(in: body, range: NSRange(body.startIndex..., in: body)) {
                let probe = try Self.probe(named: String(body[Range(match.range(at: 1), in: body)!]), in: names)
                let field = String(body[Range(match.range(at: 2), in: body)!])
                #expect(Catalog.standard.probe(id: probe)?.field(field) != nil, "\(function) reads \(probe).\(field), which the probe does not declare")
            }
        }
    }

    /// Reads of another probe's field name the probe, so they can be checked wherever they
    /// are: the diff, the symptoms and their causes, the evidence, the checklist coverage.
    @Test func EveryNamedProbeFieldRead_InTheCatalog_IsDeclared() throws {
        let files = try Self.sourceFiles().keys.sorted()
        let regex = try NSRegularExpression(pattern: #"observed\(\.(\w+), "(\w+)"\)"#)
        let names = try Self.probeNames()
        var count = 0
        for file in files {
            let text = try Self.source(file)
            for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let probe = try Self.probe(named: String(text[Range(match.range(at: 1), in: text)!]), in: names)
                let field = String(text[Range(match.range(at: 2), in: text)!])
                count += 1
                #expect(Catalog.standard.probe(id: probe)?.field(field) != nil, "\(file) reads \(probe).\(field), which the probe does not declare")
            }
        }
        #expect(count > 10)
    }

    /// The platform detector reads env.platform's result as a dictionary (`PlatformSignals`,
    /// `PlatformDetector.detect(results:…)`): those keys are env.platform's declared fields too.
    @Test func EveryEnvPlatformFieldTheDetectorReads_IsDeclared() throws {
        let platform = try #require(Catalog.standard.probe(id: "env.platform"))
        var count = 0
        for file in ["PlatformSignals.swift", "PlatformDetector.swift"] {
            for field in try Self.reads(try Self.source(file), pattern: #"observed\["(\w+)"\]"#) {
                count += 1
                #expect(platform.field(field) != nil, "\(file) reads env.platform.\(field), which env.platform does not declare")
            }
        }
        #expect(count >= 8)
    }

    /// The check every read goes through (`ProbeResult.bool(_:)` and the others assert it).
    @Test func ARead_OfAnUndeclaredField_OrAsAnotherType_IsRefused() {
        #expect(ObservedRead.isDeclared(probe: "camera.getUserMedia", field: "outcome", as: .string))
        #expect(ObservedRead.isDeclared(probe: "camera.getUserMedia", field: "videoTracks", as: .number), "an integer reads as a number")
        #expect(!ObservedRead.isDeclared(probe: "camera.getUserMedia", field: "outcome", as: .boolean))
        #expect(!ObservedRead.isDeclared(probe: "camera.getUserMedia", field: "notDeclared", as: .string))
        #expect(!ObservedRead.isDeclared(probe: "camera.frames", field: "outcome", as: nil))
        let result = ProbeResult(run: "r", probe: "file.accept", status: .fail, observed: ["elapsedMs": 5])
        #expect(result.ifDeclared("elapsedMs", .number) == nil, "file.accept does not declare elapsedMs: shared readers see nothing")
    }

    @Test func JSONValues_RoundTrip_AndKeepIntegersIntegral() throws {
        let value: JSONValue = ["a": 1, "b": 1.5, "c": [true, nil, "x"], "d": ["e": "f"]]
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: data) == value)
        #expect(String(decoding: try JSONEncoder().encode(JSONValue.number(3)), as: UTF8.self) == "3")
        #expect(value[path: "d.e"] == "f")
        #expect(JSONValue.number(2).typeDescription == "an integer")
        #expect(JSONValue.number(2.5).typeDescription == "a number")
    }
}
