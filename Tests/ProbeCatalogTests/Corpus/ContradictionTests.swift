import Testing
@testable import ProbeCatalog

/// A diagnosis never contradicts another probe of the same run: checked over every corpus
/// run, once by the rules the causes declare (`KnownCause.ruledOutBy`) and once by a table
/// written here apart from them, so a rule left undeclared is caught too.
@Suite struct ContradictionTests {
    /// A cause (by id, or by what its summary claims, which catches an evaluator's own
    /// wording) and the observation of the run it cannot coexist with.
    struct Pair: CustomStringConvertible, Sendable {
        let claim: String
        let ids: Set<String>
        let says: [String]
        let observation: String
        let seen: @Sendable ([ProbeID: ProbeResult]) -> Bool

        func names(_ cause: Cause) -> Bool { ids.contains(cause.id) || says.contains { cause.summary.contains($0) } }
        var description: String { "\(claim) ⟂ \(observation)" }
    }

    static func bool(_ results: [ProbeID: ProbeResult], _ probe: ProbeID, _ field: String) -> Bool? {
        guard let result = results[probe], result.status != .skipped else { return nil }
        return result.observed[field]?.boolValue
    }

    static let pairs: [Pair] = [
        Pair(claim: "cookies are off for the app", ids: ["android.cookies-off"], says: ["setAcceptCookie(false)"],
             observation: "cookie.document wrote and read a cookie") { bool($0, "cookie.document", "writeRead") == true },
        Pair(claim: "cookies are off for the app", ids: ["android.cookies-off"], says: ["setAcceptCookie(false)"],
             observation: "cookie.server's cookie came back") { bool($0, "cookie.server", "echoed") == true },
        Pair(claim: "no file chooser", ids: ["android.no-file-chooser"], says: ["onShowFileChooser is not implemented"],
             observation: "file.accept got a file") { bool($0, "file.accept", "changeFired") == true },
        Pair(claim: "media needs a gesture", ids: ["ios.autoplay.user-action-required", "android.autoplay.gesture-required"], says: [],
             observation: "media.autoplay played without a gesture") { bool($0, "media.autoplay", "played") == true },
        Pair(claim: "DOM storage is off", ids: ["android.dom-storage-off"], says: ["domStorageEnabled is false"],
             observation: "localStorage worked") { bool($0, "storage.local", "available") == true && bool($0, "storage.local", "writeReadRemove") == true },
        Pair(claim: "a non-persistent store", ids: ["webview.non-persistent-store"], says: ["non-persistent data store"],
             observation: "localStorage survived the relaunch") { bool($0, "storage.relaunch", "localStorage") == true },
        Pair(claim: "the cookie did not survive the relaunch", ids: ["android.incognito-clears-cookies", "android.cookies-not-flushed"], says: [],
             observation: "the persistent cookie survived") { bool($0, "storage.relaunch", "persistentCookie") == true },
        Pair(claim: "the app lacks the camera permission", ids: ["android.camera.no-runtime-permission", "rn.android.camera.manifest", "cordova.android.grant-without-runtime", "android.capture-without-camera-permission", "ios.camera.settings-denied", "ios.camera.no-usage-description", "camera.no-device"], says: [],
             observation: "camera.getUserMedia opened the camera") { $0["camera.getUserMedia"]?.observed["outcome"]?.stringValue == "granted" },
    ]

    @Test(arguments: CorpusCase.all)
    func NoCauseOfAnyFinding_IsRuledOutByTheRulesItDeclares(_ corpusCase: CorpusCase) {
        let latest = corpusCase.latest
        for finding in corpusCase.report().findings {
            let known = Catalog.symptoms.filter { $0.probes.contains(finding.probe) }.flatMap(\.causes)
            for cause in finding.causes {
                for declared in known where declared.id == cause.id {
                    let by = declared.contradiction(in: latest)
                    #expect(by == nil, "\(corpusCase): \(finding.probe) names \(cause.id), which \(by?.probe ?? "") rules out: \(by?.reason ?? "")")
                }
            }
        }
    }

    @Test(arguments: CorpusCase.all)
    func NoCauseOfAnyFinding_CooccursWithAnObservationThatContradictsIt(_ corpusCase: CorpusCase) {
        let latest = corpusCase.latest
        for finding in corpusCase.report().findings {
            for cause in finding.causes {
                for pair in Self.pairs where pair.names(cause) && pair.seen(latest) {
                    Issue.record("\(corpusCase): \(finding.probe) names \(cause.id) (\(pair))")
                }
            }
        }
    }

    /// The table above is a second opinion on the declared rules: every pair's cause declares
    /// a rule on the same probe, so the reports say why it was ruled out.
    @Test func EveryContradictionPair_IsDeclaredOnItsCause() {
        let causes = Catalog.symptoms.flatMap(\.causes)
        for pair in Self.pairs {
            for id in pair.ids {
                let declared = causes.filter { $0.id == id }
                #expect(!declared.isEmpty, "\(id) is not a known cause")
                #expect(declared.allSatisfy { !$0.ruledOutBy.isEmpty }, "\(id) declares no ruledOutBy for \(pair)")
            }
        }
    }
}
