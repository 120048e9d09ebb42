@testable import ProbeCatalog

/// Public threads where the cause was confirmed (by the reporter's fix, a maintainer, or the
/// engine's source), each as the results the probe page would post on that device.
extension CorpusCase {
    static let all: [CorpusCase] = ios + android + wrappers + devices + storage + files + stalls + media + cookies + capture + relaunch + prompts + wrapperThreads + freshThreads + contentModeThreads + freshSet30 + freshSet31

    // MARK: iOS WKWebView

    static let ios: [CorpusCase] = [
        // hCaptcha: WKWebView denied getUserMedia until the SDK implemented the WKUIDelegate
        // media-capture method; the same fast denial is also the Settings switch (the pair).
        CorpusCase("https://github.com/hCaptcha/HCaptcha-ios-sdk/pull/224", wrapper: "native", .iosWKWebView, os: "17.5",
                   top: "ios.camera.delegate-denied", also: ["ios.camera.settings-denied"],
                   [Posted.camera("NotAllowedError", ms: 18, message: "The request is not allowed by the user agent or the platform in the current context, possibly because the user denied permission.")]),
        // WKWebView before iOS 14.3 has no getUserMedia (react-native-webview thread, iOS 14.0).
        CorpusCase("https://github.com/react-native-webview/react-native-webview/issues/1672", wrapper: "react-native-webview", .rnWebViewIOS, os: "14.0",
                   probe: "camera.api", top: "ios.camera.before-14.3",
                   [Posted.api(present: false), Posted.secure()]),
        // The same on iOS 13 (react-native-webview, 2019).
        CorpusCase("https://github.com/react-native-webview/react-native-webview/issues/1020", wrapper: "react-native-webview", .rnWebViewIOS, os: "13.2",
                   probe: "camera.api", top: "ios.camera.before-14.3",
                   [Posted.api(present: false), Posted.secure()]),
        // Radar 33571214: getUserMedia absent in WKWebView on iOS 11.
        CorpusCase("https://github.com/lionheart/openradar-mirror/issues/18059", wrapper: "native", .iosWKWebView, os: "11.0",
                   probe: "camera.api", top: "ios.camera.before-14.3",
                   [Posted.api(present: false), Posted.secure()]),
        // Safari: the camera denied in Settings › Safari: later requests are denied silently.
        CorpusCase("https://github.com/vyshnavsdeepak/voice-over/issues/111", wrapper: "Safari", .iosSafari, os: "17.3",
                   top: "browser.camera.site-setting",
                   [Posted.camera("NotAllowedError", ms: 9, state: "denied")]),
    ]

    // MARK: Android WebView without a framework (or one the page cannot see)

    static let android: [CorpusCase] = [
        // React Native's old core WebView: no onPermissionRequest, so the camera never worked;
        // granting in onPermissionRequest fixed it. The old WebView exposes no ReactNativeWebView.
        CorpusCase("https://github.com/react/react-native/issues/11610", wrapper: "react-native (core WebView)", .androidWebView, os: "7.0",
                   top: "android.camera.no-permission-handler", also: ["android.camera.no-runtime-permission"],
                   [Posted.camera("NotAllowedError", ms: 14)]),
        // react-native-webview before 5.0 (no window.ReactNativeWebView yet): PermissionDenied
        // although the manifest declared the camera; onPermissionRequest was added (PR #719).
        CorpusCase("https://github.com/react-native-webview/react-native-webview/issues/231", wrapper: "react-native-webview < 5", .androidWebView, os: "8.1",
                   top: "android.camera.no-permission-handler", also: ["android.camera.no-runtime-permission"],
                   [Posted.camera("NotAllowedError", ms: 11, message: "Permission denied")]),
        // flutter_webview_plugin: "getUserMedia returns Permission Denied" until onPermissionRequest was added.
        CorpusCase("https://github.com/fluttercommunity/flutter_webview_plugin/pull/937", wrapper: "flutter_webview_plugin", .androidWebView, os: "11",
                   top: "android.camera.no-permission-handler", also: ["android.camera.no-runtime-permission"],
                   [Posted.camera("NotAllowedError", ms: 9, message: "Permission denied")]),
        // .NET MAUI: the WebView never asked; a WebChromeClient granting in OnPermissionRequest fixed it.
        CorpusCase("https://github.com/dotnet/maui/issues/12283", wrapper: ".NET MAUI", .androidWebView, os: "13",
                   top: "android.camera.no-permission-handler", also: ["android.camera.no-runtime-permission"],
                   [Posted.camera("NotAllowedError", ms: 12)]),
        // .NET MAUI docs: the documented handler checks the app's camera permission before granting.
        CorpusCase("https://github.com/dotnet/docs-maui/pull/1209", wrapper: ".NET MAUI", .androidWebView, os: "13",
                   top: "android.camera.no-runtime-permission", also: ["android.camera.no-permission-handler"],
                   [Posted.camera("NotAllowedError", ms: 10, state: "denied"), Posted.permission("denied")]),
        // Android-SmartWebView: NotAllowedError until the WebChromeClient granted the WebRTC request.
        CorpusCase("https://github.com/mgks/Android-SmartWebView/issues/219", wrapper: "native", .androidWebView, os: "10",
                   top: "android.camera.no-permission-handler", also: ["android.camera.no-runtime-permission"],
                   [Posted.camera("NotAllowedError", ms: 20, message: "Permission denied")]),
        // android-js: "CheckMediaAccessPermission: Not supported" — the WebView needs onPermissionRequest.
        CorpusCase("https://github.com/android-js/androidjs/issues/132", wrapper: "android-js", .androidWebView, os: "10",
                   top: "android.camera.no-permission-handler", also: ["android.camera.no-runtime-permission"],
                   [Posted.camera("NotAllowedError", ms: 7)]),
        // WebViewANE (AIR): always PermissionDeniedError, the old Chromium name, until onPermissionRequest.
        CorpusCase("https://github.com/tuarua/WebViewANE/issues/28", wrapper: "WebViewANE", .androidWebView, os: "7.1",
                   top: "android.camera.no-permission-handler", also: ["android.camera.no-runtime-permission"],
                   [Posted.camera("PermissionDeniedError", ms: 6, prompt: nil, state: nil)]),
        // cordova-plugin-inappbrowser: the in-app browser's own WebView (no cordova bridge in
        // the page) denied the camera until it answered onPermissionRequest.
        CorpusCase("https://github.com/apache/cordova-plugin-inappbrowser/pull/968", wrapper: "Cordova InAppBrowser", .androidWebView, os: "12",
                   top: "android.camera.no-permission-handler", also: ["android.camera.no-runtime-permission"],
                   [Posted.camera("NotAllowedError", ms: 15)]),
    ]

    // MARK: react-native-webview, Capacitor, Cordova, flutter_inappwebview

    static let wrappers: [CorpusCase] = [
        // react-native-webview: no prompt on Android until CAMERA was in the manifest and requested.
        CorpusCase("https://github.com/react-native-webview/react-native-webview/issues/2854", wrapper: "react-native-webview", .rnWebViewAndroid, os: "10",
                   top: "rn.android.camera.manifest",
                   [Posted.camera("NotAllowedError", ms: 13, message: "Permission denied")]),
        // react-native-webview: the WebView camera worked once react-native-permissions asked for the camera.
        CorpusCase("https://github.com/react-native-webview/react-native-webview/issues/1045", wrapper: "react-native-webview", .rnWebViewAndroid, os: "9",
                   top: "rn.android.camera.manifest",
                   [Posted.camera("NotAllowedError", ms: 17)]),
        // react-native-webview: "you will also have to ask for camera permission for device manually".
        CorpusCase("https://github.com/react-native-webview/react-native-webview/issues/508", wrapper: "react-native-webview", .rnWebViewAndroid, os: "9",
                   top: "rn.android.camera.manifest",
                   [Posted.camera("NotAllowedError", ms: 22, message: "Permission denied")]),
        // cordova-android grants every request without the CAMERA runtime permission: the first request fails…
        CorpusCase("https://github.com/apache/cordova-android/issues/1888", wrapper: "Cordova", .androidWebView, os: "14",
                   top: "cordova.android.grant-without-runtime",
                   [Posted.camera("NotAllowedError", ms: 8), Posted.bridges(["cordova"])]),
        // …and the later ones never settle (same thread): a retry of the step hangs; named with the handler cause.
        CorpusCase("https://github.com/apache/cordova-android/issues/1888#retry", wrapper: "Cordova", .androidWebView, os: "14",
                   top: "cordova.android.pending-after-failure", also: ["handler.never-answers"],
                   [Posted.camera("NotAllowedError", ms: 8), Posted.camera("TimeoutError", ms: 20_000, attempt: 2), Posted.bridges(["cordova"])]),
        // cordova-android 2015: after the grant-all patch, Android 6 gave no runtime prompt and errors.
        CorpusCase("https://github.com/apache/cordova-android/pull/178", wrapper: "Cordova", .androidWebView, os: "6.0",
                   top: "cordova.android.grant-without-runtime",
                   [Posted.camera("NotAllowedError", ms: 10), Posted.bridges(["cordova"])]),
        // Capacitor: declaring android.permission.CAMERA let BridgeWebChromeClient obtain the runtime permission.
        CorpusCase("https://github.com/vellum-ai/vellum-assistant/pull/40471", wrapper: "Capacitor", .androidWebView, os: "15",
                   top: "android.camera.no-runtime-permission",
                   [Posted.camera("NotAllowedError", ms: 12), Posted.bridges(["Capacitor"])]),
        // Capacitor's template gained the getUserMedia permissions for the same reason.
        CorpusCase("https://github.com/ionic-team/capacitor/pull/870", wrapper: "Capacitor", .androidWebView, os: "9",
                   top: "android.camera.no-runtime-permission",
                   [Posted.camera("NotAllowedError", ms: 9), Posted.bridges(["Capacitor"])]),
        // flutter_inappwebview: the maintainer's answer: ask the runtime permission (permission_handler) and grant in onPermissionRequest.
        CorpusCase("https://github.com/pichillilorenzo/flutter_inappwebview/issues/333", wrapper: "flutter_inappwebview", .androidWebView, os: "10",
                   top: "android.camera.no-runtime-permission", also: ["android.camera.no-permission-handler"],
                   [Posted.camera("NotAllowedError", ms: 14), Posted.bridges(["flutter_inappwebview"])]),
        // flutter_inappwebview: androidOnPermissionRequest must return GRANT (the author's answer).
        CorpusCase("https://github.com/pichillilorenzo/flutter_inappwebview/issues/472", wrapper: "flutter_inappwebview", .androidWebView, os: "10",
                   top: "android.camera.no-permission-handler", also: ["android.camera.no-runtime-permission"],
                   [Posted.camera("NotAllowedError", ms: 11), Posted.bridges(["flutter_inappwebview"])]),
    ]

    // MARK: the device: busy, failing or missing cameras

    static let devices: [CorpusCase] = [
        // BigBlueButton maintainers: NotReadableError is a camera in use by another application…
        CorpusCase("https://github.com/bigbluebutton/bigbluebutton/issues/9000", wrapper: "Chrome", .desktop,
                   top: "camera.busy", also: ["camera.start-failure"],
                   [Posted.camera("NotReadableError", ms: 400, prompt: nil, message: "Could not start video source")]),
        // react-webcam: "your device is in use by another process" (Android Chrome).
        CorpusCase("https://github.com/mozmorris/react-webcam/issues/198", wrapper: "Chrome", .androidChrome, os: "10",
                   top: "camera.busy", also: ["camera.start-failure"],
                   [Posted.camera("NotReadableError", ms: 350, prompt: nil, message: "Could not start video source")]),
        // The page's own earlier stream held the camera; stopping its tracks fixed it.
        CorpusCase("https://github.com/philnash/mediadevices-camera-selection/issues/1", wrapper: "Chrome", .androidChrome, os: "9",
                   top: "camera.busy",
                   [Posted.camera("NotReadableError", ms: 300, prompt: nil, message: "Could not start video source")]),
        // …or an OS-level failure to start the device: a restart fixed it (the other half of the pair).
        CorpusCase("https://github.com/Scandit/barcodescanner-sdk-for-web-samples/issues/6", wrapper: "Chrome", .androidChrome, os: "9",
                   top: "camera.start-failure", also: ["camera.busy"],
                   [Posted.camera("NotReadableError", ms: 500, prompt: nil, message: "Could not start video source")]),
    ]

    // MARK: storage (DOM storage off nulls localStorage; sessionStorage keeps working, see Symptom.webStorageWorked)

    static let storage: [CorpusCase] = [
        // socket runtime: localStorage null on Android until setDomStorageEnabled(true).
        CorpusCase("https://github.com/heapwolf/socket/issues/490", wrapper: "socket", .androidWebView, os: "13",
                   probe: "storage.local", top: "android.dom-storage-off",
                   [Posted.storage("storage.local", available: false), Posted.working("storage.session")]),
        // React Native's core WebView: its JS needed localStorage; the domStorageEnabled prop was added.
        CorpusCase("https://github.com/react/react-native/pull/5065", wrapper: "react-native (core WebView)", .androidWebView, os: "6.0",
                   probe: "storage.local", top: "android.dom-storage-off",
                   [Posted.storage("storage.local", available: false), Posted.working("storage.session")]),
        // flutter_webview_plugin: no way to set domStorageEnabled until 0.1.4.
        CorpusCase("https://github.com/fluttercommunity/flutter_webview_plugin/issues/48", wrapper: "flutter_webview_plugin", .androidWebView, os: "8.0",
                   probe: "storage.local", top: "android.dom-storage-off",
                   [Posted.storage("storage.local", available: false), Posted.working("storage.session")]),
        // react-native-webview-bridge: localStorage missing on Android until a localStorageEnabled prop.
        CorpusCase("https://github.com/alinz/react-native-webview-bridge/issues/187", wrapper: "react-native-webview-bridge", .androidWebView, os: "7.0",
                   probe: "storage.local", top: "android.dom-storage-off",
                   [Posted.working("storage.session"), Posted.storage("storage.local", available: false)]),
        // webview_flutter: "Storage is disabled inside 'data:' URLs" — an opaque origin, not a setting.
        CorpusCase("https://github.com/flutter/flutter/issues/26133", wrapper: "webview_flutter", .androidWebView, os: "9",
                   probe: "storage.local", top: "page.opaque-origin",
                   [Posted.storage("storage.local", available: false, error: "SecurityError"), Posted.secure(origin: "null")]),
    ]

    // MARK: file choosers

    static let files: [CorpusCase] = [
        // authgear: <input type=file> unresponsive: onShowFileChooser not implemented by the system.
        CorpusCase("https://github.com/authgear/authgear-sdk-js/issues/177", wrapper: "native", .androidWebView, os: "12",
                   probe: "file.accept", top: "android.no-file-chooser",
                   [Posted.chooser()]),
        // candy-browser: the picker never opened; WebChromeClient did not override onShowFileChooser.
        CorpusCase("https://github.com/sk2andy/candy-browser/issues/1", wrapper: "native", .androidWebView, os: "14",
                   probe: "file.accept", top: "android.no-file-chooser",
                   [Posted.chooser()]),
        // Plugin.HybridWebView (Xamarin.Forms): its client does not override OnShowFileChooser.
        CorpusCase("https://github.com/devsmadeofsteel/Plugin.HybridWebView/issues/14", wrapper: "Xamarin.Forms", .androidWebView, os: "10",
                   probe: "file.accept", top: "android.no-file-chooser",
                   [Posted.chooser()]),
        // NativeScript: no chooser until onShowFileChooser is implemented.
        CorpusCase("https://github.com/NativeScript/NativeScript/issues/5313", wrapper: "NativeScript", .androidWebView, os: "8.0",
                   probe: "file.accept", top: "android.no-file-chooser",
                   [Posted.chooser()]),
        // MyFlightbook: "Choose file" did nothing; fixed with onShowFileChooser in 3.0.4.
        CorpusCase("https://github.com/ericberman/MyFlightbookAndroid/issues/51", wrapper: "native", .androidWebView, os: "7.1",
                   probe: "file.accept", top: "android.no-file-chooser",
                   [Posted.chooser()]),
        // react-native-webview-android (2015, no ReactNativeWebView object): the native WebView's default.
        CorpusCase("https://github.com/lucasferreira/react-native-webview-android/issues/17", wrapper: "react-native-webview-android", .androidWebView, os: "6.0",
                   probe: "file.accept", top: "android.no-file-chooser",
                   [Posted.chooser()]),
    ]

    // MARK: runs that stopped

    static let stalls: [CorpusCase] = [
        // flutter_inappwebview, iOS 16.2: SIGABRT at the camera request without NSCameraUsageDescription.
        CorpusCase("https://github.com/pichillilorenzo/flutter_inappwebview/issues/1510", wrapper: "flutter_inappwebview", .iosWKWebView, os: "16.2",
                   top: "ios.camera.no-usage-description", also: ["app.navigated-away"], clock: Posted.stoppedClock,
                   [Posted.bridges(["flutter_inappwebview"]), Posted.started("camera.getUserMedia")]),
        // Bowser (a WebRTC browser app on iOS 10): crashed at the camera without the usage description.
        CorpusCase("https://github.com/EricssonResearch/bowser/issues/94", wrapper: "native", .iosWKWebView, os: "10.1",
                   top: "ios.camera.no-usage-description", clock: Posted.stoppedClock,
                   [Posted.started("camera.getUserMedia")]),
        // omnigent: the iOS WebView's camera request crashed the app until the usage strings were added.
        CorpusCase("https://github.com/omnigent-ai/omnigent/pull/2282", wrapper: "native", .iosWKWebView, os: "18.5",
                   top: "ios.camera.no-usage-description", clock: Posted.stoppedClock,
                   [Posted.started("camera.getUserMedia")]),
    ]
}
