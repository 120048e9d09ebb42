@testable import ProbeCatalog

/// Cases where another probe of the same run speaks against the usual cause: each is
/// diagnosed only if the contradicted cause is ruled out and its look-alike named.
extension CorpusCase {
    // MARK: media: the gesture rule and inline playback off refuse play() alike; a played video rules one out

    static let media: [CorpusCase] = [
        // webview_flutter 4: iOS refused autoplay until mediaTypesRequiringUserAction was empty
        // (maintainers); media.inline's play() was refused the same way, with no fullscreen player.
        CorpusCase("https://github.com/flutter/flutter/issues/118483", wrapper: "webview_flutter", .iosWKWebView, os: "16.2",
                   probe: "media.autoplay", top: "ios.autoplay.user-action-required",
                   [Posted.autoplayRefused, Posted.inlineRefused]),
        // The same run's media.inline finding: refused by the gesture rule, not sent fullscreen.
        CorpusCase("https://github.com/flutter/flutter/issues/118483#inline", wrapper: "webview_flutter", .iosWKWebView, os: "16.2",
                   probe: "media.inline", top: "ios.autoplay.user-action-required",
                   [Posted.autoplayRefused, Posted.inlineRefused]),
        // RevenueCat paywalls: media started once mediaTypesRequiringUserActionForPlayback = [] (merged, confirmed on device).
        CorpusCase("https://github.com/RevenueCat/purchases-ios/pull/7279", wrapper: "native", .iosWKWebView, os: "17.4",
                   probe: "media.autoplay", top: "ios.autoplay.user-action-required",
                   [Posted.autoplayRefused]),
        // flutter_inappwebview: the video went to the fullscreen player until allowsInlineMediaPlayback: true.
        CorpusCase("https://github.com/pichillilorenzo/flutter_inappwebview/issues/1248", wrapper: "flutter_inappwebview", .iosWKWebView, os: "16.1",
                   probe: "media.inline", top: "ios.inline-playback-off",
                   [Run.result("media.inline", ["inline": false, "enteredFullscreen": true, "played": true]), Posted.bridges(["flutter_inappwebview"])]),
    ]

    // MARK: a second prompt for a camera already allowed: who asks again is the wrapper's

    static let prompts: [CorpusCase] = [
        // react-native-webview: WKWebView asked again on every request until the grant-type prop
        // (its default stays "prompt": docs/Reference.md#mediacapturepermissiongranttype).
        CorpusCase("https://github.com/react-native-webview/react-native-webview/issues/2256", wrapper: "react-native-webview", .rnWebViewIOS, os: "15.0",
                   probe: "camera.reacquire", top: "rn.ios.camera.grant-type-prompt",
                   [Posted.promptedAgain]),
        // flutter_inappwebview on iOS: the page's prompt came back on every load although the app held the camera.
        CorpusCase("https://github.com/pichillilorenzo/flutter_inappwebview/issues/924", wrapper: "flutter_inappwebview", .iosWKWebView, os: "15.0",
                   probe: "camera.reacquire", top: "iaw.ios.camera.prompt-default",
                   [Posted.promptedAgain, Posted.bridges(["flutter_inappwebview"])]),
        // Cordova iOS: every getUserMedia asked again until a media-capture decision was added.
        CorpusCase("https://github.com/apache/cordova-ios/issues/1166", wrapper: "Cordova", .iosWKWebView, os: "15.0",
                   probe: "camera.reacquire", top: "ios.camera.prompt-each-time",
                   [Posted.promptedAgain, Posted.bridges(["cordova"])]),
        // Home Assistant's WKWebView: a prompt on every getUserMedia until the delegate method was implemented.
        CorpusCase("https://github.com/home-assistant/iOS/issues/1671", wrapper: "native", .iosWKWebView, os: "15.0",
                   probe: "camera.reacquire", top: "ios.camera.prompt-each-time",
                   [Posted.promptedAgain]),
    ]

    // MARK: cookies: the jar works, a layer in between lost Set-Cookie

    static let cookies: [CorpusCase] = [
        // Capacitor's server.url proxy re-fetched the page natively and dropped Set-Cookie
        // (fixed in "set cookie on proxied request"); document.cookie worked all along.
        CorpusCase("https://github.com/ionic-team/capacitor/pull/3076", wrapper: "Capacitor", .androidWebView, os: "10",
                   probe: "cookie.server", top: "app.interception-drops-set-cookie",
                   [Run.result("cookie.server", ["setCookieSent": true, "echoed": false, "visibleToScript": false], status: .fail), Posted.bridges(["Capacitor"])]),
    ]

    // MARK: file capture: the camera intent, not the chooser (file.accept works)

    static let capture: [CorpusCase] = [
        // react-native-webview 13: a capture input opened nothing on Android 11+: resolveActivity()
        // without <queries> (the reporter's fix); file.accept's chooser worked, the camera was granted.
        CorpusCase("https://github.com/react-native-webview/react-native-webview/issues/3288", wrapper: "react-native-webview", .rnWebViewAndroid, os: "11",
                   probe: "file.capture", top: "android.capture-intent-invisible", also: ["android.capture-ignored"],
                   [Posted.captureNothing]),
        // react-native-webview: CAMERA declared, not granted: no camera intent is built (root cause in the PR);
        // getUserMedia was refused in the same run, so both look-alikes stand.
        CorpusCase("https://github.com/react-native-webview/react-native-webview/pull/3962", wrapper: "react-native-webview", .rnWebViewAndroid, os: "13",
                   probe: "file.capture", top: "android.capture-without-camera-permission", also: ["android.capture-intent-invisible"],
                   [Posted.captureNothing, Posted.camera("NotAllowedError", ms: 15)]),
        // flutter_inappwebview 6: "no Activity to handle this Intent" on Android 12+ until the <queries> entry.
        CorpusCase("https://github.com/pichillilorenzo/flutter_inappwebview/issues/1687", wrapper: "flutter_inappwebview", .androidWebView, os: "12",
                   probe: "file.capture", top: "android.capture-intent-invisible",
                   [Posted.captureNothing, Posted.bridges(["flutter_inappwebview"])]),
        // Capacitor 6 on a Pixel (Android 14): a document picker instead of the camera, the capture intent not resolved.
        CorpusCase("https://github.com/ionic-team/capacitor/issues/7411", wrapper: "Capacitor", .androidWebView, os: "14",
                   probe: "file.capture", top: "android.capture-intent-invisible",
                   [Posted.captureFileList, Posted.bridges(["Capacitor"])]),
        // cordova-android: the camera option needs <queries> for IMAGE_CAPTURE (maintainer review).
        CorpusCase("https://github.com/apache/cordova-android/pull/1609", wrapper: "Cordova", .androidWebView, os: "11",
                   probe: "file.capture", top: "android.capture-intent-invisible",
                   [Posted.captureFileList, Posted.bridges(["cordova"])]),
        // .NET MAUI: the chooser comes from createIntent() alone, which has no camera; the
        // queries cause stands too (file.accept worked), told apart by what opened.
        CorpusCase("https://github.com/dotnet/maui/issues/884", wrapper: ".NET MAUI", .androidWebView, os: "13",
                   probe: "file.capture", top: "android.capture-ignored", also: ["android.capture-intent-invisible"],
                   [Posted.captureFileList]),
        // Open-WebUI client: the chooser bailed out with onReceiveValue(null) when resolveActivity()
        // found no camera app (Android 11+ without <queries>): an instant cancel, while file.accept worked.
        CorpusCase("https://github.com/Maticcm/Open-WebUI-Client-for-Android/pull/19", wrapper: "native", .androidWebView, os: "13",
                   probe: "file.cancel", top: "android.capture-intent-invisible",
                   [Run.result("file.cancel", ["cancelFired": true, "cancelMs": 12, "secondChooserOpened": false, "secondChangeFired": false], status: .fail)]),
    ]

    // MARK: relaunch: incognito clearing the jar, or cookies not flushed (the same symptom)

    static let relaunch: [CorpusCase] = [
        // react-native-webview 9: the Android incognito setter removed every cookie (fixed for false in #1447).
        CorpusCase("https://github.com/react-native-webview/react-native-webview/issues/1296", wrapper: "react-native-webview", .rnWebViewAndroid, os: "9",
                   probe: "storage.relaunch", top: "android.incognito-clears-cookies", also: ["android.cookies-not-flushed"],
                   [Posted.cookieLostOnRelaunch]),
        // flutter_inappwebview: an incognito instance cleared the normal instance's cookies (one jar per process).
        CorpusCase("https://github.com/pichillilorenzo/flutter_inappwebview/issues/511", wrapper: "flutter_inappwebview", .androidWebView, os: "8.0",
                   probe: "storage.relaunch", top: "android.incognito-clears-cookies", also: ["android.cookies-not-flushed"],
                   [Posted.cookieLostOnRelaunch, Posted.bridges(["flutter_inappwebview"])]),
        // turbo-android: cookies lost after a kill until CookieManager.flush() on stop (merged).
        CorpusCase("https://github.com/hotwired/turbo-android/pull/150", wrapper: "native", .androidWebView, os: "11",
                   probe: "storage.relaunch", top: "android.cookies-not-flushed", also: ["app.clears-data"],
                   [Posted.cookieLostOnRelaunch]),
        // react-native-webview: the login cookie lost after the app was killed; react-native-webview flushes on page finish only.
        CorpusCase("https://github.com/react-native-webview/react-native-webview/issues/1345", wrapper: "react-native-webview", .rnWebViewAndroid, os: "10",
                   probe: "storage.relaunch", top: "android.cookies-not-flushed", also: ["android.incognito-clears-cookies"],
                   [Posted.cookieLostOnRelaunch]),
    ]
}

extension Posted {
    static let autoplayRefused = Run.result("media.autoplay", ["played": false, "errorName": "NotAllowedError"], status: .fail)
    /// camera.reacquire granted again, after a second prompt.
    static let promptedAgain = Run.result("camera.reacquire", ["outcome": "granted", "promptShown": true, "elapsedMs": 3200])
    /// media.inline refused by the gesture rule: NotAllowedError, no fullscreen player.
    static let inlineRefused = Run.result("media.inline", ["inline": false, "enteredFullscreen": false, "played": false, "errorName": "NotAllowedError"], status: .fail)
    /// A capture input that opened nothing: no camera, no file list, no change.
    static let captureNothing = Run.result("file.capture", ["cameraOpenedDirectly": false, "environmentChangeFired": false, "userChangeFired": false], status: .fail)
    /// A capture input that opened a file list: a file came back, the camera never opened.
    static let captureFileList = Run.result("file.capture", ["cameraOpenedDirectly": false, "environmentChangeFired": true, "environmentFileCount": 1, "userChangeFired": true, "userFileCount": 1], status: .fail)
    /// The persistent cookie gone after the relaunch, localStorage and IndexedDB kept.
    static let cookieLostOnRelaunch = Run.result("storage.relaunch", ["relaunched": true, "sessionCookie": false, "persistentCookie": false, "localStorage": true, "indexedDB": true], status: .fail)
}
