/// The apps that configure WKWebView or android.webkit.WebView themselves: their defaults are
/// the platform's (Data/native-ios.json, Data/native-android.json), and their fixes are the
/// catalog's own Swift and Kotlin remedies (each area's `extension Remedy`), not a second copy of them.
extension WrapperCatalog {
    static let wkMediaTypes = "https://developer.apple.com/documentation/webkit/wkwebviewconfiguration/mediatypesrequiringuseractionforplayback"
    static let wkDataStore = "https://developer.apple.com/documentation/webkit/wkwebsitedatastore"
    static let wkOpenPanel = "https://developer.apple.com/documentation/webkit/wkuidelegate/webview(_:runopenpanelwith:initiatedbyframe:completionhandler:)"
    static let androidCookieManager = "https://developer.android.com/reference/android/webkit/CookieManager"

    static let nativeIOSFixes: [WrapperFix] = [
        native(.nativeIOS, .cameraOrigin, .strictOrigin, docs: PlatformSource.wkMediaCaptureDelegate),
        native(.nativeIOS, .permissionHandler, .cameraGrant, docs: PlatformSource.wkMediaCaptureDelegate),
        native(.nativeIOS, .inlinePlayback, .inlineMedia, docs: PlatformSource.wkInlinePlayback),
        native(.nativeIOS, .autoplay, .autoplay, docs: wkMediaTypes),
        native(.nativeIOS, .fileChooser, .fileChooser, docs: wkOpenPanel),
        native(.nativeIOS, .storage, .persistentDataStore, docs: wkDataStore),
        native(.nativeIOS, .cookies, .cookies, docs: wkDataStore),
    ]

    static let nativeAndroidFixes: [WrapperFix] = [
        native(.nativeAndroid, .cameraOrigin, .strictOrigin, docs: PlatformSource.androidPermissionRequest),
        native(.nativeAndroid, .permissionHandler, .cameraGrant, docs: PlatformSource.androidOnPermissionRequest),
        native(.nativeAndroid, .inlinePlayback, .inlineMedia, docs: PlatformSource.androidMediaGesture),
        native(.nativeAndroid, .autoplay, .autoplay, docs: PlatformSource.androidMediaGesture),
        native(.nativeAndroid, .fileChooser, .fileChooser, docs: PlatformSource.androidFileChooser),
        native(.nativeAndroid, .storage, .domStorage, docs: PlatformSource.androidDomStorage),
        native(.nativeAndroid, .cookies, .thirdPartyCookies, docs: androidCookieManager),
    ]
}
