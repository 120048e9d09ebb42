import Foundation
import Testing
@testable import ProbeCatalog

/// Fresh set 33: real failures chosen for a confirmed cause (a merged fix, a maintainer, or the
/// reporter saying what fixed it) and a symptom the page's probes see, written down before the
/// catalog or this harness was read. Ten were chosen; seven are measured here, five on iOS and
/// two on Android, under Cordova, webview_flutter, Capacitor, .NET MAUI, flutter_inappwebview, a
/// native WKWebView app and Hotwire's Turbo iOS (a native WKWebView, judged as one). Each is
/// posted as the page would post it on that device (the OS version only where the thread states it).
///
/// Three were dropped after reading the probes, as the page observes nothing of their kind (no
/// probe or page script touches the API): flutter/flutter#89530 (navigator.serviceWorker undefined
/// in a WKWebView without app-bound domains), kelai141/dsh-mobile-apk#27 (Android WebView's
/// clipboard writeText refused) and nktnet1/webview-kiosk#220 (blob: downloads in an Android
/// WebView). webview_flutter and .NET MAUI inject no bridge: their cases are posted as detected
/// through `?wrapper=`.
///
/// Before: 4/7 diagnosed as their threads concluded. After: 6/7, each closed by a mechanism that
/// reaches every case of its kind:
/// - flutter/flutter#175233 (webview_flutter on Android, the camera refused: no onPermissionRequest).
///   android.camera.no-permission-handler led, the platform's side of the thread's conclusion, but
///   the cause named no webview_flutter API (the harness's `top` was the wrapper's row, which the
///   judge names through its known cause). Now a platform cause that a framework's row sets
///   names that framework's API in its check (`Cause.naming`), for every such row
///   (`AFrameworksPlatformCause_NamesTheFrameworksAPI`); `top` is the cause the judge names.
/// - FreiFahren/FreiFahren#668 (Capacitor on iOS: the app's location question, then WebKit's about
///   the site). The page asked only whether a prompt appeared, and a position after one was
///   healthy. Now the page asks how many questions the person saw (`promptCount`), two or more in
///   an app is a warning, and native-ios's geolocationSiteQuestion row names WebKit's own question
///   beneath every wrapper on iOS, with iOS 27's webView(_:requestGeolocationPermissionFor:…) as
///   the fix; the existing geolocationDecision row no longer says no public method exists.
/// The open one (`freshSet33Open`), with why:
/// - apache/cordova-android#1672 (an http: request from the app's own pages at https://localhost
///   blocked as mixed content; the reporter served the app from http://localhost). The page, a
///   remote https page, is blocked for its own origin's reason, so the judge's mixed-content
///   causes are right for what the page saw; the thread's cause is the origin of the app's own
///   bundled pages, which the page never runs in. Only a host report of the app's own origin
///   could bring it in.
extension CorpusCase {
    static let freshSet33: [CorpusCase] = [
        // webview_flutter on Android (2025): getUserMedia failed in the webview_flutter page and worked in the app's
        // flutter_inappwebview page; the maintainer: onPermissionRequest was implemented for the one and not the other.
        CorpusCase("https://github.com/flutter/flutter/issues/175233", wrapper: "webview_flutter", .androidWebView,
                   probe: "camera.getUserMedia", top: "android.camera.no-permission-handler", detected: .webviewFlutter,
                   [Posted.camera("NotAllowedError", ms: 12, prompt: false, state: "prompt", message: "Permission denied")]),
        // FreiFahren (Capacitor on iOS, 2026): asking for the location showed CoreLocation's dialog and then WebKit's own
        // per-site one, because the map read the WebView's navigator.geolocation (merged FreiFahren#668 reads the position
        // only through the Capacitor Geolocation plugin: "iOS shows one native dialog").
        CorpusCase("https://github.com/FreiFahren/FreiFahren/pull/668", wrapper: "Capacitor", .iosWKWebView,
                   probe: "location.position", top: "native-ios.geolocationSiteQuestion", detected: .capacitor,
                   [Posted.locationGrantedAfterWebKitPrompt]),
        // .NET MAUI 7.0.86 (Blazor WebView on iOS 15, 2023): <video playsinline muted autoplay> went fullscreen; MAUI's
        // WKWebViewConfiguration left AllowsInlineMediaPlayback false until .NET 8's defaults (merged dotnet/maui#11075;
        // the thread closed "try latest version").
        CorpusCase("https://github.com/dotnet/maui/issues/16013", wrapper: ".NET MAUI", .iosWKWebView, os: "15.0",
                   probe: "media.inline", top: "maui.AllowsInlineMediaPlaybackBefore800", detected: .maui,
                   [Posted.inlineFullscreen]),
        // Tuta Mail (a native WKWebView app on iOS, 2026): a blank screen on returning after a while in the background; the
        // web content process had been ended and the app did not handle webViewWebContentProcessDidTerminate (merged
        // tutao/tutanota#11257 reloads the main page there).
        CorpusCase("https://github.com/tutao/tutanota/pull/11257", wrapper: "native", .iosWKWebView,
                   probe: "lifecycle.background", top: "ios.web-content-terminated", clock: Posted.stoppedClock,
                   [Posted.started("lifecycle.background")]),
        // Turbo iOS (Hotwire, a native WKWebView, 2023): "Take Photo or Video" from a file input crashed the app; the
        // console said Info.plist must contain NSCameraUsageDescription, and adding it fixed it (the reporter).
        // Posted as a new project: neither usage description, so mediaDevices is off and the run ends in file.capture.
        CorpusCase("https://github.com/hotwired/turbo-ios/issues/149", wrapper: "Turbo iOS (native)", .iosWKWebView,
                   probe: "file.capture", top: "ios.camera.no-usage-description", clock: Posted.stoppedClock,
                   [Posted.api(present: false),
                    Posted.camera("TypeError", ms: 1, prompt: nil, state: nil, message: "undefined is not an object (evaluating 'navigator.mediaDevices.getUserMedia')"),
                    Posted.started("file.capture")]),
        // webspace_app (flutter_inappwebview on iOS, 2026): target=_blank links loaded in the current WebView instead of a
        // nested browser: on iOS they reach only onCreateWindow, whose handler dismissed every non-captcha URL (merged
        // theoden8/webspace_app#175 hands them to the navigation handler). The tap's window.open replaced the page, so
        // the reloaded page posts tapResult alone.
        CorpusCase("https://github.com/theoden8/webspace_app/pull/175", wrapper: "flutter_inappwebview", .iosWKWebView,
                   probe: "nav.windowOpen", top: "flutter_inappwebview.createWebViewWith", detected: .flutterInAppWebView,
                   [Run.result("nav.windowOpen", ["tapResult": "same-view"]), Posted.bridges(["flutter_inappwebview"])]),
    ]

    static let freshSet33Open: [CorpusCase] = [
        // Cordova (cordova-android 10+ on Android, 2023): an XMLHttpRequest to http://192.168.1.7:3000 from the app was
        // blocked as mixed content ("page at https://localhost/index.html was loaded over HTTPS ... blocked") with cleartext
        // allowed; the app is served from https://localhost, and the reporter's fix was loading it from http://localhost.
        CorpusCase("https://github.com/apache/cordova-android/issues/1672", wrapper: "Cordova", .androidWebView,
                   probe: "net.mixedContent", top: "cordova.scheme", detected: .cordova,
                   [Posted.mixedBlocked]),
    ]
}

extension Posted {
    /// location.position granted after the app's question and WebKit's own about the page's site:
    /// the person answers the page's "How many times?" with "Twice or more".
    static let locationGrantedAfterWebKitPrompt = Run.result("location.position", ["available": true, "outcome": "granted", "elapsedMs": 4200, "accuracyM": 30,
                                                                                   "permissionStateBefore": "prompt", "permissionStateAfter": "granted",
                                                                                   "promptShown": true, "promptCount": 2])
}

/// Fresh set 33 judged by the corpus's own check: the diagnosed threads must stay diagnosed as
/// their threads concluded; an open one is a known miss until a mechanism closes it.
@Suite struct FreshSet33Tests {
    @Test(arguments: CorpusCase.freshSet33)
    func FreshCase_IsDiagnosedAsItsThreadConcluded(_ corpusCase: CorpusCase) throws {
        try corpusCase.expectDiagnosedAsConcluded()
    }

    @Test(arguments: CorpusCase.freshSet33Open)
    func OpenFreshCase_IsNotYetDiagnosedAsItsThreadConcluded(_ corpusCase: CorpusCase) throws {
        try corpusCase.expectStillOpen()
    }
}
