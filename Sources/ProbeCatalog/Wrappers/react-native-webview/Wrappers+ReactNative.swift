/// react-native-webview: the vendor checklist has its own tab for it, and the catalog's
/// remedies declare its fixes (each remedy's `.reactNativeWebView` fix, the prop). What was read in its source is
/// react-native-webview.json beside this file.
extension WrapperCatalog {
    static let rnReference = "https://github.com/react-native-webview/react-native-webview/blob/master/docs/Reference.md"

    static let reactNativeFixes: [WrapperFix] = [
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
    ]
}
