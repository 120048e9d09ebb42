/// The public pages behind the catalog's platform facts, one constant per page so that a
/// fact and the page that states it sit side by side and a moved page is fixed once.
enum PlatformSource {
    // WebKit: `UserMediaPermissionRequestManagerProxy::requestSystemValidation` checks the
    // app's camera authorization (TCC) and denies with PermissionDenied before
    // `decidePolicyForUserMediaPermissionRequest` asks the UI delegate.
    static let webKitPermissionOrder = "https://github.com/WebKit/WebKit/blob/f55a67c82a45a19466ae48610072738f889d6bf4/Source/WebKit/UIProcess/UserMediaPermissionRequestManagerProxy.cpp"
    // iOS interrupts an app's capture session when the app goes to the background.
    static let iosCameraInterruptedInBackground = "https://developer.apple.com/documentation/avfoundation/avcapturesession/interruptionreason/videodevicenotavailableinbackground"
    // Android 9+: an app in the background cannot use the camera.
    static let androidCameraInBackground = "https://developer.android.com/about/versions/pie/android-9.0-changes-all#bg-sensor-access"
    // WKUIDelegate media capture decision, iOS 15+.
    static let wkMediaCaptureDelegate = "https://developer.apple.com/documentation/webkit/wkuidelegate/webview(_:requestmediacapturepermissionfor:initiatedbyframe:type:decisionhandler:)"
    static let avAuthorization = "https://developer.apple.com/documentation/avfoundation/requesting-authorization-to-capture-and-save-media"
    // WebKit enables navigator.mediaDevices only for an app permitted to capture audio or video,
    // which requires the Info.plist usage description of each (UserMediaPermissionRequestManagerProxy.mm:
    // https://github.com/WebKit/WebKit/blob/2bca0efbabfdd2227f368b150934a0e5da8a7ef1/Source/WebKit/UIProcess/Cocoa/UserMediaPermissionRequestManagerProxy.mm).
    static let webKitMediaDevicesNeedUsageDescription = "https://github.com/WebKit/WebKit/blob/9def6e6f0258ddd9171d32bec2fffb684dbc7b8b/Source/WebKit/UIProcess/Cocoa/WebPreferencesCocoa.mm#L142"
    static let cameraUsageDescription = "https://developer.apple.com/documentation/bundleresources/information-property-list/nscamerausagedescription"
    // The system camera picker switched to video ends an app without
    // NSMicrophoneUsageDescription (confirmed and fixed by the picker's maintainer).
    static let killedOnVideoCapture = "https://github.com/tilltue/TLPhotoPicker/issues/47"
    // WKWebView gained getUserMedia in iOS 14.3.
    static let wkWebViewGetUserMedia = "https://bugs.webkit.org/show_bug.cgi?id=208667"
    static let rnMediaCaptureGrantType = "https://github.com/react-native-webview/react-native-webview/blob/1d8205af06dbb0bad0d8f208bb2a37ce5f732fd3/docs/Reference.md#mediacapturepermissiongranttype"
    // Android: "If this method isn't overridden, the permission is denied"; the host must call
    // grant() or deny().
    static let androidOnPermissionRequest = "https://developer.android.com/reference/android/webkit/WebChromeClient#onPermissionRequest(android.webkit.PermissionRequest)"
    // Android: with setSupportMultipleWindows(true), window.open and target=_blank ask
    // onCreateWindow, whose default returns false: no window is created and the request is
    // dropped without a navigation (confirmed in https://github.com/NativePHP/mobile-air/pull/180).
    static let androidOnCreateWindow = "https://developer.android.com/reference/android/webkit/WebChromeClient#onCreateWindow(android.webkit.WebView,%20boolean,%20boolean,%20android.os.Message)"
    // react-native-webview before onPermissionRequest existed: PermissionDenied despite the manifest.
    static let rnNoPermissionHandler = "https://github.com/react-native-webview/react-native-webview/issues/231"
    // react-native-webview: no prompt on Android until CAMERA was declared and requested.
    static let rnCameraManifest = "https://github.com/react-native-webview/react-native-webview/issues/2854"
    // cordova-android grants every WebView request without the CAMERA runtime permission: the
    // first getUserMedia fails, every later one never settles.
    static let cordovaGrantWithoutRuntime = "https://github.com/apache/cordova-android/issues/1888"
    // Android WebView's AwPermissionManager::GetPermissionStatus answers DENIED for the camera
    // (only a few types differ), so permissions.query({name: 'camera'}) says "denied" there
    // before any request and whatever the handler would grant.
    static let androidPermissionQuery = "https://source.chromium.org/chromium/chromium/src/+/main:android_webview/browser/aw_permission_manager.cc"
    // Blink maps TRACK_START_FAILURE_VIDEO and DEVICE_IN_USE to NotReadableError.
    static let blinkUserMediaErrors = "https://source.chromium.org/chromium/chromium/src/+/main:third_party/blink/renderer/modules/mediastream/user_media_request.cc"
    // BigBlueButton maintainers: NotReadableError is a camera in use by another app, or the
    // browser unable to open the device.
    static let notReadableInUse = "https://github.com/bigbluebutton/bigbluebutton/issues/9000"
    static let mdnGetUserMediaErrors = "https://developer.mozilla.org/en-US/docs/Web/API/MediaDevices/getUserMedia#exceptions"
    static let mdnSecureContext = "https://developer.mozilla.org/en-US/docs/Web/Security/Secure_Contexts/features_restricted_to_secure_contexts"
    static let enumerateDevices = "https://w3c.github.io/mediacapture-main/#dom-mediadevices-enumeratedevices"
    // Android: DOM storage is off unless setDomStorageEnabled(true).
    static let androidDomStorage = "https://developer.android.com/reference/android/webkit/WebSettings#setDomStorageEnabled(boolean)"
    // "Storage is disabled inside 'data:' URLs": an opaque origin has no storage.
    static let opaqueOriginStorage = "https://github.com/flutter/flutter/issues/26133"
    static let nonPersistentStore = "https://developer.apple.com/documentation/webkit/wkwebsitedatastore/nonpersistent()"
    static let removeWebsiteData = "https://developer.apple.com/documentation/webkit/wkwebsitedatastore/removedata(oftypes:modifiedsince:completionhandler:)"
    static let androidAcceptCookie = "https://developer.android.com/reference/android/webkit/CookieManager#setAcceptCookie(boolean)"
    static let androidThirdPartyCookies = "https://developer.android.com/reference/android/webkit/CookieManager#setAcceptThirdPartyCookies(android.webkit.WebView,%20boolean)"
    static let webKitThirdPartyCookies = "https://webkit.org/blog/10218/full-third-party-cookie-blocking-and-more/"
    // Android: the default onShowFileChooser cancels the request.
    static let androidFileChooser = "https://developer.android.com/reference/android/webkit/WebChromeClient#onShowFileChooser(android.webkit.WebView,%20android.webkit.ValueCallback%3Candroid.net.Uri[]%3E,%20android.webkit.WebChromeClient.FileChooserParams)"
    static let fileInputUnresponsive = "https://github.com/authgear/authgear-sdk-js/issues/177"
    static let inputCancelEvent = "https://developer.mozilla.org/en-US/docs/Web/API/HTMLInputElement/cancel_event"
    static let androidRenderProcessGone = "https://developer.android.com/reference/android/webkit/WebViewClient#onRenderProcessGone(android.webkit.WebView,%20android.webkit.RenderProcessGoneDetail)"
    static let androidProcessLifecycle = "https://developer.android.com/guide/components/activities/process-lifecycle"
    static let wkContentProcessTerminated = "https://developer.apple.com/documentation/webkit/wknavigationdelegate/webviewwebcontentprocessdidterminate(_:)"
    static let wkTargetFrame = "https://developer.apple.com/documentation/webkit/wknavigationaction/targetframe"
    static let wkNavigationDelegate = "https://developer.apple.com/documentation/webkit/wknavigationdelegate/webview(_:decidepolicyfor:decisionhandler:)"
    static let androidJavaScript = "https://developer.android.com/reference/android/webkit/WebSettings#setJavaScriptEnabled(boolean)"
    static let androidMediaGesture = "https://developer.android.com/reference/android/webkit/WebSettings#setMediaPlaybackRequiresUserGesture(boolean)"
    static let wkInlinePlayback = "https://developer.apple.com/documentation/webkit/wkwebviewconfiguration/allowsinlinemediaplayback"
    static let androidMixedContent = "https://developer.android.com/reference/android/webkit/WebSettings#setMixedContentMode(int)"
    static let androidOverrideUrl = "https://developer.android.com/reference/android/webkit/WebViewClient#shouldOverrideUrlLoading(android.webkit.WebView,%20android.webkit.WebResourceRequest)"
    static let androidPermissionRequest = "https://developer.android.com/reference/android/webkit/PermissionRequest"
    static let wkCreateWebView = "https://developer.apple.com/documentation/webkit/wkuidelegate/webview(_:createwebviewwith:for:windowfeatures:)"
    static let androidReceivedError = "https://developer.android.com/reference/android/webkit/WebViewClient#onReceivedError(android.webkit.WebView,%20android.webkit.WebResourceRequest,%20android.webkit.WebResourceError)"
    static let androidWebViewVersions = "https://developer.android.com/develop/ui/views/layout/webapps/webview"
    static let safariReleaseNotes = "https://developer.apple.com/documentation/safari-release-notes"
    // A write past the origin's quota throws QuotaExceededError; a zero quota refuses every write.
    static let storageQuota = "https://developer.mozilla.org/en-US/docs/Web/API/Storage_API/Storage_quotas_and_eviction_criteria"
    // "Forbids JavaScript from accessing the cookie, for example, through the Document.cookie property."
    static let httpOnlyCookie = "https://developer.mozilla.org/en-US/docs/Web/HTTP/Reference/Headers/Set-Cookie#httponly"
    static let cookieAcceptPolicy = "https://developer.apple.com/documentation/foundation/httpcookiestorage/cookieacceptpolicy"
    static let cookieEnabled = "https://developer.mozilla.org/en-US/docs/Web/API/Navigator/cookieEnabled"
    // Chrome: "Delete, allow and manage cookies", the per-site and third-party cookie settings.
    static let chromeThirdPartyCookies = "https://support.google.com/chrome/answer/95647"
    // "An origin is ... the scheme, host, and port of a URI" (RFC 6454 §4).
    static let rfc6454Origin = "https://www.rfc-editor.org/rfc/rfc6454#section-4"
    // WebResourceRequest has no body: a host that re-issues requests from shouldInterceptRequest sends them without one.
    static let androidInterceptRequest = "https://developer.android.com/reference/android/webkit/WebResourceRequest"
    static let androidFileChooserParams = "https://developer.android.com/reference/android/webkit/WebChromeClient.FileChooserParams#createIntent()"
    static let wkRunOpenPanel = "https://developer.apple.com/documentation/webkit/wkuidelegate/webview(_:runopenpanelwith:initiatedbyframe:completionhandler:)"
    // WebKit's findImagesForTranscoding: a picked image whose type the input's accept list
    // does not allow is transcoded (a HEIC photo to JPEG for accept="image/jpeg").
    static let heicConversion = "https://github.com/WebKit/WebKit/blob/c6e4bb5d32cc8364c1d0742ea16dc7a039b0276c/Source/WebCore/platform/graphics/cg/ImageUtilitiesCG.cpp"
    static let captureAttribute = "https://developer.mozilla.org/en-US/docs/Web/HTML/Reference/Attributes/capture"
    // A credentialed request with a non-simple method or header is preceded by an OPTIONS preflight.
    static let corsPreflight = "https://developer.mozilla.org/en-US/docs/Glossary/Preflight_request"
    // Passive content (images) may be upgraded or loaded; active content (fetch, scripts) is blocked.
    static let mixedContent = "https://developer.mozilla.org/en-US/docs/Web/Security/Mixed_content"
    static let offlineEvent = "https://developer.mozilla.org/en-US/docs/Web/API/Window/offline_event"
    // Android's own version comes with the device maker's system updates (Settings › System › Software updates).
    static let androidSystemUpdate = "https://support.google.com/android/answer/7680439"
    static let wkAllowsContentJavaScript = "https://developer.apple.com/documentation/webkit/wkwebpagepreferences/allowscontentjavascript"
    // "scripting is currently turned off in the browser": what <noscript> is shown for.
    static let noscriptElement = "https://developer.mozilla.org/en-US/docs/Web/HTML/Reference/Elements/noscript"
    // customUserAgent replaces the whole agent; applicationNameForUserAgent is appended to WebKit's.
    static let wkCustomUserAgent = "https://developer.apple.com/documentation/webkit/wkwebview/customuseragent"
    static let wkPreferredContentMode = "https://developer.apple.com/documentation/webkit/wkwebpagepreferences/preferredcontentmode"
    static let androidSetUserAgentString = "https://developer.android.com/reference/android/webkit/WebSettings#setUserAgentString(java.lang.String)"
    // Android System WebView's location providers: Google Play services' fused provider where
    // Play services are available, else LocationManager; both wait for updates and report no
    // error of their own when none comes.
    static let chromiumLocationProviderFactory = "https://github.com/chromium/chromium/blob/2e586724ada2b94a1bc89f2ec4b89f3d62cdf910/services/device/geolocation/android/java/src/org/chromium/device/geolocation/LocationProviderFactory.java#L33-L44"
    static let chromiumLocationProviderAndroid = "https://github.com/chromium/chromium/blob/098756533733ea50b2dcb1c40d9a9e18d49febbe/services/device/geolocation/android/java/src/org/chromium/device/geolocation/LocationProviderAndroid.java#L95-L168"
    static let w3cGeolocationTimeout = "https://www.w3.org/TR/geolocation/#timeout-attribute"
}
