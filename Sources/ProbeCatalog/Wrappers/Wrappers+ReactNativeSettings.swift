/// react-native-webview's props, read at v16.0.0 (current) and v15.0.0 (previous): the JS
/// defaults (WebView.android.tsx, WebView.ios.tsx), the codegen `WithDefault<>` of
/// RNCWebViewNativeComponent.ts (an optional boolean without one is false), and the native
/// code that applies them.
extension WrapperCatalog {
    static let rn16 = "https://github.com/react-native-webview/react-native-webview/blob/v16.0.0/"
    static let rn15 = "https://github.com/react-native-webview/react-native-webview/blob/v15.0.0/"
    static let rnAndroid = "android/src/main/java/com/reactnativecommunity/webview/"
    static let rnCurrent = "v16.0.0"
    static let rnPrevious = "v15.0.0"

    static func jsx(_ code: String) -> WrapperSettingRow.Fix { .code(language: "JSX", kind: "jsx.element", code) }

    /// The app's own Android activity writing the WebView's cookies to disk whenever the app
    /// leaves the foreground: the wrappers flush at most after a page load, or never.
    static func flushOnPause(_ path: String, _ superclass: String, _ superImport: String) -> WrapperSettingRow.Fix {
        .code(language: "Kotlin", kind: "kotlin.file", """
            // \(path)
            package com.example.app

            import android.webkit.CookieManager
            import \(superImport)

            class MainActivity : \(superclass)() {
                // Cookies set since the last flush are only in memory: write them
                // before the system can end the process in the background.
                override fun onPause() {
                    super.onPause()
                    CookieManager.getInstance().flush()
                }
            }
            """)
    }

    static let reactNativeSettings: [WrapperSettingRow] = [
        WrapperSettingRow("allowsInlineMediaPlayback", "allowsInlineMediaPlayback", .media, .ios,
            current: (rnCurrent, "false"), previous: (rnPrevious, "false"),
            native: "WKWebViewConfiguration.allowsInlineMediaPlayback",
            probes: [.mediaInline, .cameraFrames], wrong: "video goes fullscreen; the camera preview stays black on iPhone",
            cause: .setting(.inlinePlayback), fix: .remedy("inlineMedia", .inlineMedia),
            sources: [rn16 + "src/RNCWebViewNativeComponent.ts#L169", rn16 + "apple/RNCWebViewImpl.m#L478", rn15 + "src/RNCWebViewNativeComponent.ts#L169"]),
        WrapperSettingRow("mediaPlaybackRequiresUserAction", "mediaPlaybackRequiresUserAction", .media, nil,
            current: (rnCurrent, "true"), previous: (rnPrevious, "true"),
            native: "iOS mediaTypesRequiringUserActionForPlayback = .all (true) or [] (false); Android WebSettings.setMediaPlaybackRequiresUserGesture",
            probes: [.mediaAutoplay], wrong: "play() rejects NotAllowedError; on iOS muted media too (.all)",
            cause: .setting(.autoplay), fix: .remedy("autoplay", .autoplay),
            sources: [rn16 + "src/RNCWebViewNativeComponent.ts#L247", rn16 + "apple/RNCWebViewImpl.m#L480-L482", rn16 + rnAndroid + "RNCWebViewManager.kt#L543-L545", rn15 + "src/RNCWebViewNativeComponent.ts#L246"]),
        WrapperSettingRow("mediaCapturePermissionGrantType", "mediaCapturePermissionGrantType", .camera, .ios,
            current: (rnCurrent, "'prompt'"), previous: (rnPrevious, "'prompt'"),
            native: "WKUIDelegate requestMediaCapturePermissionForOrigin (grantIfSameHost* compares the host only)",
            probes: [.cameraPermission, .cameraReacquire, .cameraForeignOrigin], wrong: "'prompt': a WebKit prompt on every load; 'grant'/'grantIfSameHost…': an iframe on the same host and another port is granted",
            cause: .setting(.cameraOrigin), fix: .wrapperFix(.cameraOrigin),
            sources: [rn16 + "src/RNCWebViewNativeComponent.ts#L208-L211", rn16 + "apple/RNCWebViewImpl.m#L1260-L1279", rn15 + "src/RNCWebViewNativeComponent.ts#L207-L210"]),
        WrapperSettingRow("onPermissionRequest", "RNCWebChromeClient.onPermissionRequest (no prop)", .camera, .android,
            current: (rnCurrent, "maps VIDEO_CAPTURE to CAMERA, requests it, grants what the person allowed, for any origin"), previous: (rnPrevious, "the same"),
            native: "WebChromeClient.onPermissionRequest, Activity.requestPermissions",
            probes: [.cameraGetUserMedia], wrong: "no CAMERA in the app manifest: the OS request fails silently, grant([]), NotAllowedError",
            cause: .known("rn.android.camera.manifest"), fix: .remedy("osCameraPermission", .osCameraPermission),
            sources: [rn16 + rnAndroid + "RNCWebChromeClient.java#L142-L190", rn16 + rnAndroid + "RNCWebChromeClient.java#L276-L304"]),
        WrapperSettingRow("onPermissionRequestOrigin", "RNCWebChromeClient.onPermissionRequest origin (mediaCapturePermissionGrantType has no Android code)", .camera, .android,
            current: (rnCurrent, "any origin granted"), previous: (rnPrevious, "any origin granted"),
            native: "PermissionRequest.grant(getResources())",
            probes: [.cameraForeignOrigin, .cameraScope], wrong: "a foreign iframe gets the camera; audio is granted when asked",
            cause: .setting(.cameraOrigin), fix: .wrapperFix(.cameraOrigin),
            sources: [rn16 + rnAndroid + "RNCWebChromeClient.java#L142-L190"]),
        WrapperSettingRow("onShowFileChooser", "RNCWebChromeClient.onShowFileChooser (no prop)", .files, .android,
            current: (rnCurrent, "ACTION_CHOOSER over ACTION_GET_CONTENT with the accept types; camera intents only when CAMERA needs no asking"), previous: (rnPrevious, "the same"),
            native: "WebChromeClient.onShowFileChooser, RNCWebViewModule.startPhotoPickerIntent",
            probes: [.fileAccept], wrong: "CAMERA declared but not granted: the chooser has no camera entry; the plugin never requests CAMERA",
            cause: .setting(.fileChooser), fix: .remedy("osCameraPermission", .osCameraPermission),
            sources: [rn16 + rnAndroid + "RNCWebChromeClient.java#L316-L322", rn16 + rnAndroid + "RNCWebViewModule.java#L220-L261", rn16 + rnAndroid + "RNCWebViewModule.java#L226-L244"]),
        WrapperSettingRow("captureIntent", "<input capture> → isCaptureEnabled (no prop)", .files, .android,
            current: (rnCurrent, "the chooser is replaced by a bare ACTION_IMAGE_CAPTURE; the library's <queries> lists no IMAGE_CAPTURE"), previous: (rnPrevious, "the same"),
            native: "Intent.resolveActivity (package visibility, targetSdk 30+)",
            probes: [.fileCapture, .fileCancel], wrong: "nothing opens and the callback is never answered; the next click may do nothing",
            cause: .known("android.chooser-callback-lost"), fix: .remedy("captureAttribute", .captureAttribute),
            sources: [rn16 + rnAndroid + "RNCWebViewModule.java#L241-L256", rn16 + "android/src/main/AndroidManifest.xml#L4-L14"]),
        WrapperSettingRow("domStorageEnabled", "domStorageEnabled", .storage, .android,
            current: (rnCurrent, "true"), previous: (rnPrevious, "true"),
            native: "WebSettings.setDomStorageEnabled",
            probes: [.storageLocal, .storageSession], wrong: "set false: localStorage null or SecurityError",
            cause: .known("android.dom-storage-off"), fix: .remedy("domStorage", .domStorage),
            sources: [rn16 + rnAndroid + "RNCWebViewManager.kt#L108", rn16 + rnAndroid + "RNCWebViewManager.kt#L429-L432", rn15 + rnAndroid + "RNCWebViewManagerImpl.kt#L78"]),
        WrapperSettingRow("incognito", "incognito", .storage, nil,
            current: (rnCurrent, "false"), previous: (rnPrevious, "false"),
            native: "iOS WKWebsiteDataStore.nonPersistentDataStore; Android CookieManager.removeAllCookies for every WebView",
            probes: [.storageRelaunch, .cookieServer, .fetchCredentials], wrong: "true: iOS forgets storage and cookies on relaunch; Android loses cookies set before the WebView mounted (localStorage kept)",
            cause: .known("webview.non-persistent-store"), fix: jsx("<WebView source={{ uri: 'https://id.example.com/start' }} incognito={false} />"),
            sources: [rn16 + "apple/RNCWebViewImpl.m#L450-L454", rn16 + rnAndroid + "RNCWebViewManager.kt#L474-L495"]),
        WrapperSettingRow("cacheEnabled", "cacheEnabled", .storage, .ios,
            current: (rnCurrent, "true: WKWebsiteDataStore.defaultDataStore"), previous: (rnPrevious, "true"),
            native: "false with sharedCookiesEnabled: WKWebsiteDataStore.nonPersistentDataStore",
            probes: [.storageRelaunch], wrong: "cacheEnabled={false} with sharedCookiesEnabled: storage gone after relaunch",
            cause: .known("webview.non-persistent-store"), fix: jsx("<WebView source={{ uri: 'https://id.example.com/start' }} cacheEnabled />"),
            sources: [rn16 + "apple/RNCWebViewImpl.m#L450-L454", rn16 + "apple/RNCWebViewImpl.m#L1823-L1833"]),
        WrapperSettingRow("thirdPartyCookiesEnabled", "thirdPartyCookiesEnabled", .storage, .android,
            current: (rnCurrent, "true"), previous: (rnPrevious, "true"),
            native: "CookieManager.setAcceptThirdPartyCookies(webView, value)",
            probes: [.cookieThirdParty], wrong: "set false: the third-party cookie is not sent",
            cause: .known("android.third-party-cookies-off"), fix: .remedy("thirdPartyCookies", .thirdPartyCookies),
            sources: [rn16 + "src/RNCWebViewNativeComponent.ts#L161", rn16 + "src/WebView.android.tsx#L66", rn16 + rnAndroid + "RNCWebViewManager.kt#L646-L649"]),
        WrapperSettingRow("sharedCookiesEnabled", "sharedCookiesEnabled", .storage, .ios,
            current: (rnCurrent, "false"), previous: (rnPrevious, "false"),
            native: "copies NSHTTPCookieStorage.sharedHTTPCookieStorage into WKHTTPCookieStore before load",
            probes: [.cookieServer, .fetchCredentials], wrong: "cookies the app set natively are missing from the WebView's requests",
            cause: .setting(.cookies), fix: jsx("<WebView source={{ uri: 'https://id.example.com/start' }} sharedCookiesEnabled />"),
            sources: [rn16 + "src/RNCWebViewNativeComponent.ts#L217", rn16 + "apple/RNCWebViewImpl.m#L1545-L1553"]),
        WrapperSettingRow("limitsNavigationsToAppBoundDomains", "limitsNavigationsToAppBoundDomains", .storage, .ios,
            current: (rnCurrent, "false"), previous: (rnPrevious, "false"),
            native: "WKWebViewConfiguration.limitsNavigationsToAppBoundDomains (Info.plist WKAppBoundDomains)",
            probes: [.envInjected, .storageLocal], wrong: "true, or WKAppBoundDomains in Info.plist without the page's host: the page does not load, or loads without injectedJavaScript, postMessage and the cookie store",
            cause: .known("webview.data-store-blocked"), fix: jsx("""
                <WebView
                  source={{ uri: 'https://id.example.com/start' }}
                  // true only when Info.plist WKAppBoundDomains lists id.example.com
                  limitsNavigationsToAppBoundDomains={false}
                />
                """),
            sources: [rn16 + "src/WebViewTypes.ts#L706-L715", rn16 + "apple/RNCWebViewImpl.m#L465-L467", rn15 + "apple/RNCWebViewImpl.m#L483-L485"]),
        WrapperSettingRow("cookieFlush", "(hard-coded) CookieManager.flush() in onPageFinished", .storage, .android,
            current: (rnCurrent, "flushed when a page finishes loading with cookies for its URL, never on pause"), previous: (rnPrevious, "the same"),
            native: "CookieManager.flush",
            probes: [.storageRelaunch], wrong: "a cookie set after the page loaded (a fetch's Set-Cookie, document.cookie) is lost when the app is ended before the next page load",
            cause: .known("android.cookies-not-flushed"),
            fix: flushOnPause("android/app/src/main/java/com/example/app/MainActivity.kt", "ReactActivity", "com.facebook.react.ReactActivity"),
            sources: [rn16 + rnAndroid + "RNCWebViewClient.java#L49-L55", rn15 + rnAndroid + "RNCWebViewClient.java#L49-L55"]),
        WrapperSettingRow("mixedContentMode", "mixedContentMode", .network, .android,
            current: (rnCurrent, "'never' (MIXED_CONTENT_NEVER_ALLOW)"), previous: (rnPrevious, "'never'"),
            native: "WebSettings.setMixedContentMode",
            probes: [.netMixedContent], wrong: "http: sub-resources blocked: image error, fetch TypeError",
            cause: .probe(.netMixedContent), fix: .remedy("mixedContent", .mixedContent),
            sources: [rn16 + "src/RNCWebViewNativeComponent.ts#L150", rn16 + rnAndroid + "RNCWebViewManager.kt#L114", rn16 + rnAndroid + "RNCWebViewManager.kt#L574-L583"]),
        WrapperSettingRow("originWhitelist", "originWhitelist", .navigation, nil,
            current: (rnCurrent, "['http://*', 'https://*']"), previous: (rnPrevious, "['http://*', 'https://*']"),
            native: "JS onShouldStartLoadWithRequest wrapper; other URLs go to Linking.openURL",
            probes: [.navCustomScheme], wrong: "a custom-scheme link opens the OS handler (or warns \"Can't open url\") and the page stays",
            cause: .probe(.navCustomScheme), fix: .remedy("customSchemes", .customSchemes),
            sources: [rn16 + "src/WebViewShared.tsx#L20", rn16 + "src/WebViewShared.tsx#L38-L60"]),
        WrapperSettingRow("setSupportMultipleWindows", "setSupportMultipleWindows / onOpenWindow", .navigation, .android,
            current: (rnCurrent, "true; without onOpenWindow the new window is a WebView nobody shows"), previous: (rnPrevious, "true"),
            native: "WebSettings.setSupportMultipleWindows, WebChromeClient.onCreateWindow",
            probes: [.navWindowOpen], wrong: "window.open returns a window and nothing visible happens",
            cause: .probe(.navWindowOpen), fix: .remedy("windowOpen", .windowOpen),
            sources: [rn16 + "src/RNCWebViewNativeComponent.ts#L159", rn16 + rnAndroid + "RNCWebViewManager.kt#L109", rn16 + rnAndroid + "RNCWebChromeClient.java#L85-L111"]),
        WrapperSettingRow("createWebViewWithConfiguration", "onOpenWindow (iOS createWebViewWithConfiguration)", .navigation, .ios,
            current: (rnCurrent, "without onOpenWindow the URL loads in the same WebView; returns nil"), previous: nil,
            native: "WKUIDelegate createWebViewWithConfiguration",
            probes: [.navWindowOpen], wrong: "window.open returns null and the run's page is replaced",
            cause: .probe(.navWindowOpen), fix: jsx("<WebView source={{ uri: 'https://id.example.com/start' }} onOpenWindow={(e) => Linking.openURL(e.nativeEvent.targetUrl)} />"),
            sources: [rn16 + "apple/RNCWebViewImpl.m#L382-L396"]),
        WrapperSettingRow("javaScriptCanOpenWindowsAutomatically", "javaScriptCanOpenWindowsAutomatically", .navigation, nil,
            current: (rnCurrent, "false"), previous: (rnPrevious, "false"),
            native: "WebSettings.setJavaScriptCanOpenWindowsAutomatically; iOS WKPreferences",
            probes: [.navWindowOpen], wrong: "window.open outside a tap returns null",
            cause: .probe(.navWindowOpen), fix: .remedy("windowOpen", .windowOpen),
            sources: [rn16 + "src/RNCWebViewNativeComponent.ts#L244", rn16 + rnAndroid + "RNCWebViewManager.kt#L522-L525", rn16 + "apple/RNCWebViewImpl.m#L437-L440"]),
        WrapperSettingRow("renderError", "renderError / onError", .navigation, nil,
            current: (rnCurrent, "the native error page hidden behind React Native's error view"), previous: nil,
            native: "WebViewClient.onReceivedError, didFailProvisionalNavigation",
            probes: [.navLoadError], wrong: "a load error shows no way back to the flow",
            cause: .probe(.navLoadError), fix: .remedy("loadErrors", .loadErrors),
            sources: [rn16 + "src/WebView.android.tsx#L207-L215"]),
        WrapperSettingRow("contentInsetAdjustmentBehavior", "contentInsetAdjustmentBehavior", .viewport, .ios,
            current: (rnCurrent, "'never'"), previous: (rnPrevious, "'never'"),
            native: "UIScrollView.contentInsetAdjustmentBehavior",
            probes: [.envViewport], wrong: "content under the notch; env(safe-area-inset-*) non-zero only with viewport-fit=cover",
            cause: .probe(.envViewport), fix: .remedy("fullScreenLayout", .fullScreenLayout),
            sources: [rn16 + "src/RNCWebViewNativeComponent.ts#L183-L186", rn16 + "apple/RNCWebViewImpl.m#L725"]),
    ]
}
