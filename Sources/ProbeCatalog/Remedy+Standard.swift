/// The fixes the catalog names, each traced to the docs/requirements.md section that states it.
extension Remedy {
    // Android has JavaScript off by default (docs/requirements.md#javascript-and-secure-context).
    public static let javaScript = Remedy(
        iosSwift: "configuration.defaultWebpagePreferences.allowsContentJavaScript = true",
        androidKotlin: "webView.settings.javaScriptEnabled = true",
        reactNative: "<WebView javaScriptEnabled />")

    // DOM storage is off by default on Android (docs/requirements.md#storage).
    public static let domStorage = Remedy(
        iosSwift: "configuration.websiteDataStore = .default() (a non-persistent store loses storage)",
        androidKotlin: "webView.settings.domStorageEnabled = true",
        reactNative: "<WebView domStorageEnabled />")

    public static let cookies = Remedy(
        iosSwift: "configuration.websiteDataStore = .default() (not .nonPersistent())",
        androidKotlin: "CookieManager.getInstance().setAcceptCookie(true)",
        reactNative: "<WebView sharedCookiesEnabled /> (iOS) and cookies allowed in CookieManager (Android)")

    public static let thirdPartyCookies = Remedy(
        iosSwift: "None: WebKit's ITP blocks third-party cookies; keep the flow first-party",
        androidKotlin: "CookieManager.getInstance().setAcceptThirdPartyCookies(webView, true)",
        reactNative: "<WebView thirdPartyCookiesEnabled /> (Android only; iOS blocks them under ITP)")

    public static let persistentDataStore = Remedy(
        iosSwift: "configuration.websiteDataStore = .default() (.nonPersistent() forgets everything on relaunch)",
        androidKotlin: "Do not call CookieManager.removeAllCookies / WebStorage.deleteAllData on start; call CookieManager.flush() on pause",
        reactNative: "Do not set incognito; keep cacheEnabled and the default data store")

    // Autoplay of the preview without an extra tap (docs/requirements.md#media-playback).
    public static let autoplay = Remedy(
        iosSwift: "configuration.mediaTypesRequiringUserActionForPlayback = []",
        androidKotlin: "webView.settings.mediaPlaybackRequiresUserGesture = false",
        reactNative: "<WebView mediaPlaybackRequiresUserAction={false} />")

    // allowsInlineMediaPlayback defaults to false on iPhone, true on iPad (docs/requirements.md#media-playback).
    public static let inlineMedia = Remedy(
        iosSwift: "configuration.allowsInlineMediaPlayback = true (set before creating the WKWebView)",
        androidKotlin: "webView.settings.mediaPlaybackRequiresUserGesture = false",
        reactNative: "<WebView allowsInlineMediaPlayback mediaPlaybackRequiresUserAction={false} />")

    // Both playback settings at once: what a video that never plays in the page needs when
    // the run cannot tell which of the two blocked it (camera preview, autoplay with inline off).
    public static let inlineAndAutoplay = Remedy(
        iosSwift: "configuration.allowsInlineMediaPlayback = true; configuration.mediaTypesRequiringUserActionForPlayback = []",
        androidKotlin: "webView.settings.mediaPlaybackRequiresUserGesture = false",
        reactNative: "<WebView allowsInlineMediaPlayback mediaPlaybackRequiresUserAction={false} />")

    // The WebView permission layer (docs/requirements.md#camera-getusermedia).
    public static let cameraGrant = Remedy(
        iosSwift: "Implement WKUIDelegate webView(_:requestMediaCapturePermissionFor:initiatedByFrame:type:decisionHandler:) and call decisionHandler(.grant) for your origin and type == .camera; set webView.uiDelegate",
        androidKotlin: "Override WebChromeClient.onPermissionRequest and call request.grant(arrayOf(PermissionRequest.RESOURCE_VIDEO_CAPTURE)) for your origin, on the UI thread",
        reactNative: "<WebView mediaCapturePermissionGrantType=\"grantIfSameHostElsePrompt\" /> and request the camera permission in the app first")

    public static let osCameraPermission = Remedy(
        iosSwift: "Add NSCameraUsageDescription to Info.plist; check AVCaptureDevice.authorizationStatus(for: .video) and requestAccess before opening the WebView; offer UIApplication.openSettingsURLString when denied",
        androidKotlin: "Declare android.permission.CAMERA and request it at run time (ActivityResultContracts.RequestPermission) before opening the WebView",
        reactNative: "Request the camera permission (expo-camera / react-native-permissions) before rendering the WebView")

    // Compare scheme, host and port; deny, not prompt, anything not yours (docs/requirements.md#camera-getusermedia).
    public static let strictOrigin = Remedy(
        iosSwift: "In requestMediaCapturePermissionFor compare origin.protocol == \"https\", origin.host and the port (0 means 443), and return .deny (not .prompt) otherwise",
        androidKotlin: "In onPermissionRequest compare request.origin.scheme == \"https\", host and port (-1 means 443); call request.deny() otherwise",
        reactNative: "Use mediaCapturePermissionGrantType=\"grantIfSameHostElsePrompt\" (never \"grant\") and keep originWhitelist to your origin; check the port in a native patch if you need it")

    // Never grant whatever was asked; video-only denies audio (docs/requirements.md#camera-getusermedia).
    public static let videoOnlyGrant = Remedy(
        iosSwift: "In requestMediaCapturePermissionFor grant only when type == .camera; deny .microphone and .cameraAndMicrophone",
        androidKotlin: "Never request.grant(request.resources); grant only arrayOf(PermissionRequest.RESOURCE_VIDEO_CAPTURE) when it was requested",
        reactNative: "Avoid mediaCapturePermissionGrantType=\"grant\"; grant only the camera in a native patch")

    // Android's default onShowFileChooser cancels all file requests (docs/requirements.md#file-input).
    public static let fileChooser = Remedy(
        iosSwift: "Nothing to add: WKWebView uploads work by default; do not override runOpenPanelWith unless on iOS 18.4+ and you answer it",
        androidKotlin: "Override WebChromeClient.onShowFileChooser, return true, launch fileChooserParams.createIntent() and answer the ValueCallback with the result",
        reactNative: "<WebView allowFileAccess /> and the camera/media permissions for the picker")

    // The ValueCallback is answered exactly once on every file-chooser path (docs/requirements.md#file-input).
    public static let fileCallbackOnCancel = Remedy(
        iosSwift: "Nothing to add: WKWebView answers its own file panel",
        androidKotlin: "On RESULT_CANCELED call filePathCallback.onReceiveValue(null) and clear it; answer a pending callback with null before storing a new one",
        reactNative: "Update react-native-webview (13.x+) which answers the chooser callback on cancel")

    public static let captureAttribute = Remedy(
        iosSwift: "Nothing to add: WKWebView honours capture; check NSCameraUsageDescription",
        androidKotlin: "Use fileChooserParams.isCaptureEnabled and acceptTypes: launch MediaStore.ACTION_IMAGE_CAPTURE (with a FileProvider content:// output) when capture is set",
        reactNative: "Update react-native-webview; it honours capture with the CAMERA permission granted")

    public static let heic = Remedy(
        iosSwift: "Accept image/heic on the server, or keep accept=\"image/*\" so iOS converts to JPEG",
        androidKotlin: "Accept image/heic on the server",
        reactNative: "Accept image/heic on the server")

    // Forward custom schemes to external apps (docs/requirements.md#navigation-and-windows).
    public static let customSchemes = Remedy(
        iosSwift: "In webView(_:decidePolicyFor:decisionHandler:) allow http/https/about/data, UIApplication.shared.open(url) anything else and decisionHandler(.cancel)",
        androidKotlin: "In WebViewClient.shouldOverrideUrlLoading return false for http/https/about/data; startActivity(Intent(ACTION_VIEW, uri)) otherwise, catching ActivityNotFoundException",
        reactNative: "onShouldStartLoadWithRequest: return true for http(s)/about/data, Linking.openURL(url) and return false otherwise")

    public static let windowOpen = Remedy(
        iosSwift: "Implement WKUIDelegate webView(_:createWebViewWith:for:windowFeatures:) and load or open the request per app policy",
        androidKotlin: "settings.setSupportMultipleWindows(false) to keep window.open in the WebView, or handle onCreateWindow",
        reactNative: "setSupportMultipleWindows={false} and onOpenWindow={({nativeEvent}) => Linking.openURL(nativeEvent.targetUrl)}")

    public static let returnUrl = Remedy(
        iosSwift: "Intercept the return URL in decidePolicyFor and route it (universal links open the app only from outside the WebView)",
        androidKotlin: "Intercept the return URL in shouldOverrideUrlLoading and start the app link intent",
        reactNative: "Handle the return URL in onShouldStartLoadWithRequest and Linking.openURL it")

    public static let loadErrors = Remedy(
        iosSwift: "Implement webView(_:didFailProvisionalNavigation:withError:) and check the HTTP status in decidePolicyFor navigationResponse; show a retry screen",
        androidKotlin: "Override WebViewClient.onReceivedError and onReceivedHttpError for the main frame; show a retry screen",
        reactNative: "onError and onHttpError: render a retry screen (renderError)")

    public static let secureContext = Remedy(
        iosSwift: "Load the page over https:// (camera APIs are absent in an insecure context)",
        androidKotlin: "Load the page over https:// (or http://localhost with adb reverse)",
        reactNative: "Use an https:// source uri")

    public static let mixedContent = Remedy(
        iosSwift: "Serve every resource over https:// (WKWebView blocks mixed active content)",
        androidKotlin: "settings.mixedContentMode = WebSettings.MIXED_CONTENT_COMPATIBILITY_MODE (never MIXED_CONTENT_ALWAYS_ALLOW); serve resources over https://",
        reactNative: "mixedContentMode=\"compatibility\" (never \"always\")")

    public static let fullScreenLayout = Remedy(
        iosSwift: "Pin the WKWebView to the view's edges (or the safe area) and hide the navigation bar on the WebView route",
        androidKotlin: "Give the WebView MATCH_PARENT in an activity of its own, not a dialog or card",
        reactNative: "Render the WebView with style={{flex: 1}} on a screen with headerShown: false, not in a Modal card")

    public static let updateOS = Remedy(
        iosSwift: "Ask the user to update iOS; gate the flow below the minimum",
        androidKotlin: "Ask the user to update Android System WebView (Play Store) or the OS; check WebView.getCurrentWebViewPackage()",
        reactNative: "Gate the flow below the minimum and update react-native-webview to 13.x+")

    public static let cameraReacquire = Remedy(
        iosSwift: "Answer requestMediaCapturePermissionFor with .grant for your origin instead of .prompt",
        androidKotlin: "Grant in onPermissionRequest each time without showing your own dialog again once the app permission is held",
        reactNative: "mediaCapturePermissionGrantType=\"grantIfSameHostElsePrompt\"")

    public static let backgroundResume = Remedy(
        iosSwift: "On UIApplication.didBecomeActiveNotification re-check the camera permission; let the page restart its stream on visibilitychange",
        androidKotlin: "Call webView.onResume() / onPause() from the activity lifecycle; do not recreate the WebView on configuration changes",
        reactNative: "Keep the WebView mounted across AppState changes")

    public static let offline = Remedy(
        iosSwift: "Show a retry screen when the main frame fails to load",
        androidKotlin: "Show a retry screen when the main frame fails to load",
        reactNative: "renderError with a retry button")

    public static let bodyIntegrity = Remedy(
        iosSwift: "Remove any URLProtocol / WKURLSchemeHandler proxy that rewrites request bodies",
        androidKotlin: "Remove shouldInterceptRequest code that re-issues requests (it drops or alters POST bodies)",
        reactNative: "Remove request interception that re-issues POST requests natively")
}
