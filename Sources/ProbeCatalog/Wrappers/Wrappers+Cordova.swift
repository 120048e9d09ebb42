/// Apache Cordova: cordova-android's SystemWebChromeClient, cordova-ios's config.xml
/// preferences, and cordova-plugin-inappbrowser's own WebView.
extension WrapperCatalog {
    /// onPermissionRequest: `request.grant(request.getResources())` for any origin (15.0.0 and
    /// earlier grant without asking for CAMERA; master asks first, then grants the same way).
    static let cordovaChromeClient = "https://github.com/apache/cordova-android/blob/rel/15.0.0/framework/src/org/apache/cordova/engine/SystemWebChromeClient.java#L326-L329"
    /// initWebViewSettings: setMediaPlaybackRequiresUserGesture(false), setDomStorageEnabled(true).
    static let cordovaEngine = "https://github.com/apache/cordova-android/blob/rel/15.0.0/framework/src/org/apache/cordova/engine/SystemWebViewEngine.java#L171-L176"
    /// setAcceptThirdPartyCookies(webView, true) in the constructor.
    static let cordovaCookies = "https://github.com/apache/cordova-android/blob/rel/15.0.0/framework/src/org/apache/cordova/engine/SystemCookieManager.java#L36"
    /// AllowInlineMediaPlayback (default NO) and MediaTypesRequiringUserActionForPlayback (all when unset or invalid).
    static let cordovaIOSEngine = "https://github.com/apache/cordova-ios/blob/rel/8.1.0/CordovaLib/Classes/Private/Plugins/CDVWebViewEngine/CDVWebViewEngine.m#L96-L114"
    /// MediaPermissionGrantType: grantIfSameHostElsePrompt by default, compares the host only.
    static let cordovaIOSUIDelegate = "https://github.com/apache/cordova-ios/blob/rel/8.1.0/CordovaLib/Classes/Private/Plugins/CDVWebViewEngine/CDVWebViewUIDelegate.m#L162-L186"
    /// InAppChromeClient.onPermissionRequest: `request.grant(request.getResources())`.
    static let inAppBrowserChromeClient = "https://github.com/apache/cordova-plugin-inappbrowser/blob/rel/6.0.0/src/android/InAppChromeClient.java#L50-L54"
    static let cordovaConfigXML = "https://cordova.apache.org/docs/en/latest/config_ref/"

    static let cordova = WrapperProfile(
        wrapper: .cordova,
        minimumVersions: ["cordova-android 12+", "cordova-ios 8+ (MediaPermissionGrantType)", "cordova-plugin-inappbrowser 6+"],
        home: "https://cordova.apache.org/docs/en/latest/",
        defaults: [
            WrapperDefault(.cameraOrigin, family: .android, "SystemWebChromeClient.onPermissionRequest grants every requested resource to every origin (InAppBrowser's InAppChromeClient does the same)", source: cordovaChromeClient, fails: [.cameraForeignOrigin, .cameraScope]),
            WrapperDefault(.cameraOrigin, family: .ios, "MediaPermissionGrantType grantIfSameHostElsePrompt: grants when the host matches the page's, whatever the scheme or port", source: cordovaIOSUIDelegate, fails: [.cameraForeignOrigin]),
            WrapperDefault(.permissionHandler, family: .android, "cordova-android 15.0.0 and earlier grant without requesting CAMERA: the page gets NotReadableError until the app asks", source: PlatformSource.cordovaGrantWithoutRuntime, fails: [.cameraGetUserMedia]),
            WrapperDefault(.permissionHandler, family: .ios, "grants the page's own host without a prompt (iOS 15+)", source: cordovaIOSUIDelegate),
            WrapperDefault(.inlinePlayback, family: .ios, "AllowInlineMediaPlayback is false: video goes fullscreen, the camera preview stays black", source: cordovaIOSEngine, fails: [.mediaInline, .cameraFrames]),
            // A CLI build merges the platform's defaults.xml (value "none") into config.xml: autoplay
            // works by default, so this default fails nothing by itself (cordova-ios 7.1.1 and 8.1.0).
            WrapperDefault(.autoplay, family: .ios, "MediaTypesRequiringUserActionForPlayback is \"none\" in a CLI build (the platform's defaults.xml); \"all\" only when the merged config.xml lacks it or holds an invalid value such as the template's \"false\"", source: cdvI8 + "templates/cordova/defaults.xml#L29"),
            WrapperDefault(.autoplay, family: .android, "mediaPlaybackRequiresUserGesture false", source: cordovaEngine),
            WrapperDefault(.fileChooser, family: .android, "SystemWebChromeClient.onShowFileChooser opens a chooser (and the camera for capture)", source: cordovaChromeClient),
            WrapperDefault(.storage, family: .android, "DOM storage and the database on", source: cordovaEngine),
            WrapperDefault(.cookies, family: .android, "third-party cookies accepted (SystemCookieManager)", source: cordovaCookies),
        ],
        fixes: [
            WrapperFix(.cordova, .cameraOrigin, family: .android, language: "Java", docs: "https://cordova.apache.org/docs/en/latest/guide/platforms/android/", code: """
                // platforms/android/app/src/main/java/com/example/app/MainActivity.java
                package com.example.app;

                import android.Manifest;
                import android.content.pm.PackageManager;
                import android.net.Uri;
                import android.os.Bundle;
                import android.webkit.PermissionRequest;
                import androidx.core.content.ContextCompat;
                import java.util.Arrays;
                import org.apache.cordova.CordovaActivity;
                import org.apache.cordova.engine.SystemWebChromeClient;
                import org.apache.cordova.engine.SystemWebView;
                import org.apache.cordova.engine.SystemWebViewEngine;

                public class MainActivity extends CordovaActivity {
                    // SystemWebChromeClient grants every resource to every origin: grant the camera to your origin only.
                    static class OwnOriginChromeClient extends SystemWebChromeClient {
                        private final SystemWebViewEngine engine;
                        OwnOriginChromeClient(SystemWebViewEngine engine) { super(engine); this.engine = engine; }

                        @Override
                        public void onPermissionRequest(final PermissionRequest request) {
                            Uri origin = request.getOrigin();
                            int port = origin.getPort() == -1 ? 443 : origin.getPort();
                            boolean own = "https".equals(origin.getScheme()) && "id.example.com".equals(origin.getHost()) && port == 443;
                            boolean camera = Arrays.asList(request.getResources()).contains(PermissionRequest.RESOURCE_VIDEO_CAPTURE);
                            boolean held = ContextCompat.checkSelfPermission(engine.getView().getContext(), Manifest.permission.CAMERA)
                                == PackageManager.PERMISSION_GRANTED;
                            if (own && camera && held) {
                                request.grant(new String[] { PermissionRequest.RESOURCE_VIDEO_CAPTURE });
                            } else {
                                request.deny(); // request CAMERA (cordova-plugin-android-permissions) before opening the page
                            }
                        }
                    }

                    @Override
                    public void onCreate(Bundle savedInstanceState) {
                        super.onCreate(savedInstanceState);
                        loadUrl(launchUrl);
                        SystemWebViewEngine engine = (SystemWebViewEngine) appView.getEngine();
                        ((SystemWebView) engine.getView()).setWebChromeClient(new OwnOriginChromeClient(engine));
                    }
                }
                """),
            WrapperFix(.cordova, .cameraOrigin, family: .ios, language: "XML (config.xml)", docs: cordovaConfigXML, code: """
                <!-- config.xml: deny instead of prompting other hosts (cordova-ios compares the host only,
                     so serve nothing else from that host on another port or scheme) -->
                <platform name="ios">
                    <preference name="MediaPermissionGrantType" value="grantIfSameHostElseDeny" />
                </platform>
                """),
            WrapperFix(.cordova, .permissionHandler, family: .android, language: "JavaScript", docs: "https://github.com/NeoLSN/cordova-plugin-android-permissions#readme", code: """
                // cordova plugin add cordova-plugin-android-permissions
                // then, on deviceready and before opening the verification page:
                document.addEventListener('deviceready', () => {
                  const permissions = cordova.plugins.permissions;
                  permissions.requestPermission(permissions.CAMERA, (status) => {
                    if (!status.hasPermission) { /* explain, and offer the app's settings */ }
                  }, () => { /* the request failed: explain */ });
                });
                // config.xml, inside <platform name="android">:
                // <config-file target="AndroidManifest.xml" parent="/manifest">
                //     <uses-permission android:name="android.permission.CAMERA" />
                // </config-file>
                """),
            WrapperFix(.cordova, .inlinePlayback, family: .ios, language: "XML (config.xml)", docs: cordovaConfigXML, code: """
                <!-- config.xml -->
                <platform name="ios">
                    <preference name="AllowInlineMediaPlayback" value="true" />
                </platform>
                """),
            WrapperFix(.cordova, .autoplay, family: .ios, language: "XML (config.xml)", docs: cordovaConfigXML, code: """
                <!-- config.xml -->
                <platform name="ios">
                    <preference name="AllowInlineMediaPlayback" value="true" />
                    <preference name="MediaTypesRequiringUserActionForPlayback" value="none" />
                </platform>
                """),
            WrapperFix(.cordova, .fileChooser, family: .android, language: "Java", docs: cordovaChromeClient, code: """
                // SystemWebChromeClient already answers file inputs: a chrome client of your own must extend it
                // (as OwnOriginChromeClient does), not android.webkit.WebChromeClient.
                static class OwnOriginChromeClient extends org.apache.cordova.engine.SystemWebChromeClient {
                    OwnOriginChromeClient(org.apache.cordova.engine.SystemWebViewEngine engine) { super(engine); }
                }
                """),
            WrapperFix(.cordova, .storage, language: "XML (config.xml)", docs: cordovaConfigXML, code: """
                <!-- config.xml: a fixed scheme and host keep the page's origin, and its storage, across updates -->
                <preference name="scheme" value="app" />
                <preference name="hostname" value="localhost" />
                """),
            WrapperFix(.cordova, .cookies, language: "none", docs: cordovaCookies, code: """
                Nothing to add on Android: SystemCookieManager accepts third-party cookies. On iOS WKWebView blocks
                them whatever the app sets (ITP): serve every step of the flow from the page's own site.
                """),
        ],
        checklistTab: nil,
        checklistMapping: [
            WrapperChecklistMapping("android.onPermissionRequest", "SystemWebChromeClient.onPermissionRequest (grants every origin: subclass it)"),
            WrapperChecklistMapping("android.runtime.camera", "cordova-plugin-android-permissions requestPermission(CAMERA)"),
            WrapperChecklistMapping("android.manifest.camera", "config.xml <config-file target=\"AndroidManifest.xml\"> uses-permission CAMERA"),
            WrapperChecklistMapping("android.onShowFileChooser", "SystemWebChromeClient.onShowFileChooser (built in)"),
            WrapperChecklistMapping("ios.mediaCaptureHandler", "config.xml MediaPermissionGrantType"),
            WrapperChecklistMapping("ios.plist.camera", "config.xml <edit-config target=\"NSCameraUsageDescription\">"),
            WrapperChecklistMapping("ios.fileInput", "WKWebView's own file panel (CDVWebViewUIDelegate)"),
        ])
}
