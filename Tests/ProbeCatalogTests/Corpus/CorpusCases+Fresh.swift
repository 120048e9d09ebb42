@testable import ProbeCatalog

/// Threads measured as fresh failures (judged before any rule was written for them), each
/// confirmed by a merged fix, a maintainer or the reporter: kept so the mechanisms that
/// judge them (the settings rows, a run that stops in any step, a call folded under the
/// missing API) stay right. The wrapper is the one the page's signals would name.
extension CorpusCase {
    static let freshThreads: [CorpusCase] = [
        // Neither usage description in Info.plist: WebKit turns navigator.mediaDevices off (merged boardsesh#1747 adds them).
        CorpusCase("https://github.com/boardsesh/boardsesh/pull/1747", wrapper: "Capacitor", .iosWKWebView, os: "26.3",
                   probe: "camera.api", top: "ios.no-capture-usage-descriptions", detected: .capacitor,
                   [Run.result("camera.api", ["mediaDevices": false, "getUserMedia": false], status: .fail),
                    Posted.camera("TypeError", ms: 1, prompt: nil, state: nil, message: "undefined is not an object (evaluating 'navigator.mediaDevices.getUserMedia')")]),
        // iOS 12.4 has no getUserMedia in WKWebView: the call's TypeError is camera.api's cause (maintainer).
        CorpusCase("https://github.com/ionic-team/cordova-plugin-ionic-webview/issues/424", wrapper: "Cordova", .iosWKWebView, os: "12.4",
                   top: "ios.camera.before-14.3", detected: .cordova,
                   [Posted.api(present: false), Posted.camera("TypeError", ms: 1, prompt: nil, state: nil)]),
        // Multiple windows on and no onCreateWindow: target=_blank did nothing (merged NativePHP/mobile-air#180).
        // The cause is native Android's onCreateWindow row, the callback the fix implemented.
        CorpusCase("https://github.com/NativePHP/mobile-air/pull/180", wrapper: "native", .androidWebView, os: "14",
                   probe: "nav.windowOpen", top: "native-android.onCreateWindow",
                   [Run.result("nav.windowOpen", ["tapResult": "lost", "timerResult": "blocked"])]),
        // .NET MAUI's Android WebView allows multiple windows and creates none (merged docs fix dotnet/docs-maui#2742):
        // MAUI's SetSupportMultipleWindows row, the setting the docs fix is about.
        CorpusCase("https://github.com/dotnet/docs-maui/issues/2737", wrapper: ".NET MAUI", .androidWebView, os: "14",
                   probe: "nav.windowOpen", top: "maui.SetSupportMultipleWindows", detected: .maui,
                   [Run.result("nav.windowOpen", ["tapResult": "lost", "timerResult": "blocked"])]),
        // A renderer that died in a chooser step took the app with it until onRenderProcessGone (merged react-native-webview#1480).
        CorpusCase("https://github.com/react-native-webview/react-native-webview/pull/1480", wrapper: "react-native-webview", .rnWebViewAndroid, os: "10",
                   probe: "file.accept", top: "android.renderer-gone", clock: Posted.stoppedClock, detected: .reactNativeWebView,
                   [Posted.started("file.accept")]),
        // AndroidLaunchMode singleInstance: the chooser's result came back cancelled at once (reporter: removing it fixed it).
        CorpusCase("https://github.com/apache/cordova-android/issues/506", wrapper: "Cordova", .androidWebView, os: "5.0",
                   probe: "file.accept", top: "cordova.AndroidLaunchMode", detected: .cordova,
                   [Posted.chooser(cancelFired: true, waitedMs: 85)]),
        // webview_flutter answered no chooser until setOnShowFileSelector (merged flutter/packages#3543 era; flutter/plugins#6881).
        CorpusCase("https://github.com/flutter/flutter/issues/27924", wrapper: "webview_flutter", .androidWebView, os: "9",
                   probe: "file.accept", top: "android.no-file-chooser", detected: .webviewFlutter,
                   [Posted.chooser(cancelFired: true, waitedMs: 38)]),
        // No NSCameraUsageDescription: "Take Photo" ended the app (reporter and maintainer).
        CorpusCase("https://github.com/react-native-webview/react-native-webview/issues/214", wrapper: "react-native-webview", .rnWebViewIOS, os: "12.1",
                   probe: "file.capture", top: "ios.camera.no-usage-description", clock: Posted.stoppedClock, detected: .reactNativeWebView,
                   [Posted.api(present: false), Posted.camera("TypeError", ms: 1, prompt: nil, state: nil), Posted.started("file.capture")]),
        // .NET MAUI's iOS WebView played <video> only in the fullscreen player until WebKit's inline playback was on (merged dotnet/maui#11075).
        CorpusCase("https://github.com/dotnet/maui/issues/4807", wrapper: ".NET MAUI", .iosWKWebView,
                   probe: "media.inline", top: "ios.inline-playback-off", detected: .maui,
                   [Posted.inlineFullscreen]),
        // BlazorWebView on iOS asked for the camera again on every launch until a WKUIDelegate granted the media-capture request (reporter's fix).
        CorpusCase("https://github.com/MackinnonBuck/MauiBlazorPermissionsExample/issues/5", wrapper: ".NET MAUI", .iosWKWebView, os: "16.4",
                   probe: "camera.reacquire", top: "ios.camera.prompt-each-time", detected: .maui,
                   [Posted.promptedAgain]),
        // "Take photo" from a file input ended the app: no NSCameraUsageDescription (reporter: adding it fixed it).
        CorpusCase("https://github.com/chatwoot/chatwoot-react-native-widget/issues/20", wrapper: "react-native-webview", .rnWebViewIOS,
                   probe: "file.capture", top: "ios.camera.no-usage-description", clock: Posted.stoppedClock, detected: .reactNativeWebView,
                   [Posted.api(present: false), Posted.camera("TypeError", ms: 1, prompt: nil, state: nil), Posted.started("file.capture")]),
        // A capture="camera" file input ended the app (UIImagePickerController's exception): the camera entry was missing from Info.plist (reporter).
        CorpusCase("https://github.com/react-native-webview/react-native-webview/issues/208", wrapper: "react-native-webview", .rnWebViewIOS,
                   probe: "file.capture", top: "ios.camera.no-usage-description", clock: Posted.stoppedClock, detected: .reactNativeWebView,
                   [Posted.api(present: false), Posted.camera("TypeError", ms: 1, prompt: nil, state: nil), Posted.started("file.capture")]),
        // Capacitor 3.3.4 on iOS asked for the camera on every launch; 3.4.0's bridge answers WebKit's
        // media-capture request (maintainer; the reporter: upgrading fixed it). The row names the release.
        CorpusCase("https://github.com/ionic-team/capacitor/issues/5485", wrapper: "Capacitor", .iosWKWebView, os: "15.3",
                   probe: "camera.reacquire", top: "ios.camera.prompt-each-time", detected: .capacitor,
                   [Posted.promptedAgain]),
        // A plugin's own WKWebView (an in-app browser) asked again on every cold start until its own
        // UI delegate granted the request (merged Cap-go/capacitor-inappbrowser#635): no wrapper's signals, the platform's layer.
        CorpusCase("https://github.com/Cap-go/capacitor-inappbrowser/pull/635", wrapper: "Capacitor", .iosWKWebView, os: "17.5",
                   probe: "camera.reacquire", top: "ios.camera.prompt-each-time",
                   [Posted.promptedAgain]),
        // A custom-scheme link did nothing: WKWebView logged "unsupported URL" in didFailProvisionalNavigation because
        // the navigation delegate did not hand unknown schemes to UIApplication.open (maintainer; later Capacitor opens them).
        // "nothing" on iOS is also a forwarding host with no app for the test scheme: both are named.
        CorpusCase("https://github.com/ionic-team/capacitor/issues/339", wrapper: "Capacitor", .iosWKWebView, os: "11.4",
                   probe: "nav.customScheme", top: "native-ios.decidePolicyFor", also: ["ios.custom-scheme-forwarded-no-app"], detected: .capacitor,
                   [Run.result("nav.customScheme", ["outcome": "nothing"], status: .pass)]),
        // The same in Cordova's WKWebView engine: custom-scheme links did nothing until its navigation delegate opened them.
        CorpusCase("https://github.com/ionic-team/cordova-plugin-wkwebview-engine/issues/44", wrapper: "Cordova", .iosWKWebView, os: "11.2",
                   probe: "nav.customScheme", top: "native-ios.decidePolicyFor", also: ["ios.custom-scheme-forwarded-no-app"], detected: .cordova,
                   [Run.result("nav.customScheme", ["outcome": "nothing"], status: .pass)]),
        // react-native-webview 11.0.0 made setSupportMultipleWindows default to true: target=_blank went to the
        // browser, which the app did not want (maintainers: set it to false). A policy outcome names the setting.
        CorpusCase("https://github.com/react-native-webview/react-native-webview/issues/1775", wrapper: "react-native-webview", .rnWebViewAndroid, os: "10",
                   probe: "nav.windowOpen", top: "react-native-webview.setSupportMultipleWindows", detected: .reactNativeWebView,
                   [Run.result("nav.windowOpen", ["tapResult": "external", "timerResult": "external"])]),
        // BlazorWebView's decidePolicyFor dereferenced navigationAction.TargetFrame, nil for a new window: a
        // target=_blank link ended the app (merged dotnet/maui#4268 handles the nil frame).
        CorpusCase("https://github.com/dotnet/maui/pull/4268", wrapper: ".NET MAUI", .iosWKWebView, os: "15.2",
                   probe: "nav.windowOpen", top: "ios.new-window-nil-target-frame", clock: Posted.stoppedClock, detected: .maui,
                   [Posted.started("nav.windowOpen")]),
        // flutter_inappwebview 5.x: the camera capture ended the app building its file URI, the plugin's
        // <provider> not declared in the app's manifest (maintainer: add it as the docs say).
        CorpusCase("https://github.com/pichillilorenzo/flutter_inappwebview/issues/774", wrapper: "flutter_inappwebview", .androidWebView, os: "11",
                   probe: "file.capture", top: "flutter_inappwebview.fileProviderLegacy", clock: Posted.stoppedClock, detected: .flutterInAppWebView,
                   [Posted.started("file.capture"), Posted.bridges(["flutter_inappwebview"])]),
        // flutter_inappwebview 2.x on iOS: target=_blank and window.open did nothing (maintainer: handle the
        // window callback, onCreateWindow today). The tap's row, not the timer's setting, is named.
        CorpusCase("https://github.com/pichillilorenzo/flutter_inappwebview/issues/164", wrapper: "flutter_inappwebview", .iosWKWebView, os: "12.4",
                   probe: "nav.windowOpen", top: "flutter_inappwebview.onCreateWindowIOSBefore4", detected: .flutterInAppWebView,
                   [Run.result("nav.windowOpen", ["tapResult": "blocked", "timerResult": "blocked"])]),
        // The web content process ended while the app was away and nothing reloaded it: a blank article (merged wikipedia-ios#3512 reloads).
        CorpusCase("https://github.com/wikimedia/wikipedia-ios/pull/3512", wrapper: "native", .iosWKWebView, os: "13.4",
                   probe: "lifecycle.background", top: "ios.web-content-terminated", clock: Posted.stoppedClock,
                   [Posted.started("lifecycle.background")]),
        // The same white screen on return in react-native-webview until onContentProcessDidTerminate reloads (merged jellyfin-ios#579).
        CorpusCase("https://github.com/jellyfin/jellyfin-ios/pull/579", wrapper: "react-native-webview", .rnWebViewIOS, os: "18.1",
                   probe: "lifecycle.background", top: "ios.web-content-terminated", clock: Posted.stoppedClock, detected: .reactNativeWebView,
                   [Posted.started("lifecycle.background")]),
        // WKAppBoundDomains in Info.plist without ios.limitsNavigationsToAppBoundDomains: no bridge, platform "web" (maintainer; merged capacitor#4789).
        CorpusCase("https://github.com/ionic-team/capacitor/issues/4721", wrapper: "Capacitor", .iosWKWebView, os: "14.6",
                   probe: "env.injected", top: "capacitor.appBoundDomainsInjection", detected: .capacitor,
                   [Run.result("env.injected", ["patchedNatives": [], "unexpectedGlobals": [], "bridgeObjects": []])]),
        // webview_flutter on Android denied every location request until the geolocation prompt callbacks (merged flutter/packages#3795).
        CorpusCase("https://github.com/flutter/flutter/issues/27472", wrapper: "webview_flutter", .androidWebView, os: "9",
                   probe: "location.position", top: "webview_flutter.setGeolocationPermissionsPromptCallbacks", detected: .webviewFlutter,
                   [Run.result("location.position", ["available": true, "permissionStateBefore": "prompt", "permissionStateAfter": "prompt", "promptShown": .null,
                                                     "outcome": "denied", "errorCode": 1, "errorMessage": "User denied Geolocation", "elapsedMs": 6, "accuracyM": .null], status: .fail)]),
        // BlazorWebView on Android: location denied, its chrome client never answering the prompt (MAUI team: the permissions sample's chrome client).
        CorpusCase("https://github.com/dotnet/maui/issues/4768", wrapper: ".NET MAUI", .androidWebView, os: "12",
                   probe: "location.position", top: "maui.OnGeolocationPermissionsShowPrompt", detected: .maui,
                   [Run.result("location.position", ["available": true, "permissionStateBefore": "prompt", "permissionStateAfter": "prompt", "promptShown": false,
                                                     "outcome": "denied", "errorCode": 1, "errorMessage": "User denied Geolocation", "elapsedMs": 2600, "accuracyM": .null], status: .fail)]),
        // Capacitor 6+ on Android: an allowNavigation host gets androidBridge but not the bridge script (#7467 names the commit; a merged app patch confirms).
        CorpusCase("https://github.com/ionic-team/capacitor/issues/7454", wrapper: "Capacitor", .androidWebView, os: "14",
                   probe: "env.injected", top: "capacitor.documentStartScriptOrigin", detected: .capacitor,
                   [Run.result("env.injected", ["patchedNatives": [], "unexpectedGlobals": ["androidBridge"], "bridgeObjects": ["androidBridge"]])]),
        // cordova-plugin-inappbrowser's own WebView answered no file input until it built a chooser (merged CB-9148): judged as the platform's WebView.
        CorpusCase("https://github.com/apache/cordova-plugin-inappbrowser/pull/205", wrapper: "Cordova", .androidWebView, os: "7.0",
                   probe: "file.accept", top: "android.no-file-chooser",
                   [Posted.chooser()]),
        // webview_flutter_android 3.x before 3.16.1 with onNavigationRequest: an iframe's navigation was loaded in
        // the main frame, a white page (merged flutter/packages#6335 asks for main-frame navigations only). The
        // page's first frame is cookie.thirdParty's: its page finds itself loaded as the page and sends it back.
        CorpusCase("https://github.com/flutter/flutter/issues/145208", wrapper: "webview_flutter", .androidWebView, os: "14",
                   probe: "cookie.thirdParty", top: "webview_flutter.onNavigationRequestSubframeInMainFrame", detected: .webviewFlutter,
                   [Run.result("cookie.thirdParty", ["frameLoaded": false, "loadedAsPage": true, "set": false, "readBack": false, "storageAccessApi": false,
                                                     "origin": "https://127.0.0.2:8443", "crossSite": true, "errorName": .null], status: .fail)]),
        // Xamarin.Forms 4.6 previews expired the WebView's cookies at each load (merged Xamarin.Forms#10571); MAUI does it with WebView.Cookies set.
        CorpusCase("https://github.com/xamarin/Xamarin.Forms/issues/10318", wrapper: ".NET MAUI", .androidWebView, os: "10",
                   probe: "storage.relaunch", top: "app.clears-data", also: ["android.cookies-not-flushed"], detected: .maui,
                   [Posted.cookieLostOnRelaunch]),
        // Xam.Plugin.Webview's Android renderer left DOM storage off until 1.4.3 set DomStorageEnabled (maintainer; the reporter: fixed).
        CorpusCase("https://github.com/SKLn-Rad/Xam.Plugin.Webview/issues/19", wrapper: ".NET MAUI", .androidWebView, os: "7.0",
                   probe: "storage.local", top: "android.dom-storage-off",
                   [Posted.storage("storage.local", available: false, error: "TypeError"),
                    Posted.storage("storage.session", available: false, error: "TypeError")]),
        // react-native-webview set geolocation off in WebSettings over geolocationEnabled={true} (merged #562; the reporter: it fixed it).
        CorpusCase("https://github.com/react-native-webview/react-native-webview/pull/562", wrapper: "react-native-webview", .rnWebViewAndroid, os: "8.1",
                   probe: "location.position", top: "react-native-webview.geolocationEnabled", detected: .reactNativeWebView,
                   [Run.result("location.position", ["available": true, "permissionStateBefore": "prompt", "permissionStateAfter": "prompt", "promptShown": .null,
                                                     "outcome": "denied", "errorCode": 1, "errorMessage": "User denied Geolocation", "elapsedMs": 4, "accuracyM": .null], status: .fail)]),
        // Android 15 draws edge to edge; Capacitor before 7.1 left the WebView under the system bars (merged #7871 adds the margins).
        CorpusCase("https://github.com/ionic-team/capacitor/pull/7871", wrapper: "Capacitor", .androidWebView, os: "15",
                   probe: "env.viewport", top: "android.edge-to-edge-unhandled", detected: .capacitor,
                   [Posted.underTheBars, Posted.bridges(["Capacitor"])]),
        // flutter_inappwebview denied location until androidOnGeolocationPermissionsShowPrompt answered it (the reporter's own fix).
        CorpusCase("https://github.com/pichillilorenzo/flutter_inappwebview/issues/491", wrapper: "flutter_inappwebview", .androidWebView, os: "10",
                   probe: "location.position", top: "flutter_inappwebview.onGeolocationPermissionsShowPrompt", detected: .flutterInAppWebView,
                   [Run.result("location.position", ["available": true, "permissionStateBefore": "prompt", "permissionStateAfter": "prompt", "promptShown": .null,
                                                     "outcome": "denied", "errorCode": 1, "errorMessage": "User denied Geolocation", "elapsedMs": 12, "accuracyM": .null], status: .fail),
                    Posted.bridges(["flutter_inappwebview"])]),
        // WKWebView answered no location request until Info.plist had NSLocationWhenInUseUsageDescription (merged firefox-ios#41).
        CorpusCase("https://github.com/mozilla-mobile/firefox-ios/pull/41", wrapper: "native", .iosWKWebView, os: "8.1",
                   probe: "location.position", top: "native-ios.NSLocationWhenInUseUsageDescription",
                   [Run.result("location.position", ["available": true, "permissionStateBefore": "unsupported", "permissionStateAfter": "unsupported", "promptShown": .null,
                                                     "outcome": "timeout", "errorCode": .null, "errorMessage": .null, "elapsedMs": 20_000, "accuracyM": .null], status: .fail)]),
        // flutter_inappwebview's allowsInlineMediaPlayback false sent autoplaying video fullscreen on iPhone (merged webspace_app#111 sets it).
        CorpusCase("https://github.com/theoden8/webspace_app/pull/111", wrapper: "flutter_inappwebview", .iosWKWebView, os: "18.5",
                   probe: "media.inline", top: "flutter_inappwebview.allowsInlineMediaPlayback", detected: .flutterInAppWebView,
                   [Posted.inlineFullscreen, Posted.bridges(["flutter_inappwebview"])]),
        // Pages from file:// lost localStorage across navigations; a custom scheme (cordova-ios 6) keeps one origin (maintainer).
        CorpusCase("https://github.com/apache/cordova-plugin-wkwebview-engine/issues/58", wrapper: "Cordova", .iosWKWebView, os: "10.2",
                   probe: "storage.navigation", top: "cordova.fileSchemeBefore6", detected: .cordova,
                   [Run.result("storage.navigation", ["cookieSurvived": true, "localStorageSurvived": false], status: .fail), Posted.bridges(["cordova"])]),
        // No onMessage prop: no window.ReactNativeWebView and the injected script's style missing on iOS (the reporter: onMessage fixed it).
        CorpusCase("https://github.com/react-native-webview/react-native-webview/issues/3007", wrapper: "react-native-webview", .rnWebViewIOS, os: "16.4",
                   probe: "env.injected", top: "react-native-webview.onMessage", detected: .reactNativeWebView,
                   [Run.result("env.injected", ["patchedNatives": [], "unexpectedGlobals": [], "bridgeObjects": []]),
                    Run.result("env.platform", ["userAgent": "Mozilla/5.0 (iPhone; CPU iPhone OS 16_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
                                                "reactNativeWebView": false, "webkitMessageHandlers": true, "maxTouchPoints": 5])]),
    ]
}
