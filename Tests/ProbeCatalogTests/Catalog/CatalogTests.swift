import Foundation
import Testing
@testable import ProbeCatalog

@Suite struct CatalogTests {
    /// The order is the catalog's (StandardProbes.all, the areas' lists) and nowhere else: what a test can
    /// hold it to is that phases do not interleave, that a step comes after the one it waits
    /// on, and that the operator's questions come last.
    @Test func Probes_RunPhaseByPhase_AfterWhatTheyWaitOn_ThenTheOperatorQuestions() {
        let probes = Catalog.standard.probes
        let ids = probes.map(\.id)
        #expect(Set(ids).count == ids.count)
        let phases = probes.map(\.phase)
        var seen: [Probe.Phase] = []
        for phase in phases where seen.last != phase { seen.append(phase) }
        #expect(seen == Probe.Phase.allCases.filter { phases.contains($0) }, "phases interleave or are out of order: \(seen)")
        for (index, probe) in probes.enumerated() {
            guard let after = probe.after else { continue }
            let other = ids.firstIndex(of: after.probe)
            #expect(other != nil, "\(probe.id) waits on \(after.probe), which the catalog does not have")
            if after.waits == .run, let other { #expect(other < index, "\(probe.id) runs after \(after.probe) but comes first") }
        }
        #expect(ids.last == "operator.checklist")
        // The host report (docs/host-report.md) runs before the camera, so the OS permission
        // it reads is the one the app set up.
        #expect(ids.firstIndex(of: HostReport.probe)! < ids.firstIndex(of: "camera.api")!)
    }

    /// Closing the app ends the page: every other step is done before the relaunch, and only
    /// the checklist questions follow it.
    @Test func TheRelaunch_IsThePersonsLastStep_BeforeTheQuestions() {
        #expect(Catalog.standard.probes.suffix(2).map(\.id) == ["storage.relaunch", "operator.checklist"])
    }

    /// Each probe's kind and whether it needs a person are on its row (`Expected`,
    /// ProfileExpectationTests); these are the rules between them that hold whatever the probes.
    @Test func Probes_KindsMatchSpec() {
        let catalog = Catalog.standard
        #expect(catalog.probes.filter { $0.kind == .tap }.count >= 8)
        #expect(catalog.probes.filter { $0.kind == .operator }.allSatisfy { $0.needsPerson }, "an operator step is a person's")
        #expect(catalog.probe(id: "camera.getUserMedia")?.autoWhenUnattended == true)
        #expect(catalog.probe(id: "camera.frames")?.after == .cameraGrant)
        #expect(catalog.probe(id: "camera.devices")?.after == .cameraRequestEnded)
        #expect(catalog.probes.filter(\.asksOperator).map(\.id) == ["file.capture", "file.cancel", "nav.customScheme", "nav.returnUrl"])
    }

    @Test func OnlyStepsAPersonMustAnswerOrPerform_NeedAPerson() {
        // A farm script taps and picks files (docs/ci-and-farms.md, device farms): file.accept, file.cancel and
        // file.heic are its to complete; what the person saw or did outside the page is not.
        let people = Set(Catalog.standard.probes.filter(\.needsPerson).map(\.id))
        #expect(people == Set(Expected.all.filter(\.needsPerson).map(\.probe)))
        #expect(people.isDisjoint(with: ["file.accept", "file.cancel", "file.heic"]) && people.contains("file.capture"))
    }

    /// The healthy-run fixture is built from these, so they must be what the page may post.
    @Test func EveryHealthyExample_PostsOnlyDeclaredFields_OfTheirDeclaredTypes() {
        for probe in Catalog.standard.probes {
            #expect(!probe.healthy.observed.isEmpty, "\(probe.id) has no healthy example")
            for family in [Platform.Family.ios, .android, .desktop] {
                for (name, value) in probe.healthy.observed(on: family) {
                    let field = probe.field(name)
                    #expect(field != nil, "\(probe.id)'s healthy example posts \(name), which it does not declare")
                    #expect(field?.mismatch(value) == nil, "\(probe.id).\(name): \(field?.mismatch(value) ?? "")")
                }
            }
        }
    }

    @Test func Thresholds_AreNamedOnce_WithAReason() {
        for probe in Catalog.standard.probes {
            let names = probe.thresholds.map(\.name)
            #expect(Set(names).count == names.count, "\(probe.id) repeats a threshold")
            for threshold in probe.thresholds + Catalog.pageThresholds {
                #expect(threshold.ms > 0 && !threshold.reason.isEmpty, "\(probe.id).\(threshold.name)")
                #expect(threshold.ms <= Catalog.pageThresholds.first { $0.name == "autoStepMs" }!.ms, "\(threshold.name) outlasts the step limit")
            }
            #expect(Set(names).isDisjoint(with: Catalog.pageThresholds.map(\.name)), "\(probe.id) shadows a page threshold")
        }
    }

    @Test func EveryProbe_DocumentsItsObservedFields() {
        for probe in Catalog.standard.probes {
            #expect(!probe.observed.isEmpty, "\(probe.id) has no observed fields")
            #expect(Set(probe.observed.map(\.name)).count == probe.observed.count, "\(probe.id) repeats a field")
            for field in probe.observed {
                #expect(!field.doc.isEmpty, "\(probe.id).\(field.name) has no doc")
            }
            #expect(!probe.instructions.isEmpty && !probe.checks.isEmpty && !probe.title.isEmpty)
        }
    }

    @Test func Checklist_HasEveryLiveformItem_WithStableUniqueIds() {
        let checklist = Catalog.standard.checklist
        let perTab = Dictionary(grouping: checklist, by: \.tab).mapValues(\.count)
        // seed 000 "Verification Checklist": Common 3 + 4 + 6, Android 16, iOS WKWebView 16, React Native 8.
        #expect(perTab[.common] == 13)
        #expect(perTab[.android] == 16)
        #expect(perTab[.ios] == 16)
        #expect(perTab[.reactNative] == 8)
        #expect(Set(checklist.map(\.id)).count == checklist.count)
    }

    @Test func Checklist_EveryItemIsAccountedFor_AndPointsAtRealProbes() {
        let catalog = Catalog.standard
        for item in catalog.checklist {
            let coverage = item.coverage
            switch coverage.method {
            case .verified:
                #expect(!coverage.probes.isEmpty, "\(item.id)")
            case .inferred:
                #expect(coverage.rule != nil, "\(item.id)")
            case .confirmed:
                let question = try! #require(coverage.question)
                let probe = catalog.probe(id: question.probe)
                #expect(probe != nil, "\(item.id)")
                #expect(probe?.kind == .operator || probe?.asksOperator == true, "\(item.id) asks a non-operator probe")
                if question.probe != "operator.checklist" {
                    for field in question.fields { #expect(probe?.field(field) != nil, "\(item.id): \(field)") }
                }
            case .notObservable:
                #expect((coverage.reason ?? "").count > 20, "\(item.id) needs a reason")
            }
            for probe in coverage.probes { #expect(catalog.probe(id: probe) != nil, "\(item.id) names unknown probe \(probe)") }
        }
    }

    @Test func CoverageMethodCounts_AreComputedFromTheMap_AndSumToTheChecklist() {
        let catalog = Catalog.standard
        let counts = catalog.coverageMethodCounts
        #expect(counts.values.reduce(0, +) == catalog.checklist.count)
        #expect(counts == ["verified": 31, "inferred": 4, "confirmed": 14, "not-observable": 4])
    }

    @Test func ProbeChecklistItems_AreDerivedFromTheMap() {
        let catalog = Catalog.standard
        #expect(catalog.probe(id: "file.accept")!.checklistItems.contains("android.onShowFileChooser"))
        #expect(catalog.probe(id: "camera.getUserMedia")!.checklistItems.contains("ios.plist.camera"))
        for item in catalog.checklist {
            for probe in item.coverage.probes {
                #expect(catalog.probe(id: probe)!.checklistItems.contains(item.id))
            }
        }
    }

    /// A probe declares the checklist items it covers in its own file; the checklist names no
    /// probe. So a claim of an item the guide lacks (a typo), a claim that does not fit the
    /// item's method, or a verified item no probe claims is a catalog error, named here.
    @Test func EveryProbesChecklistClaim_NamesAGuideItem_AndEveryVerifiedOrInferredItemIsClaimed() {
        let problems = Checklist.problems(in: Checklist.liveform, claimedBy: Catalog.standard.probes)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        for item in Checklist.liveform where item.coverage.method == .verified || item.coverage.method == .inferred {
            #expect(item.coverage.probes.isEmpty && item.coverage.rule == nil, "\(item.id) lists its probes in Checklist.swift; the probes declare it")
        }
    }

    @Test func AClaimOfAnUnknownItem_OrAnUnclaimedVerifiedItem_IsAProblemThatNamesIt() {
        let storage = Catalog.standard.probe(id: "storage.local")!
        let typo = storage.verifies("android.cookie")
        let unclaimed = ChecklistItem("test.unclaimed", .common, "No probe verifies it.", .verified)
        let inferredTwice = ChecklistItem("test.inferred", .common, "Two probes infer it.", .inferred)
        let probes = [typo.infers("test.inferred", .passed, because: "a"), storage.infers("test.inferred", .passed, because: "b")]
        let problems = Checklist.problems(in: Checklist.liveform + [unclaimed, inferredTwice], claimedBy: probes)
        #expect(problems.contains { $0.contains("storage.local") && $0.contains("\"android.cookie\"") && $0.contains("does not have") }, "\(problems)")
        #expect(problems.contains { $0.contains("\"test.unclaimed\" is verified, but no probe") }, "\(problems)")
        #expect(problems.contains { $0.contains("\"test.inferred\" is inferred") && $0.contains("storage.local, storage.local do") }, "\(problems)")
        #expect(problems.contains { $0.contains("\"common.webview.cameraUI\" is verified, but no probe") }, "\(problems)")
    }

    /// An item's probes are the probes that claim it, in page order, and an inferred item's rule
    /// is its probe's declaration.
    @Test func AnItemsProbes_AreItsClaimants_InPageOrder() throws {
        let catalog = Catalog.standard
        let order = Dictionary(uniqueKeysWithValues: catalog.probes.enumerated().map { ($1.id, $0) })
        for item in catalog.checklist where item.coverage.method == .verified {
            let claimants = catalog.probes.filter { $0.checklistClaims.contains { $0.item == item.id } }.map(\.id)
            #expect(item.coverage.probes == claimants, "\(item.id)")
            #expect(item.coverage.probes.map { order[$0]! } == item.coverage.probes.map { order[$0]! }.sorted(), "\(item.id)")
        }
        let plist = try #require(catalog.checklist.first { $0.id == "ios.plist.camera" })
        #expect(plist.coverage.rule?.probe == "camera.getUserMedia")
        #expect(plist.coverage.rule?.condition == .passed)
        #expect(plist.coverage.probes == ["camera.getUserMedia"])
        let gesture = try #require(catalog.checklist.first { $0.id == "android.mediaGesture" })
        #expect(gesture.coverage.inherited == ["camera.getUserMedia"])
        // Resolving twice changes nothing: a catalog may be built from another's checklist.
        #expect(Checklist.resolved(catalog.checklist, by: catalog.probes) == catalog.checklist)
    }

    @Test func ExportJSON_IsStableValidJSON_WithEverything() throws {
        let text = Catalog.standard.exportJSON()
        #expect(text == Catalog.standard.exportJSON())
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["schema"] as? Int == 2)
        #expect((object["probes"] as? [Any])?.count == Catalog.standard.probes.count)
        #expect((object["profiles"] as? [Any])?.count == Platform.allCases.count * 2)
        #expect((object["checklist"] as? [Any])?.count == 53)
        let probes = try #require(object["probes"] as? [[String: Any]])
        let gum = try #require(probes.first { $0["id"] as? String == "camera.getUserMedia" })
        let fields = try #require(gum["observed"] as? [[String: Any]])
        #expect(fields.contains { $0["name"] as? String == "errorName" && $0["type"] as? String == "string" })
        #expect(text.contains("\"resultSchema\""))
        #expect(text.contains("\"ios-wkwebview\""))
    }

    /// What the page reads from `/api/config` to run a step: its limits by name, and the one
    /// `after` it waits on; the healthy example stays out of the page's download.
    @Test func ExportJSON_GivesThePageEachProbesLimitsAndDependency() throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(Catalog.standard.exportJSON().utf8)) as? [String: Any])
        let probes = try #require(object["probes"] as? [[String: Any]])
        let gum = try #require(probes.first { $0["id"] as? String == "camera.getUserMedia" })
        let limits = try #require(gum["thresholds"] as? [[String: Any]])
        #expect(limits.contains { $0["name"] as? String == "grantWaitMs" && $0["ms"] as? Double == 60000 && !(($0["reason"] as? String) ?? "").isEmpty })
        #expect(gum["healthy"] == nil)
        let devices = try #require(probes.first { $0["id"] as? String == "camera.devices" })
        #expect(devices["after"] as? [String: String] == ["probe": "camera.getUserMedia", "waits": "finish"])
        let frames = try #require(probes.first { $0["id"] as? String == "camera.frames" })
        #expect(frames["after"] as? [String: String] == ["probe": "camera.getUserMedia", "waits": "run"])
        let page = try #require((object["thresholds"] as? [String: Any])?["page"] as? [[String: Any]])
        #expect(Set(page.compactMap { $0["name"] as? String }) == Set(Catalog.pageThresholds.map(\.name)))
    }

    @Test func AddingARequirementSet_IsADataChange() {
        let strict = RequirementSet(
            id: "no-thirdparty", title: "t", source: "test", summary: "s",
            minimums: [VersionMinimum(.iOS, minimum: "16", note: "n")],
            overrides: ["cookie.thirdParty": ExpectationOverride(.info, because: "not needed")],
            deniesDisplayCapture: false, allowsPopups: true)
        let catalog = Catalog(probes: Catalog.standard.probes, requirementSets: RequirementSet.all + [strict], checklist: Checklist.liveform)
        let profile = catalog.profile(platform: .androidWebView, requirementSet: "no-thirdparty")!
        #expect(profile.expectation(for: "cookie.thirdParty") == .info)
        #expect(profile.expectation(for: "camera.scope") == .security)
        #expect(catalog.profile(platform: .iosWKWebView, requirementSet: "no-thirdparty")!.minimums.first?.minimum == Version([16]))
        #expect(catalog.profile(platform: .iosWKWebView, requirementSet: "nope") == nil)
    }

    @Test func Versions_CompareComponentWise() {
        #expect(Version("14.8")! < Version("15")!)
        #expect(Version("15")! == Version("15.0.0")!)
        #expect(Version("17_4_1")! == Version("17.4.1")!)
        #expect(Version("120.0.6099.193")!.major == 120)
        #expect(Version("x") == nil)
    }

    @Test func PreReleases_SortBeforeTheirReleaseAsSemverOrdersThem() {
        let ordered = ["1.0.0-alpha.9", "1.0.0-beta.2", "1.0.0-beta.14", "1.0.0", "1.0.1-rc.1", "1.0.1"].map { Version($0)! }
        #expect(ordered == ordered.sorted())
        #expect(zip(ordered, ordered.dropFirst()).allSatisfy { $0 < $1 && !($1 < $0) })
        #expect(Version("1.0.0-beta.14")!.description == "1.0.0-beta.14")
        #expect(Version("1.0.0-beta.14")! < Version("1.0")!)
        #expect(Version("2.0.1+1")! == Version("2.0.1")! && Version("2.0.1+1")!.description == "2.0.1+1")
        #expect(Version("2.0.0")! < Version("2.0.1+1")!)
    }
}

@Suite struct DiagnosisGuideTests {
    @Test func TheGuide_NamesOnlyRealProbes_AndEveryProbeWithARemedy() {
        let catalog = Catalog.standard
        for id in DiagnosisGuide.byProbe.keys { #expect(catalog.probe(id: id) != nil, "\(id)") }
        for probe in catalog.probes where probe.remedy != nil {
            #expect(DiagnosisGuide.byProbe[probe.id] != nil, "\(probe.id) has a remedy but no diagnosis in the guide")
        }
    }
}

/// Each question says who can answer it: the tester, by looking at the phone and the app, or
/// the integrator, from the app's code and build. The page asks only the tester's.
@Suite struct QuestionAudienceTests {
    static var questions: [(item: ChecklistItem, question: OperatorQuestion)] {
        Checklist.liveform.compactMap { item in item.coverage.question.map { (item, $0) } }
    }

    @Test func QuestionsAboutTheAppsCodeOrBuild_AreTheIntegrators() {
        // What a tester cannot see on a phone: code, manifests, Info.plist, build settings.
        let codeWords = ["encodeURIComponent", "URLComponents", "Uri.Builder", "Info.plist", "AndroidManifest", "build setting"]
        for (item, question) in Self.questions {
            let aboutCode = codeWords.contains { question.text.contains($0) }
            #expect((question.audience == .integrator) == aboutCode, "\(item.id): \(question.text) is for the \(question.audience.rawValue)")
        }
        #expect(Self.questions.contains { $0.item.id == "common.url.pidEncoded" && $0.question.audience == .integrator })
    }

    @Test func ThePagesAnswers_AreTheTestersQuestionsOnly() {
        let answers = Checklist.operatorAnswers("yes")
        #expect(answers["pidEncoded"] == nil)
        #expect(answers["cameraCheckedBeforeWebView"] == "yes")
    }

    @Test func TheExportedChecklist_CarriesEachQuestionsAudience() throws {
        let data = try JSONEncoder().encode(Checklist.liveform)
        let items = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let pid = try #require(items.first { $0["id"] as? String == "common.url.pidEncoded" })
        let question = try #require((pid["coverage"] as? [String: Any])?["question"] as? [String: Any])
        #expect(question["audience"] as? String == "integrator")
        let decoded = try JSONDecoder().decode([ChecklistItem].self, from: data)
        #expect(decoded.map(\.coverage.question) == Checklist.liveform.map(\.coverage.question), "read back with its audience")
    }
}

/// A probe is one declaration: the page's runner reads what it needs of each probe from the
/// catalog (`/api/config`: kind, `after`, `marksStart`, `besideNext`, the limits) and keeps
/// no table of probes of its own that a new probe would have to join.
@Suite struct PageRunnerTests {
    @Test func ThePageRunner_NamesNoProbe_ButTheHostReportsPair() throws {
        let text = try String(contentsOf: CitationTests.root.appendingPathComponent("Public/app.js"), encoding: .utf8)
        let ids = Set(Catalog.standard.probes.map(\.id.rawValue))
        let named = Set(text.matches(of: /'([a-z]+\.[A-Za-z]+)'/).map { String($0.1) }.filter(ids.contains))
        // host.report is weighed against env.injected's look for bridges (docs/host-report.md):
        // asking for the one asks for the other, and its script loads only where a bridge is.
        #expect(named == ["host.report", "env.injected"], "app.js names \(named.sorted()): declare it on the probe instead")
        let beside = Catalog.standard.probes.filter { $0.besideNext != nil }.map(\.id.rawValue)
        #expect(Set(beside) == ["env.injected", "storage.indexedDB", "cookie.server", "media.autoplay", "media.inline", "fetch.sameOrigin", "fetch.cors",
                                "fetch.integrity", "camera.microphone"])
        for clip in ["media.autoplay", "media.inline"] {
            #expect(Catalog.standard.probes.first { $0.id.rawValue == clip }?.besideNext?.contains(.ios) == false, "\(clip) runs alone on iOS")
        }
    }
}
