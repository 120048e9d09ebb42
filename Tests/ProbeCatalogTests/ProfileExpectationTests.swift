import Testing
@testable import ProbeCatalog

/// Every platform × probe expectation, written out from the expectations of docs/requirements.md
/// (R required, B expected-blocked, S security, I info), in the platform order
/// ios-wkwebview, ios-safari, android-webview, android-chrome, rn-webview-ios,
/// rn-webview-android, desktop.
@Suite struct ProfileExpectationTests {
    static let liveform: [ProbeID: String] = [
        "env.script": "RRRRRRR",
        "env.platform": "RRRRRRR",
        "env.secureContext": "RRRRRRR",
        "env.viewport": "RIRIRRI",
        "env.injected": "IIIIIII",
        "host.report": "IIIIIII",
        "storage.local": "RRRRRRR",
        "storage.session": "RRRRRRR",
        "storage.indexedDB": "RRRRRRR",
        "cookie.document": "RRRRRRR",
        "cookie.server": "RRRRRRR",
        // Android/RN-Android required; iOS expected blocked (ITP, docs/requirements.md#cookies).
        "cookie.thirdParty": "BBRRBRI",
        "storage.navigation": "RRRRRRR",
        "storage.relaunch": "RIRIRRI",
        "fetch.sameOrigin": "RRRRRRR",
        "fetch.credentials": "RRRRRRR",
        "fetch.cors": "RRRRRRR",
        "fetch.integrity": "RRRRRRR",
        "xhr.sameOrigin": "RRRRRRR",
        "net.mixedContent": "IIIIIII",
        "media.autoplay": "RIRIRRI",
        "media.inline": "RRRRRRI",
        "camera.api": "RRRRRRR",
        "camera.devices": "RRRRRRI",
        "camera.permission": "IIIIIII",
        "camera.getUserMedia": "RRRRRRI",
        "camera.frames": "RRRRRRI",
        "camera.facing": "IIIIIII",
        "camera.reacquire": "RIRIRRI",
        "camera.scope": "SISISSI",
        "camera.foreignOrigin": "SISISSI",
        "file.accept": "RRRRRRR",
        "file.capture": "RRRRRRI",
        "file.cancel": "RRRRRRR",
        "file.heic": "RRIIRII",
        "nav.windowOpen": "IIIIIII",
        "nav.customScheme": "RIRIRRI",
        "nav.returnUrl": "IIIIIII",
        "nav.loadError": "RIRIRRI",
        "lifecycle.background": "RRRRRRI",
        "net.offline": "RRRRRRI",
        "operator.checklist": "IIIIIII",
    ]

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
