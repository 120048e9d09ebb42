/// Flutter's two WebView plugins, read at their release tags: webview_flutter_android
/// v4.14.0 (previous major v3.16.9) and webview_flutter_wkwebview v3.26.0 (its 2.x has no
/// tag in the source mirror, so no previous major is given for iOS); flutter_inappwebview
/// v6.1.5 (previous major v5.8.0).
extension WrapperCatalog {
    static let wfAndroid = "https://github.com/flutter/packages/blob/webview_flutter_android-v4.14.0/packages/webview_flutter/webview_flutter_android/"
    static let wfAndroid3 = "https://github.com/flutter/packages/blob/webview_flutter_android-v3.16.9/packages/webview_flutter/webview_flutter_android/"
    static let wfWebKit = "https://github.com/flutter/packages/blob/webview_flutter_wkwebview-v3.26.0/packages/webview_flutter/webview_flutter_wkwebview/"
    static let wfController = "lib/src/android_webview_controller.dart"
    static let wfWebKitController = "lib/src/webkit_webview_controller.dart"
    static let wfJava = "android/src/main/java/io/flutter/plugins/webviewflutter/"
    static let wfA = "webview_flutter_android 4.14.0"
    static let wfA3 = "webview_flutter_android 3.16.9"
    static let wfK = "webview_flutter_wkwebview 3.26.0"

    static func dart(_ kind: String, _ code: String) -> WrapperSettingRow.Fix { .code(language: "Dart", kind: kind, code) }

    /// A whole Dart file that creates the controller with webview_flutter_wkwebview's creation
    /// parameters (one argument on their line, more each on its own), after an optional comment.
    static func webKitController(_ arguments: String..., comment: String? = nil) -> WrapperSettingRow.Fix {
        let list = arguments.count == 1 ? arguments[0] : "\n" + arguments.map { "    \($0),\n" }.joined() + "  "
        return dart("dart.file", """
            import 'package:webview_flutter/webview_flutter.dart';
            import 'package:webview_flutter_wkwebview/webview_flutter_wkwebview.dart';

            \(comment.map { "// \($0)\n" } ?? "")final controller = WebViewController.fromPlatformCreationParams(
              WebKitWebViewControllerCreationParams(\(list)),
            );
            """)
    }

    /// Custom schemes out of the WebView, also window.open's target on Android (which the
    /// plugin loads into the main WebView after the navigation delegate).
    static let wfNavigationDelegate = """
        controller.setNavigationDelegate(NavigationDelegate(
          onNavigationRequest: (request) {
            if (!request.url.startsWith('https://id.example.com/')) {
              launchUrl(Uri.parse(request.url), mode: LaunchMode.externalApplication);
              return NavigationDecision.prevent;
            }
            return NavigationDecision.navigate;
          },
        ));
        """

    static let webviewFlutterSettings: [WrapperSettingRow] = [
        WrapperSettingRow("allowsInlineMediaPlayback", "WebKitWebViewControllerCreationParams(allowsInlineMediaPlayback: …)", .media, .ios,
            current: (wfK, "false"), previous: nil,
            native: "WKWebViewConfiguration.allowsInlineMediaPlayback",
            probes: [.mediaInline, .cameraFrames], wrong: "video goes fullscreen; the camera preview stays black on iPhone",
            cause: .setting(.inlinePlayback), fix: .wrapperFix(.inlinePlayback),
            sources: [wfWebKit + wfWebKitController + "#L77", wfWebKit + wfWebKitController + "#L92"]),
        WrapperSettingRow("mediaTypesRequiringUserAction", "WebKitWebViewControllerCreationParams(mediaTypesRequiringUserAction: …)", .media, .ios,
            current: (wfK, "{audio, video}: .all"), previous: nil,
            native: "WKWebViewConfiguration.mediaTypesRequiringUserActionForPlayback",
            probes: [.mediaAutoplay], wrong: "play() rejects NotAllowedError, muted or not",
            cause: .setting(.autoplay), fix: webKitController("allowsInlineMediaPlayback: true", "mediaTypesRequiringUserAction: const <PlaybackMediaTypes>{}"),
            sources: [wfWebKit + wfWebKitController + "#L72-L91"]),
        WrapperSettingRow("setMediaPlaybackRequiresUserGesture", "AndroidWebViewController.setMediaPlaybackRequiresUserGesture(bool)", .media, .android,
            current: (wfA, "not called: the WebView's true"), previous: (wfA3, "not called: true"),
            native: "WebSettings.setMediaPlaybackRequiresUserGesture",
            probes: [.mediaAutoplay], wrong: "unmuted play() rejects NotAllowedError",
            cause: .setting(.autoplay), fix: dart("dart.controllerStatements", """
                (controller.platform as AndroidWebViewController).setMediaPlaybackRequiresUserGesture(false);
                """),
            sources: [wfAndroid + wfController + "#L602-L604", wfAndroid + wfController + "#L147-L155", wfAndroid3 + wfController + "#L581-L583"]),
        WrapperSettingRow("onPermissionRequestAndroid", "WebViewController(onPermissionRequest: …)", .camera, .android,
            current: (wfA, "no callback: request.deny(); the plugin never requests CAMERA"), previous: (wfA3, "no callback: deny"),
            native: "WebChromeClient.onPermissionRequest → PermissionRequest.grant / deny",
            probes: [.cameraGetUserMedia], wrong: "NotAllowedError at once, no prompt",
            cause: .known("android.camera.no-permission-handler"), fix: .wrapperFix(.permissionHandler),
            sources: [wfAndroid + wfController + "#L286-L322", wfAndroid + wfController + "#L643-L648", wfAndroid3 + wfController + "#L239"]),
        WrapperSettingRow("onPermissionRequestIOS", "WebViewController(onPermissionRequest: …)", .camera, .ios,
            current: (wfK, "no callback: PermissionDecision.prompt"), previous: nil,
            native: "WKUIDelegate requestMediaCapturePermissionFor",
            probes: [.cameraPermission, .cameraReacquire], wrong: "a WebKit prompt on every launch",
            cause: .setting(.permissionHandler), fix: .wrapperFix(.permissionHandler),
            sources: [wfWebKit + wfWebKitController + "#L184-L230"]),
        WrapperSettingRow("permissionRequestOrigin", "WebViewPermissionRequest.types (no origin)", .camera, nil,
            current: ("webview_flutter 4.14.1", "the request carries the types, not the origin"), previous: nil,
            native: "PermissionRequest.getOrigin / WKSecurityOrigin, not passed to Dart",
            probes: [.cameraForeignOrigin], wrong: "a foreign iframe cannot be refused through the plugin's API",
            cause: .setting(.cameraOrigin), fix: .wrapperFix(.cameraOrigin),
            sources: ["https://github.com/flutter/packages/blob/webview_flutter-v4.14.1/packages/webview_flutter/webview_flutter/lib/src/webview_controller.dart#L59-L63"]),
        WrapperSettingRow("setOnShowFileSelector", "AndroidWebViewController.setOnShowFileSelector(…)", .files, .android,
            current: (wfA, "not set: onShowFileChooser returns false, no chooser"), previous: (wfA3, "not set: no chooser"),
            native: "WebChromeClient.onShowFileChooser",
            probes: [.fileAccept, .fileCancel, .fileCapture], wrong: "no chooser, no change event; with a selector, intents, camera and <queries> are the app's code",
            cause: .known("android.no-file-chooser"), fix: .wrapperFix(.fileChooser),
            sources: [wfAndroid + wfController + "#L244-L255", wfAndroid + wfController + "#L631-L640", wfAndroid + wfJava + "WebChromeClientProxyApi.java#L78-L110", wfAndroid3 + wfController + "#L196"]),
        WrapperSettingRow("domStorage", "AndroidWebViewController (constructor: setDomStorageEnabled(true))", .storage, .android,
            current: (wfA, "true"), previous: (wfA3, "true"),
            native: "WebSettings.setDomStorageEnabled",
            probes: [.storageLocal], wrong: "storage fails only for a page without a real https origin",
            cause: .known("android.dom-storage-off"), fix: .wrapperFix(.storage),
            sources: [wfAndroid + wfController + "#L147", wfAndroid3 + wfController + "#L86"]),
        WrapperSettingRow("clearLocalStorage", "controller.clearLocalStorage() / clearCache()", .storage, nil,
            current: ("webview_flutter 4.14.1", "only when the app calls them"), previous: nil,
            native: "WKWebsiteDataStore.removeDataOfTypes / WebStorage.deleteAllData",
            probes: [.storageRelaunch], wrong: "an app calling them on mount loses storage every launch",
            cause: .known("app.clears-data"), fix: .wrapperFix(.storage),
            sources: [wfWebKit + wfWebKitController + "#L479-L491"]),
        WrapperSettingRow("setAcceptThirdPartyCookies", "AndroidWebViewCookieManager.setAcceptThirdPartyCookies(controller, true)", .storage, .android,
            current: (wfA, "not called: refused"), previous: nil,
            native: "CookieManager.setAcceptThirdPartyCookies",
            probes: [.cookieThirdParty], wrong: "the third-party cookie is not sent",
            cause: .known("android.third-party-cookies-off"), fix: .wrapperFix(.cookies),
            sources: [wfAndroid + "lib/src/android_webview_cookie_manager.dart#L79-L84"]),
        WrapperSettingRow("setMixedContentMode", "AndroidWebViewController.setMixedContentMode(MixedContentMode.compatibilityMode)", .network, .android,
            current: (wfA, "not called: never allow"), previous: nil,
            native: "WebSettings.setMixedContentMode",
            probes: [.netMixedContent], wrong: "http: image and fetch blocked",
            cause: .probe(.netMixedContent), fix: dart("dart.controllerStatements", """
                (controller.platform as AndroidWebViewController).setMixedContentMode(MixedContentMode.compatibilityMode);
                """),
            sources: [wfAndroid + wfController + "#L775-L782"]),
        WrapperSettingRow("onNavigationRequest", "NavigationDelegate(onNavigationRequest: …)", .navigation, nil,
            current: (wfA, "none: the WebView loads every URL itself"), previous: nil,
            native: "WebViewClient.shouldOverrideUrlLoading (main frame), WKNavigationDelegate decidePolicyFor",
            probes: [.navCustomScheme], wrong: "Android net::ERR_UNKNOWN_URL_SCHEME error page; iOS \"unsupported URL\"",
            cause: .probe(.navCustomScheme), fix: dart("dart.controllerStatements", wfNavigationDelegate),
            sources: [wfAndroid + wfJava + "WebViewClientProxyApi.java#L27", wfAndroid + wfJava + "WebViewClientProxyApi.java#L71-L79"]),
        WrapperSettingRow("windowOpenAndroid", "window.open (setSupportMultipleWindows(true) in the constructor)", .navigation, .android,
            current: (wfA, "onCreateWindow loads the new window's first URL into the main WebView"), previous: nil,
            native: "WebChromeClient.onCreateWindow",
            probes: [.navWindowOpen], wrong: "window.open returns a window, and the run's page is replaced by the opened URL",
            cause: .probe(.navWindowOpen), fix: dart("dart.controllerStatements", wfNavigationDelegate),
            sources: [wfAndroid + wfController + "#L148-L149", wfAndroid + wfJava + "WebChromeClientProxyApi.java#L243-L298"]),
        WrapperSettingRow("javaScriptCanOpenWindowsAutomatically", "WebKitWebViewControllerCreationParams(javaScriptCanOpenWindowsAutomatically: …)", .navigation, .ios,
            current: (wfK, "null: WebKit's false; onCreateWebView loads the target in the same WebView"), previous: nil,
            native: "WKPreferences.javaScriptCanOpenWindowsAutomatically, WKUIDelegate createWebViewWith",
            probes: [.navWindowOpen], wrong: "window.open returns null; the run's page is replaced",
            cause: .probe(.navWindowOpen), fix: webKitController("javaScriptCanOpenWindowsAutomatically: true"),
            sources: [wfWebKit + wfWebKitController + "#L172-L183", wfWebKit + wfWebKitController + "#L79"]),
        WrapperSettingRow("limitsNavigationsToAppBoundDomains", "WebKitWebViewControllerCreationParams(limitsNavigationsToAppBoundDomains: …)", .storage, .ios,
            current: (wfK, "false: not set on the configuration"), previous: nil,
            native: "WKWebViewConfiguration.limitsNavigationsToAppBoundDomains (Info.plist WKAppBoundDomains)",
            probes: [.envInjected, .storageLocal], wrong: "true, or WKAppBoundDomains in Info.plist without the page's host: the page does not load, or loads without JavaScript channels and the cookie store",
            cause: .known("webview.data-store-blocked"),
            fix: webKitController("limitsNavigationsToAppBoundDomains: false", comment: "true only when Info.plist WKAppBoundDomains lists the page's host."),
            sources: [wfWebKit + wfWebKitController + "#L78", wfWebKit + wfWebKitController + "#L93-L98"]),
        WrapperSettingRow("cookieFlush", "(not called) CookieManager.flush()", .storage, .android,
            current: (wfA, "never flushed: AndroidWebViewCookieManager has clearCookies, setCookie, getCookies, setAcceptThirdPartyCookies only"), previous: nil,
            native: "CookieManager.flush",
            probes: [.storageRelaunch], wrong: "a cookie set shortly before the app is ended is gone at the next launch",
            cause: .known("android.cookies-not-flushed"),
            fix: flushOnPause("android/app/src/main/kotlin/com/example/app/MainActivity.kt", "FlutterActivity", "io.flutter.embedding.android.FlutterActivity"),
            sources: [wfAndroid + "lib/src/android_webview_cookie_manager.dart#L51-L92"]),
        WrapperSettingRow("onWebResourceError", "NavigationDelegate(onWebResourceError: …)", .navigation, nil,
            current: (wfA, "no callback: Android's Chromium error page; iOS keeps a blank or stale page"), previous: nil,
            native: "WebViewClient.onReceivedError, WKNavigationDelegate didFailProvisionalNavigation",
            probes: [.navLoadError], wrong: "an unreachable address ends on an error page with no way back to the flow",
            cause: .probe(.navLoadError), fix: dart("dart.controllerStatements", """
                controller.setNavigationDelegate(NavigationDelegate(
                  onWebResourceError: (error) {
                    if (error.isForMainFrame ?? true) {
                      controller.loadHtmlString(
                        '<p>Could not load the page.</p><a href="${error.url ?? 'https://id.example.com/start'}">Try again</a>',
                      );
                    }
                  },
                ));
                """),
            sources: [wfAndroid + wfJava + "WebViewClientProxyApi.java#L60-L68", wfWebKit + wfWebKitController + "#L1130-L1162"]),
        WrapperSettingRow("contentInsetAdjustmentBehavior", "(hard-coded) scrollView.contentInsetAdjustmentBehavior = .never", .viewport, .ios,
            current: (wfK, ".never: the page spans the notch and the home indicator"), previous: nil,
            native: "UIScrollView.contentInsetAdjustmentBehavior",
            probes: [.envViewport], wrong: "content under the notch unless the page uses env(safe-area-inset-*) with viewport-fit=cover, or the widget sits in a SafeArea",
            cause: .probe(.envViewport), fix: dart("dart.file", """
                import 'package:flutter/material.dart';
                import 'package:webview_flutter/webview_flutter.dart';

                // The plugin turns the WKWebView's inset adjustment off: keep the
                // WebView out of the notch and the home indicator in the layout.
                Widget probePage(WebViewController controller) => Scaffold(
                      body: SafeArea(child: WebViewWidget(controller: controller)),
                    );
                """),
            sources: [wfWebKit + "darwin/webview_flutter_wkwebview/Sources/webview_flutter_wkwebview/WebViewProxyAPIDelegate.swift#L18-L21"]),
    ]

    static let iaw6 = "https://github.com/pichillilorenzo/flutter_inappwebview/blob/v6.1.5/"
    static let iaw5 = "https://github.com/pichillilorenzo/flutter_inappwebview/blob/v5.8.0/"
    static let iawSettings = "flutter_inappwebview_platform_interface/lib/src/in_app_webview/in_app_webview_settings.dart"
    static let iawJava = "flutter_inappwebview_android/android/src/main/java/com/pichillilorenzo/flutter_inappwebview_android/webview/in_app_webview/"
    static let iawSwift = "flutter_inappwebview_ios/ios/Classes/InAppWebView/"
    static let iawC = "v6.1.5"
    static let iawP = "v5.8.0"

    static let iawWindows = """
        initialSettings: InAppWebViewSettings(supportMultipleWindows: true, javaScriptCanOpenWindowsAutomatically: true),
        onCreateWindow: (controller, action) async {
          final url = action.request.url;
          if (url != null) await launchUrl(url, mode: LaunchMode.externalApplication);
          return false;
        },
        """

    static let flutterInAppWebViewSettings: [WrapperSettingRow] = [
        WrapperSettingRow("allowsInlineMediaPlayback", "InAppWebViewSettings(allowsInlineMediaPlayback: …)", .media, .ios,
            current: (iawC, "false"), previous: (iawP, "false (IOSInAppWebViewOptions)"),
            native: "WKWebViewConfiguration.allowsInlineMediaPlayback",
            probes: [.mediaInline, .cameraFrames], wrong: "video takes over the screen; the camera preview stays black on iPhone",
            cause: .setting(.inlinePlayback), fix: .wrapperFix(.inlinePlayback),
            sources: [iaw6 + iawSettings + "#L1757", iaw6 + iawSwift + "InAppWebView.swift#L602", iaw5 + "lib/src/in_app_webview/ios/in_app_webview_options.dart#L238"]),
        WrapperSettingRow("mediaPlaybackRequiresUserGesture", "InAppWebViewSettings(mediaPlaybackRequiresUserGesture: …)", .media, nil,
            current: (iawC, "true"), previous: (iawP, "true"),
            native: "iOS mediaTypesRequiringUserActionForPlayback = .all; Android WebSettings.setMediaPlaybackRequiresUserGesture",
            probes: [.mediaAutoplay], wrong: "play() rejects NotAllowedError; on iOS muted media too",
            cause: .setting(.autoplay), fix: .wrapperFix(.autoplay),
            sources: [iaw6 + iawSettings + "#L1669", iaw6 + iawSwift + "InAppWebView.swift#L637", iaw6 + iawJava + "InAppWebView.java#L289", iaw5 + "lib/src/in_app_webview/in_app_webview_options.dart#L217"]),
        WrapperSettingRow("onPermissionRequest", "InAppWebView(onPermissionRequest: …)", .camera, nil,
            current: (iawC, "no callback: denied on Android and on iOS 15+; CAMERA never requested"), previous: (iawP, "androidOnPermissionRequest: denied on Android; iOS: WebKit's own prompt"),
            native: "WebChromeClient.onPermissionRequest; WKUIDelegate requestMediaCapturePermissionFor",
            probes: [.cameraGetUserMedia], wrong: "NotAllowedError at once, no prompt (an app upgraded from 5.x loses the iOS prompt)",
            cause: .setting(.permissionHandler), fix: .wrapperFix(.permissionHandler),
            sources: [iaw6 + iawJava + "InAppWebViewChromeClient.java#L1241-L1282", iaw6 + iawSwift + "InAppWebView.swift#L1668-L1704", iaw5 + "android/src/main/java/com/pichillilorenzo/flutter_inappwebview/in_app_webview/InAppWebViewChromeClient.java#L1189-L1228"]),
        WrapperSettingRow("captureQueries", "<input capture> (no option; the app's <queries>)", .files, .android,
            current: (iawC, "a bare ACTION_IMAGE_CAPTURE; the plugin's manifest queries CustomTabsService only"), previous: nil,
            native: "Intent.resolveActivity, MediaStore.ACTION_IMAGE_CAPTURE",
            probes: [.fileCapture], wrong: "targetSdk 30+ without <queries>: nothing opens and the callback is never answered",
            cause: .known("android.chooser-callback-lost"), fix: manifest(captureQueries),
            sources: [iaw6 + iawJava + "InAppWebViewChromeClient.java#L985-L1030", iaw6 + iawJava + "InAppWebViewChromeClient.java#L1187-L1192", iaw6 + "flutter_inappwebview_android/android/src/main/AndroidManifest.xml#L37-L42"]),
        WrapperSettingRow("domStorageEnabled", "InAppWebViewSettings(domStorageEnabled: …)", .storage, .android,
            current: (iawC, "true"), previous: (iawP, "true"),
            native: "WebSettings.setDomStorageEnabled",
            probes: [.storageLocal, .storageSession], wrong: "set false: localStorage null",
            cause: .known("android.dom-storage-off"), fix: dart("dart.inAppArgument", "initialSettings: InAppWebViewSettings(domStorageEnabled: true),"),
            sources: [iaw6 + iawSettings + "#L1692-L1693", iaw6 + iawJava + "InAppWebView.java#L291-L292", iaw5 + "lib/src/in_app_webview/android/in_app_webview_options.dart#L247-L248"]),
        WrapperSettingRow("incognito", "InAppWebViewSettings(incognito: …)", .storage, nil,
            current: (iawC, "false"), previous: (iawP, "false"),
            native: "iOS WKWebsiteDataStore.nonPersistent(); Android CookieManager.removeAllCookies for every WebView",
            probes: [.storageRelaunch, .cookieServer], wrong: "true: iOS forgets storage and cookies on relaunch; Android loses earlier cookies",
            cause: .known("webview.non-persistent-store"), fix: dart("dart.inAppArgument", "initialSettings: InAppWebViewSettings(incognito: false),"),
            sources: [iaw6 + iawSwift + "InAppWebView.swift#L614-L619", iaw6 + iawJava + "InAppWebView.java#L586-L603", iaw5 + "lib/src/in_app_webview/in_app_webview_options.dart#L226"]),
        WrapperSettingRow("clearSessionCache", "InAppWebViewSettings(clearCache: …, clearSessionCache: …)", .storage, .android,
            current: (iawC, "false, false"), previous: nil,
            native: "clearAllCache(), CookieManager.removeSessionCookie() at creation",
            probes: [.cookieServer, .storageRelaunch], wrong: "clearSessionCache true: session cookies gone on every mount",
            cause: .known("app.clears-data"), fix: dart("dart.inAppArgument", "initialSettings: InAppWebViewSettings(clearCache: false, clearSessionCache: false),"),
            sources: [iaw6 + iawJava + "InAppWebView.java#L307-L310"]),
        WrapperSettingRow("thirdPartyCookiesEnabled", "InAppWebViewSettings(thirdPartyCookiesEnabled: …)", .storage, .android,
            current: (iawC, "true"), previous: (iawP, "true"),
            native: "CookieManager.setAcceptThirdPartyCookies",
            probes: [.cookieThirdParty], wrong: "set false: the third-party cookie is not sent",
            cause: .known("android.third-party-cookies-off"), fix: .wrapperFix(.cookies),
            sources: [iaw6 + iawSettings + "#L1724", iaw6 + iawJava + "InAppWebView.java#L312-L313", iaw5 + "lib/src/in_app_webview/android/in_app_webview_options.dart#L277"]),
        WrapperSettingRow("sharedCookiesEnabled", "InAppWebViewSettings(sharedCookiesEnabled: …)", .storage, .ios,
            current: (iawC, "false"), previous: (iawP, "false"),
            native: "copies HTTPCookieStorage.shared into the WebView",
            probes: [.cookieServer, .fetchCredentials], wrong: "cookies the app set natively are missing",
            cause: .setting(.cookies), fix: .wrapperFix(.cookies),
            sources: [iaw6 + iawSettings + "#L1762", iaw5 + "lib/src/in_app_webview/ios/in_app_webview_options.dart#L243"]),
        WrapperSettingRow("mixedContentMode", "InAppWebViewSettings(mixedContentMode: …)", .network, .android,
            current: (iawC, "null: not set, the WebView's never allow"), previous: nil,
            native: "WebSettings.setMixedContentMode",
            probes: [.netMixedContent], wrong: "http: image and fetch blocked",
            cause: .probe(.netMixedContent), fix: dart("dart.inAppArgument", "initialSettings: InAppWebViewSettings(mixedContentMode: MixedContentMode.MIXED_CONTENT_COMPATIBILITY_MODE),"),
            sources: [iaw6 + iawSettings + "#L1696", iaw6 + iawJava + "InAppWebView.java#L326-L327"]),
        WrapperSettingRow("shouldInterceptRequest", "useShouldInterceptRequest + shouldInterceptRequest (Android)", .network, .android,
            current: (iawC, "false; true when the callback is passed"), previous: nil,
            native: "WebViewClient.shouldInterceptRequest (the request has no body)",
            probes: [.fetchIntegrity, .fetchCredentials], wrong: "a request re-issued from the callback loses its POST body and cookies",
            cause: .probe(.fetchIntegrity), fix: dart("dart.inAppArgument", """
                shouldInterceptRequest: (controller, request) async {
                  // null: the WebView loads it itself, body and cookies intact.
                  return null;
                },
                """),
            sources: [iaw6 + iawJava + "InAppWebViewSettings.java#L116"]),
        WrapperSettingRow("useShouldOverrideUrlLoading", "InAppWebViewSettings(useShouldOverrideUrlLoading: …) + shouldOverrideUrlLoading", .navigation, nil,
            current: (iawC, "null: true when shouldOverrideUrlLoading is passed"), previous: (iawP, "false: the callback is silently never called"),
            native: "WebViewClient.shouldOverrideUrlLoading, WKNavigationDelegate decidePolicyFor",
            probes: [.navCustomScheme], wrong: "5.x with a callback but no switch: net::ERR_UNKNOWN_URL_SCHEME error page",
            cause: .probe(.navCustomScheme), fix: dart("dart.inAppArgument", """
                initialSettings: InAppWebViewSettings(useShouldOverrideUrlLoading: true),
                shouldOverrideUrlLoading: (controller, action) async {
                  final uri = action.request.url;
                  if (uri != null && !['http', 'https'].contains(uri.scheme)) {
                    await launchUrl(uri, mode: LaunchMode.externalApplication);
                    return NavigationActionPolicy.CANCEL;
                  }
                  return NavigationActionPolicy.ALLOW;
                },
                """),
            sources: [iaw6 + "flutter_inappwebview_android/lib/src/in_app_webview/in_app_webview.dart#L417-L421", iaw6 + iawSettings + "#L1661", iaw6 + iawSwift + "InAppWebView.swift#L1824", iaw5 + "lib/src/in_app_webview/in_app_webview_options.dart#L209"]),
        WrapperSettingRow("supportMultipleWindows", "InAppWebViewSettings(supportMultipleWindows: …) + onCreateWindow", .navigation, .android,
            current: (iawC, "false"), previous: (iawP, "false"),
            native: "WebSettings.setSupportMultipleWindows, WebChromeClient.onCreateWindow",
            probes: [.navWindowOpen], wrong: "false: window.open loads in the same WebView, the run's page is replaced",
            cause: .probe(.navWindowOpen), fix: dart("dart.inAppArgument", iawWindows),
            sources: [iaw6 + iawSettings + "#L1727", iaw6 + iawJava + "InAppWebView.java#L282", iaw6 + iawJava + "InAppWebViewChromeClient.java#L626-L688"]),
        WrapperSettingRow("createWebViewWith", "onCreateWindow (iOS createWebViewWith)", .navigation, .ios,
            current: (iawC, "no handler: the URL loads in the current WebView"), previous: nil,
            native: "WKUIDelegate createWebViewWith",
            probes: [.navWindowOpen], wrong: "the run's page is replaced",
            cause: .probe(.navWindowOpen), fix: dart("dart.inAppArgument", iawWindows),
            sources: [iaw6 + iawSwift + "InAppWebView.swift#L2527-L2572"]),
        WrapperSettingRow("javaScriptCanOpenWindowsAutomatically", "InAppWebViewSettings(javaScriptCanOpenWindowsAutomatically: …)", .navigation, nil,
            current: (iawC, "false"), previous: (iawP, "false"),
            native: "WebSettings / WKPreferences javaScriptCanOpenWindowsAutomatically",
            probes: [.navWindowOpen], wrong: "window.open outside a tap returns null",
            cause: .probe(.navWindowOpen), fix: dart("dart.inAppArgument", iawWindows),
            sources: [iaw6 + iawSettings + "#L1668"]),
        WrapperSettingRow("contentInsetAdjustmentBehavior", "InAppWebViewSettings(contentInsetAdjustmentBehavior: …)", .viewport, .ios,
            current: (iawC, ".never"), previous: nil,
            native: "UIScrollView.contentInsetAdjustmentBehavior",
            probes: [.envViewport], wrong: "content under the notch unless the page uses env(safe-area-inset-*) with viewport-fit=cover",
            cause: .probe(.envViewport), fix: dart("dart.inAppArgument", "initialSettings: InAppWebViewSettings(contentInsetAdjustmentBehavior: ScrollViewContentInsetAdjustmentBehavior.AUTOMATIC),"),
            sources: [iaw6 + iawSettings + "#L1772", iaw6 + iawSwift + "InAppWebViewSettings.swift#L65", iaw6 + iawSwift + "InAppWebView.swift#L439-L440"]),
        WrapperSettingRow("cacheEnabled", "InAppWebViewSettings(cacheEnabled: …)", .storage, .ios,
            current: (iawC, "true: WKWebsiteDataStore.default()"), previous: (iawP, "true"),
            native: "false with sharedCookiesEnabled (and not incognito): WKWebsiteDataStore.nonPersistent()",
            probes: [.storageRelaunch, .cookieServer], wrong: "cacheEnabled: false with sharedCookiesEnabled: true: storage and cookies gone after every relaunch",
            cause: .known("webview.non-persistent-store"), fix: dart("dart.inAppArgument", "initialSettings: InAppWebViewSettings(cacheEnabled: true, sharedCookiesEnabled: true),"),
            sources: [iaw6 + iawSettings + "#L1680", iaw6 + iawSwift + "InAppWebView.swift#L614-L619", iaw6 + iawSwift + "InAppWebView.swift#L648-L655", iaw5 + "lib/src/in_app_webview/in_app_webview_options.dart#L227"]),
        WrapperSettingRow("limitsNavigationsToAppBoundDomains", "InAppWebViewSettings(limitsNavigationsToAppBoundDomains: …)", .storage, .ios,
            current: (iawC, "false"), previous: (iawP, "false (IOSInAppWebViewOptions)"),
            native: "WKWebViewConfiguration.limitsNavigationsToAppBoundDomains (Info.plist WKAppBoundDomains)",
            probes: [.envInjected, .storageLocal], wrong: "true, or WKAppBoundDomains in Info.plist without the page's host: the page does not load, or loads without the plugin's scripts, handlers and cookie store",
            cause: .known("webview.data-store-blocked"), fix: dart("dart.inAppArgument", """
                // true only when Info.plist WKAppBoundDomains lists the page's host.
                initialSettings: InAppWebViewSettings(limitsNavigationsToAppBoundDomains: false),
                """),
            sources: [iaw6 + iawSettings + "#L1777", iaw6 + iawSwift + "InAppWebView.swift#L662-L664", iaw5 + "lib/src/in_app_webview/ios/in_app_webview_options.dart#L258"]),
        WrapperSettingRow("cookieFlush", "(hard-coded) CookieManager.flush() in onPageFinished", .storage, .android,
            current: (iawC, "flushed when a page finishes loading, never on pause"), previous: (iawP, "the same"),
            native: "CookieManager.flush",
            probes: [.storageRelaunch], wrong: "a cookie set after the page loaded (a fetch's Set-Cookie, document.cookie) is lost when the app is ended before the next page load",
            cause: .known("android.cookies-not-flushed"),
            fix: flushOnPause("android/app/src/main/kotlin/com/example/app/MainActivity.kt", "FlutterActivity", "io.flutter.embedding.android.FlutterActivity"),
            sources: [iaw6 + iawJava + "InAppWebViewClient.java#L233-L238", iaw5 + "android/src/main/java/com/pichillilorenzo/flutter_inappwebview/in_app_webview/InAppWebViewClient.java#L224-L227"]),
        WrapperSettingRow("resourceCustomSchemes", "InAppWebViewSettings(resourceCustomSchemes: […]) + onLoadResourceWithCustomScheme", .network, nil,
            current: (iawC, "[]: no scheme handled"), previous: (iawP, "[]"),
            native: "iOS WKURLSchemeHandler (CustomSchemeHandler); Android shouldInterceptRequest → WebResourceResponse(mimeType, encoding, data)",
            probes: [.cookieServer, .fetchCredentials], wrong: "what the callback answers carries a content type and bytes only: no status, no headers, so no Set-Cookie reaches the jar",
            cause: .known("app.interception-drops-set-cookie"), fix: dart("dart.inAppArgument", """
                // Load the page and its API over https, where responses keep their
                // headers; a custom scheme only for static assets, if at all.
                initialSettings: InAppWebViewSettings(resourceCustomSchemes: const []),
                """),
            sources: [iaw6 + iawSettings + "#L1673", iaw6 + iawSwift + "InAppWebView.swift#L644-L646", iaw6 + iawSwift + "CustomSchemeHandler.swift#L16-L28", iaw6 + iawJava + "InAppWebViewClient.java#L683-L705"]),
        WrapperSettingRow("disableDefaultErrorPage", "InAppWebViewSettings(disableDefaultErrorPage: …) + onReceivedError", .navigation, .android,
            current: (iawC, "false: Chromium's error page"), previous: (iawP, "false (AndroidInAppWebViewOptions)"),
            native: "WebViewClient.onReceivedError (true: stopLoading, then about:blank)",
            probes: [.navLoadError], wrong: "an unreachable address ends on the WebView's error page; true alone leaves a blank page",
            cause: .probe(.navLoadError), fix: dart("dart.inAppArgument", """
                onReceivedError: (controller, request, error) async {
                  if (request.isForMainFrame ?? true) {
                    await controller.loadData(
                      data: '<p>Could not load the page.</p><a href="${request.url}">Try again</a>',
                    );
                  }
                },
                """),
            sources: [iaw6 + iawSettings + "#L1741", iaw6 + iawJava + "InAppWebViewClient.java#L272-L296", iaw5 + "lib/src/in_app_webview/android/in_app_webview_options.dart#L294"]),
    ]
}
