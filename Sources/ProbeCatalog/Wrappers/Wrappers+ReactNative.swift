/// react-native-webview: the vendor checklist has its own tab for it, and the catalog's
/// `Remedy.reactNative` lines are its fixes.
extension WrapperCatalog {
    static let rnReference = "https://github.com/react-native-webview/react-native-webview/blob/master/docs/Reference.md"
    /// RNCWebChromeClient.onPermissionRequest: asks for CAMERA/RECORD_AUDIO and grants the
    /// requested resources to whatever origin asked; mediaCapturePermissionGrantType is iOS only.
    static let rnChromeClient = "https://github.com/react-native-webview/react-native-webview/blob/v16.0.0/android/src/main/java/com/reactnativecommunity/webview/RNCWebChromeClient.java#L142-L190"
    /// RNCWebViewImpl.m: `_mediaCapturePermissionGrantType = RNCWebViewPermissionGrantType_Prompt`.
    static let rnImpl = "https://github.com/react-native-webview/react-native-webview/blob/v16.0.0/apple/RNCWebViewImpl.m#L1260-L1279"

    static let reactNative = WrapperProfile(
        wrapper: .reactNativeWebView,
        minimumVersions: ["react-native-webview 13.x+", "iOS 15 for mediaCapturePermissionGrantType"],
        home: rnReference,
        defaults: [
            WrapperDefault(.cameraOrigin, family: .android, "RNCWebChromeClient asks for the CAMERA permission, then grants the requested resources to any origin; mediaCapturePermissionGrantType has no effect on Android", source: rnChromeClient, fails: [.cameraForeignOrigin, .cameraScope]),
            WrapperDefault(.cameraOrigin, family: .ios, "mediaCapturePermissionGrantType defaults to \"prompt\": WebKit asks the person for every origin", source: rnImpl),
            WrapperDefault(.permissionHandler, family: .android, "the chrome client requests CAMERA at run time itself; the manifest must declare it", source: rnChromeClient),
            WrapperDefault(.permissionHandler, family: .ios, "prompt each time (mediaCapturePermissionGrantType \"prompt\")", source: rnImpl),
            WrapperDefault(.inlinePlayback, family: .ios, "allowsInlineMediaPlayback is false", source: rn16 + "src/RNCWebViewNativeComponent.ts#L169", fails: [.mediaInline, .cameraFrames]),
            WrapperDefault(.autoplay, "mediaPlaybackRequiresUserAction is true", source: rn16 + "src/RNCWebViewNativeComponent.ts#L247", fails: [.mediaAutoplay]),
            WrapperDefault(.fileChooser, family: .android, "the chrome client opens a chooser for file inputs (allowFileAccess is for file:// URLs)", source: rn16 + rnAndroid + "RNCWebChromeClient.java#L316-L322"),
            WrapperDefault(.storage, "domStorageEnabled is true (Android); incognito off", source: rn16 + rnAndroid + "RNCWebViewManager.kt#L108"),
            WrapperDefault(.cookies, family: .android, "thirdPartyCookiesEnabled is true (Android); sharedCookiesEnabled false (iOS)", source: rn16 + "src/RNCWebViewNativeComponent.ts#L161"),
        ],
        fixes: [
            WrapperFix(.reactNativeWebView, .cameraOrigin, family: .ios, language: "JSX", docs: PlatformSource.rnMediaCaptureGrantType, code: """
                <WebView
                  source={{ uri: 'https://id.example.com/start' }}
                  mediaCapturePermissionGrantType="grantIfSameHostElseDeny"
                  originWhitelist={['https://id.example.com']}
                />
                """),
            // mediaCapturePermissionGrantType is read on iOS only (RNCWebViewImpl.m); on Android
            // the grant is RNCWebChromeClient's, so the origin check is a patch of that class.
            WrapperFix(.reactNativeWebView, .cameraOrigin, family: .android, language: "Java (patch-package)", docs: "https://github.com/ds300/patch-package#readme", code: """
                // node_modules/react-native-webview/android/src/main/java/com/reactnativecommunity/webview/RNCWebChromeClient.java
                // replace onPermissionRequest, then keep the change: npx patch-package react-native-webview
                @Override
                public void onPermissionRequest(final PermissionRequest request) {
                    android.net.Uri origin = request.getOrigin();
                    int port = origin.getPort() == -1 ? 443 : origin.getPort();
                    boolean own = "https".equals(origin.getScheme()) && "id.example.com".equals(origin.getHost()) && port == 443;
                    boolean camera = java.util.Arrays.asList(request.getResources()).contains(PermissionRequest.RESOURCE_VIDEO_CAPTURE);
                    boolean held = ContextCompat.checkSelfPermission(mWebView.getThemedReactContext(), Manifest.permission.CAMERA)
                        == PackageManager.PERMISSION_GRANTED;
                    if (own && camera && held) {
                        request.grant(new String[] { PermissionRequest.RESOURCE_VIDEO_CAPTURE });
                    } else {
                        request.deny(); // ask for CAMERA (PermissionsAndroid.request) before rendering the WebView
                    }
                }
                """),
            native(.reactNativeWebView, .permissionHandler, .cameraGrant, docs: PlatformSource.rnMediaCaptureGrantType),
            native(.reactNativeWebView, .inlinePlayback, .inlineMedia, docs: rnReference + "#allowsinlinemediaplayback"),
            native(.reactNativeWebView, .autoplay, .autoplay, docs: rnReference + "#mediaplaybackrequiresuseraction"),
            native(.reactNativeWebView, .fileChooser, .fileChooser, docs: rnReference + "#allowfileaccess"),
            native(.reactNativeWebView, .storage, .domStorage, docs: rnReference + "#domstorageenabled"),
            native(.reactNativeWebView, .cookies, .thirdPartyCookies, docs: rnReference + "#thirdpartycookiesenabled"),
        ],
        checklistTab: .reactNative, checklistMapping: [])
}
