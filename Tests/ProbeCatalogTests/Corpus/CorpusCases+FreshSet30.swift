import Foundation
import Testing
@testable import ProbeCatalog

/// Fresh set 30: nine real failures chosen for a confirmed cause (a merged fix, a maintainer,
/// or the reporter saying what fixed it) and a symptom the page's probes see, before the
/// catalog was looked at for them; four on iOS, five on Android, seven app frameworks. A tenth
/// picked with them, heapwolf/socket#490, was in the corpus already (`storage`) and is not counted.
/// Each is posted as the page would post it on that device (the OS version only where the
/// thread states it).
///
/// After: 7/9 (flutter_inappwebview#621 joined `freshSet30`); later 9/9, when the wrappers'
/// history rows (capacitor.json's captureIntentBefore100b8, maui.json's
/// AllowsInlineMediaPlaybackBefore800) closed the other two.
///
/// Before: 6/9 diagnosed as their threads concluded (`freshSet30`). The three misses
/// (then kept in a list of open cases), each with why:
/// - flutter_inappwebview#621 (iOS 14.3, a prompt on every getUserMedia): the catalog led with
///   iaw.ios.camera.prompt-default, a flutter_inappwebview setting, and named no platform cause;
///   every cause of a second prompt assumed WebKit's media-capture decision, which is iOS 15+.
///   Closed by a version range: native-ios's row mediaCaptureDecisionBefore15 (`before` 15.0,
///   cause ios.camera.prompt-before-15), and the wrappers' .prompt causes hold from iOS 15 only.
/// - capacitor#540 (Capacitor's first Android releases, a capture input opening the file list):
///   android.capture-intent-invisible leads; capacitor.captureIntent is only possible, and no row
///   says the releases before the bridge handled capture ignored it.
/// - dotnet/maui#16207 (BlazorWebView on iOS playing only fullscreen): ios.inline-playback-off, the
///   same fact from WebKit's side, leads; maui.AllowsInlineMediaPlayback describes today's default
///   (true) and no row says BlazorWebView before .NET 8 left it off.
extension CorpusCase {
    static let freshSet30: [CorpusCase] = [
        // react-native-webview 7.4.3 on iOS: a playsinline <video> still went to the fullscreen player
        // (the reporter: allowsInlineMediaPlayback must be set on the WebView).
        CorpusCase("https://github.com/react-native-webview/react-native-webview/issues/1251", wrapper: "react-native-webview", .rnWebViewIOS,
                   probe: "media.inline", top: "react-native-webview.allowsInlineMediaPlayback", detected: .reactNativeWebView,
                   [Posted.inlineFullscreen]),
        // webview_flutter 4.1.0 on Android 13: no camera or microphone prompt, the call refused; the
        // plugin answered no WebChromeClient.onPermissionRequest until the permission-request API
        // (merged flutter/packages#3543, its Android implementation flutter/packages#3792, opened the next day).
        CorpusCase("https://github.com/flutter/flutter/issues/125245", wrapper: "webview_flutter", .androidWebView, os: "13",
                   top: "android.camera.no-permission-handler", detected: .webviewFlutter,
                   [Posted.camera("NotAllowedError", ms: 10, message: "Permission denied")]),
        // .NET MAUI on Android: the camera refused although the app held the permission, until a
        // WebChromeClient granted in OnPermissionRequest (the docs maintainer's working sample).
        CorpusCase("https://github.com/dotnet/docs-maui/issues/1097", wrapper: ".NET MAUI", .androidWebView,
                   top: "android.camera.no-permission-handler", detected: .maui,
                   [Posted.camera("NotAllowedError", ms: 12, message: "Permission denied")]),
        // cordova-plugin-inappbrowser on Android: a page in the in-app browser could not open the camera
        // until InAppChromeClient answered onPermissionRequest (the reporter's change).
        CorpusCase("https://github.com/apache/cordova-plugin-inappbrowser/issues/740", wrapper: "Cordova InAppBrowser", .androidWebView,
                   top: "android.camera.no-permission-handler", detected: .cordova, inAppBrowser: true,
                   [Posted.camera("NotAllowedError", ms: 14, message: "Permission denied")]),
        // A Cordova app on iOS 13 (September 2020): "getUserMedia is not supported"; WKWebView had no
        // navigator.mediaDevices before iOS 14.3 (the maintainer: not supported in the iOS WebView).
        CorpusCase("https://github.com/twilio/twilio-video.js/issues/1168", wrapper: "Cordova", .iosWKWebView, os: "13.7",
                   probe: "camera.api", top: "ios.camera.before-14.3", detected: .cordova,
                   [Posted.api(present: false), Posted.camera("TypeError", ms: 1, prompt: nil, state: nil), Posted.bridges(["cordova"])]),
        // flutter_inappwebview on Android: a tel: link showed net::ERR_UNKNOWN_URL_SCHEME (the maintainer:
        // handle it in shouldOverrideUrlLoading, with useShouldOverrideUrlLoading on).
        CorpusCase("https://github.com/pichillilorenzo/flutter_inappwebview/issues/763", wrapper: "flutter_inappwebview", .androidWebView,
                   probe: "nav.customScheme", top: "flutter_inappwebview.useShouldOverrideUrlLoading", detected: .flutterInAppWebView,
                   [Run.result("nav.customScheme", ["outcome": "webview-error"], status: .fail), Posted.bridges(["flutter_inappwebview"])]),

        // flutter_inappwebview on iOS 14.3: every getUserMedia asked again; WebKit offered no way to
        // keep the grant (the maintainer; iOS 15's requestMediaCapturePermissionFor came later).
        CorpusCase("https://github.com/pichillilorenzo/flutter_inappwebview/issues/621", wrapper: "flutter_inappwebview", .iosWKWebView, os: "14.3",
                   probe: "camera.reacquire", top: "ios.camera.prompt-before-15", detected: .flutterInAppWebView,
                   [Posted.promptedAgain, Posted.bridges(["flutter_inappwebview"])]),

        // The two below were closed later by the wrappers' history rows: a release's own wrong default
        // (`versions` with `defaultFails`) leads beside the platform's cause while the run does not show the release.
        // Capacitor's first Android releases: <input type=file accept=image/* capture> opened the file
        // list, not the camera (maintainer: the bridge's chrome client handles capture from the next release).
        CorpusCase("https://github.com/ionic-team/capacitor/issues/540", wrapper: "Capacitor", .androidWebView,
                   probe: "file.capture", top: "capacitor.captureIntentBefore100b8", detected: .capacitor,
                   [Posted.captureFileList, Posted.bridges(["Capacitor"])]),
        // BlazorWebView on iOS: media played only in the fullscreen player, WKWebView's inline playback off
        // (the ASP.NET Core team: on by default from .NET 8).
        CorpusCase("https://github.com/dotnet/maui/issues/16207", wrapper: ".NET MAUI", .iosWKWebView,
                   probe: "media.inline", top: "maui.AllowsInlineMediaPlaybackBefore800", detected: .maui,
                   [Posted.inlineFullscreen]),
    ]
}

/// Fresh set 30 judged by the corpus's own check: the diagnosed threads must stay diagnosed as
/// their threads concluded (every one is, since the history rows).
@Suite struct FreshSet30Tests {
    @Test(arguments: CorpusCase.freshSet30)
    func FreshCase_IsDiagnosedAsItsThreadConcluded(_ corpusCase: CorpusCase) throws {
        try corpusCase.expectDiagnosedAsConcluded()
    }
}

/// The version range that closed flutter_inappwebview#621 holds for every wrapper on iOS: a second
/// prompt before iOS 15 is WebKit's own (no media-capture decision exists), from iOS 15 it is not.
@Suite struct MediaCaptureDecisionVersionTests {
    static let wrappers: [Wrapper?] = [nil, .capacitor, .cordova, .reactNativeWebView, .flutterInAppWebView, .webviewFlutter, .maui]

    static func secondPrompt(_ wrapper: Wrapper?, os: String) -> CorpusCase {
        CorpusCase("a second camera prompt, \(wrapper?.rawValue ?? "native") on iOS \(os)", wrapper: wrapper?.rawValue ?? "native", .iosWKWebView, os: os,
                   probe: "camera.reacquire", top: "ios.camera.prompt-before-15", detected: wrapper, [Posted.promptedAgain])
    }

    @Test(arguments: wrappers)
    func SecondPrompt_BeforeIOS15_LeadsWithWebKitsOwnPrompt(_ wrapper: Wrapper?) throws {
        let finding = try #require(Self.secondPrompt(wrapper, os: "14.8").finding())
        #expect(finding.causes.leading.map(\.id).contains("ios.camera.prompt-before-15"), "\(finding.causes.map(\.id))")
    }

    @Test(arguments: wrappers)
    func SecondPrompt_FromIOS15_DoesNotNameThePreIOS15Cause(_ wrapper: Wrapper?) throws {
        let finding = try #require(Self.secondPrompt(wrapper, os: "16.4").finding())
        #expect(!finding.causes.contains { $0.id == "ios.camera.prompt-before-15" }, "\(finding.causes.map(\.id))")
    }
}
