import Foundation
import Testing
@testable import ProbeCatalog

/// Fresh set 31: eight real failures chosen for a confirmed cause (a merged fix, a maintainer,
/// or the reporter saying what fixed it) and a symptom the page's probes see, before the
/// catalog was looked at for them; kinds the corpus had few of (request bodies, mixed content,
/// JavaScript off, unmuted autoplay, third-party cookies). Two on iOS, six on Android, six app
/// frameworks. Each is posted as the page would post it on that device (the OS version only
/// where the thread states it).
///
/// Two picked with them were dropped before measuring, as the page could not have run there:
/// meteor/meteor#7173 and react-native-webview#129 (autoplay on iOS 9, whose WebKit has no
/// async functions, which the page is written in).
///
/// After: 8/8 (the four misses joined `freshSet31`), each closed by a mechanism, none by a rule
/// only its thread reaches:
/// - capacitor#7473: a ranking rule. android.intercept-request-reissued weighs possible, not
///   likely, where env.injected shows the page's fetch or XMLHttpRequest.open replaced by the
///   host's script (`CauseEvidence.replacedRequestAPIs`): such a request may never reach the
///   WebView's shouldInterceptRequest, so the wrapper's own HTTP row stands beside it.
/// - maui#10141, flutter_inappwebview#72: a row field. `"defaultFails": true` says the value at
///   `current` is itself the wrong one (docs/wrapper-data.md), which ranks the row as a wrong
///   default of the wrapper, as likely as the platform's cause; set on every wrapper's
///   mixed-content row, each of which read a never-allow default at its tag.
/// - cordova-ios#922: an expected block keeps its causes. A finding that passes because the
///   profile expects the block (WebKit's ITP) carries the causes its diagnosis names.
///
/// Before: 4/8 diagnosed as their threads concluded (`freshSet31`). The four misses
/// (`freshSet31Open`), each with why:
/// - ionic-team/capacitor#7473 (Capacitor on Android, a Uint8Array POST body changed):
///   android.intercept-request-reissued led (likely); capacitor.CapacitorHttp was only possible,
///   though env.injected showed the page's fetch and XMLHttpRequest.open replaced by the host.
/// - dotnet/maui#10141 and flutter_inappwebview#72 (Android, http: image and fetch blocked):
///   android.mixed-content-never-allow led; each wrapper's row, whose default leaves the WebView's
///   never allow, was only possible: a row of the `probe` kind had no default to weigh.
/// - apache/cordova-ios#922 (iOS 14, a cross-site frame's cookie not kept): the finding passes as
///   the profile expects and its diagnosis names ITP, but a pass carried no causes at all.
extension CorpusCase {
    static let freshSet31: [CorpusCase] = [
        // Capacitor 4.5 on iOS with CapacitorHttp enabled: a binary response came back broken through the
        // patched XHR/fetch and came back whole with CapacitorHttp off (the reporter, with a reproduction);
        // a later merged change, ionic-team/capacitor#6898, passes XHR's response type to the native side.
        CorpusCase("https://github.com/ionic-team/capacitor/issues/6126", wrapper: "Capacitor", .iosWKWebView,
                   probe: "fetch.integrity", top: "capacitor.CapacitorHttp", detected: .capacitor,
                   [Posted.integrity(upload: false, download: false), Posted.patched(["fetch", "XMLHttpRequest.open"], bridges: ["Capacitor"])]),
        // An Android WebView app: the site showed its "enable JavaScript" block until
        // webSettings.setJavaScriptEnabled(true) (the reporter's fix). With no script, only the
        // server's record of the <noscript> beacon is posted.
        CorpusCase("https://github.com/mgks/Android-SmartWebView/issues/7", wrapper: "native", .androidWebView,
                   probe: "env.script", top: "android.javascript-off",
                   [Run.result("env.script", ["noscriptBeacon": true], status: .fail)]),
        // A react-native-webview player on Android did not autoplay: mediaPlaybackRequiresUserAction is true
        // unless set (merged MetaLabs-inc/react-native-vimeo-iframe#48 sets it from the autoplay parameter).
        CorpusCase("https://github.com/MetaLabs-inc/react-native-vimeo-iframe/pull/48", wrapper: "react-native-webview", .rnWebViewAndroid,
                   probe: "media.autoplay", top: "react-native-webview.mediaPlaybackRequiresUserAction", detected: .reactNativeWebView,
                   [Posted.autoplayRefusedUnmuted]),
        // A NativeScript app's Android WebView: a third-party cookie was not kept until
        // CookieManager.setAcceptThirdPartyCookies(webView, true) on the native view (the reporter's fix).
        CorpusCase("https://github.com/NativeScript/NativeScript/issues/3456", wrapper: "native", .androidWebView,
                   probe: "cookie.thirdParty", top: "android.third-party-cookies-off",
                   [Posted.thirdPartyCookieDropped]),
        // Capacitor 5.7 on Android with CapacitorHttp enabled: a fetch() POST with a Uint8Array body reached
        // the server as a JSON object of indexes (the reporter's log); merged ionic-team/capacitor#7558
        // ("handle UInt8Array on body") fixed the patched fetch.
        CorpusCase("https://github.com/ionic-team/capacitor/issues/7473", wrapper: "Capacitor", .androidWebView,
                   probe: "fetch.integrity", top: "capacitor.CapacitorHttp", detected: .capacitor,
                   [Posted.integrity(upload: false, download: true), Posted.patched(["fetch", "XMLHttpRequest.open"], bridges: ["Capacitor"])]),
        // BlazorWebView on Android: an http: image in the app's https page did not load; setting the Android
        // WebView's MixedContentMode to always allow loaded it (the MAUI team's test, with and without).
        CorpusCase("https://github.com/dotnet/maui/issues/10141", wrapper: ".NET MAUI", .androidWebView,
                   probe: "net.mixedContent", top: "maui.MixedContentMode", detected: .maui,
                   [Posted.mixedBlocked]),
        // flutter_inappwebview on Android: http: resources of an https page did not load until
        // setMixedContentMode(MIXED_CONTENT_ALWAYS_ALLOW) (the reporter's fix).
        CorpusCase("https://github.com/pichillilorenzo/flutter_inappwebview/issues/72", wrapper: "flutter_inappwebview", .androidWebView,
                   probe: "net.mixedContent", top: "flutter_inappwebview.mixedContentMode", detected: .flutterInAppWebView,
                   [Posted.mixedBlocked, Posted.bridges(["flutter_inappwebview"])]),
        // Cordova on iOS 14: WKWebView enables Intelligent Tracking Prevention by default, so a cross-site
        // frame's cookies are not kept (a cordova-ios maintainer's thread, from Apple's announcement).
        CorpusCase("https://github.com/apache/cordova-ios/issues/922", wrapper: "Cordova", .iosWKWebView, os: "14.0",
                   probe: "cookie.thirdParty", top: "ios.itp", detected: .cordova,
                   [Posted.thirdPartyCookieDropped, Posted.bridges(["cordova"])]),
    ]

    static let freshSet31Open: [CorpusCase] = []
}

extension Posted {
    /// fetch.integrity with each direction's hash match.
    static func integrity(upload: Bool, download: Bool) -> ProbeResult {
        Run.result("fetch.integrity", ["bytes": 131_072, "uploadHashMatch": .bool(upload), "downloadHashMatch": .bool(download)],
                   status: upload && download ? .pass : .fail)
    }

    /// env.injected with the built-ins the host replaced and its bridge objects.
    static func patched(_ natives: [String], bridges: [String]) -> ProbeResult {
        Run.result("env.injected", ["patchedNatives": .array(natives.map { .string($0) }), "unexpectedGlobals": [],
                                    "bridgeObjects": .array(bridges.map { .string($0) })])
    }

    /// The http: image did not load and the http: fetch was blocked.
    static let mixedBlocked = Run.result("net.mixedContent", ["imageLoaded": false, "fetchBlocked": true, "fetchErrorName": "TypeError"])

    /// An unmuted play() without a gesture, refused.
    static let autoplayRefusedUnmuted = Run.result("media.autoplay", ["played": false, "allowed": false, "errorName": "NotAllowedError",
                                                               "errorMessage": "play() failed because the user didn't interact with the document first."], status: .fail)

    /// The cross-site frame loaded and got its Set-Cookie, and its next request carried no cookie.
    static let thirdPartyCookieDropped = Run.result("cookie.thirdParty", ["frameLoaded": true, "loadedAsPage": false, "set": true, "readBack": false,
                                                                          "storageAccessApi": true, "origin": "https://second.probe.test", "crossSite": true], status: .fail)
}

/// Fresh set 31 judged by the corpus's own check: the diagnosed threads must stay diagnosed as
/// their threads concluded; an open one is a known miss until a mechanism closes it.
@Suite struct FreshSet31Tests {
    @Test(arguments: CorpusCase.freshSet31)
    func FreshCase_IsDiagnosedAsItsThreadConcluded(_ corpusCase: CorpusCase) throws {
        try corpusCase.expectDiagnosedAsConcluded()
    }

    @Test(arguments: CorpusCase.freshSet31Open)
    func OpenFreshCase_IsNotYetDiagnosedAsItsThreadConcluded(_ corpusCase: CorpusCase) throws {
        try corpusCase.expectStillOpen()
    }
}

/// The mechanisms that closed fresh set 31, held for every wrapper they reach, not only the
/// threads' own.
@Suite struct FreshSet31MechanismTests {
    /// Every wrapper whose mixed-content row reads a never-allow default at its tag.
    static let mixedContentWrappers: [Wrapper] = [.capacitor, .cordova, .flutterInAppWebView, .maui, .reactNativeWebView, .webviewFlutter]

    @Test(arguments: mixedContentWrappers)
    func BlockedMixedContent_NamesTheWrappersNeverAllowDefault_AsLikelyAsThePlatforms(_ wrapper: Wrapper) throws {
        let row = try #require(WrapperCatalog.settings(wrapper).first { $0.probes.contains("net.mixedContent") && $0.defaultFails })
        let run = CorpusCase("mixed content blocked under \(wrapper.rawValue)", wrapper: wrapper.rawValue, .androidWebView,
                             probe: "net.mixedContent", top: "\(wrapper.rawValue).\(row.id)", also: ["android.mixed-content-never-allow"],
                             detected: wrapper, [Posted.mixedBlocked])
        let finding = try #require(run.finding())
        let leading = finding.causes.leading.map(\.id)
        #expect(leading.contains("\(wrapper.rawValue).\(row.id)") && leading.contains("android.mixed-content-never-allow"), "\(leading)")
    }

    static func alteredUpload(patched: [String]) -> CorpusCase {
        CorpusCase("an upload changed on the way, patched \(patched)", wrapper: "native", .androidWebView,
                   probe: "fetch.integrity", top: "android.intercept-request-reissued",
                   [Posted.integrity(upload: false, download: true), Posted.patched(patched, bridges: [])])
    }

    @Test func AlteredBody_InAWebViewWhoseFetchIsTheEngines_LeadsWithTheInterceptedRequest() throws {
        let finding = try #require(Self.alteredUpload(patched: []).finding())
        #expect(finding.causes.first?.id == "android.intercept-request-reissued")
        #expect(finding.causes.first?.likelihood == .likely)
    }

    @Test(arguments: [["fetch"], ["XMLHttpRequest.open"], ["fetch", "XMLHttpRequest.open"]])
    func AlteredBody_WhereTheHostReplacedTheRequestAPIs_OnlyPossiblyTheInterceptedRequest(_ patched: [String]) throws {
        let finding = try #require(Self.alteredUpload(patched: patched).finding())
        let intercept = try #require(finding.causes.first { $0.id == "android.intercept-request-reissued" })
        #expect(intercept.likelihood == .possible)
        #expect(intercept.evidence.against.contains { $0.contains("host's own script") })
    }

    @Test func ExpectedBlock_PassesAndCarriesTheCausesItsDiagnosisNames() throws {
        let run = CorpusCase("a third-party cookie on iOS", wrapper: "native", .iosWKWebView, probe: "cookie.thirdParty", top: "ios.itp",
                             [Posted.thirdPartyCookieDropped])
        let finding = try #require(run.finding())
        #expect(finding.verdict == .pass)
        #expect(finding.causes.map(\.id) == ["ios.itp"])
        #expect(finding.diagnosis?.contains(finding.causes[0].summary) == true)
    }
}
