/// The apps that configure WKWebView or android.webkit.WebView themselves: their defaults are
/// the platform's, and their fixes are the catalog's own Swift and Kotlin remedies
/// (`Remedy+Standard.swift`), not a second copy of them.
extension WrapperCatalog {
    static let wkUIDelegate = "https://developer.apple.com/documentation/webkit/wkuidelegate"
    static let wkConfiguration = "https://developer.apple.com/documentation/webkit/wkwebviewconfiguration"
    static let wkMediaTypes = "https://developer.apple.com/documentation/webkit/wkwebviewconfiguration/mediatypesrequiringuseractionforplayback"
    static let wkDataStore = "https://developer.apple.com/documentation/webkit/wkwebsitedatastore"
    static let wkOpenPanel = "https://developer.apple.com/documentation/webkit/wkuidelegate/webview(_:runopenpanelwith:initiatedbyframe:completionhandler:)"
    static let androidChromeClient = "https://developer.android.com/reference/android/webkit/WebChromeClient"
    static let androidSettings = "https://developer.android.com/reference/android/webkit/WebSettings"
    static let androidCookieManager = "https://developer.android.com/reference/android/webkit/CookieManager"

    static let nativeIOS = WrapperProfile(
        wrapper: .nativeIOS,
        minimumVersions: ["iOS 15 (WKUIDelegate media-capture decisions)", "iOS 14.5 (getUserMedia in WKWebView)"],
        home: wkConfiguration,
        defaults: [
            WrapperDefault(.cameraOrigin, family: .ios, "no requestMediaCapturePermissionFor: WebKit asks the person with its own prompt, for any origin", source: PlatformSource.wkMediaCaptureDelegate),
            WrapperDefault(.permissionHandler, family: .ios, "WebKit prompts each time (the app's camera permission comes first: NSCameraUsageDescription)", source: PlatformSource.wkMediaCaptureDelegate),
            WrapperDefault(.inlinePlayback, family: .ios, "allowsInlineMediaPlayback is false on iPhone (true on iPad)", source: PlatformSource.wkInlinePlayback, fails: [.mediaInline, .cameraFrames]),
            // -[WKWebViewConfiguration init]: .audio for apps linked on or after the iOS 10 SDK, .all
            // before; the probe's unmuted play() needs a tap under both.
            WrapperDefault(.autoplay, family: .ios, "mediaTypesRequiringUserActionForPlayback is .audio (apps built with the iOS 10 SDK or later; .all before): unmuted media needs a tap", source: webKitConfigurationInit, fails: [.mediaAutoplay]),
            WrapperDefault(.fileChooser, family: .ios, "WKWebView shows its own file panel; nothing to implement", source: wkOpenPanel),
            WrapperDefault(.storage, family: .ios, "WKWebsiteDataStore.default(): persistent", source: wkDataStore),
            WrapperDefault(.cookies, family: .ios, "first-party cookies kept; third-party cookies blocked by ITP whatever the app does", source: PlatformSource.webKitThirdPartyCookies),
        ],
        fixes: [
            native(.nativeIOS, .cameraOrigin, .strictOrigin, docs: PlatformSource.wkMediaCaptureDelegate),
            native(.nativeIOS, .permissionHandler, .cameraGrant, docs: PlatformSource.wkMediaCaptureDelegate),
            native(.nativeIOS, .inlinePlayback, .inlineMedia, docs: PlatformSource.wkInlinePlayback),
            native(.nativeIOS, .autoplay, .autoplay, docs: wkMediaTypes),
            native(.nativeIOS, .fileChooser, .fileChooser, docs: wkOpenPanel),
            native(.nativeIOS, .storage, .persistentDataStore, docs: wkDataStore),
            native(.nativeIOS, .cookies, .cookies, docs: wkDataStore),
        ],
        checklistTab: .ios, checklistMapping: [])

    static let nativeAndroid = WrapperProfile(
        wrapper: .nativeAndroid,
        minimumVersions: ["Android 5 (WebChromeClient.onPermissionRequest)", "Android System WebView current (Play Store)"],
        home: androidChromeClient,
        defaults: [
            WrapperDefault(.cameraOrigin, family: .android, "WebChromeClient.onPermissionRequest denies when not overridden", source: PlatformSource.androidOnPermissionRequest),
            WrapperDefault(.permissionHandler, family: .android, "no chrome client or no onPermissionRequest: every camera request is denied", source: PlatformSource.androidOnPermissionRequest, fails: [.cameraGetUserMedia]),
            WrapperDefault(.inlinePlayback, family: .android, "video plays inline", source: PlatformSource.androidMediaGesture),
            WrapperDefault(.autoplay, family: .android, "mediaPlaybackRequiresUserGesture is true", source: PlatformSource.androidMediaGesture, fails: [.mediaAutoplay]),
            WrapperDefault(.fileChooser, family: .android, "onShowFileChooser returns false: every file input is cancelled", source: PlatformSource.androidFileChooser, fails: [.fileAccept, .fileCancel]),
            WrapperDefault(.storage, family: .android, "domStorageEnabled is false: no localStorage", source: PlatformSource.androidDomStorage, fails: [.storageLocal]),
            WrapperDefault(.cookies, family: .android, "cookies accepted; third-party cookies refused (Android 5+)", source: PlatformSource.androidThirdPartyCookies, fails: [.cookieThirdParty]),
        ],
        fixes: [
            native(.nativeAndroid, .cameraOrigin, .strictOrigin, docs: PlatformSource.androidPermissionRequest),
            native(.nativeAndroid, .permissionHandler, .cameraGrant, docs: PlatformSource.androidOnPermissionRequest),
            native(.nativeAndroid, .inlinePlayback, .inlineMedia, docs: PlatformSource.androidMediaGesture),
            native(.nativeAndroid, .autoplay, .autoplay, docs: PlatformSource.androidMediaGesture),
            native(.nativeAndroid, .fileChooser, .fileChooser, docs: PlatformSource.androidFileChooser),
            native(.nativeAndroid, .storage, .domStorage, docs: PlatformSource.androidDomStorage),
            native(.nativeAndroid, .cookies, .thirdPartyCookies, docs: androidCookieManager),
        ],
        checklistTab: .android, checklistMapping: [])
}
