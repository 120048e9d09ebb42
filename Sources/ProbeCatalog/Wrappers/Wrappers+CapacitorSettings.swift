/// Capacitor, read at 8.4.2 (current) and 7.6.8 (previous): most WebView settings are
/// hard-coded in Bridge.java and CAPBridgeViewController.swift; the rest are
/// capacitor.config.ts keys (CapConfig.java, CAPInstanceDescriptor.m).
extension WrapperCatalog {
    static let cap8 = "https://github.com/ionic-team/capacitor/blob/8.4.2/"
    static let cap7 = "https://github.com/ionic-team/capacitor/blob/7.6.8/"
    static let capJava = "android/capacitor/src/main/java/com/getcapacitor/"
    static let capSwift = "ios/Capacitor/Capacitor/"
    static let capC = "8.4.2"
    static let capP = "7.6.8"

    /// capacitor.config.ts, as an object literal (the CapacitorConfig type has every key).
    static func capConfig(_ body: String) -> WrapperSettingRow.Fix {
        .code(language: "TypeScript", kind: "ts.module", "// capacitor.config.ts\nconst config = {\n" + body + "\n};\nexport default config;\n")
    }

    static func manifest(_ body: String) -> WrapperSettingRow.Fix {
        .code(language: "XML (AndroidManifest.xml)", kind: "xml.manifest",
              "<!-- android/app/src/main/AndroidManifest.xml -->\n"
              + "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\">\n" + body + "\n</manifest>")
    }

    static let captureQueries = """
            <queries>
                <intent>
                    <action android:name="android.media.action.IMAGE_CAPTURE" />
                </intent>
            </queries>
        """

    static let capacitorSettings: [WrapperSettingRow] = [
        WrapperSettingRow("allowsInlineMediaPlayback", "(hard-coded) allowsInlineMediaPlayback", .media, .ios,
            current: (capC, "true"), previous: (capP, "true"),
            native: "WKWebViewConfiguration.allowsInlineMediaPlayback = true",
            probes: [.mediaInline, .cameraFrames], wrong: "fails only when a subclass replaces the configuration",
            cause: .setting(.inlinePlayback), fix: .wrapperFix(.inlinePlayback),
            sources: [cap8 + capSwift + "CAPBridgeViewController.swift#L122", cap7 + capSwift + "CAPBridgeViewController.swift#L128"]),
        WrapperSettingRow("autoplay", "(hard-coded) autoplay", .media, nil,
            current: (capC, "iOS mediaTypesRequiringUserActionForPlayback []; Android setMediaPlaybackRequiresUserGesture(false)"), previous: (capP, "the same"),
            native: "WKWebViewConfiguration.mediaTypesRequiringUserActionForPlayback, WebSettings.setMediaPlaybackRequiresUserGesture",
            probes: [.mediaAutoplay], wrong: "passes; a NotAllowedError here comes from the page or the OS",
            cause: .setting(.autoplay), fix: .wrapperFix(.autoplay),
            sources: [cap8 + capSwift + "CAPBridgeViewController.swift#L125", cap8 + capJava + "Bridge.java#L586", cap7 + capSwift + "CAPBridgeViewController.swift#L131", cap7 + capJava + "Bridge.java#L590"]),
        WrapperSettingRow("requestMediaCapturePermissionFor", "WebViewDelegationHandler requestMediaCapturePermissionFor (no option)", .camera, .ios,
            current: (capC, ".grant for every origin and type"), previous: (capP, ".grant for every origin and type"),
            native: "WKUIDelegate webView(_:requestMediaCapturePermissionFor:initiatedByFrame:type:decisionHandler:)",
            probes: [.cameraForeignOrigin, .cameraScope], wrong: "a foreign iframe gets the camera and the microphone, with no prompt",
            cause: .setting(.cameraOrigin), fix: .wrapperFix(.cameraOrigin),
            sources: [cap8 + capSwift + "WebViewDelegationHandler.swift#L50-L58", cap7 + capSwift + "WebViewDelegationHandler.swift#L52-L59"]),
        WrapperSettingRow("onPermissionRequest", "BridgeWebChromeClient.onPermissionRequest (no option)", .camera, .android,
            current: (capC, "requests CAMERA (and RECORD_AUDIO, MODIFY_AUDIO_SETTINGS for audio); grants all only if every permission is granted"), previous: (capP, "the same"),
            native: "ActivityResultContracts.RequestMultiplePermissions, PermissionRequest.grant / deny",
            probes: [.cameraGetUserMedia], wrong: "CAMERA missing from the manifest: denied at once, no OS prompt; {video, audio} without RECORD_AUDIO: video denied too",
            cause: .known("android.camera.no-runtime-permission"), fix: manifest("""
                    <uses-permission android:name="android.permission.CAMERA" />
                    <uses-permission android:name="android.permission.RECORD_AUDIO" />
                    <uses-permission android:name="android.permission.MODIFY_AUDIO_SETTINGS" />
                """),
            sources: [cap8 + capJava + "BridgeWebChromeClient.java#L59-L67", cap8 + capJava + "BridgeWebChromeClient.java#L101-L124", cap7 + capJava + "BridgeWebChromeClient.java#L102-L124"]),
        WrapperSettingRow("onPermissionRequestOrigin", "BridgeWebChromeClient.onPermissionRequest origin", .camera, .android,
            current: (capC, "any origin"), previous: (capP, "any origin"),
            native: "PermissionRequest.grant(getResources())",
            probes: [.cameraForeignOrigin, .cameraScope], wrong: "a foreign iframe gets the camera",
            cause: .setting(.cameraOrigin), fix: .wrapperFix(.cameraOrigin),
            sources: [cap8 + capJava + "BridgeWebChromeClient.java#L101-L124"]),
        WrapperSettingRow("captureIntent", "<input capture accept=\"image/*\"> (no option)", .files, .android,
            current: (capC, "ACTION_IMAGE_CAPTURE when accept is exactly image/* or video/*; FileProvider from the app template"), previous: nil,
            native: "Intent.resolveActivity, MediaStore.ACTION_IMAGE_CAPTURE + EXTRA_OUTPUT",
            probes: [.fileCapture], wrong: "targetSdk 30+ without <queries>: a document picker opens, no camera; accept=\"image/jpeg\": a plain file picker",
            cause: .setting(.fileChooser), fix: manifest(captureQueries),
            sources: [cap8 + capJava + "BridgeWebChromeClient.java#L276-L305", cap8 + capJava + "BridgeWebChromeClient.java#L315-L355", cap8 + "android/capacitor/src/main/AndroidManifest.xml#L1-L3"]),
        WrapperSettingRow("serverOrigin", "server.hostname, server.androidScheme, server.iosScheme", .storage, nil,
            current: (capC, "localhost, https, capacitor"), previous: (capP, "the same (Android's default became https in 6.0)"),
            native: "WebViewLocalServer (Android), WKURLSchemeHandler (iOS)",
            probes: [.storageRelaunch], wrong: "a changed scheme or hostname is a new origin: storage empty after an app update",
            cause: .setting(.storage), fix: capConfig("  server: { androidScheme: 'https', hostname: 'localhost', iosScheme: 'capacitor' },"),
            sources: [cap8 + capJava + "CapConfig.java#L38-L39", cap8 + capSwift + "CAPInstanceDescriptor.m#L34-L35"]),
        WrapperSettingRow("limitsNavigationsToAppBoundDomains", "ios.limitsNavigationsToAppBoundDomains", .storage, .ios,
            current: (capC, "false"), previous: (capP, "false"),
            native: "WKWebViewConfiguration.limitsNavigationsToAppBoundDomains",
            probes: [.envInjected], wrong: "true and the probe host missing from WKAppBoundDomains: navigation refused",
            cause: .known("webview.data-store-blocked"), fix: capConfig("  ios: { limitsNavigationsToAppBoundDomains: false },"),
            sources: [cap8 + capSwift + "CAPInstanceDescriptor.m#L47", cap8 + capSwift + "CAPBridgeViewController.swift#L126"]),
        WrapperSettingRow("CapacitorCookies", "plugins.CapacitorCookies.enabled", .storage, nil,
            current: (capC, "false"), previous: (capP, "false"),
            native: "patches document.cookie onto CookieManager / WKHTTPCookieStore",
            probes: [.cookieDocument, .cookieServer], wrong: "enabled: document.cookie reads the native jar, HttpOnly cookies become visible",
            cause: .setting(.cookies), fix: .wrapperFix(.cookies),
            sources: [cap8 + capJava + "plugin/CapacitorCookies.java#L37-L40", cap8 + capJava + "plugin/CapacitorCookieManager.java#L188-L190"]),
        WrapperSettingRow("acceptThirdPartyCookies", "(not set) CookieManager.setAcceptThirdPartyCookies", .storage, .android,
            current: (capC, "never called: the WebView refuses third-party cookies"), previous: nil,
            native: "CookieManager.setAcceptThirdPartyCookies",
            probes: [.cookieThirdParty], wrong: "the third-party cookie is not sent",
            cause: .known("android.third-party-cookies-off"), fix: .code(language: "Kotlin", kind: "kotlin.file", """
                package com.example.app

                import android.webkit.CookieManager
                import com.getcapacitor.BridgeActivity

                class MainActivity : BridgeActivity() {
                    override fun onStart() {
                        super.onStart()
                        // Capacitor never calls it: the WebView's default refuses third-party cookies.
                        CookieManager.getInstance().setAcceptThirdPartyCookies(bridge.webView, true)
                    }
                }
                """),
            sources: [cap8 + capJava + "Bridge.java#L584-L590"]),
        WrapperSettingRow("cookieFlush", "(not called on pause) CookieManager.flush()", .storage, .android,
            current: (capC, "Bridge.onPause tells plugins and the Cordova web view only; CapacitorCookies flushes after its own setCookie"), previous: (capP, "the same"),
            native: "CookieManager.flush",
            probes: [.storageRelaunch], wrong: "a cookie from a response's Set-Cookie or document.cookie, set shortly before the app is ended, is gone at the next launch",
            cause: .known("android.cookies-not-flushed"),
            fix: flushOnPause("android/app/src/main/java/com/example/app/MainActivity.kt", "BridgeActivity", "com.getcapacitor.BridgeActivity"),
            sources: [cap8 + capJava + "Bridge.java#L1358-L1367", cap8 + capJava + "plugin/CapacitorCookieManager.java#L148-L154", cap7 + capJava + "Bridge.java#L1361-L1370"]),
        WrapperSettingRow("CapacitorHttp", "plugins.CapacitorHttp.enabled", .network, nil,
            current: (capC, "false"), previous: (capP, "false"),
            native: "fetch and XHR through a native HttpURLConnection / URLSession",
            probes: [.fetchCors, .fetchIntegrity], wrong: "enabled: fetch.cors succeeds where a browser fails; multipart and Blob bodies re-encoded",
            cause: .probe(.fetchIntegrity), fix: capConfig("  plugins: { CapacitorHttp: { enabled: false } },"),
            sources: [cap8 + capJava + "plugin/CapacitorHttp.java#L85-L88", cap8 + capJava + "WebViewLocalServer.java#L184-L195", cap8 + capSwift + "WebViewAssetHandler.swift#L131-L142"]),
        WrapperSettingRow("allowMixedContent", "android.allowMixedContent", .network, .android,
            current: (capC, "false: the WebView's never allow"), previous: (capP, "false"),
            native: "WebSettings.setMixedContentMode(MIXED_CONTENT_ALWAYS_ALLOW) when true",
            probes: [.netMixedContent], wrong: "http: image and fetch blocked",
            cause: .probe(.netMixedContent), fix: capConfig("  android: { allowMixedContent: true },"),
            sources: [cap8 + capJava + "CapConfig.java#L46", cap8 + capJava + "CapConfig.java#L277-L281", cap8 + capJava + "Bridge.java#L588-L590"]),
        WrapperSettingRow("allowNavigation", "server.allowNavigation", .navigation, nil,
            current: (capC, "unset: another host opens in the browser"), previous: nil,
            native: "Bridge.launchIntent (Android), decidePolicyFor + UIApplication.open (iOS)",
            probes: [.navReturnUrl, .navCustomScheme], wrong: "a link to the second origin opens the browser; the run may lose its page",
            cause: .probe(.navReturnUrl), fix: capConfig("  server: { allowNavigation: ['id.example.com'] },"),
            sources: [cap8 + capJava + "Bridge.java#L389-L421", cap8 + capSwift + "WebViewDelegationHandler.swift#L67-L117"]),
        WrapperSettingRow("errorPath", "server.errorPath", .navigation, nil,
            current: (capC, "unset"), previous: nil,
            native: "didFailProvisionalNavigation (iOS), onReceivedError (Android)",
            probes: [.navLoadError], wrong: "a load error leaves the WebView's own error page",
            cause: .probe(.navLoadError), fix: capConfig("  server: { errorPath: 'error.html' },"),
            sources: [cap8 + capSwift + "WebViewDelegationHandler.swift#L139-L156", cap8 + capJava + "BridgeWebViewClient.java#L45-L56"]),
        WrapperSettingRow("insetsHandling", "plugins.SystemBars.insetsHandling (8.x); android.adjustMarginsForEdgeToEdge (7.x)", .viewport, .android,
            current: (capC, "'css': insets passed through on WebView 140+ with viewport-fit=cover, else the parent is padded"), previous: (capP, "adjustMarginsForEdgeToEdge 'disable': content under the bars on Android 15"),
            native: "ViewCompat.setOnApplyWindowInsetsListener",
            probes: [.envViewport], wrong: "env(safe-area-inset-top) 0; 'disable' at targetSdk 35: content under the status bar",
            cause: .probe(.envViewport), fix: capConfig("  plugins: { SystemBars: { insetsHandling: 'css' } },\n  android: { adjustMarginsForEdgeToEdge: 'auto' }, // 7.x"),
            sources: [cap8 + capJava + "plugin/SystemBars.java#L37-L41", cap8 + capJava + "plugin/SystemBars.java#L194-L246", cap7 + capJava + "CapConfig.java#L57", cap7 + capJava + "CapacitorWebView.java#L58-L88"]),
        WrapperSettingRow("contentInset", "ios.contentInset", .viewport, .ios,
            current: (capC, "'never'"), previous: (capP, "'never'"),
            native: "UIScrollView.contentInsetAdjustmentBehavior",
            probes: [.envViewport], wrong: "content under the notch unless the page's CSS uses env(safe-area-inset-*) with viewport-fit=cover",
            cause: .probe(.envViewport), fix: capConfig("  ios: { contentInset: 'automatic' },"),
            sources: [cap8 + capSwift + "CAPInstanceDescriptor.m#L45", cap8 + capSwift + "CAPBridgeViewController.swift#L302"]),
    ]
}
