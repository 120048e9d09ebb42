@testable import ProbeCatalog

/// Threads of the wrappers the corpus had fewest of (.NET MAUI, webview_flutter, Capacitor,
/// Cordova), each with its cause confirmed by a merged fix, a maintainer or the reporter's fix.
extension CorpusCase {
    static let wrapperThreads: [CorpusCase] = [
        // MARK: .NET MAUI
        // BlazorWebView: the camera worked only through a chrome client granting in OnPermissionRequest (ASP.NET team's answer).
        CorpusCase("https://github.com/dotnet/maui/issues/6565", wrapper: ".NET MAUI", .androidWebView, os: "12",
                   top: "android.camera.no-permission-handler", also: ["android.camera.no-runtime-permission"],
                   [Posted.camera("NotAllowedError", ms: 15, message: "Permission denied")]),
        // BlazorWebView: <input type=file> did nothing until OnShowFileChooser (merged dotnet/maui#4928).
        CorpusCase("https://github.com/dotnet/maui/issues/2678", wrapper: ".NET MAUI", .androidWebView, os: "11",
                   probe: "file.accept", top: "android.no-file-chooser",
                   [Posted.chooser()]),
        // MAUI WebView: the login lost on restart until the app flushed the cookies (reporter; MAUI team: the platform's behaviour).
        CorpusCase("https://github.com/dotnet/maui/issues/19010", wrapper: ".NET MAUI", .androidWebView, os: "13",
                   probe: "storage.relaunch", top: "android.cookies-not-flushed",
                   [Posted.cookieLostOnRelaunch]),

        // MARK: webview_flutter
        // No onPermissionRequest until the permission callback (merged flutter/packages#3543).
        CorpusCase("https://github.com/flutter/flutter/issues/56871", wrapper: "webview_flutter", .androidWebView, os: "10",
                   top: "android.camera.no-permission-handler", also: ["android.camera.no-runtime-permission"],
                   [Posted.camera("NotAllowedError", ms: 12)]),
        // allowsInlineMediaPlayback: true never reached WebKit (merged flutter/plugins#3791).
        CorpusCase("https://github.com/flutter/flutter/issues/73768", wrapper: "webview_flutter", .iosWKWebView, os: "14.4",
                   probe: "media.inline", top: "ios.inline-playback-off",
                   [Posted.inlineFullscreen]),
        // No way to accept third-party cookies until setAcceptThirdPartyCookies (merged flutter/packages#3834).
        CorpusCase("https://github.com/flutter/flutter/issues/125569", wrapper: "webview_flutter", .androidWebView, os: "13",
                   probe: "cookie.thirdParty", top: "android.third-party-cookies-off",
                   [Posted.thirdPartyCookieLost]),
        // A white page that renders once DOM storage is on (reporter, against a plain WebView).
        CorpusCase("https://github.com/flutter/flutter/issues/25262", wrapper: "webview_flutter", .androidWebView, os: "8.0",
                   probe: "storage.local", top: "android.dom-storage-off",
                   [Posted.storage("storage.local", available: false), Posted.working("storage.session")]),

        // MARK: Capacitor
        // "Just nothing happens" on <input type=file> until BridgeWebChromeClient built a chooser (merged capacitor#714).
        CorpusCase("https://github.com/ionic-team/capacitor/issues/631", wrapper: "Capacitor", .androidWebView, os: "8.0",
                   probe: "file.accept", top: "android.no-file-chooser",
                   [Posted.chooser(), Posted.bridges(["Capacitor"])]),
        // The chooser ignored capture: a file list instead of the camera (merged capacitor#809).
        CorpusCase("https://github.com/ionic-team/capacitor/pull/809", wrapper: "Capacitor", .androidWebView, os: "8.0",
                   probe: "file.capture", top: "android.capture-ignored",
                   [Posted.captureFileList, Posted.bridges(["Capacitor"])]),
        // getUserMedia on Android 6+ needs the runtime permission, which the chrome client now asks (merged capacitor#812).
        CorpusCase("https://github.com/ionic-team/capacitor/pull/812", wrapper: "Capacitor", .androidWebView, os: "8.0",
                   top: "android.camera.no-runtime-permission",
                   [Posted.camera("NotAllowedError", ms: 10), Posted.bridges(["Capacitor"])]),

        // MARK: Cordova
        // OverrideUserAgent set to a desktop agent: Ionic's Platform no longer saw Android (reporter: only with an agent not from the device).
        CorpusCase("https://github.com/ionic-team/ionic-framework/issues/11790", wrapper: "Cordova", .androidWebView,
                   probe: "env.platform", top: "cordova.OverrideUserAgent", also: ["android.user-agent-replaced"], detected: .cordova,
                   [Run.result("env.platform", ["userAgent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/58.0.3029.110 Safari/537.36"])]),
        // Cookies lost when the app closed within ~30 s of the login; CookieManager.flush() fixed it (several users).
        CorpusCase("https://github.com/apache/cordova-android/issues/802", wrapper: "Cordova", .androidWebView, os: "9",
                   probe: "storage.relaunch", top: "android.cookies-not-flushed",
                   [Posted.cookieLostOnRelaunch, Posted.bridges(["cordova"])]),
        // capture="camera" opened the file browser: the chooser builds no camera intent (maintainer).
        CorpusCase("https://github.com/apache/cordova-android/issues/916", wrapper: "Cordova", .androidWebView, os: "10",
                   probe: "file.capture", top: "android.capture-ignored",
                   [Posted.captureFileList, Posted.bridges(["cordova"])]),
        // playsinline went fullscreen, on an iPad too: AllowInlineMediaPlayback defaults to NO (maintainer).
        CorpusCase("https://github.com/apache/cordova-ios/issues/1151", wrapper: "Cordova", .iosWKWebView, os: "15.0",
                   probe: "media.inline", top: "ios.inline-playback-off",
                   [Posted.inlineFullscreen, Posted.bridges(["cordova"])]),
        // cordova-plugin-ionic-webview: playsinline ignored until <preference name="AllowInlineMediaPlayback" value="true" /> (Ionic).
        CorpusCase("https://github.com/ionic-team/cordova-plugin-ionic-webview/issues/294", wrapper: "Cordova", .iosWKWebView, os: "12.1",
                   probe: "media.inline", top: "ios.inline-playback-off",
                   [Posted.inlineFullscreen, Posted.bridges(["cordova"])]),
        // Construct 3's Cordova export: no getUserMedia on Android 6+ without the runtime permission (Scirra staff).
        CorpusCase("https://github.com/Scirra/Construct-bugs/issues/1261", wrapper: "Cordova", .androidWebView, os: "7.0",
                   top: "cordova.android.grant-without-runtime",
                   [Posted.camera("NotAllowedError", ms: 9), Posted.bridges(["cordova"])]),

        // MARK: edge to edge (Android 15, targetSdk 35)
        // cordova-plugin-statusbar: the page under the status bar; "Android SDK 35 enforces edge-to-edge" (maintainer).
        CorpusCase("https://github.com/apache/cordova-plugin-statusbar/issues/281", wrapper: "Cordova", .androidWebView, os: "15",
                   probe: "env.viewport", top: "android.edge-to-edge-unhandled", also: ["app.system-bars-hidden"],
                   [Posted.underTheBars, Posted.bridges(["cordova"])]),
        // @capacitor/status-bar: overlaysWebView false ignored; Android 15 enforces edge to edge (maintainer).
        CorpusCase("https://github.com/ionic-team/capacitor-plugins/issues/2386", wrapper: "Capacitor", .androidWebView, os: "15",
                   probe: "env.viewport", top: "android.edge-to-edge-unhandled",
                   [Posted.underTheBars, Posted.bridges(["Capacitor"])]),

        // MARK: others
        // flutter_inappwebview 5.3: sharedCookiesEnabled chose a non-persistent store with the cache on (merged #1093).
        CorpusCase("https://github.com/pichillilorenzo/flutter_inappwebview/issues/1092", wrapper: "flutter_inappwebview", .iosWKWebView, os: "15.3",
                   probe: "storage.relaunch", top: "webview.non-persistent-store",
                   [Posted.storeLostOnRelaunch, Posted.bridges(["flutter_inappwebview"])]),
        // flutter_inappwebview 5.3.2: "Choose file" ended the app; the setup's <provider> in AndroidManifest fixed it (reporter).
        CorpusCase("https://github.com/pichillilorenzo/flutter_inappwebview/issues/930", wrapper: "flutter_inappwebview", .androidWebView, os: "10",
                   probe: "file.accept", top: "flutter_inappwebview.fileProviderLegacy", clock: Posted.stoppedClock, detected: .flutterInAppWebView,
                   [Posted.started("file.accept"), Posted.bridges(["flutter_inappwebview"])]),
        // react-native-webview: cookies not saved when the app was killed (merged #3176: flush).
        CorpusCase("https://github.com/react-native-webview/react-native-webview/issues/2643", wrapper: "react-native-webview", .rnWebViewAndroid, os: "11",
                   probe: "storage.relaunch", top: "android.cookies-not-flushed",
                   [Posted.cookieLostOnRelaunch]),
        // NativePHP's WKWebView shell used WKWebsiteDataStore.nonPersistent() (merged #140: .default()).
        CorpusCase("https://github.com/NativePHP/mobile-air/issues/139", wrapper: "native", .iosWKWebView, os: "18.0",
                   probe: "storage.relaunch", top: "webview.non-persistent-store",
                   [Posted.storeLostOnRelaunch]),
        // Home Assistant: an iframe card asked to enable cookies until setAcceptThirdPartyCookies (merged #629).
        CorpusCase("https://github.com/home-assistant/android/issues/548", wrapper: "native", .androidWebView, os: "10",
                   probe: "cookie.thirdParty", top: "android.third-party-cookies-off",
                   [Posted.thirdPartyCookieLost]),
        // Kickstarter: the pledge manager rendered empty until DOM storage was enabled (merged).
        CorpusCase("https://github.com/kickstarter/android-oss/pull/2329", wrapper: "native", .androidWebView, os: "14",
                   probe: "storage.local", top: "android.dom-storage-off",
                   [Posted.storage("storage.local", available: false), Posted.working("storage.session")]),
    ]
}

extension Posted {
    /// env.viewport: the whole screen's height, no safe-area inset.
    static let underTheBars = Run.result("env.viewport", ["innerHeight": 915, "screenHeight": 915, "heightRatio": 1.0, "safeAreaTop": 0, "safeAreaBottom": 0])
    /// media.inline: the video left the page for the fullscreen player.
    static let inlineFullscreen = Run.result("media.inline", ["inline": false, "enteredFullscreen": true, "played": true], status: .fail)
    /// cookie.thirdParty: the second origin's SameSite=None cookie was set and not read back.
    static let thirdPartyCookieLost = Run.result("cookie.thirdParty", ["frameLoaded": true, "set": true, "readBack": false], status: .fail)
    /// storage.relaunch: cookies and storage alike gone after the relaunch.
    static let storeLostOnRelaunch = Run.result("storage.relaunch", ["relaunched": true, "sessionCookie": false, "persistentCookie": false, "localStorage": false, "indexedDB": false], status: .fail)
}
