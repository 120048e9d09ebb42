/// An app that configures WKWebView itself: its defaults are the platform's (native-ios.json
/// beside this file), and its fixes are the catalog's own Swift remedies (each area's
/// `extension Remedy`), not a second copy of them.
extension WrapperCatalog {
    static let wkMediaTypes = "https://developer.apple.com/documentation/webkit/wkwebviewconfiguration/mediatypesrequiringuseractionforplayback"
    static let wkDataStore = "https://developer.apple.com/documentation/webkit/wkwebsitedatastore"
    static let wkOpenPanel = "https://developer.apple.com/documentation/webkit/wkuidelegate/webview(_:runopenpanelwith:initiatedbyframe:completionhandler:)"

    static let nativeIOSFixes: [WrapperFix] = [
        native(.nativeIOS, .cameraOrigin, .strictOrigin, docs: PlatformSource.wkMediaCaptureDelegate),
        native(.nativeIOS, .permissionHandler, .cameraGrant, docs: PlatformSource.wkMediaCaptureDelegate),
        native(.nativeIOS, .inlinePlayback, .inlineMedia, docs: PlatformSource.wkInlinePlayback),
        native(.nativeIOS, .autoplay, .autoplay, docs: wkMediaTypes),
        native(.nativeIOS, .fileChooser, .fileChooser, docs: wkOpenPanel),
        native(.nativeIOS, .storage, .persistentDataStore, docs: wkDataStore),
        native(.nativeIOS, .cookies, .cookies, docs: wkDataStore),
    ]
}
