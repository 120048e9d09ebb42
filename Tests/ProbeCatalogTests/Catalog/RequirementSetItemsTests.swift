import Testing
@testable import ProbeCatalog

/// A checklist item one requirement set asks (the LiveForm URL and its `pid`) is asked under it
/// alone: under another set it is not applicable, names no reason of the verdict, and the page
/// (which reads `requirementSet` from the catalog's checklist) does not ask it.
@Suite struct RequirementSetItemsTests {
    static let liveformOnly: Set<String> = ["common.url.opens", "common.url.pidEncoded"]

    @Test func TheLiveFormURLAndItsPid_AreAskedUnderLiveformOnly() {
        #expect(Set(Catalog.standard.checklist.filter { $0.requirementSet != nil }.map(\.id)) == Self.liveformOnly)
        for item in Catalog.standard.checklist where Self.liveformOnly.contains(item.id) {
            #expect(item.requirementSet == RequirementSet.liveform.id)
            #expect(item.isAsked(under: "liveform") && !item.isAsked(under: "video-only"))
        }
        #expect(Catalog.defaultRequirementSet == RequirementSet.liveform.id, "liveform stays the default")
    }

    @Test func UnderAnotherSet_TheyAreNotApplicable_AndNoReasonOfTheVerdict() {
        let results = Run.healthy(.androidWebView).filter { $0.probe != .operatorChecklist }
        let liveform = Run.report(.androidWebView, results)
        let videoOnly = Run.report(.androidWebView, results, requirementSet: "video-only")
        for id in Self.liveformOnly {
            #expect(liveform.coverage.item(id)?.status == .unconfirmed, "\(id) under liveform")
            let item = videoOnly.coverage.item(id)
            #expect(item?.status == .notApplicable, "\(id) under video-only")
            #expect(item?.evidence.contains("liveform") == true)
            #expect(!videoOnly.reasons.flatMap(\.ids).contains(id), "\(id) is a reason of the video-only verdict")
        }
        #expect(liveform.reasons.flatMap(\.ids).contains("common.url.opens"))
        #expect(!videoOnly.verdictReasons.joined().contains("argosidentity"))
    }
}
