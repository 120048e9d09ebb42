/// Which API of each wrapper a host-report fact is read with: the `how` its companion writes
/// (companions/, docs/host-report.md), beside the platform's own in `HostFact.apis`. A read
/// through the wrapper's object (Capacitor's `bridge.webView`, Cordova's engine view, MAUI's
/// `handler.PlatformView`) links the wrapper's source or docs for that object; a read that is
/// the platform's own API word for word links the platform's page.
extension HostFact {
    struct WrapperReads {
        let on: String
        /// Where the wrapper hands the app the object the reads go through.
        let object: String
        let reads: [(fact: String, how: String)]

        init(_ on: String, object: String, _ reads: [(String, String)]) {
            self.on = on
            self.object = object
            self.reads = reads.map { (fact: $0.0, how: $0.1) }
        }
    }

    static let capacitorAndroid = "https://github.com/ionic-team/capacitor/blob/8.4.2/android/capacitor/src/main/java/com/getcapacitor/Bridge.java#L511"
    static let capacitorIOS = "https://github.com/ionic-team/capacitor/blob/8.4.2/ios/Capacitor/Capacitor/CAPBridgeProtocol.swift#L8"
    static let cordovaAndroid = "https://github.com/apache/cordova-android/blob/rel/15.0.0/framework/src/org/apache/cordova/CordovaWebViewEngine.java#L37"
    static let cordovaPermission = "https://github.com/apache/cordova-android/blob/rel/15.0.0/framework/src/org/apache/cordova/CordovaInterface.java#L97"
    static let cordovaIOS = "https://github.com/apache/cordova-ios/blob/rel/8.1.0/CordovaLib/include/Cordova/CDVPlugin.h#L83"
    static let webviewFlutterAndroid = "https://github.com/flutter/packages/blob/webview_flutter_android-v4.14.0/packages/webview_flutter/webview_flutter_android/lib/src/android_webview_controller.dart"
    static let webviewFlutterIOS = "https://github.com/flutter/packages/blob/webview_flutter_wkwebview-v3.26.0/packages/webview_flutter/webview_flutter_wkwebview/lib/src/webkit_webview_controller.dart#L72-L99"
    static let mauiAndroid = "https://learn.microsoft.com/dotnet/maui/user-interface/handlers/customize"
    static let mauiIOS = "https://learn.microsoft.com/dotnet/maui/user-interface/handlers/customize"

    /// The four wrappers whose companions read through the wrapper (the native ones, react-native-webview
    /// and flutter_inappwebview are the platform entries of `all`).
    static let wrapperReads: [WrapperReads] = [
        WrapperReads("Capacitor Android", object: capacitorAndroid, [
            ("cameraAuthorization", "ContextCompat.checkSelfPermission(context, Manifest.permission.CAMERA)"),
            ("photosAuthorization", "ContextCompat.checkSelfPermission(context, Manifest.permission.READ_MEDIA_IMAGES)"),
            ("manifestPermissions", "PackageManager.getPackageInfo(packageName, GET_PERMISSIONS).requestedPermissions"),
            ("mediaCaptureHandler", "bridge.webView.webChromeClient's class declares onPermissionRequest(PermissionRequest)"),
            ("fileChooserHandler", "bridge.webView.webChromeClient's class declares onShowFileChooser(WebView, ValueCallback, FileChooserParams)"),
            ("javaScriptEnabled", "bridge.webView.settings.javaScriptEnabled"),
            ("domStorageEnabled", "bridge.webView.settings.domStorageEnabled"),
            ("mediaPlaybackRequiresUserGesture", "bridge.webView.settings.mediaPlaybackRequiresUserGesture"),
            ("allowFileAccess", "bridge.webView.settings.allowFileAccess"),
            ("webViewPackage", "WebViewCompat.getCurrentWebViewPackage(context)?.packageName"),
            ("webViewVersion", "WebViewCompat.getCurrentWebViewPackage(context)?.versionName"),
            ("acceptCookies", "CookieManager.getInstance().acceptCookie()"),
            ("acceptThirdPartyCookies", "CookieManager.getInstance().acceptThirdPartyCookies(bridge.webView)"),
        ]),
        WrapperReads("Capacitor iOS", object: capacitorIOS, [
            ("cameraAuthorization", "AVCaptureDevice.authorizationStatus(for: .video)"),
            ("photosAuthorization", "PHPhotoLibrary.authorizationStatus(for: .readWrite)"),
            ("cameraUsageDescription", "Bundle.main.object(forInfoDictionaryKey: \"NSCameraUsageDescription\")"),
            ("photoLibraryUsageDescription", "Bundle.main.object(forInfoDictionaryKey: \"NSPhotoLibraryUsageDescription\")"),
            ("microphoneUsageDescription", "Bundle.main.object(forInfoDictionaryKey: \"NSMicrophoneUsageDescription\")"),
            ("uiDelegate", "bridge.webView.uiDelegate != nil"),
            ("mediaCaptureHandler", "bridge.webView.uiDelegate?.responds(to: #selector(WKUIDelegate.webView(_:requestMediaCapturePermissionFor:initiatedByFrame:type:decisionHandler:)))"),
            ("javaScriptEnabled", "bridge.webView.configuration.defaultWebpagePreferences.allowsContentJavaScript"),
            ("allowsInlineMediaPlayback", "bridge.webView.configuration.allowsInlineMediaPlayback"),
            ("mediaTypesRequiringUserActionForPlayback", "bridge.webView.configuration.mediaTypesRequiringUserActionForPlayback"),
            ("dataStorePersistent", "bridge.webView.configuration.websiteDataStore.isPersistent"),
        ]),
        WrapperReads("Cordova Android", object: cordovaAndroid, [
            ("cameraAuthorization", "cordova.hasPermission(Manifest.permission.CAMERA)"),
            ("photosAuthorization", "cordova.hasPermission(Manifest.permission.READ_MEDIA_IMAGES)"),
            ("manifestPermissions", "PackageManager.getPackageInfo(packageName, GET_PERMISSIONS).requestedPermissions"),
            ("mediaCaptureHandler", "systemWebView.getWebChromeClient()'s class declares onPermissionRequest(PermissionRequest)"),
            ("fileChooserHandler", "systemWebView.getWebChromeClient()'s class declares onShowFileChooser(WebView, ValueCallback, FileChooserParams)"),
            ("javaScriptEnabled", "systemWebView.getSettings().getJavaScriptEnabled()"),
            ("domStorageEnabled", "systemWebView.getSettings().getDomStorageEnabled()"),
            ("mediaPlaybackRequiresUserGesture", "systemWebView.getSettings().getMediaPlaybackRequiresUserGesture()"),
            ("allowFileAccess", "systemWebView.getSettings().getAllowFileAccess()"),
            ("webViewPackage", "WebView.getCurrentWebViewPackage().packageName"),
            ("webViewVersion", "WebView.getCurrentWebViewPackage().versionName"),
            ("acceptCookies", "CookieManager.getInstance().acceptCookie()"),
            ("acceptThirdPartyCookies", "CookieManager.getInstance().acceptThirdPartyCookies(systemWebView)"),
        ]),
        WrapperReads("Cordova iOS", object: cordovaIOS, [
            ("cameraAuthorization", "AVCaptureDevice.authorizationStatus(for: .video)"),
            ("photosAuthorization", "PHPhotoLibrary.authorizationStatus(for: .readWrite)"),
            ("cameraUsageDescription", "Bundle.main.object(forInfoDictionaryKey: \"NSCameraUsageDescription\")"),
            ("photoLibraryUsageDescription", "Bundle.main.object(forInfoDictionaryKey: \"NSPhotoLibraryUsageDescription\")"),
            ("microphoneUsageDescription", "Bundle.main.object(forInfoDictionaryKey: \"NSMicrophoneUsageDescription\")"),
            ("uiDelegate", "(plugin.webView as WKWebView).uiDelegate != nil"),
            ("mediaCaptureHandler", "(plugin.webView as WKWebView).uiDelegate?.responds(to: #selector(WKUIDelegate.webView(_:requestMediaCapturePermissionFor:initiatedByFrame:type:decisionHandler:)))"),
            ("javaScriptEnabled", "(plugin.webView as WKWebView).configuration.defaultWebpagePreferences.allowsContentJavaScript"),
            ("allowsInlineMediaPlayback", "(plugin.webView as WKWebView).configuration.allowsInlineMediaPlayback"),
            ("mediaTypesRequiringUserActionForPlayback", "(plugin.webView as WKWebView).configuration.mediaTypesRequiringUserActionForPlayback"),
            ("dataStorePersistent", "(plugin.webView as WKWebView).configuration.websiteDataStore.isPersistent"),
        ]),
        WrapperReads("webview_flutter Android", object: webviewFlutterAndroid, [
            ("mediaCaptureHandler", "WebViewController(onPermissionRequest: …) is set"),
            ("fileChooserHandler", "AndroidWebViewController.setOnShowFileSelector(…) is set"),
            ("mediaPlaybackRequiresUserGesture", "AndroidWebViewController.setMediaPlaybackRequiresUserGesture(…)"),
            ("allowFileAccess", "AndroidWebViewController.setAllowFileAccess(…)"),
            ("acceptThirdPartyCookies", "AndroidWebViewCookieManager.setAcceptThirdPartyCookies(…)"),
        ]),
        WrapperReads("webview_flutter iOS", object: webviewFlutterIOS, [
            ("mediaCaptureHandler", "WebViewController(onPermissionRequest: …) is set"),
            ("allowsInlineMediaPlayback", "WebKitWebViewControllerCreationParams.allowsInlineMediaPlayback"),
            ("mediaTypesRequiringUserActionForPlayback", "WebKitWebViewControllerCreationParams.mediaTypesRequiringUserAction"),
        ]),
        WrapperReads(".NET MAUI Android", object: mauiAndroid, [
            ("cameraAuthorization", "ContextCompat.CheckSelfPermission(context, Manifest.Permission.Camera)"),
            ("photosAuthorization", "ContextCompat.CheckSelfPermission(context, Manifest.Permission.ReadMediaImages)"),
            ("manifestPermissions", "PackageManager.GetPackageInfo(PackageName, PackageInfoFlags.Permissions).RequestedPermissions"),
            ("mediaCaptureHandler", "handler.PlatformView.WebChromeClient's Java class declares onPermissionRequest(PermissionRequest)"),
            ("fileChooserHandler", "handler.PlatformView.WebChromeClient's Java class declares onShowFileChooser(WebView, ValueCallback, FileChooserParams)"),
            ("javaScriptEnabled", "handler.PlatformView.Settings.JavaScriptEnabled"),
            ("domStorageEnabled", "handler.PlatformView.Settings.DomStorageEnabled"),
            ("mediaPlaybackRequiresUserGesture", "handler.PlatformView.Settings.MediaPlaybackRequiresUserGesture"),
            ("allowFileAccess", "handler.PlatformView.Settings.AllowFileAccess"),
            ("webViewPackage", "WebView.CurrentWebViewPackage.PackageName"),
            ("webViewVersion", "WebView.CurrentWebViewPackage.VersionName"),
            ("acceptCookies", "CookieManager.Instance.AcceptCookie()"),
            ("acceptThirdPartyCookies", "CookieManager.Instance.AcceptThirdPartyCookies(handler.PlatformView)"),
        ]),
        WrapperReads(".NET MAUI iOS", object: mauiIOS, [
            ("cameraAuthorization", "AVCaptureDevice.GetAuthorizationStatus(AVAuthorizationMediaType.Video)"),
            ("photosAuthorization", "PHPhotoLibrary.GetAuthorizationStatus(PHAccessLevel.ReadWrite)"),
            ("cameraUsageDescription", "NSBundle.MainBundle.ObjectForInfoDictionary(\"NSCameraUsageDescription\")"),
            ("photoLibraryUsageDescription", "NSBundle.MainBundle.ObjectForInfoDictionary(\"NSPhotoLibraryUsageDescription\")"),
            ("microphoneUsageDescription", "NSBundle.MainBundle.ObjectForInfoDictionary(\"NSMicrophoneUsageDescription\")"),
            ("uiDelegate", "handler.PlatformView.UIDelegate != null"),
            ("mediaCaptureHandler", "(handler.PlatformView.UIDelegate as NSObject).RespondsToSelector(webView:requestMediaCapturePermissionForOrigin:initiatedByFrame:type:decisionHandler:)"),
            ("javaScriptEnabled", "handler.PlatformView.Configuration.DefaultWebpagePreferences.AllowsContentJavaScript"),
            ("allowsInlineMediaPlayback", "handler.PlatformView.Configuration.AllowsInlineMediaPlayback"),
            ("mediaTypesRequiringUserActionForPlayback", "handler.PlatformView.Configuration.MediaTypesRequiringUserActionForPlayback"),
            ("dataStorePersistent", "handler.PlatformView.Configuration.WebsiteDataStore.Persistent"),
        ]),
    ]

    /// The wrapper entries for one fact, each linked as the header says.
    static func wrapperAPIs(_ fact: String, platform: [API]) -> [API] {
        wrapperReads.flatMap { wrapper in
            wrapper.reads.filter { $0.fact == fact }.map { read in
                let url = platform.first { $0.how == read.how }?.url
                    ?? (read.how.hasPrefix("cordova.hasPermission") ? cordovaPermission : wrapper.object)
                return API(on: wrapper.on, how: read.how, url: url)
            }
        }
    }
}
