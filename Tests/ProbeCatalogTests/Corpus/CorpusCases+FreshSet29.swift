import Foundation
import Testing
@testable import ProbeCatalog

/// Twelve real failures measured fresh: each thread chosen for a confirmed cause (a merged
/// fix, a maintainer, or the reporter saying what fixed it) and a symptom the page's probes
/// see, before the catalog was looked at for it. Each case is what the page would post on
/// that device and the cause its thread concluded, named as the catalog names such a cause.
extension CorpusCase {
    static let freshSet29: [CorpusCase] = [
        // MARK: Android
        // Capacitor 1.0 betas: audio.play() refused outside a gesture; Capacitor's bridge turns
        // setMediaPlaybackRequiresUserGesture off from the next release (maintainer; merged capacitor#1094).
        CorpusCase("https://github.com/ionic-team/capacitor/issues/1152", wrapper: "Capacitor", .androidWebView, os: "9",
                   probe: "media.autoplay", top: "capacitor.autoplay", detected: .capacitor,
                   [Run.result("media.autoplay", ["played": false, "allowed": false, "errorName": "NotAllowedError"], status: .fail),
                    Posted.bridges(["Capacitor"])]),
        // Xam.Plugin.Webview's Android renderer left DOM storage off: localStorage null until 1.4.3
        // set DomStorageEnabled (maintainer; the reporter: it fixed the error). Its own WebView, no wrapper's signals.
        CorpusCase("https://github.com/SKLn-Rad/Xam.Plugin.Webview/issues/19", wrapper: ".NET MAUI", .androidWebView, os: "7.0",
                   probe: "storage.local", top: "android.dom-storage-off",
                   [Posted.storage("storage.local", available: false, error: "TypeError"),
                    Posted.storage("storage.session", available: false, error: "TypeError")]),
        // cordova-android 10 serves the app from https://localhost instead of file://: a new origin,
        // the stored data out of reach after the update (maintainer; AndroidInsecureFileModeEnabled keeps file://).
        CorpusCase("https://github.com/apache/cordova-android/issues/1315", wrapper: "Cordova", .androidWebView, os: "11",
                   probe: "storage.relaunch", top: "cordova.scheme", detected: .cordova,
                   [Posted.storeLostOnRelaunch, Posted.bridges(["cordova"])]),
        // react-native-webview turned geolocation off in WebSettings when it built the view, over
        // geolocationEnabled={true} (merged react-native-webview#562 removes it; the reporter: it fixed the issue).
        CorpusCase("https://github.com/react-native-webview/react-native-webview/pull/562", wrapper: "react-native-webview", .rnWebViewAndroid, os: "8.1",
                   probe: "location.position", top: "react-native-webview.geolocationEnabled", detected: .reactNativeWebView,
                   [Run.result("location.position", ["available": true, "permissionStateBefore": "prompt", "permissionStateAfter": "prompt", "promptShown": .null,
                                                     "outcome": "denied", "errorCode": 1, "errorMessage": "User denied Geolocation", "elapsedMs": 4, "accuracyM": .null], status: .fail)]),
        // Android 15 (targetSdk 35) draws the app edge to edge; Capacitor before 7.1 left the WebView
        // under the system bars (merged capacitor#7871 adds the margins: adjustMarginsForEdgeToEdge).
        CorpusCase("https://github.com/ionic-team/capacitor/pull/7871", wrapper: "Capacitor", .androidWebView, os: "15",
                   probe: "env.viewport", top: "android.edge-to-edge-unhandled", detected: .capacitor,
                   [Posted.underTheBars, Posted.bridges(["Capacitor"])]),
        // flutter_inappwebview 4 on Android: location denied until the app answered
        // androidOnGeolocationPermissionsShowPrompt (the reporter's own answer; the plugin denies without it).
        CorpusCase("https://github.com/pichillilorenzo/flutter_inappwebview/issues/491", wrapper: "flutter_inappwebview", .androidWebView, os: "10",
                   probe: "location.position", top: "flutter_inappwebview.onGeolocationPermissionsShowPrompt", detected: .flutterInAppWebView,
                   [Run.result("location.position", ["available": true, "permissionStateBefore": "prompt", "permissionStateAfter": "prompt", "promptShown": .null,
                                                     "outcome": "denied", "errorCode": 1, "errorMessage": "User denied Geolocation", "elapsedMs": 12, "accuracyM": .null], status: .fail),
                    Posted.bridges(["flutter_inappwebview"])]),

        // MARK: iOS
        // Firefox for iOS: the location APIs in its WKWebView answered nothing until Info.plist had
        // NSLocationWhenInUseUsageDescription (merged firefox-ios#41).
        CorpusCase("https://github.com/mozilla-mobile/firefox-ios/pull/41", wrapper: "native", .iosWKWebView, os: "8.1",
                   probe: "location.position", top: "native-ios.NSLocationWhenInUseUsageDescription",
                   [Run.result("location.position", ["available": true, "permissionStateBefore": "unsupported", "permissionStateAfter": "unsupported", "promptShown": .null,
                                                     "outcome": "timeout", "errorCode": .null, "errorMessage": .null, "elapsedMs": 20_000, "accuracyM": .null], status: .fail)]),
        // flutter_inappwebview on iPhone: autoplaying video took over the screen until the app set
        // allowsInlineMediaPlayback (merged webspace_app#111).
        CorpusCase("https://github.com/theoden8/webspace_app/pull/111", wrapper: "flutter_inappwebview", .iosWKWebView, os: "18.5",
                   probe: "media.inline", top: "flutter_inappwebview.allowsInlineMediaPlayback", detected: .flutterInAppWebView,
                   [Posted.inlineFullscreen, Posted.bridges(["flutter_inappwebview"])]),
        // cordova-plugin-wkwebview-engine served pages from file://: localStorage differed from page to
        // page after a navigation; a custom scheme (cordova-ios 6) keeps one origin (maintainer).
        CorpusCase("https://github.com/apache/cordova-plugin-wkwebview-engine/issues/58", wrapper: "Cordova", .iosWKWebView, os: "10.2",
                   probe: "storage.navigation", top: "cordova.scheme", detected: .cordova,
                   [Run.result("storage.navigation", ["cookieSurvived": true, "localStorageSurvived": false], status: .fail), Posted.bridges(["cordova"])]),
        // cordova-ios 6's scheme and hostname preferences put the app at app://localhost: localStorage and
        // IndexedDB of the file:// origin out of reach after the update (maintainer: the URL changed).
        CorpusCase("https://github.com/apache/cordova-ios/issues/906", wrapper: "Cordova", .iosWKWebView, os: "13.5",
                   probe: "storage.relaunch", top: "cordova.scheme", detected: .cordova,
                   [Posted.storeLostOnRelaunch, Posted.bridges(["cordova"])]),
        // react-native-webview on iOS: the injected script's style never reached the page until the
        // WebView had an onMessage prop (the reporter: adding onMessage fixed it; react-native-webview#1779).
        CorpusCase("https://github.com/react-native-webview/react-native-webview/issues/3007", wrapper: "react-native-webview", .rnWebViewIOS, os: "16.4",
                   probe: "env.injected", top: "react-native-webview.onMessage", detected: .reactNativeWebView,
                   [Run.result("env.injected", ["patchedNatives": [], "unexpectedGlobals": [], "bridgeObjects": []]),
                    Run.result("env.platform", ["userAgent": "Mozilla/5.0 (iPhone; CPU iPhone OS 16_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
                                                "reactNativeWebView": false, "webkitMessageHandlers": true, "maxTouchPoints": 5])]),
        // flutter_inappwebview on iOS ignored applicationNameForUserAgent: the user agent lacked the
        // app's name (merged flutter_inappwebview#1095 appends it).
        CorpusCase("https://github.com/pichillilorenzo/flutter_inappwebview/issues/525", wrapper: "flutter_inappwebview", .iosWKWebView, os: "13.1",
                   probe: "env.platform", top: "flutter_inappwebview.applicationNameForUserAgent", detected: .flutterInAppWebView,
                   [Run.result("env.platform", ["userAgent": "Mozilla/5.0 (iPhone; CPU iPhone OS 13_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
                                                "reactNativeWebView": false, "webkitMessageHandlers": true, "maxTouchPoints": 5]),
                    Posted.bridges(["flutter_inappwebview"])]),
    ]
}

/// The fresh set judged by the same check as the corpus: the thread's cause among the
/// leading causes, every cause citing a public source.
@Suite struct FreshSet29Tests {
    @Test(arguments: CorpusCase.freshSet29)
    func FreshRealWorldCase_IsDiagnosedAsItsThreadConcluded(_ corpusCase: CorpusCase) throws {
        let finding = try #require(corpusCase.finding(), "no finding for \(corpusCase.probe)")
        let policy = Catalog.standard.probe(id: corpusCase.probe)?.expectation.expectation(on: corpusCase.platform) == .info
        #expect([.fail, .warn].contains(finding.verdict) || (finding.verdict == .info && (corpusCase.platform == .desktop || policy)), "\(corpusCase)")
        let leading = finding.causes.leading.map(\.id)
        #expect(leading.contains(corpusCase.top), "\(corpusCase): leading causes \(leading), all \(finding.causes.map(\.id))")
        for id in corpusCase.alsoNamed {
            #expect(finding.causes.contains { $0.id == id }, "\(corpusCase): \(id) not named among \(finding.causes.map(\.id))")
        }
        for cause in finding.causes {
            #expect(cause.source.hasPrefix("https://"), "\(cause.id) cites no public source")
        }
    }

    @Test func FreshSet29_HasTwelveThreads_HalfOnEachPlatform() {
        let cases = CorpusCase.freshSet29
        #expect(cases.count == 12)
        #expect(Set(cases.map(\.url)).count == cases.count)
        #expect(cases.filter { $0.platform.family == .ios }.count == 6)
        #expect(Set(cases.map(\.wrapper)).count >= 5)
        print("fresh set 29: \(cases.filter { $0.diagnosedAsConcluded() }.count) of \(cases.count) diagnosed as their threads concluded")
    }
}
