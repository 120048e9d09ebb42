/// Apache Cordova, read at cordova-android rel/15.0.0 (previous major 14.0.1), cordova-ios
/// rel/8.1.0 (previous 7.1.1) and cordova-plugin-inappbrowser rel/6.0.0 (previous 5.0.0).
extension WrapperCatalog {
    static let cdvA15 = "https://github.com/apache/cordova-android/blob/rel/15.0.0/"
    static let cdvA14 = "https://github.com/apache/cordova-android/blob/14.0.1/"
    static let cdvI8 = "https://github.com/apache/cordova-ios/blob/rel/8.1.0/"
    static let cdvI7 = "https://github.com/apache/cordova-ios/blob/7.1.1/"
    static let cdvIAB6 = "https://github.com/apache/cordova-plugin-inappbrowser/blob/rel/6.0.0/"
    static let cdvEngine = "framework/src/org/apache/cordova/engine/"
    static let cdvIOSEngine = "CordovaLib/Classes/Private/Plugins/CDVWebViewEngine/"
    static let cdvA = "cordova-android 15.0.0"
    static let cdvAP = "cordova-android 14.0.1"
    static let cdvI = "cordova-ios 8.1.0"
    static let cdvIP = "cordova-ios 7.1.1"

    static func configXML(_ code: String) -> WrapperSettingRow.Fix {
        .code(language: "XML (config.xml)", kind: "xml.configPlatform", "<!-- config.xml -->\n" + code)
    }

    /// A MainActivity override that reaches the engine's WebView settings.
    static func cordovaSettingsJava(_ statement: String) -> WrapperSettingRow.Fix {
        .code(language: "Java", kind: "java.cordovaActivityMember", """
            // platforms/android/app/src/main/java/com/example/app/MainActivity.java
            @Override
            public void onCreate(android.os.Bundle savedInstanceState) {
                super.onCreate(savedInstanceState);
                loadUrl(launchUrl);
                android.webkit.WebView webView = (android.webkit.WebView) appView.getEngine().getView();
                \(statement)
            }
            """)
    }

    static let cordovaSettings: [WrapperSettingRow] = [
        WrapperSettingRow("AllowInlineMediaPlayback", "<preference name=\"AllowInlineMediaPlayback\" value=\"true\" />", .media, .ios,
            current: (cdvI, "false"), previous: (cdvIP, "false"),
            native: "WKWebViewConfiguration.allowsInlineMediaPlayback",
            probes: [.mediaInline, .cameraFrames], wrong: "video goes fullscreen; the camera preview stays black",
            cause: .setting(.inlinePlayback), fix: .wrapperFix(.inlinePlayback),
            sources: [cdvI8 + cdvIOSEngine + "CDVWebViewEngine.m#L96", cdvI8 + "templates/cordova/defaults.xml#L25", cdvI7 + "templates/cordova/defaults.xml#L25"]),
        WrapperSettingRow("MediaTypesRequiringUserActionForPlayback", "<preference name=\"MediaTypesRequiringUserActionForPlayback\" value=\"none\" />", .media, .ios,
            current: (cdvI, "none in a CLI build (platform defaults.xml); all when unset or invalid (the template's value=\"false\")"), previous: (cdvIP, "none in a CLI build; all when unset or invalid"),
            native: "WKWebViewConfiguration.mediaTypesRequiringUserActionForPlayback",
            probes: [.mediaAutoplay], wrong: "all, audio, video or an invalid word: play() rejects NotAllowedError",
            cause: .setting(.autoplay), fix: .wrapperFix(.autoplay),
            sources: [cdvI8 + cdvIOSEngine + "CDVWebViewEngine.m#L99-L114", cdvI8 + "templates/cordova/defaults.xml#L29", cdvI8 + "templates/project/App/config.xml#L54", cdvI7 + "templates/cordova/defaults.xml#L28"]),
        WrapperSettingRow("mediaPlaybackRequiresUserGesture", "(hard-coded) setMediaPlaybackRequiresUserGesture(false)", .media, .android,
            current: (cdvA, "false: autoplay allowed"), previous: (cdvAP, "false"),
            native: "WebSettings.setMediaPlaybackRequiresUserGesture",
            probes: [.mediaAutoplay], wrong: "fails only when the app replaced the engine or its settings",
            cause: .setting(.autoplay), fix: cordovaSettingsJava("webView.getSettings().setMediaPlaybackRequiresUserGesture(false);"),
            sources: [cdvA15 + cdvEngine + "SystemWebViewEngine.java#L171", cdvA14 + cdvEngine + "SystemWebViewEngine.java#L171"]),
        WrapperSettingRow("onPermissionRequest", "SystemWebChromeClient.onPermissionRequest", .camera, .android,
            current: (cdvA, "request.grant(request.getResources()) without requesting CAMERA"), previous: (cdvAP, "the same"),
            native: "PermissionRequest.grant",
            probes: [.cameraGetUserMedia], wrong: "without the app's CAMERA runtime permission: NotReadableError (or NotAllowedError)",
            cause: .known("cordova.android.grant-without-runtime"), fix: .wrapperFix(.permissionHandler),
            sources: [cdvA15 + cdvEngine + "SystemWebChromeClient.java#L326-L329", cdvA14 + cdvEngine + "SystemWebChromeClient.java#L326"]),
        WrapperSettingRow("onPermissionRequestOrigin", "SystemWebChromeClient.onPermissionRequest origin", .camera, .android,
            current: (cdvA, "every resource to every origin"), previous: (cdvAP, "the same"),
            native: "PermissionRequest.grant(getResources())",
            probes: [.cameraForeignOrigin, .cameraScope], wrong: "a foreign iframe gets the camera; audio granted when RECORD_AUDIO is held",
            cause: .setting(.cameraOrigin), fix: .wrapperFix(.cameraOrigin),
            sources: [cdvA15 + cdvEngine + "SystemWebChromeClient.java#L326-L329"]),
        WrapperSettingRow("MediaPermissionGrantType", "<preference name=\"MediaPermissionGrantType\" value=\"grantIfSameHostElseDeny\" />", .camera, .ios,
            current: (cdvI, "grantIfSameHostElsePrompt (host compared, not scheme or port)"), previous: (cdvIP, "no media-capture delegate: WebKit prompts every launch"),
            native: "WKUIDelegate requestMediaCapturePermissionForOrigin",
            probes: [.cameraForeignOrigin, .cameraPermission, .cameraReacquire], wrong: "8.x: another port on the same host is granted; 7.x: promptShown true every launch",
            cause: .setting(.cameraOrigin), fix: .wrapperFix(.cameraOrigin),
            sources: [cdvI8 + cdvIOSEngine + "CDVWebViewUIDelegate.m#L162-L186", cdvI8 + cdvIOSEngine + "CDVWebViewEngine.m#L196", cdvI8 + cdvIOSEngine + "CDVWebViewEngine.m#L427-L443"]),
        WrapperSettingRow("onShowFileChooser", "SystemWebChromeClient.onShowFileChooser", .files, .android,
            current: (cdvA, "createIntent() chooser, ACTION_IMAGE_CAPTURE for capture; cancel answers null"), previous: (cdvAP, "the same"),
            native: "WebChromeClient.onShowFileChooser, MediaStore.ACTION_IMAGE_CAPTURE",
            probes: [.fileCapture], wrong: "no camera entry without the template's <queries>, or with CAMERA declared and not granted",
            cause: .setting(.fileChooser), fix: configXML("""
                <platform name="android">
                    <config-file target="AndroidManifest.xml" parent="/manifest" xmlns:android="http://schemas.android.com/apk/res/android">
                        <queries>
                            <intent>
                                <action android:name="android.media.action.IMAGE_CAPTURE" />
                            </intent>
                        </queries>
                    </config-file>
                </platform>
                """),
            sources: [cdvA15 + cdvEngine + "SystemWebChromeClient.java#L221-L306", cdvA15 + "templates/project/AndroidManifest.xml#L54"]),
        WrapperSettingRow("domStorage", "(hard-coded) setDomStorageEnabled(true), setDatabaseEnabled(true)", .storage, .android,
            current: (cdvA, "true, true"), previous: (cdvAP, "true, true"),
            native: "WebSettings.setDomStorageEnabled",
            probes: [.storageLocal, .storageSession], wrong: "passes",
            cause: .known("android.dom-storage-off"), fix: cordovaSettingsJava("webView.getSettings().setDomStorageEnabled(true);"),
            sources: [cdvA15 + cdvEngine + "SystemWebViewEngine.java#L176", cdvA15 + cdvEngine + "SystemWebViewEngine.java#L199"]),
        WrapperSettingRow("acceptThirdPartyCookies", "SystemCookieManager (setAcceptThirdPartyCookies(webView, true))", .storage, .android,
            current: (cdvA, "third-party cookies on; flush() never called by the framework"), previous: (cdvAP, "the same"),
            native: "CookieManager.setAcceptThirdPartyCookies",
            probes: [.cookieThirdParty], wrong: "passes on Android; iOS blocks them by ITP",
            cause: .known("android.third-party-cookies-off"), fix: cordovaSettingsJava("android.webkit.CookieManager.getInstance().setAcceptThirdPartyCookies(webView, true);"),
            sources: [cdvA15 + cdvEngine + "SystemCookieManager.java#L36", cdvA15 + cdvEngine + "SystemCookieManager.java#L65"]),
        WrapperSettingRow("cookieFlush", "(never called) ICordovaCookieManager.flush()", .storage, .android,
            current: (cdvA, "not flushed: handlePause pauses plugins and timers only"), previous: (cdvAP, "the same"),
            native: "CookieManager.flush",
            probes: [.storageRelaunch], wrong: "a cookie set shortly before the app is ended is gone at the next launch",
            cause: .known("android.cookies-not-flushed"), fix: .code(language: "Java", kind: "java.cordovaActivityMember", """
                // platforms/android/app/src/main/java/com/example/app/MainActivity.java
                @Override
                protected void onPause() {
                    super.onPause();
                    // Cookies set since the last write are only in memory until flushed.
                    android.webkit.CookieManager.getInstance().flush();
                }
                """),
            sources: [cdvA15 + "framework/src/org/apache/cordova/CordovaWebViewImpl.java#L480-L493", cdvA15 + cdvEngine + "SystemCookieManager.java#L65-L67", cdvA14 + "framework/src/org/apache/cordova/CordovaWebViewImpl.java#L480-L493"]),
        WrapperSettingRow("LimitsNavigationsToAppBoundDomains", "<preference name=\"LimitsNavigationsToAppBoundDomains\" value=\"true\" />", .storage, .ios,
            current: (cdvI, "false"), previous: nil,
            native: "WKWebViewConfiguration.limitsNavigationsToAppBoundDomains",
            probes: [.envInjected], wrong: "true and the probe host not in WKAppBoundDomains: navigation blocked; listed: injected scripts refused elsewhere",
            cause: .known("webview.data-store-blocked"), fix: configXML("""
                <platform name="ios">
                    <preference name="LimitsNavigationsToAppBoundDomains" value="false" />
                </platform>
                """),
            sources: [cdvI8 + cdvIOSEngine + "CDVWebViewEngine.m#L161-L165"]),
        WrapperSettingRow("scheme", "<preference name=\"scheme\" … /> <preference name=\"hostname\" … />", .storage, nil,
            current: ("\(cdvA) / \(cdvI)", "https://localhost (Android), app://localhost (iOS)"), previous: ("\(cdvAP) / \(cdvIP)", "the same"),
            native: "WebViewAssetLoader (Android), WKURLSchemeHandler (iOS)",
            probes: [.storageRelaunch, .fetchCors], wrong: "a changed scheme or hostname is a new origin (storage empty); a page from the app origin needs CORS to reach the probe server",
            cause: .setting(.storage), fix: .wrapperFix(.storage),
            sources: [cdvA15 + "framework/src/org/apache/cordova/ConfigXmlParser.java#L35-L36", cdvA15 + cdvEngine + "SystemWebViewClient.java#L76-L78", cdvI8 + "CordovaLib/Classes/Public/CDVViewController.m#L614", cdvI8 + cdvIOSEngine + "CDVWebViewEngine.m#L172-L190"]),
        WrapperSettingRow("allowNavigation", "<allow-navigation href=\"…\" /> <allow-intent href=\"…\" />", .navigation, nil,
            current: (cdvA, "only scheme://hostname/ and about:blank navigate; others go to allow-intent or are blocked silently"), previous: nil,
            native: "CordovaWebViewImpl / PluginManager.shouldAllowNavigation, CDVIntentAndNavigationFilter",
            probes: [.navCustomScheme, .navReturnUrl], wrong: "a custom scheme without <allow-intent> does nothing; a remote page not allowed opens in the browser",
            cause: .probe(.navCustomScheme), fix: configXML("""
                <allow-navigation href="https://id.example.com/*" />
                <allow-intent href="myapp:*" />
                """),
            sources: [cdvA15 + "framework/src/org/apache/cordova/CordovaWebViewImpl.java#L659-L671", cdvA15 + "framework/src/org/apache/cordova/PluginManager.java#L458", cdvI8 + "CordovaLib/Classes/Private/Plugins/CDVIntentAndNavigationFilter/CDVIntentAndNavigationFilter.m#L117-L143"]),
        WrapperSettingRow("AllowNewWindows", "<preference name=\"AllowNewWindows\" value=\"true\" />", .navigation, .ios,
            current: (cdvI, "false: createWebViewWithConfiguration loads the request in the main view, returns nil"), previous: (cdvIP, "false"),
            native: "WKUIDelegate createWebViewWithConfiguration, WKPreferences.javaScriptCanOpenWindowsAutomatically",
            probes: [.navWindowOpen], wrong: "window.open returns null and the run's page is replaced",
            cause: .probe(.navWindowOpen), fix: configXML("""
                <platform name="ios">
                    <preference name="AllowNewWindows" value="true" />
                    <preference name="JavaScriptCanOpenWindowsAutomatically" value="true" />
                </platform>
                """),
            sources: [cdvI8 + cdvIOSEngine + "CDVWebViewUIDelegate.m#L125-L147", cdvI8 + cdvIOSEngine + "CDVWebViewEngine.m#L197", cdvI8 + cdvIOSEngine + "CDVWebViewEngine.m#L343"]),
        WrapperSettingRow("errorUrl", "<preference name=\"errorUrl\" value=\"error.html\" /> (Android), ErrorUrl (iOS)", .navigation, nil,
            current: ("\(cdvA) / \(cdvI)", "unset"), previous: nil,
            native: "CordovaWebViewImpl load timeout, CDVViewController error page",
            probes: [.navLoadError], wrong: "no recoverable error page",
            cause: .probe(.navLoadError), fix: configXML("""
                <preference name="errorUrl" value="error.html" />
                <preference name="ErrorUrl" value="error.html" />
                """),
            sources: [cdvA15 + "framework/src/org/apache/cordova/CordovaWebViewImpl.java#L148", cdvI8 + "CordovaLib/Classes/Public/CDVViewController.m#L287-L300"]),
        WrapperSettingRow("mixedContentMode", "(not set) WebSettings.setMixedContentMode", .network, .android,
            current: (cdvA, "not set: MIXED_CONTENT_NEVER_ALLOW"), previous: (cdvAP, "not set"),
            native: "WebSettings.setMixedContentMode",
            probes: [.netMixedContent], wrong: "the http: image and fetch are both blocked",
            cause: .probe(.netMixedContent), fix: cordovaSettingsJava("webView.getSettings().setMixedContentMode(android.webkit.WebSettings.MIXED_CONTENT_COMPATIBILITY_MODE);"),
            sources: [cdvA15 + cdvEngine + "SystemWebViewEngine.java#L152-L199", "https://developer.android.com/reference/android/webkit/WebSettings#setMixedContentMode(int)"]),
        WrapperSettingRow("AndroidEdgeToEdge", "<preference name=\"AndroidEdgeToEdge\" value=\"true\" />", .viewport, .android,
            current: (cdvA, "false: the WebView is padded by the system-bar insets (API 35+)"), previous: (cdvAP, "false: the theme opts out of edge-to-edge (targetSdk 35)"),
            native: "setDecorFitsSystemWindows(false), windowOptOutEdgeToEdgeEnforcement",
            probes: [.envViewport], wrong: "true without page CSS: content under the status and navigation bars",
            cause: .probe(.envViewport), fix: configXML("""
                <platform name="android">
                    <preference name="AndroidEdgeToEdge" value="false" />
                </platform>
                """),
            sources: [cdvA15 + "framework/src/org/apache/cordova/CordovaActivity.java#L124-L125", cdvA15 + "framework/src/org/apache/cordova/CordovaActivity.java#L199-L240", cdvA14 + "templates/project/res/values/themes.xml#L35"]),
        WrapperSettingRow("inAppBrowserPermission", "cordova-plugin-inappbrowser InAppChromeClient.onPermissionRequest", .camera, .android,
            current: ("cordova-plugin-inappbrowser 6.0.0", "grants every requested resource (no CAMERA request)"), previous: ("cordova-plugin-inappbrowser 5.0.0", "not overridden: every getUserMedia denied"),
            native: "WebChromeClient.onPermissionRequest",
            probes: [.cameraGetUserMedia], wrong: "5.x: NotAllowedError at once, no prompt",
            cause: .known("android.camera.no-permission-handler"), fix: configXML("<plugin name=\"cordova-plugin-inappbrowser\" spec=\"^6.0.0\" />"),
            sources: [cdvIAB6 + "src/android/InAppChromeClient.java#L50-L54", "https://github.com/apache/cordova-plugin-inappbrowser/blob/5.0.0/src/android/InAppChromeClient.java"]),
        WrapperSettingRow("inAppBrowserInline", "cordova.InAppBrowser.open(url, '_blank', 'allowInlineMediaPlayback=yes')", .media, .ios,
            current: ("cordova-plugin-inappbrowser 6.0.0", "allowinlinemediaplayback=no, mediaplaybackrequiresuseraction=no"), previous: nil,
            native: "WKWebViewConfiguration.allowsInlineMediaPlayback in CDVWKInAppBrowser",
            probes: [.mediaInline, .cameraFrames], wrong: "in the InAppBrowser on iPhone: fullscreen video, black camera preview",
            cause: .setting(.inlinePlayback), fix: .code(language: "JavaScript", kind: "js.script", """
                cordova.InAppBrowser.open('https://id.example.com/start', '_blank', 'allowInlineMediaPlayback=yes');
                """),
            sources: [cdvIAB6 + "src/ios/CDVInAppBrowserOptions.m#L38-L39", cdvIAB6 + "src/ios/CDVWKInAppBrowser.m#L682-L688"]),
    ]
}
