import Foundation
import Testing
@testable import ProbeCatalog

@Suite struct CatalogTests {
    /// SPEC §3's table, in order (storage.local / storage.session are one row there).
    static let specOrder = [
        "env.script", "env.platform", "env.secureContext", "env.viewport", "env.injected",
        "storage.local", "storage.session", "storage.indexedDB", "cookie.document", "cookie.server",
        "cookie.thirdParty", "storage.navigation", "storage.relaunch", "fetch.sameOrigin", "fetch.credentials",
        "fetch.cors", "fetch.integrity", "xhr.sameOrigin", "net.mixedContent", "media.autoplay", "media.inline",
        "camera.api", "camera.devices", "camera.permission", "camera.getUserMedia", "camera.frames", "camera.facing",
        "camera.reacquire", "camera.scope", "camera.foreignOrigin", "file.accept", "file.capture", "file.cancel",
        "file.heic", "nav.windowOpen", "nav.customScheme", "nav.returnUrl", "nav.loadError", "lifecycle.background",
        "net.offline",
    ]

    @Test func Probes_FollowSpecOrder_ThenTheOperatorQuestions() {
        let ids = Catalog.standard.probes.map(\.id)
        // The host report (docs/host-report.md) is no SPEC row: it runs in the environment
        // phase, before the camera, so the OS permission it reads is the one the app set up.
        #expect(ids.firstIndex(of: HostReport.probe)! < ids.firstIndex(of: "camera.api")!)
        let spec = ids.filter { $0 != HostReport.probe }
        #expect(Array(spec.prefix(Self.specOrder.count)) == Self.specOrder)
        #expect(ids.last == "operator.checklist")
        #expect(Set(ids).count == ids.count)
    }

    @Test func Probes_KindsMatchSpec() {
        let catalog = Catalog.standard
        let taps = catalog.probes.filter { $0.kind == .tap }.map(\.id)
        #expect(taps == ["camera.getUserMedia", "file.accept", "file.capture", "file.cancel", "file.heic", "nav.windowOpen", "nav.customScheme", "nav.returnUrl"])
        let operators = catalog.probes.filter { $0.kind == .operator }.map(\.id)
        #expect(operators == ["storage.relaunch", "nav.loadError", "lifecycle.background", "net.offline", "operator.checklist"])
        #expect(catalog.probe(id: "camera.getUserMedia")?.autoWhenUnattended == true)
        #expect(catalog.probe(id: "camera.frames")?.after == "camera.getUserMedia")
        #expect(catalog.probes.filter(\.asksOperator).map(\.id) == ["file.capture", "file.cancel", "nav.customScheme", "nav.returnUrl"])
    }

    @Test func OnlyStepsAPersonMustAnswerOrPerform_NeedAPerson() {
        // A farm script taps and picks files (SPEC §6): file.accept, file.cancel and file.heic
        // are its to complete; what the person saw or did outside the page is not.
        let people = Catalog.standard.probes.filter(\.needsPerson).map(\.id)
        #expect(people == ["storage.relaunch", "file.capture", "nav.customScheme", "nav.returnUrl", "nav.loadError",
                           "lifecycle.background", "net.offline", "operator.checklist"])
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

    @Test func Checklist_HasEverySeed000Item_WithStableUniqueIds() {
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
