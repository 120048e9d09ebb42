import Foundation
import Testing
@testable import ProbeCatalog

/// Fresh set 34: ten real failures chosen for a confirmed cause (a merged fix, a maintainer, or
/// the reporter or a commenter saying what fixed it) and a symptom the page's probes see, written
/// down before the catalog or this harness was read. Five on iOS, four on
/// Android and one on macOS, under Capacitor, react-native-webview, flutter_inappwebview, .NET
/// MAUI, Cordova, native Android apps (WebToApp's generated APK, a PWABuilder package, a plain
/// app) and laufey's macOS WKWebView; kinds beyond the camera: a fetch body, the web content or
/// renderer process ending, window.open and a custom scheme, a third-party frame's cookie, a
/// session cookie across a relaunch, the file chooser, DOM storage. Each is posted as the page
/// would post it on that device (the OS version only where the thread states it).
///
/// None was dropped. .NET MAUI injects no bridge: its case is posted as detected through
/// `?wrapper=maui`. The others are detected from their bridges (Capacitor, ReactNativeWebView,
/// cordova, flutter_inappwebview). laufey's macOS WKWebView has no platform of its own: it is
/// posted as the desktop the page's detector would see (a Macintosh agent), no wrapper.
///
/// `top` is the cause the thread concluded, chosen from the thread (a wrapper row whose cause is
/// a known cause is named by that cause's id); where no cause states it, `top` is the id such a
/// cause would naturally have, and the case is a miss: that is the measurement.
///
/// Before: 7/10 diagnosed as their threads concluded (measured on the catalog that already closed
/// fresh set 33). After: 9/10, each closed by a mechanism that reaches every case of its kind:
/// - ionic-team/capacitor#6645 (CapacitorHttp on iOS: a FormData upload arrived empty).
///   ios.scheme-handler-reissued led alone: capacitor.CapacitorHttp, whose row said multipart
///   bodies are re-encoded, reached only fetch.integrity. A request layer's row now reaches every
///   request probe whose body crosses it (fetch.sameOrigin, xhr.sameOrigin, file.accept's
///   upload), and is ruled out where env.injected shows the page's fetch is the engine's own
///   (`unless` with `lacks`).
/// - react-native-webview#2228 (iOS: logged out at every relaunch; the login cookie had no
///   Expires or Max-Age). The page saw only the session cookie gone, which is right, so the
///   finding passed with nothing said. Now a pass keeps the causes its evaluator named, and
///   storage.relaunch names page.session-cookie-ends-with-app where everything persistent stayed.
/// The open one (`freshSet34Open`), with why:
/// - littledivy/laufey#36 (a macOS WKWebView: a file input opened no panel until the WKUIDelegate
///   implemented runOpenPanelWith). The catalog judges iOS and Android WebViews; a Mac app's
///   WKWebView is seen as a desktop browser, whose file chooser no table judges.
extension CorpusCase {
    static let freshSet34: [CorpusCase] = [
        // Capacitor 5.0.5 with CapacitorHttp enabled (iOS and Android, 2023): a fetch/XHR POST of a FormData body reached
        // the server as an empty object; CapacitorHttp's patched fetch did not serialize FormData (merged
        // ionic-team/capacitor#6708, "feat(http): support for FormData requests"). On the page: the picked image's
        // multipart upload (file.accept) arrives as no multipart body, which the server refuses (415); the page's
        // fetch and XMLHttpRequest.open are replaced by the host.
        CorpusCase("https://github.com/ionic-team/capacitor/issues/6645", wrapper: "Capacitor", .iosWKWebView,
                   probe: "file.accept", top: "capacitor.CapacitorHttp", detected: .capacitor,
                   [Posted.uploadRefused(status: 415), Posted.patched(["fetch", "XMLHttpRequest.open"], bridges: ["Capacitor"])]),
        // react-native-webview 11.13 on iOS 15.0.1 (2021): after a while in the background the WebView came back blank;
        // iOS had ended the web content process. The reporter: handling onContentProcessDidTerminate (reload) solved it.
        CorpusCase("https://github.com/react-native-webview/react-native-webview/issues/2199", wrapper: "react-native-webview", .rnWebViewIOS, os: "15.0.1",
                   probe: "lifecycle.background", top: "ios.web-content-terminated", clock: Posted.stoppedClock, detected: .reactNativeWebView,
                   [Posted.started("lifecycle.background"), Posted.bridges(["ReactNativeWebView"])]),
        // flutter_inappwebview 5.4.3 on Android 10 (2022): "Render process's crash wasn't handled by all associated webviews,
        // triggering application crash"; commenters: implement onRenderProcessGone (return true) so the app survives the
        // renderer. Posted as stopping in the background step, where Android reclaims a renderer (the thread names no step).
        CorpusCase("https://github.com/pichillilorenzo/flutter_inappwebview/issues/1325", wrapper: "flutter_inappwebview", .androidWebView, os: "10",
                   probe: "lifecycle.background", top: "android.renderer-gone", clock: Posted.stoppedClock, detected: .flutterInAppWebView,
                   [Posted.started("lifecycle.background"), Posted.bridges(["flutter_inappwebview"])]),
        // .NET MAUI 9.0.81 WebView on iOS 18.5 (2025): a target="_blank" link on a remote site did nothing and raised no
        // Navigating event; MAUI's iOS WebView did not handle new-window requests (dotnet/maui PR #32199, "Fix iOS
        // WebView …", linked as the fix). On the page: window.open from the tap and from the timer both return null.
        CorpusCase("https://github.com/dotnet/maui/issues/30539", wrapper: ".NET MAUI", .iosWKWebView, os: "18.5",
                   probe: "nav.windowOpen", top: "maui.CreateWebView", detected: .maui,
                   [Run.result("nav.windowOpen", ["tapResult": "blocked", "timerResult": "blocked"])]),
        // Cordova iOS (2022–2024), a remote page with a cross-site iframe: the frame's cookies were never kept and
        // requestStorageAccess was denied, even with cross-site tracking allowed; WebKit keeps a third-party frame from
        // setting cookies for a site without one already (a commenter: seeding a cookie for the frame's domain made it
        // work). The thread concludes WebKit's third-party cookie blocking (ITP).
        CorpusCase("https://github.com/apache/cordova-ios/issues/1228", wrapper: "Cordova", .iosWKWebView,
                   probe: "cookie.thirdParty", top: "ios.itp", detected: .cordova,
                   [Posted.thirdPartyCookieDropped, Posted.bridges(["cordova"])]),
        // react-native-webview 11.14 on iOS 13.1 (2021–2024): the site's login was lost each time the app was killed; a
        // commenter (2024): "We fixed the issue by specifying the Expires or Max-Age of the cookie" — a session cookie
        // ends with the app's process in WKWebView. On the page: its session cookie is gone after the relaunch, its
        // Max-Age cookie, localStorage and IndexedDB stayed.
        CorpusCase("https://github.com/react-native-webview/react-native-webview/issues/2228", wrapper: "react-native-webview", .rnWebViewIOS, os: "13.1",
                   probe: "storage.relaunch", top: "page.session-cookie-ends-with-app", detected: .reactNativeWebView,
                   [Posted.sessionCookieOnlyLostOnRelaunch, Posted.bridges(["ReactNativeWebView"])]),
        // WebToApp's generated Android APK (2026), a native Android WebView wrapping the user's site: every tap on
        // <input type=file> was silently ignored; its WebChromeClient never implemented onShowFileChooser (merged
        // shiaho777/WebToApp#17). On the page: the default cancels at once, so each chooser fires cancel within ms.
        CorpusCase("https://github.com/shiaho777/WebToApp/pull/17", wrapper: "native (WebToApp APK)", .androidWebView,
                   probe: "file.accept", top: "android.no-file-chooser",
                   [Posted.chooserCancelledAtOnce, Posted.captureCancelledAtOnce, Posted.secondChooserCancelledAtOnce]),
        // A PWABuilder Android package (2019), a native WebView wrapping a remote PWA: localStorage was null and the app
        // failed; DOM storage is off by default (the reporter: webSettings.setDomStorageEnabled(true) fixed it; the
        // maintainer: fixed by the new generation).
        CorpusCase("https://github.com/pwa-builder/PWABuilder/issues/584", wrapper: "native (PWABuilder package)", .androidWebView,
                   probe: "storage.local", top: "android.dom-storage-off",
                   [Posted.storage("storage.local", available: false), Posted.storage("storage.session", available: false),
                    Run.result("storage.navigation", ["cookieSurvived": true, "localStorageSurvived": false], status: .fail)]),
        // A native Android WebView app (2020): tel: and mailto: links showed net::ERR_UNKNOWN_URL_SCHEME; the reporter:
        // overriding shouldOverrideUrlLoading to start ACTION_VIEW for them fixed it. On the page: the custom-scheme link
        // shows the WebView's error page.
        CorpusCase("https://github.com/vinaysomawat/CareerHigh-Android/issues/1", wrapper: "native", .androidWebView,
                   probe: "nav.customScheme", top: "native-android.shouldOverrideUrlLoading",
                   [Run.result("nav.customScheme", ["outcome": "webview-error"], status: .fail)]),
    ]

    static let freshSet34Open: [CorpusCase] = [
        // laufey (deno desktop's WKWebView backend) on macOS (2026): clicking <input type=file> did nothing, no panel, no
        // event; macOS WKWebView opens a panel only when the WKUIDelegate implements runOpenPanelWithParameters (merged
        // littledivy/laufey#41). Posted as the desktop the page's detector sees; the page waits and gets nothing.
        CorpusCase("https://github.com/littledivy/laufey/issues/36", wrapper: "laufey (macOS WKWebView)", .desktop,
                   probe: "file.accept", top: "macos.open-panel-not-implemented",
                   [Posted.chooser()]),
    ]
}

extension Posted {
    /// file.accept: a picked JPEG whose multipart upload the host's request layer did not send as
    /// multipart, so the server refused it with `status` and answered no file.
    static func uploadRefused(status: Int) -> ProbeResult {
        Run.result("file.accept", ["changeFired": true, "cancelFired": false, "waitedMs": 4200, "fileCount": 1, "type": "image/jpeg", "size": 123_456,
                                   "sniffedFormat": "jpeg", "sha256": "ab", "hashMatch": false, "serverAccepted": false,
                                   "uploadStatus": .number(Double(status)), "accept": "image/*"], status: .fail)
    }

    /// storage.relaunch: only the session cookie is gone after the app was closed and reopened.
    static let sessionCookieOnlyLostOnRelaunch = Run.result("storage.relaunch", ["relaunched": true, "sessionCookie": false, "persistentCookie": true,
                                                                                  "localStorage": true, "indexedDB": true])

    /// file.accept: the chooser was cancelled by the WebView before any could appear.
    static let chooserCancelledAtOnce = Run.result("file.accept", ["changeFired": false, "cancelFired": true, "fileCount": 0, "waitedMs": 35, "accept": "image/*"], status: .fail)

    /// file.capture: neither capture input got a file, and no camera opened.
    static let captureCancelledAtOnce = Run.result("file.capture", ["environmentChangeFired": false, "environmentFileCount": 0, "userChangeFired": false,
                                                                    "userFileCount": 0, "cameraOpenedDirectly": false], status: .fail)

    /// file.cancel: the first chooser cancelled at once, and no chooser opened the second time.
    static let secondChooserCancelledAtOnce = Run.result("file.cancel", ["cancelFired": true, "cancelMs": 35, "secondChooserOpened": false,
                                                                         "secondChangeFired": false, "secondFileCount": 0, "taps": 2], status: .fail)
}

/// Fresh set 34 judged by the corpus's own check: the diagnosed threads must stay diagnosed as
/// their threads concluded; an open one is a known miss until a mechanism closes it.
@Suite struct FreshSet34Tests {
    @Test(arguments: CorpusCase.freshSet34)
    func FreshCase_IsDiagnosedAsItsThreadConcluded(_ corpusCase: CorpusCase) throws {
        try corpusCase.expectDiagnosedAsConcluded()
    }

    @Test(arguments: CorpusCase.freshSet34Open)
    func OpenFreshCase_IsNotYetDiagnosedAsItsThreadConcluded(_ corpusCase: CorpusCase) throws {
        try corpusCase.expectStillOpen()
    }
}

/// The mechanisms that closed fresh set 34, held for every platform and wrapper they reach.
@Suite struct FreshSet34MechanismTests {
    static func relaunch(session: Bool, _ platform: Platform) -> CorpusCase {
        CorpusCase("a relaunch on \(platform.rawValue), session cookie kept: \(session)", wrapper: "native", platform,
                   probe: "storage.relaunch", top: "page.session-cookie-ends-with-app",
                   [Run.result("storage.relaunch", ["relaunched": true, "sessionCookie": .bool(session), "persistentCookie": true,
                                                    "localStorage": true, "indexedDB": true])])
    }

    @Test(arguments: [Platform.iosWKWebView, .androidWebView, .rnWebViewIOS, .iosSafari, .desktop])
    func ARelaunchThatKeptEverythingPersistent_PassesAndSaysTheSessionCookieEndedWithTheApp(_ platform: Platform) throws {
        let finding = try #require(Self.relaunch(session: false, platform).finding())
        // A browser's relaunch is information (its profile expects nothing of it); an app's passes.
        let expected: Finding.Verdict = platform.isAppWebView ? .pass : .info
        #expect(finding.verdict == expected)
        #expect(finding.causes.map(\.id) == ["page.session-cookie-ends-with-app"])
        let kept = try #require(Self.relaunch(session: true, platform).finding())
        #expect(kept.verdict == expected && kept.causes.isEmpty, "\(kept.causes.map(\.id))")
    }

    /// Every request probe a request layer's row reaches names it where the body changed, and
    /// not where env.injected shows the page's fetch is the engine's own.
    @Test(arguments: [ProbeID("fetch.sameOrigin"), "xhr.sameOrigin", "file.accept", "fetch.integrity"])
    func ARequestLayersRow_ReachesEveryRequestItCarries_UnlessTheFetchIsTheEngines(_ probe: ProbeID) throws {
        let row = try #require(WrapperCatalog.settings(.capacitor).first { $0.id == "CapacitorHttp" })
        let predicate = try #require(row.when.byProbe[probe])
        let healthy = try #require(Run.healthy(.iosWKWebView).first { $0.probe == probe })
        for (patched, named) in [(["fetch", "XMLHttpRequest.open"], true), ([], false)] {
            let run = CorpusCase("\(probe) through CapacitorHttp, patched \(patched)", wrapper: "Capacitor", .iosWKWebView,
                                 probe: probe, top: "capacitor.CapacitorHttp", detected: .capacitor,
                                 [predicate.example(from: healthy), Posted.patched(patched, bridges: ["Capacitor"])])
            let causes = try #require(run.finding()).causes
            #expect(causes.contains { $0.id == "capacitor.CapacitorHttp" } == named, "\(probe), patched \(patched): \(causes.map(\.id))")
        }
    }
}
