import Testing
@testable import ProbeCatalog

/// One probe's expected column and kind, written out from the expectations of
/// docs/requirements.md (R required, B expected-blocked, S security, I info) in the platform
/// order ios-wkwebview, ios-safari, android-webview, android-chrome, rn-webview-ios,
/// rn-webview-android, desktop; independently of the catalog, so a wrong expectation cannot
/// pass by agreeing with itself. Each area's rows are in its test file (`Areas/<Area>Tests.swift`),
/// beside the tests of its diagnoses.
struct Expected {
    let probe: ProbeID
    let liveform: String
    let kind: Probe.Kind
    /// Only a person can complete it (docs/requirements.md#product-rules): an unattended run skips it.
    let needsPerson: Bool
    /// Its failure stops the identity-verification flow outright (docs/requirements.md): no
    /// script, no secure context, no storage for the session, no camera, no picked file.
    let blocksFlow: Bool

    init(_ probe: ProbeID, _ liveform: String, _ kind: Probe.Kind = .auto, needsPerson: Bool = false, blocksFlow: Bool = false) {
        self.probe = probe
        self.liveform = liveform
        self.kind = kind
        self.needsPerson = needsPerson
        self.blocksFlow = blocksFlow
    }

    static let all: [Expected] = environment + run + storage + network + camera + location + files
    static func of(_ probe: ProbeID) -> Expected? { all.first { $0.probe == probe } }
}

@Suite struct ProfileExpectationTests {
    static let liveform: [ProbeID: String] = Dictionary(uniqueKeysWithValues: Expected.all.map { ($0.probe, $0.liveform) })

    /// video-only's changes (docs/requirements.md#video-only): no popups, camera only (files are not part of the contract).
    static let videoOnlyChanges: [ProbeID: String] = [
        "nav.windowOpen": "BIBIBBI",
        "file.accept": "IIIIIII",
        "file.capture": "IIIIIII",
        "file.cancel": "IIIIIII",
        "file.heic": "IIIIIII",
    ]

    static func expectations(_ code: String) -> [ProbeCatalog.Expectation] {
        code.map { letter in
            switch letter {
            case "R": return .required
            case "B": return .expectedBlocked
            case "S": return .security
            default: return .info
            }
        }
    }

    @Test func TheTable_CoversEveryProbe() {
        #expect(Set(Self.liveform.keys) == Set(Catalog.standard.probes.map(\.id)))
        #expect(Self.liveform.count == Expected.all.count, "a probe has two rows")
    }

    /// Whether a step needs a tap, an operator or a person is part of the contract too (an
    /// unattended run skips a person's step and a farm script answers a tap), and so is whether
    /// its failure stops the flow (its remedy is shown first among equals).
    @Test(arguments: Catalog.standard.probes.map(\.id))
    func EveryProbe_IsTheKindItsRowSays_AndBlocksTheFlowWhereItSays(id: ProbeID) throws {
        let probe = try #require(Catalog.standard.probe(id: id))
        let row = try #require(Expected.of(probe.id), "\(probe.id) has no row in its area's test file")
        #expect(probe.kind == row.kind, "\(probe.id) is \(probe.kind), its row says \(row.kind)")
        #expect(probe.needsPerson == row.needsPerson, "\(probe.id): needsPerson \(probe.needsPerson), its row says \(row.needsPerson)")
        #expect(probe.blocksFlow == row.blocksFlow, "\(probe.id): blocksFlow \(probe.blocksFlow), its row says \(row.blocksFlow)")
    }

    @Test(arguments: Catalog.standard.probes.map(\.id))
    func LiveformProfile_MatchesSpec(probe: ProbeID) throws {
        let expected = Self.expectations(try #require(Self.liveform[probe]))
        for (platform, expectation) in zip(Platform.allCases, expected) {
            let profile = try #require(Catalog.standard.profile(platform: platform, requirementSet: "liveform"))
            #expect(profile.expectation(for: probe) == expectation, "\(probe) on \(platform.rawValue)")
        }
    }

    @Test(arguments: Catalog.standard.probes.map(\.id))
    func VideoOnlyProfile_ChangesOnlyWhatTheVideoOnlySetSays(probe: ProbeID) throws {
        let expected = Self.expectations(try #require(Self.videoOnlyChanges[probe] ?? Self.liveform[probe]))
        for (platform, expectation) in zip(Platform.allCases, expected) {
            let profile = try #require(Catalog.standard.profile(platform: platform, requirementSet: "video-only"))
            #expect(profile.expectation(for: probe) == expectation, "\(probe) on \(platform.rawValue)")
        }
    }

    @Test func Minimums_FollowTheLiveformAndVideoOnlySets() throws {
        let ios = try #require(Catalog.standard.profile(platform: .iosWKWebView))
        #expect(ios.minimums.map(\.subject) == [.iOS])
        #expect(ios.minimums[0].minimum == Version([15]))
        #expect(ios.minimums[0].recommended == Version([16]))
        let android = try #require(Catalog.standard.profile(platform: .androidWebView))
        #expect(android.minimums.first { $0.subject == .android }?.minimum == Version([9]))
        #expect(android.minimums.first { $0.subject == .android }?.recommended == Version([10]))
        let rn = try #require(Catalog.standard.profile(platform: .rnWebViewAndroid))
        #expect(rn.minimums.first { $0.subject == .reactNativeWebView }?.minimum == Version([13]))
        let videoOnly = try #require(Catalog.standard.profile(platform: .iosWKWebView, requirementSet: "video-only"))
        #expect(videoOnly.minimums.first?.minimum == Version([14, 3]))
        #expect(Catalog.standard.profile(platform: .desktop)?.minimums.isEmpty == true)
    }

    @Test func ProfileTable_ListsEveryProbeForEverySet() {
        let text = ProfileTable.render()
        for probe in Catalog.standard.probes { #expect(text.contains(probe.id.rawValue)) }
        #expect(text.contains("requirement set: liveform (default)"))
        #expect(text.contains("requirement set: video-only"))
        #expect(text.contains("blocked-ok"))
        let ids = Catalog.standard.probes.map(\.id.rawValue)
        for line in text.split(separator: "\n") where ids.contains(where: { line.hasPrefix($0 + " ") }) {
            #expect(line.count <= 130, "\(line)")
        }
    }
}
