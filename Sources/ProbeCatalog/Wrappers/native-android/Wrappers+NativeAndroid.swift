/// An app that configures android.webkit.WebView itself: its defaults are the platform's
/// (native-android.json beside this file), and its fixes are the catalog's own Kotlin
/// remedies (each area's `extension Remedy`), not a second copy of them.
extension WrapperCatalog {
    static let androidCookieManager = "https://developer.android.com/reference/android/webkit/CookieManager"

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
