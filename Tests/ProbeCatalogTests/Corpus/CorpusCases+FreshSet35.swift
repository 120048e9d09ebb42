import Foundation
import Testing
@testable import ProbeCatalog

/// Fresh set 35: real failures chosen for a confirmed cause (a merged fix, a maintainer, or the
/// reporter or commenters saying what fixed it) and a symptom the page's probes see, written down
/// before the catalog or this harness was read. Ten were chosen; nine are
/// measured here, four on iOS and five on Android, under Capacitor, react-native-webview,
/// webview_flutter, Xamarin.Forms and native Android hosts (WebToApp's generated APK, the
/// unity-webview plugin, OpenMinis); kinds: geolocation, mixed content, a multipart upload, the
/// file input's camera, the user agent, the safe-area viewport, a new window, the renderer ending,
/// storage across a relaunch. Each is posted as the page would post it on that device (the OS
/// version only where the thread states it).
///
/// Dropped after reading the probes: apache/cordova-plugin-inappbrowser#1078 (iOS 18 refuses the
/// plugin's deprecated openURL:, so `_system` links do nothing). The page opens windows only with
/// window.open(url, '_blank') and links only to a custom scheme; it never asks the plugin for the
/// system browser, so nothing it runs reaches openInSystem.
///
/// Detection: Capacitor and react-native-webview are detected from their bridges. webview_flutter
/// injects nothing; its case is posted as detected through `?wrapper=webview_flutter`. The
/// Xamarin.Forms case, WebToApp's APK, unity-webview and OpenMinis have no bridge and no wrapper of
/// their own in the catalog: they are judged as the platform's own WebView (detected nil).
///
/// Before: 6/9 diagnosed as their threads concluded, measured on the catalog that had closed
/// fresh sets 33 and 34. After: 8/9. shiaho777/web-to-app#583 (a native Android WebView: the
/// location granted and no position on devices without Google Play services) is now judged:
/// TIMEOUT after a grant is `Symptom.locationNoFix`, whose causes are the device's (location
/// services off, no Play services, no fix where it is), read in Chromium's location providers,
/// each with the check that tells it apart. flutter/flutter#96094 is judged too: the page now
/// posts its viewport tags, and a tag in effect without the page's viewport-fit=cover warns
/// (`viewport.tag-replaced`), worded by webview_flutter's enableZoom row (the plugin's own tag
/// at the document's end, read at webview_flutter_wkwebview v3.26.0) and flutter_inappwebview's
/// supportZoom row. The open one (`freshSet35Open`), with why:
/// - ionic-team/capacitor#4517 (Capacitor 3.0.0-rc on iOS 14.4: appendUserAgent replaced WebKit's
///   "Mobile/15E148"). Now named: the page's agent without the Mobile/ token is a warning on an iOS
///   app WebView (`mobileTokenReplaced`), judged by native-ios's applicationNameForUserAgent row,
///   Capacitor's history row appendUserAgentBefore300rc2 (read at 2.4.0, 2.5.0 and 3.0.0-rc.2) and
///   flutter_inappwebview's setSettings row; the project's own user-agent fix had the same fault
///   and no longer replaces the token. It does not lead: iOS 14.4 is under the liveform profile's
///   minimum, a failure of the same finding, beside which another row's cause is only possible.
///
/// `top` is the cause the thread concluded, chosen from the thread (a wrapper row whose cause is a
/// known cause is named by that cause's id); where no cause states it, `top` is the id such a
/// cause would naturally have, and the case is a miss: that is the measurement.
extension CorpusCase {
    static let freshSet35: [CorpusCase] = [
        // unity-webview on Android, SDK 34 (2024): http: images on an https page never loaded, even with usesCleartextTraffic;
        // WebView's mixedContentMode defaults to MIXED_CONTENT_NEVER_ALLOW and the plugin exposed no setting (the maintainer
        // added SetMixedContentMode, merged gree/unity-webview#1085). On the page: the http: image and the http: fetch both blocked.
        CorpusCase("https://github.com/gree/unity-webview/issues/1084", wrapper: "unity-webview", .androidWebView,
                   probe: "net.mixedContent", top: "android.mixed-content-never-allow",
                   [Run.result("net.mixedContent", ["imageLoaded": false, "fetchBlocked": true, "fetchErrorName": "TypeError"])]),
        // Capacitor 6 with CapacitorHttp enabled (iOS and Android, 2024): multipart/form-data requests reached the server
        // without a usable boundary or body; CapacitorHttp's native request did not extract the boundary (merged
        // ionic-team/capacitor#7518, "fix: boundary value extraction for form-data requests"). On the page: the picked
        // image's multipart upload is refused by the server (400); fetch and XMLHttpRequest.open are the host's.
        CorpusCase("https://github.com/ionic-team/capacitor/issues/7621", wrapper: "Capacitor", .iosWKWebView,
                   probe: "file.accept", top: "capacitor.CapacitorHttp", detected: .capacitor,
                   [Posted.uploadRefused(status: 400), Posted.patched(["fetch", "XMLHttpRequest.open"], bridges: ["Capacitor"])]),
        // Gumroad's Expo app (react-native-webview) on iOS (2026): "Take Photo or Video" from a WebView file input ended the
        // app with SIGABRT; Info.plist had no NSCameraUsageDescription (merged antiwork/gumroad-mobile#312, Sentry evidence).
        // On the page: the capture input opens the camera directly, so the run stops in file.capture; getUserMedia was
        // refused at once before it (WebKit refuses capture without the usage descriptions).
        CorpusCase("https://github.com/antiwork/gumroad-mobile/pull/312", wrapper: "react-native-webview", .rnWebViewIOS,
                   probe: "file.capture", top: "ios.camera.no-usage-description", clock: Posted.stoppedClock, detected: .reactNativeWebView,
                   [Posted.camera("NotAllowedError", ms: 15), Posted.started("file.capture"), Posted.bridges(["ReactNativeWebView"])]),
        // Xamarin.Forms 4.8 WebView on Android (2020): a target=_blank link did nothing and raised no Navigating event;
        // Xamarin.Forms 4.8.0.1364 set SetSupportMultipleWindows(true) (a spoofing fix) without handling onCreateWindow
        // (the maintainer). On the page: the tap's window is created and never shown ("lost"); the timer's is refused.
        CorpusCase("https://github.com/xamarin/Xamarin.Forms/issues/12917", wrapper: "Xamarin.Forms", .androidWebView,
                   probe: "nav.windowOpen", top: "native-android.onCreateWindow",
                   [Run.result("nav.windowOpen", ["tapResult": "lost", "timerResult": "blocked"])]),
        // OpenMinis, a native Android WebView host, on Android 11 / WebView 92 (2026): the app was force-closed mid-use a
        // second after the WebView's renderer died ("Render process's crash wasn't handled by all associated webviews,
        // triggering application crash"); a WebViewClient without onRenderProcessGone (issue labelled fixed). Posted as
        // stopping in the background step, where the system reclaims a renderer (the thread names no step).
        CorpusCase("https://github.com/OpenMinis/OpenMinis/issues/341", wrapper: "native (OpenMinis)", .androidWebView, os: "11",
                   probe: "lifecycle.background", top: "android.renderer-gone", clock: Posted.stoppedClock,
                   [Posted.started("lifecycle.background")]),
        // react-native-webview on Android (2021–2024): with incognito={true}, localStorage still survived a relaunch (on iOS it
        // did not); Android's incognito clears the app's cookies but not DOM storage, which domStorageEnabled={false} governs
        // (several commenters: "worked perfectly"). On the page after the relaunch: both cookies gone, localStorage and
        // IndexedDB kept.
        CorpusCase("https://github.com/react-native-webview/react-native-webview/issues/2167", wrapper: "react-native-webview", .rnWebViewAndroid,
                   probe: "storage.relaunch", top: "android.incognito-clears-cookies", detected: .reactNativeWebView,
                   [Posted.cookiesOnlyLostOnRelaunch, Posted.bridges(["ReactNativeWebView"])]),
        // WebToApp's generated Android APKs (2026), a native WebView around the user's site: the app's location permission
        // was granted but navigator.geolocation never produced a position and the page timed out; Chromium's WebView serves
        // geolocation through Google Play services' fused provider and falls back to LocationManager without them, where
        // such devices give no fix (merged shiaho777/web-to-app#583, which replaced the backend with a LocationManager bridge). On the page: TIMEOUT
        // after the grant; the page asks no question on a timeout.
        CorpusCase("https://github.com/shiaho777/web-to-app/pull/583", wrapper: "native (WebToApp APK)", .androidWebView,
                   probe: "location.position", top: "android.geolocation-needs-play-services",
                   [Posted.positionTimedOutAfterGrant]),
        // webview_flutter 3.0 on iOS (2022): env(safe-area-inset-bottom) was 0 on a page declaring viewport-fit=cover; with
        // zoomEnabled false the plugin injects its own <meta name=viewport>, which overrides the page's and drops
        // viewport-fit=cover (the reporter, citing the plugin's FLTWKNavigationDelegate lines). On the page: both insets 0,
        // and WKWebView's automatic insets keep the layout out of the notch and the home indicator (763 of 844 points).
        CorpusCase("https://github.com/flutter/flutter/issues/96094", wrapper: "webview_flutter", .iosWKWebView,
                   probe: "env.viewport", top: "webview_flutter.enableZoom", detected: .webviewFlutter,
                   [Posted.viewportWithoutCover]),
    ]

    static let freshSet35Open: [CorpusCase] = [
        // Capacitor 3.0.0-rc on iOS 14.4 (2021): with appendUserAgent set, navigator.userAgent lost "Mobile/15E148"; Capacitor
        // assigned the appended string to applicationNameForUserAgent, replacing WebKit's default application name instead of
        // appending to it (merged ionic-team/capacitor#4526, "Fixes #4517"). On the page: the agent ends in the app's token.
        CorpusCase("https://github.com/ionic-team/capacitor/issues/4517", wrapper: "Capacitor", .iosWKWebView, os: "14.4",
                   probe: "env.platform", top: "capacitor.appendUserAgentBefore300rc2", detected: .capacitor,
                   [Posted.userAgentWithoutMobileToken, Posted.bridges(["Capacitor"])]),
    ]
}

extension Posted {
    /// location.position: the permission granted, then TIMEOUT (code 3) with no position; the
    /// page asks the person nothing after a timeout.
    static let positionTimedOutAfterGrant = Run.result("location.position", [
        "available": true, "outcome": "timeout", "errorCode": 3, "errorMessage": "Timeout expired", "elapsedMs": 15_300,
        "accuracyM": .null, "permissionStateBefore": "prompt", "permissionStateAfter": "granted", "promptShown": .null, "promptCount": .null,
    ], status: .fail)

    /// env.platform on iOS 14.4: WebKit's agent with its application name ("Mobile/15E148")
    /// replaced by the app's appended token.
    static let userAgentWithoutMobileToken = Run.result("env.platform", [
        "userAgent": "Mozilla/5.0 (iPhone; CPU iPhone OS 14_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) MY_APP",
        "reactNativeWebView": false, "webkitMessageHandlers": true, "maxTouchPoints": 5, "screenWidth": 390, "screenHeight": 844,
        "devicePixelRatio": 3, "navigatorPlatform": "iPhone",
    ])

    /// env.viewport on a notched iPhone whose page lost viewport-fit=cover: no insets, the layout
    /// kept inside the safe area, and the plugin's viewport tag (zoom off) after the page's.
    static let viewportWithoutCover = Run.result("env.viewport", [
        "innerWidth": 390, "innerHeight": 763, "screenWidth": 390, "screenHeight": 844, "heightRatio": 0.904,
        "safeAreaTop": 0, "safeAreaBottom": 0, "orientation": "portrait-primary", "viewportTags": 2, "viewportFitCover": false,
        "viewportContent": "width=device-width, initial-scale=1.0, maximum-scale=1.0, user-scalable=no",
    ])
}

/// Fresh set 35 judged by the corpus's own check: the diagnosed threads must stay diagnosed as
/// their threads concluded; an open one is a known miss until a mechanism closes it.
@Suite struct FreshSet35Tests {
    @Test(arguments: CorpusCase.freshSet35)
    func FreshCase_IsDiagnosedAsItsThreadConcluded(_ corpusCase: CorpusCase) throws {
        try corpusCase.expectDiagnosedAsConcluded()
    }

    @Test(arguments: CorpusCase.freshSet35Open)
    func OpenFreshCase_IsNotYetDiagnosedAsItsThreadConcluded(_ corpusCase: CorpusCase) throws {
        try corpusCase.expectStillOpen()
    }

    /// The user agent's Mobile/ token, judged for every iOS app WebView and only there.
    @Test func AnIOSAppAgentWithoutWebKitsMobileToken_WarnsAndNamesTheApplicationName() throws {
        let agent = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ExampleApp/1.0"
        let platform = Run.result("env.platform", ["userAgent": .string(agent), "reactNativeWebView": false, "webkitMessageHandlers": true, "maxTouchPoints": 5])
        let app = CorpusCase("an app agent without Mobile/", wrapper: "native", .iosWKWebView, os: "17.5", probe: "env.platform",
                             top: "native-ios.applicationNameForUserAgent", [platform])
        let finding = try #require(app.finding())
        #expect(finding.verdict == .warn)
        #expect(finding.causes.leading.map(\.id) == ["native-ios.applicationNameForUserAgent"])
        let kept = agent.replacingOccurrences(of: "ExampleApp/1.0", with: "Mobile/15E148 ExampleApp/1.0")
        let healthy = CorpusCase("an app agent with Mobile/", wrapper: "native", .iosWKWebView, os: "17.5", probe: "env.platform",
                                 top: "", [Run.result("env.platform", ["userAgent": .string(kept), "reactNativeWebView": false, "webkitMessageHandlers": true, "maxTouchPoints": 5])])
        #expect(try #require(healthy.finding()).verdict == .pass)
        let safari = CorpusCase("Safari", wrapper: "native", .iosSafari, os: "17.5", probe: "env.platform", top: "", [platform])
        #expect(try #require(safari.finding()).verdict != .warn)
    }
}
